#include "ui/whatif/experimentjob.h"

#include "engine/i18n/recordedtext.h"
#include "engine/store/runstore.h"

#include <exception>
#include <set>
#include <string>
#include <utility>

namespace es::ui {

/// The engine's progress calls on the worker thread, posted to the GUI thread. A posted call
/// reaches the job only while it lives: the ticket drops it once the job has gone.
class ExperimentJob::Progress : public ExperimentProgress {
public:
    Progress(ExperimentJob* job, std::shared_ptr<std::atomic<bool>> stop,
             const BackgroundJob::Ticket& ticket)
        : m_job(job), m_stop(std::move(stop)), m_ticket(ticket)
    {
    }

    void onRunStarting(const ExperimentRunSlot& slot) override
    {
        post([slot](ExperimentJob* job) {
            Q_EMIT job->runStarting(slot.number, slot.total, describeSlot(slot));
        });
    }

    void onRunFinished(const ExperimentRunSlot& slot, const ExperimentRun& run) override
    {
        post([slot, run](ExperimentJob* job) {
            job->m_runs.push_back(run);
            Q_EMIT job->runFinished(slot, run);
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

    // Stale: the job is going (the window closed mid-experiment), so nothing waits for more.
    bool stopRequested() override { return m_stop->load() || m_ticket.isStale(); }

    void log(LogLevel level, const QString& message)
    {
        post([level, message](ExperimentJob* job) { Q_EMIT job->logLine(level, message); });
    }

private:
    /// Runs `call` with the job on the GUI thread, while the job lives.
    template <typename Call>
    void post(Call call)
    {
        m_ticket.post([job = m_job, call = std::move(call)] { call(job); });
    }

    ExperimentJob* m_job;
    std::shared_ptr<std::atomic<bool>> m_stop;
    const BackgroundJob::Ticket& m_ticket;
    std::set<std::string> m_seen;
};

namespace {

/// How an experiment ended, handed from its thread to the job.
struct Ending {
    ExperimentReport report;
    QString problem;
};

}  // namespace

ExperimentJob::ExperimentJob(QObject* parent) : QObject(parent), m_worker(this, "es-whatif") {}

// m_worker's end makes the experiment stale, which its progress reports as a stop request: the
// current run stops after its step, no further run starts, and m_worker waits for that.
ExperimentJob::~ExperimentJob() = default;

bool ExperimentJob::start(ExperimentPlan plan, const QString& databasePath)
{
    if (isRunning())
        return false;
    m_plan = std::make_shared<const ExperimentPlan>(std::move(plan));
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_runs.clear();
    const int planned = m_plan->runCount();
    m_worker.run(
        [this, plan = m_plan, stop = m_stop,
         database = databasePath.toStdString()](const BackgroundJob::Ticket& ticket) {
            // `this` only travels in the progress' posted calls, which run on the GUI thread.
            Progress progress(this, stop, ticket);
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
            Ending ending;
            try {
                const ExperimentOutcome outcome = runExperiment(*plan, store.get(), &progress);
                ending.report = makeReport(*plan, outcome);
                if (!outcome.storeError.empty())
                    progress.log(LogLevel::Warning,
                                 tr("The run database missed part of this experiment: %1")
                                     .arg(QString::fromStdString(outcome.storeError)));
                if (outcome.baselineFailed)
                    ending.problem = tr("The baseline run failed, so there is nothing to compare "
                                        "against: %1")
                                         .arg(outcome.runs.empty()
                                                  ? QString()
                                                  : QString::fromStdString(
                                                        recordedText(outcome.runs.back().error)));
            } catch (const std::exception& error) {
                ending.report = makeReport(*plan, ExperimentOutcome());
                ending.problem = tr("The experiment failed: %1").arg(error.what());
            }
            store.reset();  // closed on its own thread, before the window reads the experiment
            return ending;
        },
        [this](Ending ending) { onFinished(ending.report, ending.problem); });
    Q_EMIT started(planned);
    return true;
}

void ExperimentJob::stop()
{
    if (isRunning())
        m_stop->store(true);
}

std::vector<VariantResult> ExperimentJob::results() const
{
    if (!m_plan)
        return {};
    return summariseExperiment(m_plan->configurations, m_plan->settings.repeats, m_runs);
}

QString ExperimentJob::describeSlot(const ExperimentRunSlot& slot)
{
    return tr("run %1 of %2: %3, repeat %4 of %5")
        .arg(slot.number)
        .arg(slot.total)
        .arg(QString::fromStdString(slot.label))
        .arg(slot.repeat)
        .arg(slot.repeats);
}

void ExperimentJob::onFinished(const ExperimentReport& report, const QString& problem)
{
    m_runs = report.runs;
    Q_EMIT finished(report, problem);
}

}  // namespace es::ui
