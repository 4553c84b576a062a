#include "tests/benchmarks/backends/enginestepper.h"

#include "engine/data/dataset_torch.h"
#include "engine/model/backendchoice.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/profile/pagefaults.h"
#include "engine/train/denormals.h"
#include "engine/train/losses_torch.h"
#include "engine/train/optimizers_torch.h"

#include <torch/torch.h>

#include <chrono>

namespace bench {

namespace {

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

}  // namespace

struct EngineStepper::Impl {
    es::RunConfig config;
    es::SequentialModel model{nullptr};
    std::unique_ptr<torch::optim::Optimizer> optimizer;
    std::vector<es::Dataset> batches;
    std::size_t next = 0;
    double buildMs = 0.0;
    bool flush = false;

    StepSample step()
    {
        const es::Dataset& batch = batches[next++ % batches.size()];
        // The whole process, as Python's getrusage: the OpenMP workers' faults count too.
        const es::PageFaults faultsBefore = es::PageFaults::ofProcess();
        const auto t0 = Clock::now();
        const torch::Tensor prediction = model->forward(batch.x);
        const torch::Tensor loss = es::computeLoss(config.training.loss, prediction, batch.y) +
                                   model->regularizationLoss();
        const auto tForward = Clock::now();
        loss.backward();
        const auto tBackward = Clock::now();
        optimizer->step();
        optimizer->zero_grad();
        const auto tOptimizer = Clock::now();
        (void)loss.item<double>();
        const auto end = Clock::now();
        StepSample sample;
        sample.totalMs = msBetween(t0, end);
        sample.forwardMs = msBetween(t0, tForward);
        sample.backwardMs = msBetween(tForward, tBackward);
        sample.optimizerMs = msBetween(tBackward, tOptimizer);
        sample.minorFaults =
            static_cast<double>((es::PageFaults::ofProcess() - faultsBefore).minor);
        return sample;
    }
};

EngineStepper::EngineStepper(const es::RunConfig& config, es::Backend backend)
    : m_impl(std::make_unique<Impl>())
{
    const auto start = Clock::now();
    Impl& d = *m_impl;
    d.config = config;
    d.flush = es::resolveFlushDenormals(config.device, backend).flush;
    torch::manual_seed(config.seed);
    const es::Dataset data = es::generateSynthetic(config.data.source, config.seed);
    const std::int64_t batch = config.data.batchSize;
    for (std::int64_t first = 0; first + batch <= data.size(); first += batch)
        d.batches.push_back({data.x.narrow(0, first, batch).contiguous(),
                             data.y.narrow(0, first, batch).contiguous()});
    if (d.batches.empty())
        throw std::runtime_error("the case's data holds no full batch");
    const std::int64_t features = data.x.dim() == 3 ? data.x.size(2) : 1;
    d.model = es::SequentialModel(config.model, features, backend);
    d.model->train();
    d.optimizer = es::makeOptimizer(config.training.optimizer, d.model->parameters());
    d.buildMs = msBetween(start, Clock::now());
}

EngineStepper::~EngineStepper() = default;

std::vector<StepSample> EngineStepper::run(int count)
{
    if (es::flushingDenormals() != m_impl->flush)
        es::applyFlushDenormals(m_impl->flush);
    std::vector<StepSample> samples;
    samples.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        samples.push_back(m_impl->step());
    return samples;
}

double EngineStepper::buildMs() const
{
    return m_impl->buildMs;
}

PrimitiveBuilds EngineStepper::primitiveBuilds() const
{
    const es::OneDnnLstmCacheStats stats = m_impl->model->oneDnnStats();
    constexpr double kMsPerSecond = 1e3;
    return {stats.inference, stats.buildSeconds * kMsPerSecond};
}

bool EngineStepper::flushDenormals() const
{
    return m_impl->flush;
}

}  // namespace bench
