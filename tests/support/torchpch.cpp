// The library that precompiles <torch/torch.h> once for the test programs that use LibTorch
// (cmake/EpochScopeTests.cmake); it has no code of its own.
