#include "tests/benchmarks/backends/measurements.h"

#include "engine/summary/statistics.h"

namespace bench {

namespace {

constexpr double kFlopsPerGflop = 1e9;
constexpr double kMsPerSecond = 1e3;

template <typename Field>
double medianOf(const std::vector<std::vector<StepSample>>& rounds, Field field)
{
    std::vector<double> values;
    for (const auto& round : rounds)
        for (const StepSample& step : round)
            values.push_back(step.*field);
    return values.empty() ? 0.0 : es::median(values);
}

}  // namespace

std::string_view variantKey(Variant variant)
{
    switch (variant) {
        case Variant::LibTorch: return "libtorch";
        case Variant::OneDnn: return "onednn";
        case Variant::Python: return "python";
    }
    return "unknown";
}

std::vector<double> VariantResult::roundMediansMs() const
{
    std::vector<double> medians;
    for (const auto& round : rounds) {
        std::vector<double> totals;
        for (const StepSample& step : round)
            totals.push_back(step.totalMs);
        if (!totals.empty())
            medians.push_back(es::median(totals));
    }
    return medians;
}

double VariantResult::steadyMs() const
{
    const std::vector<double> medians = roundMediansMs();
    return medians.empty() ? 0.0 : es::median(medians);
}

StepSample VariantResult::steadyStep() const
{
    StepSample step;
    step.totalMs = steadyMs();
    step.forwardMs = medianOf(rounds, &StepSample::forwardMs);
    step.backwardMs = medianOf(rounds, &StepSample::backwardMs);
    step.optimizerMs = medianOf(rounds, &StepSample::optimizerMs);
    step.minorFaults = medianOf(rounds, &StepSample::minorFaults);
    return step;
}

StepSample VariantResult::firstExcess() const
{
    const StepSample steady = steadyStep();
    return {first.totalMs - steady.totalMs, first.forwardMs - steady.forwardMs,
            first.backwardMs - steady.backwardMs, first.optimizerMs - steady.optimizerMs,
            first.minorFaults - steady.minorFaults};
}

double CaseResult::sgemmMedian() const
{
    return sgemmGflops.empty() ? 0.0 : es::median(sgemmGflops);
}

double CaseResult::achievedGflops(Variant variant) const
{
    const VariantResult& result = (*this)[variant];
    if (!result.measured() || result.steadyMs() <= 0.0)
        return 0.0;
    return benchCase.trainingFlopsPerStep / (result.steadyMs() / kMsPerSecond) / kFlopsPerGflop;
}

}  // namespace bench
