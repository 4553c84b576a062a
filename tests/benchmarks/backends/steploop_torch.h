#pragma once

// Includes LibTorch. The backends benchmark's reference step loop: one recurrent layer
// computed time step after time step with plain LibTorch ops, per step
// gates = x_t W_ih^T + h W_hh^T + b, the activations and the state update, as EpochScope's
// step-loop path does; autograd records every step's ops. Zero initial state, batch first.

#include <torch/torch.h>

namespace bench {

/// An LSTM (gates i, f, g, o as torch::nn::LSTM) over x (B, T, I); `reverse` runs from the
/// last step to the first (a bidirectional layer's backward direction). Returns (B, T, H),
/// step t's h at index t.
torch::Tensor stepLoopLstm(const torch::Tensor& x, const torch::Tensor& weightIh,
                           const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                           const torch::Tensor& biasHh, bool reverse);

/// A GRU (gates r, z, n as torch::nn::GRU; reset after the recurrent product, Keras'
/// reset_after=True), otherwise as stepLoopLstm.
torch::Tensor stepLoopGru(const torch::Tensor& x, const torch::Tensor& weightIh,
                          const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                          const torch::Tensor& biasHh, bool reverse);

}  // namespace bench
