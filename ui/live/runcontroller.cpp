#include "ui/live/runcontroller.h"

#include "engine/config/runconfig.h"
#include "engine/script/scriptsession.h"
#include "engine/store/runrecording.h"
#include "engine/summary/runsummary.h"
#include "engine/train/trainingsession.h"
#include "ui/live/localrankprocesses.h"
#include "ui/live/scriptrun.h"
#include "ui/live/trainingidlegate.h"

#include <algorithm>

namespace es::ui {

RunController::RunController(QObject* parent) : QObject(parent)
{
    m_timer.setInterval(kDrainIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &RunController::drain);
}

RunController::~RunController()
{
    if (m_session) {
        m_session->requestStop();
        m_session->wait();
        finishRun();
    }
    if (m_script) {
        m_script->requestStop();
        m_script->wait();
        finishScript();
    }
    m_localRanks.reset();  // kills the other ranks still running
}

bool RunController::start(const RunConfig& config, const QString& databasePath, QString* error)
{
    if (isActive()) {
        if (error)
            *error = tr("A run is already in progress.");
        return false;
    }
    // The last run's other ranks, should any still run, go now: the new ones take their cores.
    m_localRanks.reset();
    m_config = std::make_unique<RunConfig>(config);
    if (LocalRankProcesses::wanted(config)) {
        auto localRanks = std::make_unique<LocalRankProcesses>();
        QString reason;
        if (!localRanks->prepare(*m_config, &reason)) {
            if (error)
                *error = reason;
            return false;
        }
        connect(localRanks.get(), &LocalRankProcesses::logLine, this, &RunController::logLine);
        // A rank that cannot train leaves rank 0 waiting for it: rank 0 stops too.
        connect(localRanks.get(), &LocalRankProcesses::rankFailed, this,
                &RunController::requestStop);
        m_localRanks = std::move(localRanks);
    }
    m_feed = std::make_unique<LiveFeed>();
    // Rank 0 records a distributed run, with every rank's steps; another rank records nothing.
    const bool records = config.rank == 0;
    if (!records && !databasePath.isEmpty())
        Q_EMIT logLine(LogLevel::Info,
                       tr("Rank %1 does not record the run: rank 0 does.").arg(config.rank));
    m_recording = std::make_unique<RunRecording>(
        records ? databasePath.toStdString() : std::string(), *m_config);
    m_runId = m_recording->runId();
    if (!m_recording->openError().empty())
        Q_EMIT logLine(
            LogLevel::Warning,
            tr("Not recording this run: %1").arg(QString::fromStdString(m_recording->openError())));
    m_timeline.clear();
    m_timeline.name = QString::fromStdString(config.name);
    m_info.reset();
    m_session = std::make_unique<TrainingSession>(*m_config);
    m_session->addObserver(m_feed.get());
    m_recording->watch(*m_session);
    try {
        m_session->start();
    } catch (const std::exception& startError) {
        m_recording->finishFailedStart(startError.what());
        m_session.reset();
        m_recording.reset();
        m_localRanks.reset();
        if (error)
            *error = QString::fromStdString(startError.what());
        return false;
    }
    announceStart(QString::fromStdString(m_recording->openError()));
    if (m_localRanks) {
        Q_EMIT logLine(LogLevel::Info, tr("Starting ranks 1 to %1 of %2 on this machine with %3.")
                                           .arg(m_config->distributed.worldSize - 1)
                                           .arg(m_config->distributed.worldSize)
                                           .arg(LocalRankProcesses::cliProgram()));
        m_localRanks->startOthers();
    }
    return true;
}

bool RunController::startScript(const ScriptSessionOptions& options, const QString& databasePath,
                                QString* error)
{
    if (isActive()) {
        if (error)
            *error = tr("A run is already in progress.");
        return false;
    }
    m_localRanks.reset();
    m_config.reset();
    m_feed = std::make_unique<LiveFeed>();
    try {
        m_script = std::make_unique<ScriptRun>(databasePath.toStdString(), options, *m_feed);
    } catch (const std::exception& storeError) {
        if (error)
            *error = tr("The run database %1 cannot take the run: %2")
                         .arg(databasePath, QString::fromStdString(storeError.what()));
        return false;
    }
    m_runId = m_script->runId();
    m_timeline.clear();
    m_timeline.name = QString::fromStdString(options.name);
    m_info.reset();
    m_script->start();
    announceStart(QString());
    return true;
}

void RunController::announceStart(const QString& notRecordedReason)
{
    m_state = RunState::Running;
    TrainingIdleGate::instance().runStarted();
    Q_EMIT timelineReplaced();
    Q_EMIT stateChanged(m_state);
    Q_EMIT started(m_runId);
    if (!notRecordedReason.isEmpty())
        Q_EMIT notRecorded(notRecordedReason);
    m_timer.start();
}

void RunController::pause()
{
    if (m_session)
        m_session->pause();
}

void RunController::resume()
{
    if (m_session)
        m_session->resume();
}

void RunController::requestStop()
{
    if (m_session)
        m_session->requestStop();
    if (m_script)
        m_script->requestStop();
}

int RunController::localRanksRunning() const
{
    return m_localRanks ? m_localRanks->running() : 0;
}

void RunController::showTimeline(RunTimeline timeline)
{
    if (isActive())
        return;  // the live run keeps the dashboard
    m_timeline = std::move(timeline);
    m_info.reset();
    Q_EMIT timelineReplaced();
    Q_EMIT updated();
}

bool RunController::absorb(FeedBatch batch)
{
    if (batch.started) {
        m_info = *batch.started;
        m_timeline.device = QString::fromStdString(batch.started->device);
        m_timeline.epochsPlanned = batch.started->epochs;
        m_timeline.batchesPerEpoch = batch.started->batchesPerEpoch;
        m_timeline.worldSize = std::max(1, batch.started->worldSize);
        m_timeline.ranks = batch.started->ranks;
    }
    for (const auto& [level, message] : batch.logs)
        Q_EMIT logLine(level, QString::fromStdString(message));
    const bool changed = batch.started || !batch.batches.empty() || !batch.rankSteps.empty() ||
                         !batch.epochs.empty() || !batch.samples.empty();
    m_timeline.batches.insert(m_timeline.batches.end(), batch.batches.begin(), batch.batches.end());
    for (auto& [rank, steps] : batch.rankSteps) {
        std::vector<BatchRecord>& theirs = m_timeline.rankBatches[rank];
        theirs.insert(theirs.end(), steps.begin(), steps.end());
    }
    m_timeline.epochs.insert(m_timeline.epochs.end(), batch.epochs.begin(), batch.epochs.end());
    m_timeline.samples.insert(m_timeline.samples.end(), batch.samples.begin(), batch.samples.end());
    return changed;
}

void RunController::drain()
{
    if (!isActive())
        return;
    if (absorb(m_feed->take()))
        Q_EMIT updated();
    // The session's own state is the truth (pauses are reported by it too); a script's ends
    // when its thread has recorded the end.
    const RunState now = m_session ? m_session->state() : m_script->state();
    if (now != m_state) {
        m_state = now;
        Q_EMIT stateChanged(m_state);
    }
    if (isTerminal(now)) {
        if (m_session)
            finishRun();
        else
            finishScript();
    }
}

void RunController::finishRun()
{
    m_timer.stop();
    // Joined first: no engine or sampler thread may still call the recorder.
    const RunResult result = m_session->result();
    m_session.reset();
    absorb(m_feed->take());  // what arrived between the last drain and the end

    QString missed;
    if (m_recording->recording()) {
        m_recording->finish(result, buildRunSummary(*m_config, result));
        missed = QString::fromStdString(m_recording->error());
        if (!missed.isEmpty())
            Q_EMIT logLine(LogLevel::Warning,
                           tr("The run database missed part of this run: %1").arg(missed));
    }
    m_recording.reset();
    if (m_localRanks)
        m_localRanks->rankZeroEnded();
    announceEnd(result.state, QString::fromStdString(result.error), missed);
}

void RunController::finishScript()
{
    m_timer.stop();
    // Joined first: the script's thread no longer reports to the feed.
    m_script->wait();
    absorb(m_feed->take());  // what arrived between the last drain and the end
    const RunState state = m_script->state();
    const QString error = QString::fromStdString(m_script->error());
    // The session said why in the Log as it happened.
    const QString missed = m_script->storeFailed()
                               ? tr("the run database failed while the script ran (see the Log)")
                               : QString();
    m_script.reset();  // closes its connection to the run database
    announceEnd(state, error, missed);
}

void RunController::announceEnd(RunState state, const QString& error, const QString& missed)
{
    m_state = state;
    Q_EMIT updated();
    Q_EMIT stateChanged(state);
    Q_EMIT finished(state, error, m_runId);
    if (!missed.isEmpty())
        Q_EMIT notRecorded(missed);
    // Last: the work waiting for the run starts once the window has taken in its end.
    TrainingIdleGate::instance().runEnded();
}

}  // namespace es::ui
