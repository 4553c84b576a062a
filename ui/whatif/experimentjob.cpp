#include "whatif/experimentrunner.h"

#include "core/threadname.h"
#include "i18n/recordedtext.h"
#include "store/runstore.h"

#include <set>
#include <string>
#include <utility>

namespace es::ui {

/// The engine's progress calls on the worker thread, posted to the runner's thread.
class ExperimentRunner::Progress : public ExperimentProgress {
public:
    Progress(ExperimentRunner* runner, std::shared_ptr<std::atomic<bool>> stop)
        : m_runner(runner), m_stop(std::move(stop))
    {
    }

    void onRunStarting(const ExperimentRunSlot& slot) override
    {
        post([slot](ExperimentRunner* runner) {
            Q_EMIT runner->runStarting(slot.number, slot.total, describeSlot(slot));
        });
    }

    void onRunFinished(const ExperimentRunSlot& slot, const ExperimentRun& run) override
    {
        post([slot, run](ExperimentRunner* runner) {
            runner->m_runs.push_back(run);
            Q_EMIT runner->runFinished(slot, run);
        });
    }

    void onRunLog(const ExperimentRunSlot& slot, LogLevel level,
                  const std::string& message) override
    {
        // Every repeat says the same (threads that did not apply): once per configuration.
        if (!m_seen.insert(slot.label + "\n" + message).second)
            return;
        log(level, QString::fromStdString(slot.label + ": " + message));
    }

    bool stopRequested() override { return m_stop->load(); }

    void log(LogLevel level, const QString& message)
    {
        post(
            [level, message](ExperimentRunner* runner) { Q_EMIT runner->logLine(level, message); });
    }

    /// Runs `call` on the runner's thread. The runner joins this thread before it goes, so it
    /// is alive here; a call still queued when it goes is dropped with it.
    template <typename Call>
    void post(Call call)
    {
        ExperimentRunner* runner = m_runner;
        QMetaObject::invokeMethod(
            runner, [runner, call = std::move(call)] { call(runner); }, Qt::QueuedConnection);
    }

private:
    ExperimentRunner* m_runner;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::set<std::string> m_seen;
};

ExperimentRunner::ExperimentRunner(QObject* parent) : QObject(parent) {}

ExperimentRunner::~ExperimentRunner()
{
    if (m_thread.joinable()) {
        m_stop->store(true);  // the current run stops after its step; no further run starts
        m_thread.join();
    }
}

bool ExperimentRunner::start(ExperimentPlan plan, const QString& databasePath)
{
    if (isRunning())
        return false;
    m_plan = std::make_shared<const ExperimentPlan>(std::move(plan));
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_runs.clear();
    const int planned = m_plan->runCount();
    m_thread =
        std::thread([this, plan = m_plan, stop = m_stop, database = databasePath.toStdString()] {
            nameThisThread("es-whatif");
            Progress progress(this, stop);
            // Opened here: a RunStore belongs to the thread that uses it.
            std::unique_ptr<RunStore> store;
            if (!database.empty()) {
                try {
                    store = std::make_unique<RunStore>(database);
                } catch (const StoreError& error) {
                    progress.log(LogLevel::Warning,
                                 tr("Not recording this experiment: %1").arg(error.what()));
                }
            }
            ExperimentReport report;
            QString problem;
            try {
                const ExperimentOutcome outcome = runExperiment(*plan, store.get(), &progress);
                report = makeReport(*plan, outcome);
                if (!outcome.storeError.empty())
                    progress.log(LogLevel::Warning,
                                 tr("The run database missed part of this experiment: %1")
                                     .arg(QString::fromStdString(outcome.storeError)));
                if (outcome.baselineFailed)
                    problem = tr("The baseline run failed, so there is nothing to compare "
                                 "against: %1")
                                  .arg(outcome.runs.empty() ? QString()
                                                            : QString::fromStdString(recordedText(
                                                                  outcome.runs.back().error)));
            } catch (const std::exception& error) {
                report = makeReport(*plan, ExperimentOutcome());
                problem = tr("The experiment failed: %1").arg(error.what());
            }
            store.reset();  // closed on its own thread, before the window reads the experiment
            progress.post([report = std::move(report), problem](ExperimentRunner* runner) {
                runner->onFinished(report, problem);
            });
        });
    Q_EMIT started(planned);
    return true;
}

void ExperimentRunner::stop()
{
    if (isRunning())
        m_stop->store(true);
}

std::vector<VariantResult> ExperimentRunner::results() const
{
    if (!m_plan)
        return {};
    return summariseExperiment(m_plan->configurations, m_plan->settings.repeats, m_runs);
}

QString ExperimentRunner::describeSlot(const ExperimentRunSlot& slot)
{
    return tr("run %1 of %2: %3, repeat %4 of %5")
        .arg(slot.number)
        .arg(slot.total)
        .arg(QString::fromStdString(slot.label))
        .arg(slot.repeat)
        .arg(slot.repeats);
}

void ExperimentRunner::onFinished(const ExperimentReport& report, const QString& problem)
{
    // Posting this was the thread's last act: the join returns at once.
    m_thread.join();
    m_runs = report.runs;
    Q_EMIT finished(report, problem);
}

}  // namespace es::ui
