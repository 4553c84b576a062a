# epochscope_add_test(<name> <sources>...): a Qt Test class registered with ctest as <name>, its
# own program or, when it uses LibTorch, a member of tst_torch_suite (below).

# Each test links most of the static engine, and with -g ~110 MB of DWARF: the ninety-odd tests
# filled 8 GB of a RelWithDebInfo build (and a CI machine's disk) with debug information that
# only someone stepping through a test in gdb reads. They link without it (3 MB each; symbols
# stay, so backtraces still name functions); ON keeps it.
option(EPOCHSCOPE_TEST_DEBUG_INFO "Keep debug information in the test executables" OFF)

# epochscope_add_test_pch(<library> <header> <link libraries>...): a library without code that
# precompiles <header> (named from the repository root) once, with the flags of a test that
# links <link libraries>, for the tests that reuse it (epochscope_reuse_test_pch).
function(epochscope_add_test_pch library header)
  add_library(${library} STATIC "${PROJECT_SOURCE_DIR}/tests/support/pchlibrary.cpp")
  target_link_libraries(${library} PRIVATE ${ARGN})
  epochscope_set_warnings(${library})
  # In quotes, as the engine's: a clone in another folder precompiles the same bytes, and
  # ccache finds them (engine/CMakeLists.txt).
  target_precompile_headers(${library} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:\"${header}\">")
endfunction()

# epochscope_reuse_test_pch(<target> <library>): <target>'s sources compile against <library>'s
# precompiled header, except AUTOMOC's own source, which is empty here (each test includes its
# own .moc) and still cost seconds against a header: 3.7 s against Qt Test's, ~13 s against
# LibTorch's, where GCC instantiates what the header left pending in every unit.
function(epochscope_reuse_test_pch target library)
  target_precompile_headers(${target} REUSE_FROM ${library})
  set_source_files_properties("${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp"
    PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()

# The test sources that use LibTorch themselves (~40 s each on two cores without a
# precompiled header) share one precompiled <torch/torch.h>, built once for all of them on a
# small library with the tests' own flags (the engine's PCH has the engine's).
if(EPOCHSCOPE_USE_PCH AND NOT TARGET epochscope_test_torch_pch)
  epochscope_add_test_pch(epochscope_test_torch_pch engine/pch/torchpch.h
    epochscope_engine Qt6::Core Qt6::Test torch)
endif()

# The other tests share one precompiled Qt Test and JSON (tests/support/qttestpch.h), built the
# same way. The GUI tests' directory turns it off (EPOCHSCOPE_TEST_QT_PCH): they define
# QT_WIDGETS_LIB, which changes what Qt Test's header declares, so GCC would refuse the header.
set(EPOCHSCOPE_TEST_QT_PCH ON)
if(EPOCHSCOPE_USE_PCH AND NOT TARGET epochscope_test_qt_pch)
  epochscope_add_test_pch(epochscope_test_qt_pch tests/support/qttestpch.h
    epochscope_engine Qt6::Core Qt6::Test torch)
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

# The tests whose sources use LibTorch form one program, tst_torch_suite, compiled in batches of
# a few sources (cmake/EpochScopeUnity.cmake): on its own, each paid ~12 s for LibTorch's header
# (GCC instantiates what the header leaves pending in every translation unit) before its own
# code. Each keeps its ctest entry, which runs `tst_torch_suite CLASS` (tests/support/testsuite.h:
# such a source ends with EPOCHSCOPE_TEST_GUILESS_MAIN or EPOCHSCOPE_TEST_APPLESS_MAIN, not Qt's
# main). With EPOCHSCOPE_UNITY=OFF every test is its own program again.
set(EPOCHSCOPE_TORCH_TEST_SUITE tst_torch_suite)

# Settings every test program gets.
function(epochscope_configure_test_program target)
  target_link_libraries(${target} PRIVATE epochscope_engine Qt6::Core Qt6::Test)
  # Tests may use LibTorch directly to check the engine's tensors.
  target_link_libraries(${target} PRIVATE torch)
  set_target_properties(${target} PROPERTIES AUTOMOC ON)
  epochscope_set_warnings(${target})
  if(NOT EPOCHSCOPE_TEST_DEBUG_INFO)
    target_link_options(${target} PRIVATE "LINKER:--strip-debug")
  endif()
endfunction()

# Precompiled LibTorch for a test program whose sources use it.
function(epochscope_use_test_torch_pch target)
  if(TARGET epochscope_test_torch_pch)
    epochscope_reuse_test_pch(${target} epochscope_test_torch_pch)
  endif()
endfunction()

# epochscope_test_target(<variable> <test>): the program that compiles <test>'s sources, for
# settings such as include directories or compile definitions (the suite's, for a member).
function(epochscope_test_target variable name)
  get_property(members GLOBAL PROPERTY EPOCHSCOPE_TORCH_SUITE_MEMBERS)
  if(name IN_LIST members)
    set(${variable} ${EPOCHSCOPE_TORCH_TEST_SUITE} PARENT_SCOPE)
  else()
    set(${variable} ${name} PARENT_SCOPE)
  endif()
endfunction()

function(epochscope_add_test name)
  epochscope_sources_use_torch(uses_torch ${ARGN})
  if(uses_torch AND EPOCHSCOPE_UNITY)
    set(suite ${EPOCHSCOPE_TORCH_TEST_SUITE})
    if(NOT TARGET ${suite})
      add_executable(${suite} "${PROJECT_SOURCE_DIR}/tests/support/testsuitemain.cpp")
      epochscope_configure_test_program(${suite})
      target_compile_definitions(${suite} PRIVATE EPOCHSCOPE_TEST_SUITE)
      epochscope_use_test_torch_pch(${suite})
      set_source_files_properties("${PROJECT_SOURCE_DIR}/tests/support/testsuitemain.cpp"
        PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
    set(test_class "")
    foreach(source IN LISTS ARGN)
      get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      set_property(GLOBAL APPEND PROPERTY EPOCHSCOPE_TORCH_SUITE_SOURCES "${path}")
      file(STRINGS "${path}" main_line REGEX "^EPOCHSCOPE_TEST_(GUILESS|APPLESS)_MAIN\\(")
      if(main_line MATCHES "MAIN\\(([A-Za-z0-9_]+)\\)")
        set(test_class "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    if(NOT test_class)
      message(FATAL_ERROR "${name}: a test that uses LibTorch ends with "
        "EPOCHSCOPE_TEST_GUILESS_MAIN(Class) or EPOCHSCOPE_TEST_APPLESS_MAIN(Class) "
        "(tests/support/testsuite.h), which puts it into ${suite}")
    endif()
    set_property(GLOBAL APPEND PROPERTY EPOCHSCOPE_TORCH_SUITE_MEMBERS ${name})
    add_test(NAME ${name} COMMAND ${suite} ${test_class})
  else()
    add_executable(${name} ${ARGN})
    epochscope_configure_test_program(${name})
    if(uses_torch)
      epochscope_use_test_torch_pch(${name})
    elseif(EPOCHSCOPE_TEST_QT_PCH AND TARGET epochscope_test_qt_pch)
      epochscope_reuse_test_pch(${name} epochscope_test_qt_pch)
    endif()
    add_test(NAME ${name} COMMAND ${name})
  endif()
  # XDG_DATA_HOME: what EpochScope writes into the user's data folder (the run database, the
  # corpus that loading text-sentiment-demo writes) goes into the build folder, never the home
  # of whoever runs the tests.
  set_tests_properties(${name} PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen;EPOCHSCOPE_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;XDG_DATA_HOME=${PROJECT_BINARY_DIR}/tests/data-home"
    TIMEOUT 600)
endfunction()

# After the last epochscope_add_test: the suite's sources, in batches.
function(epochscope_add_test_suite_sources)
  get_property(sources GLOBAL PROPERTY EPOCHSCOPE_TORCH_SUITE_SOURCES)
  if(sources)
    epochscope_add_unity_sources(${EPOCHSCOPE_TORCH_TEST_SUITE} BATCH 5 SOURCES ${sources})
  endif()
endfunction()
