#include "ui/findings/findingspanel.h"

#include "engine/diagnosis/storeddiagnosis.h"
#include "engine/store/runstore.h"
#include "ui/findings/findingsmodel.h"
#include "ui/live/trainingidlegate.h"

#include <QtWidgets/QCheckBox>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QTableView>
#include <QtWidgets/QTextBrowser>
#include <QtWidgets/QVBoxLayout>

#include <exception>
#include <functional>
#include <optional>
#include <utility>

namespace es::ui {

namespace {

constexpr int kPatchIndent = 2;

/// What one diagnosis found, handed from its thread to the panel.
struct Diagnosis {
    std::vector<Finding> findings;
    QString note;  ///< beside the count; why it failed when it did
    bool succeeded = false;
};

/// Diagnoses run `runId` and saves the findings with it, on a thread of its own: the doctor
/// measures for about a second, and a long run's records take a moment to read.
Diagnosis diagnoseAndSave(const QString& database, qint64 runId, bool measureMachine)
{
    Diagnosis result;
    try {
        RunStore store(database.toStdString());
        const std::optional<StoredRun> run = store.loadRun(runId);
        if (!run) {
            result.note = FindingsPanel::tr("Run %1 is no longer in the history.").arg(runId);
            return result;
        }
        StoredRunDiagnosis diagnosis = diagnoseStoredRun(*run, measureMachine, &store);
        store.setFindings(runId, diagnosis.findings, savedDiagnosisJson(diagnosis));
        result.findings = std::move(diagnosis.findings);
        if (!diagnosis.doctorLeftOut.empty())
            result.note = FindingsPanel::tr("Machine findings left out: %1")
                              .arg(QString::fromStdString(diagnosis.doctorLeftOut));
        else if (diagnosis.peak)
            result.note = FindingsPanel::tr("Peak for efficiency: %1 GFLOP/s (%2)")
                              .arg(diagnosis.peak->gflops, 0, 'f', 1)
                              .arg(QString::fromStdString(efficiencyPeakSource(*diagnosis.peak)));
        result.succeeded = true;
    } catch (const std::exception& error) {
        result.note = FindingsPanel::tr("The diagnosis failed: %1").arg(error.what());
    }
    return result;
}

}  // namespace

FindingsPanel::FindingsPanel(QWidget* parent)
    : QWidget(parent),
      m_model(new FindingsModel(this)),
      m_title(new QLabel(this)),
      m_diagnose(new QPushButton(tr("&Diagnose"), this)),
      m_measureMachine(new QCheckBox(tr("Check this &machine too"), this)),
      m_view(new QTableView(this)),
      m_details(new QTextBrowser(this)),
      m_apply(new QPushButton(tr("&Apply fix to setup"), this)),
      m_tryFix(new QPushButton(tr("&Try this fix"), this)),
      m_diagnosis(this, "es-diagnose")
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

FindingsPanel::~FindingsPanel() = default;  // m_diagnosis waits for a diagnosis in progress

void FindingsPanel::showRun(qint64 runId, std::vector<Finding> saved)
{
    m_runId = runId;
    m_diagnose->setEnabled(runId != 0 && !m_diagnosis.isRunning());
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
    std::function<void()> measurementEnded;
    if (measureMachine) {
        gate.toolWorkStarted();  // a run asked to start now waits for the measurement
        measurementEnded = [] { TrainingIdleGate::instance().toolWorkEnded(); };
    }
    const qint64 runId = m_runId;
    m_diagnosis.run([database = m_databasePath, runId,
                     measureMachine] { return diagnoseAndSave(database, runId, measureMachine); },
                    [this, runId](Diagnosis result) {
                        m_diagnose->setEnabled(m_runId != 0);
                        if (!result.succeeded)
                            Q_EMIT problem(result.note);
                        if (m_runId != runId)
                            return;  // another run is shown now; its own findings stay
                        const int count = static_cast<int>(result.findings.size());
                        showFindings(std::move(result.findings), result.note);
                        Q_EMIT diagnosed(count);
                    },
                    std::move(measurementEnded));
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
    // A script's fix ends in code (a before/after snippet): shown as code.
    const RecommendationParts fix = splitRecommendation(chosen.recommendation);
    section(tr("Fix:"), fix.text);
    if (!fix.code.empty()) {
        QString code;
        for (const std::string& line : fix.code)
            code += QString::fromStdString(line) + QLatin1Char('\n');
        html += QStringLiteral("<pre>%1</pre>").arg(code.toHtmlEscaped());
    }
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
