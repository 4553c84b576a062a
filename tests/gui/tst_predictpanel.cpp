// The Predict dock (docs/predict.md) over runs the built CLI trained and recorded: a regression
// (quick-demo made small), a binary and a three-class classifier on synthetic tokens and a run
// without checkpoints. Choosing a run preselects its best checkpoint; predicting on the run's
// validation data fills the metrics and the task's charts; the metrics on files equal what
// `epochscope-cli predict --json` prints for the same files; a binary classifier's confusion
// matrix, metrics and ROC mark follow the threshold, a softmax's is of its argmax; a prediction
// asked for while a run trains waits for it; Stop drops a long prediction; a bad input is named and
// the panel predicts again after it; Save predictions writes the .npy np.save would; a run without
// checkpoints is refused with the callback to add; dropped files fill X and Y; and the window's
// Predict... opens the dock on a run.

#include "engine/predict/predictionfile.h"
#include "engine/predict/predictionmetrics.h"
#include "engine/predict/predictionplots.h"
#include "engine/store/runcheckpoints.h"
#include "engine/store/runstore.h"
#include "engine/text/sentimentcorpus.h"
#include "tests/support/clirunner.h"
#include "ui/live/trainingidlegate.h"
#include "ui/mainwindow.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/predict/checkpointpicker.h"
#include "ui/predict/confusionmatrixchart.h"
#include "ui/predict/predictedserieschart.h"
#include "ui/predict/predictionmetricstable.h"
#include "ui/predict/predictionresultview.h"
#include "ui/predict/predictionscatterchart.h"
#include "ui/predict/predictpanel.h"
#include "ui/predict/predictsetup.h"
#include "ui/predict/pytorchexportdialog.h"
#include "ui/predict/residualhistogramchart.h"
#include "ui/predict/rocchart.h"
#include "ui/predict/textscorebox.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QPointer>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTabWidget>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using es::ui::PredictPanel;

namespace {

// Loading LibTorch, the data and the model takes seconds on a loaded machine; generous.
constexpr int kPredictTimeoutMs = 180'000;
// The CLI prints doubles; the panel holds the same doubles: equal well within this.
constexpr double kTolerance = 1e-5;
// quick-demo made small: samples of kTimesteps x kFeatures.
constexpr int kTimesteps = 16;
constexpr int kFeatures = 8;
constexpr int kFileSamples = 40;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// A float32 .npy of `count` values drawn from a fixed seed, shaped `shape`.
bool writeRandomNpy(const QString& path, const std::vector<std::int64_t>& shape, unsigned seed)
{
    std::size_t count = 1;
    for (std::int64_t axis : shape)
        count *= static_cast<std::size_t>(axis);
    std::mt19937 generator(seed);
    std::normal_distribution<float> normal(0.0F, 1.0F);
    std::vector<float> values(count);
    for (float& value : values)
        value = normal(generator);
    return writeBytes(path, QByteArray::fromStdString(es::npyFloat32Bytes(values, shape)));
}

/// The count in a confusion matrix cell ("412\n82.4%").
qint64 cellCount(const es::ui::ConfusionMatrixChart& chart, int actual, int predicted)
{
    return chart.cellText(actual, predicted).section('\n', 0, 0).toLongLong();
}

bool sameCounts(const es::ui::ConfusionMatrixChart& chart, const es::ConfusionMatrix& matrix)
{
    for (int actual = 0; actual < 2; ++actual)
        for (int predicted = 0; predicted < 2; ++predicted)
            if (cellCount(chart, actual, predicted) !=
                matrix.at(static_cast<std::size_t>(actual), static_cast<std::size_t>(predicted)))
                return false;
    return true;
}

std::vector<bool> positives(const std::vector<float>& targets)
{
    std::vector<bool> positive;
    for (float target : targets)
        positive.push_back(target > 0.5F);
    return positive;
}

}  // namespace

class TestPredictPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_database;
    qint64 m_regression = 0;
    qint64 m_binary = 0;
    qint64 m_multiClass = 0;
    qint64 m_withoutCheckpoints = 0;
    qint64 m_text = 0;  ///< trained on a generated corpus of raw text
    QString m_x;        ///< kFileSamples inputs for the regression
    QString m_y;        ///< and their targets

    /// Trains `config` named `name` with the CLI into m_database; the run's id, 0 on failure.
    qint64 train(nlohmann::json config, const QString& name)
    {
        config["name"] = name.toStdString();
        const QString path = m_dir.filePath(name + ".json");
        if (!writeBytes(path, QByteArray::fromStdString(config.dump(2))))
            return 0;
        const CliRun run =
            runCli({"train", "--config", path, "--db", m_database, "-q"}, kTrainTimeoutMs);
        if (run.exitCode != kExitFinished) {
            qWarning("train failed: %s", qPrintable(describe(run)));
            return 0;
        }
        const es::RunStore store(m_database.toStdString(), es::StoreAccess::ReadOnly);
        for (const es::StoredRunHeader& header : store.listRuns())
            if (header.name == name.toStdString())
                return header.id;
        return 0;
    }

    /// A model_checkpoint callback saving every epoch into the test's directory. Mode max on
    /// a loss that falls: the first save is the best, so that the best and the newest differ.
    nlohmann::json checkpointCallback(const QString& stem) const
    {
        return nlohmann::json::array(
            {{{"type", "model_checkpoint"},
              {"filepath", m_dir.filePath(stem + "-{epoch:02d}.pt").toStdString()},
              {"monitor", "val_loss"},
              {"mode", "max"},
              {"save_best_only", false}}});
    }

    /// Predicts as the Predict button does and waits for the end; false when it did not end.
    static bool predict(PredictPanel& panel)
    {
        QSignalSpy finished(&panel, &PredictPanel::predictionFinished);
        if (!panel.startPrediction())
            return false;
        return finished.count() > 0 || finished.wait(kPredictTimeoutMs);
    }

    /// A panel on the test's database with run `runId` chosen.
    std::unique_ptr<PredictPanel> panelOn(qint64 runId) const
    {
        auto panel = std::make_unique<PredictPanel>();
        panel->setDatabasePath(m_database);
        if (!panel->showRun(runId))
            qWarning("showRun(%lld): %s", static_cast<long long>(runId),
                     qPrintable(panel->errorText()));
        return panel;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_database = m_dir.filePath("runs.sqlite");

        const CliRun quickDemo = runCli({"presets", "quick-demo"});
        QCOMPARE(quickDemo.exitCode, kExitFinished);
        nlohmann::json regression = nlohmann::json::parse(quickDemo.out.toStdString());
        regression["training"]["epochs"] = 2;
        regression["data"]["source"]["samples"] = 384;
        regression["data"]["source"]["timesteps"] = kTimesteps;
        regression["model"]["layers"][0]["units"] = 16;
        m_withoutCheckpoints = train(regression, "no-checkpoints");
        QVERIFY(m_withoutCheckpoints > 0);
        // A sentiment classifier trained on raw text, for the text box (older than the runs
        // below, which the tests of the run list take as the newest).
        const QString corpus = QString::fromStdString(
            es::ensureSentimentCorpus(m_dir.filePath("corpus").toStdString(), {60, 3}));
        const CliRun imdbText = runCli({"presets", "imdb-lstm-sentiment"});
        QCOMPARE(imdbText.exitCode, kExitFinished);
        nlohmann::json text = nlohmann::json::parse(imdbText.out.toStdString());
        text["data"]["batch_size"] = 32;
        text["model"]["layers"][0]["input_dim"] = 2000;
        text["model"]["layers"][0]["output_dim"] = 8;
        text["model"]["layers"][1]["units"] = 8;
        text["training"]["optimizer"]["learning_rate"] = 0.01;
        text["data"]["source"] = {{"type", "text_folder"}, {"path", corpus.toStdString()}};
        text["data"]["text"] = {{"max_tokens", 2000}, {"output_sequence_length", 32}};
        text["model"]["layers"][0]["mask_zero"] = true;
        text["training"]["epochs"] = 2;
        text["callbacks"] = checkpointCallback("text");
        m_text = train(text, "text");
        QVERIFY(m_text > 0);

        regression["callbacks"] = checkpointCallback("reg");
        m_regression = train(regression, "regression");
        QVERIFY(m_regression > 0);

        const CliRun imdb = runCli({"presets", "imdb-lstm-sentiment"});
        QCOMPARE(imdb.exitCode, kExitFinished);
        nlohmann::json binary = nlohmann::json::parse(imdb.out.toStdString());
        binary["training"]["epochs"] = 3;
        binary["training"]["optimizer"]["learning_rate"] = 0.01;
        binary["data"]["batch_size"] = 32;
        binary["data"]["source"]["samples"] = 640;
        binary["data"]["source"]["timesteps"] = 24;
        binary["data"]["source"]["vocab_size"] = 64;
        binary["data"]["source"]["classes"] = 2;
        binary["model"]["layers"][0]["input_dim"] = 64;
        binary["model"]["layers"][0]["output_dim"] = 8;
        binary["model"]["layers"][1]["units"] = 8;
        binary["callbacks"] = checkpointCallback("bin");
        m_binary = train(binary, "binary");
        QVERIFY(m_binary > 0);
        // Three classes by a softmax, the targets class ids.
        nlohmann::json multiClass = binary;
        multiClass["data"]["source"]["classes"] = 3;
        multiClass["model"]["layers"][2]["units"] = 3;
        multiClass["model"]["layers"][2]["activation"] = "softmax";
        multiClass["training"]["loss"] = "sparse_categorical_crossentropy";
        multiClass["training"]["epochs"] = 1;
        multiClass["callbacks"] = checkpointCallback("multi");
        m_multiClass = train(multiClass, "multiclass");
        QVERIFY(m_multiClass > 0);

        m_x = m_dir.filePath("x_small.npy");
        m_y = m_dir.filePath("y_small.npy");
        QVERIFY(writeRandomNpy(m_x, {kFileSamples, kTimesteps, kFeatures}, 1));
        QVERIFY(writeRandomNpy(m_y, {kFileSamples}, 2));
    }

    void showRunPreselectsTheBestCheckpoint()
    {
        const auto panel = panelOn(m_regression);
        QCOMPARE(panel->runId(), m_regression);
        // Newest first, runs with a model checkpoint only.
        const QComboBox* runs = panel->setup()->runCombo();
        QCOMPARE(runs->count(), 4);
        QCOMPARE(runs->itemData(0).toLongLong(), m_multiClass);
        QCOMPARE(runs->itemText(2), QString("#%1 regression").arg(m_regression));
        QCOMPARE(panel->newestRunWithCheckpoints(), m_multiClass);

        const es::RunStore store(m_database.toStdString(), es::StoreAccess::ReadOnly);
        const es::RunCheckpoint best =
            es::resolveRunCheckpoint(store, m_regression, es::CheckpointChoice::Best);
        const es::RunCheckpoint last =
            es::resolveRunCheckpoint(store, m_regression, es::CheckpointChoice::Last);
        QVERIFY(best.path() != last.path());
        QCOMPARE(panel->checkpointPicker()->selectedPath(), QFile::decodeName(best.path().c_str()));
        QVERIFY(panel->usesValidationData());
        QVERIFY(panel->predictButton()->isEnabled());
        QVERIFY(!panel->stopButton()->isEnabled());
        QVERIFY(panel->errorText().isEmpty());

        // Export for PyTorch... takes the checkpoint the panel has chosen.
        const QString lastPath = QFile::decodeName(last.path().c_str());
        QVERIFY(panel->checkpointPicker()->selectPath(lastPath));
        QPointer<es::ui::PyTorchExportDialog> dialog = panel->openPyTorchExport();
        QVERIFY(dialog);
        QCOMPARE(dialog->checkpointPicker()->runId(), m_regression);
        QCOMPARE(dialog->checkpointPicker()->selectedPath(), lastPath);
        dialog->close();  // deleted when closed
        QTRY_VERIFY(dialog.isNull());
    }

    void regressionOnValidationDataShowsItsCharts()
    {
        const auto panel = panelOn(m_regression);
        QSignalSpy predicting(panel.get(), &PredictPanel::predictingChanged);
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QCOMPARE(predicting.count(), 2);
        QVERIFY(!panel->isPredicting());
        const es::PredictionResult& result = *panel->result();
        QCOMPARE(result.task, es::PredictionTask::Regression);
        QVERIFY(result.scored);
        // validation_split 0.2 of 384 samples
        QVERIFY(result.samples() > 0 && result.samples() < 384);
        QCOMPARE(result.targets.size(), result.values.size());

        es::ui::PredictionResultView* view = panel->resultView();
        const std::vector<std::int64_t> shape = {result.samples(), 1};
        QCOMPARE(result.shape, shape);
        QCOMPARE(view->chartTabs()->count(), 3);
        QCOMPARE(view->seriesChart()->pointCount(), static_cast<int>(result.samples()));
        QCOMPARE(view->scatterChart()->pointCount(), static_cast<int>(result.samples()));
        QCOMPARE(view->residualChart()->binCount(),
                 static_cast<int>(es::suggestedBins(result.values.size())));
        QVERIFY(!view->outputCombo()->isVisibleTo(view));
        QVERIFY(!view->thresholdBox()->isVisibleTo(view));

        const es::RegressionMetrics expected = es::regressionMetrics(result.values, result.targets);
        const es::ui::PredictionMetricsTable* table = panel->metricsTable();
        QVERIFY(table->value("loss").has_value());
        // quick-demo's own metrics include mae, which the loss's code sums in float32.
        QVERIFY(std::abs(table->value("mae").value_or(-1) - expected.mae) <= kTolerance);
        QVERIFY(std::abs(table->value("rmse").value_or(-1) - expected.rmse) <= kTolerance);
        QVERIFY(table->hasRow("r2"));
        QVERIFY(panel->statusText().contains(QString::number(result.samples())));
        QVERIFY(view->headingText().contains(QString("#%1").arg(m_regression)));
    }

    void regressionMetricsEqualTheCli()
    {
        const auto panel = panelOn(m_regression);
        panel->setInputFiles(m_x, m_y);
        QVERIFY(!panel->usesValidationData());
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QCOMPARE(panel->result()->samples(), kFileSamples);

        const CliRun cli = runCli({"predict", "--run", QString::number(m_regression), "--db",
                                   m_database, "--x", m_x, "--y", m_y, "--json"},
                                  kTrainTimeoutMs);
        QVERIFY2(cli.exitCode == kExitFinished, qPrintable(describe(cli)));
        const nlohmann::json printed = nlohmann::json::parse(cli.out.toStdString());
        QCOMPARE(printed["samples"].get<int>(), kFileSamples);
        const es::ui::PredictionMetricsTable* table = panel->metricsTable();
        for (const char* name : {"mae", "rmse"}) {
            const double cliValue = printed["metrics"][name].get<double>();
            const double shown = table->value(name).value_or(-1);
            QVERIFY2(std::abs(shown - cliValue) <= kTolerance,
                     qPrintable(QString("%1: %2 in the panel, %3 from the CLI")
                                    .arg(name)
                                    .arg(shown)
                                    .arg(cliValue)));
        }
        QVERIFY(std::abs(table->value("loss").value_or(-1) - printed["loss"].get<double>()) <=
                kTolerance);
    }

    void withoutTargetsOnlyTheSeries()
    {
        const auto panel = panelOn(m_regression);
        panel->setInputFiles(m_x, {});
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QVERIFY(!panel->result()->scored);
        es::ui::PredictionResultView* view = panel->resultView();
        QCOMPARE(view->chartTabs()->count(), 1);
        QCOMPARE(view->chartTabs()->widget(0), view->seriesChart());
        QCOMPARE(view->seriesChart()->pointCount(), kFileSamples);
        QVERIFY(!view->noteText().isEmpty());
        QCOMPARE(panel->metricsTable()->rowCount(), 0);
    }

    void binaryConfusionFollowsTheThreshold()
    {
        const auto panel = panelOn(m_binary);
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        const es::PredictionResult& result = *panel->result();
        QCOMPARE(result.task, es::PredictionTask::Binary);
        QCOMPARE(result.targetWidth, std::int64_t(1));
        es::ui::PredictionResultView* view = panel->resultView();
        QCOMPARE(view->chartTabs()->count(), 2);
        QVERIFY(view->thresholdBox()->isVisibleTo(view));
        QCOMPARE(panel->threshold(), 0.5);

        const es::ui::ConfusionMatrixChart& chart = *view->confusionChart();
        const es::ConfusionMatrix atHalf = es::binaryConfusion(result.values, result.targets, 0.5);
        QCOMPARE(chart.classCount(), 2);
        QVERIFY(sameCounts(chart, atHalf));
        const es::ui::PredictionMetricsTable* table = panel->metricsTable();
        QCOMPARE(table->value("true_positives").value_or(-1), double(atHalf.at(1, 1)));
        QCOMPARE(table->value("false_negatives").value_or(-1), double(atHalf.at(1, 0)));
        // At 0.5 the table says what the engine said (the config's accuracy summed in float32
        // by the loss's code, the table's counted again in double).
        for (const es::NamedValue& metric : result.metrics)
            if (metric.value)
                QVERIFY2(std::abs(table->value(QString::fromStdString(metric.name)).value_or(-1) -
                                  *metric.value) <= kTolerance,
                         metric.name.c_str());

        const es::ui::RocChart& roc = *view->rocChart();
        QVERIFY(roc.pointCount() > 2);
        const std::optional<double> auc = es::rocAuc(result.values, positives(result.targets));
        QVERIFY(auc.has_value());
        QVERIFY(std::abs(table->value("roc_auc").value_or(-1) - *auc) <= 1e-12);
        QVERIFY2(roc.curve()->name().contains(QString::number(*auc, 'f', 3)),
                 qPrintable(roc.curve()->name()));
        const std::optional<QPointF> markAtHalf = roc.markedPoint();
        QVERIFY(markAtHalf.has_value());

        QSignalSpy thresholdChanged(view, &es::ui::PredictionResultView::thresholdChanged);
        panel->setThreshold(0.9);
        QCOMPARE(thresholdChanged.count(), 1);
        const es::ConfusionMatrix atHigh = es::binaryConfusion(result.values, result.targets, 0.9);
        QVERIFY(sameCounts(chart, atHigh));
        const es::BinaryMetrics metrics = es::binaryMetrics(result.values, result.targets, 0.9);
        QCOMPARE(table->value("true_positives").value_or(-1), double(metrics.truePositives));
        QCOMPARE(table->value("precision").value_or(-1), metrics.precision);
        QCOMPARE(table->value("recall").value_or(-1), metrics.recall);
        // Fewer predicted positives: the mark moves down the curve, never up.
        QVERIFY(roc.markedPoint().has_value());
        QVERIFY(roc.markedPoint()->x() <= markAtHalf->x());
        QVERIFY(roc.markedPoint()->y() <= markAtHalf->y());
        // The model learned something in three epochs: some probability lies between the two
        // thresholds, so the counts move.
        QVERIFY2(atHalf.counts != atHigh.counts, "every probability is below 0.5 or above 0.9");
        QVERIFY(cellCount(chart, 1, 1) < atHalf.at(1, 1) ||
                cellCount(chart, 0, 1) < atHalf.at(0, 1));
    }

    void multiClassConfusionOfTheArgmax()
    {
        const auto panel = panelOn(m_multiClass);
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        const es::PredictionResult& result = *panel->result();
        QCOMPARE(result.task, es::PredictionTask::MultiClass);
        es::ui::PredictionResultView* view = panel->resultView();
        QCOMPARE(view->chartTabs()->count(), 1);
        QVERIFY(!view->thresholdBox()->isVisibleTo(view));
        std::vector<std::int64_t> labels;
        for (float target : result.targets)
            labels.push_back(static_cast<std::int64_t>(std::lround(target)));
        const es::ConfusionMatrix expected = es::multiClassConfusion(result.values, 3, labels);
        const es::ui::ConfusionMatrixChart& chart = *view->confusionChart();
        QCOMPARE(chart.classCount(), 3);
        for (int actual = 0; actual < 3; ++actual)
            for (int predicted = 0; predicted < 3; ++predicted)
                QCOMPARE(cellCount(chart, actual, predicted),
                         expected.at(static_cast<std::size_t>(actual),
                                     static_cast<std::size_t>(predicted)));
        QVERIFY(panel->metricsTable()->hasRow("macro_f1"));
    }

    void stopDropsTheLongPrediction()
    {
        // Many samples in batches of one: thousands of batches, far longer than Stop takes.
        const QString many = m_dir.filePath("x_many.npy");
        QVERIFY(writeRandomNpy(many, {20'000, kTimesteps, kFeatures}, 3));
        const auto panel = panelOn(m_regression);
        panel->setInputFiles(many, {});
        panel->setBatchSize(1);
        QSignalSpy finished(panel.get(), &PredictPanel::predictionFinished);
        QVERIFY(panel->startPrediction());
        QVERIFY(panel->isPredicting());
        QVERIFY(!panel->predictButton()->isEnabled());
        QVERIFY(panel->stopButton()->isEnabled());
        // Stopped once batches run, so that the worker is in the middle of them.
        QTRY_VERIFY_WITH_TIMEOUT(panel->setup()->progressBar()->value() > 0, kPredictTimeoutMs);
        panel->stopPrediction();
        QVERIFY(!panel->isPredicting());
        QCOMPARE(finished.count(), 1);
        QVERIFY(panel->result() == nullptr);
        QVERIFY2(panel->statusText().startsWith("Stopped"), qPrintable(panel->statusText()));
        QVERIFY(panel->predictButton()->isEnabled());
        QVERIFY(!panel->setup()->saveButton()->isEnabled());

        // The next prediction waits for the dropped one's batch, then runs whole.
        panel->setInputFiles(m_x, m_y);
        panel->setBatchSize(0);
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QCOMPARE(panel->result()->samples(), kFileSamples);
    }

    void waitsForATrainingRunToEnd()
    {
        const auto panel = panelOn(m_regression);
        panel->setInputFiles(m_x, m_y);
        es::ui::TrainingIdleGate& gate = es::ui::TrainingIdleGate::instance();
        gate.runStarted();
        QSignalSpy finished(panel.get(), &PredictPanel::predictionFinished);
        QVERIFY(panel->startPrediction());
        QVERIFY(panel->isWaitingForRun());
        QVERIFY2(panel->statusText().contains("waiting for the run to end", Qt::CaseInsensitive),
                 qPrintable(panel->statusText()));
        // Stop while waiting: the prediction never starts, even when the run ends.
        panel->stopPrediction();
        QVERIFY(!panel->isPredicting());
        QCOMPARE(finished.count(), 1);
        QVERIFY(panel->startPrediction());
        QVERIFY(panel->isWaitingForRun());
        gate.runEnded();
        QVERIFY(!panel->isWaitingForRun());
        QVERIFY(panel->isPredicting());
        QVERIFY(gate.toolWorkActive());  // a run asked to start now waits for the prediction
        QVERIFY(finished.wait(kPredictTimeoutMs));
        QCOMPARE(finished.count(), 2);
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(!gate.toolWorkActive(), kPredictTimeoutMs);
    }

    void badInputsAreNamedAndThePanelGoesOn()
    {
        const auto panel = panelOn(m_regression);
        QSignalSpy problems(panel.get(), &PredictPanel::problem);

        const QString garbage = m_dir.filePath("garbage.npy");
        QVERIFY(writeBytes(garbage, "this is not an array, only words"));
        panel->setInputFiles(garbage, {});
        QVERIFY(predict(*panel));
        QVERIFY(panel->result() == nullptr);
        QVERIFY2(panel->errorText().contains("garbage.npy"), qPrintable(panel->errorText()));
        QCOMPARE(problems.count(), 1);
        QVERIFY(!panel->isPredicting());

        // Three features where the model was trained on kFeatures.
        const QString narrow = m_dir.filePath("x_three_features.npy");
        QVERIFY(writeRandomNpy(narrow, {kFileSamples, kTimesteps, 3}, 4));
        panel->setInputFiles(narrow, {});
        QVERIFY(predict(*panel));
        QVERIFY(panel->result() == nullptr);
        QVERIFY2(panel->errorText().contains("x_three_features.npy"),
                 qPrintable(panel->errorText()));
        QVERIFY2(panel->errorText().contains("X file"), qPrintable(panel->errorText()));

        panel->setInputFiles(m_x, m_y);
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QVERIFY(panel->errorText().isEmpty());
    }

    void savePredictionsWritesTheNpy()
    {
        const auto panel = panelOn(m_regression);
        QVERIFY(!panel->savePredictions(m_dir.filePath("nothing.npy")));  // nothing yet
        panel->setInputFiles(m_x, m_y);
        QVERIFY(predict(*panel));
        QVERIFY2(panel->result() != nullptr, qPrintable(panel->errorText()));
        QVERIFY(panel->setup()->saveButton()->isEnabled());
        const es::PredictionResult& result = *panel->result();

        const QString npy = m_dir.filePath("predictions.npy");
        QVERIFY2(panel->savePredictions(npy), qPrintable(panel->errorText()));
        const QByteArray bytes = readAll(npy);
        QVERIFY(bytes.startsWith("\x93NUMPY\x01\x00"));
        const int headerLength =
            static_cast<unsigned char>(bytes[8]) + 256 * static_cast<unsigned char>(bytes[9]);
        const QByteArray header = bytes.mid(10, headerLength);
        QVERIFY2(header.contains("'descr': '<f4'"), header.constData());
        QVERIFY2(header.contains(QString("'shape': (%1, 1)").arg(kFileSamples).toLatin1()),
                 header.constData());
        const QByteArray data = bytes.mid(10 + headerLength);
        QCOMPARE(data.size(), static_cast<qsizetype>(result.values.size() * sizeof(float)));
        QVERIFY(std::memcmp(data.constData(), result.values.data(), data.size()) == 0);

        const QString csv = m_dir.filePath("predictions.csv");
        QVERIFY(panel->savePredictions(csv));
        const QList<QByteArray> lines = readAll(csv).trimmed().split('\n');
        QCOMPARE(lines.size(), kFileSamples + 1);
        QCOMPARE(lines.front().trimmed(), QByteArray("prediction"));

        QSignalSpy problems(panel.get(), &PredictPanel::problem);
        QVERIFY(!panel->savePredictions(m_dir.filePath("predictions.txt")));
        QVERIFY(!panel->errorText().isEmpty());
        QVERIFY(!panel->savePredictions(m_dir.filePath("missing-folder/predictions.npy")));
        QCOMPARE(problems.count(), 2);
        QVERIFY(!QFile::exists(m_dir.filePath("missing-folder/predictions.npy")));
        QVERIFY(temporaryFilesUnder(m_dir.path()).isEmpty());
    }

    void runWithoutCheckpointsIsRefused()
    {
        PredictPanel panel;
        panel.setDatabasePath(m_database);
        QSignalSpy problems(&panel, &PredictPanel::problem);
        QVERIFY(!panel.showRun(m_withoutCheckpoints));
        QCOMPARE(problems.count(), 1);
        QVERIFY2(panel.errorText().contains("model_checkpoint"), qPrintable(panel.errorText()));
        QVERIFY(panel.runId() != m_withoutCheckpoints);
        // A run that is not in the database at all.
        QVERIFY(!panel.showRun(m_binary + 1000));
        QVERIFY(!panel.errorText().isEmpty());
        // The panel still predicts with a run that has checkpoints.
        QVERIFY(panel.showRun(m_binary));
        QVERIFY(panel.errorText().isEmpty());
    }

    void droppedFilesFillXAndY()
    {
        PredictPanel panel;
        es::ui::PredictSetup* setup = panel.setup();
        QVERIFY(setup->takeDroppedFiles({"/data/y_test.npy", "/data/x_test.npy"}));
        QCOMPARE(setup->xPath(), QDir::toNativeSeparators("/data/x_test.npy"));
        QCOMPARE(setup->yPath(), QDir::toNativeSeparators("/data/y_test.npy"));
        QVERIFY(!panel.usesValidationData());
        QVERIFY(setup->takeDroppedFiles({"/data/inputs.npy", "/data/answers.npy"}));
        QCOMPARE(setup->xPath(), QDir::toNativeSeparators("/data/inputs.npy"));
        QCOMPARE(setup->yPath(), QDir::toNativeSeparators("/data/answers.npy"));
        QVERIFY(setup->takeDroppedFiles({"/data/labels.npy"}));
        QCOMPARE(setup->xPath(), QDir::toNativeSeparators("/data/inputs.npy"));
        QCOMPARE(setup->yPath(), QDir::toNativeSeparators("/data/labels.npy"));
        panel.useValidationData();
        QVERIFY(panel.usesValidationData());
    }

    void textBoxScoresAsYouType()
    {
        // Only a model trained on text has the box.
        const auto numbers = panelOn(m_binary);
        QVERIFY(numbers->textScoreBox()->isHidden());

        const auto panel = panelOn(m_text);
        es::ui::TextScoreBox* box = panel->textScoreBox();
        QVERIFY(!box->isHidden());
        QSignalSpy shown(box, &es::ui::TextScoreBox::scoreShown);
        const QString review = "A wonderful, brilliant film... zzzword";
        box->setText(review);
        QVERIFY(shown.wait(kPredictTimeoutMs));
        QVERIFY2(box->problem().isEmpty(), qPrintable(box->problem()));
        // The score the CLI predicts for the same text with the same kept tokenizer.
        const CliRun cli = runCli({"predict", "--run", QString::number(m_text), "--db", m_database,
                                   "--json", "--text", review});
        QCOMPARE(cli.exitCode, kExitFinished);
        const nlohmann::json predicted = nlohmann::json::parse(cli.out.toStdString());
        const QString className = QString::fromStdString(predicted["texts"][0]["class"]);
        QVERIFY2(box->scoreText().endsWith(className), qPrintable(box->scoreText()));
        // The unknown word is marked; the known ones are not.
        QVERIFY2(box->tokensText().contains(">zzzword</span>"), qPrintable(box->tokensText()));
        QVERIFY(!box->tokensText().contains(">wonderful</span>"));

        // Typing on scores the newest text.
        const QString before = box->tokensText();
        box->setText(review + " dull");
        QVERIFY(shown.wait(kPredictTimeoutMs));
        QVERIFY(box->tokensText() != before && box->tokensText().endsWith("dull"));
    }

    void windowOpensPredictOnARun()
    {
        es::ui::MainWindow window(m_database);
        QDockWidget* dock = window.predictDock();
        QVERIFY(dock != nullptr);
        QCOMPARE(dock->objectName(), QString("predictDock"));
        QVERIFY(window.openPredict(m_regression));
        QVERIFY(dock->isVisibleTo(&window));
        QCOMPARE(window.predictPanel()->runId(), m_regression);
        QVERIFY(!window.openPredict(m_withoutCheckpoints));
        // Run > Predict... with nothing selected and no run finished here: the newest.
        window.predictAction()->trigger();
        QCOMPARE(window.predictPanel()->runId(), m_multiClass);
    }
};

QTEST_MAIN(TestPredictPanel)
#include "tst_predictpanel.moc"
