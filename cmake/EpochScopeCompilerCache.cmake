# Use ccache when it is installed: the LibTorch translation units cost ~40 s each on 2 cores.
# Precompiled headers are only cache hits when ccache ignores their timestamps, hence the
# sloppiness settings passed through `cmake -E env` at compile time.
# A clone in another folder (CI's) finds the objects another checkout built: CCACHE_BASEDIR
# makes the paths under the source tree relative in what ccache hashes, and CCACHE_NOHASHDIR
# leaves the working directory (which -g would add) out of the hash.
find_program(EPOCHSCOPE_CCACHE ccache)
if(EPOCHSCOPE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER
      "${CMAKE_COMMAND};-E;env;CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime;CCACHE_BASEDIR=${CMAKE_SOURCE_DIR};CCACHE_NOHASHDIR=1;${EPOCHSCOPE_CCACHE}")
  message(STATUS "EpochScope: compiling through ${EPOCHSCOPE_CCACHE}")
endif()
