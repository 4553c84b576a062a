#pragma once

// Internal to the engine: includes LibTorch.
//
// One recurrent layer of the Sequential model (lstm, gru, or bidirectional around either) run
// on the kernel its RecurrentPath chose, with Keras' semantics for go_backwards, bidirectional
// merging, input and recurrent dropout and mask_zero's masks, whichever kernel runs it.

#include "engine/config/modelconfig.h"
#include "engine/model/onednngru_torch.h"
#include "engine/model/onednnlstm_torch.h"
#include "engine/model/recurrentloop_torch.h"
#include "engine/model/recurrentpath.h"

#include <torch/torch.h>

#include <vector>

namespace es {

/// One model's oneDNN primitive caches, one per cell: entries are keyed by shape, so layers of
/// the same cell and shape share theirs.
struct OneDnnCaches {
    OneDnnLstmCache lstm;
    OneDnnGruCache gru;
};

/// What one call of a recurrent layer gave.
struct RecurrentLayerOutput {
    /// (B, T, W) with return_sequences, else (B, W); W = recurrentOutputWidth(config).
    torch::Tensor output;
    /// The batch ran on the step loop although the layer's kernel is Fused or LibTorch,
    /// because its mask_zero padding was not all on the right (a masked step before an
    /// unmasked one in some sample): the whole-sequence kernels can only stop a sample early.
    bool fellBackToStepLoop = false;
};

/// Runs the recurrent layer `config` on x (B, T, F) float.
///
/// `directions`: the forward direction's weights, and for a bidirectional layer the reverse
/// one's second. A direction reads the sequence backwards when go_backwards is set, or when it
/// is a bidirectional layer's second direction (both, Keras 2's wrapper: it flips the wrapped
/// layer's go_backwards for its backward copy). A direction that reads backwards returns its
/// sequence in the order it read it (Keras' go_backwards); a bidirectional layer reverses its
/// second direction's sequence back to align it in time, and without return_sequences merges
/// each direction's last output (the backward one's is the output for step 0).
///
/// `mask` (B, T) bool or undefined: mask_zero's mask. A masked step carries state and output
/// from the step before (zeros before a sample's first unmasked step); a bidirectional layer
/// that returns sequences outputs zeros at masked steps (Keras' Bidirectional sets
/// zero_output_for_mask then). `training` draws the dropout masks: `dropout` on x, one mask
/// per sample for all steps, and `recurrent_dropout` on h (recurrentStepLoop()), each
/// direction its own (Keras' two layers).
///
/// `kernel`: RecurrentKernel::Fused runs oneDNN's LSTM or GRU (`caches`) on the CPU and
/// LibTorch's nn::LSTM / nn::GRU function on a CUDA device (cuDNN's kernels);
/// LibTorch and LibTorchFused run LibTorch's (which chooses its oneDNN LSTM for the latter);
/// StepLoop runs recurrentStepLoop(). A direction that reads
/// backwards runs the whole-sequence kernels on its input reversed in time. With a mask whose
/// padding is all on the right they run the full length and each sample's outputs past its
/// length are replaced by the carried output (exact, gradients included: a forward
/// direction's outputs before a sample's end do not depend on the steps after it); a backward
/// direction first reverses each sample's unpadded steps in place. Any other mask runs the
/// batch on the step loop (RecurrentLayerOutput::fellBackToStepLoop).
RecurrentLayerOutput runRecurrentLayer(const LayerConfig& config, RecurrentKernel kernel,
                                       const std::vector<RecurrentWeights>& directions,
                                       const torch::Tensor& x, const torch::Tensor& mask,
                                       bool training, OneDnnCaches& caches);

}  // namespace es
