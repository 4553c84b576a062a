#pragma once

// Internal to the engine: includes LibTorch.
//
// A module's state_dict in the file format of Python's torch.save, so that Python's
// torch.load reads it (also with weights_only=True, PyTorch 2.6's default).

#include <torch/torch.h>

#include <string>

namespace es {

/// `module`'s parameters and buffers by their dotted names ("lstm_1.weight_ih_l0"), in the
/// module's order, as a plain Python dict of float CPU tensors pickled into torch.save's zip
/// archive (`archive/data.pkl` and one record per tensor). Each tensor is written contiguous
/// and on its own storage, so that the file holds no more than the weights.
///
/// LibTorch's torch::save writes TorchScript's archive, which Python reads only with
/// torch.jit.load; torch::pickle_save writes Python's format but tags the dict with
/// torch.jit._pickle.restore_type_tag, which weights_only=True refuses. This is the same
/// pickler without that tag.
std::string stateDictFile(const torch::nn::Module& module);

}  // namespace es
