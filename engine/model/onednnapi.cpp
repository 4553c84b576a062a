#include "engine/model/onednnapi.h"

#if EPOCHSCOPE_WITH_ONEDNN

#include <utility>

namespace es::onednn {

// DNNL_VERSION_MAJOR comes from dnnl.hpp (dnnl_version.h): 2 on Debian 12, 3 on Debian 13.
#if DNNL_VERSION_MAJOR >= 3

dnnl::lstm_forward::primitive_desc lstmForwardDesc(const RnnLayouts& l, dnnl::prop_kind kind,
                                                   const dnnl::primitive_attr& attributes,
                                                   const dnnl::engine& engine)
{
    return {
        engine,           kind,   kDirection,    l.source, l.state, l.state,   l.anyLayerWeights,
        l.anyIterWeights, l.bias, l.destination, l.state,  l.state, attributes};
}

dnnl::lbr_gru_forward::primitive_desc gruForwardDesc(const RnnLayouts& l, dnnl::prop_kind kind,
                                                     const dnnl::primitive_attr& attributes,
                                                     const dnnl::engine& engine)
{
    return {engine,           kind,   kDirection,    l.source, l.state,   l.anyLayerWeights,
            l.anyIterWeights, l.bias, l.destination, l.state,  attributes};
}

dnnl::lbr_gru_backward::primitive_desc gruBackwardDesc(
    const RnnLayouts& l, const dnnl::lbr_gru_forward::primitive_desc& forward,
    const dnnl::primitive_attr& attributes, const dnnl::engine& engine)
{
    return {engine,
            dnnl::prop_kind::backward,
            kDirection,
            l.source,
            l.state,
            l.anyLayerWeights,
            l.anyIterWeights,
            l.bias,
            l.destination,
            l.state,
            l.source,
            l.state,
            l.anyLayerWeights,
            l.anyIterWeights,
            l.bias,
            l.destination,
            l.state,
            forward,
            attributes};
}

dnnl::matmul::primitive_desc matmulDesc(const Desc& a, const Desc& b, const Desc& c,
                                        const dnnl::engine& engine)
{
    return {engine, a, b, c};
}

#else  // oneDNN 2.x: an operation descriptor first

dnnl::lstm_forward::primitive_desc lstmForwardDesc(const RnnLayouts& l, dnnl::prop_kind kind,
                                                   const dnnl::primitive_attr& attributes,
                                                   const dnnl::engine& engine)
{
    const dnnl::lstm_forward::desc operation(kind, kDirection, l.source, l.state, l.state,
                                             l.anyLayerWeights, l.anyIterWeights, l.bias,
                                             l.destination, l.state, l.state);
    return {operation, attributes, engine};
}

dnnl::lbr_gru_forward::primitive_desc gruForwardDesc(const RnnLayouts& l, dnnl::prop_kind kind,
                                                     const dnnl::primitive_attr& attributes,
                                                     const dnnl::engine& engine)
{
    const dnnl::lbr_gru_forward::desc operation(kind, kDirection, l.source, l.state,
                                                l.anyLayerWeights, l.anyIterWeights, l.bias,
                                                l.destination, l.state);
    return {operation, attributes, engine};
}

dnnl::lbr_gru_backward::primitive_desc gruBackwardDesc(
    const RnnLayouts& l, const dnnl::lbr_gru_forward::primitive_desc& forward,
    const dnnl::primitive_attr& attributes, const dnnl::engine& engine)
{
    const dnnl::lbr_gru_backward::desc operation(
        dnnl::prop_kind::backward, kDirection, l.source, l.state, l.anyLayerWeights,
        l.anyIterWeights, l.bias, l.destination, l.state, l.source, l.state, l.anyLayerWeights,
        l.anyIterWeights, l.bias, l.destination, l.state);
    return {operation, attributes, engine, forward};
}

dnnl::matmul::primitive_desc matmulDesc(const Desc& a, const Desc& b, const Desc& c,
                                        const dnnl::engine& engine)
{
    return {dnnl::matmul::desc(a, b, c), engine};
}

#endif

std::string isaName(dnnl::cpu_isa isa)
{
    // A table, not a switch: oneDNN 3 gives some ISAs two names of the same value
    // (avx10_1_512 is avx512_core_fp16), and each release has names the other lacks.
    using Isa = dnnl::cpu_isa;
    static const std::pair<Isa, const char*> kNames[] = {
        {Isa::sse41, "sse41"},
        {Isa::avx, "avx"},
        {Isa::avx2, "avx2"},
        {Isa::avx2_vnni, "avx2_vnni"},
#if DNNL_VERSION_MAJOR >= 3
        {Isa::avx2_vnni_2, "avx2_vnni_2"},
        {Isa::avx512_core_fp16, "avx512_core_fp16"},
        {Isa::avx512_core_amx_fp16, "avx512_core_amx_fp16"},
#else
        {Isa::avx512_mic, "avx512_mic"},
        {Isa::avx512_mic_4ops, "avx512_mic_4ops"},
#endif
        {Isa::avx512_core, "avx512_core"},
        {Isa::avx512_core_vnni, "avx512_core_vnni"},
        {Isa::avx512_core_bf16, "avx512_core_bf16"},
        {Isa::avx512_core_amx, "avx512_core_amx"},
#if DNNL_VERSION_MAJOR >= 3
        {Isa::isa_default, "default"},
#else
        {Isa::all, "all"},
#endif
    };
    for (const auto& [value, name] : kNames)
        if (value == isa)
            return name;
    return "unknown";
}

}  // namespace es::onednn

#endif  // EPOCHSCOPE_WITH_ONEDNN
