#include "engine/model/onednnlstm_torch.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <vector>

#if EPOCHSCOPE_WITH_ONEDNN
#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace es {

namespace {

/// LibTorch's LSTM stacks the gates (i, f, g, o) along the first dimension of its weights.
constexpr std::int64_t kGates = 4;
/// Workspaces kept for reuse per shape: one per forward whose backward has not run yet, so
/// one per layer of that shape in a training step; more are allocated and dropped.
constexpr std::size_t kMaxPooledWorkspaces = 4;

struct ShapeKey {
    std::int64_t steps = 0;
    std::int64_t batch = 0;
    std::int64_t inputs = 0;
    std::int64_t units = 0;
    bool training = false;

    bool operator<(const ShapeKey& other) const
    {
        return std::tie(steps, batch, inputs, units, training) <
               std::tie(other.steps, other.batch, other.inputs, other.units, other.training);
    }
};

}  // namespace

#if EPOCHSCOPE_WITH_ONEDNN

namespace {

using Tag = dnnl::memory::format_tag;
using DataType = dnnl::memory::data_type;
using Desc = dnnl::memory::desc;
using Arguments = std::unordered_map<int, dnnl::memory>;

/// One CPU engine for the process: it stands for the machine and holds no per-run state.
const dnnl::engine& cpuEngine()
{
    static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

/// A stream per thread: a CPU stream only orders the calls made through it, and oneDNN does
/// not promise that one stream may be used from two threads at once (two sessions may train
/// at the same time).
dnnl::stream& cpuStream()
{
    thread_local dnnl::stream stream(cpuEngine());
    return stream;
}

/// (T, N, C) in 'ntc' order: (N, T, C) in memory, which is LibTorch's batch_first (B, T, C),
/// so sequences go in and come out without a transpose.
Desc sequenceDesc(std::int64_t steps, std::int64_t batch, std::int64_t channels)
{
    return Desc({steps, batch, channels}, DataType::f32, Tag::ntc);
}

/// h or c of the single layer and direction: (1, 1, N, C), which is a contiguous (B, H).
Desc stateDesc(std::int64_t batch, std::int64_t units)
{
    return Desc({1, 1, batch, units}, DataType::f32, Tag::ldnc);
}

/// LibTorch's (4H, inputs) weight is 'ldgoi': gate, then output unit, then input, innermost.
/// The primitives want 'ldigo' (forward) and 'ldgoi' or a blocked layout (backward) and say
/// which through `any`.
Desc weightsDesc(std::int64_t inputs, std::int64_t units, Tag tag)
{
    return Desc({1, 1, inputs, kGates, units}, DataType::f32, tag);
}

/// (4H) biases in gate order: 'ldgo'.
Desc biasDesc(std::int64_t units)
{
    return Desc({1, 1, kGates, units}, DataType::f32, Tag::ldgo);
}

/// A tensor's storage seen through a memory descriptor (the caller checked the layout).
dnnl::memory viewOf(const Desc& desc, const torch::Tensor& tensor)
{
    return dnnl::memory(desc, cpuEngine(), tensor.data_ptr());
}

/// A weight matrix in the layout a primitive chose, converted from (or to) LibTorch's layout
/// by a reorder built once. The buffer is reused by every call; without a layout change the
/// tensor's own storage is used.
class LaidOutWeights {
public:
    LaidOutWeights() = default;
    LaidOutWeights(const Desc& user, const Desc& chosen, bool towardsUser)
        : m_user(user), m_chosen(chosen), m_same(user == chosen)
    {
        if (m_same)
            return;
        m_buffer = dnnl::memory(chosen, cpuEngine());
        const Desc& from = towardsUser ? chosen : user;
        const Desc& to = towardsUser ? user : chosen;
        m_reorder =
            dnnl::reorder(dnnl::reorder::primitive_desc(cpuEngine(), from, cpuEngine(), to));
    }

    /// `weights` (LibTorch layout) as the primitive reads them.
    dnnl::memory read(const torch::Tensor& weights, dnnl::stream& stream)
    {
        dnnl::memory user = viewOf(m_user, weights);
        if (m_same)
            return user;
        m_reorder.execute(stream, user, m_buffer);
        return m_buffer;
    }

    /// Where the primitive writes a gradient that ends up in `gradient` (LibTorch layout),
    /// zeroed: oneDNN 2.6's lstm_backward adds to its diff weights instead of overwriting them.
    dnnl::memory zeroedTarget(const torch::Tensor& gradient)
    {
        if (m_same) {
            gradient.zero_();
            return viewOf(m_user, gradient);
        }
        std::memset(m_buffer.get_data_handle(), 0, m_chosen.get_size());
        return m_buffer;
    }

    /// Moves what the primitive wrote into `gradient` (after zeroedTarget and the execution).
    void store(const torch::Tensor& gradient, dnnl::stream& stream)
    {
        if (m_same)
            return;
        dnnl::memory user = viewOf(m_user, gradient);
        m_reorder.execute(stream, m_buffer, user);
    }

private:
    Desc m_user;
    Desc m_chosen;
    bool m_same = true;
    dnnl::memory m_buffer;
    dnnl::reorder m_reorder;
};

/// The primitives of one shape and the scratch buffers they reuse. Held by the cache and by
/// every autograd node that still has to run its backward (a capsule in the node's saved
/// data), so a node keeps its primitives even if the cache is gone.
struct LstmPrimitives : torch::CustomClassHolder {
    ShapeKey shape;
    /// Executions on the reused buffers must not overlap (the model is single-threaded; this
    /// keeps a misuse from corrupting results).
    std::mutex executing;

    dnnl::lstm_forward::primitive_desc forwardDesc;
    dnnl::lstm_forward forward;
    LaidOutWeights forwardLayer;  ///< weight_ih as the forward reads it
    LaidOutWeights forwardIter;   ///< weight_hh

    // forward_training only
    dnnl::lstm_backward::primitive_desc backwardDesc;
    dnnl::lstm_backward backward;
    LaidOutWeights backwardLayer;
    LaidOutWeights backwardIter;
    LaidOutWeights diffLayer;  ///< d weight_ih, from the backward's layout
    LaidOutWeights diffIter;   ///< d weight_hh

    /// The zero initial h and c (read only). Passed explicitly rather than left out: oneDNN
    /// 2.6 without src_iter gets the recurrent weights' gradient wrong for a batch of one
    /// (one step gave a non-zero d weight_hh; tst_onednnlstm found it, a zero src_iter fixes it).
    dnnl::memory zeroState;
    /// The gradients for that initial state, which nothing reads: written by each backward.
    dnnl::memory initialHGradient;
    dnnl::memory initialCGradient;

    /// The primitives' temporary memory, one buffer for the forward and the backward (they
    /// never run at once). In oneDNN's default mode each execution allocates and frees its
    /// own, megabytes of fresh pages every step; here it is allocated once per shape.
    torch::Tensor scratchpad;
    dnnl::memory forwardScratchpad;
    dnnl::memory backwardScratchpad;
    /// forward_training's workspaces: each lives until its backward has run (the autograd node
    /// holds it); one nothing else holds any more is taken again instead of allocating.
    std::vector<torch::Tensor> workspaces;

    torch::Tensor takeWorkspace()
    {
        for (const torch::Tensor& workspace : workspaces)
            if (workspace.use_count() == 1)
                return workspace;
        const auto bytes = static_cast<std::int64_t>(forwardDesc.workspace_desc().get_size());
        // LibTorch's CPU allocator aligns to 64 bytes, as oneDNN wants its buffers.
        torch::Tensor workspace = torch::empty({bytes}, torch::kUInt8);
        if (workspaces.size() < kMaxPooledWorkspaces)
            workspaces.push_back(workspace);
        return workspace;
    }
};

/// Scratchpads supplied by the caller (see LstmPrimitives::scratchpad).
dnnl::primitive_attr userScratchpad()
{
    dnnl::primitive_attr attributes;
    attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    return attributes;
}

/// One buffer large enough for the forward's and the backward's scratchpads, seen as each.
void shareScratchpad(LstmPrimitives& primitives, const Desc& forward, const Desc* backward)
{
    std::size_t bytes = forward.get_size();
    if (backward != nullptr)
        bytes = std::max(bytes, backward->get_size());
    primitives.scratchpad = torch::empty({static_cast<std::int64_t>(bytes)}, torch::kUInt8);
    void* data = primitives.scratchpad.data_ptr();
    primitives.forwardScratchpad = dnnl::memory(forward, cpuEngine(), data);
    if (backward != nullptr)
        primitives.backwardScratchpad = dnnl::memory(*backward, cpuEngine(), data);
}

c10::intrusive_ptr<LstmPrimitives> buildPrimitives(const ShapeKey& shape)
{
    const std::int64_t T = shape.steps;
    const std::int64_t B = shape.batch;
    const std::int64_t I = shape.inputs;
    const std::int64_t H = shape.units;
    const Desc source = sequenceDesc(T, B, I);
    const Desc destination = sequenceDesc(T, B, H);
    const Desc state = stateDesc(B, H);
    const Desc bias = biasDesc(H);
    const auto direction = dnnl::rnn_direction::unidirectional_left2right;

    auto primitives = c10::make_intrusive<LstmPrimitives>();
    primitives->shape = shape;
    const dnnl::lstm_forward::desc forward(
        shape.training ? dnnl::prop_kind::forward_training : dnnl::prop_kind::forward_inference,
        direction, source, state, state, weightsDesc(I, H, Tag::any), weightsDesc(H, H, Tag::any),
        bias, destination, state, state);
    primitives->forwardDesc =
        dnnl::lstm_forward::primitive_desc(forward, userScratchpad(), cpuEngine());
    primitives->forward = dnnl::lstm_forward(primitives->forwardDesc);
    primitives->forwardLayer = LaidOutWeights(weightsDesc(I, H, Tag::ldgoi),
                                              primitives->forwardDesc.weights_layer_desc(), false);
    primitives->forwardIter = LaidOutWeights(weightsDesc(H, H, Tag::ldgoi),
                                             primitives->forwardDesc.weights_iter_desc(), false);
    primitives->zeroState = dnnl::memory(state, cpuEngine());
    std::memset(primitives->zeroState.get_data_handle(), 0, state.get_size());
    if (!shape.training) {
        shareScratchpad(*primitives, primitives->forwardDesc.scratchpad_desc(), nullptr);
        return primitives;
    }

    const dnnl::lstm_backward::desc backward(
        dnnl::prop_kind::backward, direction, source, state, state, weightsDesc(I, H, Tag::any),
        weightsDesc(H, H, Tag::any), bias, destination, state, state, source, state, state,
        weightsDesc(I, H, Tag::any), weightsDesc(H, H, Tag::any), bias, destination, state, state);
    primitives->backwardDesc = dnnl::lstm_backward::primitive_desc(
        backward, userScratchpad(), cpuEngine(), primitives->forwardDesc);
    primitives->backward = dnnl::lstm_backward(primitives->backwardDesc);
    const auto& pd = primitives->backwardDesc;
    primitives->backwardLayer =
        LaidOutWeights(weightsDesc(I, H, Tag::ldgoi), pd.weights_layer_desc(), false);
    primitives->backwardIter =
        LaidOutWeights(weightsDesc(H, H, Tag::ldgoi), pd.weights_iter_desc(), false);
    primitives->diffLayer =
        LaidOutWeights(weightsDesc(I, H, Tag::ldgoi), pd.diff_weights_layer_desc(), true);
    primitives->diffIter =
        LaidOutWeights(weightsDesc(H, H, Tag::ldgoi), pd.diff_weights_iter_desc(), true);
    primitives->initialHGradient = dnnl::memory(state, cpuEngine());
    primitives->initialCGradient = dnnl::memory(state, cpuEngine());
    const Desc backwardScratchpad = pd.scratchpad_desc();
    shareScratchpad(*primitives, primitives->forwardDesc.scratchpad_desc(), &backwardScratchpad);
    return primitives;
}

/// The inputs as the primitives take them: contiguous, the two biases summed.
struct LstmInputs {
    torch::Tensor x;
    torch::Tensor weightIh;
    torch::Tensor weightHh;
    torch::Tensor bias;  ///< bias_ih + bias_hh: the cell adds both to the same gates
};

/// Runs the forward primitive; with a workspace (forward_training) when `workspace` is given.
LstmResult runForward(LstmPrimitives& primitives, const LstmInputs& inputs,
                      torch::Tensor* workspace)
{
    const ShapeKey& shape = primitives.shape;
    const auto options = inputs.x.options();
    LstmResult result;
    result.output = torch::empty({shape.batch, shape.steps, shape.units}, options);
    result.hn = torch::empty({shape.batch, shape.units}, options);
    result.cn = torch::empty({shape.batch, shape.units}, options);

    std::lock_guard<std::mutex> lock(primitives.executing);
    dnnl::stream& stream = cpuStream();
    const Desc state = stateDesc(shape.batch, shape.units);
    Arguments arguments{
        {DNNL_ARG_SRC_LAYER,
         viewOf(sequenceDesc(shape.steps, shape.batch, shape.inputs), inputs.x)},
        {DNNL_ARG_SRC_ITER, primitives.zeroState},
        {DNNL_ARG_SRC_ITER_C, primitives.zeroState},
        {DNNL_ARG_WEIGHTS_LAYER, primitives.forwardLayer.read(inputs.weightIh, stream)},
        {DNNL_ARG_WEIGHTS_ITER, primitives.forwardIter.read(inputs.weightHh, stream)},
        {DNNL_ARG_BIAS, viewOf(biasDesc(shape.units), inputs.bias)},
        {DNNL_ARG_DST_LAYER,
         viewOf(sequenceDesc(shape.steps, shape.batch, shape.units), result.output)},
        {DNNL_ARG_DST_ITER, viewOf(state, result.hn)},
        {DNNL_ARG_DST_ITER_C, viewOf(state, result.cn)},
        {DNNL_ARG_SCRATCHPAD, primitives.forwardScratchpad},
    };
    if (workspace != nullptr) {
        *workspace = primitives.takeWorkspace();
        arguments.emplace(DNNL_ARG_WORKSPACE,
                          viewOf(primitives.forwardDesc.workspace_desc(), *workspace));
    }
    primitives.forward.execute(stream, arguments);
    stream.wait();
    return result;
}

/// The LSTM as a LibTorch autograd function: the forward saves what lstm_backward reads
/// (input, weights, summed bias, the three results and the workspace) and the primitives.
class OneDnnLstmFunction : public torch::autograd::Function<OneDnnLstmFunction> {
public:
    static torch::autograd::variable_list forward(
        torch::autograd::AutogradContext* context, const torch::Tensor& x,
        const torch::Tensor& weightIh, const torch::Tensor& weightHh, const torch::Tensor& biasIh,
        const torch::Tensor& biasHh, const c10::intrusive_ptr<LstmPrimitives>& primitives)
    {
        const LstmInputs inputs{x, weightIh, weightHh, biasIh + biasHh};
        torch::Tensor workspace;
        LstmResult result = runForward(*primitives, inputs, &workspace);
        // Saved as a variable, so autograd lets go of the workspace as soon as the backward
        // has run and the next step's forward can take it again.
        context->save_for_backward(
            {x, weightIh, weightHh, inputs.bias, result.output, result.hn, result.cn, workspace});
        context->saved_data["primitives"] = c10::IValue::make_capsule(primitives);
        return {result.output, result.hn, result.cn};
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradients)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const torch::Tensor& x = saved[0];
        const torch::Tensor& weightIh = saved[1];
        const torch::Tensor& weightHh = saved[2];
        const torch::Tensor& bias = saved[3];
        const torch::Tensor& output = saved[4];
        const torch::Tensor& hn = saved[5];
        const torch::Tensor& cn = saved[6];
        const torch::Tensor& workspace = saved[7];
        const auto primitives = c10::static_intrusive_pointer_cast<LstmPrimitives>(
            context->saved_data["primitives"].toCapsule());
        const ShapeKey& shape = primitives->shape;

        // A result nobody used has no gradient: it contributes zero.
        const auto gradientOf = [&](std::size_t index, const torch::Tensor& like) {
            return gradients[index].defined() ? gradients[index].contiguous()
                                              : torch::zeros_like(like);
        };
        const torch::Tensor outputGradient = gradientOf(0, output);
        const torch::Tensor hnGradient = gradientOf(1, hn);
        const torch::Tensor cnGradient = gradientOf(2, cn);

        torch::Tensor xGradient = torch::empty_like(x);
        torch::Tensor weightIhGradient = torch::empty_like(weightIh);
        torch::Tensor weightHhGradient = torch::empty_like(weightHh);
        torch::Tensor biasGradient = torch::zeros_like(bias);  // accumulated into, as diff weights
        {
            std::lock_guard<std::mutex> lock(primitives->executing);
            dnnl::stream& stream = cpuStream();
            const Desc sourceDesc = sequenceDesc(shape.steps, shape.batch, shape.inputs);
            const Desc outputDesc = sequenceDesc(shape.steps, shape.batch, shape.units);
            const Desc state = stateDesc(shape.batch, shape.units);
            const Desc biases = biasDesc(shape.units);
            const Arguments arguments{
                {DNNL_ARG_SRC_LAYER, viewOf(sourceDesc, x)},
                {DNNL_ARG_SRC_ITER, primitives->zeroState},
                {DNNL_ARG_SRC_ITER_C, primitives->zeroState},
                {DNNL_ARG_WEIGHTS_LAYER, primitives->backwardLayer.read(weightIh, stream)},
                {DNNL_ARG_WEIGHTS_ITER, primitives->backwardIter.read(weightHh, stream)},
                {DNNL_ARG_BIAS, viewOf(biases, bias)},
                {DNNL_ARG_DST_LAYER, viewOf(outputDesc, output)},
                {DNNL_ARG_DST_ITER, viewOf(state, hn)},
                {DNNL_ARG_DST_ITER_C, viewOf(state, cn)},
                {DNNL_ARG_DIFF_DST_LAYER, viewOf(outputDesc, outputGradient)},
                {DNNL_ARG_DIFF_DST_ITER, viewOf(state, hnGradient)},
                {DNNL_ARG_DIFF_DST_ITER_C, viewOf(state, cnGradient)},
                {DNNL_ARG_WORKSPACE, viewOf(primitives->backwardDesc.workspace_desc(), workspace)},
                {DNNL_ARG_DIFF_SRC_LAYER, viewOf(sourceDesc, xGradient)},
                {DNNL_ARG_DIFF_SRC_ITER, primitives->initialHGradient},
                {DNNL_ARG_DIFF_SRC_ITER_C, primitives->initialCGradient},
                {DNNL_ARG_DIFF_WEIGHTS_LAYER, primitives->diffLayer.zeroedTarget(weightIhGradient)},
                {DNNL_ARG_DIFF_WEIGHTS_ITER, primitives->diffIter.zeroedTarget(weightHhGradient)},
                {DNNL_ARG_DIFF_BIAS, viewOf(biases, biasGradient)},
                {DNNL_ARG_SCRATCHPAD, primitives->backwardScratchpad},
            };
            primitives->backward.execute(stream, arguments);
            primitives->diffLayer.store(weightIhGradient, stream);
            primitives->diffIter.store(weightHhGradient, stream);
            stream.wait();
        }
        // Two tensors, not one: LibTorch may adopt a gradient as the parameter's .grad and
        // later add to it in place, which must not reach the other bias.
        return {xGradient,    weightIhGradient,     weightHhGradient,
                biasGradient, biasGradient.clone(), torch::Tensor()};
    }
};

}  // namespace

struct OneDnnLstmCache::Impl {
    mutable std::mutex mutex;
    std::map<ShapeKey, c10::intrusive_ptr<LstmPrimitives>> primitives;
    OneDnnLstmCacheStats stats;

    c10::intrusive_ptr<LstmPrimitives> get(const ShapeKey& shape)
    {
        std::lock_guard<std::mutex> lock(mutex);
        auto it = primitives.find(shape);
        if (it != primitives.end())
            return it->second;
        const auto start = std::chrono::steady_clock::now();
        auto built = buildPrimitives(shape);
        stats.buildSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ++(shape.training ? stats.training : stats.inference);
        primitives.emplace(shape, built);
        return built;
    }
};

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
    TORCH_CHECK(x.dim() == 3 && x.size(0) > 0 && x.size(1) > 0 && x.size(2) > 0,
                "onednn LSTM: expected a non-empty (batch, steps, features) input, got ",
                x.sizes());
    const std::int64_t units = weightHh.size(1);
    const std::int64_t inputs = x.size(2);
    TORCH_CHECK(weightIh.sizes() == torch::IntArrayRef({kGates * units, inputs}) &&
                    weightHh.sizes() == torch::IntArrayRef({kGates * units, units}) &&
                    biasIh.sizes() == torch::IntArrayRef({kGates * units}) &&
                    biasHh.sizes() == torch::IntArrayRef({kGates * units}),
                "onednn LSTM: weights do not fit ", inputs, " inputs and ", units, " units");
    for (const torch::Tensor* tensor : {&x, &weightIh, &weightHh, &biasIh, &biasHh})
        TORCH_CHECK(tensor->device().is_cpu() && tensor->scalar_type() == torch::kFloat,
                    "onednn LSTM: runs float32 tensors on the CPU, got ", tensor->scalar_type(),
                    " on ", tensor->device());
#if EPOCHSCOPE_WITH_ONEDNN
    ShapeKey shape{x.size(1), x.size(0), inputs, units, false};
    const bool recordsGradient =
        torch::GradMode::is_enabled() &&
        (x.requires_grad() || weightIh.requires_grad() || weightHh.requires_grad() ||
         biasIh.requires_grad() || biasHh.requires_grad());
    if (!recordsGradient) {
        const auto primitives = cacheImpl(cache).get(shape);
        return runForward(
            *primitives,
            {x.contiguous(), weightIh.contiguous(), weightHh.contiguous(), biasIh + biasHh},
            nullptr);
    }
    shape.training = true;
    const torch::autograd::variable_list results = OneDnnLstmFunction::apply(
        x.contiguous(), weightIh.contiguous(), weightHh.contiguous(), biasIh.contiguous(),
        biasHh.contiguous(), cacheImpl(cache).get(shape));
    return {results[0], results[1], results[2]};
#else
    (void)cache;
    throw std::runtime_error(
        "the onednn LSTM backend is not in this build (configured with "
        "EPOCHSCOPE_WITH_ONEDNN=OFF)");
#endif
}

}  // namespace es
