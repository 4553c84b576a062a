#pragma once

// The LSTM's training recurrence of the `onednn` backend, on plain float arrays: oneDNN's GEMM
// (dnnl_sgemm) for every product, and the engine's own cell arithmetic between them.
//
// Why not oneDNN's RNN primitive, which inference still uses: its training driver costs more
// than the arithmetic around its GEMMs. A profile of keras-lstm-regression (H 80, batch 64) on
// oneDNN 2.6 spends 7.5% of the step in a scalar, strided sum of the gate gradients over the
// batch at every step (the bias gradient) and about 4% copying states between steps and layers
// (docs/benchmarks.md). Here the bias gradient is one vectorised column sum per layer, the
// states are written once where the next product reads them, and the weight gradients are one
// GEMM per layer over all steps.
//
// Layouts are LibTorch's, batch first and contiguous: x (B, T, I), h (B, T, H); weights as
// torch::nn::LSTM holds them, gates (i, f, g, o) stacked: weight_ih (4H, I), weight_hh (4H, H).
// Each call runs on the calling thread (oneDNN's GEMM parallelises only outside a parallel
// region); a batch split over threads calls once per part.

#include <cstdint>

namespace es::onednn {

struct LstmRecurrenceShape {
    std::int64_t batch = 0;
    std::int64_t steps = 0;
    std::int64_t inputs = 0;
    std::int64_t units = 0;
};

/// What a forward reads. The weights come transposed, (I, 4H) and (H, 4H), as its products
/// read them; bias is bias_ih + bias_hh (4H).
struct LstmForwardInputs {
    const float* x = nullptr;
    const float* weightIhTransposed = nullptr;
    const float* weightHhTransposed = nullptr;
    const float* bias = nullptr;
};

/// What a forward writes and its backward reads: h at every step (B, T, H), the gates after
/// their activations (B, T, 4H), c and tanh(c) at every step (B, T, H).
struct LstmSavedSteps {
    float* output = nullptr;
    float* gates = nullptr;
    float* cell = nullptr;
    float* cellTanh = nullptr;
};

/// The LSTM over every step from a zero state.
void lstmRecurrenceForward(const LstmRecurrenceShape& shape, const LstmForwardInputs& inputs,
                           const LstmSavedSteps& saved);

/// What a backward reads beside the forward's steps: its input, the weights as the cell
/// holds them, and the upstream gradients of h at every step (B, T, H) and of the last h and c
/// (B, H each).
struct LstmBackwardInputs {
    const float* x = nullptr;
    const float* weightIh = nullptr;
    const float* weightHh = nullptr;
    const float* outputGradient = nullptr;
    const float* hnGradient = nullptr;
    const float* cnGradient = nullptr;
};

/// Where a backward writes, all overwritten: the gradients of x (B, T, I), weight_ih, weight_hh
/// and the bias (4H); gateGradients (B, T, 4H) and stateGradients (2 x B x H) are its scratch.
struct LstmGradients {
    float* x = nullptr;
    float* weightIh = nullptr;
    float* weightHh = nullptr;
    float* bias = nullptr;
    float* gateGradients = nullptr;
    float* stateGradients = nullptr;
};

/// The gradients of one lstmRecurrenceForward, from what it saved (read only: a backward may
/// run again on the same steps).
void lstmRecurrenceBackward(const LstmRecurrenceShape& shape, const LstmBackwardInputs& inputs,
                            const LstmSavedSteps& saved, const LstmGradients& gradients);

}  // namespace es::onednn
