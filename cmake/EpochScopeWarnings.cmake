# epochscope_set_warnings(<target>): the warning level every EpochScope target builds with.
function(epochscope_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
endfunction()
