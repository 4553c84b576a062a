// "transfer-bound": copying each batch to the training device takes a large share of the
// step. The host_to_device phase holds the copy and h2dBytes what it moved (docs/config.md,
// "Placement"); with placement "host" or "pinned" the dataset lives on the host and is copied
// every batch, which placement "device" removes by copying it once before the first epoch.

#include "engine/core/records.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include "engine/core/phase.h"
#include "engine/core/text.h"
#include "engine/summary/statistics.h"

#include <cstdio>
#include <string>
#include <vector>

namespace es {

namespace {

// Below 5% the copy is within the step-to-step noise (the GPU benchmarks measure 0.05 ms of a
// 1.8 ms step for a 131 kB batch, ~3%); from 10% removing it is a change a user notices;
// from 30% the link, not the model, sets the pace.
constexpr double kTransferBoundInfoShare = 0.05;
constexpr double kTransferBoundWarningShare = 0.10;
constexpr double kTransferBoundCriticalShare = 0.30;
// A share over fewer steps is one or two stragglers' worth, not a pattern.
constexpr std::size_t kTransferBoundMinSteadySteps = 5;
// The prefetch the fallback suggests: enough to overlap one copy with the step before it.
constexpr int kFallbackPrefetch = 2;
constexpr double kBytesPerGb = 1e9;
/// A string member of a config object, or "" when it is absent or of another type.
std::string configString(const nlohmann::json& config, const char* object, const char* key)
{
    if (!config.is_object())
        return {};
    const auto section = config.find(object);
    if (section == config.end() || !section->is_object())
        return {};
    const auto value = section->find(key);
    return value != section->end() && value->is_string() ? value->get<std::string>()
                                                         : std::string();
}

/// data.shuffle as the config says it, with the parser's default (true) when absent.
bool configShuffles(const nlohmann::json& config)
{
    if (!config.is_object() || !config.contains("data") || !config["data"].is_object())
        return true;
    const nlohmann::json& data = config["data"];
    const auto shuffle = data.find("shuffle");
    return shuffle == data.end() || !shuffle->is_boolean() || shuffle->get<bool>();
}

}  // namespace

std::vector<Finding> diagnoseTransferBound(const RunEvidence& evidence)
{
    const std::vector<BatchRecord>& batches = evidence.batches;
    const std::vector<std::size_t> steady = steadySteps(evidence);
    if (steady.size() < kTransferBoundMinSteadySteps)
        return {};

    const std::optional<SteadyPhaseShare> copying =
        steadyPhaseShare(evidence, {Phase::HostToDevice});
    if (!copying || copying->phaseMs <= 0.0)
        return {};
    const double copyMs = copying->phaseMs;
    const double wallMs = copying->wallMs;
    double totalBytes = 0.0;
    std::vector<double> bytes;
    for (std::size_t i : steady) {
        if (batches[i].h2dBytes < 0)
            return {};  // a count the engine could not have produced; nothing to read from it
        totalBytes += static_cast<double>(batches[i].h2dBytes);
        bytes.push_back(static_cast<double>(batches[i].h2dBytes));
    }
    const double bytesPerStep = median(bytes);
    // Without bytes nothing was copied (the CPU, or placement "device"): the phase's time is
    // the stamps' resolution, not a transfer that a placement could remove.
    if (bytesPerStep <= 0.0)
        return {};
    const double share = copying->share;
    if (share < kTransferBoundInfoShare)
        return {};

    const RunFacts& facts = evidence.facts;
    std::string placement = facts.placement;
    if (placement.empty())
        placement = configString(evidence.config, "data", "placement");
    // "device" copies the dataset once and records no bytes per step: whatever this is, it is
    // not the per-batch copy this rule is about.
    if (placement == "device")
        return {};
    std::string device = facts.device;
    if (device.empty())
        device = configString(evidence.config, "device", "name");
    const bool onCpu = device == "cpu";
    const bool copiedAhead = placement == "pinned" && facts.prefetch > 0;
    const double steps = static_cast<double>(steady.size());
    const std::int64_t firstStep = stepNumber(steady.front());
    const std::int64_t lastStep = stepNumber(steady.back());

    Finding finding;
    finding.id = "transfer-bound";
    finding.severity = share >= kTransferBoundCriticalShare  ? Severity::Critical
                       : share >= kTransferBoundWarningShare ? Severity::Warning
                                                             : Severity::Info;
    finding.title =
        fillText(engineText("TransferBoundRule",
                            "Copying batches to the device takes %1 of the steady step time"),
                 {formatText("%.0f%%", 100.0 * share)});
    std::string where;
    if (placement == "host")
        where = engineText("TransferBoundRule",
                           "placement host: the dataset lives on the host (pageable memory) and "
                           "is copied every batch");
    else if (placement == "pinned")
        where = copiedAhead
                    ? fillText(engineText("TransferBoundRule",
                                          "placement pinned with prefetch %1: the dataset lives "
                                          "on the host (pinned memory) and every batch is copied "
                                          "ahead by the loader thread, so the phase holds only "
                                          "the wait for that copy and the rate above is not the "
                                          "link's"),
                               {std::to_string(facts.prefetch)})
                    : engineText("TransferBoundRule",
                                 "placement pinned: the dataset lives on the host (pinned "
                                 "memory) and is copied every batch");
    else if (facts.script)
        where = engineText("TransferBoundRule",
                           "in a script the phase holds NumPy arrays made into tensors and "
                           "copies to another device");
    else
        where = engineText("TransferBoundRule", "placement not recorded");
    finding.evidence = fillText(
        engineText("TransferBoundRule",
                   "host_to_device takes %1 of the steady steps' time (%2 ms of %3 ms per step, "
                   "means over %4 steady steps, %5); %6 per step (median), %7 GB/s effective "
                   "(the steps' bytes over their host_to_device time); %8."),
        {formatText("%.1f%%", 100.0 * share), formatText("%.2f", copyMs / steps),
         formatText("%.2f", wallMs / steps), std::to_string(steady.size()),
         stepRangeText(firstStep, lastStep), formatBytes(static_cast<std::int64_t>(bytesPerStep)),
         formatText("%.2f", totalBytes / kBytesPerGb / (copyMs / kMsPerS)), where});

    const nlohmann::json devicePatch = {{"data", {{"placement", "device"}}}};
    if (onCpu) {
        // This engine records 0 bytes on the CPU, so only records that carry bytes there get
        // here. "device" differs from "host" on the CPU only by the copy of the gathered
        // batch, which it skips when batches are views (shuffle false); with shuffling the
        // gather is the copy, and no placement removes it.
        if (placement == "host" && !configShuffles(evidence.config)) {
            finding.patch = devicePatch;
            finding.recommendation =
                engineText("TransferBoundRule",
                           "On the CPU, data.placement \"device\" trains on views of the "
                           "dataset instead of copying each batch (data.shuffle is false, so "
                           "batches are contiguous).");
        } else {
            finding.patch = nullptr;
            finding.recommendation =
                engineText("TransferBoundRule",
                           "On the CPU no placement removes this copy: with shuffling each "
                           "batch is gathered into new memory whatever the placement. Smaller "
                           "batches or a smaller sample (fewer timesteps or features) copy "
                           "less.");
        }
    } else if (placement == "host" || placement == "pinned") {
        finding.patch = devicePatch;
        finding.recommendation =
            engineText("TransferBoundRule",
                       "Keep the dataset on the device: data.placement \"device\" copies it "
                       "once before the first epoch and gathers batches there, so no step "
                       "copies. The whole training set must fit in device memory next to the "
                       "model, its optimizer state and activations.");
        if (!copiedAhead)
            finding.recommendation += fillText(
                engineText("TransferBoundRule",
                           " When it does not fit, %1 copies from page-locked memory on the "
                           "loader thread's own stream, overlapping the copy with the previous "
                           "step."),
                {formatText("{\"data\": {\"placement\": \"pinned\", \"prefetch\": %d}}",
                            kFallbackPrefetch)});
    } else {
        finding.patch = nullptr;  // without the placement, no change can be named for sure
        finding.recommendation =
            engineText("TransferBoundRule",
                       "Keep the dataset on the device (data.placement \"device\") when it "
                       "fits in device memory, or use pinned memory with prefetch so that the "
                       "copy overlaps the steps.");
    }
    finding.firstStep = firstStep;
    finding.lastStep = lastStep;
    return {finding};
}

}  // namespace es
