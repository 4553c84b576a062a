// The metrics `predict` reports (engine/predict/predictionmetrics.h): small cases computed by
// hand, then random ones (ties included) against NumPy computing each definition its own way
// (ROC AUC from all positive-negative pairs rather than from ranks); and the prediction files
// read back by NumPy.

#include "engine/data/npyfile.h"
#include "engine/predict/predictionfile.h"
#include "engine/predict/predictionmetrics.h"
#include "engine/predict/predictiontask.h"
#include "tests/support/numpyscript.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

using Floats = std::vector<float>;
using Ids = std::vector<std::int64_t>;
using OptionalDouble = std::optional<double>;
Q_DECLARE_METATYPE(Floats)
Q_DECLARE_METATYPE(Ids)
Q_DECLARE_METATYPE(OptionalDouble)

namespace {

// Each value below is exact in double arithmetic up to rounding of its last digits.
constexpr double kTolerance = 1e-12;
// NumPy sums float32 data in float64 too, but in another order.
constexpr double kNumPyTolerance = 1e-9;

/// Writes random predictions and targets for each task, ties included, and each metric as
/// NumPy computes it from its definition, into DIR/metrics.json (arrays as lists).
const char* const kReference = R"PY(
import json, sys
import numpy as np

rng = np.random.default_rng(24)
out = {}

def regression(n, k):
    t = rng.normal(size=(n, k)).astype(np.float32)
    p = (t + rng.normal(scale=0.4, size=(n, k))).astype(np.float32)
    e = p.astype(np.float64) - t.astype(np.float64)
    tt = t.astype(np.float64)
    r2 = np.mean([1 - np.sum(e[:, j] ** 2) / np.sum((tt[:, j] - tt[:, j].mean()) ** 2)
                  for j in range(k)])
    return {"outputs": k, "p": p.ravel().tolist(), "t": t.ravel().tolist(),
            "mae": float(np.mean(np.abs(e))), "rmse": float(np.sqrt(np.mean(e ** 2))),
            "r2": float(r2)}

def binary(n):
    # Scores on a coarse grid: many ties, across the classes too.
    t = (rng.random(n) < 0.4).astype(np.float32)
    p = np.clip(np.round(0.3 * t + 0.7 * rng.random(n), 1), 0, 1).astype(np.float32)
    pos, neg = p[t > 0.5].astype(np.float64), p[t <= 0.5].astype(np.float64)
    pairs = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    guess, truth = p > 0.5, t > 0.5
    tp = int(np.sum(guess & truth)); fp = int(np.sum(guess & ~truth))
    fn = int(np.sum(~guess & truth)); tn = int(np.sum(~guess & ~truth))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"p": p.tolist(), "t": t.tolist(), "tp": tp, "fp": fp, "tn": tn, "fn": fn,
            "accuracy": (tp + tn) / n, "precision": precision, "recall": recall, "f1": f1,
            "auc": float(np.mean(pairs))}

def multiclass(n, k):
    # Class 4 never occurs, among the labels or the predictions: it is left out of the means.
    labels = rng.integers(0, k - 1, size=n)
    logits = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[labels]
    logits[:, k - 1] = -50
    p = (np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)).astype(np.float32)
    guess = np.argmax(p, axis=1)
    present = sorted(set(labels.tolist()) | set(guess.tolist()))
    precisions, recalls, f1s = [], [], []
    for c in present:
        tp = np.sum((guess == c) & (labels == c))
        pc = tp / np.sum(guess == c) if np.sum(guess == c) else 0.0
        rc = tp / np.sum(labels == c) if np.sum(labels == c) else 0.0
        precisions.append(pc); recalls.append(rc)
        f1s.append(2 * pc * rc / (pc + rc) if pc + rc else 0.0)
    return {"classes": k, "p": p.ravel().tolist(), "labels": labels.tolist(),
            "accuracy": float(np.mean(guess == labels)), "macro_precision": float(np.mean(precisions)),
            "macro_recall": float(np.mean(recalls)), "macro_f1": float(np.mean(f1s)),
            "averaged": len(present)}

out["regression"] = [regression(500, 1), regression(300, 3)]
out["binary"] = [binary(400), binary(37)]
out["multiclass"] = [multiclass(600, 5)]
json.dump(out, open(sys.argv[1] + "/metrics.json", "w"))
)PY";

/// Loads the prediction files the test wrote and checks them against the raw float32 bytes:
/// np.load for the .npy, np.loadtxt for the CSV (its header too).
const char* const kReadBack = R"PY(
import sys
import numpy as np
npy, csv, raw = sys.argv[1:4]
shape = tuple(int(n) for n in sys.argv[4].split(","))
expected = np.fromfile(raw, dtype="<f4").reshape(shape)
loaded = np.load(npy)
assert loaded.dtype == np.float32, loaded.dtype
assert loaded.shape == shape, (loaded.shape, shape)
assert np.array_equal(loaded, expected, equal_nan=True), (loaded, expected)
with open(csv) as f:
    header = f.readline().strip().split(",")
width = int(np.prod(shape[1:])) if len(shape) > 1 else 1
names = ["prediction"] if width == 1 else ["output_%d" % i for i in range(width)]
assert header == names, header
table = np.loadtxt(csv, delimiter=",", skiprows=1, dtype=np.float64, ndmin=2)
assert np.array_equal(table.astype(np.float32), expected.reshape(shape[0], width),
                      equal_nan=True), table
)PY";

Floats floatsOf(const QJsonArray& array)
{
    Floats values;
    for (const QJsonValue value : array)
        values.push_back(static_cast<float>(value.toDouble()));
    return values;
}

bool near(double actual, double expected, double tolerance)
{
    return std::abs(actual - expected) <= tolerance;
}

}  // namespace

class TestPredictionMetrics : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QJsonObject m_reference;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = es::test::runNumPyScript(kReference, {m_dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QFile file(m_dir.filePath("metrics.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_reference = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY(!m_reference.isEmpty());
    }

    void regressionByHand_data()
    {
        QTest::addColumn<Floats>("predictions");
        QTest::addColumn<Floats>("targets");
        QTest::addColumn<int>("outputs");
        QTest::addColumn<double>("mae");
        QTest::addColumn<double>("rmse");
        QTest::addColumn<OptionalDouble>("r2");
        // Errors 0, -1, 1, -1; targets' mean 2.75, SS_tot 8.75, SS_res 3.
        QTest::newRow("one output") << Floats{1, 2, 3, 4} << Floats{1, 3, 2, 5} << 1 << 0.75
                                    << std::sqrt(0.75) << OptionalDouble(1.0 - 3.0 / 8.75);
        QTest::newRow("perfect") << Floats{1, 2} << Floats{1, 2} << 1 << 0.0 << 0.0
                                 << OptionalDouble(1.0);
        // R^2 is not defined when every target is the same.
        QTest::newRow("constant targets") << Floats{1, 2, 3} << Floats{2, 2, 2} << 1 << 2.0 / 3.0
                                          << std::sqrt(2.0 / 3.0) << OptionalDouble();
        // Two outputs, rows (1, 10), (2, 20), (3, 30) predicted (1, 12), (2, 20), (4, 28):
        // output 0: SS_res 1, SS_tot 2 -> 0.5; output 1: SS_res 8, SS_tot 200 -> 0.96.
        QTest::newRow("two outputs, R^2 averaged")
            << Floats{1, 12, 2, 20, 4, 28} << Floats{1, 10, 2, 20, 3, 30} << 2 << 5.0 / 6.0
            << std::sqrt(9.0 / 6.0) << OptionalDouble((0.5 + 0.96) / 2.0);
    }

    void regressionByHand()
    {
        QFETCH(Floats, predictions);
        QFETCH(Floats, targets);
        QFETCH(int, outputs);
        QFETCH(double, mae);
        QFETCH(double, rmse);
        QFETCH(OptionalDouble, r2);
        const es::RegressionMetrics metrics =
            es::regressionMetrics(predictions, targets, static_cast<std::size_t>(outputs));
        QVERIFY2(near(metrics.mae, mae, kTolerance), qPrintable(QString::number(metrics.mae)));
        QVERIFY2(near(metrics.rmse, rmse, kTolerance), qPrintable(QString::number(metrics.rmse)));
        QCOMPARE(metrics.r2.has_value(), r2.has_value());
        if (r2)
            QVERIFY2(near(*metrics.r2, *r2, kTolerance), qPrintable(QString::number(*metrics.r2)));
    }

    void binaryByHand()
    {
        // Positives score 0.9, 0.8, 0.3; negatives 0.6, 0.2, 0.55. At 0.5: TP 2, FP 2, FN 1,
        // TN 1. Of the 9 pairs, a positive outscores the negative in 7.
        const es::BinaryMetrics metrics =
            es::binaryMetrics({0.9F, 0.8F, 0.3F, 0.6F, 0.2F, 0.55F}, {1, 1, 1, 0, 0, 0});
        QCOMPARE(metrics.truePositives, std::int64_t(2));
        QCOMPARE(metrics.falsePositives, std::int64_t(2));
        QCOMPARE(metrics.falseNegatives, std::int64_t(1));
        QCOMPARE(metrics.trueNegatives, std::int64_t(1));
        QVERIFY(near(metrics.accuracy, 0.5, kTolerance));
        QVERIFY(near(metrics.precision, 0.5, kTolerance));
        QVERIFY(near(metrics.recall, 2.0 / 3.0, kTolerance));
        QVERIFY(near(metrics.f1, 2.0 * 0.5 * (2.0 / 3.0) / (0.5 + 2.0 / 3.0), kTolerance));
        QVERIFY(metrics.rocAuc.has_value());
        QVERIFY(near(*metrics.rocAuc, 7.0 / 9.0, kTolerance));
    }

    void binaryThresholdAndEmptyRatios()
    {
        // 0.5 is not above the threshold: nothing is predicted positive, so precision and F1
        // have no cases and are 0; a soft target of 0.7 counts as positive, 0.5 as negative.
        const es::BinaryMetrics metrics = es::binaryMetrics({0.5F, 0.1F, 0.2F}, {0.7F, 0.5F, 0});
        QCOMPARE(metrics.truePositives, std::int64_t(0));
        QCOMPARE(metrics.falseNegatives, std::int64_t(1));
        QCOMPARE(metrics.trueNegatives, std::int64_t(2));
        QCOMPARE(metrics.precision, 0.0);
        QCOMPARE(metrics.recall, 0.0);
        QCOMPARE(metrics.f1, 0.0);
        QVERIFY(near(metrics.accuracy, 2.0 / 3.0, kTolerance));
        QVERIFY(near(*metrics.rocAuc, 1.0, kTolerance));
    }

    void rocAucByHand_data()
    {
        QTest::addColumn<Floats>("scores");
        QTest::addColumn<Floats>("targets");
        QTest::addColumn<OptionalDouble>("auc");
        QTest::newRow("separated")
            << Floats{0.1F, 0.2F, 0.8F, 0.9F} << Floats{0, 0, 1, 1} << OptionalDouble(1.0);
        QTest::newRow("reversed") << Floats{0.9F, 0.8F, 0.2F, 0.1F} << Floats{0, 0, 1, 1}
                                  << OptionalDouble(0.0);
        QTest::newRow("all tied") << Floats{0.5F, 0.5F, 0.5F, 0.5F} << Floats{1, 0, 1, 0}
                                  << OptionalDouble(0.5);
        // Positives 0.4 and 0.8 against negatives 0.1 and 0.4: three wins and one tie.
        QTest::newRow("a tie across the classes")
            << Floats{0.1F, 0.4F, 0.4F, 0.8F} << Floats{0, 1, 0, 1} << OptionalDouble(3.5 / 4.0);
        // Ties within one class do not count: 0.3 and 0.3 both beat 0.2, both lose to 0.6.
        QTest::newRow("ties within a class")
            << Floats{0.3F, 0.3F, 0.2F, 0.6F} << Floats{1, 1, 0, 0} << OptionalDouble(0.5);
        QTest::newRow("one class only") << Floats{0.3F, 0.7F} << Floats{1, 1} << OptionalDouble();
        QTest::newRow("a NaN score") << Floats{0.3F, std::numeric_limits<float>::quiet_NaN()}
                                     << Floats{1, 0} << OptionalDouble();
    }

    void rocAucByHand()
    {
        QFETCH(Floats, scores);
        QFETCH(Floats, targets);
        QFETCH(OptionalDouble, auc);
        const es::BinaryMetrics metrics = es::binaryMetrics(scores, targets);
        QCOMPARE(metrics.rocAuc.has_value(), auc.has_value());
        if (auc)
            QVERIFY2(near(*metrics.rocAuc, *auc, kTolerance),
                     qPrintable(QString::number(*metrics.rocAuc)));
    }

    void multiClassByHand()
    {
        // Rows predict 0, 1, 1, 2, 0 for labels 0, 1, 2, 2, 1. Class 0: TP 1, predicted 2,
        // labelled 1 -> P 0.5, R 1, F1 2/3. Class 1: TP 1, predicted 2, labelled 2 -> 0.5, 0.5,
        // 0.5. Class 2: TP 1, predicted 1, labelled 2 -> 1, 0.5, 2/3. Class 3 never occurs.
        const Floats probabilities = {0.7F, 0.1F, 0.1F, 0.1F, 0.1F, 0.6F, 0.2F, 0.1F, 0.2F, 0.5F,
                                      0.2F, 0.1F, 0.1F, 0.1F, 0.7F, 0.1F, 0.4F, 0.3F, 0.2F, 0.1F};
        const es::MultiClassMetrics metrics =
            es::multiClassMetrics(probabilities, 4, {0, 1, 2, 2, 1});
        QVERIFY(near(metrics.accuracy, 3.0 / 5.0, kTolerance));
        QCOMPARE(metrics.classesAveraged, std::int64_t(3));
        QVERIFY(near(metrics.macroPrecision, (0.5 + 0.5 + 1.0) / 3.0, kTolerance));
        QVERIFY(near(metrics.macroRecall, (1.0 + 0.5 + 0.5) / 3.0, kTolerance));
        QVERIFY(near(metrics.macroF1, (2.0 / 3.0 + 0.5 + 2.0 / 3.0) / 3.0, kTolerance));
    }

    void argmaxTakesTheFirstHighestAndSkipsNaN()
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const Ids indices = es::rowArgmax({0.2F, 0.4F, 0.4F, nan, 0.1F, 0.3F, nan, nan, nan}, 3);
        QCOMPARE(indices, (Ids{1, 2, 0}));
    }

    void mismatchedSizesAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::regressionMetrics({1, 2}, {1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::binaryMetrics({}, {}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 es::multiClassMetrics({0.5F, 0.5F}, 2, {2}));
    }

    void regressionAgreesWithNumPy()
    {
        for (const QJsonValue value : m_reference["regression"].toArray()) {
            const QJsonObject row = value.toObject();
            const es::RegressionMetrics metrics =
                es::regressionMetrics(floatsOf(row["p"].toArray()), floatsOf(row["t"].toArray()),
                                      static_cast<std::size_t>(row["outputs"].toInt()));
            QVERIFY(near(metrics.mae, row["mae"].toDouble(), kNumPyTolerance));
            QVERIFY(near(metrics.rmse, row["rmse"].toDouble(), kNumPyTolerance));
            QVERIFY(metrics.r2.has_value());
            QVERIFY2(
                near(*metrics.r2, row["r2"].toDouble(), kNumPyTolerance),
                qPrintable(QString("%1 against %2").arg(*metrics.r2).arg(row["r2"].toDouble())));
        }
    }

    void binaryAgreesWithNumPy()
    {
        for (const QJsonValue value : m_reference["binary"].toArray()) {
            const QJsonObject row = value.toObject();
            const es::BinaryMetrics metrics =
                es::binaryMetrics(floatsOf(row["p"].toArray()), floatsOf(row["t"].toArray()));
            QCOMPARE(metrics.truePositives, std::int64_t(row["tp"].toInt()));
            QCOMPARE(metrics.falsePositives, std::int64_t(row["fp"].toInt()));
            QCOMPARE(metrics.trueNegatives, std::int64_t(row["tn"].toInt()));
            QCOMPARE(metrics.falseNegatives, std::int64_t(row["fn"].toInt()));
            QVERIFY(near(metrics.accuracy, row["accuracy"].toDouble(), kNumPyTolerance));
            QVERIFY(near(metrics.precision, row["precision"].toDouble(), kNumPyTolerance));
            QVERIFY(near(metrics.recall, row["recall"].toDouble(), kNumPyTolerance));
            QVERIFY(near(metrics.f1, row["f1"].toDouble(), kNumPyTolerance));
            QVERIFY(metrics.rocAuc.has_value());
            QVERIFY2(near(*metrics.rocAuc, row["auc"].toDouble(), kNumPyTolerance),
                     qPrintable(
                         QString("%1 against %2").arg(*metrics.rocAuc).arg(row["auc"].toDouble())));
        }
    }

    void multiClassAgreesWithNumPy()
    {
        for (const QJsonValue value : m_reference["multiclass"].toArray()) {
            const QJsonObject row = value.toObject();
            Ids labels;
            for (const QJsonValue label : row["labels"].toArray())
                labels.push_back(label.toInt());
            const es::MultiClassMetrics metrics =
                es::multiClassMetrics(floatsOf(row["p"].toArray()),
                                      static_cast<std::size_t>(row["classes"].toInt()), labels);
            QCOMPARE(metrics.classesAveraged, std::int64_t(row["averaged"].toInt()));
            QVERIFY(near(metrics.accuracy, row["accuracy"].toDouble(), kNumPyTolerance));
            QVERIFY(
                near(metrics.macroPrecision, row["macro_precision"].toDouble(), kNumPyTolerance));
            QVERIFY(near(metrics.macroRecall, row["macro_recall"].toDouble(), kNumPyTolerance));
            QVERIFY(near(metrics.macroF1, row["macro_f1"].toDouble(), kNumPyTolerance));
        }
    }

    void taskMetricsNameTheTasksMetrics()
    {
        const es::TaskScore regression =
            es::taskMetrics(es::PredictionTask::Regression, {1, 2, 3, 4}, 1, {1, 3, 2, 5}, 1);
        QCOMPARE(regression.metrics.size(), std::size_t(3));
        QCOMPARE(regression.metrics[2].name, std::string("r2"));
        const es::TaskScore binary =
            es::taskMetrics(es::PredictionTask::Binary, {0.9F, 0.2F}, 1, {1, 0}, 1);
        QCOMPARE(binary.metrics.back().name, std::string("roc_auc"));
        QCOMPARE(binary.counts.size(), std::size_t(4));
        // One-hot rows give the labels of categorical_crossentropy.
        const es::TaskScore oneHot = es::taskMetrics(es::PredictionTask::MultiClass,
                                                     {0.8F, 0.2F, 0.3F, 0.7F}, 2, {1, 0, 1, 0}, 2);
        QCOMPARE(oneHot.metrics.front().name, std::string("accuracy"));
        QVERIFY(near(*oneHot.metrics.front().value, 0.5, kTolerance));
        // A sequence per sample (width 0) has no per-sample verdict.
        QVERIFY(es::taskMetrics(es::PredictionTask::Regression, {1, 2}, 0, {1}, 1).metrics.empty());
    }

    void predictionFilesReadBackInNumPy_data()
    {
        QTest::addColumn<QList<qint64>>("shape");
        QTest::newRow("one value per sample") << QList<qint64>{7, 1};
        QTest::newRow("three classes") << QList<qint64>{5, 3};
        QTest::newRow("a sequence per sample") << QList<qint64>{2, 4, 3};
        // Long enough a header that its padding crosses 64 bytes differently.
        QTest::newRow("many samples") << QList<qint64>{123456, 1};
    }

    void predictionFilesReadBackInNumPy()
    {
        QFETCH(QList<qint64>, shape);
        const std::vector<std::int64_t> dims(shape.begin(), shape.end());
        std::int64_t count = 1;
        for (const std::int64_t extent : dims)
            count *= extent;
        Floats values(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] =
                static_cast<float>(std::sin(static_cast<double>(i)) * std::pow(10.0, i % 13 - 6.0));
        values[0] = std::numeric_limits<float>::quiet_NaN();
        const QString tag = QString(QTest::currentDataTag()).replace(' ', '_');
        const QString npy = m_dir.filePath(tag + ".npy");
        const QString csv = m_dir.filePath(tag + ".csv");
        const QString raw = m_dir.filePath(tag + ".raw");
        es::writePredictionFile(npy.toStdString(), es::PredictionFormat::Npy, values, dims);
        es::writePredictionFile(csv.toStdString(), es::PredictionFormat::Csv, values, dims);
        {
            std::ofstream file(raw.toStdString(), std::ios::binary);
            file.write(reinterpret_cast<const char*>(values.data()),
                       static_cast<std::streamsize>(values.size() * sizeof(float)));
        }
        // The data starts at a multiple of 64 bytes, as np.save aligns it.
        const es::NpyArrayInfo info = es::inspectNpyFile(npy.toStdString());
        QCOMPARE(info.dataOffset % 64, std::size_t(0));
        QCOMPARE(info.shape, dims);
        QStringList extents;
        for (const qint64 extent : shape)
            extents << QString::number(extent);
        const QString problem =
            es::test::runNumPyScript(kReadBack, {npy, csv, raw, extents.join(',')});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void predictionFormatsByExtension()
    {
        QCOMPARE(es::predictionFormatOf("out/p.NPY"), std::optional(es::PredictionFormat::Npy));
        QCOMPARE(es::predictionFormatOf("p.csv"), std::optional(es::PredictionFormat::Csv));
        QVERIFY(!es::predictionFormatOf("p.json").has_value());
        QVERIFY(!es::predictionFormatOf("npy").has_value());
    }
};

QTEST_GUILESS_MAIN(TestPredictionMetrics)
#include "tst_predictionmetrics.moc"
