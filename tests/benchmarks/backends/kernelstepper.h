#pragma once

// One implementation of a kernel case's recurrent layer and its training step, for the
// backends benchmark. LibTorch stays in the .cpp file.

#include "tests/benchmarks/backends/kernelcases.h"

#include <memory>
#include <vector>

namespace bench {

/// A fresh layer of the case run by `variant`: the parameters of a torch::nn::LSTM / GRU
/// (bidirectional for BiLSTM, BiGRU) built from a fixed seed, so that every variant of a case
/// has the same ones, and kDataBatches input batches and the loss's upstream gradient from that
/// seed too. A step: the forward, a linear loss of the output, and the gradients of x and of
/// every parameter (torch::autograd::grad, nothing accumulates).
class KernelStepper {
public:
    KernelStepper(const KernelCase& kernelCase, KernelVariant variant);
    ~KernelStepper();
    KernelStepper(const KernelStepper&) = delete;
    KernelStepper& operator=(const KernelStepper&) = delete;

    /// `count` steps on the calling thread, each one's wall time in ms.
    std::vector<double> run(int count);

    /// max |output - torch::nn's output| / max |torch::nn's output| on the first batch,
    /// measured when constructed.
    double outputDifference() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bench
