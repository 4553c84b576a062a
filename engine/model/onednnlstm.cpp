#include "engine/model/onednnlstm_torch.h"

#include "engine/model/lstmrecurrence.h"
#include "engine/model/onednnrnn_torch.h"
#include "engine/model/parallelparts.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

// Inference: oneDNN's forward_inference primitive, with the plumbing (engine, stream,
// descriptors, weight layouts, scratchpad) of model/onednnrnn_torch.h, shared with the GRU.
// Training: the engine's recurrence on oneDNN's GEMM (model/lstmrecurrence.h), each batch part
// on its own thread; what is the LSTM's own here is the summed bias and the cell state c.

namespace es {

namespace {

/// LibTorch's LSTM stacks the gates (i, f, g, o) along the first dimension of its weights.
constexpr std::int64_t kLstmGates = 4;

}  // namespace

#if EPOCHSCOPE_WITH_ONEDNN

namespace {

using onednn::CellTensors;
using onednn::partOf;
using onednn::ShapeKey;
using onednn::viewOf;

/// One shape's inference primitives (see onednn::Primitives).
using LstmPrimitives = onednn::Primitives<dnnl::lstm_forward, dnnl::lstm_backward>;

c10::intrusive_ptr<LstmPrimitives> buildLstmPrimitives(const ShapeKey& shape)
{
    // One bias vector per gate: the primitive takes bias_ih + bias_hh.
    auto built = c10::make_intrusive<LstmPrimitives>(shape, kLstmGates, kLstmGates);
    LstmPrimitives& p = *built;
    p.buildForward(
        onednn::lstmForwardDesc(p, p.forwardKind(), onednn::userScratchpad(), onednn::cpuEngine()));
    return built;
}

using LstmParts = onednn::PartedPrimitives<LstmPrimitives>;

/// forward_inference, every part at once, each with its cell state c.
LstmResult runInference(const LstmParts& held, const CellTensors& inputs)
{
    const std::int64_t batch = inputs.x.size(0);
    const std::int64_t units = inputs.weightHh.size(1);
    const auto options = inputs.x.options();
    LstmResult result{torch::empty({batch, inputs.x.size(1), units}, options),
                      torch::empty({batch, units}, options), torch::empty({batch, units}, options)};
    onednn::runForwardParts(
        held, inputs, {result.output, result.hn}, nullptr, [&](std::size_t i) -> onednn::Arguments {
            const LstmPrimitives& primitives = *held.primitives[i];
            return {{DNNL_ARG_SRC_ITER_C, primitives.zeroState},
                    {DNNL_ARG_DST_ITER_C, viewOf(primitives.state, held.slice(result.cn, i))}};
        });
    return result;
}

onednn::LstmRecurrenceShape recurrenceShape(const onednn::BatchPart& part, const torch::Tensor& x,
                                            std::int64_t units)
{
    return {part.size, x.size(1), x.size(2), units};
}

/// The LSTM as a LibTorch autograd function over the engine's recurrence: the forward saves
/// what the backward reads (input, weights, h, the gates' activations, c and tanh(c) at every
/// step); each batch part runs on its own thread.
class OneDnnLstmFunction : public torch::autograd::Function<OneDnnLstmFunction> {
public:
    static torch::autograd::variable_list forward(torch::autograd::AutogradContext* context,
                                                  const torch::Tensor& x,
                                                  const torch::Tensor& weightIh,
                                                  const torch::Tensor& weightHh,
                                                  const torch::Tensor& biasIh,
                                                  const torch::Tensor& biasHh)
    {
        const std::int64_t batch = x.size(0), steps = x.size(1), units = weightHh.size(1);
        const auto options = x.options();
        const torch::Tensor output = torch::empty({batch, steps, units}, options);
        const torch::Tensor gates = torch::empty({batch, steps, kLstmGates * units}, options);
        const torch::Tensor cell = torch::empty({batch, steps, units}, options);
        const torch::Tensor cellTanh = torch::empty({batch, steps, units}, options);
        // The cell adds both biases to the same gates; the products read the weights
        // transposed.
        const torch::Tensor bias = biasIh + biasHh;
        const torch::Tensor weightIhTransposed = weightIh.t().contiguous();
        const torch::Tensor weightHhTransposed = weightHh.t().contiguous();
        const std::vector<onednn::BatchPart> parts = onednn::batchParts(batch);
        runInParallel(parts.size(), [&](std::size_t i) {
            const onednn::BatchPart& part = parts[i];
            onednn::lstmRecurrenceForward(
                recurrenceShape(part, x, units),
                {partOf(x, part).data_ptr<float>(), weightIhTransposed.data_ptr<float>(),
                 weightHhTransposed.data_ptr<float>(), bias.data_ptr<float>()},
                {partOf(output, part).data_ptr<float>(), partOf(gates, part).data_ptr<float>(),
                 partOf(cell, part).data_ptr<float>(), partOf(cellTanh, part).data_ptr<float>()});
        });
        context->save_for_backward({x, weightIh, weightHh, output, gates, cell, cellTanh});
        // Copies, not views: each result of an autograd function is a tensor of its own.
        return {output, output.select(1, steps - 1).clone(), cell.select(1, steps - 1).clone()};
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradients)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const torch::Tensor& x = saved[0];
        const torch::Tensor& weightIh = saved[1];
        const torch::Tensor& weightHh = saved[2];
        const torch::Tensor& output = saved[3];
        const torch::Tensor& gates = saved[4];
        const torch::Tensor& cell = saved[5];
        const torch::Tensor& cellTanh = saved[6];
        const std::int64_t batch = x.size(0), steps = x.size(1), units = weightHh.size(1);
        const torch::Tensor outputGradient = onednn::upstreamGradient(gradients, 0, output);
        const torch::Tensor hnGradient =
            onednn::upstreamGradient(gradients, 1, output.select(1, steps - 1));
        const torch::Tensor cnGradient =
            onednn::upstreamGradient(gradients, 2, cell.select(1, steps - 1));

        const torch::Tensor xGradient = torch::empty_like(x);
        const torch::Tensor gateGradients = torch::empty_like(gates);
        const std::vector<onednn::BatchPart> parts = onednn::batchParts(batch);
        // Each part's weight and bias gradients (summed below in the parts' order) and its
        // scratch for the gradients of h and c carried from step to step.
        std::vector<CellTensors> partGradients;
        std::vector<torch::Tensor> stateGradients;
        for (const onednn::BatchPart& part : parts) {
            partGradients.push_back({torch::Tensor(), torch::empty_like(weightIh),
                                     torch::empty_like(weightHh),
                                     torch::empty({kLstmGates * units}, x.options())});
            stateGradients.push_back(torch::empty({2 * part.size * units}, x.options()));
        }
        runInParallel(parts.size(), [&](std::size_t i) {
            const onednn::BatchPart& part = parts[i];
            const CellTensors& mine = partGradients[i];
            onednn::lstmRecurrenceBackward(
                recurrenceShape(part, x, units),
                {partOf(x, part).data_ptr<float>(), weightIh.data_ptr<float>(),
                 weightHh.data_ptr<float>(), partOf(outputGradient, part).data_ptr<float>(),
                 partOf(hnGradient, part).data_ptr<float>(),
                 partOf(cnGradient, part).data_ptr<float>()},
                {partOf(output, part).data_ptr<float>(), partOf(gates, part).data_ptr<float>(),
                 partOf(cell, part).data_ptr<float>(), partOf(cellTanh, part).data_ptr<float>()},
                {partOf(xGradient, part).data_ptr<float>(), mine.weightIh.data_ptr<float>(),
                 mine.weightHh.data_ptr<float>(), mine.bias.data_ptr<float>(),
                 partOf(gateGradients, part).data_ptr<float>(),
                 stateGradients[i].data_ptr<float>()});
        });
        CellTensors gradient = partGradients.front();
        for (std::size_t i = 1; i < partGradients.size(); ++i) {
            gradient.weightIh.add_(partGradients[i].weightIh);
            gradient.weightHh.add_(partGradients[i].weightHh);
            gradient.bias.add_(partGradients[i].bias);
        }
        // Two tensors, not one: LibTorch may adopt a gradient as the parameter's .grad and
        // later add to it in place, which must not reach the other bias.
        return {xGradient, gradient.weightIh, gradient.weightHh, gradient.bias,
                gradient.bias.clone()};
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
    if (!onednn::recordsGradient({&x, &weightIh, &weightHh, &biasIh, &biasHh})) {
        const ShapeKey shape{x.size(1), x.size(0), x.size(2), weightHh.size(1), false};
        return runInference(
            *onednn::partedPrimitives(cacheImpl(cache), shape, buildLstmPrimitives),
            {x.contiguous(), weightIh.contiguous(), weightHh.contiguous(), biasIh + biasHh});
    }
    const torch::autograd::variable_list results =
        OneDnnLstmFunction::apply(x.contiguous(), weightIh.contiguous(), weightHh.contiguous(),
                                  biasIh.contiguous(), biasHh.contiguous());
    OneDnnLstmCache::Impl& impl = cacheImpl(cache);
    const std::lock_guard<std::mutex> lock(impl.mutex);
    impl.stats.trainingRuns += onednn::batchParts(x.size(0)).size();
    return {results[0], results[1], results[2]};
#else
    (void)cache;
    throw std::runtime_error(
        "the onednn LSTM backend is not in this build (configured with "
        "EPOCHSCOPE_WITH_ONEDNN=OFF)");
#endif
}

}  // namespace es
