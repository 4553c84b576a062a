#pragma once

// The recurrent layers of model.py (engine/export/pytorchsource.h): what PyTorch's own modules
// compute exactly, and the step-by-step class model.py carries for the rest. LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <string>
#include <vector>

namespace es {

/// Whether torch.nn.LSTM / torch.nn.GRU compute the recurrent layer `layer` exactly as
/// EpochScope does: tanh and sigmoid, GRU's reset_after true, and no mask reaching it
/// (`masked`: an embedding's mask_zero whose mask is still on the sequence). use_bias false,
/// go_backwards and every merge mode are then expressed around the module. Otherwise model.py
/// runs the layer on kerasRecurrentSource()'s class.
bool runsOnTorchRecurrent(const LayerConfig& layer, bool masked);

/// What of `layer` torch.nn.LSTM / torch.nn.GRU do not compute, as the config writes it
/// ("activation relu", "reset_after False", "mask_zero's mask"); empty when
/// runsOnTorchRecurrent().
std::vector<std::string> torchRecurrentMisses(const LayerConfig& layer, bool masked);

/// The expression that builds the layer in Model.__init__: "nn.LSTM(8, 16, batch_first=True)"
/// or "KerasRecurrent(...)". `inputWidth`: the features of each step it reads.
std::string recurrentConstructor(const LayerConfig& layer, std::int64_t inputWidth, bool masked);

/// The lines of Model.forward that run the layer `self.<name>` on `x` (and on `mask`, when
/// `masked`) and leave its output in `x`, without indentation.
std::vector<std::string> recurrentForwardLines(const LayerConfig& layer, const std::string& name,
                                               bool masked);

/// The Python source of ACTIVATIONS and class KerasRecurrent: a Keras LSTM or GRU (or a
/// Bidirectional around one) written out step by step like EpochScope's step loop
/// (engine/model/recurrentloop_torch.h), with nn.LSTM's and nn.GRU's parameter names and
/// layout, for the layers runsOnTorchRecurrent() refuses.
std::string kerasRecurrentSource();

}  // namespace es
