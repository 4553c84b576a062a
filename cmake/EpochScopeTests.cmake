# epochscope_add_test(<name> <sources>...): a Qt Test executable registered with ctest.
function(epochscope_add_test name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE epochscope_engine Qt6::Core Qt6::Test)
  # Tests may use LibTorch directly to check the engine's tensors.
  target_link_libraries(${name} PRIVATE torch)
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  epochscope_set_warnings(${name})
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen;EPOCHSCOPE_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data" TIMEOUT 600)
endfunction()
