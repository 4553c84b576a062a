// The libraries that precompile tests/support/qttestpch.h (the tests that do not use LibTorch,
// cmake/EpochScopeTests.cmake) and tests/support/qtwidgetstestpch.h (the GUI tests,
// tests/gui/CMakeLists.txt) once for their programs; it has no code of its own.
