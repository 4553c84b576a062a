#include "engine/report/runcomparison.h"

#include "engine/config/runconfig.h"
#include "engine/core/siunits.h"
#include "engine/diagnosis/runevidence.h"
#include "engine/diagnosis/savedfindings.h"
#include "engine/i18n/phasename.h"
#include "engine/i18n/translate.h"
#include "engine/report/jsondiff.h"
#include "engine/report/reporttext.h"
#include "engine/store/runstore.h"
#include "engine/summary/rankstats.h"
#include "engine/summary/runsummary.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace es {

namespace {

// Enough bins to show two modes (a straggler cluster next to the bulk), few enough to read
// as a table row per bin.
constexpr int kHistogramBins = 20;

// The sentence names the phases whose per-step difference is at least this share of the
// baseline's step; smaller ones are noise on a real machine and stay in the tables.
constexpr double kSentenceShare = 0.01;

// Facts the runs table shows on its own rows; the facts diff leaves them out.
const std::vector<std::string> kFactsShownApart = {
    "device", "backend", "placement", "intra_op_threads", "inter_op_threads", "batch_size"};

template <typename Value>
std::optional<Value> positiveOrUnset(Value value)
{
    return value > 0 ? std::optional<Value>(value) : std::nullopt;
}

std::optional<double> meanOf(const std::vector<double>& values)
{
    if (values.empty())
        return std::nullopt;
    double sum = 0.0;
    for (double value : values)
        sum += value;
    return sum / static_cast<double>(values.size());
}

std::optional<double> maxOf(const std::vector<double>& values)
{
    if (values.empty())
        return std::nullopt;
    return *std::max_element(values.begin(), values.end());
}

std::optional<double> medianOf(const std::vector<double>& values)
{
    if (values.empty())
        return std::nullopt;
    return median(values);
}

LatencyFigures latencyOf(const std::vector<double>& steadyWallMs)
{
    LatencyFigures latency;
    latency.steps = static_cast<std::int64_t>(steadyWallMs.size());
    if (steadyWallMs.empty())
        return latency;
    latency.p50Ms = percentile(steadyWallMs, 50.0);
    latency.p90Ms = percentile(steadyWallMs, 90.0);
    latency.p99Ms = percentile(steadyWallMs, 99.0);
    latency.maxMs = maxOf(steadyWallMs);
    return latency;
}

TransferFigures transferOf(const std::vector<BatchRecord>& batches,
                           const std::vector<std::size_t>& steady)
{
    TransferFigures transfer;
    for (const BatchRecord& batch : batches)
        transfer.totalBytes += batch.h2dBytes;
    std::vector<double> bytes;
    std::vector<double> milliseconds;
    double bytesSum = 0.0;
    double msSum = 0.0;
    for (std::size_t index : steady) {
        const BatchRecord& batch = batches[index];
        const double ms = batch.phaseMs[phaseIndex(Phase::HostToDevice)];
        bytes.push_back(static_cast<double>(batch.h2dBytes));
        milliseconds.push_back(ms);
        bytesSum += static_cast<double>(batch.h2dBytes);
        msSum += ms;
    }
    transfer.medianBytesPerStep = medianOf(bytes);
    transfer.medianMsPerStep = medianOf(milliseconds);
    if (bytesSum > 0.0 && msSum > 0.0)
        transfer.gbPerS = bytesSum / (msSum / 1000.0) / 1e9;
    return transfer;
}

UtilisationFigures utilisationOf(const std::vector<SystemSample>& samples)
{
    UtilisationFigures utilisation;
    utilisation.samples = static_cast<std::int64_t>(samples.size());
    std::vector<double> process, machine, rss, gpuUtil, gpuMemory;
    for (const SystemSample& sample : samples) {
        process.push_back(sample.processCpuPct);
        machine.push_back(sample.machineCpuPct);
        rss.push_back(sample.rssMb);
        for (const GpuSample& gpu : sample.gpus) {
            // NaN is a value NVML could not read, not a measurement.
            if (std::isfinite(gpu.smUtilPct))
                gpuUtil.push_back(gpu.smUtilPct);
            if (std::isfinite(gpu.memUsedMb))
                gpuMemory.push_back(gpu.memUsedMb);
        }
    }
    utilisation.meanProcessCpuPct = meanOf(process);
    utilisation.maxProcessCpuPct = maxOf(process);
    utilisation.meanMachineCpuPct = meanOf(machine);
    utilisation.peakRssMb = maxOf(rss);
    utilisation.meanGpuUtilPct = meanOf(gpuUtil);
    utilisation.peakGpuMemoryMb = maxOf(gpuMemory);
    return utilisation;
}

void fillPhases(ComparedRun& compared, const std::vector<BatchRecord>& batches,
                const std::vector<std::size_t>& steady)
{
    for (Phase phase : kAllPhases) {
        const std::size_t p = phaseIndex(phase);
        PhaseFigures& figures = compared.phases[p];
        for (const BatchRecord& batch : batches)
            figures.totalS += batch.phaseMs[p] / 1000.0;
        if (compared.trainingS > 0.0)
            figures.share = figures.totalS / compared.trainingS;
        std::vector<double> steadyMs;
        std::vector<double> steadyPeakMb;
        steadyMs.reserve(steady.size());
        for (std::size_t index : steady) {
            steadyMs.push_back(batches[index].phaseMs[p]);
            // Steps whose memory was not counted (recorded before it was) are no figure.
            if (batches[index].memory.counted())
                steadyPeakMb.push_back(static_cast<double>(batches[index].memory.peakBytes[p]) /
                                       kBytesPerMb);
        }
        figures.steadyMedianMs = medianOf(steadyMs);
        figures.steadyPeakMb = medianOf(steadyPeakMb);
    }
}

ComparedRun figuresOf(const StoredRun& run, std::size_t index)
{
    const RunEvidence evidence = evidenceFromStoredRun(run);
    const RunFacts& facts = evidence.facts;
    ComparedRun compared;
    compared.label = runLabel(index);
    compared.id = run.header.id;
    compared.name = run.header.name;
    compared.status = std::string(runStatusKey(run.header.status));
    compared.startedAt = run.header.startedAt;
    compared.endedAt = run.header.endedAt;
    compared.notes = run.notes.empty() ? run.header.notes : run.notes;
    compared.device = facts.device;
    compared.backend = facts.backend;
    compared.placement = facts.placement;
    compared.intraOpThreads = positiveOrUnset(facts.intraOpThreads);
    compared.interOpThreads = positiveOrUnset(facts.interOpThreads);
    compared.batchSize = positiveOrUnset(facts.batchSize);
    compared.worldSize = facts.worldSize;

    const std::vector<BatchRecord>& batches = run.batches;
    compared.steps = static_cast<std::int64_t>(batches.size());
    std::int64_t samples = 0;
    for (const BatchRecord& batch : batches) {
        compared.trainingS += batch.wallMs / 1000.0;
        samples += batch.samples;
    }
    if (compared.trainingS > 0.0)
        compared.samplesPerS = static_cast<double>(samples) / compared.trainingS;
    compared.steadyStepMs = steadyStateStepMs(batches);
    compared.firstEpochRatio = firstEpochRatio(run.epochs);
    if (run.summary.is_object()) {
        const auto total = run.summary.find("total_s");
        if (total != run.summary.end() && total->is_number())
            compared.wallS = total->get<double>();
    }

    const std::vector<std::size_t> steady = steadyStepIndices(batches);
    fillPhases(compared, batches, steady);
    std::vector<double> steadyWallMs;
    steadyWallMs.reserve(steady.size());
    for (std::size_t i : steady)
        steadyWallMs.push_back(batches[i].wallMs);
    compared.latency = latencyOf(steadyWallMs);
    compared.transfer = transferOf(batches, steady);
    compared.utilisation = utilisationOf(run.samples);
    // The saved diagnosis with its rules' texts in the report's language.
    for (const Finding& finding : savedFindingsInLanguage(run))
        compared.findings.push_back(
            {finding.id, std::string(severityKey(finding.severity)), finding.title});
    return compared;
}

std::vector<EpochRow> epochRows(const std::vector<StoredRun>& runs)
{
    std::map<int, EpochRow> rows;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        for (const EpochRecord& epoch : runs[r].epochs) {
            EpochRow& row = rows[epoch.epoch];
            row.epoch = epoch.epoch;
            row.runs.resize(runs.size());
            row.runs[r] = EpochTimes{epoch.trainS, epoch.validationS, epoch.wallS};
        }
    }
    std::vector<EpochRow> ordered;
    ordered.reserve(rows.size());
    for (auto& entry : rows)
        ordered.push_back(std::move(entry.second));
    return ordered;
}

std::vector<double> steadyWallTimes(const StoredRun& run)
{
    std::vector<double> times;
    for (std::size_t index : steadyStepIndices(run.batches))
        times.push_back(run.batches[index].wallMs);
    return times;
}

std::vector<double> binEdges(double low, double high, bool logSpaced)
{
    if (high <= low)
        return {low, high};
    std::vector<double> edges(kHistogramBins + 1);
    for (int i = 0; i <= kHistogramBins; ++i) {
        const double fraction = static_cast<double>(i) / kHistogramBins;
        edges[i] = logSpaced ? low * std::pow(high / low, fraction) : low + (high - low) * fraction;
    }
    // Exact ends, so that the smallest and the largest time fall inside.
    edges.front() = low;
    edges.back() = high;
    return edges;
}

LatencyHistogram histogramOf(const std::vector<StoredRun>& runs)
{
    LatencyHistogram histogram;
    std::vector<std::vector<double>> times;
    double low = 0.0;
    double high = 0.0;
    bool any = false;
    for (const StoredRun& run : runs) {
        times.push_back(steadyWallTimes(run));
        for (double ms : times.back()) {
            low = any ? std::min(low, ms) : ms;
            high = any ? std::max(high, ms) : ms;
            any = true;
        }
    }
    histogram.counts.resize(runs.size());
    if (!any)
        return histogram;
    // Step times spread over orders of magnitude (a warm step next to a checkpointing one), so
    // equal ratios per bin; a zero time cannot go on a log scale.
    histogram.logSpaced = low > 0.0 && high > low;
    histogram.edgesMs = binEdges(low, high, histogram.logSpaced);
    const std::size_t bins = histogram.edgesMs.size() - 1;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        std::vector<std::int64_t>& counts = histogram.counts[r];
        counts.assign(bins, 0);
        for (double ms : times[r]) {
            const auto above =
                std::upper_bound(histogram.edgesMs.begin(), histogram.edgesMs.end(), ms);
            const std::size_t bin = static_cast<std::size_t>(
                std::max<std::ptrdiff_t>(0, above - histogram.edgesMs.begin() - 1));
            ++counts[std::min(bin, bins - 1)];
        }
    }
    return histogram;
}

// Differences below these are rounding in sums of doubles, not measurements; the sort treats
// them as ties so that equal phases keep their order.
constexpr double kTieMs = 1e-9;
constexpr double kTieS = 1e-9;

double sortSize(const PhaseDelta& delta)
{
    return delta.msPerStep ? std::fabs(*delta.msPerStep) : 0.0;
}

/// Whether `a` goes before `b`: the larger per-step difference, then the larger scaled one.
bool largerDelta(const PhaseDelta& a, const PhaseDelta& b)
{
    if (std::fabs(sortSize(a) - sortSize(b)) > kTieMs)
        return sortSize(a) > sortSize(b);
    const double scaledA = std::fabs(a.scaledS.value_or(0.0));
    const double scaledB = std::fabs(b.scaledS.value_or(0.0));
    return scaledA - scaledB > kTieS;
}

std::string comparisonWords(const ComparedRun& baseline, const ComparedRun& run, double speedup)
{
    const std::string mine = figureText(*run.steadyStepMs);
    const std::string theirs = figureText(*baseline.steadyStepMs);
    const std::string ratio = ratioText(speedup >= 1.0 ? speedup : 1.0 / speedup);
    if (ratio == "1.00x")
        return fillText(engineText("Report", "%1 is as fast per step as %2 (%3 vs %4 ms/step)"),
                        {run.label, baseline.label, mine, theirs});
    return fillText(
        speedup >= 1.0
            ? engineText("Report", "%1 is %2 faster per step than %3 (%4 vs %5 ms/step)")
            : engineText("Report", "%1 is %2 slower per step than %3 (%4 vs %5 ms/step)"),
        {run.label, ratio, baseline.label, mine, theirs});
}

std::string attributionSentence(const ComparedRun& baseline, const ComparedRun& run,
                                const Attribution& attribution)
{
    if (!attribution.speedup) {
        const ComparedRun& without = baseline.steadyStepMs ? run : baseline;
        return fillText(engineText("Report",
                                   "%1 cannot be compared per step with %2: %3 has no warm steps "
                                   "(those after epoch 1, or after the first 10% of a one-epoch "
                                   "run)."),
                        {run.label, baseline.label, without.label});
    }
    const std::string sentence = comparisonWords(baseline, run, *attribution.speedup);
    const double threshold = kSentenceShare * *baseline.steadyStepMs;
    const double thresholdS = kSentenceShare * baseline.trainingS;
    const std::string steps = std::to_string(baseline.steps);
    std::string parts;
    bool leftOut = false;
    for (const PhaseDelta& delta : attribution.phases) {
        const bool perStep = delta.msPerStep && std::fabs(*delta.msPerStep) >= threshold &&
                             std::fabs(*delta.msPerStep) > 0.0;
        // A phase that takes time in some steps only (a checkpoint every few steps) leaves
        // the median step alone but not the total: it is named by its seconds.
        const bool inSomeSteps = !perStep && delta.scaledS &&
                                 std::fabs(*delta.scaledS) >= thresholdS &&
                                 std::fabs(*delta.scaledS) > 0.0;
        if (!perStep && !inSomeSteps) {
            leftOut = true;
            continue;
        }
        const std::string phase = phaseName(delta.phase);
        // The first part names the baseline's steps the seconds are scaled to; later ones
        // share it.
        const bool first = parts.empty();
        std::string part;
        if (inSomeSteps) {
            const std::string seconds = signedFigureText(*delta.scaledS);
            part = first
                       ? fillText(engineText("Report",
                                             "%1 %2 s over %3's %4 steps in total, not in the "
                                             "median step"),
                                  {phase, seconds, baseline.label, steps})
                       : fillText(engineText("Report", "%1 %2 s in total, not in the median step"),
                                  {phase, seconds});
        } else {
            const std::string perStepMs = signedFigureText(*delta.msPerStep);
            if (!delta.scaledS)
                part = fillText(engineText("Report", "%1 %2 ms/step"), {phase, perStepMs});
            else if (first)
                part = fillText(
                    engineText("Report", "%1 %2 ms/step (%3 s over %4's %5 steps)"),
                    {phase, perStepMs, signedFigureText(*delta.scaledS), baseline.label, steps});
            else
                part = fillText(engineText("Report", "%1 %2 ms/step (%3 s)"),
                                {phase, perStepMs, signedFigureText(*delta.scaledS)});
        }
        parts = first ? part : fillText(engineText("Report", "%1, %2"), {parts, part});
    }
    if (parts.empty())
        return fillText(engineText("Report", "%1: no phase differs by 1% of %2's step or more."),
                        {sentence, baseline.label});
    if (leftOut)
        return fillText(engineText("Report",
                                   "%1: %2; the other phases differ by less than 1% of %3's "
                                   "step."),
                        {sentence, parts, baseline.label});
    return fillText(engineText("Report", "%1: %2."), {sentence, parts});
}

Attribution attributionOf(const ComparedRun& baseline, const ComparedRun& run)
{
    Attribution attribution;
    attribution.label = run.label;
    attribution.baselineSteps = baseline.steps;
    if (baseline.steadyStepMs && run.steadyStepMs && *run.steadyStepMs > 0.0)
        attribution.speedup = *baseline.steadyStepMs / *run.steadyStepMs;
    const bool bothRan = baseline.steps > 0 && run.steps > 0;
    const double baseSteps = static_cast<double>(baseline.steps);
    const double runSteps = static_cast<double>(run.steps);
    for (Phase phase : kAllPhases) {
        const std::size_t p = phaseIndex(phase);
        PhaseDelta delta;
        delta.phase = phase;
        const auto& mine = run.phases[p].steadyMedianMs;
        const auto& theirs = baseline.phases[p].steadyMedianMs;
        if (mine && theirs)
            delta.msPerStep = *mine - *theirs;
        if (bothRan)
            delta.scaledS =
                (run.phases[p].totalS / runSteps - baseline.phases[p].totalS / baseSteps) *
                baseSteps;
        attribution.phases.push_back(delta);
    }
    if (bothRan)
        attribution.scaledTotalS =
            (run.trainingS / runSteps - baseline.trainingS / baseSteps) * baseSteps;
    std::stable_sort(attribution.phases.begin(), attribution.phases.end(), largerDelta);
    attribution.sentence = attributionSentence(baseline, run, attribution);
    return attribution;
}

std::vector<nlohmann::json> environmentsOf(const std::vector<StoredRun>& runs)
{
    std::vector<nlohmann::json> environments;
    for (const StoredRun& run : runs) {
        const bool has = run.summary.is_object() && run.summary.contains("environment");
        environments.push_back(has ? run.summary["environment"] : nlohmann::json());
    }
    return environments;
}

std::vector<nlohmann::json> factsOf(const std::vector<StoredRun>& runs)
{
    std::vector<nlohmann::json> facts;
    for (const StoredRun& run : runs) {
        nlohmann::json info = run.info.is_object() ? run.info : nlohmann::json::object();
        for (const std::string& key : kFactsShownApart)
            info.erase(key);
        facts.push_back(info);
    }
    return facts;
}

std::vector<nlohmann::json> configsOf(const std::vector<StoredRun>& runs)
{
    std::vector<nlohmann::json> configs;
    configs.reserve(runs.size());
    for (const StoredRun& run : runs)
        configs.push_back(run.config);
    return configs;
}

}  // namespace

std::string runLabel(std::size_t index)
{
    std::string label;
    std::size_t rest = index + 1;  // bijective base 26: A..Z, AA..AZ, BA...
    while (rest > 0) {
        --rest;
        label.insert(label.begin(), static_cast<char>('A' + rest % 26));
        rest /= 26;
    }
    return label;
}

RunComparison compareRuns(const std::vector<StoredRun>& runs)
{
    if (runs.size() < 2)
        throw std::invalid_argument("a comparison needs at least two runs, got " +
                                    std::to_string(runs.size()));
    RunComparison comparison;
    for (std::size_t i = 0; i < runs.size(); ++i)
        comparison.runs.push_back(figuresOf(runs[i], i));
    // Scaling is the question only where processes differ; between runs of one process the
    // speed-up says it all.
    for (std::size_t i = 1; i < runs.size(); ++i)
        if (comparison.runs[i].worldSize > 1 || comparison.runs[0].worldSize > 1)
            if (const auto scaling = scalingEfficiency(runs[i].summary, runs[0].summary))
                comparison.runs[i].scalingEfficiency = scaling->efficiency;
    comparison.environmentDiff = jsonDiff(environmentsOf(runs), kNotRecorded);
    comparison.factsDiff = jsonDiff(factsOf(runs), kNotRecorded);
    comparison.configDiff = jsonDiff(configsOf(runs), kAbsent);
    comparison.epochs = epochRows(runs);
    comparison.histogram = histogramOf(runs);
    for (std::size_t i = 1; i < comparison.runs.size(); ++i)
        comparison.attributions.push_back(
            attributionOf(comparison.runs.front(), comparison.runs[i]));
    return comparison;
}

}  // namespace es
