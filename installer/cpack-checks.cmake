# CPACK_PROJECT_CONFIG_FILE: runs when cpack starts, before anything is packed. The Debian
# changelog and the AppStream releases are written by hand; a package whose version they do
# not name would tell users and software centres the wrong story, so cpack stops here.

set(_deb_version "${CPACK_PACKAGE_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}")

file(STRINGS "${CPACK_EPOCHSCOPE_INSTALLER_DIR}/changelog" _first LIMIT_COUNT 1)
if(NOT _first MATCHES "^epochscope \\(([^)]+)\\) ")
  message(FATAL_ERROR "installer/changelog: the first line is not a Debian changelog entry "
                      "for epochscope: \"${_first}\"")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL _deb_version)
  message(FATAL_ERROR "installer/changelog's newest entry is ${CMAKE_MATCH_1}, the package is "
                      "${_deb_version}: add an entry for it (dch -v ${_deb_version})")
endif()

file(READ "${CPACK_EPOCHSCOPE_INSTALLER_DIR}/${CPACK_EPOCHSCOPE_APPSTREAM_ID}.metainfo.xml"
     _metainfo)
if(NOT _metainfo MATCHES "<release version=\"([^\"]+)\"")
  message(FATAL_ERROR "installer/${CPACK_EPOCHSCOPE_APPSTREAM_ID}.metainfo.xml has no <release>")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL CPACK_PACKAGE_VERSION)
  message(FATAL_ERROR "installer/${CPACK_EPOCHSCOPE_APPSTREAM_ID}.metainfo.xml's newest release "
                      "is ${CMAKE_MATCH_1}, the project is ${CPACK_PACKAGE_VERSION}: add a "
                      "<release> for it (newest first)")
endif()
