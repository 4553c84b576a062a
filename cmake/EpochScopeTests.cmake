# epochscope_add_test(<name> <sources>...): a Qt Test executable registered with ctest.

# Each test links most of the static engine, and with -g ~110 MB of DWARF: the ninety-odd tests
# filled 8 GB of a RelWithDebInfo build (and a CI machine's disk) with debug information that
# only someone stepping through a test in gdb reads. They link without it (3 MB each; symbols
# stay, so backtraces still name functions); ON keeps it.
option(EPOCHSCOPE_TEST_DEBUG_INFO "Keep debug information in the test executables" OFF)

# The test sources that use LibTorch themselves (~40 s each on two cores without a
# precompiled header) share one precompiled <torch/torch.h>, built once for all of them on a
# small library with the tests' own flags (the engine's PCH has the engine's).
if(EPOCHSCOPE_USE_PCH AND NOT TARGET epochscope_test_torch_pch)
  add_library(epochscope_test_torch_pch STATIC "${PROJECT_SOURCE_DIR}/tests/support/torchpch.cpp")
  target_link_libraries(epochscope_test_torch_pch PRIVATE epochscope_engine Qt6::Core Qt6::Test torch)
  epochscope_set_warnings(epochscope_test_torch_pch)
  # In quotes, as the engine's: a clone in another folder precompiles the same bytes, and
  # ccache finds them (engine/CMakeLists.txt).
  target_precompile_headers(epochscope_test_torch_pch
    PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:\"engine/pch/torchpch.h\">")
endif()

# Whether one of `sources` includes LibTorch, directly or through an engine *_torch.h header.
function(epochscope_sources_use_torch result)
  set(${result} FALSE PARENT_SCOPE)
  foreach(source IN LISTS ARGN)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(EXISTS "${path}")
      file(STRINGS "${path}" includes REGEX "^#include [<\"](torch/|.*_torch\\.h)")
      if(includes)
        set(${result} TRUE PARENT_SCOPE)
        return()
      endif()
    endif()
  endforeach()
endfunction()

function(epochscope_add_test name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE epochscope_engine Qt6::Core Qt6::Test)
  # Tests may use LibTorch directly to check the engine's tensors.
  target_link_libraries(${name} PRIVATE torch)
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  epochscope_set_warnings(${name})
  if(NOT EPOCHSCOPE_TEST_DEBUG_INFO)
    target_link_options(${name} PRIVATE "LINKER:--strip-debug")
  endif()
  epochscope_sources_use_torch(uses_torch ${ARGN})
  if(uses_torch AND TARGET epochscope_test_torch_pch)
    target_precompile_headers(${name} REUSE_FROM epochscope_test_torch_pch)
  endif()
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen;EPOCHSCOPE_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data" TIMEOUT 600)
endfunction()
