// The dashboard's live charts (ui/plots): series after a refresh, incremental refreshes that
// read only new records, decimation of long runs, rebuilds on a replaced timeline, export.
// Runs offscreen; no timing assertions (the benchmark ui_live measures speed).

#include "engine/i18n/phasename.h"
#include "ui/live/runtimeline.h"
#include "ui/plots/batchphasechart.h"
#include "ui/plots/epochphasechart.h"
#include "ui/plots/losschart.h"
#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/plots/rankstepchart.h"
#include "ui/plots/stepbuckets.h"
#include "ui/plots/transferchart.h"
#include "ui/plots/utilisationchart.h"

#include <QtCore/QTemporaryDir>
#include <QtGui/QImage>
#include <QtTest>

#include <cmath>
#include <memory>
#include <set>

using namespace es;
using namespace es::ui;

namespace {

constexpr int kStepsPerEpoch = 1000;
constexpr std::int64_t kBytesPerStep = 4'000'000;
// Thread ids of the synthetic sampler, busiest first; kIdleTid never makes the top four.
constexpr int kBusyTids[] = {101, 102, 103, 104, 105};
constexpr int kIdleTid = 199;

/// A step whose phases vary with its global index; every 10th step copies nothing in 0 ms.
/// Steps wait for their gradients as a distributed run's do (Communication), so that every
/// phase but Warm-up holds time.
BatchRecord makeStep(int epoch, int batch, std::size_t index, double endS)
{
    BatchRecord step;
    step.epoch = epoch;
    step.batch = batch;
    auto& ms = step.phaseMs;
    ms[phaseIndex(Phase::DataWait)] = 1.0 + 0.1 * static_cast<double>(index % 7);
    ms[phaseIndex(Phase::HostToDevice)] = index % 10 == 0 ? 0.0 : 0.5 + 0.2 * (index % 3);
    ms[phaseIndex(Phase::Forward)] = 3.0 + (epoch == 1 ? 2.0 : 0.0);  // warm-up
    ms[phaseIndex(Phase::Backward)] = 5.0 + 0.01 * static_cast<double>(index % 13);
    ms[phaseIndex(Phase::Optimizer)] = 1.0;
    ms[phaseIndex(Phase::Callbacks)] = 0.05;
    ms[phaseIndex(Phase::Communication)] = 0.3 + 0.1 * static_cast<double>(index % 4);
    ms[phaseIndex(Phase::Other)] = 0.2;
    for (double phase : ms)
        step.wallMs += phase;
    step.loss = 1.0 / (1.0 + 0.001 * static_cast<double>(index)) + 0.05 * ((index % 5) - 2.0);
    step.samples = 64;
    step.h2dBytes = ms[phaseIndex(Phase::HostToDevice)] > 0.0 ? kBytesPerStep : 0;
    step.endS = endS + step.wallMs / 1000.0;
    return step;
}

EpochRecord makeEpoch(const RunTimeline& timeline, int epoch)
{
    EpochRecord record;
    record.epoch = epoch;
    for (const BatchRecord& step : timeline.batches) {
        if (step.epoch != epoch)
            continue;
        ++record.batches;
        record.trainS += step.wallMs / 1000.0;
        for (std::size_t p = 0; p < kPhaseCount; ++p)
            record.phaseS[p] += step.phaseMs[p] / 1000.0;
    }
    record.validationS = 0.4;
    // 0.05 s of batch hooks are in phaseS[Callbacks]; the rest is the epoch-end checkpoint.
    record.callbacks.push_back(
        {"model_checkpoint", record.phaseS[phaseIndex(Phase::Callbacks)] + 0.3, 5'000'000, 1});
    record.wallS = record.trainS + record.validationS + 0.3;
    record.trainLoss = 1.0 / epoch;
    record.valLoss = 1.2 / epoch;
    record.metrics = {{"mae", 0.5 / epoch}, {"val_mae", 0.6 / epoch}};
    return record;
}

SystemSample makeSample(double tS)
{
    SystemSample sample;
    sample.tS = tS;
    sample.processCpuPct = 150.0;
    sample.machineCpuPct = 40.0;
    sample.rssMb = 900.0 + tS;
    double load = 95.0;
    for (int tid : kBusyTids) {
        sample.threads.push_back({tid, "worker-" + std::to_string(tid), load});
        load -= 15.0;
    }
    sample.threads.push_back({kIdleTid, "idle", 0.5});
    GpuSample gpu;
    gpu.index = 0;
    gpu.smUtilPct = 70.0;
    gpu.memUsedMb = 3000.0;
    gpu.memTotalMb = 80000.0;
    sample.gpus.push_back(gpu);
    return sample;
}

/// Appends `steps` steps, the epochs they complete and a system sample every 10 steps.
void appendSteps(RunTimeline& timeline, std::size_t steps)
{
    for (std::size_t n = 0; n < steps; ++n) {
        const std::size_t index = timeline.batches.size();
        const int epoch = static_cast<int>(index / kStepsPerEpoch) + 1;
        const int batch = static_cast<int>(index % kStepsPerEpoch) + 1;
        const double endS = timeline.batches.empty() ? 0.0 : timeline.batches.back().endS;
        timeline.batches.push_back(makeStep(epoch, batch, index, endS));
        if (index % 10 == 9)
            timeline.samples.push_back(makeSample(timeline.batches.back().endS));
        if (batch == kStepsPerEpoch)
            timeline.epochs.push_back(makeEpoch(timeline, epoch));
    }
}

RunTimeline makeTimeline(std::size_t steps, int epochsPlanned = 3)
{
    RunTimeline timeline;
    timeline.name = QStringLiteral("synthetic");
    timeline.device = QStringLiteral("cuda:0");
    timeline.epochsPlanned = epochsPlanned;
    timeline.batchesPerEpoch = kStepsPerEpoch;
    appendSteps(timeline, steps);
    return timeline;
}

/// A run of two ranks on `steps` steps: rank 1 (node-b) works `slowerMs` longer on each step's
/// backward pass, and rank 0 (node-a) waits as long for it in its Communication phase, so both
/// have the same wall time, as ranks in lockstep do.
RunTimeline makeTwoRankTimeline(std::size_t steps, double slowerMs)
{
    RunTimeline timeline = makeTimeline(steps);
    timeline.worldSize = 2;
    timeline.ranks = {{0, "node-a", 100}, {1, "node-b", 200}};
    std::vector<BatchRecord>& theirs = timeline.rankBatches[1];
    for (BatchRecord& ours : timeline.batches) {
        BatchRecord step = ours;
        step.phaseMs[phaseIndex(Phase::Backward)] += slowerMs;
        step.wallMs += slowerMs;
        ours.phaseMs[phaseIndex(Phase::Communication)] += slowerMs;
        ours.wallMs += slowerMs;
        theirs.push_back(step);
    }
    return timeline;
}

/// Bucket means come from differences of running sums over the whole run: exact to about
/// 1e-9 of a step's value at 200,000 steps, not to the last bit.
bool near(double actual, double expected)
{
    return std::abs(actual - expected) <= 1e-9 * std::max(1.0, std::abs(expected));
}

int points(const QCPGraph* graph)
{
    return graph ? graph->data()->size() : -1;
}

int points(const QCPBars* bars)
{
    return bars ? bars->data()->size() : -1;
}

enum class ChartKind { BatchPhases, EpochPhases, Transfer, Utilisation, Loss, RankSteps };
const std::pair<const char*, ChartKind> kNamedChartKinds[] = {
    {"batch phases", ChartKind::BatchPhases},
    {"epoch phases", ChartKind::EpochPhases},
    {"transfer", ChartKind::Transfer},
    {"utilisation", ChartKind::Utilisation},
    {"loss", ChartKind::Loss},
    {"rank steps", ChartKind::RankSteps}};

std::unique_ptr<RunChart> makeChart(ChartKind kind)
{
    switch (kind) {
        case ChartKind::BatchPhases: return std::make_unique<BatchPhaseChart>();
        case ChartKind::EpochPhases: return std::make_unique<EpochPhaseChart>();
        case ChartKind::Transfer: return std::make_unique<TransferChart>();
        case ChartKind::Utilisation: return std::make_unique<UtilisationChart>();
        case ChartKind::Loss: return std::make_unique<LossChart>();
        case ChartKind::RankSteps: return std::make_unique<RankStepChart>();
    }
    return nullptr;
}

}  // namespace

Q_DECLARE_METATYPE(ChartKind)

class TestCharts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void phaseColoursAreDistinct()
    {
        std::set<QRgb> colours;
        for (Phase phase : kAllPhases)
            colours.insert(phaseColor(phase).rgb());
        QCOMPARE(colours.size(), kPhaseCount);
        // The epoch chart stacks validation and epoch-end callbacks on the phases, and extra
        // series must never look like a phase.
        std::set<QRgb> besidePhases = {seriesColor(SeriesRole::Validation).rgb(),
                                       seriesColor(SeriesRole::EpochEndCallbacks).rgb()};
        for (int i = 0; i < 8; ++i)  // the extra colours repeat after eight
            besidePhases.insert(extraSeriesColor(i).rgb());
        for (QRgb rgb : besidePhases)
            QVERIFY2(colours.count(rgb) == 0, qPrintable(QColor(rgb).name()));
        QVERIFY(seriesColor(SeriesRole::Validation) != seriesColor(SeriesRole::EpochEndCallbacks));
        QCOMPARE(extraSeriesColor(1), extraSeriesColor(1));
    }

    /// The legends name each phase as the engine does (es::phaseName(), in the engine's
    /// language, which the app sets to its own), so that the charts say the words the
    /// findings and the reports say; regression guard for the app's own copy ("Host→device").
    void legendsShowTheEnginesPhaseNames()
    {
        BatchPhaseChart batch;
        EpochPhaseChart epochs;
        std::set<QString> names;
        for (Phase phase : kAllPhases) {
            const QString name = QString::fromStdString(phaseName(phase));
            QVERIFY(!name.isEmpty());
            QCOMPARE(batch.phaseGraph(phase)->name(), name);
            QCOMPARE(epochs.phaseBars(phase)->name(), name);
            names.insert(name);
        }
        QCOMPARE(names.size(), kPhaseCount);
        QCOMPARE(batch.phaseGraph(Phase::HostToDevice)->name(), QStringLiteral("Host to device"));
        QCOMPARE(epochs.phaseBars(Phase::WarmUp)->name(), QStringLiteral("Warm-up"));
        QCOMPARE(batch.phaseGraph(Phase::Communication)->name(), QStringLiteral("Communication"));
        QCOMPARE(epochs.phaseBars(Phase::Communication)->name(), QStringLiteral("Communication"));
    }

    void bucketGridStaysUnderTheCap_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("maxBuckets");
        QTest::newRow("every step fits") << 0.5 << 500.5 << 3000 << 1999;
        QTest::newRow("200k full history") << 0.5 << 200000.5 << 200000 << 1999;
        QTest::newRow("odd window mid-run") << 12345.2 << 98765.7 << 200000 << 1999;
        QTest::newRow("range reaching past the data") << 50.5 << 900.5 << 100 << 50;
        QTest::newRow("tiny cap") << 0.5 << 1000.5 << 1000 << 3;
    }

    void bucketGridStaysUnderTheCap()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, steps);
        QFETCH(int, maxBuckets);
        const BucketGrid grid = bucketGridFor(lo, hi, steps, maxBuckets);
        QVERIFY(grid.bucketCount() >= 1);
        QVERIFY(grid.bucketCount() <= static_cast<std::size_t>(maxBuckets));
        QCOMPARE(grid.first % grid.width, std::size_t(0));  // aligned: panning keeps buckets
        QVERIFY(grid.end <= static_cast<std::size_t>(steps));
        const double firstVisible = std::max(1.0, std::floor(lo + 0.5));
        QVERIFY(static_cast<double>(grid.first) + 1 <= firstVisible);  // covers the view
    }

    void bucketGridIsEmptyPastTheData()
    {
        QCOMPARE(bucketGridFor(150.5, 900.5, 100, 50).bucketCount(), std::size_t(0));
        QCOMPARE(bucketGridFor(0.5, 900.5, 0, 50).bucketCount(), std::size_t(0));
    }

    void stepSumsGiveRangeSums()
    {
        StepSums sums(2);
        for (int i = 1; i <= 10; ++i) {
            const double values[2] = {double(i), 1.0};
            sums.append(values);
        }
        QCOMPARE(sums.steps(), std::size_t(10));
        QCOMPARE(sums.sum(0, 0, 10), 55.0);
        QCOMPARE(sums.sum(0, 2, 5), 3.0 + 4.0 + 5.0);
        QCOMPARE(sums.sum(1, 3, 99), 7.0);  // clipped at the end
        QCOMPARE(sums.sum(1, 5, 5), 0.0);
    }

    void refreshFillsEverySeries()
    {
        const RunTimeline timeline = makeTimeline(3 * kStepsPerEpoch);
        QCOMPARE(timeline.epochs.size(), std::size_t(3));

        BatchPhaseChart batch;
        batch.setTimeline(&timeline);
        batch.refresh();
        QCOMPARE(batch.stepCount(), timeline.batches.size());
        for (Phase phase : kAllPhases)
            QCOMPARE(points(batch.phaseGraph(phase)), StepChart::kDefaultWindowSteps + 1);
        // Following live shows the newest window; with one step per bucket the top of the
        // stack is exactly that step's wall time.
        QCOMPARE(batch.plot()->xAxis->range().upper, 3000.5);
        QCOMPARE(batch.plot()->xAxis->range().lower, 2500.5);
        const auto top = batch.phaseGraph(Phase::Other)->data();
        QCOMPARE(top->at(0)->key, 2500.5);
        QVERIFY(near(top->at(0)->value, timeline.batches[2500].wallMs));
        const auto bottom = batch.phaseGraph(Phase::DataWait)->data();
        QVERIFY(near(bottom->at(7)->value,
                     timeline.batches[2507].phaseMs[phaseIndex(Phase::DataWait)]));
        // Communication's band: its running total less the phase stacked under it (Warm-up).
        const auto communication = batch.phaseGraph(Phase::Communication)->data();
        const auto underCommunication = batch.phaseGraph(Phase::WarmUp)->data();
        for (int k : {5, 6, 7, 8}) {
            QVERIFY(near(communication->at(k)->value - underCommunication->at(k)->value,
                         timeline.batches[2500 + static_cast<std::size_t>(k)]
                             .phaseMs[phaseIndex(Phase::Communication)]));
        }

        EpochPhaseChart epochs;
        epochs.setTimeline(&timeline);
        epochs.refresh();
        for (Phase phase : kAllPhases)
            QCOMPARE(points(epochs.phaseBars(phase)), 3);
        QVERIFY(near(epochs.phaseBars(Phase::Communication)->data()->at(1)->value,
                     timeline.epochs[1].phaseS[phaseIndex(Phase::Communication)]));
        QCOMPARE(points(epochs.validationBars()), 3);
        QCOMPARE(points(epochs.epochEndCallbackBars()), 3);
        QVERIFY(epochs.firstEpochLabel()->visible());
        QVERIFY(std::abs(EpochPhaseChart::epochEndCallbackSeconds(timeline.epochs[0]) - 0.3) <
                1e-9);

        TransferChart transfer;
        transfer.setTimeline(&timeline);
        transfer.refresh();
        QCOMPARE(points(transfer.millisecondsGraph()), StepChart::kDefaultWindowSteps + 1);
        QCOMPARE(points(transfer.megabytesGraph()), StepChart::kDefaultWindowSteps + 1);
        QCOMPARE(points(transfer.bandwidthGraph()), StepChart::kDefaultWindowSteps + 1);
        // Step 2502 (index 2501): 0.5 + 0.2 * (2501 % 3) ms for 4 MB.
        const BatchRecord& step = timeline.batches[2501];
        const double expectedGbps =
            double(kBytesPerStep) / step.phaseMs[phaseIndex(Phase::HostToDevice)] * 1e3 / 1e9;
        QVERIFY(near(transfer.bandwidthGraph()->data()->at(1)->value, expectedGbps));
        QVERIFY(near(transfer.megabytesGraph()->data()->at(1)->value, 4.0));
        // Step 2501 (index 2500) copied nothing in 0 ms: no bandwidth, a gap.
        QVERIFY(std::isnan(transfer.bandwidthGraph()->data()->at(0)->value));

        UtilisationChart utilisation;
        utilisation.setTimeline(&timeline);
        utilisation.refresh();
        const int samples = static_cast<int>(timeline.samples.size());
        QCOMPARE(points(utilisation.processCpuGraph()), samples);
        QCOMPARE(points(utilisation.machineCpuGraph()), samples);
        QCOMPARE(points(utilisation.rssGraph()), samples);
        QCOMPARE(points(utilisation.gpuUtilGraph(0)), samples);
        QCOMPARE(points(utilisation.gpuMemoryGraph(0)), samples);
        QVERIFY(!utilisation.gpuUtilGraph(1));
        QCOMPARE(utilisation.shownThreads(), (std::vector<int>{101, 102, 103, 104}));
        QCOMPARE(points(utilisation.threadGraph(101)), samples);
        QVERIFY(!utilisation.threadGraph(kIdleTid));

        LossChart loss;
        loss.setTimeline(&timeline);
        loss.refresh();
        QCOMPARE(points(loss.trainLossGraph()), 3);
        QCOMPARE(points(loss.valLossGraph()), 3);
        QCOMPARE(points(loss.metricGraph("mae")), 3);
        QCOMPARE(points(loss.metricGraph("val_mae")), 3);
        QCOMPARE(points(loss.stepLossGraph()), 3 * kStepsPerEpoch);
        // Steps sit at fractional epochs: the last step of epoch 1 at x = 1.
        QCOMPARE(loss.stepLossGraph()->data()->at(kStepsPerEpoch - 1)->key, 1.0);
        QCOMPARE(loss.stepLossGraph()->data()->at(0)->key, 1.0 / kStepsPerEpoch);
        QCOMPARE(loss.stepLossGraph()->data()->at(0)->value, timeline.batches[0].loss);
        const double ema1 = LossChart::kStepLossAlpha * timeline.batches[1].loss +
                            (1.0 - LossChart::kStepLossAlpha) * timeline.batches[0].loss;
        QVERIFY(near(loss.stepLossGraph()->data()->at(1)->value, ema1));
    }

    void refreshAddsExactlyTheNewRecords()
    {
        RunTimeline timeline = makeTimeline(2 * kStepsPerEpoch - 25);
        BatchPhaseChart batch;
        TransferChart transfer;
        EpochPhaseChart epochs;
        UtilisationChart utilisation;
        LossChart loss;
        const std::vector<RunChart*> charts = {&batch, &transfer, &epochs, &utilisation, &loss};
        for (RunChart* chart : charts) {
            chart->setTimeline(&timeline);
            chart->refresh();
        }
        const int samplesBefore = points(utilisation.processCpuGraph());
        QCOMPARE(points(loss.trainLossGraph()), 1);

        // Regression guard for "only what is new": an already read record changed in place
        // is not read again (a rebuild would show it).
        const double firstLoss = loss.stepLossGraph()->data()->at(0)->value;
        timeline.batches[0].loss = 1000.0;

        appendSteps(timeline, 50);  // completes epoch 2, five new samples
        for (RunChart* chart : charts)
            chart->refresh();
        QCOMPARE(batch.stepCount(), std::size_t(2 * kStepsPerEpoch + 25));
        QCOMPARE(transfer.stepCount(), std::size_t(2 * kStepsPerEpoch + 25));
        QCOMPARE(points(loss.stepLossGraph()), 2 * kStepsPerEpoch + 25);
        QCOMPARE(loss.stepLossGraph()->data()->at(0)->value, firstLoss);
        QCOMPARE(points(loss.trainLossGraph()), 2);
        QCOMPARE(points(epochs.phaseBars(Phase::Forward)), 2);
        QCOMPARE(points(utilisation.processCpuGraph()), samplesBefore + 5);
        QCOMPARE(points(utilisation.threadGraph(101)), samplesBefore + 5);
        // Following live: the view ends at the newest step.
        QCOMPARE(batch.plot()->xAxis->range().upper, 2 * kStepsPerEpoch + 25 + 0.5);

        // Incremental reading ends where reading everything at once does.
        timeline.batches[0].loss = makeStep(1, 1, 0, 0.0).loss;
        LossChart oneShot;
        oneShot.setTimeline(&timeline);
        oneShot.refresh();
        QCOMPARE(oneShot.stepLossGraph()->data()->at(points(oneShot.stepLossGraph()) - 1)->value,
                 loss.stepLossGraph()->data()->at(points(loss.stepLossGraph()) - 1)->value);

        // Nothing new: nothing changes.
        for (RunChart* chart : charts)
            chart->refresh();
        QCOMPARE(points(loss.stepLossGraph()), 2 * kStepsPerEpoch + 25);
        QCOMPARE(points(utilisation.processCpuGraph()), samplesBefore + 5);
    }

    void batchChartDecimatesLongRuns()
    {
        constexpr std::size_t kSteps = 200'000;
        const RunTimeline timeline = makeTimeline(kSteps, 200);
        BatchPhaseChart batch;
        batch.setShowFullHistory(true);
        batch.setTimeline(&timeline);
        batch.refresh();
        QCOMPARE(batch.stepCount(), kSteps);
        QCOMPARE(timeline.batches.size(), kSteps);  // every step kept, only the drawing is cut
        QCOMPARE(batch.plot()->xAxis->range().upper, kSteps + 0.5);
        for (Phase phase : kAllPhases) {
            const int plotted = points(batch.phaseGraph(phase));
            QVERIFY2(plotted <= StepChart::kMaxPlottedPoints, qPrintable(QString::number(plotted)));
            QVERIFY(plotted > StepChart::kMaxPlottedPoints / 2);
        }
        QVERIFY(batch.shownBuckets().width > 1);
        // A bucket shows the mean of its steps: the top of the stack is the mean wall time.
        const BucketGrid grid = batch.shownBuckets();
        double wall = 0.0;
        for (std::size_t i = grid.first; i < grid.first + grid.width; ++i)
            wall += timeline.batches[i].wallMs;
        QVERIFY(near(batch.phaseGraph(Phase::Other)->data()->at(0)->value,
                     wall / static_cast<double>(grid.width)));

        // Zooming in re-cuts the buckets down to single steps.
        batch.plot()->xAxis->setRange(100'000.5, 100'100.5);
        QCOMPARE(batch.shownBuckets().width, std::size_t(1));
        QCOMPARE(points(batch.phaseGraph(Phase::Other)), 101);
        QVERIFY(near(batch.phaseGraph(Phase::Other)->data()->at(0)->value,
                     timeline.batches[100'000].wallMs));

        TransferChart transfer;
        transfer.setShowFullHistory(true);
        transfer.setTimeline(&timeline);
        transfer.refresh();
        QVERIFY(points(transfer.millisecondsGraph()) <= StepChart::kMaxPlottedPoints);
        QVERIFY(points(transfer.bandwidthGraph()) <= StepChart::kMaxPlottedPoints);
        QVERIFY(!std::isnan(transfer.bandwidthGraph()->data()->at(0)->value));
    }

    void followingLiveAndWindow()
    {
        RunTimeline timeline = makeTimeline(3 * kStepsPerEpoch);
        BatchPhaseChart batch;
        batch.setWindowSteps(200);
        batch.setTimeline(&timeline);
        batch.refresh();
        QCOMPARE(batch.plot()->xAxis->range().lower, 2800.5);
        batch.setShowFullHistory(true);
        QCOMPARE(batch.plot()->xAxis->range().lower, 0.5);
        QCOMPARE(batch.plot()->xAxis->range().upper, 3000.5);

        // A user looking at older steps is not pulled away by new ones.
        batch.setFollowingLive(false);
        batch.plot()->xAxis->setRange(10.5, 110.5);
        appendSteps(timeline, 100);
        batch.refresh();
        QCOMPARE(batch.stepCount(), std::size_t(3100));
        QCOMPARE(batch.plot()->xAxis->range().upper, 110.5);
        batch.setFollowingLive(true);
        QCOMPARE(batch.plot()->xAxis->range().upper, 3100.5);

        // Until the window is full the steps grow from the left edge.
        const RunTimeline young = makeTimeline(30);
        BatchPhaseChart fresh;
        fresh.setTimeline(&young);
        fresh.refresh();
        QCOMPARE(fresh.plot()->xAxis->range().lower, 0.5);
        QCOMPARE(fresh.plot()->xAxis->range().upper, StepChart::kDefaultWindowSteps + 0.5);
        QCOMPARE(points(fresh.phaseGraph(Phase::Forward)), 31);
    }

    void zoomingStopsFollowingAndDoubleClickResumes()
    {
        RunTimeline timeline = makeTimeline(3 * kStepsPerEpoch);
        BatchPhaseChart batch;
        batch.resize(900, 400);
        batch.show();
        QVERIFY(QTest::qWaitForWindowExposed(&batch));
        batch.setTimeline(&timeline);
        batch.refresh();
        QVERIFY(batch.isFollowingLive());
        QCustomPlot* plot = batch.plot();
        const QPointF centre = plot->axisRect()->rect().center();
        QWheelEvent wheel(centre, plot->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(plot, &wheel);
        QVERIFY(!batch.isFollowingLive());
        const QCPRange zoomed = plot->xAxis->range();
        QVERIFY(zoomed.size() < 500.0);  // the wheel zoomed the x axis in
        appendSteps(timeline, 100);
        batch.refresh();
        QCOMPARE(plot->xAxis->range(), zoomed);

        QTest::mouseDClick(plot, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
        QVERIFY(batch.isFollowingLive());
        QCOMPARE(plot->xAxis->range().upper, 3100.5);
    }

    void replacedTimelineRebuilds()
    {
        RunTimeline timeline = makeTimeline(3 * kStepsPerEpoch);
        BatchPhaseChart batch;
        LossChart loss;
        EpochPhaseChart epochs;
        UtilisationChart utilisation;
        const std::vector<RunChart*> charts = {&batch, &loss, &epochs, &utilisation};
        for (RunChart* chart : charts) {
            chart->setTimeline(&timeline);
            chart->refresh();
        }

        // Shorter (a run restarted into the same timeline object).
        timeline.batches.resize(1500);
        timeline.epochs.resize(1);
        timeline.samples.resize(150);
        for (RunChart* chart : charts)
            chart->refresh();
        QCOMPARE(batch.stepCount(), std::size_t(1500));
        QCOMPARE(points(loss.stepLossGraph()), 1500);
        QCOMPARE(points(loss.trainLossGraph()), 1);
        QCOMPARE(points(epochs.phaseBars(Phase::Backward)), 1);
        QCOMPARE(points(utilisation.processCpuGraph()), 150);

        // Cleared and refilled to the same length with other records.
        RunTimeline other = makeTimeline(1500);
        for (BatchRecord& step : other.batches) {
            step.endS += 100.0;
            step.loss += 7.0;
        }
        timeline = other;
        loss.refresh();
        QCOMPARE(points(loss.stepLossGraph()), 1500);
        QCOMPARE(loss.stepLossGraph()->data()->at(0)->value, other.batches[0].loss);

        // A different timeline object.
        const RunTimeline second = makeTimeline(700);
        for (RunChart* chart : charts) {
            chart->setTimeline(&second);
            chart->refresh();
        }
        QCOMPARE(batch.stepCount(), std::size_t(700));
        QCOMPARE(points(loss.stepLossGraph()), 700);
        QCOMPARE(points(loss.trainLossGraph()), 0);
        QCOMPARE(points(epochs.phaseBars(Phase::Backward)), 0);
        QVERIFY(!epochs.firstEpochLabel()->visible());
        QCOMPARE(points(utilisation.processCpuGraph()), 70);

        // Unset: everything drawn goes.
        for (RunChart* chart : charts) {
            chart->setTimeline(nullptr);
            chart->refresh();
        }
        QCOMPARE(batch.stepCount(), std::size_t(0));
        QCOMPARE(points(loss.stepLossGraph()), 0);
        QCOMPARE(points(utilisation.processCpuGraph()), 0);
    }

    void tooltipsDescribeTheNearestPoint()
    {
        const RunTimeline timeline = makeTimeline(3 * kStepsPerEpoch);
        // describeAt() is what the mouse-move tooltip shows; probes make it reachable.
        struct Probe : BatchPhaseChart {
            using BatchPhaseChart::describeAt;
        } probe;
        probe.setTimeline(&timeline);
        probe.refresh();
        QVERIFY(probe.describeAt(2999.8).contains(QStringLiteral("Step 3000")));
        // Step 3000 (index 2999) waited 0.3 + 0.1 * (2999 % 4) ms for its gradients.
        QVERIFY2(probe.describeAt(2999.8).contains(QStringLiteral("\nCommunication: 0.60 ms")),
                 qPrintable(probe.describeAt(2999.8)));
        QVERIFY(probe.describeAt(5000.0).isEmpty());
        // Regression guard: a timeline cut short between two refreshes is not read past its end.
        RunTimeline shrinking = makeTimeline(3 * kStepsPerEpoch);
        probe.setTimeline(&shrinking);
        probe.refresh();
        shrinking.batches.resize(10);
        shrinking.samples.clear();
        shrinking.epochs.clear();
        QVERIFY(probe.describeAt(2000.0).isEmpty());
        QVERIFY(!probe.describeAt(5.0).isEmpty());

        struct LossProbe : LossChart {
            using LossChart::describeAt;
        } loss;
        loss.setTimeline(&timeline);
        loss.refresh();
        QVERIFY(loss.describeAt(2.0).contains(QStringLiteral("val_mae")));

        struct UtilisationProbe : UtilisationChart {
            using UtilisationChart::describeAt;
        } utilisation;
        utilisation.setTimeline(&timeline);
        utilisation.refresh();
        QVERIFY(utilisation.describeAt(1.0).contains(QStringLiteral("GPU 0")));
        RunTimeline emptied = makeTimeline(3 * kStepsPerEpoch);
        utilisation.setTimeline(&emptied);
        utilisation.refresh();
        emptied.samples.clear();
        QVERIFY(utilisation.describeAt(1.0).isEmpty());

        struct EpochProbe : EpochPhaseChart {
            using EpochPhaseChart::describeAt;
        } epochs;
        epochs.setTimeline(&timeline);
        epochs.refresh();
        QVERIFY(epochs.describeAt(1.1).contains(QStringLiteral("model_checkpoint")));
        QVERIFY(epochs.describeAt(1.5).isEmpty());  // between bars
    }

    /// A straggler at a glance: one line per rank of its busy time (wall less Communication),
    /// named "rank N (host)" in the legend, the slow rank's above the others.
    void rankChartDrawsEachRanksBusyTime()
    {
        constexpr double kSlowerMs = 4.0;
        const RunTimeline timeline = makeTwoRankTimeline(3 * kStepsPerEpoch, kSlowerMs);
        QCOMPARE(RankStepChart::ranksOf(timeline), (std::vector<int>{0, 1}));
        QCOMPARE(RankStepChart::ranksOf(makeTimeline(10)), (std::vector<int>{0}));
        struct Probe : RankStepChart {
            using RankStepChart::describeAt;
        } chart;
        chart.setTimeline(&timeline);
        chart.refresh();
        QCOMPARE(chart.rankStepsRead(0), timeline.batches.size());
        QCOMPARE(chart.rankStepsRead(1), timeline.rankBatches.at(1).size());
        QCPGraph* rankZero = chart.rankGraph(0);
        QCPGraph* rankOne = chart.rankGraph(1);
        QVERIFY(rankZero && rankOne);
        QVERIFY(!chart.rankGraph(2));
        QCOMPARE(rankZero->name(), QStringLiteral("rank 0 (node-a)"));
        QCOMPARE(rankOne->name(), QStringLiteral("rank 1 (node-b)"));
        QCOMPARE(chart.plot()->legend->itemCount(), 2);
        QVERIFY(rankZero->pen().color() != rankOne->pen().color());
        QCOMPARE(rankZero->pen().color(), rankColor(0));
        // Following live: the newest window, one step per bucket, exact busy times.
        QCOMPARE(points(rankZero), StepChart::kDefaultWindowSteps + 1);
        QCOMPARE(points(rankOne), StepChart::kDefaultWindowSteps + 1);
        for (int k : {0, 7, 499}) {
            const BatchRecord& ours = timeline.batches[2500 + static_cast<std::size_t>(k)];
            const BatchRecord& theirs =
                timeline.rankBatches.at(1)[2500 + static_cast<std::size_t>(k)];
            QVERIFY(near(ours.wallMs, theirs.wallMs));  // lockstep: the same wall time
            QVERIFY(near(rankZero->data()->at(k)->value,
                         ours.wallMs - ours.phaseMs[phaseIndex(Phase::Communication)]));
            QVERIFY(
                near(rankOne->data()->at(k)->value - rankZero->data()->at(k)->value, kSlowerMs));
        }
        const QString tooltip = chart.describeAt(2999.8);
        QVERIFY2(tooltip.contains(QStringLiteral("Step 3000")), qPrintable(tooltip));
        QVERIFY2(tooltip.contains(QStringLiteral("rank 1 (node-b): busy")), qPrintable(tooltip));
        // The y axis fits the steady steps: one slow step (a first step's warm-up) runs off the
        // top instead of flattening the ranks' lines, whose gap is the point.
        const double steadyTop = chart.plot()->yAxis->range().upper;
        QVERIFY(steadyTop > rankOne->data()->at(0)->value);
        RunTimeline spiked = timeline;
        spiked.batches[2600].wallMs += 1000.0;
        RankStepChart spikedChart;
        spikedChart.setTimeline(&spiked);
        spikedChart.refresh();
        QVERIFY(spikedChart.plot()->yAxis->range().upper < 2.0 * steadyTop);
        QVERIFY(spikedChart.plot()->yAxis->range().upper >= steadyTop / 1.5);
        // A rank whose host is not known is still named.
        RunTimeline anonymous = timeline;
        anonymous.ranks.clear();
        QCOMPARE(RankStepChart::rankLabel(anonymous, 1), QStringLiteral("rank 1"));
    }

    /// Live, another rank's steps come an epoch at a time, after rank 0's: its line ends where
    /// its last epoch does, and grows when the next epoch's steps arrive even if rank 0's did
    /// not (regression guard: a refresh that only counted rank 0's steps drew nothing new).
    void rankChartTakesOtherRanksStepsAsTheyArrive()
    {
        const RunTimeline full = makeTwoRankTimeline(2 * kStepsPerEpoch, 2.0);
        RunTimeline timeline = full;
        timeline.batches.resize(kStepsPerEpoch + kStepsPerEpoch / 2);
        timeline.rankBatches[1].resize(kStepsPerEpoch);
        RankStepChart chart;
        chart.setShowFullHistory(true);
        chart.setTimeline(&timeline);
        chart.refresh();
        QCOMPARE(chart.rankStepsRead(1), std::size_t(kStepsPerEpoch));
        QCOMPARE(chart.rankGraph(1)->data()->at(points(chart.rankGraph(1)) - 1)->key,
                 kStepsPerEpoch + 0.5);
        QCOMPARE(chart.rankGraph(0)->data()->at(points(chart.rankGraph(0)) - 1)->key,
                 kStepsPerEpoch * 1.5 + 0.5);

        const auto& rest = full.rankBatches.at(1);
        timeline.rankBatches[1].assign(rest.begin(), rest.begin() + kStepsPerEpoch * 3 / 2);
        chart.refresh();
        QCOMPARE(chart.rankStepsRead(1), std::size_t(kStepsPerEpoch * 3 / 2));
        QCOMPARE(chart.rankGraph(1)->data()->at(points(chart.rankGraph(1)) - 1)->key,
                 kStepsPerEpoch * 1.5 + 0.5);

        // Replaced by a run of one process: one line, rank 0's.
        const RunTimeline single = makeTimeline(100);
        chart.setTimeline(&single);
        chart.refresh();
        QVERIFY(chart.rankGraph(0));
        QVERIFY(!chart.rankGraph(1));
        QCOMPARE(chart.rankStepsRead(1), std::size_t(0));
    }

    /// The step charts draw the chosen rank's steps, and say whose they are in the title.
    void stepChartsShowTheChosenRank()
    {
        const RunTimeline timeline = makeTwoRankTimeline(2 * kStepsPerEpoch, 3.0);
        struct Probe : BatchPhaseChart {
            using BatchPhaseChart::describeAt;
        } batch;
        batch.setTimeline(&timeline);
        batch.refresh();
        const auto backwardOf = [&batch](int k) {
            return batch.phaseGraph(Phase::Backward)->data()->at(k)->value -
                   batch.phaseGraph(Phase::Forward)->data()->at(k)->value;
        };
        const BatchRecord& ours = timeline.batches[1500];
        const BatchRecord& theirs = timeline.rankBatches.at(1)[1500];
        QVERIFY(near(backwardOf(0), ours.phaseMs[phaseIndex(Phase::Backward)]));

        batch.setShownRank(1, QStringLiteral("rank 1 (node-b)"));
        QCOMPARE(batch.shownRank(), 1);
        QCOMPARE(batch.stepCount(), timeline.rankBatches.at(1).size());
        QVERIFY(near(backwardOf(0), theirs.phaseMs[phaseIndex(Phase::Backward)]));
        const auto* title =
            qobject_cast<QCPTextElement*>(batch.plot()->plotLayout()->element(0, 0));
        QVERIFY(title);
        QCOMPARE(title->text(), QStringLiteral("Step time by phase: rank 1 (node-b)"));
        const QString theirBackward =
            QStringLiteral("Backward: %1 ms")
                .arg(theirs.phaseMs[phaseIndex(Phase::Backward)], 0, 'f', 2);
        QVERIFY2(batch.describeAt(1501.0).contains(theirBackward),
                 qPrintable(batch.describeAt(1501.0)));

        TransferChart transfer;
        transfer.setTimeline(&timeline);
        transfer.setShownRank(1, QStringLiteral("rank 1 (node-b)"));
        transfer.refresh();
        QCOMPARE(transfer.stepCount(), timeline.rankBatches.at(1).size());

        batch.setShownRank(0);
        QCOMPARE(batch.stepCount(), timeline.batches.size());
        QVERIFY(near(backwardOf(0), ours.phaseMs[phaseIndex(Phase::Backward)]));
        QCOMPARE(title->text(), QStringLiteral("Step time by phase"));
        // A rank the timeline has no steps of draws nothing.
        batch.setShownRank(5, QStringLiteral("rank 5"));
        QCOMPARE(batch.stepCount(), std::size_t(0));
        QVERIFY(batch.describeAt(10.0).isEmpty());
    }

    void exportWritesFiles_data()
    {
        QTest::addColumn<ChartKind>("kind");
        QTest::addColumn<QString>("suffix");
        for (const auto& [name, kind] : kNamedChartKinds) {
            for (const char* suffix : {"png", "pdf"})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(name, suffix)))
                    << kind << QString::fromLatin1(suffix);
        }
    }

    void exportWritesFiles()
    {
        QFETCH(ChartKind, kind);
        QFETCH(QString, suffix);
        const RunTimeline timeline = makeTimeline(3 * kStepsPerEpoch);
        const std::unique_ptr<RunChart> chart = makeChart(kind);
        chart->setTimeline(&timeline);
        chart->refresh();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("chart.") + suffix);
        QVERIFY(chart->exportTo(path));
        QVERIFY(QFileInfo(path).size() > 0);
        if (suffix == QLatin1String("png")) {
            const QImage image(path);
            QVERIFY(!image.isNull());
            QVERIFY(image.width() >= 200);
        } else {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(file.read(5) == "%PDF-");
        }
        QVERIFY(!chart->exportTo(dir.filePath(QStringLiteral("chart.unknown"))));
    }

    void chartsFollowTheWidgetPalette_data()
    {
        QTest::addColumn<ChartKind>("kind");
        for (const auto& [name, kind] : kNamedChartKinds)
            QTest::newRow(name) << kind;
    }

    /// A dark theme darkens the chart's background and lightens its axes and legend text; the
    /// phase colours do not change with it.
    void chartsFollowTheWidgetPalette()
    {
        QFETCH(ChartKind, kind);
        const RunTimeline timeline = makeTimeline(kStepsPerEpoch);
        const std::unique_ptr<RunChart> chart = makeChart(kind);
        chart->setTimeline(&timeline);
        chart->refresh();
        QPalette dark = chart->palette();
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        chart->setPalette(dark);
        QCustomPlot* plot = chart->plot();
        QCOMPARE(plot->xAxis->tickLabelColor(), QColor(230, 230, 230));
        QCOMPARE(plot->legend->item(0)->textColor(), QColor(230, 230, 230));
        const QImage image = plot->toPixmap(400, 300).toImage();
        QCOMPARE(image.pixelColor(2, 2), QColor(30, 30, 30));
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
