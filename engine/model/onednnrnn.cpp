#include "engine/model/onednnrnn_torch.h"

#include <ATen/Parallel.h>

namespace es::onednn {

void checkSequence(const char* cell, const torch::Tensor& x)
{
    TORCH_CHECK(x.dim() == 3 && x.size(0) > 0 && x.size(1) > 0 && x.size(2) > 0, "onednn ", cell,
                ": expected a non-empty (batch, steps, features) input, got ", x.sizes());
}

void checkParameters(const char* cell, std::int64_t gates, const torch::Tensor& x,
                     const torch::Tensor& weightIh, const torch::Tensor& weightHh,
                     const torch::Tensor& biasIh, const torch::Tensor& biasHh)
{
    const std::int64_t units = weightHh.size(1);
    const std::int64_t inputs = x.size(2);
    TORCH_CHECK(weightIh.sizes() == torch::IntArrayRef({gates * units, inputs}) &&
                    weightHh.sizes() == torch::IntArrayRef({gates * units, units}) &&
                    biasIh.sizes() == torch::IntArrayRef({gates * units}) &&
                    biasHh.sizes() == torch::IntArrayRef({gates * units}),
                "onednn ", cell, ": weights do not fit ", inputs, " inputs and ", units, " units");
    for (const torch::Tensor* tensor : {&x, &weightIh, &weightHh, &biasIh, &biasHh})
        TORCH_CHECK(tensor->device().is_cpu() && tensor->scalar_type() == torch::kFloat, "onednn ",
                    cell, ": runs float32 tensors on the CPU, got ", tensor->scalar_type(), " on ",
                    tensor->device());
}

std::vector<BatchPart> batchParts(std::int64_t batch)
{
    const std::int64_t threads = std::max(1, at::get_num_threads());
    const std::int64_t count =
        std::max<std::int64_t>(1, std::min(threads, batch / kMinPartSamples));
    std::vector<BatchPart> parts;
    std::int64_t start = 0;
    for (std::int64_t i = 0; i < count; ++i) {
        // The first batch % count parts take one sample more.
        const std::int64_t size = batch / count + (i < batch % count ? 1 : 0);
        parts.push_back({start, size});
        start += size;
    }
    return parts;
}

#if EPOCHSCOPE_WITH_ONEDNN

const dnnl::engine& cpuEngine()
{
    static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

dnnl::stream& cpuStream()
{
    thread_local dnnl::stream stream(cpuEngine());
    return stream;
}

Desc sequenceDesc(std::int64_t steps, std::int64_t batch, std::int64_t channels)
{
    return Desc({steps, batch, channels}, DataType::f32, Tag::ntc);
}

Desc stateDesc(std::int64_t batch, std::int64_t units)
{
    return Desc({1, 1, batch, units}, DataType::f32, Tag::ldnc);
}

Desc weightsDesc(std::int64_t inputs, std::int64_t gates, std::int64_t units, Tag tag)
{
    return Desc({1, 1, inputs, gates, units}, DataType::f32, tag);
}

Desc biasDesc(std::int64_t biases, std::int64_t units)
{
    return Desc({1, 1, biases, units}, DataType::f32, Tag::ldgo);
}

dnnl::memory viewOf(const Desc& desc, const torch::Tensor& tensor)
{
    return dnnl::memory(desc, cpuEngine(), tensor.data_ptr());
}

dnnl::primitive_attr userScratchpad()
{
    dnnl::primitive_attr attributes;
    attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    return attributes;
}

bool recordsGradient(std::initializer_list<const torch::Tensor*> tensors)
{
    if (!torch::GradMode::is_enabled())
        return false;
    return std::any_of(tensors.begin(), tensors.end(),
                       [](const torch::Tensor* tensor) { return tensor->requires_grad(); });
}

torch::Tensor upstreamGradient(const torch::autograd::variable_list& gradients, std::size_t index,
                               const torch::Tensor& result)
{
    return gradients[index].defined() ? gradients[index].contiguous() : torch::zeros_like(result);
}

LaidOutWeights::LaidOutWeights(const Desc& user, const Desc& chosen, bool towardsUser)
    : m_user(user), m_chosen(chosen), m_same(user == chosen)
{
    if (m_same)
        return;
    m_buffer = dnnl::memory(chosen, cpuEngine());
    const Desc& from = towardsUser ? chosen : user;
    const Desc& to = towardsUser ? user : chosen;
    m_reorder = dnnl::reorder(dnnl::reorder::primitive_desc(cpuEngine(), from, cpuEngine(), to));
}

dnnl::memory LaidOutWeights::read(const torch::Tensor& weights, dnnl::stream& stream)
{
    dnnl::memory user = viewOf(m_user, weights);
    if (m_same)
        return user;
    m_reorder.execute(stream, user, m_buffer);
    return m_buffer;
}

dnnl::memory LaidOutWeights::zeroedTarget(const torch::Tensor& gradient)
{
    if (m_same) {
        gradient.zero_();
        return viewOf(m_user, gradient);
    }
    std::memset(m_buffer.get_data_handle(), 0, m_chosen.get_size());
    return m_buffer;
}

void LaidOutWeights::store(const torch::Tensor& gradient, dnnl::stream& stream)
{
    if (m_same)
        return;
    dnnl::memory user = viewOf(m_user, gradient);
    m_reorder.execute(stream, m_buffer, user);
}

#endif  // EPOCHSCOPE_WITH_ONEDNN

}  // namespace es::onednn
