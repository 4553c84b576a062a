#include "ui/whatif/whatifsetup.h"

#include "ui/core/qtext.h"
#include "ui/whatif/variantdialog.h"

#include <QtGui/QAction>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QGridLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QStyle>
#include <QtWidgets/QTreeWidget>

#include <algorithm>

namespace es::ui {

namespace {

// Generous bounds for the spin boxes; the engine checks its own (checkExperimentSettings).
constexpr int kMaxWindowSteps = 100'000;
constexpr int kMaxRepeats = 100;

QSpinBox* spinBox(int minimum, int maximum, int value, const QString& toolTip, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setToolTip(toolTip);
    return box;
}

}  // namespace

WhatIfSetup::WhatIfSetup(QWidget* parent)
    : QWidget(parent),
      m_variantList(new QTreeWidget(this)),
      m_add(new QPushButton(tr("&Add..."), this)),
      m_remove(new QPushButton(tr("Re&move"), this)),
      m_combine(new QCheckBox(tr("Com&bine"), this)),
      m_warmup(nullptr),
      m_measured(nullptr),
      m_repeats(nullptr),
      m_run(new QPushButton(tr("Ru&n", "button: run the experiment"), this)),
      m_stop(new QPushButton(tr("St&op"), this)),
      m_progress(new QProgressBar(this))
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
    setUpVariantList();
    setUpButtons();

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
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->addWidget(m_variantList, 0, 0);
    layout->addLayout(settings, 0, 1);
    layout->addLayout(edit, 1, 0);
    layout->addLayout(run, 1, 1);
    layout->addWidget(m_progress, 2, 0, 1, 2);
    layout->setColumnStretch(0, 1);
    layout->setRowStretch(0, 1);

    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    refreshVariantList();
}

void WhatIfSetup::setUpVariantList()
{
    m_variantList->setObjectName("whatIfVariants");
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
    const auto listShortcut = [this](const QKeySequence& keys, void (WhatIfSetup::*slot)()) {
        auto* action = new QAction(m_variantList);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_variantList->addAction(action);
    };
    listShortcut(QKeySequence(Qt::Key_Insert), &WhatIfSetup::addWithDialog);
    listShortcut(QKeySequence::Delete, &WhatIfSetup::removeSelectedVariant);
    connect(m_variantList, &QTreeWidget::currentItemChanged, this, &WhatIfSetup::updateControls);
}

void WhatIfSetup::setUpButtons()
{
    m_add->setObjectName("whatIfAdd");
    m_remove->setObjectName("whatIfRemove");
    m_combine->setObjectName("whatIfCombine");
    m_run->setObjectName("whatIfRun");
    m_stop->setObjectName("whatIfStop");
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

    connect(m_add, &QPushButton::clicked, this, &WhatIfSetup::addWithDialog);
    connect(m_remove, &QPushButton::clicked, this, &WhatIfSetup::removeSelectedVariant);
    connect(m_combine, &QCheckBox::toggled, this, [this](bool combine) {
        m_set.setCombine(combine);
        refreshVariantList();
    });
    connect(m_run, &QPushButton::clicked, this, &WhatIfSetup::runRequested);
    connect(m_stop, &QPushButton::clicked, this, &WhatIfSetup::stopRequested);
}

void WhatIfSetup::setBaseline(const RunConfig& config, const QString& label)
{
    m_baselineLabel = label;
    m_set.setBaseline(config);
    refreshVariantList();
}

void WhatIfSetup::addVariant(const QString& label, const nlohmann::json& patch)
{
    m_set.addPatch(label, patch);
    refreshVariantList();
}

QString WhatIfSetup::addFactor(const QString& key, const QString& values)
{
    if (m_running)
        return tr("An experiment is running: add variants when it has ended.");
    QString error = m_set.addFactor(key, values);
    if (error.isEmpty())
        refreshVariantList();
    return error;
}

void WhatIfSetup::clearVariants()
{
    m_set.clear();
    refreshVariantList();
}

void WhatIfSetup::setCombine(bool combine)
{
    m_combine->setChecked(combine);  // toggled() tells the set
}

void WhatIfSetup::setSettings(const ExperimentSettings& settings)
{
    m_warmup->setValue(settings.warmupSteps);
    m_measured->setValue(settings.measuredSteps);
    m_repeats->setValue(settings.repeats);
}

ExperimentSettings WhatIfSetup::settings() const
{
    ExperimentSettings settings;
    settings.warmupSteps = m_warmup->value();
    settings.measuredSteps = m_measured->value();
    settings.repeats = m_repeats->value();
    return settings;
}

void WhatIfSetup::setBlockedReason(const QString& reason)
{
    m_blockedReason = reason;
    updateControls();
}

void WhatIfSetup::setRunState(bool running, bool stopping)
{
    m_running = running;
    m_stopping = stopping;
    updateControls();
}

void WhatIfSetup::setStatus(const QString& text)
{
    m_statusText = text;
    // The bar's format reads %v, %m and %p; a label never has them.
    m_progress->setFormat(text);
    m_progress->setToolTip(text);
}

void WhatIfSetup::setProgress(int value, int maximum)
{
    m_progress->setRange(0, maximum);
    m_progress->setValue(value);
}

void WhatIfSetup::setProgressValue(int value)
{
    m_progress->setValue(value);
}

int WhatIfSetup::progressMaximum() const
{
    return m_progress->maximum();
}

void WhatIfSetup::refreshVariantList()
{
    const std::optional<RunConfig>& baselineConfig = m_set.baseline();
    m_variantList->clear();
    if (baselineConfig) {
        auto* baseline = new QTreeWidgetItem(m_variantList, {tr("baseline"), m_baselineLabel});
        QFont bold = baseline->font(0);
        bold.setBold(true);
        baseline->setFont(0, bold);
        const QString why = tr("Config \"%1\": every variant is this config with its changes")
                                .arg(toQString(baselineConfig->name));
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
            m_variantList, QStringList{toQString(variant.label), toQString(variant.patch.dump())});
        item->setToolTip(1, toQString(variant.patch.dump(2)));
    }
    Q_EMIT variantsChanged(m_set.problems());
    updateControls();
}

int WhatIfSetup::selectedVariant() const
{
    // The list's first row is the baseline (or the hint that there is none).
    return m_variantList->indexOfTopLevelItem(m_variantList->currentItem()) - 1;
}

void WhatIfSetup::removeSelectedVariant()
{
    const int index = selectedVariant();
    if (m_running || index < 0)
        return;
    m_set.remove(index);
    refreshVariantList();
    // The next variant takes the removed one's place, ready for another Delete.
    const int variants = static_cast<int>(m_set.variants().size());
    if (variants > 0)
        m_variantList->setCurrentItem(
            m_variantList->topLevelItem(1 + std::min(index, variants - 1)));
}

void WhatIfSetup::addWithDialog()
{
    if (!m_set.baseline() || m_running)
        return;
    VariantDialog dialog(
        *m_set.baseline(),
        [this](const QString& key, const QString& values) { return addFactor(key, values); }, this);
    dialog.exec();
}

void WhatIfSetup::updateControls()
{
    const bool idle = !m_running;
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
    m_stop->setEnabled(m_running && !m_stopping);
}

}  // namespace es::ui
