#pragma once

// The What-if dock's right column (whatif/whatifpanel.h): a heading that says how the
// experiment measured (its windows and repeats, what was left out), the problem if there is
// one, and the results as a table and a chart that fill run by run. Shows an experiment being
// planned, run, or read back from the run database alike.

#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentreport.h"
#include "engine/whatif/experimentresults.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <vector>

class QHBoxLayout;
class QLabel;
class QTableView;

namespace es::ui {

class ExperimentChart;
class ExperimentResultsModel;

class WhatIfResults : public QWidget {
    Q_OBJECT

public:
    explicit WhatIfResults(QWidget* parent = nullptr);

    /// Puts `widget` at the top right, beside the heading (the panel's past experiments).
    void setCornerWidget(QWidget* widget);

    /// The heading of an experiment about to run `plan`, and its configurations with nothing
    /// measured yet.
    void showPlan(const ExperimentPlan& plan);
    /// The table and the chart of `results` (the runs measured so far).
    void showResults(const std::vector<VariantResult>& results);
    /// A finished or stored experiment: its heading and its results.
    void showReport(const ExperimentReport& report);

    /// The problem above the table; none when `message` is empty.
    void showError(const QString& message);
    QString errorText() const;

    ExperimentResultsModel* model() const { return m_model; }
    ExperimentChart* chart() const { return m_chart; }

private:
    ExperimentResultsModel* m_model;
    QLabel* m_heading;
    QLabel* m_error;
    QTableView* m_table;
    ExperimentChart* m_chart;
    QHBoxLayout* m_top;
};

}  // namespace es::ui
