#pragma once

// Chart (e) of the dashboard: training and validation loss per epoch, the epoch metrics
// ("mae", "val_mae", ...) on a right axis, and the per-step loss smoothed with an exponential
// moving average, drawn at fractional epochs so that it lines up with the epoch points.

#include "ui/plots/runchart.h"

#include <map>
#include <string>

class QCPGraph;

namespace es::ui {

class LossChart : public RunChart {
    Q_OBJECT

public:
    /// Weight of the newest step in the smoothed loss: about the last 20 steps dominate,
    /// enough to calm per-batch noise without lagging an epoch behind.
    static constexpr double kStepLossAlpha = 0.05;

    explicit LossChart(QWidget* parent = nullptr);

    QCPGraph* trainLossGraph() const { return m_trainLoss; }
    QCPGraph* valLossGraph() const { return m_valLoss; }
    QCPGraph* stepLossGraph() const { return m_stepLoss; }
    /// The graph of an epoch metric by its Keras name ("mae", "val_mae"); nullptr until the
    /// metric appeared in an epoch.
    QCPGraph* metricGraph(const std::string& name) const;

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;

private:
    void appendSteps(const RunTimeline& timeline, std::size_t from);
    void appendEpochs(const RunTimeline& timeline, std::size_t from);
    QCPGraph* metricGraphFor(const std::string& name);

    QCPGraph* m_trainLoss = nullptr;
    QCPGraph* m_valLoss = nullptr;
    QCPGraph* m_stepLoss = nullptr;
    std::map<std::string, QCPGraph*> m_metrics;
    /// Colour slots by metric without the "val_" prefix, so mae and val_mae share a hue.
    std::map<std::string, int> m_metricColours;

    int m_batchesPerEpoch = 0;  ///< what the step x positions were computed with
    bool m_haveEma = false;
    double m_ema = 0.0;
    std::size_t m_epochsRead = 0;
    double m_lastX = 0.0;
    double m_lossMin = 0.0;
    double m_lossMax = 0.0;
    bool m_haveLoss = false;
    double m_metricMin = 0.0;
    double m_metricMax = 0.0;
    bool m_haveMetric = false;
};

}  // namespace es::ui
