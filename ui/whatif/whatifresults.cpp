#include "ui/whatif/whatifresults.h"

#include "engine/i18n/recordedtext.h"
#include "ui/core/errorstyle.h"
#include "ui/core/qtext.h"
#include "ui/whatif/experimentchart.h"
#include "ui/whatif/experimentresultsmodel.h"

#include <QtCore/QDateTime>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QTableView>
#include <QtWidgets/QVBoxLayout>

namespace es::ui {

namespace {

/// The text above the table: the windows, then what was left out and what to know, in one
/// paragraph (the bottom docks are short; the experiment's name is in the list next to it and
/// in the tooltip). Parts are HTML already.
QString experimentHeading(const QString& settings, const QStringList& remarks)
{
    const QString separator = WhatIfResults::tr(". ", "between the sentences of a heading");
    return remarks.isEmpty() ? settings : settings + separator + remarks.join(separator);
}

QStringList remarksText(const std::vector<std::string>& skipped,
                        const std::vector<std::string>& notes)
{
    QStringList remarks;
    for (const std::string& line : skipped)
        remarks
            << WhatIfResults::tr("Skipped %1").arg(toQString(recordedText(line)).toHtmlEscaped());
    for (const std::string& line : notes)
        remarks << WhatIfResults::tr("Note: %1").arg(toQString(recordedText(line)).toHtmlEscaped());
    return remarks;
}

/// What the table's numbers are, for the heading's tooltip.
QString measuredAndProjectedText()
{
    return WhatIfResults::tr(
        "Measured: ms per step is the median step time of each run's measured window; min, "
        "median and max are over the runs.\nProjected, not measured: the epoch time (median ms "
        "per step x steps per epoch of the full config) and the speedup (the baseline's "
        "projected epoch time over the row's).");
}

}  // namespace

WhatIfResults::WhatIfResults(QWidget* parent)
    : QWidget(parent),
      m_model(new ExperimentResultsModel(this)),
      m_heading(new QLabel(this)),
      m_error(new QLabel(this)),
      m_table(new QTableView(this)),
      m_chart(new ExperimentChart(this)),
      m_top(new QHBoxLayout())
{
    m_heading->setObjectName("whatIfReport");
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::RichText);  // the engine's notes are escaped into it
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_heading->setToolTip(measuredAndProjectedText());
    m_heading->setText(
        tr("Add variants and press Run: the table and the chart fill run by run. Or choose a "
           "past experiment."));
    m_error->setObjectName("whatIfError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet(errorTextStyle());
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table->setObjectName("whatIfResults");
    m_table->setModel(m_model);
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

    m_top->addWidget(m_heading, 1);
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 0, 0);
    layout->addLayout(m_top);
    layout->addWidget(m_error);
    layout->addWidget(side, 1);
    showError({});
}

void WhatIfResults::setCornerWidget(QWidget* widget)
{
    m_top->addWidget(widget, 0, Qt::AlignTop);
}

void WhatIfResults::showPlan(const ExperimentPlan& plan)
{
    // What the CLI says before the runs: what was left out and why, and what to expect.
    // A detail, not news: in the tooltip, with the heading's other explanations.
    m_heading->setToolTip(
        toQString(plan.name) + QStringLiteral("\n\n") + measuredAndProjectedText() +
        (plan.measured.front().validationSkipped
             ? QStringLiteral("\n") + tr("Validation is left out of the measured runs: no step "
                                         "time includes it, and no callback needs it.")
             : QString()));
    m_heading->setText(experimentHeading(
        tr("%1 warm-up + %2 measured steps per run, %n repeat(s) each, interleaved", nullptr,
           plan.settings.repeats)
            .arg(plan.settings.warmupSteps)
            .arg(plan.settings.measuredSteps),
        remarksText(plan.skipped, plan.notes)));
    showResults(summariseExperiment(plan.configurations, plan.settings.repeats, {}));
}

void WhatIfResults::showResults(const std::vector<VariantResult>& results)
{
    m_model->setResults(results);
    m_chart->setResults(results);
}

void WhatIfResults::showReport(const ExperimentReport& report)
{
    showResults(report.rows);
    const QString name = toQString(report.name);
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
            QDateTime::fromString(toQString(report.createdAt), Qt::ISODate).toLocalTime();
        settings += tr("; run %1").arg(created.toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    }
    if (report.stopped)
        settings += tr("; stopped early");
    m_heading->setText(experimentHeading(settings, remarksText(report.skipped, report.notes)));
    m_heading->setToolTip(title + QStringLiteral("\n\n") + measuredAndProjectedText());
}

void WhatIfResults::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString WhatIfResults::errorText() const
{
    return m_error->text();
}

}  // namespace es::ui
