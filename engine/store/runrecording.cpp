#include "engine/store/runrecording.h"

#include "engine/train/trainingsession.h"

namespace es {

RunRecording::RunRecording(const std::string& databasePath, const RunConfig& config)
{
    if (databasePath.empty())
        return;
    try {
        m_ownStore = std::make_unique<RunStore>(databasePath);
    } catch (const StoreError& error) {
        m_openError = error.what();
        return;
    }
    begin(*m_ownStore, config);
}

RunRecording::RunRecording(RunStore& store, const RunConfig& config)
{
    begin(store, config);
}

// The recorder first: its destructor stores a run that never finished as interrupted, in the
// store that must still be open.
RunRecording::~RunRecording()
{
    m_recorder.reset();
}

void RunRecording::begin(RunStore& store, const RunConfig& config)
{
    try {
        m_recorder = std::make_unique<RunRecorder>(store, config);
        m_store = &store;
    } catch (const StoreError& error) {
        m_openError = error.what();
        m_ownStore.reset();
    }
}

std::int64_t RunRecording::runId() const
{
    return m_recorder ? m_recorder->runId() : 0;
}

std::string RunRecording::databasePath() const
{
    return m_store ? m_store->path() : std::string();
}

void RunRecording::watch(TrainingSession& session)
{
    if (m_recorder)
        session.addObserver(m_recorder.get());
}

void RunRecording::finishFailedStart(const std::string& error)
{
    finishWith(RunStatus::Failed, error, nullptr);
}

void RunRecording::finish(const RunResult& result, const nlohmann::json& summary)
{
    finishWith(storedStatus(result.state), result.error, summary);
}

void RunRecording::finishWith(RunStatus status, const std::string& error,
                              const nlohmann::json& summary)
{
    if (m_recorder)
        m_recorder->finish(status, error, summary);  // keeps a store failure in error()
}

std::string RunRecording::error() const
{
    return m_recorder ? m_recorder->error() : std::string();
}

}  // namespace es
