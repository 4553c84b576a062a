# Install layout and the Debian package (CPack DEB). Included from the top-level CMakeLists.txt
# when EPOCHSCOPE_PACKAGING is on; scripts/build-deb.sh builds the package and docs/packaging.md
# says what goes where.
#
# The icons' PNG sizes and the man pages are generated at build time (rsvg-convert, help2man),
# so that they never drift from the SVG and from the programs' --help. Without those tools the
# build stays usable and only the package is off: a developer box without them loses nothing.

include(GNUInstallDirs)

# The package is the desktop app with its CLI; a headless build installs the CLI alone
# (app/CMakeLists.txt).
if(NOT TARGET epochscope)
  message(STATUS "EpochScope: no Debian package without the desktop app (EPOCHSCOPE_BUILD_GUI=OFF)")
  return()
endif()

set(EPOCHSCOPE_INSTALLER_DIR "${PROJECT_SOURCE_DIR}/installer")
# The AppStream id; the .desktop file keeps the program's name because that is what Qt reports
# as the window's app id (Wayland) and WM_CLASS (X11), which is how shells match the window to
# the menu entry and its icon.
set(EPOCHSCOPE_APPSTREAM_ID "io.github.epochscope")

# --- Files installed as they are ------------------------------------------------------------------

# The presets are compiled into the engine (engine/CMakeLists.txt); the same JSON files are
# installed as examples to copy and edit for --config, not read by the programs.
file(GLOB EPOCHSCOPE_INSTALL_PRESETS CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/resources/presets/*.json")
install(FILES ${EPOCHSCOPE_INSTALL_PRESETS}
        DESTINATION "${CMAKE_INSTALL_DATADIR}/epochscope/presets")

install(FILES "${EPOCHSCOPE_INSTALLER_DIR}/epochscope.desktop"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
install(FILES "${EPOCHSCOPE_INSTALLER_DIR}/${EPOCHSCOPE_APPSTREAM_ID}.metainfo.xml"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
install(FILES "${EPOCHSCOPE_INSTALLER_DIR}/epochscope.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")

install(FILES "${EPOCHSCOPE_INSTALLER_DIR}/lintian-overrides"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/lintian/overrides" RENAME epochscope)

# The documentation keeps the repository's layout, so README's links and the CLI's
# "docs/cli.md" pointers resolve under /usr/share/doc/epochscope.
set(EPOCHSCOPE_DOC_DIR "${CMAKE_INSTALL_DATADIR}/doc/epochscope")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${EPOCHSCOPE_DOC_DIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${EPOCHSCOPE_DOC_DIR}/docs"
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")

# --- Generated files ------------------------------------------------------------------------------

find_program(EPOCHSCOPE_RSVG_CONVERT rsvg-convert)
find_program(EPOCHSCOPE_HELP2MAN help2man)
find_program(EPOCHSCOPE_GZIP gzip)
set(_epochscope_missing_tools "")
foreach(_tool IN ITEMS RSVG_CONVERT HELP2MAN GZIP)
  if(NOT EPOCHSCOPE_${_tool})
    string(TOLOWER "${_tool}" _name)
    string(REPLACE "_" "-" _name "${_name}")
    list(APPEND _epochscope_missing_tools "${_name}")
  endif()
endforeach()
if(_epochscope_missing_tools)
  list(JOIN _epochscope_missing_tools ", " _missing)
  message(STATUS "EpochScope: no Debian package from this build: ${_missing} not found "
                 "(scripts/bootstrap-debian.sh installs them)")
  return()
endif()

set(EPOCHSCOPE_DEB_MAINTAINER "EpochScope maintainers <maintainers@epochscope.invalid>"
    CACHE STRING
    "The Maintainer field of the Debian package (Name <address>); set a real address to publish")

set(_generated "${PROJECT_BINARY_DIR}/installer")
set(_package_files "")

# The icon sizes desktop shells and the AppStream tools look for in the hicolor theme.
set(EPOCHSCOPE_ICON_SIZES 16 32 48 64 128 256)
foreach(_size IN LISTS EPOCHSCOPE_ICON_SIZES)
  set(_png "${_generated}/icons/${_size}x${_size}/epochscope.png")
  add_custom_command(
    OUTPUT "${_png}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_generated}/icons/${_size}x${_size}"
    COMMAND "${EPOCHSCOPE_RSVG_CONVERT}" --width ${_size} --height ${_size} --keep-aspect-ratio
            --output "${_png}" "${EPOCHSCOPE_INSTALLER_DIR}/epochscope.svg"
    DEPENDS "${EPOCHSCOPE_INSTALLER_DIR}/epochscope.svg"
    COMMENT "Rendering the ${_size}x${_size} icon"
    VERBATIM)
  install(FILES "${_png}"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${_size}x${_size}/apps")
  list(APPEND _package_files "${_png}")
endforeach()

# Man pages from the programs' own --help and --version, plus the hand-written sections of the
# .h2m files. The GUI builds its help text after QApplication exists, hence offscreen.
foreach(_program IN ITEMS epochscope-cli epochscope)
  set(_man "${_generated}/man/${_program}.1.gz")
  # epochscope-cli is a launcher that runs epochscope-cli-engine (app/CMakeLists.txt): the help
  # is that program's, and the page follows it.
  set(_depends ${_program})
  if(TARGET ${_program}-engine)
    list(APPEND _depends ${_program}-engine)
  endif()
  add_custom_command(
    OUTPUT "${_man}"
    COMMAND ${CMAKE_COMMAND}
            -DPROGRAM=$<TARGET_FILE:${_program}>
            -DNAME=${_program}
            -DINCLUDE=${EPOCHSCOPE_INSTALLER_DIR}/${_program}.h2m
            -DOUTPUT=${_man}
            -DHELP2MAN=${EPOCHSCOPE_HELP2MAN}
            -DGZIP=${EPOCHSCOPE_GZIP}
            -P "${EPOCHSCOPE_INSTALLER_DIR}/manpage.cmake"
    DEPENDS ${_depends} "${EPOCHSCOPE_INSTALLER_DIR}/${_program}.h2m"
            "${EPOCHSCOPE_INSTALLER_DIR}/manpage.cmake"
    COMMENT "Writing the ${_program}(1) man page"
    VERBATIM)
  install(FILES "${_man}" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
  list(APPEND _package_files "${_man}")
endforeach()

# Debian wants the changelog compressed without a name or time stamp (gzip -n), so that the
# package is the same whenever it is built.
set(_changelog "${_generated}/doc/changelog.Debian")
add_custom_command(
  OUTPUT "${_changelog}.gz"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_generated}/doc"
  COMMAND ${CMAKE_COMMAND} -E copy "${EPOCHSCOPE_INSTALLER_DIR}/changelog" "${_changelog}"
  COMMAND "${EPOCHSCOPE_GZIP}" -9nf "${_changelog}"
  DEPENDS "${EPOCHSCOPE_INSTALLER_DIR}/changelog"
  COMMENT "Compressing the Debian changelog"
  VERBATIM)
install(FILES "${_changelog}.gz" DESTINATION "${EPOCHSCOPE_DOC_DIR}")
list(APPEND _package_files "${_changelog}.gz")

# Debian's machine-readable copyright file, written from LICENSE so that the two never differ.
file(STRINGS "${PROJECT_SOURCE_DIR}/LICENSE" _license_lines)
list(POP_FRONT _license_lines _license_title)
if(NOT _license_title STREQUAL "MIT License")
  message(FATAL_ERROR "installer/packaging.cmake writes the copyright file for the MIT license; "
                      "LICENSE now starts with \"${_license_title}\"")
endif()
set(_holders "")
set(_license_text "")
foreach(_line IN LISTS _license_lines)
  if(_line MATCHES "^Copyright \\(c\\) (.+)$")
    set(_holders "${CMAKE_MATCH_1}")
  elseif(_holders AND (_license_text OR _line))
    # Policy 5.6.13 continuation lines: a space before each, " ." for an empty one.
    if(_line)
      string(APPEND _license_text " ${_line}\n")
    else()
      string(APPEND _license_text " .\n")
    endif()
  endif()
endforeach()
string(REGEX REPLACE "( \\.\n)+$" "" _license_text "${_license_text}")
file(CONFIGURE OUTPUT "${_generated}/doc/copyright" @ONLY CONTENT [=[
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: EpochScope
Upstream-Contact: @EPOCHSCOPE_DEB_MAINTAINER@

Files: *
Copyright: @_holders@
License: Expat

License: Expat
@_license_text@]=])
install(FILES "${_generated}/doc/copyright" DESTINATION "${EPOCHSCOPE_DOC_DIR}")

add_custom_target(epochscope_package_files ALL DEPENDS ${_package_files})

# `cpack` and `cmake --install` install what is built instead of first building every test and
# benchmark of the tree (25 minutes from scratch on 2 cores); scripts/build-deb.sh builds the
# targets the package holds.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# --- The Debian package ---------------------------------------------------------------------------

set(EPOCHSCOPE_DEB_RELEASE "1" CACHE STRING
    "The Debian revision of the package; installer/changelog's first entry must name it")

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "epochscope")
set(CPACK_PACKAGE_VENDOR "The EpochScope authors")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/deb")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "train LSTM models and find out why training is slow")
# Extended description lines stay under 80 columns (Debian policy 5.6.13).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION [=[
EpochScope is a desktop workbench for training recurrent models by point and
click and for finding out why a training run is slow. Every training step is
split into its phases (data wait, host-to-device copy, forward, backward,
optimizer, callbacks) and shown live; a diagnosis names the cause with its
evidence and a configuration fix, and what-if experiments measure the fix.

The package holds the Qt desktop app (epochscope) and the same engine
without a window (epochscope-cli) for headless servers. Training runs on
LibTorch; the fused oneDNN LSTM backend and OpenBLAS make it fast on CPUs.]=])
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${EPOCHSCOPE_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_RELEASE "${EPOCHSCOPE_DEB_RELEASE}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_COMPRESSION_TYPE "xz")
# dpkg-shlibdeps turns the libraries the programs link (LibTorch, Qt, oneDNN, ...) into
# versioned Depends from Debian's own shlibs files.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What the linker cannot see. Debian's LibTorch links libblas.so.3, which is the reference
# BLAS (about 10x slower per LSTM step) unless an optimized one provides it; the OpenMP build
# shares LibTorch's OpenMP threads instead of starting a second pool. The xcb and offscreen
# Qt platform plugins come with libqt6gui6, which shlibdeps already adds.
# `profile`'s probe is a Python package in dist-packages, run by the user's own python3.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libopenblas0-openmp | libopenblas0-pthread, python3")
# Fonts for the windows and the report charts (pango); native Wayland windows instead of
# XWayland; the malloc libraries the engine loads at run time (engine/train/allocator.cpp) so
# that "device.allocator": "auto" can measure and pick them; without them it uses glibc's.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "fonts-dejavu-core, qt6-wayland, libjemalloc2, libtcmalloc-minimal4")
set(CPACK_STRIP_FILES ON)
# Directories 0755 whatever the umask of the machine that packs; files get 0644 and programs
# 0755 from their install() rules.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Read by installer/cpack-checks.cmake when cpack runs.
set(CPACK_EPOCHSCOPE_INSTALLER_DIR "${EPOCHSCOPE_INSTALLER_DIR}")
set(CPACK_EPOCHSCOPE_APPSTREAM_ID "${EPOCHSCOPE_APPSTREAM_ID}")
set(CPACK_PROJECT_CONFIG_FILE "${EPOCHSCOPE_INSTALLER_DIR}/cpack-checks.cmake")
# Only the binary package: a source tarball of a build tree is never what anyone wants.
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
