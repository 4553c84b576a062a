// The guard of onednnrnnguard.h: the probe in a child process, and the cap.
#include "engine/model/onednnrnnguard.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace es::onednn {

namespace {

/// Where a program tells the programs it starts (the CLI's workers, a test's CLI, Python) what
/// its guard found, so that they need not probe again: the outcome's key. Set together with the
/// cap, which they inherit anyway.
constexpr const char* kVerdictVariable = "EPOCHSCOPE_ONEDNN_RNN_GUARD";

/// A child that takes longer than this is stuck; its parent goes on without a verdict.
constexpr unsigned kProbeSeconds = 60;

RnnGuardReport& mutableReport()
{
    static RnnGuardReport report;
    return report;
}

/// The probe as one line through a pipe: "lstmError gruError isa", or "! failure".
std::string encode(const RnnInferenceProbe& probe)
{
    if (!probe.failure.empty())
        return "! " + probe.failure;
    std::ostringstream line;
    line.precision(9);
    line << probe.lstmError << ' ' << probe.gruError << ' ' << probe.isa;
    return line.str();
}

RnnInferenceProbe decode(const std::string& line)
{
    RnnInferenceProbe probe;
    if (line.rfind("! ", 0) == 0) {
        probe.failure = line.substr(2);
        return probe;
    }
    std::istringstream fields(line);
    if (!(fields >> probe.lstmError >> probe.gruError >> probe.isa))
        probe.failure = "the probe's process answered \"" + line + "\"";
    return probe;
}

/// Runs probeRnnInference() in a child process and returns what it found. The child is a fork
/// of this one before main(), with no thread but this one; it ends with _exit, so that none of
/// this process's static destructors or buffered output runs twice.
RnnInferenceProbe probeInChild()
{
    int ends[2];
    if (pipe(ends) != 0) {
        RnnInferenceProbe failed;
        failed.failure = std::string("pipe: ") + std::strerror(errno);
        return failed;
    }
    const pid_t child = fork();
    if (child == 0) {
        close(ends[0]);
        alarm(kProbeSeconds);
        const std::string line = encode(probeRnnInference());
        const ssize_t written = write(ends[1], line.data(), line.size());
        _exit(written == static_cast<ssize_t>(line.size()) ? 0 : 1);
    }
    close(ends[1]);
    RnnInferenceProbe probe;
    if (child < 0) {
        close(ends[0]);
        probe.failure = std::string("fork: ") + std::strerror(errno);
        return probe;
    }
    std::string line;
    char buffer[256];
    for (;;) {
        const ssize_t got = read(ends[0], buffer, sizeof buffer);
        if (got > 0)
            line.append(buffer, static_cast<std::size_t>(got));
        else if (got == 0 || errno != EINTR)
            break;
    }
    close(ends[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status)) {
        probe.failure = "the probe's process ended with signal " + std::to_string(WTERMSIG(status));
        return probe;
    }
    return decode(line);
}

bool outcomeFromKey(const std::string& key, RnnGuardReport::Outcome& outcome)
{
    using Outcome = RnnGuardReport::Outcome;
    for (const Outcome candidate : {Outcome::UserChoice, Outcome::Right, Outcome::CappedToAvx2,
                                    Outcome::WrongWhenCapped, Outcome::ProbeFailed})
        if (key == outcomeKey(candidate)) {
            outcome = candidate;
            return true;
        }
    return false;
}

const char* userCap()
{
    for (const char* name : {"ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA"})
        if (const char* value = std::getenv(name); value && *value)
            return value;
    return nullptr;
}

}  // namespace

bool probeIsRight(const RnnInferenceProbe& probe)
{
    return probe.failure.empty() && probe.lstmError <= kRnnProbeTolerance &&
           probe.gruError <= kRnnProbeTolerance;
}

const char* outcomeKey(RnnGuardReport::Outcome outcome)
{
    using Outcome = RnnGuardReport::Outcome;
    switch (outcome) {
        case Outcome::NotBuilt: return "not-built";
        case Outcome::UserChoice: return "user-choice";
        case Outcome::Right: return "right";
        case Outcome::CappedToAvx2: return "capped-to-avx2";
        case Outcome::WrongWhenCapped: return "wrong-when-capped";
        case Outcome::ProbeFailed: return "probe-failed";
    }
    return "not-built";
}

const RnnGuardReport& rnnGuardReport()
{
    return mutableReport();
}

void guardRnnInference()
{
    using Outcome = RnnGuardReport::Outcome;
    RnnGuardReport& report = mutableReport();
    report = RnnGuardReport();  // a second call reports what it found, not the first one's
    if (!EPOCHSCOPE_WITH_ONEDNN) {
        report.outcome = Outcome::NotBuilt;
        return;
    }
    const char* inherited = std::getenv(kVerdictVariable);
    if (inherited && outcomeFromKey(inherited, report.outcome)) {
        report.inherited = true;
        return;
    }
    if (const char* cap = userCap()) {
        report.outcome = Outcome::UserChoice;
        report.userCap = cap;
        return;
    }
    report.first = probeInChild();
    if (!report.first.failure.empty()) {
        report.outcome = Outcome::ProbeFailed;
    } else if (probeIsRight(report.first)) {
        report.outcome = Outcome::Right;
    } else {
        setenv("ONEDNN_MAX_CPU_ISA", "AVX2", 1);
        report.capped = probeInChild();
        if (probeIsRight(report.capped)) {
            report.outcome = Outcome::CappedToAvx2;
        } else {
            // No better choice is known: leave oneDNN its own and let the doctor warn.
            unsetenv("ONEDNN_MAX_CPU_ISA");
            report.outcome = Outcome::WrongWhenCapped;
        }
    }
    setenv(kVerdictVariable, outcomeKey(report.outcome), 1);
}

}  // namespace es::onednn
