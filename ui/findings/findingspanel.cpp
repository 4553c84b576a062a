#include "findings/findingspanel.h"

#include "core/threadname.h"
#include "diagnosis/storeddiagnosis.h"
#include "findings/findingsmodel.h"
#include "live/trainingidlegate.h"
#include "store/runstore.h"

#include <QtCore/QPointer>
#include <QtWidgets/QApplication>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QTableView>
#include <QtWidgets/QTextBrowser>
#include <QtWidgets/QVBoxLayout>

#include <thread>

namespace es::ui {

namespace {

constexpr int kPatchIndent = 2;

}  // namespace

/// One diagnosis on its own thread (the doctor measures for about a second, and a long run's
/// records take a moment to read); joined when the next one starts or the panel goes.
class FindingsPanel::Worker {
public:
    template <typename Done>
    Worker(QString database, qint64 runId, bool measureMachine, Done done)
        : m_thread([database, runId, measureMachine, done] {
              nameThisThread("es-diagnose");
              std::vector<Finding> findings;
              QString note;
              try {
                  RunStore store(database.toStdString());
                  const std::optional<StoredRun> run = store.loadRun(runId);
                  if (!run) {
                      done(findings, tr("Run %1 is no longer in the history.").arg(runId), false);
                      return;
                  }
                  StoredRunDiagnosis diagnosis = diagnoseStoredRun(*run, measureMachine);
                  store.setFindings(runId, diagnosis.findings, savedDiagnosisJson(diagnosis));
                  findings = std::move(diagnosis.findings);
                  if (!diagnosis.doctorLeftOut.empty())
                      note = tr("Machine findings left out: %1")
                                 .arg(QString::fromStdString(diagnosis.doctorLeftOut));
                  else if (diagnosis.peak)
                      note =
                          tr("Peak for efficiency: %1 GFLOP/s (%2)")
                              .arg(diagnosis.peak->gflops, 0, 'f', 1)
                              .arg(QString::fromStdString(efficiencyPeakSource(*diagnosis.peak)));
                  done(findings, note, true);
              } catch (const std::exception& error) {
                  done(findings, tr("The diagnosis failed: %1").arg(error.what()), false);
              }
          })
    {
    }
    ~Worker() { m_thread.join(); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

private:
    static QString tr(const char* text) { return FindingsPanel::tr(text); }

    std::thread m_thread;
};

FindingsPanel::FindingsPanel(QWidget* parent)
    : QWidget(parent),
      m_model(new FindingsModel(this)),
      m_title(new QLabel(this)),
      m_diagnose(new QPushButton(tr("&Diagnose"), this)),
      m_measureMachine(new QCheckBox(tr("Check this &machine too"), this)),
      m_view(new QTableView(this)),
      m_details(new QTextBrowser(this)),
      m_apply(new QPushButton(tr("&Apply fix to setup"), this)),
      m_tryFix(new QPushButton(tr("&Try this fix"), this))
{
    m_diagnose->setToolTip(
        tr("Run the diagnosis rules over the shown run and save the "
           "findings with it (docs/diagnosis.md)"));
    m_measureMachine->setToolTip(
        tr("Also run the environment doctor (about a second): its "
           "findings, and the SGEMM peak the efficiency rule needs"));
    m_apply->setToolTip(
        tr("Load the run's config with this finding's fix into Run setup, "
           "ready to start and compare"));
    m_apply->setEnabled(false);
    m_tryFix->setObjectName("tryFix");
    m_tryFix->setToolTip(
        tr("Measure the run's config with and without this fix side by side in a what-if "
           "experiment (a warm-up and a measured window each, repeated)"));
    m_tryFix->setEnabled(false);
    m_diagnose->setEnabled(false);
    connect(m_diagnose, &QPushButton::clicked, this,
            [this] { diagnose(m_measureMachine->isChecked()); });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        if (rows.isEmpty())
            return;
        const Finding& chosen = m_model->finding(rows.front().row());
        if (!chosen.patch.is_null())
            Q_EMIT applyPatchRequested(m_runId, QString::fromStdString(chosen.patch.dump()));
    });
    connect(m_tryFix, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        if (rows.isEmpty())
            return;
        const Finding& chosen = m_model->finding(rows.front().row());
        if (!chosen.patch.is_null())
            Q_EMIT tryFixRequested(m_runId, QString::fromStdString(chosen.id),
                                   QString::fromStdString(chosen.patch.dump()));
    });

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &FindingsPanel::showSelected);
    m_details->setOpenExternalLinks(false);

    auto* top = new QHBoxLayout();
    top->addWidget(m_title, 1);
    top->addWidget(m_measureMachine);
    top->addWidget(m_diagnose);
    top->addWidget(m_apply);
    top->addWidget(m_tryFix);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    showRun(0, {});
}

FindingsPanel::~FindingsPanel() = default;

void FindingsPanel::showRun(qint64 runId, std::vector<Finding> saved)
{
    m_runId = runId;
    m_diagnose->setEnabled(runId != 0 && !m_worker);
    const QString note =
        runId != 0 && saved.empty() ? tr("Not diagnosed yet: press Diagnose.") : QString();
    showFindings(std::move(saved), note);
}

void FindingsPanel::diagnose(bool measureMachine)
{
    if (m_runId == 0 || !m_diagnose->isEnabled())
        return;
    m_diagnose->setEnabled(false);
    TrainingIdleGate& gate = TrainingIdleGate::instance();
    if (measureMachine && gate.trainingActive()) {
        // The doctor's SGEMM benchmarks beside a training run would slow its steps.
        m_title->setText(
            tr("Run %1: waiting for the training run to end before measuring this machine...")
                .arg(m_runId));
        const qint64 runId = m_runId;
        gate.whenIdle(this, [this, runId] {
            m_diagnose->setEnabled(m_runId != 0);
            if (m_runId == runId)
                diagnose(true);
        });
        return;
    }
    m_title->setText(measureMachine
                         ? tr("Run %1: measuring this machine and diagnosing...").arg(m_runId)
                         : tr("Run %1: diagnosing...").arg(m_runId));
    m_worker.reset();  // the previous diagnosis has finished: the button was enabled again
    if (measureMachine)
        gate.toolWorkStarted();  // a run asked to start now waits for the measurement
    QPointer<FindingsPanel> self(this);
    const qint64 runId = m_runId;
    m_worker = std::make_unique<Worker>(
        m_databasePath, runId, measureMachine,
        [self, runId, measureMachine](std::vector<Finding> findings, const QString& note,
                                      bool succeeded) {
            QMetaObject::invokeMethod(
                qApp,
                [self, runId, measureMachine, findings = std::move(findings), note,
                 succeeded]() mutable {
                    if (measureMachine)
                        TrainingIdleGate::instance().toolWorkEnded();
                    if (!self)
                        return;
                    self->m_diagnose->setEnabled(self->m_runId != 0);
                    if (!succeeded)
                        Q_EMIT self->problem(note);
                    if (self->m_runId != runId)
                        return;  // another run is shown now; its own findings stay
                    const int count = static_cast<int>(findings.size());
                    self->showFindings(std::move(findings), note);
                    Q_EMIT self->diagnosed(count);
                },
                Qt::QueuedConnection);
        });
}

void FindingsPanel::showFindings(std::vector<Finding> findings, const QString& note)
{
    const int count = static_cast<int>(findings.size());
    m_model->setFindings(std::move(findings));
    if (m_runId == 0)
        m_title->setText(tr("No run shown: open one from Runs, or start one."));
    else
        m_title->setText(tr("Run %1: %n finding(s)", nullptr, count).arg(m_runId) +
                         (note.isEmpty() ? QString() : QStringLiteral(" - ") + note));
    m_details->clear();
    m_apply->setEnabled(false);
    m_tryFix->setEnabled(false);
    Q_EMIT highlightCleared();
    if (count > 0)
        selectFinding(0);
}

void FindingsPanel::selectFinding(int row)
{
    if (row >= 0 && row < m_model->rowCount())
        m_view->selectRow(row);
}

void FindingsPanel::showSelected()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        m_details->clear();
        m_apply->setEnabled(false);
        m_tryFix->setEnabled(false);
        Q_EMIT highlightCleared();
        return;
    }
    const Finding& chosen = m_model->finding(rows.front().row());
    QString html =
        QStringLiteral("<h3>%1</h3>").arg(QString::fromStdString(chosen.title).toHtmlEscaped());
    const auto section = [&html](const QString& head, const std::string& text) {
        if (!text.empty())
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(head, QString::fromStdString(text).toHtmlEscaped());
    };
    section(tr("Evidence:"), chosen.evidence);
    const QString steps = stepRangeText(chosen);
    if (!steps.isEmpty())
        section(tr("Where:"), steps.toStdString());
    section(tr("Fix:"), chosen.recommendation);
    if (!chosen.patch.is_null())
        html += QStringLiteral("<p><b>%1</b></p><pre>%2</pre>")
                    .arg(tr("Config patch:"),
                         QString::fromStdString(chosen.patch.dump(kPatchIndent)).toHtmlEscaped());
    m_details->setHtml(html);
    m_apply->setEnabled(!chosen.patch.is_null());
    m_tryFix->setEnabled(!chosen.patch.is_null());
    if (chosen.firstStep)
        Q_EMIT highlightRequested(*chosen.firstStep, chosen.lastStep.value_or(*chosen.firstStep));
    else
        Q_EMIT highlightCleared();
}

}  // namespace es::ui
