// The source of the libraries that precompile a header once for the test programs that reuse
// it (epochscope_add_test_pch in cmake/EpochScopeTests.cmake); it has no code of its own.
