// The Predict view's charts (ui/predict): what each draws for given values, the ROC marker at a
// threshold, the confusion matrix's cell texts, double-click back to the full view, export. Runs
// offscreen; pictures with realistic data go to the build directory's screenshots/ for people
// to look at.

#include "engine/predict/predictionplots.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/predict/confusionmatrixchart.h"
#include "ui/predict/predictedserieschart.h"
#include "ui/predict/predictionscatterchart.h"
#include "ui/predict/residualhistogramchart.h"
#include "ui/predict/rocchart.h"

#include <QtCore/QDir>
#include <QtCore/QTemporaryDir>
#include <QtGui/QImage>
#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <random>

using namespace es;
using namespace es::ui;

namespace {

enum class ChartKind { Series, Scatter, Histogram, Confusion, Roc };

constexpr std::pair<const char*, ChartKind> kNamedChartKinds[] = {
    {"series", ChartKind::Series},
    {"scatter", ChartKind::Scatter},
    {"histogram", ChartKind::Histogram},
    {"confusion", ChartKind::Confusion},
    {"roc", ChartKind::Roc},
};

// Scores of eight samples and whether each is positive, with the rates worked out by hand:
// at a threshold of 0.5 the positives are the scores 0.9 0.8 0.7 0.6 0.55, of which 3 of the 4
// positive samples and 2 of the 4 negative ones.
const std::vector<float> kScores = {0.9F, 0.8F, 0.7F, 0.6F, 0.55F, 0.4F, 0.3F, 0.2F};
const std::vector<bool> kPositive = {true, true, false, true, false, true, false, false};

/// A regression's targets (a noisy wave) and a model's predictions of them: close, a little
/// biased and damped at the peaks, as a trained LSTM's are.
struct Regression {
    std::vector<float> predicted;
    std::vector<float> actual;
};

Regression makeRegression(std::size_t samples)
{
    std::mt19937 random(7);
    std::normal_distribution<float> noise(0.0F, 0.08F);
    Regression data;
    for (std::size_t i = 0; i < samples; ++i) {
        const auto t = static_cast<float>(i) * 0.02F;
        const float actual = std::sin(t) + 0.4F * std::sin(3.1F * t) + noise(random);
        data.actual.push_back(actual);
        data.predicted.push_back(0.85F * actual + 0.05F + noise(random));
    }
    return data;
}

/// A sigmoid unit's scores for samples of two classes that overlap a little.
void makeScores(std::size_t samples, std::vector<float>& scores, std::vector<bool>& positive)
{
    std::mt19937 random(11);
    std::normal_distribution<float> logit(0.0F, 1.2F);
    for (std::size_t i = 0; i < samples; ++i) {
        const bool isPositive = i % 3 == 0;
        const float z = logit(random) + (isPositive ? 1.8F : -1.0F);
        scores.push_back(1.0F / (1.0F + std::exp(-z)));
        positive.push_back(isPositive);
    }
}

/// A softmax of `classes` classes that is right most of the time and confuses neighbours.
ConfusionMatrix makeSoftmaxMatrix(std::size_t classes)
{
    ConfusionMatrix matrix;
    matrix.classes = classes;
    matrix.counts.assign(classes * classes, 0);
    for (std::size_t actual = 0; actual < classes; ++actual) {
        for (std::size_t predicted = 0; predicted < classes; ++predicted) {
            const std::size_t distance =
                actual > predicted ? actual - predicted : predicted - actual;
            matrix.counts[actual * classes + predicted] =
                distance == 0 ? 400 + 13 * static_cast<std::int64_t>(actual)
                              : (distance == 1 ? 35 : (distance == 2 ? 6 : 0));
        }
    }
    return matrix;
}

QStringList classIds(std::size_t classes)
{
    QStringList names;
    for (std::size_t index = 0; index < classes; ++index)
        names.append(QString::number(index));
    return names;
}

/// Each chart with realistic data, as the Predict view shows it.
std::unique_ptr<RunChart> makeChart(ChartKind kind)
{
    const Regression data = makeRegression(2000);
    switch (kind) {
        case ChartKind::Series: {
            auto chart = std::make_unique<PredictedSeriesChart>();
            chart->setSeries(data.predicted, data.actual);
            return chart;
        }
        case ChartKind::Scatter: {
            auto chart = std::make_unique<PredictionScatterChart>();
            chart->setPoints(data.predicted, data.actual);
            return chart;
        }
        case ChartKind::Histogram: {
            auto chart = std::make_unique<ResidualHistogramChart>();
            const std::vector<double> residuals = residualsOf(data.predicted, data.actual);
            chart->setHistogram(histogramOf(residuals, suggestedBins(residuals.size())));
            return chart;
        }
        case ChartKind::Confusion: {
            auto chart = std::make_unique<ConfusionMatrixChart>();
            chart->setMatrix(makeSoftmaxMatrix(10), classIds(10));
            return chart;
        }
        case ChartKind::Roc: {
            std::vector<float> scores;
            std::vector<bool> positive;
            makeScores(3000, scores, positive);
            auto chart = std::make_unique<RocChart>();
            chart->setCurve(rocCurve(scores, positive), 0.912);
            chart->setThreshold(0.5);
            return chart;
        }
    }
    return nullptr;
}

}  // namespace

Q_DECLARE_METATYPE(ChartKind)

class TestPredictionCharts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void seriesDrawsPredictedAndActual()
    {
        PredictedSeriesChart chart;
        const Regression data = makeRegression(500);
        chart.setSeries(data.predicted, data.actual);
        QCOMPARE(chart.pointCount(), 500);
        QCOMPARE(chart.actualGraph()->dataCount(), 500);
        QVERIFY(chart.plot()->legend->hasItemWithPlottable(chart.actualGraph()));
        QCOMPARE(chart.predictedGraph()->data()->at(7)->value, double(data.predicted[7]));
        QCOMPARE(chart.plot()->xAxis->range().lower, -0.5);
        QCOMPARE(chart.plot()->xAxis->range().upper, 499.5);
    }

    void seriesWithoutTargetsDrawsOnlyThePrediction()
    {
        PredictedSeriesChart chart;
        const Regression data = makeRegression(300);
        chart.setSeries(data.predicted, data.actual);
        chart.setSeries(data.predicted, {});
        QCOMPARE(chart.pointCount(), 300);
        QCOMPARE(chart.actualGraph()->dataCount(), 0);
        QVERIFY(!chart.plot()->legend->hasItemWithPlottable(chart.actualGraph()));
        // Targets again (another data set): the actual line is back in the legend.
        chart.setSeries(data.predicted, data.actual);
        QVERIFY(chart.plot()->legend->hasItemWithPlottable(chart.actualGraph()));
    }

    /// Regression: RunChart refitted on a double-click only with a timeline, so a zoomed chart
    /// without one could not get its full view back.
    void doubleClickRestoresTheFullView()
    {
        PredictedSeriesChart chart;
        chart.resize(800, 500);
        const Regression data = makeRegression(25'000);
        chart.setSeries(data.predicted, data.actual);
        QCOMPARE(chart.pointCount(), 25'000);
        chart.plot()->xAxis->setRange(100.0, 200.0);
        chart.setFollowingLive(true);
        QCOMPARE(chart.plot()->xAxis->range().lower, -0.5);
        QCOMPARE(chart.plot()->xAxis->range().upper, 24'999.5);

        chart.plot()->xAxis->setRange(100.0, 200.0);
        QTest::mouseDClick(chart.plot(), Qt::LeftButton, {}, QPoint(400, 250));
        QCOMPARE(chart.plot()->xAxis->range().upper, 24'999.5);

        // The other charts without a timeline refit too.
        PredictionScatterChart scatter;
        scatter.setPoints(data.predicted, data.actual);
        const QCPRange full = scatter.plot()->xAxis->range();
        scatter.plot()->xAxis->setRange(0.0, 0.1);
        scatter.plot()->yAxis->setRange(0.0, 0.1);
        scatter.setFollowingLive(true);
        QCOMPARE(scatter.plot()->xAxis->range(), full);
        QCOMPARE(scatter.plot()->yAxis->range(), full);
    }

    void scatterKeepsBothAxesAlike()
    {
        PredictionScatterChart chart;
        const std::vector<float> predicted = {-1.0F, 0.5F, 5.0F, 2.0F, std::nanf("")};
        const std::vector<float> actual = {-2.0F, 0.4F, 3.0F, 2.5F, 1.0F};
        chart.setPoints(predicted, actual);
        QCOMPARE(chart.pointCount(), 4);  // the NaN prediction is left out
        const QCPRange x = chart.plot()->xAxis->range();
        const QCPRange y = chart.plot()->yAxis->range();
        QCOMPARE(x, y);
        for (std::size_t i = 0; i < 4; ++i) {
            QVERIFY(x.contains(actual[i]));
            QVERIFY(y.contains(predicted[i]));
        }
        QVERIFY(x.contains(-2.0) && x.contains(5.0));
        // The diagonal is y = x.
        QCOMPARE(chart.diagonal()->point1->coords(), QPointF(0.0, 0.0));
        QCOMPARE(chart.diagonal()->point2->coords(), QPointF(1.0, 1.0));
        QCOMPARE(chart.plot()->xAxis->label(), QString("actual"));
        QCOMPARE(chart.plot()->yAxis->label(), QString("predicted"));

        chart.setPoints({}, {});
        QCOMPARE(chart.pointCount(), 0);
    }

    void histogramDrawsABarPerBin()
    {
        ResidualHistogramChart chart;
        const Regression data = makeRegression(1000);
        const Histogram histogram = histogramOf(residualsOf(data.predicted, data.actual), 32);
        chart.setHistogram(histogram);
        QCOMPARE(chart.binCount(), static_cast<int>(histogram.counts.size()));
        QCOMPARE(chart.bars()->width(), histogram.width);
        for (std::size_t bin = 0; bin < histogram.counts.size(); ++bin) {
            const auto index = static_cast<int>(bin);
            QCOMPARE(chart.bars()->data()->at(index)->key, histogram.binCentre(bin));
            QCOMPARE(chart.bars()->data()->at(index)->value, double(histogram.counts[bin]));
        }
        QVERIFY(chart.plot()->xAxis->range().contains(0.0));

        chart.setHistogram(Histogram());
        QCOMPARE(chart.binCount(), 0);
    }

    void confusionCellsShowCountAndRowShare()
    {
        ConfusionMatrixChart chart;
        ConfusionMatrix matrix;
        matrix.classes = 2;
        matrix.counts = {3, 1, 2, 4};
        chart.setMatrix(matrix, {"0", "1"});
        QCOMPARE(chart.classCount(), 2);
        QCOMPARE(chart.cellText(0, 0), QString("3\n75.0%"));
        QCOMPARE(chart.cellText(0, 1), QString("1\n25.0%"));
        QCOMPARE(chart.cellText(1, 0), QString("2\n33.3%"));
        QCOMPARE(chart.cellText(1, 1), QString("4\n66.7%"));
        QVERIFY(chart.cellText(2, 0).isEmpty());
        QVERIFY(chart.cellText(0, -1).isEmpty());
        // Actual class 0 in the top row.
        QVERIFY(chart.plot()->yAxis->rangeReversed());
        QCOMPARE(chart.plot()->xAxis->label(), QString("predicted class"));
        QCOMPARE(chart.plot()->yAxis->label(), QString("actual class"));
    }

    void confusionMatrixOfThreeClasses()
    {
        ConfusionMatrixChart chart;
        ConfusionMatrix matrix;
        matrix.classes = 3;
        matrix.counts = {8, 2, 0, 0, 0, 0, 1, 1, 18};
        chart.setMatrix(matrix, {"cat", "dog", "bird"});
        QCOMPARE(chart.classCount(), 3);
        QCOMPARE(chart.cellText(0, 1), QString("2\n20.0%"));
        QCOMPARE(chart.cellText(2, 2), QString("18\n90.0%"));
        QCOMPARE(chart.cellText(1, 1), QString("0"));  // no samples of this class: no share
        QCOMPARE(chart.cellText(0, 2), QString("0"));  // an empty cell: no "0.0%"
        QCOMPARE(chart.plot()->itemCount(), 2 * 9);    // a cell and its text each
        auto* ticker = dynamic_cast<QCPAxisTickerText*>(chart.plot()->xAxis->ticker().data());
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().value(2), QString("bird"));

        // A smaller matrix after it leaves nothing of the larger one.
        matrix.classes = 2;
        matrix.counts = {1, 0, 0, 1};
        chart.setMatrix(matrix, {"0", "1"});
        QCOMPARE(chart.plot()->itemCount(), 2 * 4);
        QVERIFY(chart.cellText(2, 2).isEmpty());
    }

    void rocMarksTheOperatingPoint_data()
    {
        QTest::addColumn<double>("threshold");
        QTest::addColumn<QPointF>("point");
        QTest::newRow("0.5") << 0.5 << QPointF(0.5, 0.75);
        // 0.55 is below the float 0.55F, so that score is above it and positive.
        QTest::newRow("0.55, below the float score 0.55F") << 0.55 << QPointF(0.5, 0.75);
        QTest::newRow("exactly at a score: negative, as the confusion matrix counts")
            << static_cast<double>(0.55F) << QPointF(0.25, 0.75);
        QTest::newRow("just above a score") << 0.56 << QPointF(0.25, 0.75);
        QTest::newRow("above every score") << 0.95 << QPointF(0.0, 0.0);
        QTest::newRow("below every score") << 0.1 << QPointF(1.0, 1.0);
    }

    void rocMarksTheOperatingPoint()
    {
        QFETCH(double, threshold);
        QFETCH(QPointF, point);
        RocChart chart;
        chart.setCurve(rocCurve(kScores, kPositive), 0.8125);
        QCOMPARE(chart.pointCount(), 9);  // (0, 0), then one per distinct score
        QVERIFY(chart.placeholderText().isEmpty());
        QVERIFY(chart.curve()->name().contains("0.812") || chart.curve()->name().contains("0.813"));
        chart.setThreshold(threshold);
        QVERIFY(chart.markedPoint().has_value());
        QCOMPARE(*chart.markedPoint(), point);
    }

    void rocWithoutAucSaysSo()
    {
        RocChart chart;
        chart.setThreshold(0.5);
        chart.setCurve(rocCurve(kScores, kPositive), 0.8125);
        QCOMPARE(chart.pointCount(), 9);
        chart.setCurve({}, std::nullopt);
        QCOMPARE(chart.pointCount(), 0);
        QVERIFY(!chart.markedPoint().has_value());
        QVERIFY(!chart.placeholderText().isEmpty());
        QVERIFY(!chart.plot()->legend->hasItemWithPlottable(chart.curve()));
        // Points without an AUC mean nothing either.
        chart.setCurve(rocCurve(kScores, kPositive), std::nullopt);
        QCOMPARE(chart.pointCount(), 0);
        QVERIFY(!chart.placeholderText().isEmpty());
        chart.setCurve(rocCurve(kScores, kPositive), 0.8125);
        QVERIFY(chart.placeholderText().isEmpty());
        QVERIFY(chart.plot()->legend->hasItemWithPlottable(chart.curve()));
        QCOMPARE(*chart.markedPoint(), QPointF(0.5, 0.75));  // the threshold set before
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
        const std::unique_ptr<RunChart> chart = makeChart(kind);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("chart.") + suffix);
        QVERIFY(chart->exportTo(path));
        QVERIFY(QFileInfo(path).size() > 0);
        if (suffix == QLatin1String("png")) {
            QVERIFY(!QImage(path).isNull());
        } else {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(file.read(5) == "%PDF-");
        }
    }

    /// For people to look at: each chart in a light and a dark theme, and the larger cases
    /// (a 20-class softmax, a curve-less ROC) in the build directory's screenshots/.
    void screenshots()
    {
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);
        for (const auto& [name, kind] : kNamedChartKinds) {
            const std::unique_ptr<RunChart> chart = makeChart(kind);
            chart->resize(760, 480);
            chart->show();  // laid out: exported at the size a user sees it
            QVERIFY(chart->exportTo(QDir(directory).filePath(
                QStringLiteral("predict-%1.png").arg(QLatin1String(name)))));
            QPalette dark = chart->palette();
            dark.setColor(QPalette::Base, QColor(30, 30, 30));
            dark.setColor(QPalette::Text, QColor(230, 230, 230));
            chart->setPalette(dark);
            QVERIFY(chart->exportTo(QDir(directory).filePath(
                QStringLiteral("predict-%1-dark.png").arg(QLatin1String(name)))));
        }
        ConfusionMatrixChart softmax;
        softmax.resize(760, 480);
        softmax.show();
        softmax.setMatrix(makeSoftmaxMatrix(20), classIds(20));
        QVERIFY(softmax.exportTo(QDir(directory).filePath("predict-confusion-20.png")));
        ConfusionMatrixChart binary;
        binary.resize(500, 400);
        binary.show();
        ConfusionMatrix matrix;
        matrix.classes = 2;
        matrix.counts = {412, 88, 57, 443};
        binary.setMatrix(matrix, {"0", "1"});
        QVERIFY(binary.exportTo(QDir(directory).filePath("predict-confusion-2.png")));
        RocChart oneClass;
        oneClass.resize(500, 400);
        oneClass.show();
        oneClass.setCurve({}, std::nullopt);
        QVERIFY(oneClass.exportTo(QDir(directory).filePath("predict-roc-one-class.png")));
    }
};

QTEST_MAIN(TestPredictionCharts)
#include "tst_predictioncharts.moc"
