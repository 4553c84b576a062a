// What the Predict view draws (engine/predict/predictionplots.h): the ROC curve against a case
// worked by hand and against rocAuc() (its trapezoids must add up to the rank statistic, ties
// included), the confusion matrices against the metrics' own counts, and the histogram's bins.

#include "engine/predict/predictionmetrics.h"
#include "engine/predict/predictionplots.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

constexpr double kTolerance = 1e-12;

/// The area under a curve's points by trapezoids.
double trapezoidArea(const std::vector<es::RocPoint>& curve)
{
    double area = 0.0;
    for (std::size_t i = 1; i < curve.size(); ++i)
        area += (curve[i].falsePositiveRate - curve[i - 1].falsePositiveRate) *
                (curve[i].truePositiveRate + curve[i - 1].truePositiveRate) / 2.0;
    return area;
}

/// Scores rounded to `levels` values, so that many tie; labels loosely following them.
void randomScores(std::mt19937& generator, std::size_t n, int levels, std::vector<float>& scores,
                  std::vector<bool>& positive, std::vector<float>& targets)
{
    std::uniform_real_distribution<float> uniform(0.0F, 1.0F);
    scores.resize(n);
    positive.resize(n);
    targets.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const float label = uniform(generator) < 0.4F ? 1.0F : 0.0F;
        float score = 0.6F * uniform(generator) + 0.4F * label;
        score = std::round(score * static_cast<float>(levels)) / static_cast<float>(levels);
        scores[i] = score;
        positive[i] = label > 0.5F;
        targets[i] = label;
    }
}

}  // namespace

class TestPredictionPlots : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rocCurveOfAWorkedExample()
    {
        // scikit-learn's roc_curve example with every point kept (drop_intermediate=False).
        const std::vector<es::RocPoint> curve =
            es::rocCurve({0.1F, 0.4F, 0.35F, 0.8F}, {false, false, true, true});
        const std::vector<double> fpr = {0.0, 0.0, 0.5, 0.5, 1.0};
        const std::vector<double> tpr = {0.0, 0.5, 0.5, 1.0, 1.0};
        const std::vector<double> thresholds = {0.8, 0.4, 0.35, 0.1};
        QCOMPARE(curve.size(), fpr.size());
        QVERIFY(std::isinf(curve.front().threshold));
        for (std::size_t i = 0; i < curve.size(); ++i) {
            QCOMPARE(curve[i].falsePositiveRate, fpr[i]);
            QCOMPARE(curve[i].truePositiveRate, tpr[i]);
            if (i > 0)
                QVERIFY(std::fabs(curve[i].threshold - thresholds[i - 1]) < 1e-7);
        }
        QCOMPARE(trapezoidArea(curve), 0.75);
    }

    void tiedScoresMoveTogether()
    {
        // Two tied scores, one of each class: one diagonal step, an area of one half.
        const std::vector<es::RocPoint> curve = es::rocCurve({0.5F, 0.5F}, {true, false});
        QCOMPARE(curve.size(), std::size_t{2});
        QCOMPARE(curve.back().falsePositiveRate, 1.0);
        QCOMPARE(curve.back().truePositiveRate, 1.0);
        QCOMPARE(trapezoidArea(curve), 0.5);
    }

    void rocAreaEqualsTheRankStatistic_data()
    {
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("levels");
        QTest::newRow("few ties") << 500 << 100000;
        QTest::newRow("many ties") << 500 << 7;
        QTest::newRow("two levels") << 64 << 1;
        QTest::newRow("large") << 20000 << 1000;
    }

    void rocAreaEqualsTheRankStatistic()
    {
        QFETCH(int, samples);
        QFETCH(int, levels);
        std::mt19937 generator(static_cast<unsigned>(samples * 31 + levels));
        std::vector<float> scores;
        std::vector<bool> positive;
        std::vector<float> targets;
        randomScores(generator, static_cast<std::size_t>(samples), levels, scores, positive,
                     targets);
        const std::vector<es::RocPoint> curve = es::rocCurve(scores, positive);
        QVERIFY(curve.size() >= 2);
        QCOMPARE(curve.front().falsePositiveRate, 0.0);
        QCOMPARE(curve.front().truePositiveRate, 0.0);
        QCOMPARE(curve.back().falsePositiveRate, 1.0);
        QCOMPARE(curve.back().truePositiveRate, 1.0);
        for (std::size_t i = 1; i < curve.size(); ++i) {
            QVERIFY(curve[i].threshold < curve[i - 1].threshold);
            QVERIFY(curve[i].falsePositiveRate >= curve[i - 1].falsePositiveRate);
            QVERIFY(curve[i].truePositiveRate >= curve[i - 1].truePositiveRate);
        }
        const std::optional<double> auc = es::rocAuc(scores, positive);
        QVERIFY(auc.has_value());
        QVERIFY2(
            std::fabs(trapezoidArea(curve) - *auc) < 1e-9,
            qPrintable(QString("trapezoids %1, ranks %2").arg(trapezoidArea(curve)).arg(*auc)));
    }

    void rocCurveLeavesOutNanAndNeedsBothClasses()
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const std::vector<es::RocPoint> curve =
            es::rocCurve({0.9F, nan, 0.2F}, {true, true, false});
        QCOMPARE(curve.size(), std::size_t{3});
        QCOMPARE(trapezoidArea(curve), 1.0);
        QVERIFY(es::rocCurve({0.9F, 0.2F}, {true, true}).empty());
        QVERIFY(es::rocCurve({0.9F, 0.2F}, {false, false}).empty());
        QVERIFY(es::rocCurve({nan}, {true}).empty());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::rocCurve({0.9F}, {true, false}));
    }

    void binaryConfusionCountsAsTheMetricsDo_data()
    {
        QTest::addColumn<double>("threshold");
        QTest::newRow("0.1") << 0.1;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("0.9") << 0.9;
        QTest::newRow("on a tied score") << 0.6;
    }

    void binaryConfusionCountsAsTheMetricsDo()
    {
        QFETCH(double, threshold);
        std::mt19937 generator(7);
        std::vector<float> scores;
        std::vector<bool> positive;
        std::vector<float> targets;
        randomScores(generator, 1000, 5, scores, positive, targets);
        const es::ConfusionMatrix matrix = es::binaryConfusion(scores, targets, threshold);
        const es::BinaryMetrics metrics = es::binaryMetrics(scores, targets, threshold);
        QCOMPARE(matrix.classes, std::size_t{2});
        QCOMPARE(matrix.at(0, 0), metrics.trueNegatives);
        QCOMPARE(matrix.at(0, 1), metrics.falsePositives);
        QCOMPARE(matrix.at(1, 0), metrics.falseNegatives);
        QCOMPARE(matrix.at(1, 1), metrics.truePositives);
        QCOMPARE(matrix.total(), std::int64_t{1000});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::binaryConfusion({0.5F}, {}, 0.5));
    }

    void multiClassConfusionRowsAreTheLabels()
    {
        // 3 classes, 5 samples: predicted 0, 2, 1, 1, 0 (the first of a tie wins).
        const std::vector<float> probabilities = {0.7F, 0.2F, 0.1F,  //
                                                  0.1F, 0.2F, 0.7F,  //
                                                  0.2F, 0.6F, 0.2F,  //
                                                  0.4F, 0.4F, 0.2F,  // tie: class 0
                                                  0.5F, 0.3F, 0.2F};
        const std::vector<std::int64_t> labels = {0, 2, 2, 1, 0};
        const es::ConfusionMatrix matrix = es::multiClassConfusion(probabilities, 3, labels);
        const std::vector<std::int64_t> expected = {2, 0, 0,  //
                                                    1, 0, 0,  //
                                                    0, 1, 1};
        QCOMPARE(matrix.counts, expected);
        const es::MultiClassMetrics metrics = es::multiClassMetrics(probabilities, 3, labels);
        const double diagonal =
            static_cast<double>(matrix.at(0, 0) + matrix.at(1, 1) + matrix.at(2, 2));
        QCOMPARE(diagonal / static_cast<double>(matrix.total()), metrics.accuracy);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 es::multiClassConfusion(probabilities, 3, {0, 2, 3, 1, 0}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 es::multiClassConfusion(probabilities, 3, {0, 2}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::multiClassConfusion({0.5F}, 1, {0}));
    }

    void histogramBinsEveryFiniteValueOnce()
    {
        std::mt19937 generator(3);
        std::normal_distribution<double> normal(0.0, 2.0);
        std::vector<double> values(5000);
        for (double& value : values)
            value = normal(generator);
        values.push_back(std::numeric_limits<double>::quiet_NaN());
        values.push_back(std::numeric_limits<double>::infinity());
        const es::Histogram histogram = es::histogramOf(values, 40);
        QCOMPARE(histogram.counts.size(), std::size_t{40});
        QCOMPARE(histogram.skipped, std::int64_t{2});
        QCOMPARE(std::accumulate(histogram.counts.begin(), histogram.counts.end(), std::int64_t{0}),
                 std::int64_t{5000});
        // Each value lies in its bin: recount them by the bins' edges.
        std::vector<std::int64_t> recount(40, 0);
        const double high = histogram.low + 40 * histogram.width;
        for (std::size_t i = 0; i < 5000; ++i) {
            QVERIFY(values[i] >= histogram.low && values[i] <= high + kTolerance);
            const auto bin = std::min<std::size_t>(
                39, static_cast<std::size_t>((values[i] - histogram.low) / histogram.width));
            ++recount[bin];
        }
        QCOMPARE(recount, histogram.counts);
        // The largest value sits on the top edge, in the last bin, not past it.
        const double largest = *std::max_element(values.begin(), values.begin() + 5000);
        QVERIFY(std::fabs(high - largest) < 1e-9);
        QVERIFY(histogram.counts.back() >= 1);
    }

    void histogramOfEqualOrNoValues()
    {
        const es::Histogram equal = es::histogramOf({2.5, 2.5, 2.5}, 20);
        QCOMPARE(equal.counts, std::vector<std::int64_t>{3});
        QCOMPARE(equal.binCentre(0), 2.5);
        QCOMPARE(equal.width, 1.0);
        QVERIFY(es::histogramOf({}, 20).counts.empty());
        const es::Histogram onlyNan = es::histogramOf({std::nan("")}, 20);
        QVERIFY(onlyNan.counts.empty());
        QCOMPARE(onlyNan.skipped, std::int64_t{1});
        QCOMPARE(es::histogramOf({0.0, 1.0}, 0).counts.size(), std::size_t{1});
    }

    void residualsAndBins()
    {
        QCOMPARE(es::residualsOf({1.5F, 0.0F}, {1.0F, 2.0F}), (std::vector<double>{0.5, -2.0}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::residualsOf({1.0F}, {}));
        QCOMPARE(es::suggestedBins(0), std::size_t{10});
        QCOMPARE(es::suggestedBins(99), std::size_t{10});
        QCOMPARE(es::suggestedBins(401), std::size_t{21});
        QCOMPARE(es::suggestedBins(25000), std::size_t{100});
    }
};

QTEST_GUILESS_MAIN(TestPredictionPlots)
#include "tst_predictionplots.moc"
