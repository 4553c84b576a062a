#include "engine/model/recurrentlayer_torch.h"

#include "engine/model/libtorchapi_torch.h"

#include <ATen/Config.h>
#include <ATen/Context.h>

#include <stdexcept>

namespace es {

namespace {

/// The direction that reads the time axis backwards: the layer's go_backwards, flipped for a
/// bidirectional layer's second direction.
bool readsBackwards(const LayerConfig& config, std::size_t direction)
{
    return config.goBackwards != (direction == 1);
}

/// Keras' dropout mask for one call: 1 for a kept feature, 0 for a dropped one, the same
/// features of a sample at every step. Shape (B, 1, width) for sequences, (B, width) for h.
torch::Tensor keptFeatures(std::vector<std::int64_t> shape, double rate, const torch::Tensor& like)
{
    return torch::empty(shape, like.options()).bernoulli_(1.0 - rate);
}

/// Whether every sample's masked steps all come after its unmasked ones.
bool paddedOnTheRight(const torch::Tensor& mask)
{
    if (mask.size(1) < 2)
        return true;
    const std::int64_t steps = mask.size(1);
    // A step unmasked right after a masked one breaks it.
    const torch::Tensor resumes =
        mask.narrow(1, 1, steps - 1).logical_and(mask.narrow(1, 0, steps - 1).logical_not());
    return !resumes.any().item<bool>();
}

/// `sequence` (B, T, H) gathered along time at `indices` (B, T).
torch::Tensor gatherSteps(const torch::Tensor& sequence, const torch::Tensor& indices)
{
    return sequence.gather(1, indices.unsqueeze(2).expand({-1, -1, sequence.size(2)}));
}

/// The whole-sequence kernel of one direction, forward in time from a zero state: (B, T, H).
torch::Tensor runWholeSequence(const torch::Tensor& x, const RecurrentWeights& weights,
                               LayerType cell, RecurrentKernel kernel, bool training,
                               OneDnnCaches& caches)
{
    const std::int64_t units = weights.units();
    const bool lstm = cell == LayerType::Lstm;
    if (kernel == RecurrentKernel::Fused && x.device().is_cpu()) {
        // oneDNN's cells always add a bias: use_bias false gives them zeros that learn nothing.
        const torch::Tensor zeros = weights.hasBias()
                                        ? torch::Tensor()
                                        : torch::zeros({weights.weightHh.size(0)}, x.options());
        const torch::Tensor& biasIh = weights.hasBias() ? weights.biasIh : zeros;
        const torch::Tensor& biasHh = weights.hasBias() ? weights.biasHh : zeros;
        if (lstm)
            return oneDnnLstm(x, weights.weightIh, weights.weightHh, biasIh, biasHh, caches.lstm)
                .output;
        return oneDnnGru(x, weights.weightIh, weights.weightHh, biasIh, biasHh, caches.gru).output;
    }
    // LibTorch's nn::LSTM / nn::GRU forward as a function, one layer and direction: LibTorch's
    // kernels step by step on the CPU, cuDNN's fused kernels on a CUDA device.
    std::vector<torch::Tensor> parameters = {weights.weightIh, weights.weightHh};
    if (weights.hasBias()) {
        parameters.push_back(weights.biasIh);
        parameters.push_back(weights.biasHh);
    }
    const torch::Tensor h0 = torch::zeros({1, x.size(0), units}, x.options());
    constexpr std::int64_t kLayers = 1;
    constexpr double kNoDropout = 0.0;
    constexpr bool kBidirectional = false;
    constexpr bool kBatchFirst = true;
    if (lstm)
        return std::get<0>(torch::lstm(x, {h0, h0}, parameters, weights.hasBias(), kLayers,
                                       kNoDropout, training, kBidirectional, kBatchFirst));
    return std::get<0>(torch::gru(x, h0, parameters, weights.hasBias(), kLayers, kNoDropout,
                                  training, kBidirectional, kBatchFirst));
}

/// One direction on a whole-sequence kernel, in Keras' order of its outputs (the order it read
/// the steps). `mask`, when defined, is padded on the right only.
RecurrentSequence runDirectionWhole(const torch::Tensor& x, const RecurrentWeights& weights,
                                    LayerType cell, RecurrentKernel kernel, bool backwards,
                                    const torch::Tensor& mask, bool zeroMaskedOutputs,
                                    bool training, OneDnnCaches& caches)
{
    const std::int64_t steps = x.size(1);
    if (!mask.defined()) {
        const torch::Tensor sequence =
            runWholeSequence(backwards ? x.flip({1}) : x, weights, cell, kernel, training, caches);
        return {sequence, sequence.select(1, steps - 1)};
    }
    // Outputs that the mask replaces are selected away, never multiplied by 0: whatever a
    // kernel computed on padding (even an inf) stays out of the values and the gradients.
    const torch::Tensor zero = torch::zeros({}, x.options());
    const torch::Tensor lengths = mask.sum(1, /*keepdim=*/true);  // (B, 1) int64
    const torch::Tensor time = torch::arange(steps, lengths.options()).unsqueeze(0);  // (1, T)
    const torch::Tensor lastValid = (lengths - 1).clamp_min(0);
    const torch::Tensor anyValid = lengths > 0;  // (B, 1)
    if (!backwards) {
        const torch::Tensor full = runWholeSequence(x, weights, cell, kernel, training, caches);
        // Past its length a sample outputs its last valid step's output (carried) or zeros.
        const torch::Tensor sequence =
            zeroMaskedOutputs
                ? torch::where(mask.unsqueeze(2), full, zero)
                : torch::where(anyValid.unsqueeze(2),
                               gatherSteps(full, torch::minimum(time, lastValid)), zero);
        const torch::Tensor last =
            torch::where(anyValid, gatherSteps(full, lastValid).squeeze(1), zero);
        return {sequence, last};
    }
    // Reading backwards, a sample of length L sees T - L masked steps first (output zeros,
    // state zero), then x[L-1], ..., x[0]. Reverse each sample's first L steps in place, run
    // forward, and put the k-th output at position T - L + k.
    const torch::Tensor reversedIndex = torch::where(time < lengths, lastValid - time, time);
    const torch::Tensor reversedInput = gatherSteps(x, reversedIndex);
    const torch::Tensor outputs =
        runWholeSequence(reversedInput, weights, cell, kernel, training, caches);
    const torch::Tensor position = time - (steps - lengths);  // k for the output at `time`
    const torch::Tensor sequence = torch::where((position >= 0).unsqueeze(2),
                                                gatherSteps(outputs, position.clamp_min(0)), zero);
    const torch::Tensor last =
        torch::where(anyValid, gatherSteps(outputs, lastValid).squeeze(1), zero);
    return {sequence, last};
}

torch::Tensor merge(MergeMode mode, const torch::Tensor& forward, const torch::Tensor& backward)
{
    switch (mode) {
        case MergeMode::Concat: return torch::cat({forward, backward}, -1);
        case MergeMode::Sum: return forward + backward;
        case MergeMode::Mul: return forward * backward;
        case MergeMode::Ave: return (forward + backward) / 2.0;
    }
    throw std::logic_error("unhandled merge mode");
}

}  // namespace

bool libTorchFusesCpuLstm()
{
    // The conditions of at::lstm's own choice (aten/src/ATen/native/RNN.cpp, use_mkldnn) that
    // do not depend on the call: the calls here are float CPU sequences without projections.
#if AT_MKLDNN_ENABLED()
    return libtorch::kLstmHasOneDnnPath && at::globalContext().userEnabledMkldnn();
#else
    return false;
#endif
}

RecurrentLayerOutput runRecurrentLayer(const LayerConfig& config, RecurrentKernel kernel,
                                       const std::vector<RecurrentWeights>& directions,
                                       const torch::Tensor& x, const torch::Tensor& mask,
                                       bool training, OneDnnCaches& caches)
{
    const bool bidirectional = config.type == LayerType::Bidirectional;
    if (!isRecurrent(config) || directions.size() != (bidirectional ? 2U : 1U))
        throw std::invalid_argument("runRecurrentLayer: a recurrent layer and its directions");
    TORCH_CHECK(x.dim() == 3, "a recurrent layer takes (batch, steps, features)");
    TORCH_CHECK(!mask.defined() || (mask.scalar_type() == torch::kBool && mask.dim() == 2 &&
                                    mask.size(0) == x.size(0) && mask.size(1) == x.size(1)),
                "a recurrent layer's mask is (batch, steps) bool");
    const RecurrentCellOptions cell = cellOptionsOf(config);
    // Keras' Bidirectional sets zero_output_for_mask on both layers when it returns sequences.
    const bool zeroMaskedOutputs = bidirectional && config.returnSequences;

    RecurrentLayerOutput result;
    bool stepLoop = kernel == RecurrentKernel::StepLoop;
    if (!stepLoop && mask.defined() && !paddedOnTheRight(mask)) {
        stepLoop = true;
        result.fellBackToStepLoop = true;
    }

    std::vector<torch::Tensor> outputs;
    for (std::size_t d = 0; d < directions.size(); ++d) {
        const bool backwards = readsBackwards(config, d);
        torch::Tensor input = x;
        if (training && config.dropout > 0.0) {
            const double rate = config.dropout;
            input = x * keptFeatures({x.size(0), 1, x.size(2)}, rate, x) / (1.0 - rate);
        }
        RecurrentSequence run;
        if (stepLoop) {
            torch::Tensor recurrentMask;
            if (training && config.recurrentDropout > 0.0) {
                const double rate = config.recurrentDropout;
                recurrentMask = keptFeatures({x.size(0), config.units}, rate, x) / (1.0 - rate);
            }
            const torch::Tensor stepMask = mask.defined() && backwards ? mask.flip({1}) : mask;
            run = recurrentStepLoop(backwards ? input.flip({1}) : input, directions[d], cell,
                                    stepMask, recurrentMask, zeroMaskedOutputs);
        } else {
            run = runDirectionWhole(input, directions[d], cell.cell, kernel, backwards, mask,
                                    zeroMaskedOutputs, training, caches);
        }
        if (!config.returnSequences)
            outputs.push_back(run.last);
        else if (d == 1)
            outputs.push_back(run.sequence.flip({1}));  // aligned in time with the forward one
        else
            outputs.push_back(run.sequence);
    }
    result.output = bidirectional ? merge(config.mergeMode, outputs[0], outputs[1]) : outputs[0];
    return result;
}

}  // namespace es
