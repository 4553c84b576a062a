#pragma once

// The What-if dock (docs/gui.md, docs/whatif.md): a baseline config, variants of it (a
// finding's fix, or settings varied over values the user types), the windows and repeats;
// Run measures them all on a thread of its own and fills the table and the chart run by run.
// Experiments stored in the run database, the CLI's too, can be shown again.

#include "config/runconfig.h"
#include "train/runobserver.h"
#include "whatif/experimentreport.h"
#include "whatif/variantset.h"
#include "whatif/variantspec.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTreeWidget;

namespace es::ui {

class ExperimentChart;
class ExperimentResultsModel;
class ExperimentRunner;

class WhatIfPanel : public QWidget {
    Q_OBJECT

public:
    explicit WhatIfPanel(QWidget* parent = nullptr);
    ~WhatIfPanel() override;  ///< stops an experiment in progress and waits for it

    /// The run database experiments are recorded into and listed from.
    void setDatabasePath(const QString& path);
    /// The config the variants are measured against, named `label` ("run 12 (imdb)").
    /// Variants stay: settings varied over values apply to the new baseline as well.
    void setBaseline(const RunConfig& config, const QString& label);
    /// A variant given as a JSON merge patch on the baseline (a finding's fix), named `label`
    /// (the patch's own keys when empty).
    void addVariant(const QString& label, const nlohmann::json& patch);
    /// Varies `key` (an alias such as threads or a config path) over `values` ("1, 2"), as
    /// `--vary KEY=VALUES` does. Returns the engine's message when that is not possible, empty
    /// when the variants were added.
    QString addFactor(const QString& key, const QString& values);
    void clearVariants();
    /// Every combination of the varied settings' values instead of one setting at a time.
    void setCombine(bool combine);
    /// The warm-up and measured windows and the repeats (the CLI's defaults at first).
    void setSettings(const ExperimentSettings& settings);
    ExperimentSettings settings() const;
    /// Why experiments cannot start now (a training run has the cores), empty when they can.
    void setBlockedReason(const QString& reason);

    /// Plans the experiment and starts it. False, with the engine's message shown in the
    /// panel, when it cannot start (an invalid variant names itself and the field).
    bool start();
    /// Ends the experiment after the current step, keeping what was measured.
    void stop();
    bool isRunning() const;

    /// The variants the list shows, in order.
    const std::vector<Variant>& variants() const { return m_set.variants(); }
    QString baselineLabel() const { return m_baselineLabel; }
    const std::optional<RunConfig>& baseline() const { return m_set.baseline(); }
    ExperimentRunner* runner() const { return m_runner; }
    ExperimentResultsModel* resultsModel() const { return m_results; }
    ExperimentChart* chart() const { return m_chart; }
    QComboBox* pastExperiments() const { return m_past; }
    /// The problem shown in the panel, empty when none is.
    QString errorText() const;
    QString statusText() const;
    /// The experiment the table shows, once one was run or loaded.
    const std::optional<ExperimentReport>& report() const { return m_report; }

    /// Reads the stored experiments into the "Past experiments" list.
    void reloadPastExperiments();
    /// Shows stored experiment `id` in the table and chart; false when it cannot be read.
    bool loadExperiment(qint64 id);

Q_SIGNALS:
    void runningChanged(bool running);
    /// An experiment ended; its runs are in the run database (`experimentId` 0: not recorded).
    void experimentFinished(qint64 experimentId);
    /// What the runs said (warnings, errors), for the log.
    void logLine(es::LogLevel level, const QString& message);
    void problem(const QString& message);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QWidget* createSetup();
    QWidget* createResults();
    /// Shows the baseline and m_set's variants in the list.
    void refreshVariantList();
    /// The index into variants() of the list's current row; -1 for the baseline or none.
    int selectedVariant() const;
    void removeSelectedVariant();
    void addWithDialog();
    void updateControls();
    void showError(const QString& message);
    /// What the experiment is doing, in the progress bar (the dock is short of rows).
    void setStatus(const QString& text);
    void showResults(const std::vector<VariantResult>& results);
    void showReport(const ExperimentReport& report);
    void onRunStarting(int number, int total, const QString& description);
    void onRunFinished();
    void onFinished(const ExperimentReport& report, const QString& problem);

    QString m_databasePath;
    VariantSet m_set;
    QString m_baselineLabel;
    QString m_blockedReason;
    QString m_statusText;
    std::optional<ExperimentReport> m_report;

    ExperimentRunner* m_runner;
    ExperimentResultsModel* m_results;
    QTreeWidget* m_variantList;
    QPushButton* m_add;
    QPushButton* m_remove;
    QCheckBox* m_combine;
    QSpinBox* m_warmup;
    QSpinBox* m_measured;
    QSpinBox* m_repeats;
    QPushButton* m_run;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QLabel* m_error;
    QComboBox* m_past;
    QLabel* m_reportTitle;
    QTableView* m_table;
    ExperimentChart* m_chart;
};

}  // namespace es::ui
