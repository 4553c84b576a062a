#pragma once

// The What-if dock (docs/gui.md, docs/whatif.md): a baseline config, variants of it (a
// finding's fix, or settings varied over values the user types), the windows and repeats;
// Run measures them all on a thread of its own and fills the table and the chart run by run.
// Experiments stored in the run database, the CLI's too, can be shown again.
//
// The panel composes its parts and runs the experiment: the setup (whatif/whatifsetup.h), the
// results (whatif/whatifresults.h), the past experiments (whatif/pastexperiments.h) and the
// experiment's thread (whatif/experimentjob.h).

#include "engine/config/runconfigfwd.h"
#include "engine/train/runobserver.h"
#include "engine/whatif/experimentreport.h"
#include "engine/whatif/measuredrun.h"
#include "engine/whatif/variantspec.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

class QComboBox;

namespace es::ui {

class ExperimentChart;
class ExperimentJob;
class ExperimentResultsModel;
class PastExperimentsBox;
class WhatIfResults;
class WhatIfSetup;

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
    const std::vector<Variant>& variants() const;
    QString baselineLabel() const;
    const std::optional<RunConfig>& baseline() const;
    ExperimentJob* job() const { return m_job; }
    ExperimentResultsModel* resultsModel() const;
    ExperimentChart* chart() const;
    QComboBox* pastExperiments() const;
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
    /// Run, Stop, the variants and the past experiments as the experiment allows.
    void updateControls();
    void onRunStarting(int number, int total, const QString& description);
    void onRunFinished();
    void onFinished(const ExperimentReport& report, const QString& problem);

    QString m_databasePath;
    std::optional<ExperimentReport> m_report;

    ExperimentJob* m_job;
    WhatIfSetup* m_setup;
    PastExperimentsBox* m_past;
    WhatIfResults* m_results;
};

}  // namespace es::ui
