# Link with mold when it is installed (the bootstrap installs it): the build links about a
# hundred programs against LibTorch and Qt, about 5 s each with GNU ld on two cores and a
# fraction of that with mold. GCC understands -fuse-ld=mold from 12.1, clang from 12.
# EPOCHSCOPE_USE_MOLD=OFF keeps the compiler's default linker.
option(EPOCHSCOPE_USE_MOLD "Link with mold when it is installed" ON)
find_program(EPOCHSCOPE_MOLD mold)
if(EPOCHSCOPE_USE_MOLD AND EPOCHSCOPE_MOLD)
  if((CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12.1)
     OR (CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12))
    add_link_options(-fuse-ld=mold)
    message(STATUS "EpochScope: linking with ${EPOCHSCOPE_MOLD}")
  endif()
endif()
