#include "engine/model/recurrentloop_torch.h"

#include "engine/model/kerasactivation_torch.h"

#include <stdexcept>
#include <vector>

namespace es {

namespace {

constexpr std::int64_t kLstmGates = 4;
constexpr std::int64_t kGruGates = 3;

/// One step's new state: h, and c for the LSTM (undefined for the GRU).
struct CellState {
    torch::Tensor h;
    torch::Tensor c;
};

/// h where it enters the recurrent matrix: recurrent dropout's mask applied, if any.
torch::Tensor recurrentInput(const torch::Tensor& h, const torch::Tensor& recurrentMask)
{
    return recurrentMask.defined() ? h * recurrentMask : h;
}

CellState lstmStep(const torch::Tensor& projectedInput, const CellState& state,
                   const RecurrentWeights& weights, const RecurrentCellOptions& options,
                   const torch::Tensor& recurrentMask)
{
    torch::Tensor gates = projectedInput + torch::matmul(recurrentInput(state.h, recurrentMask),
                                                         weights.weightHh.t());
    if (weights.hasBias())
        gates = gates + weights.biasHh;
    const std::vector<torch::Tensor> parts = gates.chunk(kLstmGates, 1);  // i, f, g, o
    const torch::Tensor input = kerasActivation(options.recurrentActivation, parts[0]);
    const torch::Tensor forget = kerasActivation(options.recurrentActivation, parts[1]);
    const torch::Tensor candidate = kerasActivation(options.activation, parts[2]);
    const torch::Tensor output = kerasActivation(options.recurrentActivation, parts[3]);
    const torch::Tensor c = forget * state.c + input * candidate;
    return {output * kerasActivation(options.activation, c), c};
}

CellState gruStep(const torch::Tensor& projectedInput, const CellState& state,
                  const RecurrentWeights& weights, const RecurrentCellOptions& options,
                  const torch::Tensor& recurrentMask)
{
    const std::int64_t units = weights.units();
    const torch::Tensor h = recurrentInput(state.h, recurrentMask);
    const std::vector<torch::Tensor> inputs = projectedInput.chunk(kGruGates, 1);  // r, z, n
    torch::Tensor candidate;
    torch::Tensor reset;
    torch::Tensor update;
    if (options.resetAfter) {
        torch::Tensor recurrent = torch::matmul(h, weights.weightHh.t());
        if (weights.hasBias())
            recurrent = recurrent + weights.biasHh;
        const std::vector<torch::Tensor> parts = recurrent.chunk(kGruGates, 1);
        reset = kerasActivation(options.recurrentActivation, inputs[0] + parts[0]);
        update = kerasActivation(options.recurrentActivation, inputs[1] + parts[1]);
        candidate = kerasActivation(options.activation, inputs[2] + reset * parts[2]);
    } else {
        // The reset gate scales h before the candidate's recurrent matrix (Keras' original).
        const torch::Tensor gateWeights = weights.weightHh.narrow(0, 0, 2 * units);
        const torch::Tensor candidateWeights = weights.weightHh.narrow(0, 2 * units, units);
        torch::Tensor recurrent = torch::matmul(h, gateWeights.t());
        if (weights.hasBias())
            recurrent = recurrent + weights.biasHh.narrow(0, 0, 2 * units);
        const std::vector<torch::Tensor> parts = recurrent.chunk(2, 1);
        reset = kerasActivation(options.recurrentActivation, inputs[0] + parts[0]);
        update = kerasActivation(options.recurrentActivation, inputs[1] + parts[1]);
        torch::Tensor candidateInput = inputs[2] + torch::matmul(reset * h, candidateWeights.t());
        if (weights.hasBias())
            candidateInput = candidateInput + weights.biasHh.narrow(0, 2 * units, units);
        candidate = kerasActivation(options.activation, candidateInput);
    }
    return {update * state.h + (1.0 - update) * candidate, torch::Tensor()};
}

}  // namespace

RecurrentCellOptions cellOptionsOf(const LayerConfig& layer)
{
    if (!isRecurrent(layer))
        throw std::invalid_argument("cellOptionsOf: not a recurrent layer");
    RecurrentCellOptions options;
    options.cell = recurrentCell(layer);
    options.activation = layer.cellActivation;
    options.recurrentActivation = layer.recurrentActivation;
    options.resetAfter = layer.resetAfter;
    return options;
}

RecurrentSequence recurrentStepLoop(const torch::Tensor& x, const RecurrentWeights& weights,
                                    const RecurrentCellOptions& options, const torch::Tensor& mask,
                                    const torch::Tensor& recurrentMask, bool zeroMaskedOutputs)
{
    TORCH_CHECK(x.dim() == 3, "recurrentStepLoop: x must be (batch, steps, features)");
    TORCH_CHECK(options.cell == LayerType::Lstm || options.cell == LayerType::Gru,
                "recurrentStepLoop: the cell is an LSTM or a GRU");
    const std::int64_t batch = x.size(0);
    const std::int64_t steps = x.size(1);
    const std::int64_t units = weights.units();
    const bool lstm = options.cell == LayerType::Lstm;

    // The input's share of every gate for all steps at once: one matrix product instead of T.
    torch::Tensor projected = torch::matmul(x, weights.weightIh.t());
    if (weights.hasBias())
        projected = projected + weights.biasIh;

    const torch::Tensor zeros = torch::zeros({batch, units}, x.options());
    CellState state{zeros, lstm ? zeros : torch::Tensor()};
    std::vector<torch::Tensor> outputs;
    outputs.reserve(static_cast<std::size_t>(steps));
    for (std::int64_t t = 0; t < steps; ++t) {
        const torch::Tensor stepInput = projected.select(1, t);
        CellState next = lstm ? lstmStep(stepInput, state, weights, options, recurrentMask)
                              : gruStep(stepInput, state, weights, options, recurrentMask);
        if (!mask.defined()) {
            outputs.push_back(next.h);
            state = std::move(next);
            continue;
        }
        const torch::Tensor valid = mask.select(1, t).unsqueeze(1);  // (B, 1)
        outputs.push_back(torch::where(valid, next.h, zeroMaskedOutputs ? zeros : state.h));
        state.h = torch::where(valid, next.h, state.h);
        if (lstm)
            state.c = torch::where(valid, next.c, state.c);
    }
    torch::Tensor sequence =
        steps > 0 ? torch::stack(outputs, 1) : torch::zeros({batch, 0, units}, x.options());
    return {std::move(sequence), state.h};
}

}  // namespace es
