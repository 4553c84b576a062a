#include "engine/export/pytorchrecurrent.h"

#include "engine/config/modelconfig.h"

namespace es {

namespace {

bool bidirectional(const LayerConfig& layer)
{
    return layer.type == LayerType::Bidirectional;
}

/// `text` in double quotes, as a Python string literal of plain ASCII.
std::string pythonQuoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// `forward` and `backward` merged as the layer's merge_mode does (recurrentlayer.cpp).
std::string mergedExpression(MergeMode mode, const std::string& forward,
                             const std::string& backward)
{
    switch (mode) {
        case MergeMode::Concat: return "torch.cat([" + forward + ", " + backward + "], -1)";
        case MergeMode::Sum: return forward + " + " + backward;
        case MergeMode::Mul: return forward + " * " + backward;
        case MergeMode::Ave: return "(" + forward + " + " + backward + ") / 2";
    }
    return forward;
}

/// torch.nn.LSTM / torch.nn.GRU on x, with go_backwards and the layer's output taken from it.
std::vector<std::string> torchModuleLines(const LayerConfig& layer, const std::string& name)
{
    const bool lstm = recurrentCell(layer) == LayerType::Lstm;
    // The module reads x first step first; go_backwards hands it the steps last first, and
    // like Keras returns the outputs in the order read (a bidirectional layer's backward
    // direction then reads the original order, and PyTorch aligns its outputs with the
    // forward one's, as EpochScope does).
    const std::string input = layer.goBackwards ? "x.flip(1)" : "x";
    const std::string backwardsNote =
        layer.goBackwards ? "  # go_backwards: the steps last first, outputs in that order" : "";
    std::vector<std::string> lines;
    if (!bidirectional(layer)) {
        lines.push_back("x, _ = self." + name + "(" + input + ")" + backwardsNote);
        if (!layer.returnSequences)
            lines.push_back("x = x[:, -1]  # return_sequences false: the last output");
        return lines;
    }
    if (layer.returnSequences) {
        lines.push_back("x, _ = self." + name + "(" + input + ")" + backwardsNote);
        if (layer.mergeMode != MergeMode::Concat) {
            lines.push_back("forward, backward = x.chunk(2, -1)");
            lines.push_back("x = " + mergedExpression(layer.mergeMode, "forward", "backward") +
                            "  # merge_mode " + std::string(mergeModeKey(layer.mergeMode)));
        }
        return lines;
    }
    // Without return_sequences each direction gives the output after the last step it read:
    // h_n, the forward direction's first and the backward one's second.
    lines.push_back((lstm ? "_, (h, _) = self." : "_, h = self.") + name + "(" + input + ")" +
                    backwardsNote);
    lines.push_back("x = " + mergedExpression(layer.mergeMode, "h[0]", "h[1]") +
                    "  # each direction's last output, merge_mode " +
                    std::string(mergeModeKey(layer.mergeMode)));
    return lines;
}

}  // namespace

std::vector<std::string> torchRecurrentMisses(const LayerConfig& layer, bool masked)
{
    std::vector<std::string> misses;
    if (layer.cellActivation != Activation::Tanh)
        misses.push_back("activation " + std::string(activationKey(layer.cellActivation)));
    if (layer.recurrentActivation != Activation::Sigmoid)
        misses.push_back("recurrent_activation " +
                         std::string(activationKey(layer.recurrentActivation)));
    if (recurrentCell(layer) == LayerType::Gru && !layer.resetAfter)
        misses.emplace_back("reset_after False");
    if (masked)
        misses.emplace_back("mask_zero's mask");
    return misses;
}

bool runsOnTorchRecurrent(const LayerConfig& layer, bool masked)
{
    return torchRecurrentMisses(layer, masked).empty();
}

std::string recurrentConstructor(const LayerConfig& layer, std::int64_t inputWidth, bool masked)
{
    const bool lstm = recurrentCell(layer) == LayerType::Lstm;
    const std::string sizes = std::to_string(inputWidth) + ", " + std::to_string(layer.units);
    if (runsOnTorchRecurrent(layer, masked)) {
        std::string text = (lstm ? "nn.LSTM(" : "nn.GRU(") + sizes + ", batch_first=True";
        if (!layer.useBias)
            text += ", bias=False";
        if (bidirectional(layer))
            text += ", bidirectional=True";
        return text + ")";
    }
    std::string text = "KerasRecurrent(" + pythonQuoted(lstm ? "lstm" : "gru") + ", " + sizes;
    if (!layer.useBias)
        text += ", bias=False";
    if (bidirectional(layer))
        text += ", bidirectional=True, merge_mode=" + pythonQuoted(mergeModeKey(layer.mergeMode));
    if (layer.cellActivation != Activation::Tanh)
        text += ", activation=" + pythonQuoted(activationKey(layer.cellActivation));
    if (layer.recurrentActivation != Activation::Sigmoid)
        text += ", recurrent_activation=" + pythonQuoted(activationKey(layer.recurrentActivation));
    if (!lstm && !layer.resetAfter)
        text += ", reset_after=False";
    if (layer.goBackwards)
        text += ", go_backwards=True";
    if (layer.returnSequences)
        text += ", return_sequences=True";
    return text + ")";
}

std::vector<std::string> recurrentForwardLines(const LayerConfig& layer, const std::string& name,
                                               bool masked)
{
    if (runsOnTorchRecurrent(layer, masked))
        return torchModuleLines(layer, name);
    return {"x = self." + name + (masked ? "(x, mask)" : "(x)")};
}

std::string kerasRecurrentSource()
{
    // EpochScope's step loop (engine/model/recurrentloop.cpp) and its recurrent layer
    // (engine/model/recurrentlayer.cpp), operation for operation.
    return R"PY(# Keras' activations as EpochScope computes them.
ACTIVATIONS = {
    "linear": lambda x: x,
    "relu": torch.relu,
    "sigmoid": torch.sigmoid,
    "tanh": torch.tanh,
    "hard_sigmoid": lambda x: torch.clamp(x / 6 + 0.5, 0.0, 1.0),  # Keras 3
    "hard_sigmoid_keras2": lambda x: torch.clamp(0.2 * x + 0.5, 0.0, 1.0),  # Keras 2
}


class KerasRecurrent(nn.Module):
    """A Keras LSTM or GRU layer, or a Bidirectional around one, run step by step.

    For what torch.nn.LSTM and torch.nn.GRU do not compute: other activations, the GRU's
    reset_after=False (the reset gate applied to h before its recurrent matrix), and the
    masks of an Embedding's mask_zero. The parameters have nn.LSTM's and nn.GRU's names and
    layout (gates i, f, g, o and r, z, n; the backward direction's names end in _reverse).

    A masked step keeps the state and the output of the step before (zeros before a sample's
    first unmasked step); a Bidirectional that returns sequences outputs zeros there instead.
    go_backwards reads the steps last first and returns the outputs in that order.
    """

    def __init__(self, cell, input_size, units, bias=True, bidirectional=False,
                 merge_mode="concat", activation="tanh", recurrent_activation="sigmoid",
                 reset_after=True, go_backwards=False, return_sequences=False):
        super().__init__()
        gates = 4 if cell == "lstm" else 3
        self.cell = cell
        self.units = units
        self.bias = bias
        self.merge_mode = merge_mode
        self.activation = ACTIVATIONS[activation]
        self.recurrent_activation = ACTIVATIONS[recurrent_activation]
        self.reset_after = reset_after
        self.go_backwards = go_backwards
        self.return_sequences = return_sequences
        self.suffixes = ["", "_reverse"] if bidirectional else [""]
        for suffix in self.suffixes:
            shapes = {"weight_ih_l0": (gates * units, input_size),
                      "weight_hh_l0": (gates * units, units)}
            if bias:
                shapes.update({"bias_ih_l0": (gates * units,), "bias_hh_l0": (gates * units,)})
            for name, shape in shapes.items():
                # nn.LSTM's initialisation; weights.pt replaces it.
                bound = units ** -0.5
                self.register_parameter(
                    name + suffix, nn.Parameter(torch.empty(shape).uniform_(-bound, bound)))

    def forward(self, x, mask=None):
        outputs = []
        for direction, suffix in enumerate(self.suffixes):
            backwards = self.go_backwards != (direction == 1)
            steps = x.flip(1) if backwards else x
            steps_mask = mask.flip(1) if mask is not None and backwards else mask
            sequence, last = self.run(steps, steps_mask, suffix)
            if not self.return_sequences:
                outputs.append(last)
            elif direction == 1:
                outputs.append(sequence.flip(1))  # in time order, beside the forward one
            else:
                outputs.append(sequence)
        if len(outputs) == 1:
            return outputs[0]
        forward, backward = outputs
        if self.merge_mode == "concat":
            return torch.cat([forward, backward], -1)
        if self.merge_mode == "sum":
            return forward + backward
        if self.merge_mode == "mul":
            return forward * backward
        return (forward + backward) / 2  # ave

    def run(self, x, mask, suffix):
        """One direction over the steps in the order given: every output, and the last."""
        weight_hh = getattr(self, "weight_hh_l0" + suffix)
        bias_hh = getattr(self, "bias_hh_l0" + suffix) if self.bias else None
        projected = torch.matmul(x, getattr(self, "weight_ih_l0" + suffix).t())
        if self.bias:
            projected = projected + getattr(self, "bias_ih_l0" + suffix)
        zeros = x.new_zeros(x.size(0), self.units)
        zero_masked_outputs = len(self.suffixes) == 2 and self.return_sequences
        h, c = zeros, zeros
        outputs = []
        for t in range(x.size(1)):
            if self.cell == "lstm":
                new_h, new_c = self.lstm_step(projected[:, t], h, c, weight_hh, bias_hh)
            else:
                new_h, new_c = self.gru_step(projected[:, t], h, weight_hh, bias_hh), c
            if mask is None:
                h, c = new_h, new_c
                outputs.append(h)
                continue
            valid = mask[:, t].unsqueeze(1)
            outputs.append(torch.where(valid, new_h, zeros if zero_masked_outputs else h))
            h = torch.where(valid, new_h, h)
            c = torch.where(valid, new_c, c)
        if not outputs:
            return x.new_zeros(x.size(0), 0, self.units), h
        return torch.stack(outputs, 1), h

    def lstm_step(self, projected, h, c, weight_hh, bias_hh):
        gates = projected + torch.matmul(h, weight_hh.t())
        if bias_hh is not None:
            gates = gates + bias_hh
        i, f, g, o = gates.chunk(4, 1)
        i, f, o = (self.recurrent_activation(gate) for gate in (i, f, o))
        c = f * c + i * self.activation(g)
        return o * self.activation(c), c

    def gru_step(self, projected, h, weight_hh, bias_hh):
        units = self.units
        x_r, x_z, x_n = projected.chunk(3, 1)
        if self.reset_after:
            recurrent = torch.matmul(h, weight_hh.t())
            if bias_hh is not None:
                recurrent = recurrent + bias_hh
            h_r, h_z, h_n = recurrent.chunk(3, 1)
            r = self.recurrent_activation(x_r + h_r)
            z = self.recurrent_activation(x_z + h_z)
            n = self.activation(x_n + r * h_n)
        else:
            recurrent = torch.matmul(h, weight_hh[: 2 * units].t())
            if bias_hh is not None:
                recurrent = recurrent + bias_hh[: 2 * units]
            h_r, h_z = recurrent.chunk(2, 1)
            r = self.recurrent_activation(x_r + h_r)
            z = self.recurrent_activation(x_z + h_z)
            candidate = x_n + torch.matmul(r * h, weight_hh[2 * units:].t())
            if bias_hh is not None:
                candidate = candidate + bias_hh[2 * units:]
            n = self.activation(candidate)
        return z * h + (1 - z) * n
)PY";
}

}  // namespace es
