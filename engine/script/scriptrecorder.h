#pragma once

// A profiled Python script's run in the run database (`epochscope-cli profile`,
// docs/profile.md): the probe's records (proberecord.h) become the steps, epochs, facts and
// summary an engine run has, and the samples of the script's process (scriptsampler.h) its
// system samples, so that runs, diagnose, compare, traces and the app read it as they read any
// run. It is marked as a script's by its config, which holds the command line instead of a
// model: {"name": ..., "script": {"command": [...], "working_folder": ...}}, with "env":
// {NAME: value} beside them for the variables the run was started with on top of the
// inherited environment (a what-if variant's), when there were any.
//
// One time axis: the run's clock (runclock.h) starts just before the script does, and its
// samples and total time count on it, as an engine run's do. The probe's steps and epochs
// count from the probe's own start inside the script's Python, later by the interpreter's
// start-up; its hello says when that was on the same monotonic clock (clock_s), and their
// times are moved by the difference. LibTorch-free.

#include "engine/core/runclock.h"
#include "engine/io/childprocess.h"
#include "engine/script/proberecord.h"
#include "engine/store/runstore.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// How the script's process ended, as waitpid() told it.
struct ScriptExit {
    bool signaled = false;  ///< killed by a signal rather than exited
    int code = 0;           ///< the exit status, or the signal's number
    /// Whether EpochScope asked it to stop (Ctrl+C, the app's Stop).
    bool stopRequested = false;
};

/// The config a script run is stored with; `environment`, the variables set on top of the
/// inherited environment, as "env" (a later entry replaces an earlier one, as when started).
nlohmann::json scriptRunConfig(const std::string& name, const std::vector<std::string>& command,
                               const std::string& workingFolder,
                               const std::vector<EnvironmentEntry>& environment = {});

/// Whether a stored config is a script run's rather than a model's.
bool isScriptRunConfig(const nlohmann::json& config);

class ScriptRunRecorder {
public:
    /// Begins the run in `store` (status running). Throws StoreError.
    ScriptRunRecorder(RunStore& store, const std::string& name,
                      const std::vector<std::string>& command, const std::string& workingFolder,
                      const std::vector<EnvironmentEntry>& environment = {});

    std::int64_t runId() const { return m_runId; }

    /// The run's clock, started just before the script: the probe's times are moved onto it
    /// once its hello says where they count from. Without it (records read back on their
    /// own) they are kept as the probe sent them.
    void startClock(const RunClock& clock) { m_clock = clock; }

    /// Takes one record in; the steps and epochs it completes are written by the next flush().
    void take(const ProbeRecord& record);
    /// Keeps a note for the run's notes (a refused record, what the probe said).
    void note(const std::string& text);
    /// Takes system samples of the script's process in (scriptsampler.h), in time order; the
    /// next flush() writes them.
    void takeSamples(std::vector<SystemSample> samples);
    /// Writes what was taken since the last flush in one transaction.
    void flush();
    /// Ends the run: an epoch left open is closed with its steps, the summary written, and the
    /// status taken from the probe's end record, or from `exit` when the probe sent none (a
    /// script killed, or one whose Python never started the probe).
    void finish(const ScriptExit& exit, double totalS);

    std::int64_t steps() const { return m_stepCount; }
    int epochs() const { return m_epochCount; }
    /// The steps and the closed epochs taken so far, in order, on the run's clock.
    const std::vector<BatchRecord>& stepRecords() const { return m_allSteps; }
    const std::vector<EpochRecord>& epochRecords() const { return m_allEpochs; }
    const std::optional<ProbeHello>& hello() const { return m_hello; }
    const std::optional<ProbeEnd>& end() const { return m_end; }
    /// The run's notes so far, in the order they came.
    const std::vector<std::string>& notes() const { return m_notes; }
    RunStatus status() const { return m_status; }
    /// Why the run failed, empty otherwise.
    const std::string& error() const { return m_error; }

private:
    void takeTimed(const ProbeRecord& record);
    void takeHello(const ProbeHello& hello);
    std::optional<double> probeStartS(const ProbeHello& hello);
    void takeStep(const ProbeStep& step);
    void closeEpoch(int epoch, std::optional<double> endS);
    nlohmann::json info() const;
    nlohmann::json summary(double totalS) const;

    RunStore& m_store;
    std::int64_t m_runId = 0;
    nlohmann::json m_config;
    std::optional<ProbeHello> m_hello;
    std::optional<ProbeEnd> m_end;
    std::vector<ProbeRecurrentModule> m_recurrent;
    std::vector<ProbeConversionSite> m_conversions;
    std::vector<std::string> m_notes;
    bool m_infoChanged = false;
    bool m_notesChanged = false;

    // The probe's times on the run's clock: where the probe started on it (nothing while not
    // known, or when they stay on the probe's clock), and the timed records that came before
    // the hello, held until it says where they count from (a script that never imports torch
    // sends its hello last).
    std::optional<RunClock> m_clock;
    std::optional<double> m_probeStartS;
    std::vector<ProbeRecord> m_beforeHello;

    // The epoch now running: its number, start and steps so far.
    int m_openEpoch = 0;
    std::optional<double> m_openEpochStartS;
    std::vector<BatchRecord> m_openSteps;

    // Everything kept for the summary, and what the next flush() writes.
    std::vector<BatchRecord> m_allSteps;
    std::vector<EpochRecord> m_allEpochs;
    std::vector<BatchRecord> m_pendingSteps;
    std::vector<EpochRecord> m_pendingEpochs;
    std::vector<SystemSample> m_pendingSamples;
    std::int64_t m_stepCount = 0;
    int m_epochCount = 0;
    RunStatus m_status = RunStatus::Running;
    std::string m_error;
};

}  // namespace es
