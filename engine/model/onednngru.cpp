#include "engine/model/onednngru_torch.h"

#include "engine/model/onednnrnn_torch.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <stdexcept>

// The oneDNN plumbing (engine, stream, descriptors, weight layouts, scratchpad, workspace pool)
// is model/onednnrnn_torch.h's, shared with the LSTM, with its fixes: an explicit zero src_iter
// (batch 1), zeroed diff weights and biases (oneDNN 2.6 adds into them), a user scratchpad per
// shape and reused workspaces. What is the GRU's own: the gate order and the four biases.

namespace es {

namespace {

/// LibTorch's GRU stacks the gates (r, z, n) along the first dimension of its weights.
constexpr std::int64_t kGruGates = 3;

}  // namespace

#if EPOCHSCOPE_WITH_ONEDNN

namespace {

using onednn::CellTensors;
using onednn::ShapeKey;

/// oneDNN's linear-before-reset GRU has one bias vector more than gates: u, r, o and u', the
/// last added to the recurrent product inside the reset (LibTorch's b_hn).
constexpr std::int64_t kBiases = 4;

/// One shape's primitives (see onednn::Primitives); the GRU has no state beyond h.
using GruPrimitives = onednn::Primitives<dnnl::lbr_gru_forward, dnnl::lbr_gru_backward>;

/// LibTorch's gates (r, z, n) as oneDNN's (u = z, r, o = n), along dimension 0 of a weight,
/// a bias or their gradients. Swapping the first two blocks is its own inverse, so it also
/// takes oneDNN's order back to LibTorch's.
torch::Tensor swapResetAndUpdate(const torch::Tensor& stacked)
{
    const std::int64_t units = stacked.size(0) / kGruGates;
    return torch::cat({stacked.narrow(0, units, units), stacked.narrow(0, 0, units),
                       stacked.narrow(0, 2 * units, units)});
}

/// The four oneDNN biases from LibTorch's two: u = b_iz + b_hz, r = b_ir + b_hr, o = b_in and
/// u' = b_hn (b_hn is multiplied by the reset gate, so it cannot be folded into o).
torch::Tensor oneDnnBias(const torch::Tensor& biasIh, const torch::Tensor& biasHh)
{
    const std::int64_t units = biasIh.size(0) / kGruGates;
    const auto gate = [units](const torch::Tensor& bias, std::int64_t index) {
        return bias.narrow(0, index * units, units);
    };
    return torch::cat({gate(biasIh, 1) + gate(biasHh, 1), gate(biasIh, 0) + gate(biasHh, 0),
                       gate(biasIh, 2), gate(biasHh, 2)});
}

c10::intrusive_ptr<GruPrimitives> buildGruPrimitives(const ShapeKey& shape)
{
    auto built = c10::make_intrusive<GruPrimitives>(shape, kGruGates, kBiases);
    GruPrimitives& p = *built;
    p.buildForward(
        onednn::gruForwardDesc(p, p.forwardKind(), onednn::userScratchpad(), onednn::cpuEngine()));
    if (!shape.training)
        return built;
    p.buildBackward(
        onednn::gruBackwardDesc(p, p.forwardDesc, onednn::userScratchpad(), onednn::cpuEngine()));
    return built;
}

/// The inputs as the primitives take them (onednn::CellTensors): contiguous, in oneDNN's gate
/// order (u, r, o), with the four bias vectors u, r, o, u'.
CellTensors oneDnnInputs(const torch::Tensor& x, const torch::Tensor& weightIh,
                         const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                         const torch::Tensor& biasHh)
{
    return {x.contiguous(), swapResetAndUpdate(weightIh), swapResetAndUpdate(weightHh),
            oneDnnBias(biasIh, biasHh)};
}

using GruParts = onednn::PartedPrimitives<GruPrimitives>;

/// Runs the forward, every part at once; with a workspace per part (forward_training) when
/// `workspaces` is given.
onednn::CellResults runForward(const GruParts& held, const CellTensors& inputs,
                               std::vector<torch::Tensor>* workspaces)
{
    const std::int64_t batch = inputs.x.size(0);
    const std::int64_t units = inputs.weightHh.size(1);
    const auto options = inputs.x.options();
    const onednn::CellResults result{torch::empty({batch, inputs.x.size(1), units}, options),
                                     torch::empty({batch, units}, options)};
    onednn::runForwardParts(held, inputs, result, workspaces,
                            [](std::size_t) { return onednn::Arguments(); });
    return result;
}

/// The GRU as a LibTorch autograd function: the forward saves what lbr_gru_backward reads
/// (input, weights and biases in oneDNN's order, both results and each part's workspace) and the
/// primitives; the backward takes the gradients back to LibTorch's gates and two biases.
class OneDnnGruFunction : public torch::autograd::Function<OneDnnGruFunction> {
public:
    static torch::autograd::variable_list forward(
        torch::autograd::AutogradContext* context, const torch::Tensor& x,
        const torch::Tensor& weightIh, const torch::Tensor& weightHh, const torch::Tensor& biasIh,
        const torch::Tensor& biasHh, const c10::intrusive_ptr<GruParts>& held)
    {
        const CellTensors inputs = oneDnnInputs(x, weightIh, weightHh, biasIh, biasHh);
        std::vector<torch::Tensor> workspaces;
        const onednn::CellResults result = runForward(*held, inputs, &workspaces);
        // Saved as variables, so autograd lets go of the workspaces as soon as the backward
        // has run and the next step's forward can take them again.
        torch::autograd::variable_list saved{inputs.x,    inputs.weightIh, inputs.weightHh,
                                             inputs.bias, result.output,   result.hn};
        saved.insert(saved.end(), workspaces.begin(), workspaces.end());
        context->save_for_backward(saved);
        context->saved_data["primitives"] = c10::IValue::make_capsule(held);
        return {result.output, result.hn};
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradients)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const CellTensors inputs{saved[0], saved[1], saved[2], saved[3]};
        const torch::Tensor& output = saved[4];
        const torch::Tensor& hn = saved[5];
        const std::vector<torch::Tensor> workspaces(saved.begin() + 6, saved.end());
        const auto held = c10::static_intrusive_pointer_cast<GruParts>(
            context->saved_data["primitives"].toCapsule());

        // In oneDNN's gate order, as the primitive writes them.
        const CellTensors gradient = onednn::runBackwardParts(
            *held, inputs, output, hn, onednn::upstreamGradient(gradients, 0, output),
            onednn::upstreamGradient(gradients, 1, hn), workspaces,
            [](std::size_t) { return onednn::Arguments(); });
        // oneDNN's (u, r, o, u') bias gradients to LibTorch's two biases: b_ir and b_hr both
        // enter r's pre-activation alone, so each gets r's gradient (likewise for z); b_in is
        // o's bias and b_hn is u'. New tensors each (cat), so a .grad adopted from one and
        // added to in place never reaches the other.
        const std::int64_t units = inputs.weightHh.size(1);
        const auto block = [&](std::int64_t index) {
            return gradient.bias.narrow(0, index * units, units);
        };
        torch::Tensor biasIhGradient = torch::cat({block(1), block(0), block(2)});
        torch::Tensor biasHhGradient = torch::cat({block(1), block(0), block(3)});
        return {gradient.x,
                swapResetAndUpdate(gradient.weightIh),
                swapResetAndUpdate(gradient.weightHh),
                biasIhGradient,
                biasHhGradient,
                torch::Tensor()};
    }
};

}  // namespace

struct OneDnnGruCache::Impl : onednn::PrimitiveCache<GruPrimitives, OneDnnGruCacheStats> {};

#else  // built without oneDNN: the cache stays empty and oneDnnGru says why it cannot run

struct OneDnnGruCache::Impl {
    mutable std::mutex mutex;
    OneDnnGruCacheStats stats;
};

#endif

OneDnnGruCache::OneDnnGruCache() : m_impl(std::make_unique<Impl>()) {}

OneDnnGruCache::~OneDnnGruCache() = default;

OneDnnGruCacheStats OneDnnGruCache::stats() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->stats;
}

OneDnnGruCache::Impl& cacheImpl(OneDnnGruCache& cache)
{
    return *cache.m_impl;
}

GruResult oneDnnGru(const torch::Tensor& x, const torch::Tensor& weightIh,
                    const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                    const torch::Tensor& biasHh, OneDnnGruCache& cache)
{
    onednn::checkSequence("GRU", x);
    TORCH_CHECK(weightHh.dim() == 2, "onednn GRU: expected a (3 units, units) weight_hh, got ",
                weightHh.sizes());
    const std::int64_t units = weightHh.size(1);
    const std::int64_t inputs = x.size(2);
    TORCH_CHECK(units > 0, "onednn GRU: weights do not fit ", inputs, " inputs and ", units,
                " units");
    onednn::checkParameters("GRU", kGruGates, x, weightIh, weightHh, biasIh, biasHh);
#if EPOCHSCOPE_WITH_ONEDNN
    ShapeKey shape{x.size(1), x.size(0), inputs, units, false};
    if (!onednn::recordsGradient({&x, &weightIh, &weightHh, &biasIh, &biasHh})) {
        const onednn::CellResults result =
            runForward(*onednn::partedPrimitives(cacheImpl(cache), shape, buildGruPrimitives),
                       oneDnnInputs(x, weightIh, weightHh, biasIh, biasHh), nullptr);
        return {result.output, result.hn};
    }
    shape.training = true;
    const torch::autograd::variable_list results = OneDnnGruFunction::apply(
        x, weightIh, weightHh, biasIh, biasHh,
        onednn::partedPrimitives(cacheImpl(cache), shape, buildGruPrimitives));
    return {results[0], results[1]};
#else
    (void)cache;
    throw std::runtime_error(
        "the onednn GRU is not in this build (configured with EPOCHSCOPE_WITH_ONEDNN=OFF)");
#endif
}

}  // namespace es
