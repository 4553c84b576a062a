#pragma once

// The records a Python script's probe (python/epochscope, docs/profile.md) sends to
// `epochscope-cli profile`, one JSON object per line, read back into the engine's records.
// The probe runs inside someone else's script, so every line is checked as hostile input:
// a line longer than kMaxProbeLineBytes, a value of the wrong type, a count out of range or a
// time that is not finite is refused with the field named, before anything is kept.
// LibTorch-free.

#include "engine/core/records.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace es {

/// The longest line a probe may send; a step record is a few hundred bytes, a hello with a
/// long command line a few kilobytes.
inline constexpr std::size_t kMaxProbeLineBytes = 1 << 20;

/// The probe's record format and the one version of it this build reads.
inline constexpr std::string_view kProbeFormat = "epochscope-probe";
inline constexpr int kProbeFormatVersion = 1;

/// The script's process as the probe found it when the script imported torch.
struct ProbeHello {
    std::int64_t pid = 0;
    std::string python;  ///< "3.11.2"
    std::string torch;   ///< "2.6.0"; empty when the script never imported torch
    std::vector<std::string> argv;
    std::string cwd;
    int intraOpThreads = 0;
    int interOpThreads = 0;
    bool cuda = false;
    std::vector<std::string> hooks;  ///< the hooks installed ("dataloader", "module", ...)
    /// The CLOCK_MONOTONIC reading, in seconds, that the records' times count from: the
    /// probe's start. Nothing when the probe did not say (one older than the field, or a
    /// Python without that clock).
    std::optional<double> clockS;
};

struct ProbeEpochBegin {
    int epoch = 0;
    double tS = 0.0;  ///< seconds since the probe started (ProbeHello::clockS)
};

struct ProbeEpochEnd {
    int epoch = 0;
    double tS = 0.0;
    int batches = 0;
};

/// One training step: a BatchRecord whose loss is known only when the script read it.
struct ProbeStep {
    BatchRecord step;
    bool hasLoss = false;
};

/// A recurrent module the script's forward passes called, as first seen.
struct ProbeRecurrentModule {
    std::string className;  ///< "LSTM", "GRU", "RNN" or a subclass's name
    std::string device;     ///< "cpu", "cuda:0"
    bool packedInput = false;
    bool bidirectional = false;
    std::int64_t calls = 0;
};

struct ProbeModules {
    std::vector<ProbeRecurrentModule> recurrent;
};

/// Where the script's own code made NumPy arrays into tensors (torch.from_numpy, torch.tensor,
/// torch.as_tensor), one call site of its code, counted since the probe started.
struct ProbeConversionSite {
    std::string function;  ///< "torch.tensor"
    std::string file;      ///< relative to the script's working folder when under it
    std::int64_t line = 0;
    std::string code;  ///< that source line, stripped; empty when unreadable
    std::int64_t calls = 0;
    std::int64_t bytes = 0;    ///< the arrays' bytes, summed
    double seconds = 0.0;      ///< inside the conversions
    std::int64_t inSteps = 0;  ///< calls made inside a training step
};

/// The conversion sites so far (each record replaces the one before).
struct ProbeConversions {
    std::vector<ProbeConversionSite> sites;
};

/// The most conversion sites a record may carry (the probe sends those with the most time).
inline constexpr std::size_t kMaxConversionSites = 16;

struct ProbeNote {
    std::string text;
};

/// How the script ended, as the probe saw it.
struct ProbeEnd {
    std::string status;  ///< "finished", "failed" or "stopped"
    std::string error;   ///< the exception's last line; empty when none
    int exitCode = 0;
    std::int64_t steps = 0;
    bool torchImported = false;
};

using ProbeRecord = std::variant<ProbeHello, ProbeEpochBegin, ProbeEpochEnd, ProbeStep,
                                 ProbeModules, ProbeConversions, ProbeNote, ProbeEnd>;

/// A line the probe sent that is not a record this build reads: `field` names the key that is
/// wrong ("phase_ms.forward"), empty when the line itself is (not JSON, too long).
class ProbeRecordError : public std::runtime_error {
public:
    ProbeRecordError(std::string field, const std::string& message)
        : std::runtime_error(message), m_field(std::move(field))
    {
    }
    const std::string& field() const { return m_field; }

private:
    std::string m_field;
};

/// Reads one line (without its line break). Throws ProbeRecordError.
ProbeRecord parseProbeRecord(std::string_view line);

}  // namespace es
