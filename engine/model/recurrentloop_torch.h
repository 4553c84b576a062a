#pragma once

// Internal to the engine: includes LibTorch.
//
// EpochScope's step loop (RecurrentKernel::StepLoop, model/recurrentpath.h): an LSTM or GRU
// cell written out in LibTorch operations, one time step after the other, so that it runs
// every Keras option a fused kernel does not: any activation and recurrent_activation, GRU's
// reset_after false, recurrent dropout and mask_zero's masks. Autograd differentiates it as
// written.

#include "engine/config/modelconfig.h"

#include <torch/torch.h>

namespace es {

/// One direction's weights as torch::nn::LSTM / torch::nn::GRU hold them: gates stacked along
/// dim 0 (LSTM i, f, g, o; GRU r, z, n), weightIh (gates x H, I), weightHh (gates x H, H),
/// biasIh and biasHh (gates x H), both undefined for use_bias false.
struct RecurrentWeights {
    torch::Tensor weightIh;
    torch::Tensor weightHh;
    torch::Tensor biasIh;
    torch::Tensor biasHh;

    bool hasBias() const { return biasIh.defined(); }
    std::int64_t units() const { return weightHh.size(1); }
};

/// What a cell computes. `cell` is LayerType::Lstm or LayerType::Gru.
///
/// LSTM (PyTorch's gates and Keras' formulas): i, f, o = recurrent_activation(...), g =
/// activation(...), c' = f c + i g, h' = o activation(c').
/// GRU: r, z = recurrent_activation(...); reset_after true is PyTorch's GRU, n =
/// activation(W_in x + b_in + r (W_hn h + b_hn)); reset_after false is Keras' original GRU,
/// n = activation(W_in x + b_in + W_hn (r h) + b_hn); h' = z h + (1 - z) n in both.
struct RecurrentCellOptions {
    LayerType cell = LayerType::Lstm;
    Activation activation = Activation::Tanh;
    Activation recurrentActivation = Activation::Sigmoid;
    bool resetAfter = true;
};

/// The cell options of a recurrent layer's config (lstm, gru or bidirectional).
RecurrentCellOptions cellOptionsOf(const LayerConfig& layer);

/// A direction's outputs in the order it read the steps.
struct RecurrentSequence {
    torch::Tensor sequence;  ///< (B, T, H): the output after each step read
    torch::Tensor last;      ///< (B, H): h after the last step (carried through masked steps)
};

/// Runs the cell over x (B, T, I), steps in the order given (a caller that reads backwards
/// reverses x and the mask first), from a zero state.
///
/// `mask` (B, T) bool, or undefined: at a masked step the state is carried from the step
/// before (Keras' mask_zero), and so is the output, unless `zeroMaskedOutputs`, which outputs
/// zeros there (Keras' zero_output_for_mask, which Bidirectional sets when it returns
/// sequences). Before a sample's first unmasked step its output is zero either way.
///
/// `recurrentMask` (B, H), or undefined: recurrent dropout's mask, already scaled by
/// 1 / (1 - rate). It multiplies h where h enters the recurrent matrix (W_hh h, and r h for
/// reset_after false), the same mask at every step of a sample; the carried state itself
/// (GRU's z h) is not dropped. Keras 2 and 3 draw one mask per gate instead (implementation
/// 1, which recurrent_dropout selects there): each gate's recurrent input is dropped with the
/// same probability and scale here, but a unit's gates are dropped together.
RecurrentSequence recurrentStepLoop(const torch::Tensor& x, const RecurrentWeights& weights,
                                    const RecurrentCellOptions& options,
                                    const torch::Tensor& mask = {},
                                    const torch::Tensor& recurrentMask = {},
                                    bool zeroMaskedOutputs = false);

}  // namespace es
