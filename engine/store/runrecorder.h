#pragma once

#include "engine/config/runconfigfwd.h"
#include "engine/store/runstore.h"
#include "engine/train/runobserver.h"
#include "engine/train/runresult.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace es {

/// Records a run into a RunStore as it happens. The engine (and sampler) threads only append
/// to in-memory queues under a short lock; a writer thread of its own moves them to the
/// database in one transaction every `flushInterval`, so training never waits on the disk and
/// a killed process loses at most the last interval. A store that fails (full disk, a file-size
/// limit) stops recording, keeps the message in error(), and never stops the training; the
/// run is then stored as failed with SQLite's reason and how the run itself ended.
class RunRecorder : public RunObserver {
public:
    static constexpr std::chrono::milliseconds kDefaultFlushInterval{250};

    /// Begins the run in the store (status running) and starts the writer thread. Throws
    /// StoreError when the run cannot even be begun.
    RunRecorder(RunStore& store, const RunConfig& config,
                std::chrono::milliseconds flushInterval = kDefaultFlushInterval);
    ~RunRecorder() override;  ///< finishes as interrupted when finish() was not called
    RunRecorder(const RunRecorder&) = delete;
    RunRecorder& operator=(const RunRecorder&) = delete;

    std::int64_t runId() const { return m_runId; }

    void onRunStarted(const RunInfo& info) override;
    void onBatch(const BatchRecord& record) override;
    void onEpoch(const EpochRecord& record) override;
    void onRankSteps(int rank, const std::vector<BatchRecord>& steps) override;
    void onSystemSample(const SystemSample& sample) override;
    void onSavedFile(const SavedFileRecord& file) override;

    /// Writes what is queued, then the run's end: `status` and the --json-out summary
    /// document. Call once, after the session ended.
    void finish(RunStatus status, const std::string& error, const nlohmann::json& summary);

    /// The first store error met, empty when recording went well.
    std::string error() const;

private:
    /// Room for the record's end on a full disk: see reserveSpace() in runrecorder.cpp. At
    /// most this much, and at most half of what is free when the run starts.
    static constexpr long kReserveBytes = 1L << 20;
    void reserveSpace();
    void releaseReserve();
    /// Gives the reserve back and empties the WAL, before the record's last words.
    void makeRoom();
    void writerLoop();
    /// Moves the queues to the store; false once the store failed.
    bool flush();

    RunStore& m_store;
    std::int64_t m_runId = 0;
    std::chrono::milliseconds m_flushInterval;

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    bool m_finished = false;
    nlohmann::json m_pendingInfo;
    std::string m_pendingTokenizer;  ///< tokenizerJsonText(), empty when none is pending
    std::vector<BatchRecord> m_batches;
    std::vector<std::pair<int, BatchRecord>> m_rankBatches;
    std::vector<EpochRecord> m_epochs;
    std::vector<SystemSample> m_samples;
    std::vector<SavedFileRecord> m_savedFiles;
    std::string m_error;
    std::string m_failure;      ///< what the record says about m_error, English
    std::string m_reservePath;  ///< the reserve file while it is held
    std::thread m_writer;
};

/// The store's status for a session's end: Finished -> completed, Stopped -> stopped,
/// Failed -> failed.
RunStatus storedStatus(RunState state);

}  // namespace es
