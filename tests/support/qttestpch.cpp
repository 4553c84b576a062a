// The library that precompiles tests/support/qttestpch.h once for the test programs that do not
// use LibTorch (cmake/EpochScopeTests.cmake); it has no code of its own.
