#include "engine/model/onednnlstm_torch.h"

#include "engine/model/onednnrnn_torch.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

// The oneDNN plumbing (engine, stream, descriptors, weight layouts, scratchpad, workspace pool)
// is model/onednnrnn_torch.h's, shared with the GRU. What is the LSTM's own: its primitives,
// the summed bias and the cell state c.

namespace es {

namespace {

/// LibTorch's LSTM stacks the gates (i, f, g, o) along the first dimension of its weights.
constexpr std::int64_t kLstmGates = 4;

}  // namespace

#if EPOCHSCOPE_WITH_ONEDNN

namespace {

using onednn::CellTensors;
using onednn::ShapeKey;
using onednn::viewOf;

/// One shape's primitives (see onednn::Primitives), with the LSTM's own buffer for c.
struct LstmPrimitives : onednn::Primitives<dnnl::lstm_forward, dnnl::lstm_backward> {
    using Primitives::Primitives;

    /// The gradient for the initial c, which nothing reads: written by each backward.
    dnnl::memory initialCGradient;
};

c10::intrusive_ptr<LstmPrimitives> buildLstmPrimitives(const ShapeKey& shape)
{
    // One bias vector per gate: the primitives take bias_ih + bias_hh.
    auto built = c10::make_intrusive<LstmPrimitives>(shape, kLstmGates, kLstmGates);
    LstmPrimitives& p = *built;
    p.buildForward(
        onednn::lstmForwardDesc(p, p.forwardKind(), onednn::userScratchpad(), onednn::cpuEngine()));
    if (!shape.training)
        return built;
    p.buildBackward(
        onednn::lstmBackwardDesc(p, p.forwardDesc, onednn::userScratchpad(), onednn::cpuEngine()));
    p.initialCGradient = dnnl::memory(p.state, onednn::cpuEngine());
    return built;
}

using LstmParts = onednn::PartedPrimitives<LstmPrimitives>;

/// Runs the forward, every part at once, each with its cell state c; with a workspace per part
/// (forward_training) when `workspaces` is given.
LstmResult runForward(const LstmParts& held, const CellTensors& inputs,
                      std::vector<torch::Tensor>* workspaces)
{
    const std::int64_t batch = inputs.x.size(0);
    const std::int64_t units = inputs.weightHh.size(1);
    const auto options = inputs.x.options();
    LstmResult result{torch::empty({batch, inputs.x.size(1), units}, options),
                      torch::empty({batch, units}, options), torch::empty({batch, units}, options)};
    onednn::runForwardParts(
        held, inputs, {result.output, result.hn}, workspaces,
        [&](std::size_t i) -> onednn::Arguments {
            const LstmPrimitives& primitives = *held.primitives[i];
            return {{DNNL_ARG_SRC_ITER_C, primitives.zeroState},
                    {DNNL_ARG_DST_ITER_C, viewOf(primitives.state, held.slice(result.cn, i))}};
        });
    return result;
}

/// The LSTM as a LibTorch autograd function: the forward saves what lstm_backward reads
/// (input, weights, summed bias, the three results and each part's workspace) and the
/// primitives.
class OneDnnLstmFunction : public torch::autograd::Function<OneDnnLstmFunction> {
public:
    static torch::autograd::variable_list forward(
        torch::autograd::AutogradContext* context, const torch::Tensor& x,
        const torch::Tensor& weightIh, const torch::Tensor& weightHh, const torch::Tensor& biasIh,
        const torch::Tensor& biasHh, const c10::intrusive_ptr<LstmParts>& held)
    {
        // The two biases summed: the cell adds both to the same gates.
        const CellTensors inputs{x, weightIh, weightHh, biasIh + biasHh};
        std::vector<torch::Tensor> workspaces;
        LstmResult result = runForward(*held, inputs, &workspaces);
        // Saved as variables, so autograd lets go of the workspaces as soon as the backward
        // has run and the next step's forward can take them again.
        torch::autograd::variable_list saved{
            x, weightIh, weightHh, inputs.bias, result.output, result.hn, result.cn};
        saved.insert(saved.end(), workspaces.begin(), workspaces.end());
        context->save_for_backward(saved);
        context->saved_data["primitives"] = c10::IValue::make_capsule(held);
        return {result.output, result.hn, result.cn};
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradients)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const CellTensors inputs{saved[0], saved[1], saved[2], saved[3]};
        const torch::Tensor& output = saved[4];
        const torch::Tensor& hn = saved[5];
        const torch::Tensor& cn = saved[6];
        const std::vector<torch::Tensor> workspaces(saved.begin() + 7, saved.end());
        const auto held = c10::static_intrusive_pointer_cast<LstmParts>(
            context->saved_data["primitives"].toCapsule());

        const torch::Tensor cnGradient = onednn::upstreamGradient(gradients, 2, cn);
        const CellTensors gradient = onednn::runBackwardParts(
            *held, inputs, output, hn, onednn::upstreamGradient(gradients, 0, output),
            onednn::upstreamGradient(gradients, 1, hn), workspaces,
            [&](std::size_t i) -> onednn::Arguments {
                const LstmPrimitives& primitives = *held->primitives[i];
                const onednn::Desc& state = primitives.state;
                return {{DNNL_ARG_SRC_ITER_C, primitives.zeroState},
                        {DNNL_ARG_DST_ITER_C, viewOf(state, held->slice(cn, i))},
                        {DNNL_ARG_DIFF_DST_ITER_C, viewOf(state, held->slice(cnGradient, i))},
                        {DNNL_ARG_DIFF_SRC_ITER_C, primitives.initialCGradient}};
            });
        // Two tensors, not one: LibTorch may adopt a gradient as the parameter's .grad and
        // later add to it in place, which must not reach the other bias.
        return {gradient.x,    gradient.weightIh,     gradient.weightHh,
                gradient.bias, gradient.bias.clone(), torch::Tensor()};
    }
};

}  // namespace

struct OneDnnLstmCache::Impl : onednn::PrimitiveCache<LstmPrimitives, OneDnnLstmCacheStats> {};

#else  // built without oneDNN: the cache stays empty and oneDnnLstm says why it cannot run

struct OneDnnLstmCache::Impl {
    mutable std::mutex mutex;
    OneDnnLstmCacheStats stats;
};

#endif

OneDnnLstmCache::OneDnnLstmCache() : m_impl(std::make_unique<Impl>()) {}

OneDnnLstmCache::~OneDnnLstmCache() = default;

OneDnnLstmCacheStats OneDnnLstmCache::stats() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->stats;
}

OneDnnLstmCache::Impl& cacheImpl(OneDnnLstmCache& cache)
{
    return *cache.m_impl;
}

LstmResult oneDnnLstm(const torch::Tensor& x, const torch::Tensor& weightIh,
                      const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                      const torch::Tensor& biasHh, OneDnnLstmCache& cache)
{
    onednn::checkSequence("LSTM", x);
    onednn::checkParameters("LSTM", kLstmGates, x, weightIh, weightHh, biasIh, biasHh);
#if EPOCHSCOPE_WITH_ONEDNN
    ShapeKey shape{x.size(1), x.size(0), x.size(2), weightHh.size(1), false};
    if (!onednn::recordsGradient({&x, &weightIh, &weightHh, &biasIh, &biasHh})) {
        return runForward(
            *onednn::partedPrimitives(cacheImpl(cache), shape, buildLstmPrimitives),
            {x.contiguous(), weightIh.contiguous(), weightHh.contiguous(), biasIh + biasHh},
            nullptr);
    }
    shape.training = true;
    const torch::autograd::variable_list results = OneDnnLstmFunction::apply(
        x.contiguous(), weightIh.contiguous(), weightHh.contiguous(), biasIh.contiguous(),
        biasHh.contiguous(),
        onednn::partedPrimitives(cacheImpl(cache), shape, buildLstmPrimitives));
    return {results[0], results[1], results[2]};
#else
    (void)cache;
    throw std::runtime_error(
        "the onednn LSTM backend is not in this build (configured with "
        "EPOCHSCOPE_WITH_ONEDNN=OFF)");
#endif
}

}  // namespace es
