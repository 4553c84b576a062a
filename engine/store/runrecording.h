#pragma once

#include "engine/config/runconfigfwd.h"
#include "engine/store/runrecorder.h"
#include "engine/store/runstore.h"
#include "engine/train/runresult.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace es {

class TrainingSession;

/// One run recorded into the run database from its start to its stored status: the store, the
/// RunRecorder watching the session, and the end written with the run's summary. The CLI's
/// train, the app's run controller and each what-if run record through it.
///
/// A database that cannot be opened, or a run that cannot be begun in it, leaves the recording
/// off (recording() false, openError() says why): the training goes on without it. Declare it
/// before the session, so that it outlives the session's engine thread, the recorder's caller.
class RunRecording {
public:
    /// Opens the database at `databasePath` and begins the run. An empty path records nothing.
    RunRecording(const std::string& databasePath, const RunConfig& config);
    /// Begins the run in a store the caller keeps open (what-if records all its runs in one).
    RunRecording(RunStore& store, const RunConfig& config);
    ~RunRecording();
    RunRecording(const RunRecording&) = delete;
    RunRecording& operator=(const RunRecording&) = delete;

    bool recording() const { return m_recorder != nullptr; }
    /// Why the recording is off; empty when it is on or no database was asked for.
    const std::string& openError() const { return m_openError; }
    /// The run's id in the store, 0 when not recording.
    std::int64_t runId() const;
    /// The database file, empty when not recording.
    std::string databasePath() const;

    /// Adds the recorder to the session's observers (nothing when not recording).
    void watch(TrainingSession& session);

    /// A run that could not even start: stored as failed with `error` and no summary.
    void finishFailedStart(const std::string& error);
    /// The run's end: its status and `summary` (buildRunSummary's document) stored.
    void finish(const RunResult& result, const nlohmann::json& summary);

    /// The first store error met while recording, empty when recording went well (or is off).
    std::string error() const;

private:
    void begin(RunStore& store, const RunConfig& config);
    void finishWith(RunStatus status, const std::string& error, const nlohmann::json& summary);

    std::unique_ptr<RunStore> m_ownStore;
    RunStore* m_store = nullptr;
    std::unique_ptr<RunRecorder> m_recorder;
    std::string m_openError;
};

}  // namespace es
