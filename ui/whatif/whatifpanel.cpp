#include "whatif/whatifpanel.h"

#include "config/configerror.h"
#include "i18n/recordedtext.h"
#include "store/runstore.h"
#include "whatif/experiment.h"
#include "whatif/experimentchart.h"
#include "whatif/experimentresultsmodel.h"
#include "whatif/experimentrunner.h"
#include "whatif/variantdialog.h"

#include <QtCore/QDateTime>
#include <QtGui/QAction>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QGridLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QStyle>
#include <QtWidgets/QTableView>
#include <QtWidgets/QTreeWidget>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>

namespace es::ui {

namespace {

// Generous bounds for the spin boxes; the engine checks its own (checkExperimentSettings).
constexpr int kMaxWindowSteps = 100'000;
constexpr int kMaxRepeats = 100;
constexpr const char* kErrorStyle = "color: #c0392b;";

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

/// The text above the table: the windows, then what was left out and what to know, in one
/// paragraph (the bottom docks are short; the experiment's name is in the list next to it and
/// in the tooltip). Parts are HTML already.
QString experimentHeading(const QString& settings, const QStringList& remarks)
{
    const QString separator = WhatIfPanel::tr(". ", "between the sentences of a heading");
    return remarks.isEmpty() ? settings : settings + separator + remarks.join(separator);
}

QStringList remarksText(const std::vector<std::string>& skipped,
                        const std::vector<std::string>& notes)
{
    QStringList remarks;
    for (const std::string& line : skipped)
        remarks << WhatIfPanel::tr("Skipped %1").arg(fromStd(recordedText(line)).toHtmlEscaped());
    for (const std::string& line : notes)
        remarks << WhatIfPanel::tr("Note: %1").arg(fromStd(recordedText(line)).toHtmlEscaped());
    return remarks;
}

/// What the table's numbers are, for the heading's tooltip.
QString measuredAndProjectedText()
{
    return WhatIfPanel::tr(
        "Measured: ms per step is the median step time of each run's measured window; min, "
        "median and max are over the runs.\nProjected, not measured: the epoch time (median ms "
        "per step x steps per epoch of the full config) and the speedup (the baseline's "
        "projected epoch time over the row's).");
}

QSpinBox* spinBox(int minimum, int maximum, int value, const QString& toolTip, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setToolTip(toolTip);
    return box;
}

}  // namespace

WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QWidget(parent),
      m_runner(new ExperimentRunner(this)),
      m_results(new ExperimentResultsModel(this)),
      m_variantList(new QTreeWidget(this)),
      m_add(new QPushButton(tr("&Add..."), this)),
      m_remove(new QPushButton(tr("Re&move"), this)),
      m_combine(new QCheckBox(tr("Com&bine"), this)),
      m_warmup(nullptr),
      m_measured(nullptr),
      m_repeats(nullptr),
      m_run(new QPushButton(tr("Ru&n", "button: run the experiment"), this)),
      m_stop(new QPushButton(tr("St&op"), this)),
      m_progress(new QProgressBar(this)),
      m_error(new QLabel(this)),
      m_past(new QComboBox(this)),
      m_reportTitle(new QLabel(this)),
      m_table(new QTableView(this)),
      m_chart(new ExperimentChart(this))
{
    const ExperimentSettings defaults;  // the CLI's defaults
    m_warmup = spinBox(0, kMaxWindowSteps, defaults.warmupSteps,
                       tr("Steps run first and not measured: lazy initialisation, allocator "
                          "growth and kernel selection make a run's first steps slower"),
                       this);
    m_measured = spinBox(1, kMaxWindowSteps, defaults.measuredSteps,
                         tr("Steps measured after the warm-up, in every run"), this);
    m_repeats = spinBox(1, kMaxRepeats, defaults.repeats,
                        tr("Runs per configuration, interleaved (baseline, variants, baseline, "
                           "...) so that the machine's noise spreads over all of them"),
                        this);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(createSetup());
    splitter->addWidget(createResults());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 5);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_add, &QPushButton::clicked, this, &WhatIfPanel::addWithDialog);
    connect(m_remove, &QPushButton::clicked, this, &WhatIfPanel::removeSelectedVariant);
    connect(m_combine, &QCheckBox::toggled, this, [this](bool combine) {
        m_set.setCombine(combine);
        refreshVariantList();
    });
    connect(m_variantList, &QTreeWidget::currentItemChanged, this, &WhatIfPanel::updateControls);
    connect(m_run, &QPushButton::clicked, this, &WhatIfPanel::start);
    connect(m_stop, &QPushButton::clicked, this, &WhatIfPanel::stop);
    connect(m_past, &QComboBox::activated, this,
            [this](int index) { loadExperiment(m_past->itemData(index).toLongLong()); });
    connect(m_runner, &ExperimentRunner::runStarting, this, &WhatIfPanel::onRunStarting);
    connect(m_runner, &ExperimentRunner::runFinished, this, &WhatIfPanel::onRunFinished);
    connect(m_runner, &ExperimentRunner::logLine, this, &WhatIfPanel::logLine);
    connect(m_runner, &ExperimentRunner::finished, this, &WhatIfPanel::onFinished);

    showError({});
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    setStatus(tr("No experiment run yet"));
    reloadPastExperiments();
    refreshVariantList();
}

WhatIfPanel::~WhatIfPanel() = default;  // the runner, a child, stops and joins its thread

QWidget* WhatIfPanel::createSetup()
{
    m_variantList->setObjectName("whatIfVariants");
    m_add->setObjectName("whatIfAdd");
    m_remove->setObjectName("whatIfRemove");
    m_combine->setObjectName("whatIfCombine");
    m_run->setObjectName("whatIfRun");
    m_stop->setObjectName("whatIfStop");
    m_variantList->setColumnCount(2);
    m_variantList->setHeaderLabels(
        {tr("Variant", "column: a variant of the baseline config"), tr("Changes to the baseline")});
    m_variantList->setRootIsDecorated(false);
    m_variantList->setUniformRowHeights(true);
    m_variantList->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_variantList->header()->setStretchLastSection(true);
    m_variantList->setMinimumHeight(fontMetrics().height() * 4);
    m_variantList->setToolTip(tr("Each variant is measured against the baseline"));
    // Keys of their own while the list has the focus: Insert adds, Delete removes.
    const auto listShortcut = [this](const QKeySequence& keys, void (WhatIfPanel::*slot)()) {
        auto* action = new QAction(m_variantList);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_variantList->addAction(action);
    };
    listShortcut(QKeySequence(Qt::Key_Insert), &WhatIfPanel::addWithDialog);
    listShortcut(QKeySequence::Delete, &WhatIfPanel::removeSelectedVariant);

    m_add->setToolTip(
        tr("Vary a setting over values you type: threads, batch size, placement, "
           "prefetch, backend, device, checkpoint frequency or any config path "
           "(Insert)"));
    m_remove->setToolTip(tr("Remove the selected variant (Delete)"));
    m_combine->setToolTip(
        tr("Measure every combination of the varied settings' values "
           "instead of one setting at a time"));
    m_run->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_stop->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    m_stop->setToolTip(tr("End the experiment after the current step, keeping what was measured"));
    m_progress->setObjectName("whatIfProgress");
    m_progress->setTextVisible(true);
    m_error->setObjectName("whatIfError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QString::fromLatin1(kErrorStyle));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* edit = new QHBoxLayout();
    edit->addWidget(m_add);
    edit->addWidget(m_remove);
    edit->addWidget(m_combine);
    edit->addStretch(1);

    auto* settings = new QFormLayout();
    settings->addRow(tr("&Warm-up steps:"), m_warmup);
    settings->addRow(tr("M&easured steps:"), m_measured);
    settings->addRow(tr("Re&peats:"), m_repeats);
    auto* run = new QHBoxLayout();
    run->addWidget(m_run);
    run->addWidget(m_stop);

    // As few rows as possible: the bottom docks are wide and a few rows tall, under a
    // dashboard that keeps its height. The baseline is the list's first row.
    auto* setup = new QWidget(this);
    auto* layout = new QGridLayout(setup);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->addWidget(m_variantList, 0, 0);
    layout->addLayout(settings, 0, 1);
    layout->addLayout(edit, 1, 0);
    layout->addLayout(run, 1, 1);
    layout->addWidget(m_progress, 2, 0, 1, 2);
    layout->setColumnStretch(0, 1);
    layout->setRowStretch(0, 1);
    return setup;
}

QWidget* WhatIfPanel::createResults()
{
    m_past->setObjectName("whatIfPast");
    m_past->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_past->setMinimumContentsLength(24);
    m_reportTitle->setObjectName("whatIfReport");
    m_reportTitle->setWordWrap(true);
    m_reportTitle->setTextFormat(Qt::RichText);  // the engine's notes are escaped into it
    m_reportTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reportTitle->setToolTip(measuredAndProjectedText());
    m_reportTitle->setText(
        tr("Add variants and press Run: the table and the chart fill run by run. Or choose a "
           "past experiment."));

    m_table->setObjectName("whatIfResults");
    m_table->setModel(m_results);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Compact rows: a short dock still shows the baseline and a few variants.
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The numbers always show; the phase changes take what is left (whole in their tooltip).
    m_table->horizontalHeader()->setSectionResizeMode(ExperimentResultsModel::Changes,
                                                      QHeaderView::Stretch);
    m_chart->setMinimumSize(fontMetrics().averageCharWidth() * 40, fontMetrics().height() * 7);

    auto* top = new QHBoxLayout();
    top->addWidget(m_reportTitle, 1);
    top->addWidget(m_past, 0, Qt::AlignTop);
    auto* side = new QSplitter(Qt::Horizontal);
    side->addWidget(m_table);
    side->addWidget(m_chart);
    // Three to two, whatever the widgets' own size hints say: the chart needs room to read.
    constexpr int kTableShare = 3;
    constexpr int kChartShare = 2;
    side->setStretchFactor(0, kTableShare);
    side->setStretchFactor(1, kChartShare);
    side->setSizes({kTableShare * 1000, kChartShare * 1000});
    side->setChildrenCollapsible(false);

    auto* results = new QWidget(this);
    auto* layout = new QVBoxLayout(results);
    layout->setContentsMargins(4, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_error);
    layout->addWidget(side, 1);
    return results;
}

void WhatIfPanel::setDatabasePath(const QString& path)
{
    m_databasePath = path;
    reloadPastExperiments();
}

void WhatIfPanel::setBaseline(const RunConfig& config, const QString& label)
{
    m_baselineLabel = label;
    m_set.setBaseline(config);
    refreshVariantList();
}

void WhatIfPanel::addVariant(const QString& label, const nlohmann::json& patch)
{
    m_set.addPatch(label, patch);
    refreshVariantList();
}

QString WhatIfPanel::addFactor(const QString& key, const QString& values)
{
    if (isRunning())
        return tr("An experiment is running: add variants when it has ended.");
    QString error = m_set.addFactor(key, values);
    if (error.isEmpty())
        refreshVariantList();
    return error;
}

void WhatIfPanel::clearVariants()
{
    m_set.clear();
    refreshVariantList();
}

void WhatIfPanel::setCombine(bool combine)
{
    m_combine->setChecked(combine);  // toggled() tells the set
}

void WhatIfPanel::setSettings(const ExperimentSettings& settings)
{
    m_warmup->setValue(settings.warmupSteps);
    m_measured->setValue(settings.measuredSteps);
    m_repeats->setValue(settings.repeats);
}

ExperimentSettings WhatIfPanel::settings() const
{
    ExperimentSettings settings;
    settings.warmupSteps = m_warmup->value();
    settings.measuredSteps = m_measured->value();
    settings.repeats = m_repeats->value();
    return settings;
}

void WhatIfPanel::setBlockedReason(const QString& reason)
{
    m_blockedReason = reason;
    updateControls();
}

void WhatIfPanel::refreshVariantList()
{
    const std::optional<RunConfig>& baselineConfig = m_set.baseline();
    m_variantList->clear();
    if (baselineConfig) {
        auto* baseline = new QTreeWidgetItem(m_variantList, {tr("baseline"), m_baselineLabel});
        QFont bold = baseline->font(0);
        bold.setBold(true);
        baseline->setFont(0, bold);
        const QString why = tr("Config \"%1\": every variant is this config with its changes")
                                .arg(fromStd(baselineConfig->name));
        baseline->setToolTip(0, why);
        baseline->setToolTip(1, why);
    } else {
        auto* hint = new QTreeWidgetItem(
            m_variantList, {tr("No baseline yet: Run > What-if experiment... (Ctrl+Shift+E) "
                               "measures Run setup's config, Try this fix in Findings a "
                               "recorded run's.")});
        hint->setFlags(Qt::NoItemFlags);
        hint->setFirstColumnSpanned(true);
    }
    for (const Variant& variant : m_set.variants()) {
        auto* item = new QTreeWidgetItem(
            m_variantList, QStringList{fromStd(variant.label), fromStd(variant.patch.dump())});
        item->setToolTip(1, fromStd(variant.patch.dump(2)));
    }
    showError(m_set.problems());
    updateControls();
}

int WhatIfPanel::selectedVariant() const
{
    // The list's first row is the baseline (or the hint that there is none).
    return m_variantList->indexOfTopLevelItem(m_variantList->currentItem()) - 1;
}

void WhatIfPanel::removeSelectedVariant()
{
    const int index = selectedVariant();
    if (isRunning() || index < 0)
        return;
    m_set.remove(index);
    refreshVariantList();
    // The next variant takes the removed one's place, ready for another Delete.
    const int variants = static_cast<int>(m_set.variants().size());
    if (variants > 0)
        m_variantList->setCurrentItem(
            m_variantList->topLevelItem(1 + std::min(index, variants - 1)));
}

void WhatIfPanel::addWithDialog()
{
    if (!m_set.baseline() || isRunning())
        return;
    VariantDialog dialog(
        *m_set.baseline(),
        [this](const QString& key, const QString& values) { return addFactor(key, values); }, this);
    dialog.exec();
}

void WhatIfPanel::updateControls()
{
    const bool running = isRunning();
    const bool idle = !running;
    m_add->setEnabled(idle && m_set.baseline().has_value());
    m_remove->setEnabled(idle && selectedVariant() >= 0);
    // Combining needs two settings; once on, it can always be turned off again.
    m_combine->setEnabled(idle && (m_set.factorCount() >= 2 || m_combine->isChecked()));
    for (QSpinBox* box : {m_warmup, m_measured, m_repeats})
        box->setEnabled(idle);
    m_run->setEnabled(idle && m_set.baseline() && !m_set.variants().empty() &&
                      m_blockedReason.isEmpty());
    m_run->setToolTip(m_blockedReason.isEmpty()
                          ? tr("Measure the baseline and every variant, each for a warm-up and "
                               "a measured window, repeated (docs/whatif.md)")
                          : m_blockedReason);
    m_stop->setEnabled(running && !m_runner->isStopping());
    m_past->setEnabled(idle);
}

void WhatIfPanel::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString WhatIfPanel::errorText() const
{
    return m_error->text();
}

QString WhatIfPanel::statusText() const
{
    return m_statusText;
}

void WhatIfPanel::setStatus(const QString& text)
{
    m_statusText = text;
    // The bar's format reads %v, %m and %p; a label never has them.
    m_progress->setFormat(text);
    m_progress->setToolTip(text);
}

bool WhatIfPanel::isRunning() const
{
    return m_runner->isRunning();
}

bool WhatIfPanel::start()
{
    if (isRunning())
        return false;
    if (!m_blockedReason.isEmpty()) {
        showError(m_blockedReason);
        return false;
    }
    if (!m_set.baseline()) {
        showError(tr("There is no baseline to measure against."));
        return false;
    }
    ExperimentPlan plan;
    try {
        plan = planExperiment(*m_set.baseline(), m_set.variants(), settings());
    } catch (const ConfigError& error) {
        showError(tr("The experiment cannot run:\n%1").arg(configIssuesText(error)));
        return false;
    }
    showError({});
    // What the CLI says before the runs: what was left out and why, and what to expect.
    // A detail, not news: in the tooltip, with the heading's other explanations.
    m_reportTitle->setToolTip(
        fromStd(plan.name) + QStringLiteral("\n\n") + measuredAndProjectedText() +
        (plan.measured.front().validationSkipped
             ? QStringLiteral("\n") + tr("Validation is left out of the measured runs: no step "
                                         "time includes it, and no callback needs it.")
             : QString()));
    m_reportTitle->setText(experimentHeading(
        tr("%1 warm-up + %2 measured steps per run, %n repeat(s) each, interleaved", nullptr,
           plan.settings.repeats)
            .arg(plan.settings.warmupSteps)
            .arg(plan.settings.measuredSteps),
        remarksText(plan.skipped, plan.notes)));
    m_report.reset();
    {
        const QSignalBlocker quiet(m_past);
        m_past->setCurrentIndex(-1);
    }
    m_progress->setRange(0, plan.runCount());
    m_progress->setValue(0);
    setStatus(tr("Starting %n run(s)...", nullptr, plan.runCount()));
    showResults(summariseExperiment(plan.configurations, plan.settings.repeats, {}));
    m_runner->start(std::move(plan), m_databasePath);
    updateControls();
    Q_EMIT runningChanged(true);
    return true;
}

void WhatIfPanel::stop()
{
    if (!isRunning())
        return;
    m_runner->stop();
    setStatus(tr("Stopping after the current step..."));
    updateControls();
}

void WhatIfPanel::onRunStarting(int number, int total, const QString& description)
{
    Q_UNUSED(number);
    Q_UNUSED(total);
    if (!m_runner->isStopping())
        setStatus(tr("Measuring %1...").arg(description));
}

void WhatIfPanel::onRunFinished()
{
    m_progress->setValue(static_cast<int>(m_runner->runs().size()));
    showResults(m_runner->results());
}

void WhatIfPanel::onFinished(const ExperimentReport& report, const QString& problem)
{
    m_report = report;
    showReport(report);
    const int runs = static_cast<int>(report.runs.size());
    // A failed variant gets no more runs: the experiment still went to its end.
    m_progress->setValue(report.stopped || !problem.isEmpty() ? runs : m_progress->maximum());
    QString status = report.stopped
                         ? tr("Stopped after %n run(s); what was measured is kept", nullptr, runs)
                         : tr("Finished: %n run(s)", nullptr, runs);
    if (!problem.isEmpty())
        status = tr("Ended after %n run(s): see the message above the table", nullptr, runs);
    if (report.experimentId > 0)
        status += tr(", recorded as experiment %1").arg(report.experimentId);
    setStatus(status);
    showError(problem);
    reloadPastExperiments();
    updateControls();
    Q_EMIT runningChanged(false);
    if (!problem.isEmpty())
        Q_EMIT this->problem(problem);
    Q_EMIT experimentFinished(report.experimentId);
}

void WhatIfPanel::showResults(const std::vector<VariantResult>& results)
{
    m_results->setResults(results);
    m_chart->setResults(results);
}

void WhatIfPanel::showReport(const ExperimentReport& report)
{
    showResults(report.rows);
    const QString name = fromStd(report.name);
    const QString title = report.experimentId > 0
                              ? tr("Experiment %1: %2").arg(report.experimentId).arg(name)
                              : tr("%1 (not recorded)").arg(name);
    QString settings = tr("%1 warm-up + %2 measured steps per run, %n repeat(s) per configuration, "
                          "interleaved",
                          nullptr, report.settings.repeats)
                           .arg(report.settings.warmupSteps)
                           .arg(report.settings.measuredSteps);
    if (!report.createdAt.empty()) {
        const QDateTime created =
            QDateTime::fromString(fromStd(report.createdAt), Qt::ISODate).toLocalTime();
        settings += tr("; run %1").arg(created.toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    }
    if (report.stopped)
        settings += tr("; stopped early");
    m_reportTitle->setText(experimentHeading(settings, remarksText(report.skipped, report.notes)));
    m_reportTitle->setToolTip(title + QStringLiteral("\n\n") + measuredAndProjectedText());
}

void WhatIfPanel::reloadPastExperiments()
{
    const QSignalBlocker quiet(m_past);
    m_past->clear();
    m_past->setPlaceholderText(tr("Past experiments..."));
    m_past->setToolTip(tr("Experiments in the run database, the CLI's too: choose one to show it"));
    if (m_databasePath.isEmpty())
        return;
    try {
        const RunStore store(m_databasePath.toStdString());
        for (const StoredExperimentHeader& experiment : store.listExperiments()) {
            const QDateTime created =
                QDateTime::fromString(fromStd(experiment.createdAt), Qt::ISODate).toLocalTime();
            m_past->addItem(tr("#%1  %2  %3 (%n run(s))", nullptr, experiment.runs)
                                .arg(experiment.id)
                                .arg(created.toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                                     fromStd(experiment.name)),
                            QVariant::fromValue<qint64>(experiment.id));
        }
    } catch (const StoreError& error) {
        m_past->setPlaceholderText(tr("Past experiments: cannot read the run database"));
        m_past->setToolTip(fromStd(error.what()));
        return;
    }
    m_past->setCurrentIndex(
        m_report && m_report->experimentId > 0
            ? m_past->findData(QVariant::fromValue<qint64>(m_report->experimentId))
            : -1);
}

bool WhatIfPanel::loadExperiment(qint64 id)
{
    if (isRunning())
        return false;
    try {
        const RunStore store(m_databasePath.toStdString());
        const std::optional<StoredExperiment> experiment = store.loadExperiment(id);
        if (!experiment) {
            showError(tr("Experiment %1 is not in the run database any more.").arg(id));
            reloadPastExperiments();
            return false;
        }
        m_report = makeReport(*experiment);
    } catch (const std::exception& error) {
        const QString message = tr("Cannot read experiment %1: %2").arg(id).arg(error.what());
        showError(message);
        Q_EMIT problem(message);
        return false;
    }
    showError({});
    showReport(*m_report);
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    setStatus(tr("Experiment %1 from the run database").arg(id));
    const QSignalBlocker quiet(m_past);
    m_past->setCurrentIndex(m_past->findData(QVariant::fromValue<qint64>(id)));
    return true;
}

void WhatIfPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The CLI may have added experiments since; the list is cheap to read.
    if (!isRunning())
        reloadPastExperiments();
}

}  // namespace es::ui
