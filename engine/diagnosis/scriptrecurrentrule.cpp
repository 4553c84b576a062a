// "unfused-recurrent" for a profiled script: recurrent modules its forward passes called that
// PyTorch runs on the CPU as a loop of small operations per time step rather than one fused
// kernel, seen through the probe's record of those modules (docs/profile.md). PyTorch 2.x
// trains nn.LSTM on the CPU through oneDNN's fused primitive (aten/src/ATen/native/RNN.cpp,
// use_mkldnn), but not with a PackedSequence input, and never nn.GRU or nn.RNN; PyTorch 1.x
// has no fused CPU path at all.

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"

#include <string>
#include <vector>

namespace es {

namespace {

// The forward and backward phases' share of the steady step from which a recurrent module on
// the step loop is likely what sets the pace: the loop's small operations are most of both.
constexpr double kWarningShare = 0.30;
constexpr std::size_t kMinSteadySteps = 5;

bool isLstm(const ProbeRecurrentModule& module)
{
    return module.className.find("LSTM") != std::string::npos;
}

/// The major version of a PyTorch version string ("2.6.0+debian": 2), 0 when unreadable.
int torchMajor(const std::string& version)
{
    return !version.empty() && version.front() >= '0' && version.front() <= '9'
               ? version.front() - '0'
               : 0;
}

/// Why PyTorch did not fuse `module` on the CPU; empty when it did.
std::string unfusedReason(const ProbeRecurrentModule& module, const std::string& torch)
{
    if (!isLstm(module))
        return fillText(engineText("ScriptRecurrentRule",
                                   "PyTorch has no fused CPU kernel for nn.%1: its oneDNN path "
                                   "is nn.LSTM's only"),
                        {module.className});
    if (module.packedInput)
        return engineText("ScriptRecurrentRule",
                          "its input is a PackedSequence, which PyTorch's oneDNN path does not "
                          "take");
    if (torchMajor(torch) == 1)
        return fillText(engineText("ScriptRecurrentRule",
                                   "PyTorch %1 has no fused CPU path for nn.LSTM (2.0 added "
                                   "oneDNN's)"),
                        {torch});
    return {};
}

std::string fixFor(const ProbeRecurrentModule& module, const std::string& torch)
{
    if (!isLstm(module))
        return engineText(
            "ScriptRecurrentRule",
            "On a CUDA device cuDNN fuses it. On the CPU, EpochScope's own engine trains GRU and "
            "bidirectional layers on oneDNN's fused kernels with the same mathematics: build the "
            "model in the app (or import it from Keras) and compare the two runs.");
    if (module.packedInput)
        return withCodeBlock(
            module.bidirectional
                ? engineText("ScriptRecurrentRule",
                             "Pass the padded batch instead of a PackedSequence: the forward "
                             "direction's outputs at each sequence's real steps stay the same, "
                             "but the backward direction then starts on the padding, which "
                             "changes the results: compare before keeping it.")
                : engineText("ScriptRecurrentRule",
                             "Pass the padded batch instead of a PackedSequence and take each "
                             "sequence's output at its last real step: with the padding on the "
                             "right, those outputs are the same as the packed run's, and the "
                             "LSTM runs fused."),
            {engineText("ScriptRecurrentRule", "# before"),
             "packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)",
             "out, _ = self.lstm(packed)",
             engineText("ScriptRecurrentRule", "# after (batch_first, padding on the right)"),
             "out, _ = self.lstm(x)", "last = out[torch.arange(x.size(0)), lengths - 1]"});
    return fillText(engineText("ScriptRecurrentRule",
                               "Run the script on PyTorch 2.0 or later (Debian 13 ships 2.6), "
                               "which trains nn.LSTM on the CPU through oneDNN's fused "
                               "primitive; this run used %1."),
                    {torch});
}

}  // namespace

std::vector<Finding> diagnoseScriptRecurrent(const RunEvidence& evidence)
{
    if (!evidence.facts.script)
        return {};
    const ScriptFacts& script = *evidence.facts.script;
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const std::optional<SteadyPhaseShare> compute =
        steadyPhaseShare(evidence, {Phase::Forward, Phase::Backward});
    std::vector<Finding> findings;
    for (const ProbeRecurrentModule& module : script.recurrent) {
        if (module.device != "cpu" || module.calls <= 0)
            continue;
        const std::string reason = unfusedReason(module, script.torch);
        if (reason.empty())
            continue;
        Finding finding;
        finding.id = "unfused-recurrent";
        const bool measured = compute && steady.size() >= kMinSteadySteps;
        finding.severity =
            measured && compute->share >= kWarningShare ? Severity::Warning : Severity::Info;
        finding.title = fillText(engineText("ScriptRecurrentRule",
                                            "nn.%1 ran on the CPU as a loop of small operations "
                                            "per time step"),
                                 {module.className});
        finding.evidence =
            fillText(engineText("ScriptRecurrentRule",
                                "The forward passes called nn.%1%2 %3 times on %4: %5."),
                     {module.className,
                      module.bidirectional ? engineText("ScriptRecurrentRule", " (bidirectional)")
                                           : std::string(),
                      std::to_string(module.calls), module.device, reason});
        if (measured)
            finding.evidence += fillText(
                engineText("ScriptRecurrentRule",
                           " Forward and backward, where its steps run, take %1 of the steady "
                           "steps' time (%2 steady steps)."),
                {sharePercent(compute->share), std::to_string(steady.size())});
        finding.recommendation = fixFor(module, script.torch);
        findings.push_back(std::move(finding));
    }
    return findings;
}

}  // namespace es
