#include "engine/diagnosis/scriptfindings.h"

#include "engine/core/text.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

namespace es {

namespace {

// DataLoader workers the input-bound fix proposes: one per physical core up to four, so that a
// small machine keeps cores for PyTorch's own threads; beyond four a loader that still falls
// behind needs cheaper samples, not more processes.
constexpr int kMaxSuggestedWorkers = 4;
// glibc's largest mmap threshold on 64-bit systems (DEFAULT_MMAP_THRESHOLD_MAX, 32 MiB): blocks
// below it come from the heap and are reused instead of being mapped and faulted in anew; and
// a trim threshold of 1 GiB, so that freed heap memory stays for the next step. The engine's
// device.allocator "glibc-tuned" raises the same two thresholds through mallopt().
constexpr const char* kGlibcTunables =
    "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824";

std::string beforeComment(const std::string& where)
{
    return fillText(engineText("ScriptFindings", "# before (%1)"), {where});
}

std::string afterComment()
{
    return engineText("ScriptFindings", "# after");
}

std::string scriptName(const RunEvidence& evidence)
{
    const std::vector<std::string>& command = evidence.facts.script->command;
    for (const std::string& argument : command)
        if (argument.size() > 3 && argument.compare(argument.size() - 3, 3, ".py") == 0)
            return argument;
    return "train.py";
}

/// The site that converted the most NumPy inside steps, or null.
const ProbeConversionSite* busiestConversion(const ScriptFacts& script)
{
    const ProbeConversionSite* busiest = nullptr;
    for (const ProbeConversionSite& site : script.conversions)
        if (site.inSteps > 0 && (busiest == nullptr || site.seconds > busiest->seconds))
            busiest = &site;
    return busiest;
}

/// `code` with its first `from` replaced by `to`; empty when `from` is not in it.
std::string replacedOnce(const std::string& code, std::string_view from, std::string_view to)
{
    const std::size_t at = code.find(from);
    if (at == std::string::npos)
        return {};
    return code.substr(0, at) + std::string(to) + code.substr(at + from.size());
}

void rewriteWarmup(Finding& finding, const RunEvidence& evidence)
{
    finding.recommendation = engineText(
        "ScriptFindings",
        "Warm-up is a one-time cost of the first steps (PyTorch allocates its caches and "
        "creates its kernels' primitives on the first calls): in a long run it fades. When you "
        "time the script, leave these steps out: start the clock after them, or compare steady "
        "steps (the run's summary does).");
    const ScriptFacts& script = *evidence.facts.script;
    const bool lstmOnCpu =
        std::any_of(script.recurrent.begin(), script.recurrent.end(), [](const auto& module) {
            return module.device == "cpu" && module.className.find("LSTM") != std::string::npos;
        });
    const std::string& torch = script.torch;
    if (lstmOnCpu && !torch.empty() && torch.front() == '1')
        finding.recommendation += fillText(
            engineText("ScriptFindings",
                       " PyTorch %1 runs nn.LSTM on the CPU as a loop of small operations; from "
                       "2.0 it creates oneDNN's fused primitives once and reuses them."),
            {torch});
}

void rewriteInputBound(Finding& finding, const RunEvidence& evidence)
{
    const int cores = evidence.facts.physicalCores;
    const int workers = std::clamp(cores, 1, kMaxSuggestedWorkers);
    finding.recommendation = withCodeBlock(
        fillText(engineText("ScriptFindings",
                            "Prepare batches ahead in worker processes: a DataLoader with "
                            "num_workers loads the next batches while the step runs, and "
                            "persistent_workers keeps the workers from one epoch to the next. "
                            "Each worker takes a core from PyTorch's own threads (%1 here), so "
                            "measure it (what-if) before keeping it. Try it as a what-if: "
                            "--vary arg:--num-workers=0,%2 when the script has such an option."),
                 {cores > 0 ? std::to_string(cores) : std::string("-"), std::to_string(workers)}),
        {beforeComment(engineText("ScriptFindings", "your DataLoader")),
         "loader = DataLoader(dataset, batch_size=64, shuffle=True)", afterComment(),
         formatText("loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=%d,",
                    workers),
         "                    persistent_workers=True)"});
}

void rewriteTransferBound(Finding& finding, const RunEvidence& evidence)
{
    const ScriptFacts& script = *evidence.facts.script;
    const ProbeConversionSite* site = busiestConversion(script);
    const bool cuda = evidence.facts.device != "cpu";
    if (site == nullptr && cuda) {
        // Copies to the GPU only (Tensor.to, .cuda()).
        finding.recommendation = withCodeBlock(
            engineText("ScriptFindings",
                       "Copy from page-locked memory and without waiting: pin_memory=True in "
                       "the DataLoader and non_blocking=True in the copy let the copy overlap "
                       "the step. When the whole dataset fits in GPU memory beside the model, "
                       "move it there once before the loop and index it there: no step copies "
                       "then."),
            {beforeComment(engineText("ScriptFindings", "your loop")),
             "loader = DataLoader(dataset, batch_size=64)", "x = x.to(device)", afterComment(),
             "loader = DataLoader(dataset, batch_size=64, pin_memory=True)",
             "x = x.to(device, non_blocking=True)"});
        return;
    }
    // On the CPU the probe's host_to_device holds nothing but NumPy arrays made into tensors:
    // Tensor.to counts only copies to another device.
    if (!cuda)
        finding.title =
            fillText(engineText("ScriptFindings",
                                "Turning NumPy arrays into tensors takes %1 of the steady "
                                "step time"),
                     {sharePercent(steadyPhaseShare(evidence, {Phase::HostToDevice})
                                       .value_or(SteadyPhaseShare{})
                                       .share)});
    if (site == nullptr) {
        // On the CPU, from a probe that did not say where: the conversions themselves.
        finding.recommendation = withCodeBlock(
            engineText("ScriptFindings",
                       "On the CPU this phase is NumPy arrays made into tensors inside the steps "
                       "(torch.tensor copies the array every call). Convert the whole array once "
                       "before the loop and index the tensor in the loop:"),
            {beforeComment(engineText("ScriptFindings", "your loop")),
             "xb = torch.tensor(X[i:i + batch_size])", afterComment(),
             "X_all = torch.from_numpy(X)  # once, before the loop",
             "xb = X_all[i:i + batch_size]"});
        return;
    }
    const std::string where = site->file + ":" + std::to_string(site->line);
    const double perCallMs = site->seconds * kMsPerS / static_cast<double>(site->calls);
    finding.evidence += fillText(
        engineText("ScriptFindings",
                   " The script's %1 at %2 made NumPy arrays into tensors %3 times (%4 inside "
                   "steps), %5 in all, %6 ms a call."),
        {site->function, where, std::to_string(site->calls), std::to_string(site->inSteps),
         formatBytes(site->bytes), formatText("%.3f", perCallMs)});
    std::vector<std::string> code = {beforeComment(where),
                                     site->code.empty() ? site->function + "(...)" : site->code,
                                     afterComment()};
    std::string direct;
    if (site->function == "torch.tensor" && !site->code.empty())
        direct = replacedOnce(site->code, "torch.tensor(", "torch.from_numpy(");
    std::string text;
    if (!direct.empty()) {
        code.push_back(direct);
        text = engineText("ScriptFindings",
                          "torch.tensor copies its array every call; torch.from_numpy makes a "
                          "tensor that shares the array's memory, with no copy (the array must "
                          "not be changed while the tensor is used). Better still, convert the "
                          "whole array once before the loop and index the tensor in the loop:");
        code.push_back(engineText("ScriptFindings", "# or, once before the loop:"));
    } else {
        text = engineText("ScriptFindings",
                          "Convert the whole array once before the loop and index the tensor in "
                          "the loop, instead of converting each batch:");
    }
    code.push_back("X_all = torch.from_numpy(X)" +
                   std::string(cuda ? ".to(device)  # when it fits in GPU memory" : ""));
    code.push_back("xb = X_all[i:i + batch_size]");
    finding.recommendation = withCodeBlock(text, code);
}

void rewriteThreads(Finding& finding, const RunEvidence& evidence)
{
    const int cores = evidence.facts.physicalCores;
    if (cores <= 0) {
        finding.recommendation.clear();
        return;
    }
    finding.recommendation = withCodeBlock(
        fillText(
            engineText("ScriptFindings",
                       "Give PyTorch one thread per physical core (%1 here), at the top of "
                       "the script or in its environment; measure it first as a what-if: "
                       "--vary env:OMP_NUM_THREADS=%2,%1."),
            {std::to_string(cores), std::to_string(std::max(1, evidence.facts.intraOpThreads))}),
        {afterComment(), formatText("torch.set_num_threads(%d)", cores),
         engineText("ScriptFindings", "# or, in the shell that starts it:"),
         formatText("OMP_NUM_THREADS=%d python3 %s", cores, scriptName(evidence).c_str())});
}

void rewriteAllocatorChurn(Finding& finding, const RunEvidence& evidence)
{
    // The rule proposes an allocator for minor faults only; about major faults (the machine is
    // short of memory) its text holds for a script as it stands.
    if (finding.patch.is_null())
        return;
    finding.recommendation = withCodeBlock(
        engineText("ScriptFindings",
                   "Steady steps should reuse the memory of the step before; faulting pages in "
                   "every step means glibc's malloc returns large blocks to the kernel between "
                   "steps and maps them again. Raise its thresholds for the script's process "
                   "(or preload jemalloc, when installed: LD_PRELOAD=libjemalloc.so.2), and "
                   "measure it as a what-if first: --vary env:GLIBC_TUNABLES=... against the "
                   "run as it is."),
        {afterComment(), std::string(kGlibcTunables) + " \\",
         "    python3 " + scriptName(evidence)});
}

}  // namespace

std::vector<Finding> findingsForScript(std::vector<Finding> findings, const RunEvidence& evidence)
{
    if (!evidence.facts.script)
        return findings;
    std::vector<Finding> result;
    for (Finding& finding : findings) {
        if (finding.id == "warm-up")
            rewriteWarmup(finding, evidence);
        else if (finding.id == "input-bound")
            rewriteInputBound(finding, evidence);
        else if (finding.id == "transfer-bound")
            rewriteTransferBound(finding, evidence);
        else if (finding.id == "threads")
            rewriteThreads(finding, evidence);
        else if (finding.id == "allocator-churn")
            rewriteAllocatorChurn(finding, evidence);
        else if (finding.id != "stragglers" && finding.id != "unfused-recurrent")
            continue;  // about the engine's own machinery: nothing in a script acts on it
        finding.patch = nullptr;  // a script has no config to patch
        if (!finding.recommendation.empty())
            result.push_back(std::move(finding));
    }
    return result;
}

}  // namespace es
