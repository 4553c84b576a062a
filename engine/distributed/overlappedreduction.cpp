#include "engine/distributed/overlappedreduction_torch.h"

#include <torch/csrc/autograd/utils/lambda_post_hook.h>
#include <torch/csrc/autograd/variable.h>

#include <algorithm>
#include <utility>

namespace es {

namespace {

using SteadyTime = std::chrono::steady_clock::time_point;

/// The first bucket's cap, as DDP's (1 MiB): the last layers' gradients, ready first, start
/// their sum early instead of waiting for a bucket of distributed.bucket_mb to fill.
constexpr std::int64_t kFirstBucketBytes = 1024 * 1024;

/// Milliseconds covered by the union of `intervals` (sums may run side by side on Gloo's
/// threads: time is counted once).
double unionMs(std::vector<std::pair<SteadyTime, SteadyTime>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    std::chrono::duration<double, std::milli> covered{0};
    SteadyTime reached = SteadyTime::min();
    for (const auto& [start, end] : intervals) {
        const SteadyTime from = std::max(start, reached);
        if (end > from) {
            covered += end - from;
            reached = end;
        }
    }
    return covered.count();
}

}  // namespace

struct OverlappedReduction::Hooks {
    OverlappedReduction* owner = nullptr;
    bool armed = false;  ///< between startStep and finishStep
    /// The parameters' accumulators, held so that each keeps its hook: a parameter only
    /// points weakly at its accumulator, and one nobody holds is made anew by the next forward.
    std::vector<std::shared_ptr<torch::autograd::Node>> accumulators;
};

OverlappedReduction::OverlappedReduction(ProcessGroup& group, std::int64_t bucketBytes)
    : m_group(group), m_bucketBytes(bucketBytes)
{
}

OverlappedReduction::~OverlappedReduction()
{
    if (m_hooks)
        m_hooks->owner = nullptr;
}

void OverlappedReduction::hook(const std::vector<torch::Tensor>& parameters)
{
    if (m_hooks)
        m_hooks->owner = nullptr;
    m_hooks = std::make_shared<Hooks>();
    m_hooks->owner = this;
    m_parameters = parameters;
    for (std::size_t index = 0; index < parameters.size(); ++index) {
        std::shared_ptr<torch::autograd::Node> accumulator =
            torch::autograd::impl::grad_accumulator(parameters[index]);
        // Runs on the thread that runs backward (the engine's, on the CPU), once the
        // parameter's gradient of this backward is accumulated.
        accumulator->add_post_hook(std::make_unique<torch::autograd::utils::LambdaPostHook>(
            [hooks = m_hooks, index](const torch::autograd::variable_list& outputs,
                                     const torch::autograd::variable_list& /*inputs*/) {
                if (hooks->owner != nullptr && hooks->armed)
                    hooks->owner->onGradientReady(index);
                return outputs;
            }));
        m_hooks->accumulators.push_back(std::move(accumulator));
    }
    // Last parameters first, in buckets of about m_bucketBytes (the first of at most 1 MiB):
    // the bucket a parameter is in is the same on every rank, as the parameters are.
    m_buckets.clear();
    m_bucketOf.assign(parameters.size(), 0);
    std::int64_t bytes = 0;
    for (std::size_t index = parameters.size(); index-- > 0;) {
        const std::int64_t cap =
            m_buckets.size() == 1 ? std::min(kFirstBucketBytes, m_bucketBytes) : m_bucketBytes;
        if (m_buckets.empty() || bytes >= cap) {
            m_buckets.emplace_back();
            bytes = 0;
        }
        m_buckets.back().push_back(index);
        m_bucketOf[index] = m_buckets.size() - 1;
        bytes +=
            parameters[index].numel() * static_cast<std::int64_t>(parameters[index].element_size());
    }
}

void OverlappedReduction::startStep(const std::vector<torch::Tensor>& parameters, double weight,
                                    bool duringBackward)
{
    const bool same =
        parameters.size() == m_parameters.size() &&
        std::equal(parameters.begin(), parameters.end(), m_parameters.begin(),
                   [](const torch::Tensor& a, const torch::Tensor& b) { return a.is_same(b); });
    if (!m_hooks || !same)
        hook(parameters);
    m_weight = weight;
    m_ready.assign(m_parameters.size(), false);
    m_bucketMissing.clear();
    for (const std::vector<std::size_t>& bucket : m_buckets)
        m_bucketMissing.push_back(static_cast<int>(bucket.size()));
    m_nextBucket = 0;
    m_pending.clear();
    m_failure = nullptr;
    m_hooks->armed = duringBackward;
}

void OverlappedReduction::onGradientReady(std::size_t index)
{
    if (m_failure || m_ready.at(index))
        return;
    m_ready[index] = true;
    --m_bucketMissing[m_bucketOf[index]];
    // Thrown out of a hook, an error would reach the caller of backward as LibTorch's own,
    // its kind lost: it is kept for finishStep to throw.
    try {
        startReadyBuckets();
    } catch (...) {
        m_failure = std::current_exception();
    }
}

void OverlappedReduction::startReadyBuckets()
{
    while (m_nextBucket < m_buckets.size() && m_bucketMissing[m_nextBucket] == 0)
        startBucket(m_nextBucket++);
}

void OverlappedReduction::startBucket(std::size_t bucket)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> gradients;
    for (std::size_t index : m_buckets[bucket]) {
        torch::Tensor& gradient = m_parameters[index].mutable_grad();
        if (!gradient.defined())
            gradient = torch::zeros_like(m_parameters[index]);
        gradient.mul_(m_weight);
        gradients.push_back(gradient);
    }
    m_pending.push_back(m_group.startAllReduceSum(std::move(gradients)));
}

ReducedGradients OverlappedReduction::finishStep()
{
    m_hooks->armed = false;
    if (m_failure)
        std::rethrow_exception(std::exchange(m_failure, nullptr));
    const std::size_t startedByHooks = m_nextBucket;
    while (m_nextBucket < m_buckets.size())
        startBucket(m_nextBucket++);
    const SteadyTime computeEnd = std::chrono::steady_clock::now();
    ReducedGradients reduced;
    std::vector<std::pair<SteadyTime, SteadyTime>> hidden;
    for (const std::unique_ptr<PendingSum>& sum : m_pending) {
        sum->wait();
        hidden.emplace_back(sum->startedAt(), std::min(sum->arrivedAt(), computeEnd));
    }
    for (const torch::Tensor& parameter : m_parameters)
        reduced.bytes += parameter.numel() * static_cast<std::int64_t>(parameter.element_size());
    reduced.overlappedMs = unionMs(std::move(hidden));
    reduced.buckets = static_cast<int>(m_buckets.size());
    reduced.bucketsDuringBackward = static_cast<int>(startedByHooks);
    m_pending.clear();
    return reduced;
}

}  // namespace es
