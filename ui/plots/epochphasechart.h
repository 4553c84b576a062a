#pragma once

// Chart (b) of the dashboard: one bar per epoch, stacked by where its time went: the training
// phases (summed over the epoch's steps), validation, and the callbacks' epoch-end work. The
// first epoch is outlined and labelled, because warm-up (lazy initialisation, allocator growth,
// kernel selection) makes it the usual outlier.

#include "ui/plots/runchart.h"

#include <array>
#include <cstddef>

class QCPBars;
class QCPItemRect;
class QCPItemText;

namespace es::ui {

class EpochPhaseChart : public RunChart {
    Q_OBJECT

public:
    explicit EpochPhaseChart(QWidget* parent = nullptr);

    /// The stacked bar series, bottom to top: the phases, then validation, then the
    /// callbacks' epoch-end time.
    QCPBars* phaseBars(Phase phase) const { return m_phaseBars[phaseIndex(phase)]; }
    QCPBars* validationBars() const { return m_validation; }
    QCPBars* epochEndCallbackBars() const { return m_callbacks; }
    /// The "first epoch" label; visible once the first epoch is in.
    QCPItemText* firstEpochLabel() const { return m_firstLabel; }

    /// Seconds the callbacks spent outside the batch hooks (the batch hooks are already in
    /// phaseS[Callbacks]): checkpoints, backups and logs written at the end of the epoch.
    static double epochEndCallbackSeconds(const EpochRecord& epoch);

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;

private:
    void markFirstEpoch(const EpochRecord& first, double total);

    std::array<QCPBars*, kPhaseCount> m_phaseBars{};
    QCPBars* m_validation = nullptr;
    QCPBars* m_callbacks = nullptr;
    QCPItemText* m_firstLabel = nullptr;
    QCPItemRect* m_firstOutline = nullptr;
    std::size_t m_epochsRead = 0;
    int m_lastEpoch = 0;
    double m_tallest = 0.0;
};

}  // namespace es::ui
