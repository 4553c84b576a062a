#pragma once

// Internal to the engine: includes LibTorch and, in a build with oneDNN, oneDNN.
//
// What the fused oneDNN cells (model/onednnlstm.cpp, model/onednngru.cpp) share: the CPU
// engine and a stream per thread, the memory descriptors of sequences, states, weights and
// biases, weights in the layout a primitive chose, and one shape's primitives with the
// buffers they reuse (user scratchpad, pooled workspaces, a zero initial state), built once
// per shape by a cache. Each cell keeps its own gate order, bias mapping and autograd
// function.

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <map>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "engine/model/parallelparts.h"

#if EPOCHSCOPE_WITH_ONEDNN
#include "engine/model/onednnapi.h"

#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace es::onednn {

/// What a cache keys one set of primitives by.
struct ShapeKey {
    std::int64_t steps = 0;
    std::int64_t batch = 0;  ///< the samples of one batch part (BatchPart::size)
    std::int64_t inputs = 0;
    std::int64_t units = 0;
    bool training = false;
    /// Which part of its batch the set runs (batchParts): the parts run at the same time, so
    /// two parts of one size need a set and buffers each.
    std::size_t part = 0;

    bool operator<(const ShapeKey& other) const
    {
        return std::tie(steps, batch, inputs, units, training, part) <
               std::tie(other.steps, other.batch, other.inputs, other.units, other.training,
                        other.part);
    }
};

/// Consecutive samples of a batch that one thread runs through the whole sequence.
struct BatchPart {
    std::int64_t start = 0;
    std::int64_t size = 0;
};

/// `part`'s samples of a contiguous batch-first tensor: a contiguous view.
inline torch::Tensor partOf(const torch::Tensor& tensor, const BatchPart& part)
{
    return tensor.narrow(0, part.start, part.size);
}

/// How a batch of `batch` samples is split across LibTorch's intra-op threads: one part per
/// thread, sizes differing by at most one, none smaller than kMinPartSamples; one part (the
/// whole batch) on one thread. A part runs single-threaded from the first step to the last.
/// Small recurrent matrices (H 80, B 64: 1.6 MFLOP a step) leave two threads that share each
/// step's GEMM waiting at a barrier per step for most of it (two threads were slower than one
/// on keras-lstm-regression); split by samples they never wait. The parts' weight gradients
/// are summed, which changes only the order of the additions.
std::vector<BatchPart> batchParts(std::int64_t batch);

/// The fewest samples a part gets: below it, a part's GEMMs get too small to keep a core busy.
constexpr std::int64_t kMinPartSamples = 8;

/// Refuses an input that is not a non-empty (batch, steps, features) tensor; `cell` names the
/// cell in the message ("LSTM" gives "onednn LSTM: ...").
void checkSequence(const char* cell, const torch::Tensor& x);

/// Refuses weights and biases that are not `gates` blocks of weight_hh's units by x's features
/// (weight_ih), by the units (weight_hh) and by one (both biases), and any of the five that is
/// not float32 on the CPU.
void checkParameters(const char* cell, std::int64_t gates, const torch::Tensor& x,
                     const torch::Tensor& weightIh, const torch::Tensor& weightHh,
                     const torch::Tensor& biasIh, const torch::Tensor& biasHh);

#if EPOCHSCOPE_WITH_ONEDNN

using Tag = dnnl::memory::format_tag;
using DataType = dnnl::memory::data_type;
using Arguments = std::unordered_map<int, dnnl::memory>;

/// Workspaces kept for reuse per shape: one per forward whose backward has not run yet (one
/// per layer or direction of that shape in a training step); more are allocated and dropped.
constexpr std::size_t kMaxPooledWorkspaces = 4;

/// One CPU engine for the process: it stands for the machine and holds no per-run state.
const dnnl::engine& cpuEngine();

/// A stream per thread: a CPU stream only orders the calls made through it, and oneDNN does
/// not promise that one stream may be used from two threads at once (two sessions may train
/// at the same time).
dnnl::stream& cpuStream();

/// (T, N, C) in 'ntc' order: (N, T, C) in memory, which is LibTorch's batch_first (B, T, C),
/// so sequences go in and come out without a transpose.
Desc sequenceDesc(std::int64_t steps, std::int64_t batch, std::int64_t channels);

/// h (or the LSTM's c) of the single layer and direction: (1, 1, N, C), which is a contiguous
/// (B, H).
Desc stateDesc(std::int64_t batch, std::int64_t units);

/// A (gates x H, inputs) weight in oneDNN's gate order is 'ldgoi': gate, then output unit, then
/// input, innermost. The primitives want 'ldigo' (forward) and 'ldgoi' or a blocked layout
/// (backward) and say which through `any`.
Desc weightsDesc(std::int64_t inputs, std::int64_t gates, std::int64_t units, Tag tag);

/// `biases` (H) vectors in oneDNN's order: 'ldgo'.
Desc biasDesc(std::int64_t biases, std::int64_t units);

/// A tensor's storage seen through a memory descriptor (the caller checked the layout).
dnnl::memory viewOf(const Desc& desc, const torch::Tensor& tensor);

/// Scratchpads supplied by the caller (see Primitives::scratchpad).
dnnl::primitive_attr userScratchpad();

/// Whether a call records a gradient: grad mode is on and one of `tensors` requires one.
bool recordsGradient(std::initializer_list<const torch::Tensor*> tensors);

/// The upstream gradient of result `index`, contiguous; zeros like `result` when nobody used
/// that result (it has no gradient and contributes zero).
torch::Tensor upstreamGradient(const torch::autograd::variable_list& gradients, std::size_t index,
                               const torch::Tensor& result);

/// A weight matrix in the layout a primitive chose, converted from (or to) the user layout
/// (LibTorch's, in oneDNN's gate order) by a reorder built once. The buffer is reused by every
/// call; without a layout change the tensor's own storage is used.
class LaidOutWeights {
public:
    LaidOutWeights() = default;
    LaidOutWeights(const Desc& user, const Desc& chosen, bool towardsUser);

    /// `weights` (user layout) as the primitive reads them.
    dnnl::memory read(const torch::Tensor& weights, dnnl::stream& stream);

    /// Where the primitive writes a gradient that ends up in `gradient` (user layout), zeroed:
    /// oneDNN 2.6's RNN backward (lstm_backward, lbr_gru_backward) adds to its diff weights
    /// instead of overwriting them.
    dnnl::memory zeroedTarget(const torch::Tensor& gradient);

    /// Moves what the primitive wrote into `gradient` (after zeroedTarget and the execution).
    void store(const torch::Tensor& gradient, dnnl::stream& stream);

private:
    Desc m_user;
    Desc m_chosen;
    bool m_same = true;
    dnnl::memory m_buffer;
    dnnl::reorder m_reorder;
};

/// x, weight_ih, weight_hh and the bias as the primitives take them (contiguous, in oneDNN's
/// gate order, the bias vectors in oneDNN's layout), or their gradients in the same layouts.
struct CellTensors {
    torch::Tensor x;
    torch::Tensor weightIh;
    torch::Tensor weightHh;
    torch::Tensor bias;
};

/// The results every cell has: h at every step (B, T, H) and after the last step (B, H).
struct CellResults {
    torch::Tensor output;
    torch::Tensor hn;
};

/// The primitives of one shape and the scratch buffers they reuse, for a cell whose forward and
/// backward are `Forward` and `Backward` (dnnl::lstm_forward and dnnl::lstm_backward, or the
/// linear-before-reset GRU's). Held by the cache and by every autograd node that still has to
/// run its backward (a capsule in the node's saved data), so a node keeps its primitives even
/// if the cache is gone.
///
/// A cell builds a set with buildForward and, for training, buildBackward, passing the
/// primitive descriptors model/onednnapi.h builds from the layouts (RnnLayouts, a base), and
/// runs it with runForward and runBackward, adding the arguments that only it has (the LSTM's c).
template <typename Forward, typename Backward>
struct Primitives : torch::CustomClassHolder, RnnLayouts {
    /// The user layouts of `key` for a cell of `gates` weight blocks and `biases` bias vectors.
    Primitives(const ShapeKey& key, std::int64_t gates, std::int64_t biases)
        : RnnLayouts{sequenceDesc(key.steps, key.batch, key.inputs),
                     sequenceDesc(key.steps, key.batch, key.units),
                     stateDesc(key.batch, key.units),
                     biasDesc(biases, key.units),
                     weightsDesc(key.inputs, gates, key.units, Tag::any),
                     weightsDesc(key.units, gates, key.units, Tag::any)},
          shape(key),
          userLayerWeights(weightsDesc(key.inputs, gates, key.units, Tag::ldgoi)),
          userIterWeights(weightsDesc(key.units, gates, key.units, Tag::ldgoi))
    {
    }

    ShapeKey shape;
    /// Executions on the reused buffers must not overlap (the model is single-threaded; this
    /// keeps a misuse from corrupting results).
    std::mutex executing;

    Desc userLayerWeights;  ///< weight_ih as the cell holds it
    Desc userIterWeights;   ///< weight_hh as the cell holds it

    typename Forward::primitive_desc forwardDesc;
    Forward forward;
    LaidOutWeights forwardLayer;  ///< weight_ih as the forward reads it
    LaidOutWeights forwardIter;   ///< weight_hh

    // forward_training only
    typename Backward::primitive_desc backwardDesc;
    Backward backward;
    LaidOutWeights backwardLayer;
    LaidOutWeights backwardIter;
    LaidOutWeights diffLayer;  ///< d weight_ih, from the backward's layout
    LaidOutWeights diffIter;   ///< d weight_hh

    /// The zero initial h (and the LSTM's c; read only). Passed explicitly rather than left
    /// out: oneDNN 2.6 without src_iter gets the recurrent weights' gradient wrong for a batch
    /// of one (one step gave a non-zero d weight_hh; tst_onednnlstm found it, a zero src_iter
    /// fixes it).
    dnnl::memory zeroState;
    /// The gradient for the initial h, which nothing reads: written by each backward.
    dnnl::memory initialHGradient;

    /// A training set's temporary memory, one buffer for the forward and the backward (they
    /// never run at once). In oneDNN's default mode each execution allocates and frees its
    /// own, megabytes of fresh pages every step; here it is allocated once per shape. An
    /// inference set takes its own for each call instead: validation batches come seldom, and
    /// a buffer held per validation shape would stay in the training steps' memory for good.
    torch::Tensor scratchpad;
    dnnl::memory forwardScratchpad;
    dnnl::memory backwardScratchpad;
    /// forward_training's workspaces: each lives until its backward has run (the autograd node
    /// holds it); one nothing else holds any more is taken again instead of allocating.
    std::vector<torch::Tensor> workspaces;

    /// forward_training or forward_inference, as the shape says.
    dnnl::prop_kind forwardKind() const
    {
        return shape.training ? dnnl::prop_kind::forward_training
                              : dnnl::prop_kind::forward_inference;
    }

    /// The forward primitive of `described`, the reorders of the weights it reads and the zero
    /// initial state.
    void buildForward(const typename Forward::primitive_desc& described)
    {
        forwardDesc = described;
        forward = Forward(forwardDesc);
        forwardLayer = LaidOutWeights(userLayerWeights, forwardDesc.weights_layer_desc(), false);
        forwardIter = LaidOutWeights(userIterWeights, forwardDesc.weights_iter_desc(), false);
        zeroState = dnnl::memory(state, cpuEngine());
        std::memset(zeroState.get_data_handle(), 0, state.get_size());
    }

    /// The backward primitive of `described` (after buildForward), the reorders of the weights
    /// it reads and of the gradients it writes, and the scratchpad it shares with the forward.
    void buildBackward(const typename Backward::primitive_desc& described)
    {
        backwardDesc = described;
        backward = Backward(backwardDesc);
        const auto& pd = backwardDesc;
        backwardLayer = LaidOutWeights(userLayerWeights, pd.weights_layer_desc(), false);
        backwardIter = LaidOutWeights(userIterWeights, pd.weights_iter_desc(), false);
        diffLayer = LaidOutWeights(userLayerWeights, pd.diff_weights_layer_desc(), true);
        diffIter = LaidOutWeights(userIterWeights, pd.diff_weights_iter_desc(), true);
        initialHGradient = dnnl::memory(state, cpuEngine());
        shareScratchpad(forwardDesc.scratchpad_desc(), pd.scratchpad_desc());
    }

    /// Runs the forward on `inputs` into `results` (contiguous, of this set's batch part), with
    /// the cell's own `cellArguments` added (the LSTM's c); with a workspace
    /// (forward_training), taken from the pool, when `workspace` is given.
    void runForward(const CellTensors& inputs, const CellResults& results,
                    const Arguments& cellArguments, torch::Tensor* workspace)
    {
        std::lock_guard<std::mutex> lock(executing);
        dnnl::stream& stream = cpuStream();
        // Inference: this call's own scratchpad, released when it returns.
        const Desc padDesc = forwardDesc.scratchpad_desc();
        const torch::Tensor callPad =
            shape.training
                ? torch::Tensor()
                : torch::empty({static_cast<std::int64_t>(padDesc.get_size())}, torch::kUInt8);
        Arguments arguments{
            {DNNL_ARG_SRC_LAYER, viewOf(source, inputs.x)},
            {DNNL_ARG_SRC_ITER, zeroState},
            {DNNL_ARG_WEIGHTS_LAYER, forwardLayer.read(inputs.weightIh, stream)},
            {DNNL_ARG_WEIGHTS_ITER, forwardIter.read(inputs.weightHh, stream)},
            {DNNL_ARG_BIAS, viewOf(bias, inputs.bias)},
            {DNNL_ARG_DST_LAYER, viewOf(destination, results.output)},
            {DNNL_ARG_DST_ITER, viewOf(state, results.hn)},
            {DNNL_ARG_SCRATCHPAD, shape.training
                                      ? forwardScratchpad
                                      : dnnl::memory(padDesc, cpuEngine(), callPad.data_ptr())},
        };
        arguments.insert(cellArguments.begin(), cellArguments.end());
        if (workspace != nullptr) {
            *workspace = takeWorkspace();
            arguments.emplace(DNNL_ARG_WORKSPACE, viewOf(forwardDesc.workspace_desc(), *workspace));
        }
        forward.execute(stream, arguments);
        stream.wait();
    }

    /// Runs the backward of a forward_training on what it read (`inputs`), what it wrote
    /// (`output`, `hn`, `workspace`) and the upstream gradients of both results, with the
    /// cell's own `cellArguments` added. Writes into `gradients` (contiguous, like `inputs`):
    /// d x, both weights' gradients (user layout) and the bias vectors' gradient (oneDNN's
    /// layout), which must come zeroed: the primitive adds to it.
    void runBackward(const CellTensors& inputs, const torch::Tensor& output,
                     const torch::Tensor& hn, const torch::Tensor& outputGradient,
                     const torch::Tensor& hnGradient, const torch::Tensor& workspace,
                     const Arguments& cellArguments, const CellTensors& gradients)
    {
        std::lock_guard<std::mutex> lock(executing);
        dnnl::stream& stream = cpuStream();
        Arguments arguments{
            {DNNL_ARG_SRC_LAYER, viewOf(source, inputs.x)},
            {DNNL_ARG_SRC_ITER, zeroState},
            {DNNL_ARG_WEIGHTS_LAYER, backwardLayer.read(inputs.weightIh, stream)},
            {DNNL_ARG_WEIGHTS_ITER, backwardIter.read(inputs.weightHh, stream)},
            {DNNL_ARG_BIAS, viewOf(bias, inputs.bias)},
            {DNNL_ARG_DST_LAYER, viewOf(destination, output)},
            {DNNL_ARG_DST_ITER, viewOf(state, hn)},
            {DNNL_ARG_DIFF_DST_LAYER, viewOf(destination, outputGradient)},
            {DNNL_ARG_DIFF_DST_ITER, viewOf(state, hnGradient)},
            {DNNL_ARG_WORKSPACE, viewOf(backwardDesc.workspace_desc(), workspace)},
            {DNNL_ARG_DIFF_SRC_LAYER, viewOf(source, gradients.x)},
            {DNNL_ARG_DIFF_SRC_ITER, initialHGradient},
            {DNNL_ARG_DIFF_WEIGHTS_LAYER, diffLayer.zeroedTarget(gradients.weightIh)},
            {DNNL_ARG_DIFF_WEIGHTS_ITER, diffIter.zeroedTarget(gradients.weightHh)},
            {DNNL_ARG_DIFF_BIAS, viewOf(bias, gradients.bias)},
            {DNNL_ARG_SCRATCHPAD, backwardScratchpad},
        };
        arguments.insert(cellArguments.begin(), cellArguments.end());
        backward.execute(stream, arguments);
        diffLayer.store(gradients.weightIh, stream);
        diffIter.store(gradients.weightHh, stream);
        stream.wait();
    }

private:
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

    /// One buffer large enough for the forward's and the backward's scratchpads, seen as each.
    void shareScratchpad(const Desc& forwardPad, const Desc& backwardPad)
    {
        const std::size_t bytes = std::max(forwardPad.get_size(), backwardPad.get_size());
        scratchpad = torch::empty({static_cast<std::int64_t>(bytes)}, torch::kUInt8);
        void* data = scratchpad.data_ptr();
        forwardScratchpad = dnnl::memory(forwardPad, cpuEngine(), data);
        backwardScratchpad = dnnl::memory(backwardPad, cpuEngine(), data);
    }
};

/// A cache's state: one set of primitives per shape and kind, each built once by `build`, and
/// `Stats` (OneDnnLstmCacheStats or OneDnnGruCacheStats) counting the sets built and the time
/// that took.
template <typename Built, typename Stats>
struct PrimitiveCache {
    mutable std::mutex mutex;
    std::map<ShapeKey, c10::intrusive_ptr<Built>> primitives;
    Stats stats;

    c10::intrusive_ptr<Built> get(const ShapeKey& shape,
                                  c10::intrusive_ptr<Built> (*build)(const ShapeKey&))
    {
        std::lock_guard<std::mutex> lock(mutex);
        auto it = primitives.find(shape);
        if (it != primitives.end())
            return it->second;
        const auto start = std::chrono::steady_clock::now();
        auto built = build(shape);
        stats.buildSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        stats.countBuilt(shape.training);
        primitives.emplace(shape, built);
        return built;
    }
};

/// One batch's primitive sets, one per part (batchParts), in the parts' order. An autograd
/// node holds it until its backward has run.
template <typename Built>
struct PartedPrimitives : torch::CustomClassHolder {
    std::vector<BatchPart> parts;
    std::vector<c10::intrusive_ptr<Built>> primitives;

    /// `tensor`'s samples of part `i` (a contiguous view of a contiguous batch-first tensor).
    torch::Tensor slice(const torch::Tensor& tensor, std::size_t i) const
    {
        return partOf(tensor, parts[i]);
    }
};

/// The sets for a batch of `shape` (its batch the whole batch's) from `cache`, each built on
/// first use by `build`.
template <typename Built, typename Cache>
c10::intrusive_ptr<PartedPrimitives<Built>> partedPrimitives(
    Cache& cache, const ShapeKey& shape, c10::intrusive_ptr<Built> (*build)(const ShapeKey&))
{
    auto held = c10::make_intrusive<PartedPrimitives<Built>>();
    held->parts = batchParts(shape.batch);
    for (std::size_t i = 0; i < held->parts.size(); ++i) {
        ShapeKey key = shape;
        key.batch = held->parts[i].size;
        key.part = i;
        held->primitives.push_back(cache.get(key, build));
    }
    return held;
}

/// The forward of every part at once into `results` (whole-batch tensors): part i reads and
/// writes its slices, with `cellArguments(i)` added; with a workspace per part
/// (forward_training) when `workspaces` is given.
template <typename Built, typename CellArguments>
void runForwardParts(const PartedPrimitives<Built>& held, const CellTensors& inputs,
                     const CellResults& results, std::vector<torch::Tensor>* workspaces,
                     const CellArguments& cellArguments)
{
    if (workspaces != nullptr)
        workspaces->assign(held.parts.size(), torch::Tensor());
    runInParallel(held.parts.size(), [&](std::size_t i) {
        held.primitives[i]->runForward(
            {held.slice(inputs.x, i), inputs.weightIh, inputs.weightHh, inputs.bias},
            {held.slice(results.output, i), held.slice(results.hn, i)}, cellArguments(i),
            workspaces != nullptr ? &(*workspaces)[i] : nullptr);
    });
}

/// The backward of every part at once: d x whole, and the weights' and bias vectors'
/// gradients summed over the parts (in the parts' order), as one backward of the whole batch
/// gives them up to the order of the additions. `workspaces` are the forward's, per part.
template <typename Built, typename CellArguments>
CellTensors runBackwardParts(const PartedPrimitives<Built>& held, const CellTensors& inputs,
                             const torch::Tensor& output, const torch::Tensor& hn,
                             const torch::Tensor& outputGradient, const torch::Tensor& hnGradient,
                             const std::vector<torch::Tensor>& workspaces,
                             const CellArguments& cellArguments)
{
    const torch::Tensor xGradient = torch::empty_like(inputs.x);
    std::vector<CellTensors> partGradients;
    for (std::size_t i = 0; i < held.parts.size(); ++i)
        partGradients.push_back({held.slice(xGradient, i), torch::empty_like(inputs.weightIh),
                                 torch::empty_like(inputs.weightHh),
                                 torch::zeros_like(inputs.bias)});
    runInParallel(held.parts.size(), [&](std::size_t i) {
        held.primitives[i]->runBackward(
            {held.slice(inputs.x, i), inputs.weightIh, inputs.weightHh, inputs.bias},
            held.slice(output, i), held.slice(hn, i), held.slice(outputGradient, i),
            held.slice(hnGradient, i), workspaces[i], cellArguments(i), partGradients[i]);
    });
    CellTensors gradient{xGradient, partGradients.front().weightIh, partGradients.front().weightHh,
                         partGradients.front().bias};
    for (std::size_t i = 1; i < partGradients.size(); ++i) {
        gradient.weightIh.add_(partGradients[i].weightIh);
        gradient.weightHh.add_(partGradients[i].weightHh);
        gradient.bias.add_(partGradients[i].bias);
    }
    return gradient;
}

#endif  // EPOCHSCOPE_WITH_ONEDNN

}  // namespace es::onednn
