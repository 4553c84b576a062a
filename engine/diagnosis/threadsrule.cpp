// "threads": the intra-op thread count the run applied against the machine's cores, and the
// run's compute threads the system sampler saw mostly idle while training ran.

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

namespace es {

namespace {

// The engine thread's name (trainingsession.cpp); LibTorch's OpenMP workers are started by
// that thread and inherit the name (core/threadname.h), so together they are the run's math.
constexpr const char* kEngineThreadName = "es-train";
// A compute thread below this mean CPU share did work for less than a third of the time the
// busiest one could: its core mostly waited. 30% leaves room for the barrier waits and the
// serial parts (optimizer, loss) every healthy team has, which keep a busy worker at 60-100%.
constexpr double kIdleCpuPct = 30.0;
// A sample counts when the process used at least half a core: the run was computing rather
// than waiting for its data or writing a checkpoint, which would make every thread look idle.
constexpr double kBusyProcessCpuPct = 50.0;
// At 100 ms per sample, ten samples are one second of training: fewer could catch a single
// pause of a worker and call it idle.
constexpr std::size_t kMinSamples = 10;
// Half or more of the compute threads idle: the cores the run asked for are largely wasted,
// a noticeable share of the machine (Warning). Fewer: worth knowing (Info).
constexpr double kWarningIdleFraction = 0.5;
// Evidence names at most this many idle threads, then counts the rest.
constexpr std::size_t kMaxNamedThreads = 6;

std::string threadsText(int count)
{
    return countedText(count, engineText("ThreadsRule", "%1 thread"),
                       engineText("ThreadsRule", "%1 threads"));
}

std::string physicalCoresText(int count)
{
    return countedText(count, engineText("ThreadsRule", "%1 physical core"),
                       engineText("ThreadsRule", "%1 physical cores"));
}

std::string logicalCoresText(int count)
{
    return countedText(count, engineText("ThreadsRule", "%1 logical core"),
                       engineText("ThreadsRule", "%1 logical cores"));
}

/// device.intra_op_threads as the stored config has it, or -1 when it is not there.
int configuredIntraOpThreads(const nlohmann::json& config)
{
    if (!config.is_object())
        return -1;
    const auto device = config.find("device");
    if (device == config.end() || !device->is_object())
        return -1;
    const auto threads = device->find("intra_op_threads");
    if (threads == device->end() || !threads->is_number_integer())
        return -1;
    return threads->get<int>();
}

/// The fix for a thread count off the cores: device.intra_op_threads = 0, one per physical
/// core; null when the config already asks for that, since the patch would change nothing.
void setThreadsPatch(const RunEvidence& evidence, Finding& finding)
{
    const int configured = configuredIntraOpThreads(evidence.config);
    if (configured == 0) {
        finding.recommendation = fillText(
            engineText("ThreadsRule",
                       "device.intra_op_threads is already 0 (one per physical core), yet the "
                       "run applied %1: something outside the config set LibTorch's threads "
                       "(OMP_NUM_THREADS, a CPU affinity or container limit); check the "
                       "doctor's thread findings"),
            {threadsText(evidence.facts.intraOpThreads)});
        return;
    }
    finding.patch = {{"device", {{"intra_op_threads", 0}}}};
}

std::optional<Finding> coresFinding(const RunEvidence& evidence)
{
    const RunFacts& facts = evidence.facts;
    // Zeros are counts the run did not record: nothing to compare.
    if (facts.intraOpThreads <= 0 || facts.physicalCores <= 0)
        return std::nullopt;
    // Ranks sharing rank 0's machine share its cores, each taking its part (docs/distributed.md):
    // one rank's threads against all the cores would call that part too few.
    const auto ranksHere =
        std::count_if(evidence.ranks.begin(), evidence.ranks.end(), [&](const RankMember& member) {
            return !evidence.ranks.empty() && member.host == evidence.ranks.front().host;
        });
    if (ranksHere > 1)
        return std::nullopt;
    const int configured = configuredIntraOpThreads(evidence.config);
    const std::string setting =
        configured >= 0 ? fillText(engineText("ThreadsRule", " (device.intra_op_threads = %1)"),
                                   {std::to_string(configured)})
                        : std::string();
    const std::string threads = intraOpThreadsText(facts.intraOpThreads);
    const std::string count = std::to_string(facts.intraOpThreads);
    const std::string physical = physicalCoresText(facts.physicalCores);
    const std::string logical = logicalCoresText(facts.logicalCores);
    Finding finding;
    finding.id = "threads";
    if (facts.intraOpThreads < facts.physicalCores) {
        // Dense math that splits over the cores leaves the unused ones idle for the whole run.
        finding.severity = Severity::Warning;
        finding.title =
            fillText(engineText("ThreadsRule", "%1 on a machine with %2"), {threads, physical});
        finding.evidence = fillText(
            engineText("ThreadsRule", "%1 of %2 used: LibTorch ran each operation on %3%4"),
            {count, physical, threadsText(facts.intraOpThreads), setting});
        finding.recommendation =
            engineText("ThreadsRule",
                       "Set device.intra_op_threads to 0 (one per physical core); the what-if "
                       "run measures whether the math splits well enough to gain from them");
    } else if (facts.logicalCores > 0 && facts.intraOpThreads > facts.logicalCores) {
        // OpenMP workers meet at a barrier after every parallel region; with more workers than
        // cores one of them is always descheduled and the others spin for it, so the penalty
        // grows with every operation and can dominate the step.
        finding.severity = Severity::Critical;
        finding.title =
            fillText(engineText("ThreadsRule", "%1 on %2 (oversubscribed)"), {threads, logical});
        finding.evidence = fillText(
            engineText("ThreadsRule",
                       "%1 intra-op threads for %2 and %3%4: threads take turns on the cores and "
                       "wait for each other at every parallel region"),
            {count, logical, physical, setting});
        finding.recommendation =
            engineText("ThreadsRule", "Set device.intra_op_threads to 0 (one per physical core)");
    } else if (facts.intraOpThreads > facts.physicalCores) {
        // Hyper-threads share a core's floating-point units; dense math rarely gains from them
        // and the extra workers lengthen every barrier. Worth knowing, not a measured cost.
        finding.severity = Severity::Info;
        finding.title =
            fillText(engineText("ThreadsRule", "%1 on %2 (hyper-threads)"), {threads, physical});
        finding.evidence =
            fillText(engineText("ThreadsRule",
                                "%1 intra-op threads for %2 and %3%4: some threads share a core"),
                     {count, physical, logical, setting});
        finding.recommendation =
            engineText("ThreadsRule",
                       "Try device.intra_op_threads 0 (one per physical core); hyper-threads "
                       "share the floating-point units matrix products need");
    } else {
        return std::nullopt;
    }
    setThreadsPatch(evidence, finding);
    return finding;
}

struct ThreadLoad {
    int tid = 0;
    double sumPct = 0.0;
    std::size_t samples = 0;

    double meanPct() const { return sumPct / static_cast<double>(samples); }
};

std::string percentText(double pct)
{
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", pct);
    return text;
}

/// "thread 4102 idle at 12%", "threads 4102, 4103 and 4107 idle at 12%, 8% and 9%".
std::string idleList(const std::vector<ThreadLoad>& idle)
{
    const std::size_t named = std::min(idle.size(), kMaxNamedThreads);
    std::vector<std::string> tids;
    std::vector<std::string> shares;
    for (std::size_t i = 0; i < named; ++i) {
        tids.push_back(std::to_string(idle[i].tid));
        shares.push_back(percentText(idle[i].meanPct()));
    }
    std::string text =
        fillText(idle.size() == 1 ? engineText("ThreadsRule", "thread %1 idle at %2")
                                  : engineText("ThreadsRule", "threads %1 idle at %2"),
                 {listText(tids), listText(shares)});
    if (idle.size() > named)
        text += fillText(engineText("ThreadsRule", " (and %1)"),
                         {countedText(static_cast<std::int64_t>(idle.size() - named),
                                      engineText("ThreadsRule", "%1 more thread"),
                                      engineText("ThreadsRule", "%1 more threads"))});
    return text;
}

std::optional<Finding> idleFinding(const RunEvidence& evidence)
{
    // On a GPU the CPU threads wait for the device by design; idle ones say nothing there.
    if (evidence.facts.device != "cpu" || evidence.batches.empty())
        return std::nullopt;
    const BatchRecord& firstStep = evidence.batches.front();
    const double trainingStartS = firstStep.endS - firstStep.wallMs / 1000.0;
    const double trainingEndS = evidence.batches.back().endS;
    if (!std::isfinite(trainingStartS) || !std::isfinite(trainingEndS) ||
        trainingEndS <= trainingStartS)
        return std::nullopt;

    std::map<int, ThreadLoad> loads;
    std::size_t busySamples = 0;
    double firstBusyS = 0.0;
    double lastBusyS = 0.0;
    for (const SystemSample& sample : evidence.samples) {
        if (!(sample.tS >= trainingStartS && sample.tS <= trainingEndS) ||
            !(sample.processCpuPct >= kBusyProcessCpuPct))
            continue;
        if (busySamples == 0)
            firstBusyS = sample.tS;
        lastBusyS = std::max(lastBusyS, sample.tS);
        ++busySamples;
        for (const ThreadCpu& thread : sample.threads) {
            if (thread.name != kEngineThreadName || !std::isfinite(thread.cpuPct))
                continue;
            ThreadLoad& load = loads[thread.tid];
            load.tid = thread.tid;
            load.sumPct += thread.cpuPct;
            ++load.samples;
        }
    }
    if (busySamples < kMinSamples)
        return std::nullopt;

    std::vector<ThreadLoad> team;
    for (const auto& entry : loads)
        if (entry.second.samples >= kMinSamples)
            team.push_back(entry.second);
    std::sort(team.begin(), team.end(),
              [](const ThreadLoad& a, const ThreadLoad& b) { return a.meanPct() > b.meanPct(); });
    // The intra-op team is the engine thread and intraOpThreads - 1 workers; further threads
    // of that name (LibTorch's inter-op pool) only run when asked and are not judged.
    if (evidence.facts.intraOpThreads > 0 &&
        team.size() > static_cast<std::size_t>(evidence.facts.intraOpThreads))
        team.resize(static_cast<std::size_t>(evidence.facts.intraOpThreads));
    // A lone thread that idles is the whole run waiting: the input and transfer rules say why.
    if (team.size() < 2)
        return std::nullopt;
    std::vector<ThreadLoad> idle;
    for (const ThreadLoad& load : team)
        if (load.meanPct() < kIdleCpuPct)
            idle.push_back(load);
    if (idle.empty())
        return std::nullopt;
    std::sort(idle.begin(), idle.end(),
              [](const ThreadLoad& a, const ThreadLoad& b) { return a.tid < b.tid; });

    Finding finding;
    finding.id = "threads";
    const double idleFraction = static_cast<double>(idle.size()) / static_cast<double>(team.size());
    finding.severity = idleFraction >= kWarningIdleFraction ? Severity::Warning : Severity::Info;
    finding.title = fillText(engineText("ThreadsRule", "%1 of %2 mostly idle while training ran"),
                             {std::to_string(idle.size()),
                              countedText(static_cast<std::int64_t>(team.size()),
                                          engineText("ThreadsRule", "%1 compute thread"),
                                          engineText("ThreadsRule", "%1 compute threads"))});
    finding.evidence = fillText(
        engineText("ThreadsRule",
                   "%1 CPU (means over %2 samples taken while the process used at least %3 of a "
                   "core); the busiest %4 thread averaged %5"),
        {idleList(idle), std::to_string(busySamples), percentText(kBusyProcessCpuPct),
         kEngineThreadName, percentText(team.front().meanPct())});
    finding.recommendation = engineText(
        "ThreadsRule",
        "The run's math does not keep its threads busy: each operation is too small to split "
        "over them, or the threads wait on each other. Larger batches give each operation more "
        "to split; fewer intra-op threads may run as fast and free the cores (try it with a "
        "what-if run)");
    // The steps that ran while the samples were taken.
    std::size_t first = 0;
    while (first + 1 < evidence.batches.size() && evidence.batches[first].endS < firstBusyS)
        ++first;
    std::size_t last = first;
    while (last + 1 < evidence.batches.size() && evidence.batches[last].endS < lastBusyS)
        ++last;
    finding.firstStep = stepNumber(first);
    finding.lastStep = stepNumber(last);
    return finding;
}

}  // namespace

std::vector<Finding> diagnoseThreads(const RunEvidence& evidence)
{
    std::vector<Finding> findings;
    if (std::optional<Finding> cores = coresFinding(evidence))
        findings.push_back(std::move(*cores));
    if (std::optional<Finding> idle = idleFinding(evidence))
        findings.push_back(std::move(*idle));
    return findings;
}

}  // namespace es
