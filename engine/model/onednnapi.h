#pragma once

// The oneDNN calls whose form differs between the releases EpochScope builds on: oneDNN 2.x
// (Debian 12: 2.6) builds a primitive descriptor from an operation descriptor
// (`dnnl::lstm_forward::desc`), which oneDNN 3.0 removed (Debian 13: 3.7): there the primitive
// descriptor takes the engine and the memory descriptors directly. The names of the CPU ISAs
// changed too. This file and its .cpp are the only places that know which oneDNN they are built
// with; everything else asks them. No LibTorch here (engine/doctor uses it too).

#if EPOCHSCOPE_WITH_ONEDNN

#include <oneapi/dnnl/dnnl.hpp>

#include <string>

namespace es::onednn {

using Desc = dnnl::memory::desc;

/// Both fused cells run one layer in one direction.
constexpr auto kDirection = dnnl::rnn_direction::unidirectional_left2right;

/// The memory descriptors of one recurrent layer's arguments, as the cells describe them
/// (model/onednnrnn_torch.h); the gradients have the same layouts.
struct RnnLayouts {
    Desc source;           ///< x: (T, B, I)
    Desc destination;      ///< the output sequence: (T, B, H)
    Desc state;            ///< h (and the LSTM's c): (B, H)
    Desc bias;             ///< the bias vectors in oneDNN's order
    Desc anyLayerWeights;  ///< weight_ih, the primitive choosing its layout
    Desc anyIterWeights;   ///< weight_hh, likewise
};

/// The LSTM's forward (`kind`: forward_training or forward_inference); `attributes` are the
/// user scratchpad's. The engine trains its LSTM on its own recurrence (lstmrecurrence.h), so
/// only the forward is built.
dnnl::lstm_forward::primitive_desc lstmForwardDesc(const RnnLayouts& layouts, dnnl::prop_kind kind,
                                                   const dnnl::primitive_attr& attributes,
                                                   const dnnl::engine& engine);

/// The linear-before-reset GRU's forward and backward, the backward after the forward it
/// follows; `attributes` apply to both (the user scratchpad).
dnnl::lbr_gru_forward::primitive_desc gruForwardDesc(const RnnLayouts& layouts,
                                                     dnnl::prop_kind kind,
                                                     const dnnl::primitive_attr& attributes,
                                                     const dnnl::engine& engine);
dnnl::lbr_gru_backward::primitive_desc gruBackwardDesc(
    const RnnLayouts& layouts, const dnnl::lbr_gru_forward::primitive_desc& forward,
    const dnnl::primitive_attr& attributes, const dnnl::engine& engine);

/// A matrix product a x b = c of the three layouts (the doctor's SGEMM).
dnnl::matmul::primitive_desc matmulDesc(const Desc& a, const Desc& b, const Desc& c,
                                        const dnnl::engine& engine);

/// oneDNN's name of the ISA its kernels use here ("avx2", "avx512_core", ...), as its
/// ONEDNN_MAX_CPU_ISA setting spells it.
std::string isaName(dnnl::cpu_isa isa);

}  // namespace es::onednn

#endif  // EPOCHSCOPE_WITH_ONEDNN
