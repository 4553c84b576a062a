#include "engine/store/runrecorder.h"

#include "engine/config/runconfig.h"
#include "engine/core/threadname.h"
#include "engine/data/tokenizerfile.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/summary/runsummary.h"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

namespace es {

namespace {

/// Why the record stops short, in English for the run's record (recordedText() shows it).
std::string recordingStoppedText(const StoreError& error)
{
    return fillText(markedText("RunRecord", "the run database could not take all of the run: %1"),
                    {error.reason().empty() ? std::string(error.what()) : error.reason()});
}

/// How the run ended, beside a record stored as failed because the store failed.
const char* runItselfText(RunStatus status)
{
    switch (status) {
        case RunStatus::Completed: return markedText("RunRecord", "the run itself completed");
        case RunStatus::Stopped: return markedText("RunRecord", "the run itself was stopped");
        case RunStatus::Failed: return markedText("RunRecord", "the run itself failed");
        case RunStatus::Running:
        case RunStatus::Interrupted: break;
    }
    return markedText("RunRecord", "the run itself ended before its end was recorded");
}

}  // namespace

RunRecorder::RunRecorder(RunStore& store, const RunConfig& config,
                         std::chrono::milliseconds flushInterval)
    : m_store(store),
      m_runId(store.beginRun(config.name, toJson(config))),
      m_flushInterval(flushInterval)
{
    reserveSpace();
    m_writer = std::thread([this] {
        nameThisThread("es-store");
        writerLoop();
    });
}

RunRecorder::~RunRecorder()
{
    if (!m_finished) {
        try {
            // Recorded: English, shown with recordedText().
            finish(RunStatus::Interrupted,
                   markedText("RunRecord", "recording ended before the run did"), nullptr);
        } catch (...) {
            // A destructor must not throw; the next open marks the run interrupted anyway.
        }
    }
    releaseReserve();
}

void RunRecorder::onRunStarted(const RunInfo& info)
{
    std::lock_guard lock(m_mutex);
    m_pendingInfo = runInfoJson(info);
    if (info.tokenizer)
        m_pendingTokenizer = tokenizerJsonText(*info.tokenizer);
}

void RunRecorder::onBatch(const BatchRecord& record)
{
    std::lock_guard lock(m_mutex);
    // Once the store failed nothing more is written: what would be queued is dropped, not
    // kept in memory for the rest of the run.
    if (m_error.empty())
        m_batches.push_back(record);
}

void RunRecorder::onEpoch(const EpochRecord& record)
{
    std::lock_guard lock(m_mutex);
    if (m_error.empty())
        m_epochs.push_back(record);
}

void RunRecorder::onRankSteps(int rank, const std::vector<BatchRecord>& steps)
{
    std::lock_guard lock(m_mutex);
    if (m_error.empty())
        for (const BatchRecord& step : steps)
            m_rankBatches.emplace_back(rank, step);
}

void RunRecorder::onSystemSample(const SystemSample& sample)
{
    std::lock_guard lock(m_mutex);
    if (m_error.empty())
        m_samples.push_back(sample);
}

void RunRecorder::onSavedFile(const SavedFileRecord& file)
{
    std::lock_guard lock(m_mutex);
    if (m_error.empty())
        m_savedFiles.push_back(file);
}

void RunRecorder::writerLoop()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, m_flushInterval, [this] { return m_stopping; });
        lock.unlock();
        const bool healthy = flush();
        lock.lock();
        if (!healthy)
            return;
    }
}

bool RunRecorder::flush()
{
    nlohmann::json info;
    std::string tokenizer;
    std::vector<BatchRecord> batches;
    std::vector<EpochRecord> epochs;
    std::vector<SystemSample> samples;
    std::vector<std::pair<int, BatchRecord>> rankBatches;
    std::vector<SavedFileRecord> savedFiles;
    {
        std::lock_guard lock(m_mutex);
        if (!m_error.empty())
            return false;
        info.swap(m_pendingInfo);
        tokenizer.swap(m_pendingTokenizer);
        batches.swap(m_batches);
        rankBatches.swap(m_rankBatches);
        epochs.swap(m_epochs);
        samples.swap(m_samples);
        savedFiles.swap(m_savedFiles);
    }
    try {
        if (!info.is_null())
            m_store.setRunInfo(m_runId, info);
        if (!tokenizer.empty())
            m_store.setRunTokenizer(m_runId, tokenizer);
        m_store.append(m_runId, batches, epochs, samples, rankBatches, savedFiles);
        return true;
    } catch (const StoreError& error) {
        {
            std::lock_guard lock(m_mutex);
            m_error = error.what();
            m_failure = recordingStoppedText(error);
            m_batches.clear();
            m_rankBatches.clear();
            m_epochs.clear();
            m_samples.clear();
            m_savedFiles.clear();
        }
        // Said in the record at once, in the room the reserve leaves, so that even a process
        // that dies next leaves a record saying why it is short.
        makeRoom();
        try {
            m_store.setRunError(m_runId, m_failure);
        } catch (const StoreError&) {
            // The end of the run tries again (finish()).
        }
        return false;
    }
}

void RunRecorder::finish(RunStatus status, const std::string& error, const nlohmann::json& summary)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_finished)
            return;
        m_finished = true;
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_writer.joinable())
        m_writer.join();
    if (flush()) {
        try {
            m_store.finishRun(m_runId, status, error, summary);
            return;
        } catch (const StoreError& failure) {
            std::lock_guard lock(m_mutex);
            m_error = failure.what();
            m_failure = recordingStoppedText(failure);
        }
    }
    // The record is short of the run: stored as failed, saying why and how the run itself
    // ended, never left `running` for the next open to call killed. Without the summary
    // when even that does not fit.
    makeRoom();
    std::string recorded = error.empty() ? m_failure : error + "; " + m_failure;
    recorded += "; ";
    recorded += runItselfText(status);
    try {
        m_store.finishRun(m_runId, RunStatus::Failed, recorded, summary);
        return;
    } catch (const StoreError&) {
        // m_error keeps the first failure, which is what the user needs to see.
    }
    try {
        m_store.finishRun(m_runId, RunStatus::Failed, recorded, nullptr);
    } catch (const StoreError&) {
        // Nothing fits: the next open marks the run interrupted, keeping the error recorded
        // when the recording stopped (setRunError) where that fitted.
    }
}

void RunRecorder::reserveSpace()
{
    // A full disk leaves no room for the record's last words: a file of kReserveBytes beside
    // the database holds room for them, and is given back when the store fails (makeRoom())
    // or the run ends (the destructor). One left by a killed process is removed by the next
    // open of the store (RunStore marks the run interrupted).
    // On a nearly full disk, half of what is free: a reserve that does not fit would leave
    // none at all, and the run's records take the other half before the store fails.
    const std::string path = RunStore::reservePath(m_store.path(), ::getpid());
    std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (folder.empty())
        folder = ".";
    long bytes = kReserveBytes;
    struct statvfs filesystem {};
    if (::statvfs(folder.c_str(), &filesystem) == 0) {
        const auto freeBytes = static_cast<unsigned long long>(filesystem.f_bavail) *
                               static_cast<unsigned long long>(filesystem.f_frsize);
        bytes = static_cast<long>(std::min<unsigned long long>(kReserveBytes, freeBytes / 2));
    }
    if (bytes <= 0)
        return;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    const bool reserved = ::posix_fallocate(fd, 0, bytes) == 0;
    ::close(fd);
    if (reserved)
        m_reservePath = path;
    else
        ::unlink(path.c_str());
}

void RunRecorder::releaseReserve()
{
    if (!m_reservePath.empty()) {
        ::unlink(m_reservePath.c_str());
        m_reservePath.clear();
    }
}

void RunRecorder::makeRoom()
{
    releaseReserve();
    // A file-size limit stops the WAL from growing: copied into the database and emptied, it
    // takes the next updates from its start.
    m_store.checkpoint();
}

std::string RunRecorder::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

RunStatus storedStatus(RunState state)
{
    switch (state) {
        case RunState::Finished: return RunStatus::Completed;
        case RunState::Stopped: return RunStatus::Stopped;
        case RunState::Failed: return RunStatus::Failed;
        case RunState::Idle:
        case RunState::Running:
        case RunState::Paused:
        case RunState::Stopping: break;
    }
    return RunStatus::Interrupted;
}

}  // namespace es
