#include "tests/benchmarks/backends/kernelcases.h"

#include "tests/benchmarks/backends/benchcases.h"
#include "tests/benchmarks/backends/kernelstepper.h"
#include "tests/benchmarks/backends/pythonreference.h"

#include "engine/model/backendchoice.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace bench {

namespace {

/// Issue 8's target: the fused bidirectional layers against the step loop; issue 33's: the
/// fused GRU and bidirectional layers against PyTorch from Python. Both at H >= 128.
constexpr double kStepLoopTarget = 2.0;
constexpr double kPythonTarget = 2.0;
constexpr std::int64_t kTargetUnits = 128;

const std::vector<std::int64_t> kKernelUnits = {128, 256};
constexpr std::int64_t kKernelSteps = 50;
constexpr std::int64_t kKernelBatch = 64;
constexpr std::int64_t kKernelInputs = 64;
/// Steps per round at most, whatever --round-ms asks.
constexpr int kMaxStepsPerRound = 200;

const char* const kNotAvailable = "n/a";

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string lowercase(std::string_view text)
{
    std::string result(text);
    for (char& c : result)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return result;
}

/// Enough steps for --round-ms at the pace seen so far, at least --steps.
int stepsPerRound(const KernelVariantResult& result, const std::vector<double>& warmup,
                  const KernelMethod& method)
{
    double stepMs = result.firstMs;
    for (double ms : warmup)
        stepMs = std::min(stepMs, ms);
    const int forTime = stepMs > 0.0 ? static_cast<int>(std::ceil(method.roundMs / stepMs)) : 1;
    return std::clamp(forTime, method.minSteps, std::max(method.minSteps, kMaxStepsPerRound));
}

/// One variant's layer, wherever it runs: `count` steps, each one's ms; `release` frees it.
struct VariantRun {
    std::function<std::vector<double>(int)> steps;
    std::function<void()> release = [] {};
};

std::vector<double> totals(const std::vector<StepSample>& samples)
{
    std::vector<double> ms;
    for (const StepSample& sample : samples)
        ms.push_back(sample.totalMs);
    return ms;
}

/// Prepares the case's layer in `variant` and takes its first and warm-up steps into `v`.
VariantRun startVariant(const KernelCase& kernelCase, KernelVariant variant,
                        const KernelMethod& method, PythonReference* python, KernelVariantResult& v,
                        std::vector<double>& warmup)
{
    if (variant == KernelVariant::Python) {
        if (python == nullptr)
            throw std::runtime_error("left out (--no-python)");
        if (!python->available())
            throw std::runtime_error(python->reason());
        std::vector<StepSample> warmupSteps;
        nlohmann::json kernel = {{"layer", recurrentLayerName(kernelCase.layer)},
                                 {"units", kernelCase.units},
                                 {"steps", kernelCase.steps},
                                 {"batch", kernelCase.batch},
                                 {"inputs", kernelCase.inputs}};
        if (const std::vector<std::int64_t> lengths = kernelCase.lengths(); !lengths.empty())
            kernel["lengths"] = lengths;
        v.firstMs =
            python->prepareKernel(kernelCase.id, kernel, method.warmup, warmupSteps).totalMs;
        warmup = totals(warmupSteps);
        // Its own parameters, drawn in Python: no output to set beside torch::nn's.
        v.outputDifference = std::numeric_limits<double>::quiet_NaN();
        const std::string id = kernelCase.id;
        return {[python, id](int count) { return totals(python->run(id, count)); },
                [python, id] { python->drop(id); }};
    }
    if (variant == KernelVariant::Fused && !es::oneDnnBuilt())
        throw std::runtime_error("this build has no oneDNN");
    auto stepper = std::make_shared<KernelStepper>(kernelCase, variant);
    v.outputDifference = stepper->outputDifference();
    v.firstMs = stepper->run(1).front();
    warmup = stepper->run(method.warmup);
    return {[stepper](int count) { return stepper->run(count); }};
}

/// Whether the fused kernel is at least `target` times faster than `slower` for `layer` at
/// every measured H >= kTargetUnits, with the figures.
TargetCheck speedupTarget(const std::vector<KernelResult>& results, RecurrentLayer layer,
                          KernelVariant slower, double target, const std::string& than)
{
    TargetCheck check{"fused " + std::string(recurrentLayerName(layer)) +
                          " >= " + fixed(target, 0) + "x faster than " + than +
                          " at H >= " + std::to_string(kTargetUnits),
                      {},
                      std::nullopt};
    std::vector<std::string> figures;
    bool allMet = true;
    bool anyMissing = false;
    for (const KernelResult& result : results) {
        const KernelCase& c = result.kernelCase;
        if (c.layer != layer || c.units < kTargetUnits)
            continue;
        const double ratio = result.fusedSpeedup(slower);
        if (ratio <= 0.0) {
            anyMissing = true;
            figures.push_back("H" + std::to_string(c.units) + " not measured");
            continue;
        }
        figures.push_back("H" + std::to_string(c.units) + " " + fixed(ratio, 2) + "x");
        allMet = allMet && ratio >= target;
    }
    if (figures.empty()) {
        check.measured = "no such case in this run";
        return check;
    }
    std::string text;
    for (const std::string& figure : figures)
        text += (text.empty() ? "" : ", ") + figure;
    check.measured = text;
    if (!anyMissing)
        check.met = allMet;
    return check;
}

}  // namespace

std::string_view recurrentLayerName(RecurrentLayer layer)
{
    switch (layer) {
        case RecurrentLayer::Gru: return "GRU";
        case RecurrentLayer::BiLstm: return "BiLSTM";
        case RecurrentLayer::BiGru: return "BiGRU";
        case RecurrentLayer::MaskedLstm: return "MaskedLSTM";
    }
    return "unknown";
}

std::string_view kernelVariantKey(KernelVariant variant)
{
    switch (variant) {
        case KernelVariant::Fused: return "fused";
        case KernelVariant::Module: return "nn";
        case KernelVariant::StepLoop: return "loop";
        case KernelVariant::Python: return "python";
    }
    return "unknown";
}

std::string KernelCase::shape() const
{
    std::ostringstream text;
    text << recurrentLayerName(layer) << "(" << units << ") T" << steps << " B" << batch << " I"
         << inputs;
    return text.str();
}

std::vector<std::int64_t> KernelCase::lengths() const
{
    if (layer != RecurrentLayer::MaskedLstm)
        return {};
    // Sample i takes the (i * kShuffle mod batch)-th of `batch` lengths evenly spaced from
    // steps / 4 to steps: kShuffle is odd, so for a batch that is a power of two every length
    // is taken once, in an order that is neither sorted nor random.
    constexpr std::int64_t kShuffle = 37;
    const std::int64_t shortest = std::max<std::int64_t>(1, steps / 4);
    std::vector<std::int64_t> result;
    for (std::int64_t i = 0; i < batch; ++i) {
        const std::int64_t rank = (i * kShuffle) % batch;
        result.push_back(batch < 2 ? steps : shortest + rank * (steps - shortest) / (batch - 1));
    }
    return result;
}

std::vector<KernelCase> kernelCases(const std::string& filter)
{
    std::vector<KernelCase> cases;
    for (RecurrentLayer layer : {RecurrentLayer::Gru, RecurrentLayer::BiLstm, RecurrentLayer::BiGru,
                                 RecurrentLayer::MaskedLstm})
        for (std::int64_t units : kKernelUnits) {
            KernelCase kernelCase;
            kernelCase.layer = layer;
            kernelCase.units = units;
            kernelCase.steps = kKernelSteps;
            kernelCase.batch = kKernelBatch;
            kernelCase.inputs = kKernelInputs;
            kernelCase.id = "kernel-" + lowercase(recurrentLayerName(layer)) + "-h" +
                            std::to_string(units) + "-t" + std::to_string(kKernelSteps) + "-b" +
                            std::to_string(kKernelBatch);
            if (caseKept(kernelCase.id, filter))
                cases.push_back(kernelCase);
        }
    return cases;
}

double KernelVariantResult::steadyMs() const
{
    std::vector<double> medians;
    for (const std::vector<double>& round : rounds)
        if (!round.empty())
            medians.push_back(es::median(round));
    return medians.empty() ? 0.0 : es::median(medians);
}

double KernelResult::fusedSpeedup(KernelVariant slower) const
{
    const KernelVariantResult& fused = (*this)[KernelVariant::Fused];
    const KernelVariantResult& other = (*this)[slower];
    if (!fused.measured() || !other.measured() || fused.steadyMs() <= 0.0)
        return 0.0;
    return other.steadyMs() / fused.steadyMs();
}

KernelResult measureKernelCase(const KernelCase& kernelCase, const KernelMethod& method,
                               PythonReference* python)
{
    KernelResult result;
    result.kernelCase = kernelCase;
    std::array<std::optional<VariantRun>, kKernelVariants.size()> runs;
    std::array<int, kKernelVariants.size()> steps{};
    for (std::size_t i = 0; i < kKernelVariants.size(); ++i) {
        KernelVariantResult& v = result.variants[i];
        try {
            std::vector<double> warmup;
            runs[i] = startVariant(kernelCase, kKernelVariants[i], method, python, v, warmup);
            steps[i] = stepsPerRound(v, warmup, method);
        } catch (const std::exception& error) {
            v.error = error.what();
            runs[i].reset();
        }
    }
    // The variants take turns, the first moving each round, so that noise from the rest of
    // the machine hits them alike.
    for (int round = 0; round < method.repeats; ++round)
        for (std::size_t k = 0; k < kKernelVariants.size(); ++k) {
            const std::size_t i = (static_cast<std::size_t>(round) + k) % kKernelVariants.size();
            if (!runs[i])
                continue;
            try {
                result.variants[i].rounds.push_back(runs[i]->steps(steps[i]));
            } catch (const std::exception& error) {
                result.variants[i].error = error.what();
                result.variants[i].rounds.clear();
                runs[i].reset();
            }
        }
    for (std::optional<VariantRun>& run : runs)
        if (run) {
            try {
                run->release();
            } catch (const std::exception&) {
                // A reference that died frees nothing; its rounds are kept.
            }
        }
    return result;
}

std::vector<TargetCheck> checkKernelTargets(const std::vector<KernelResult>& results)
{
    std::vector<TargetCheck> targets;
    for (RecurrentLayer layer : {RecurrentLayer::BiLstm, RecurrentLayer::BiGru})
        targets.push_back(speedupTarget(results, layer, KernelVariant::StepLoop, kStepLoopTarget,
                                        "the step loop"));
    for (RecurrentLayer layer : {RecurrentLayer::Gru, RecurrentLayer::BiLstm, RecurrentLayer::BiGru,
                                 RecurrentLayer::MaskedLstm})
        targets.push_back(speedupTarget(results, layer, KernelVariant::Python, kPythonTarget,
                                        "PyTorch from Python"));
    return targets;
}

void printKernelTable(std::FILE* out, const std::vector<KernelResult>& results)
{
    std::fprintf(out,
                 "\nrecurrent kernels: one layer's training step (forward, gradients of x and of "
                 "every parameter), median of round medians; denormals flushed in this process "
                 "(python: PyTorch's default, not flushed)\n"
                 "fused: oneDNN (bidirectional: two fused calls, the second on x flipped in "
                 "time); nn: torch::nn::LSTM/GRU on LibTorch's CPU path; loop: a step loop of "
                 "LibTorch ops; python: nn.GRU/nn.LSTM from Python (the header's torch)\n"
                 "masked LSTM: right-padded samples of steps/4 to steps; fused and loop: the "
                 "engine's recurrent layer with mask_zero's mask; nn and python: "
                 "pack_padded_sequence; the loss counts unpadded steps only\n");
    const char* const row = "%-28s %-24s %9s %9s %9s %9s %8s %8s %8s %9s %9s %9s\n";
    std::fprintf(out, row, "case", "shape", "fused", "nn", "loop", "python", "nn/", "loop/",
                 "python/", "fused", "fused", "loop");
    std::fprintf(out, row, "", "", "ms", "ms", "ms", "ms", "fused", "fused", "fused", "1st ms",
                 "vs nn", "vs nn");
    constexpr int kWidth = 152;
    std::fprintf(out, "%s\n", std::string(kWidth, '-').c_str());
    for (const KernelResult& result : results) {
        const auto ms = [&](KernelVariant variant) {
            const KernelVariantResult& v = result[variant];
            return v.measured() ? fixed(v.steadyMs(), 1) : std::string(kNotAvailable);
        };
        const auto ratio = [&](KernelVariant variant) {
            const double value = result.fusedSpeedup(variant);
            return value > 0.0 ? fixed(value, 2) + "x" : std::string(kNotAvailable);
        };
        const auto difference = [&](KernelVariant variant) {
            const KernelVariantResult& v = result[variant];
            char text[32];
            std::snprintf(text, sizeof text, "%.1e", v.outputDifference);
            return v.error.empty() ? std::string(text) : std::string(kNotAvailable);
        };
        const KernelVariantResult& fused = result[KernelVariant::Fused];
        std::fprintf(out, row, result.kernelCase.id.c_str(), result.kernelCase.shape().c_str(),
                     ms(KernelVariant::Fused).c_str(), ms(KernelVariant::Module).c_str(),
                     ms(KernelVariant::StepLoop).c_str(), ms(KernelVariant::Python).c_str(),
                     ratio(KernelVariant::Module).c_str(), ratio(KernelVariant::StepLoop).c_str(),
                     ratio(KernelVariant::Python).c_str(),
                     fused.error.empty() ? fixed(fused.firstMs, 1).c_str() : kNotAvailable,
                     difference(KernelVariant::Fused).c_str(),
                     difference(KernelVariant::StepLoop).c_str());
    }
    for (const KernelResult& result : results)
        for (KernelVariant variant : kKernelVariants)
            if (!result[variant].error.empty())
                std::fprintf(out, "%s %s: n/a (%s)\n", result.kernelCase.id.c_str(),
                             std::string(kernelVariantKey(variant)).c_str(),
                             result[variant].error.c_str());
    std::fprintf(out,
                 "(fused/loop vs nn: max |output - nn output| / max |nn output| on one "
                 "batch: the three compute the same layer; python draws its own parameters)\n");
    std::fprintf(out, "\ntargets of the recurrent kernels, as measured in this run:\n");
    for (const TargetCheck& target : checkKernelTargets(results)) {
        const char* verdict = !target.met ? "[n/a]    " : *target.met ? "[met]    " : "[NOT met]";
        std::fprintf(out, "  %s %s: %s\n", verdict, target.target.c_str(), target.measured.c_str());
    }
}

nlohmann::json kernelJson(const std::vector<KernelResult>& results)
{
    nlohmann::json list = nlohmann::json::array();
    for (const KernelResult& result : results) {
        const KernelCase& c = result.kernelCase;
        nlohmann::json variants = nlohmann::json::object();
        for (KernelVariant variant : kKernelVariants) {
            const KernelVariantResult& v = result[variant];
            nlohmann::json entry = {{"measured", v.measured()}};
            if (!v.error.empty())
                entry["error"] = v.error;
            if (v.measured()) {
                entry["first_step_ms"] = v.firstMs;
                entry["steady_ms"] = v.steadyMs();
                if (!std::isnan(v.outputDifference))
                    entry["output_difference"] = v.outputDifference;
                entry["rounds_ms"] = v.rounds;
            }
            variants[std::string(kernelVariantKey(variant))] = entry;
        }
        nlohmann::json entry = {
            {"id", c.id},          {"layer", std::string(recurrentLayerName(c.layer))},
            {"units", c.units},    {"steps", c.steps},
            {"batch", c.batch},    {"inputs", c.inputs},
            {"variants", variants}};
        if (const std::vector<std::int64_t> lengths = c.lengths(); !lengths.empty())
            entry["lengths"] = lengths;
        if (const double ratio = result.fusedSpeedup(KernelVariant::Module); ratio > 0.0)
            entry["nn_over_fused"] = ratio;
        if (const double ratio = result.fusedSpeedup(KernelVariant::StepLoop); ratio > 0.0)
            entry["loop_over_fused"] = ratio;
        if (const double ratio = result.fusedSpeedup(KernelVariant::Python); ratio > 0.0)
            entry["python_over_fused"] = ratio;
        list.push_back(entry);
    }
    nlohmann::json checks = nlohmann::json::array();
    for (const TargetCheck& target : checkKernelTargets(results))
        checks.push_back({{"target", target.target},
                          {"measured", target.measured},
                          {"met", target.met ? nlohmann::json(*target.met) : nlohmann::json()}});
    return {{"cases", list}, {"targets", checks}};
}

}  // namespace bench
