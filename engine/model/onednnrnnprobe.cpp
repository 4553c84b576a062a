// The probe of onednnrnnguard.h: a few small LSTMs and GRUs through oneDNN, and a reference.
#include "engine/model/onednnrnnguard.h"

#if EPOCHSCOPE_WITH_ONEDNN

#include "engine/model/onednnapi.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <unordered_map>
#include <vector>

#endif

namespace es::onednn {

#if EPOCHSCOPE_WITH_ONEDNN

namespace {

using Tag = dnnl::memory::format_tag;
constexpr auto kF32 = dnnl::memory::data_type::f32;

/// One recurrent layer's sizes: input features, hidden units, batch, time steps.
struct ProbeShape {
    std::int64_t input, hidden, batch, steps;
};

/// Hidden sizes that oneDNN 3.7.2's avx512_core inference got wrong (8 and 48; 33 too, while
/// 17 to 32 and 64 came out right). Two shapes only: each primitive is compiled on the fly, and
/// the probe delays every program's start.
constexpr ProbeShape kProbeShapes[] = {{16, 8, 4, 6}, {5, 48, 3, 4}};

/// Deterministic values in [-scale, scale]: the probe must not depend on a random seed.
std::vector<float> probeValues(std::size_t count, std::uint32_t seed, float scale)
{
    std::vector<float> values(count);
    std::uint32_t state = seed;
    for (float& value : values) {
        state = state * 1664525U + 1013904223U;
        value = scale * (static_cast<float>(state >> 8) / static_cast<float>(1U << 23) - 1.0F);
    }
    return values;
}

double largestDifference(const std::vector<float>& a, const std::vector<float>& b)
{
    double largest = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        largest = std::max(largest, std::fabs(static_cast<double>(a[i]) - b[i]));
    return largest;
}

float sigmoid(float x)
{
    return 1.0F / (1.0F + std::exp(-x));
}

/// The LSTM written out, in oneDNN's layouts: x (T, B, I), weights ldgoi (LibTorch's
/// (4H, I) weights) with the gates in oneDNN's order (i, f, c~, o), one bias per gate, zero
/// initial states. Returns h over time.
std::vector<float> referenceLstm(const ProbeShape& s, const std::vector<float>& x,
                                 const std::vector<float>& wx, const std::vector<float>& wh,
                                 const std::vector<float>& bias)
{
    const std::int64_t gates = 4;
    std::vector<float> h(static_cast<std::size_t>(s.batch * s.hidden), 0.0F);
    std::vector<float> c(h.size(), 0.0F);
    std::vector<float> output;
    std::vector<float> g(static_cast<std::size_t>(gates * s.hidden));
    for (std::int64_t t = 0; t < s.steps; ++t) {
        std::vector<float> next(h.size());
        for (std::int64_t b = 0; b < s.batch; ++b) {
            for (std::int64_t k = 0; k < gates * s.hidden; ++k) {
                float sum = bias[static_cast<std::size_t>(k)];
                for (std::int64_t i = 0; i < s.input; ++i)
                    sum += x[static_cast<std::size_t>((t * s.batch + b) * s.input + i)] *
                           wx[static_cast<std::size_t>(k * s.input + i)];
                for (std::int64_t j = 0; j < s.hidden; ++j)
                    sum += h[static_cast<std::size_t>(b * s.hidden + j)] *
                           wh[static_cast<std::size_t>(k * s.hidden + j)];
                g[static_cast<std::size_t>(k)] = sum;
            }
            for (std::int64_t j = 0; j < s.hidden; ++j) {
                const auto at = [&](std::int64_t gate) {
                    return g[static_cast<std::size_t>(gate * s.hidden + j)];
                };
                const auto cell = static_cast<std::size_t>(b * s.hidden + j);
                c[cell] = sigmoid(at(1)) * c[cell] + sigmoid(at(0)) * std::tanh(at(2));
                next[cell] = sigmoid(at(3)) * std::tanh(c[cell]);
            }
        }
        h = next;
        output.insert(output.end(), h.begin(), h.end());
    }
    return output;
}

/// Runs one forward primitive of `kind` on the given values and returns its output sequence.
/// The weights go in as LibTorch holds them (ldgoi), through a reorder into the layout the
/// primitive chose (`any`), as LibTorch's LSTM and the fused cells give theirs: oneDNN 3.7.2 was
/// right with ldigo weights and wrong with these, on the same kernel.
template <typename Describe>
std::vector<float> runForward(const ProbeShape& s, std::int64_t gates, std::int64_t biases,
                              dnnl::prop_kind kind, bool withCellState, const std::vector<float>& x,
                              std::vector<float> wx, std::vector<float> wh, std::vector<float> bias,
                              const Describe& describe)
{
    const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    dnnl::stream stream(engine);
    RnnLayouts layouts;
    layouts.source = Desc({s.steps, s.batch, s.input}, kF32, Tag::tnc);
    layouts.destination = Desc({s.steps, s.batch, s.hidden}, kF32, Tag::tnc);
    layouts.state = Desc({1, 1, s.batch, s.hidden}, kF32, Tag::ldnc);
    layouts.bias = Desc({1, 1, biases, s.hidden}, kF32, Tag::ldgo);
    layouts.anyLayerWeights = Desc({1, 1, s.input, gates, s.hidden}, kF32, Tag::any);
    layouts.anyIterWeights = Desc({1, 1, s.hidden, gates, s.hidden}, kF32, Tag::any);
    // A scratchpad of the caller's, as LibTorch's LSTM and the fused cells give theirs, filled
    // with NaN bits as reused memory may be: a kernel that reads it before writing shows.
    dnnl::primitive_attr attributes;
    attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    const auto primitive = describe(layouts, kind, attributes, engine);
    std::vector<unsigned char> scratchpad(primitive.scratchpad_desc().get_size(), 0xFF);

    const auto placed = [&](std::vector<float>& values, const Desc& user, const Desc& wanted) {
        dnnl::memory from(user, engine, values.data());
        if (user == wanted)
            return from;
        dnnl::memory to(wanted, engine);
        dnnl::reorder(from, to).execute(stream, from, to);
        return to;
    };
    std::vector<float> input = x;
    std::vector<float> output(static_cast<std::size_t>(s.steps * s.batch * s.hidden));
    std::vector<float> zeros(static_cast<std::size_t>(s.batch * s.hidden), 0.0F);
    std::vector<float> hn(zeros.size());
    std::vector<float> cn(zeros.size());
    std::unordered_map<int, dnnl::memory> arguments{
        {DNNL_ARG_SRC_LAYER, dnnl::memory(layouts.source, engine, input.data())},
        {DNNL_ARG_SRC_ITER, dnnl::memory(layouts.state, engine, zeros.data())},
        {DNNL_ARG_WEIGHTS_LAYER,
         placed(wx, Desc({1, 1, s.input, gates, s.hidden}, kF32, Tag::ldgoi),
                primitive.weights_layer_desc())},
        {DNNL_ARG_WEIGHTS_ITER,
         placed(wh, Desc({1, 1, s.hidden, gates, s.hidden}, kF32, Tag::ldgoi),
                primitive.weights_iter_desc())},
        {DNNL_ARG_BIAS, dnnl::memory(layouts.bias, engine, bias.data())},
        {DNNL_ARG_DST_LAYER, dnnl::memory(layouts.destination, engine, output.data())},
        {DNNL_ARG_DST_ITER, dnnl::memory(layouts.state, engine, hn.data())}};
    if (withCellState) {
        arguments.emplace(DNNL_ARG_SRC_ITER_C, dnnl::memory(layouts.state, engine, zeros.data()));
        arguments.emplace(DNNL_ARG_DST_ITER_C, dnnl::memory(layouts.state, engine, cn.data()));
    }
    arguments.emplace(DNNL_ARG_SCRATCHPAD,
                      dnnl::memory(primitive.scratchpad_desc(), engine, scratchpad.data()));
    if (kind == dnnl::prop_kind::forward_training)
        arguments.emplace(DNNL_ARG_WORKSPACE, dnnl::memory(primitive.workspace_desc(), engine));
    using Primitive = typename std::decay_t<decltype(primitive)>;
    using Forward =
        std::conditional_t<std::is_same_v<Primitive, dnnl::lstm_forward::primitive_desc>,
                           dnnl::lstm_forward, dnnl::lbr_gru_forward>;
    Forward(primitive).execute(stream, arguments);
    stream.wait();
    return output;
}

void probeShape(const ProbeShape& s, RnnInferenceProbe& probe)
{
    const auto seed = static_cast<std::uint32_t>(s.hidden * 131 + s.input);
    const auto count = [](std::int64_t n) { return static_cast<std::size_t>(n); };
    const std::vector<float> x = probeValues(count(s.steps * s.batch * s.input), seed, 1.0F);

    // LSTM against the reference.
    const std::vector<float> lstmWx = probeValues(count(s.input * 4 * s.hidden), seed + 1, 0.5F);
    const std::vector<float> lstmWh = probeValues(count(s.hidden * 4 * s.hidden), seed + 2, 0.5F);
    const std::vector<float> lstmBias = probeValues(count(4 * s.hidden), seed + 3, 0.5F);
    const std::vector<float> lstm = runForward(s, 4, 4, dnnl::prop_kind::forward_inference, true, x,
                                               lstmWx, lstmWh, lstmBias, lstmForwardDesc);
    probe.lstmError = std::max(
        probe.lstmError, largestDifference(lstm, referenceLstm(s, x, lstmWx, lstmWh, lstmBias)));

    // The linear-before-reset GRU's inference against its training forward (four bias
    // vectors: the reset gate's hidden bias is separate).
    const std::vector<float> gruWx = probeValues(count(s.input * 3 * s.hidden), seed + 4, 0.5F);
    const std::vector<float> gruWh = probeValues(count(s.hidden * 3 * s.hidden), seed + 5, 0.5F);
    const std::vector<float> gruBias = probeValues(count(4 * s.hidden), seed + 6, 0.5F);
    const auto gru = [&](dnnl::prop_kind kind) {
        return runForward(s, 3, 4, kind, false, x, gruWx, gruWh, gruBias, gruForwardDesc);
    };
    probe.gruError =
        std::max(probe.gruError, largestDifference(gru(dnnl::prop_kind::forward_inference),
                                                   gru(dnnl::prop_kind::forward_training)));
}

}  // namespace

RnnInferenceProbe probeRnnInference()
{
    RnnInferenceProbe probe;
    try {
        for (const ProbeShape& shape : kProbeShapes)
            probeShape(shape, probe);
        probe.isa = isaName(dnnl::get_effective_cpu_isa());
    } catch (const dnnl::error& error) {
        probe.failure = std::string("oneDNN: ") + error.what();
    }
    return probe;
}

#else  // built without oneDNN

RnnInferenceProbe probeRnnInference()
{
    RnnInferenceProbe probe;
    probe.failure = "oneDNN: not in this build (configured with EPOCHSCOPE_WITH_ONEDNN=OFF)";
    return probe;
}

#endif

}  // namespace es::onednn
