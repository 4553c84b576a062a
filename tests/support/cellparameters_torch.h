#pragma once

// A single-layer torch::nn::LSTM or torch::nn::GRU with its parameters by name, as the fused
// kernels' tests (tst_onednnlstm, tst_onednngru) pass them to oneDnnLstm and oneDnnGru.

#include <torch/torch.h>

#include <utility>
#include <vector>

namespace es::test {

/// `Module` (torch::nn::LSTM or torch::nn::GRU, one layer, one direction) and its four
/// parameters, as the module holds them.
template <typename Module>
struct CellParameters {
    explicit CellParameters(Module cell) : module(std::move(cell))
    {
        auto named = module->named_parameters();
        weightIh = named["weight_ih_l0"];
        weightHh = named["weight_hh_l0"];
        biasIh = named["bias_ih_l0"];
        biasHh = named["bias_hh_l0"];
    }

    Module module;
    torch::Tensor weightIh, weightHh, biasIh, biasHh;

    std::vector<torch::Tensor> all() const { return {weightIh, weightHh, biasIh, biasHh}; }
};

}  // namespace es::test
