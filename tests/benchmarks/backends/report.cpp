#include "tests/benchmarks/backends/report.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace bench {

namespace {

// The targets of issue 8.
constexpr double kSpeedupTarget = 3.0;         ///< onednn over libtorch at H >= 256
constexpr double kSgemmFractionTarget = 0.70;  ///< onednn's share of the SGEMM rate, H >= 256
constexpr std::int64_t kWideUnits = 256;       ///< "at H >= 256"
constexpr double kKerasSpeedupTarget = 2.0;    ///< onednn over libtorch on keras-lstm-regression
// The targets of issue 33, per preset: the onednn engine's step against PyTorch from Python
// (today's: run the reference on PyTorch 2.6), and its share of the SGEMM rate.
struct PresetTarget {
    const char* preset;
    double pythonSpeedup;
    double sgemmFraction;
};
constexpr PresetTarget kPresetTargets[] = {{"keras-lstm-regression", 1.5, 0.45},
                                           {"imdb-lstm-sentiment", 1.5, 0.65}};
constexpr double kPercent = 100.0;

const char* const kNotAvailable = "n/a";

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

/// A number for the table, or n/a when `present` is false.
std::string cell(bool present, double value, int decimals)
{
    return present ? fixed(value, decimals) : kNotAvailable;
}

/// libtorch steady ms over onednn's: how many times faster onednn is.
std::optional<double> speedup(const CaseResult& result)
{
    const VariantResult& libtorch = result[Variant::LibTorch];
    const VariantResult& onednn = result[Variant::OneDnn];
    if (!libtorch.measured() || !onednn.measured() || onednn.steadyMs() <= 0.0)
        return std::nullopt;
    return libtorch.steadyMs() / onednn.steadyMs();
}

/// Python's steady ms over an engine variant's: above 1 the engine is faster.
std::optional<double> pythonOver(const CaseResult& result, Variant engine)
{
    const VariantResult& measured = result[engine];
    const VariantResult& python = result[Variant::Python];
    if (!measured.measured() || !python.measured() || measured.steadyMs() <= 0.0)
        return std::nullopt;
    return python.steadyMs() / measured.steadyMs();
}

std::optional<double> sgemmFraction(const CaseResult& result, Variant variant)
{
    const double achieved = result.achievedGflops(variant);
    if (achieved <= 0.0 || result.sgemmMedian() <= 0.0)
        return std::nullopt;
    return achieved / result.sgemmMedian();
}

std::string firstError(const CaseResult& result)
{
    for (Variant variant : kVariants)
        if (!result[variant].error.empty())
            return std::string(variantKey(variant)) + ": " + result[variant].error;
    return "not measured";
}

/// A target judged on every wide sweep case: met when all of them reach `threshold`.
TargetCheck wideCasesTarget(const std::vector<CaseResult>& cases, std::string target,
                            double threshold, bool percent,
                            std::optional<double> (*measure)(const CaseResult&))
{
    TargetCheck check{std::move(target), {}, std::nullopt};
    std::vector<double> values;
    std::vector<std::string> below;
    std::vector<std::string> missing;
    for (const CaseResult& result : cases) {
        if (result.benchCase.group != "sweep" || result.benchCase.units < kWideUnits)
            continue;
        const std::optional<double> value = measure(result);
        if (!value) {
            missing.push_back(result.benchCase.id);
            continue;
        }
        values.push_back(*value);
        if (*value < threshold)
            below.push_back(result.benchCase.id + " " +
                            (percent ? fixed(*value * kPercent, 0) + "%" : fixed(*value, 2) + "x"));
    }
    if (values.empty()) {
        check.measured = missing.empty() ? "no sweep case with H >= 256 in this run"
                                         : "not measured (" + missing.front() + ")";
        return check;
    }
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    const auto show = [&](double value) {
        return percent ? fixed(value * kPercent, 0) + "%" : fixed(value, 2) + "x";
    };
    std::ostringstream text;
    text << (values.size() - below.size()) << " of " << values.size() << " cases, " << show(*low)
         << " .. " << show(*high);
    if (!below.empty()) {
        text << "; below:";
        for (const std::string& item : below)
            text << " " << item;
    }
    if (!missing.empty())
        text << "; " << missing.size() << " not measured";
    check.measured = text.str();
    check.met = below.empty() && missing.empty();
    return check;
}

const CaseResult* findCase(const std::vector<CaseResult>& cases, const std::string& id)
{
    for (const CaseResult& result : cases)
        if (result.benchCase.id == id)
            return &result;
    return nullptr;
}

nlohmann::json sampleJson(const StepSample& sample)
{
    return {{"total_ms", sample.totalMs},
            {"forward_ms", sample.forwardMs},
            {"backward_ms", sample.backwardMs},
            {"optimizer_ms", sample.optimizerMs},
            {"minor_faults", sample.minorFaults}};
}

nlohmann::json variantJson(const VariantResult& result)
{
    nlohmann::json json = {{"measured", result.measured()}};
    if (!result.error.empty())
        json["error"] = result.error;
    if (result.error.empty()) {
        json["build_ms"] = result.buildMs;
        json["flush_denormals"] = result.flushDenormals;
        json["first_step"] = sampleJson(result.first);
        json["first_step_primitive_sets"] = result.firstBuilds.sets;
        json["first_step_primitive_build_ms"] = result.firstBuilds.ms;
        nlohmann::json warmup = nlohmann::json::array();
        for (const StepSample& step : result.warmup)
            warmup.push_back(sampleJson(step));
        json["warmup_steps"] = warmup;
    }
    if (result.measured()) {
        json["steady_ms"] = result.steadyMs();
        json["round_medians_ms"] = result.roundMediansMs();
        json["steady_step"] = sampleJson(result.steadyStep());
        json["first_step_excess"] = sampleJson(result.firstExcess());
        nlohmann::json rounds = nlohmann::json::array();
        for (const auto& round : result.rounds) {
            nlohmann::json steps = nlohmann::json::array();
            for (const StepSample& step : round)
                steps.push_back(sampleJson(step));
            rounds.push_back(steps);
        }
        json["rounds"] = rounds;
    }
    return json;
}

void rule(std::FILE* out, int width)
{
    std::fprintf(out, "%s\n", std::string(static_cast<std::size_t>(width), '-').c_str());
}

/// Where a steady step's time goes, per variant: each phase's median over the measured steps
/// (so the phases need not add up to the total's median exactly).
void printSteadySplit(std::FILE* out, const std::vector<CaseResult>& cases)
{
    std::fprintf(out, "\nsteady step by phase, median of every measured step\n");
    const char* const row = "%-22s %-8s %9s %9s %9s %9s %9s\n";
    std::fprintf(out, row, "case", "variant", "total", "fwd+loss", "backward", "optimizer",
                 "other");
    std::fprintf(out, row, "", "", "ms", "ms", "ms", "ms", "ms");
    constexpr int kSplitWidth = 81;
    rule(out, kSplitWidth);
    for (const CaseResult& result : cases)
        for (Variant variant : kVariants) {
            const VariantResult& v = result[variant];
            if (!v.measured())
                continue;
            const StepSample step = v.steadyStep();
            const double other = step.totalMs - step.forwardMs - step.backwardMs - step.optimizerMs;
            std::fprintf(out, row, result.benchCase.id.c_str(),
                         std::string(variantKey(variant)).c_str(), fixed(step.totalMs, 2).c_str(),
                         fixed(step.forwardMs, 2).c_str(), fixed(step.backwardMs, 2).c_str(),
                         fixed(step.optimizerMs, 2).c_str(), fixed(other, 2).c_str());
        }
}

}  // namespace

std::vector<TargetCheck> checkTargets(const std::vector<CaseResult>& cases)
{
    std::vector<TargetCheck> targets;
    targets.push_back(wideCasesTarget(cases, "onednn >= 3x faster than libtorch at H >= 256",
                                      kSpeedupTarget, false, &speedup));
    targets.push_back(wideCasesTarget(
        cases, "onednn >= 70% of the oneDNN SGEMM rate at H >= 256", kSgemmFractionTarget, true,
        [](const CaseResult& result) { return sgemmFraction(result, Variant::OneDnn); }));

    TargetCheck keras{"onednn >= 2x faster than libtorch on keras-lstm-regression", {}, {}};
    if (const CaseResult* result = findCase(cases, "keras-lstm-regression")) {
        if (const auto ratio = speedup(*result)) {
            keras.measured = fixed(*ratio, 2) + "x (" +
                             fixed((*result)[Variant::LibTorch].steadyMs(), 1) + " vs " +
                             fixed((*result)[Variant::OneDnn].steadyMs(), 1) + " ms/step)";
            keras.met = *ratio >= kKerasSpeedupTarget;
        } else {
            keras.measured = firstError(*result);
        }
    } else {
        keras.measured = "not in this run";
    }
    targets.push_back(keras);

    for (const char* preset : {"keras-lstm-regression", "imdb-lstm-sentiment"}) {
        TargetCheck check{std::string("libtorch engine at least as fast as PyTorch from Python "
                                      "on ") +
                              preset,
                          {},
                          {}};
        if (const CaseResult* result = findCase(cases, preset)) {
            if (const auto ratio = pythonOver(*result, Variant::LibTorch)) {
                check.measured = fixed((*result)[Variant::LibTorch].steadyMs(), 1) + " vs " +
                                 fixed((*result)[Variant::Python].steadyMs(), 1) +
                                 " ms/step (python/engine " + fixed(*ratio, 2) + ")";
                check.met = *ratio >= 1.0;
            } else {
                check.measured = firstError(*result);
            }
        } else {
            check.measured = "not in this run";
        }
        targets.push_back(check);
    }

    for (const PresetTarget& goal : kPresetTargets) {
        const CaseResult* result = findCase(cases, goal.preset);
        TargetCheck faster{"onednn engine >= " + fixed(goal.pythonSpeedup, 1) +
                               "x faster than PyTorch from Python on " + goal.preset,
                           {},
                           {}};
        TargetCheck share{"onednn >= " + fixed(goal.sgemmFraction * kPercent, 0) +
                              "% of the oneDNN SGEMM rate on " + goal.preset,
                          {},
                          {}};
        if (result == nullptr) {
            faster.measured = share.measured = "not in this run";
        } else {
            if (const auto ratio = pythonOver(*result, Variant::OneDnn)) {
                faster.measured = fixed(*ratio, 2) + "x (" +
                                  fixed((*result)[Variant::Python].steadyMs(), 1) + " vs " +
                                  fixed((*result)[Variant::OneDnn].steadyMs(), 1) + " ms/step)";
                faster.met = *ratio >= goal.pythonSpeedup;
            } else {
                faster.measured = firstError(*result);
            }
            if (const auto fraction = sgemmFraction(*result, Variant::OneDnn)) {
                share.measured = fixed(*fraction * kPercent, 0) + "%";
                share.met = *fraction >= goal.sgemmFraction;
            } else {
                share.measured = firstError(*result);
            }
        }
        targets.push_back(faster);
        targets.push_back(share);
    }
    return targets;
}

void printHeader(std::FILE* out, const RunHeader& header)
{
    std::fprintf(out, "backends benchmark (issue 8): %s\n", header.command.c_str());
    std::fprintf(out, "machine: %s, %d physical cores; %d intra-op threads in both processes\n",
                 header.cpu.c_str(), header.physicalCores, header.threads);
    std::fprintf(out, "LibTorch %s, BLAS %s (SGEMM 1024: %.1f GFLOP/s), oneDNN %s\n",
                 header.libtorchVersion.c_str(), header.blas.c_str(), header.libtorchSgemmGflops,
                 header.oneDnn.c_str());
    std::fprintf(out, "engine host allocator: %s\n", header.allocator.c_str());
    std::fprintf(out, "python reference: %s\n", header.python.c_str());
    std::fprintf(out, "load average before (1/5/15 min): %s\n", header.loadBefore.c_str());
    std::fprintf(out,
                 "per case and variant: a fresh model's first step, %d warm-up steps (excluded), "
                 "then %d rounds of >= %d steps and >= %.0f ms, variants alternating\n",
                 header.warmupSteps, header.repeats, header.minSteps, header.roundMs);
    for (const auto& [variant, result] : header.startup) {
        const std::string key(variantKey(variant));
        if (result.error.empty())
            std::fprintf(out, "process start-up, first step of a tiny model: %-8s %8.2f ms\n",
                         key.c_str(), result.first.totalMs);
        else
            std::fprintf(out, "process start-up, first step of a tiny model: %-8s n/a (%s)\n",
                         key.c_str(), result.error.c_str());
    }
}

void printTables(std::FILE* out, const std::vector<CaseResult>& cases)
{
    std::fprintf(out,
                 "\nsteady training step (forward+loss+backward+optimizer), median of round "
                 "medians\n");
    constexpr int kSteadyWidth = 139;
    std::fprintf(out, "%-22s %-24s %6s %9s %9s %9s %7s %6s %8s %6s %8s %8s %8s\n", "case", "shape",
                 "GFLOP", "libtorch", "onednn", "python", "lt/dnn", "py/lt", "dnn", "dnn/", "lt",
                 "py", "SGEMM");
    std::fprintf(out, "%-22s %-24s %6s %9s %9s %9s %7s %6s %8s %6s %8s %8s %8s\n", "", "", "/step",
                 "ms", "ms", "ms", "", "", "GFLOP/s", "SGEMM", "GFLOP/s", "GFLOP/s", "GFLOP/s");
    rule(out, kSteadyWidth);
    for (const CaseResult& result : cases) {
        const auto ms = [&](Variant variant) {
            const VariantResult& v = result[variant];
            return cell(v.measured(), v.steadyMs(), 1);
        };
        const auto gflops = [&](Variant variant) {
            const double value = result.achievedGflops(variant);
            return cell(value > 0.0, value, 1);
        };
        const auto ratio = speedup(result);
        const auto python = pythonOver(result, Variant::LibTorch);
        const auto fraction = sgemmFraction(result, Variant::OneDnn);
        std::fprintf(out, "%-22s %-24s %6.2f %9s %9s %9s %7s %6s %8s %6s %8s %8s %8s\n",
                     result.benchCase.id.c_str(), result.benchCase.shape.c_str(),
                     result.benchCase.trainingFlopsPerStep / 1e9, ms(Variant::LibTorch).c_str(),
                     ms(Variant::OneDnn).c_str(), ms(Variant::Python).c_str(),
                     (ratio ? fixed(*ratio, 2) + "x" : kNotAvailable).c_str(),
                     cell(python.has_value(), python.value_or(0.0), 2).c_str(),
                     gflops(Variant::OneDnn).c_str(),
                     (fraction ? fixed(*fraction * kPercent, 0) + "%" : kNotAvailable).c_str(),
                     gflops(Variant::LibTorch).c_str(), gflops(Variant::Python).c_str(),
                     cell(result.sgemmMedian() > 0.0, result.sgemmMedian(), 1).c_str());
    }

    std::fprintf(out,
                 "\nfirst step of a fresh model against the steady step (excess = first - "
                 "steady, per phase)\n");
    constexpr int kFirstWidth = 131;
    std::fprintf(out, "%-22s %-8s %9s %9s %9s %8s %8s %8s %10s %9s %6s %8s %8s\n", "case",
                 "variant", "first", "steady", "excess", "fwd+", "bwd+", "opt+", "faults",
                 "faults/", "prims", "prims", "model");
    std::fprintf(out, "%-22s %-8s %9s %9s %9s %8s %8s %8s %10s %9s %6s %8s %8s\n", "", "", "ms",
                 "ms", "ms", "ms", "ms", "ms", "1st step", "step", "built", "ms", "build ms");
    rule(out, kFirstWidth);
    for (const CaseResult& result : cases) {
        for (Variant variant : kVariants) {
            const VariantResult& v = result[variant];
            const std::string key(variantKey(variant));
            if (!v.measured()) {
                std::fprintf(out, "%-22s %-8s n/a (%s)\n", result.benchCase.id.c_str(), key.c_str(),
                             v.error.empty() ? "not measured" : v.error.c_str());
                continue;
            }
            const StepSample steady = v.steadyStep();
            const StepSample excess = v.firstExcess();
            const bool engine = variant != Variant::Python;
            std::fprintf(
                out, "%-22s %-8s %9.1f %9.1f %9.1f %8.1f %8.1f %8.1f %10.0f %9.0f %6s %8s %8s\n",
                result.benchCase.id.c_str(), key.c_str(), v.first.totalMs, steady.totalMs,
                excess.totalMs, excess.forwardMs, excess.backwardMs, excess.optimizerMs,
                v.first.minorFaults, steady.minorFaults,
                variant == Variant::OneDnn ? std::to_string(v.firstBuilds.sets).c_str() : "-",
                variant == Variant::OneDnn ? fixed(v.firstBuilds.ms, 1).c_str() : "-",
                engine ? fixed(v.buildMs, 1).c_str() : "-");
        }
    }
    printSteadySplit(out, cases);
}

void printTargets(std::FILE* out, const std::vector<TargetCheck>& targets)
{
    std::fprintf(out, "\ntargets of issues 8 and 33, as measured in this run:\n");
    for (const TargetCheck& target : targets) {
        const char* verdict = !target.met ? "[n/a]    " : *target.met ? "[met]    " : "[NOT met]";
        std::fprintf(out, "  %s %s: %s\n", verdict, target.target.c_str(), target.measured.c_str());
    }
}

void printLoad(std::FILE* out, const RunHeader& header)
{
    std::fprintf(out, "\nload average before: %s, after: %s (1/5/15 min)\n",
                 header.loadBefore.c_str(), header.loadAfter.c_str());
}

nlohmann::json reportJson(const RunHeader& header, const std::vector<CaseResult>& cases,
                          const std::vector<TargetCheck>& targets)
{
    nlohmann::json startup = nlohmann::json::object();
    for (const auto& [variant, result] : header.startup)
        startup[std::string(variantKey(variant))] = variantJson(result);
    nlohmann::json json = {
        {"command", header.command},
        {"machine",
         {{"cpu", header.cpu},
          {"physical_cores", header.physicalCores},
          {"threads", header.threads},
          {"libtorch", header.libtorchVersion},
          {"blas", header.blas},
          {"libtorch_sgemm_gflops", header.libtorchSgemmGflops},
          {"onednn", header.oneDnn},
          {"engine_allocator", header.allocator},
          {"load_average_before", header.loadBefore},
          {"load_average_after", header.loadAfter},
          {"python", header.pythonVersions.is_null() ? nlohmann::json(header.python)
                                                     : header.pythonVersions}}},
        {"method",
         {{"repeats", header.repeats},
          {"min_steps_per_round", header.minSteps},
          {"min_round_ms", header.roundMs},
          {"warmup_steps", header.warmupSteps},
          {"data_batches", kDataBatches},
          {"sweep_features", kSweepFeatures}}},
        {"startup_first_step", startup},
    };
    nlohmann::json list = nlohmann::json::array();
    for (const CaseResult& result : cases) {
        const BenchCase& c = result.benchCase;
        nlohmann::json variants = nlohmann::json::object();
        for (Variant variant : kVariants) {
            nlohmann::json entry = variantJson(result[variant]);
            const double gflops = result.achievedGflops(variant);
            if (gflops > 0.0)
                entry["gflops"] = gflops;
            if (const auto fraction = sgemmFraction(result, variant))
                entry["sgemm_fraction"] = *fraction;
            variants[std::string(variantKey(variant))] = entry;
        }
        nlohmann::json entry = {{"id", c.id},
                                {"group", c.group},
                                {"shape", c.shape},
                                {"units", c.units},
                                {"steps", c.steps},
                                {"batch", c.batch},
                                {"inputs", c.inputs},
                                {"training_flops_per_step", c.trainingFlopsPerStep},
                                {"onednn_sgemm_gflops_per_round", result.sgemmGflops},
                                {"variants", variants}};
        if (result.sgemmMedian() > 0.0)
            entry["onednn_sgemm_gflops"] = result.sgemmMedian();
        if (!result.sgemmError.empty())
            entry["onednn_sgemm_error"] = result.sgemmError;
        if (const auto ratio = speedup(result))
            entry["libtorch_over_onednn"] = *ratio;
        if (const auto ratio = pythonOver(result, Variant::LibTorch))
            entry["python_over_libtorch"] = *ratio;
        if (const auto ratio = pythonOver(result, Variant::OneDnn))
            entry["python_over_onednn"] = *ratio;
        list.push_back(entry);
    }
    json["cases"] = list;
    nlohmann::json checks = nlohmann::json::array();
    for (const TargetCheck& target : targets)
        checks.push_back({{"target", target.target},
                          {"measured", target.measured},
                          {"met", target.met ? nlohmann::json(*target.met) : nlohmann::json()}});
    json["targets"] = checks;
    return json;
}

}  // namespace bench
