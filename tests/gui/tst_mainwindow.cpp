// The desktop window offscreen, as a user drives it: presets load into the setup panel and
// round-trip through a file, a bad field blocks Start with the engine's message, a short run
// started with the Start action fills every chart and the runs table, Stop ends a run as
// stopped, the runs model passes QAbstractItemModelTester, a finding's "Try this fix" fills
// the What-if dock, and a run database it cannot use is shown with what to do and left as it
// was. Screenshots of the main views go to the build directory for people to look
// at.

#include "engine/config/presets.h"
#include "engine/store/runstore.h"
#include "engine/summary/rankstats.h"
#include "tests/support/testpaths.h"
#include "ui/dashboard/dashboardview.h"
#include "ui/findings/findingsmodel.h"
#include "ui/findings/findingspanel.h"
#include "ui/history/runsmodel.h"
#include "ui/history/runspanel.h"
#include "ui/live/livefeed.h"
#include "ui/live/localrankprocesses.h"
#include "ui/live/runcontroller.h"
#include "ui/mainwindow.h"
#include "ui/plots/batchphasechart.h"
#include "ui/plots/losschart.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/plots/rankstepchart.h"
#include "ui/plots/runchart.h"
#include "ui/plots/stepchart.h"
#include "ui/settings/appsettings.h"
#include "ui/setup/configeditor.h"
#include "ui/setup/distributedfields.h"
#include "ui/status/runstatusbar.h"
#include "ui/whatif/whatifpanel.h"

#include <QtCore/QDir>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtGui/QAction>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QTableView>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

namespace {

constexpr int kRunTimeoutMs = 180'000;

/// quick-demo cut down to a few short steps.
QString shortRunText(int epochs, int steps)
{
    nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
    config["name"] = "gui-test";
    config["training"]["epochs"] = epochs;
    config["training"]["steps_per_epoch"] = steps;
    config["data"]["source"]["samples"] = 640;
    config["profiling"]["sample_interval_ms"] = 20;
    return QString::fromStdString(config.dump(2));
}

/// Points in a chart's plottables: what it has drawn.
int plottedPoints(es::ui::RunChart* chart)
{
    int points = 0;
    QCustomPlot* plot = chart->plot();
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (QCPPlottableInterface1D* data = plot->plottable(i)->interface1D())
            points += data->dataCount();
    }
    return points;
}

/// A step of `rank` in a made-up distributed run: rank 1 computes 3 ms longer, rank 0 waits
/// for it in Communication, and both take the same wall time (lockstep).
es::BatchRecord rankStep(int rank, int epoch, int batch)
{
    es::BatchRecord step;
    step.epoch = epoch;
    step.batch = batch;
    step.phaseMs[es::phaseIndex(es::Phase::Forward)] = 4.0;
    step.phaseMs[es::phaseIndex(es::Phase::Backward)] = rank == 1 ? 9.0 : 6.0;
    step.phaseMs[es::phaseIndex(es::Phase::Communication)] = rank == 1 ? 0.5 : 3.5;
    step.wallMs = 13.5;
    step.samples = 64;
    step.endS = 0.0135 * (10 * (epoch - 1) + batch);
    return step;
}

/// Records a run of `worldSize` processes (1: not distributed) of two epochs of 10 steps into
/// `database`, as rank 0's recorder does: its info, its steps and the other ranks'.
qint64 recordRanks(const QString& database, int worldSize)
{
    es::RunStore store(database.toStdString());
    const qint64 id = store.beginRun(worldSize > 1 ? "two ranks" : "one process",
                                     es::toJson(es::loadPreset("quick-demo")));
    std::vector<es::RankMember> members;
    if (worldSize > 1)
        members = {{0, "node-a", 4001}, {1, "node-b", 4002}};
    store.setRunInfo(id, {{"device", "cpu"},
                          {"backend", "libtorch"},
                          {"world_size", worldSize},
                          {"ranks", es::rankMembersJson(members)},
                          {"epochs_planned", 2},
                          {"batches_per_epoch", 10}});
    std::vector<es::BatchRecord> rankZero;
    std::vector<std::pair<int, es::BatchRecord>> others;
    for (int epoch = 1; epoch <= 2; ++epoch) {
        for (int batch = 1; batch <= 10; ++batch) {
            rankZero.push_back(rankStep(0, epoch, batch));
            for (int rank = 1; rank < worldSize; ++rank)
                others.emplace_back(rank, rankStep(rank, epoch, batch));
        }
    }
    store.append(id, rankZero, {}, {}, others);
    store.finishRun(id, es::RunStatus::Completed, "", nullptr);
    return id;
}

/// The Runs table's row of run `id`, or -1.
int rowOfRun(es::ui::RunsModel* model, qint64 id)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(es::ui::RunsModel::kRunIdRole).toLongLong() == id)
            return row;
    }
    return -1;
}

/// The processes this test started that still exist (zombies included), as "pid name".
QStringList childProcesses()
{
    QStringList children;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString& task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile file(tasks.filePath(task + QStringLiteral("/children")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray& pid : file.readAll().split(' ')) {
            if (pid.trimmed().isEmpty())
                continue;
            QFile comm(QStringLiteral("/proc/%1/comm").arg(QString::fromLatin1(pid.trimmed())));
            comm.open(QIODevice::ReadOnly);
            children << QString::fromLatin1(pid.trimmed()) + QLatin1Char(' ') +
                            QString::fromUtf8(comm.readAll().trimmed());
        }
    }
    return children;
}

QString statusOfNewestRun(es::ui::RunsModel* model)
{
    return model->index(0, es::ui::RunsModel::Status).data().toString();
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QVERIFY(m_dir.isValid());
    }

    void presetsLoadAndRoundTripThroughAFile_data()
    {
        QTest::addColumn<QString>("preset");
        for (const es::PresetInfo& preset : es::builtinPresets())
            QTest::newRow(preset.name.c_str()) << QString::fromStdString(preset.name);
    }

    void presetsLoadAndRoundTripThroughAFile()
    {
        QFETCH(QString, preset);
        es::ui::MainWindow window(m_dir.filePath("roundtrip.sqlite"));
        window.loadPreset(preset);
        es::ui::ConfigEditor* editor = window.configEditor();
        QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
        QVERIFY(*editor->config() == es::loadPreset(preset.toStdString()));
        QVERIFY(window.startAction()->isEnabled());

        const QString path = m_dir.filePath(preset + ".json");
        QString error;
        QVERIFY2(editor->saveFile(path, &error), qPrintable(error));
        es::ui::MainWindow reopened(m_dir.filePath("roundtrip.sqlite"));
        QVERIFY(reopened.openConfig(path));
        QVERIFY(reopened.configEditor()->config().has_value());
        QVERIFY(*reopened.configEditor()->config() == es::loadPreset(preset.toStdString()));
    }

    void invalidFieldBlocksStartWithTheEngineMessage()
    {
        es::ui::MainWindow window(m_dir.filePath("invalid.sqlite"));
        QString text = shortRunText(1, 2);
        text.replace("\"epochs\": 1", "\"epochs\": 0");
        window.configEditor()->setText(text);
        QVERIFY(!window.configEditor()->config().has_value());
        QVERIFY(!window.startAction()->isEnabled());
        QVERIFY2(window.configEditor()->problems().contains(
                     "training.epochs: expected a positive integer, got 0"),
                 qPrintable(window.configEditor()->problems()));
        QVERIFY(window.startAction()->toolTip().contains("training.epochs"));

        window.configEditor()->setText("{ \"name\": ");
        QVERIFY(!window.startAction()->isEnabled());
        QVERIFY2(window.configEditor()->problems().contains("@byte"),
                 qPrintable(window.configEditor()->problems()));
    }

    void formAndJsonEditTheSameConfig()
    {
        es::ui::MainWindow window(m_dir.filePath("form.sqlite"));
        window.loadPreset("quick-demo");
        es::ui::ConfigEditor* editor = window.configEditor();
        auto* epochs = editor->findChild<QSpinBox*>("epochs");
        auto* placement = editor->findChild<QComboBox*>("placement");
        auto* device = editor->findChild<QComboBox*>("device");
        QVERIFY(epochs && placement && device);
        QCOMPARE(epochs->value(), es::loadPreset("quick-demo").training.epochs);

        epochs->setValue(3);
        QCOMPARE(editor->config()->training.epochs, 3);
        QVERIFY(editor->text().contains("\"epochs\": 3"));

        // A combination the engine refuses is shown as such, from the form too.
        placement->setCurrentText("pinned");
        QVERIFY(!editor->config().has_value());
        QVERIFY2(editor->problems().contains("data.placement"), qPrintable(editor->problems()));
        QVERIFY(!window.startAction()->isEnabled());
        // ... at the field itself, which stays editable, on a tab marked with a warning sign.
        QVERIFY(placement->isEnabled());
        const QString fieldMessage = placement->toolTip();
        QVERIFY2(!fieldMessage.isEmpty() && editor->problems().contains(fieldMessage),
                 qPrintable(fieldMessage));
        const int dataTab = 1;
        QCOMPARE(editor->tabs()->tabText(dataTab), QString("Data"));
        QVERIFY(!editor->tabs()->tabIcon(dataTab).isNull());
        QVERIFY(editor->tabs()->tabIcon(0).isNull());  // nothing wrong with the model

        // Editing the JSON refills the form.
        QString text = editor->text();
        text.replace("\"placement\": \"pinned\"", "\"placement\": \"device\"");
        text.replace("\"epochs\": 3", "\"epochs\": 7");
        editor->setText(text);
        QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
        QCOMPARE(epochs->value(), 7);
        QCOMPARE(placement->currentText(), QString("device"));
        QCOMPARE(device->currentText(), QString("cpu"));
        QVERIFY(placement->toolTip() != fieldMessage);  // the mark is gone with the problem
        QVERIFY(editor->tabs()->tabIcon(dataTab).isNull());

        // A problem typed into the JSON leaves the forms read-only: they cannot show it.
        editor->setText(editor->text().replace("\"epochs\": 7", "\"epochs\": 0"));
        QVERIFY(!epochs->isEnabled());
    }

    void startedRunFillsTheChartsAndTheHistory()
    {
        const QString database = m_dir.filePath("run.sqlite");
        es::ui::MainWindow window(database);
        window.resize(1600, 1000);
        window.show();
        window.configEditor()->setText(shortRunText(2, 6));
        QVERIFY(window.startAction()->isEnabled());
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        window.startAction()->trigger();
        QVERIFY(!window.startAction()->isEnabled());  // one run at a time
        QVERIFY(window.stopAction()->isEnabled());
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.first().at(0).value<es::RunState>(), es::RunState::Finished);

        QCOMPARE(window.controller()->timeline().batches.size(), std::size_t{12});
        QCOMPARE(window.controller()->timeline().epochs.size(), std::size_t{2});
        for (es::ui::RunChart* chart : window.dashboard()->charts())
            QVERIFY2(plottedPoints(chart) > 0, chart->metaObject()->className());
        // The last epoch, which ends with the run, is drawn too.
        const auto* loss = qobject_cast<es::ui::LossChart*>(window.dashboard()->charts()[2]);
        QVERIFY(loss != nullptr);
        QCOMPARE(loss->trainLossGraph()->data()->size(), 2);
        QCOMPARE(loss->valLossGraph()->data()->size(), 2);
        QVERIFY(window.startAction()->isEnabled());

        es::ui::RunsModel* runs = window.runsPanel()->model();
        QCOMPARE(runs->rowCount(), 1);
        QCOMPARE(statusOfNewestRun(runs), QString("completed"));
        QCOMPARE(runs->index(0, es::ui::RunsModel::Steps).data().toLongLong(), 12);

        // The profiler's state: how phases were timed, and that the sampler ran.
        const QString profiler = window.runStatusBar()->profilerText();
        QVERIFY2(profiler.contains("host clocks") && !profiler.contains(" 0 system"),
                 qPrintable(profiler));

        saveScreenshot(window, "main-window-after-run");

        // Reopened from the store, the same run fills the charts again.
        const qint64 runId = runs->index(0, es::ui::RunsModel::Id).data().toLongLong();
        window.controller()->showTimeline(es::ui::RunTimeline());
        window.openStoredRun(runId);
        QCOMPARE(window.controller()->timeline().batches.size(), std::size_t{12});
        for (es::ui::RunChart* chart : window.dashboard()->charts())
            QVERIFY2(plottedPoints(chart) > 0, chart->metaObject()->className());
    }

    void stopEndsTheRunAsStopped()
    {
        es::ui::MainWindow window(m_dir.filePath("stop.sqlite"));
        window.configEditor()->setText(shortRunText(1000, 4));
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        window.startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->timeline().batches.size() >= 4,
                                 kRunTimeoutMs);
        window.stopAction()->trigger();
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.first().at(0).value<es::RunState>(), es::RunState::Stopped);
        QVERIFY(window.controller()->timeline().epochs.size() < 1000);
        QCOMPARE(statusOfNewestRun(window.runsPanel()->model()), QString("stopped"));
    }

    void settingsAreRememberedAndUsed()
    {
        es::ui::AppSettings chosen;
        chosen.databasePath = m_dir.filePath("chosen.sqlite");
        chosen.chartWindowSteps = 1234;
        chosen.sampleIntervalMs = 250;
        chosen.theme = es::ui::AppSettings::Theme::Dark;
        chosen.save();
        const es::ui::AppSettings loaded = es::ui::AppSettings::load();
        QCOMPARE(loaded.databasePath, chosen.databasePath);
        QCOMPARE(loaded.chartWindowSteps, 1234);
        QCOMPARE(loaded.sampleIntervalMs, 250);
        QCOMPARE(loaded.theme, es::ui::AppSettings::Theme::Dark);

        es::ui::MainWindow window;  // no database given: the settings' one
        QCOMPARE(window.databasePath(), chosen.databasePath);
        const auto* steps = qobject_cast<es::ui::StepChart*>(window.dashboard()->charts()[0]);
        QVERIFY(steps != nullptr);
        QCOMPARE(steps->windowSteps(), 1234);
        // Presets load with the chosen sampler interval; a config file keeps its own.
        window.loadPreset("quick-demo");
        QCOMPARE(window.configEditor()->config()->profiling.sampleIntervalMs, 250);
        QSettings().clear();
    }

    void runsModelPassesTheModelTester()
    {
        es::ui::RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.reload(m_dir.filePath("run.sqlite")));
        QVERIFY(model.rowCount() >= 1);
        QVERIFY(model.reload(m_dir.filePath("empty.sqlite")));
        QCOMPARE(model.rowCount(), 0);
    }

    /// A distributed run in the window: Runs shows its world size, and opened, the dashboard
    /// shows each rank's busy time per step (rank 1, the straggler, above rank 0) and a rank
    /// selector that switches the step charts between the ranks; a run of one process shows
    /// neither.
    void distributedRunShowsItsRanks()
    {
        const QString database = m_dir.filePath("ranks.sqlite");
        const qint64 distributed = recordRanks(database, 2);
        const qint64 single = recordRanks(database, 1);
        es::ui::MainWindow window(database);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        es::ui::RunsModel* runs = window.runsPanel()->model();
        QAbstractItemModelTester tester(runs,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(runs->headerData(es::ui::RunsModel::Ranks, Qt::Horizontal).toString(),
                 QString("Ranks"));
        const int distributedRow = rowOfRun(runs, distributed);
        const int singleRow = rowOfRun(runs, single);
        QVERIFY(distributedRow >= 0 && singleRow >= 0);
        QCOMPARE(runs->index(distributedRow, es::ui::RunsModel::Ranks).data().toInt(), 2);
        QCOMPARE(runs->index(singleRow, es::ui::RunsModel::Ranks).data().toInt(), 1);
        QVERIFY(runs->index(distributedRow, es::ui::RunsModel::Ranks)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("2 processes"));

        es::ui::DashboardView* dashboard = window.dashboard();
        QVERIFY(!dashboard->showsRanks());
        QVERIFY(dashboard->rankChart()->isHidden());
        window.openStoredRun(distributed);
        QVERIFY(dashboard->showsRanks());
        QVERIFY(dashboard->rankChart()->isVisible());
        QVERIFY(dashboard->rankSelector()->isVisible());
        QComboBox* selector = dashboard->rankSelector();
        QCOMPARE(selector->count(), 2);
        QCOMPARE(selector->itemText(0), QString("rank 0 (node-a)"));
        QCOMPARE(selector->itemText(1), QString("rank 1 (node-b)"));
        QCOMPARE(selector->currentIndex(), 0);

        es::ui::RankStepChart* ranks = dashboard->rankChart();
        QCPGraph* rankZero = ranks->rankGraph(0);
        QCPGraph* rankOne = ranks->rankGraph(1);
        QVERIFY(rankZero && rankOne);
        QCOMPARE(rankZero->name(), QString("rank 0 (node-a)"));
        QCOMPARE(rankOne->name(), QString("rank 1 (node-b)"));
        QCOMPARE(rankZero->data()->size(), 21);          // 20 steps and the closing edge
        QCOMPARE(rankZero->data()->at(4)->value, 10.0);  // 13.5 ms less 3.5 waited
        QCOMPARE(rankOne->data()->at(4)->value, 13.0);   // 13.5 ms less 0.5 waited
        saveScreenshot(window, "main-window-ranks");

        auto* steps = qobject_cast<es::ui::BatchPhaseChart*>(dashboard->charts()[0]);
        QVERIFY(steps);
        QCOMPARE(steps->shownRank(), 0);
        const auto backward = [steps] {
            return steps->phaseGraph(es::Phase::Backward)->data()->at(3)->value -
                   steps->phaseGraph(es::Phase::Forward)->data()->at(3)->value;
        };
        QCOMPARE(backward(), 6.0);
        selector->setCurrentIndex(1);
        QCOMPARE(steps->shownRank(), 1);
        QCOMPARE(steps->stepCount(), std::size_t(20));
        QCOMPARE(backward(), 9.0);
        for (const es::ui::StepChart* chart : dashboard->stepCharts()) {
            if (chart != ranks)
                QCOMPARE(chart->shownRank(), 1);
        }

        // Another run starts over on rank 0; one of one process has no rank views at all.
        window.openStoredRun(single);
        QVERIFY(!dashboard->showsRanks());
        QVERIFY(dashboard->rankChart()->isHidden());
        QVERIFY(!dashboard->rankSelector()->isVisible());
        QCOMPARE(steps->shownRank(), 0);
        QCOMPARE(backward(), 6.0);
        window.openStoredRun(distributed);
        QCOMPARE(selector->currentIndex(), 0);
        QCOMPARE(steps->shownRank(), 0);
    }

    /// A run of several on this machine can start here (the window starts the other ranks);
    /// joining a run as one of its ranks can, the rank kept through the JSON; a rank outside
    /// the run is refused at its field.
    void distributedSetupInTheWindow()
    {
        es::ui::MainWindow window(m_dir.filePath("distributed-setup.sqlite"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        es::ui::ConfigEditor* editor = window.configEditor();
        nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
        config["distributed"]["world_size"] = 2;
        editor->setText(QString::fromStdString(config.dump(2)));
        QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
        QVERIFY(window.startAction()->isEnabled());
        auto* worldSize = editor->findChild<QSpinBox*>("world_size");
        auto* mode = editor->findChild<QComboBox*>("distributed_mode");
        auto* master = editor->findChild<QLineEdit*>("master");
        auto* rank = editor->findChild<QSpinBox*>("rank");
        QVERIFY(worldSize && mode && master && rank);
        QVERIFY(worldSize->isEnabled());
        QCOMPARE(mode->currentData().toInt(), int(es::ui::DistributedFields::Mode::Local));

        editor->tabs()->setCurrentIndex(3);  // Device
        mode->setCurrentIndex(mode->findData(int(es::ui::DistributedFields::Mode::Join)));
        QCOMPARE(mode->currentData().toInt(), int(es::ui::DistributedFields::Mode::Join));
        QVERIFY(!editor->config().has_value());  // no address yet
        QVERIFY2(editor->problems().contains("distributed.init: type rank 0's address"),
                 qPrintable(editor->problems()));
        QTest::keyClicks(master, "127.0.0.1:29555");
        QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
        QCOMPARE(editor->config()->distributed.init, std::string("tcp://127.0.0.1:29555"));
        QVERIFY(editor->text().contains("\"init\": \"tcp://127.0.0.1:29555\""));
        QVERIFY(window.startAction()->isEnabled());
        rank->setValue(1);
        QCOMPARE(editor->config()->rank, 1);
        QVERIFY(!editor->text().contains("\"rank\""));  // not in the file

        // Typed in the JSON, the rank stays; a run too small for it is refused at the rank.
        auto* json = editor->findChild<QPlainTextEdit*>("config_json");
        QVERIFY(json);
        worldSize->setValue(3);
        rank->setValue(2);
        json->setPlainText(editor->text().replace("\"world_size\": 3", "\"world_size\": 2"));
        QTRY_VERIFY(!editor->config().has_value());
        QVERIFY2(editor->problems().contains("rank: rank 2 is not below the run's 2 processes"),
                 qPrintable(editor->problems()));
        // A config set anew trains rank 0.
        editor->setText(editor->text());
        QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
        QCOMPARE(editor->config()->rank, 0);
    }

    /// "Several on this machine" with 2 processes: Start trains rank 0 here and starts rank 1
    /// as an epochscope-cli child; the run is recorded with both ranks' steps, and no child is
    /// left once it has ended.
    void severalOnThisMachineStartsTheOtherRanks()
    {
        es::ui::LocalRankProcesses::setCliProgram(es::test::cliPath());
        const QString database = m_dir.filePath("local-ranks.sqlite");
        es::ui::MainWindow window(database);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        es::ui::ConfigEditor* editor = window.configEditor();
        editor->setText(shortRunText(2, 3));
        auto* mode = editor->findChild<QComboBox*>("distributed_mode");
        auto* worldSize = editor->findChild<QSpinBox*>("world_size");
        QVERIFY(mode && worldSize);
        editor->tabs()->setCurrentIndex(3);  // Device
        mode->setCurrentIndex(mode->findData(int(es::ui::DistributedFields::Mode::Local)));
        worldSize->setValue(2);
        QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
        QCOMPARE(editor->config()->distributed.worldSize, 2);
        QVERIFY(window.startAction()->isEnabled());

        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        window.startAction()->trigger();
        QVERIFY(finished.wait(kRunTimeoutMs));
        const QString log = window.findChild<QPlainTextEdit*>("log")
                                ? window.findChild<QPlainTextEdit*>("log")->toPlainText()
                                : QString();
        QVERIFY2(finished.first().at(0).value<es::RunState>() == es::RunState::Finished,
                 qPrintable(finished.first().at(1).toString() + "\n" + log));
        QVERIFY2(log.contains("Starting ranks 1 to 1 of 2") && !log.contains("Rank 1 failed"),
                 qPrintable(log));
        const qint64 runId = finished.first().at(2).toLongLong();
        QVERIFY(runId != 0);
        // Rank 1 ends with rank 0, well before it would be killed.
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->localRanksRunning(), 0, kRunTimeoutMs);
        QVERIFY2(childProcesses().isEmpty(), qPrintable(childProcesses().join(", ")));

        const std::optional<es::StoredRun> run =
            es::RunStore(database.toStdString()).loadRun(runId);
        QVERIFY(run.has_value());
        QCOMPARE(run->header.worldSize, 2);
        QCOMPARE(run->batches.size(), std::size_t{6});
        QVERIFY(run->rankBatches.count(1) == 1);
        QCOMPARE(run->rankBatches.at(1).size(), std::size_t{6});
    }

    /// Without the CLI next to the app the other ranks cannot start: the run is refused, saying
    /// so, and nothing starts.
    void severalOnThisMachineNeedsTheCli()
    {
        es::ui::LocalRankProcesses::setCliProgram(m_dir.filePath("no-such-epochscope-cli"));
        es::RunConfig config = es::loadPreset("quick-demo");
        config.distributed.worldSize = 2;
        es::ui::RunController controller;
        QString error;
        QVERIFY(!controller.start(config, QString(), &error));
        QVERIFY2(error.contains("no-such-epochscope-cli") && error.contains("--nproc 2"),
                 qPrintable(error));
        QVERIFY(!controller.isActive());
        QCOMPARE(controller.localRanksRunning(), 0);
        es::ui::LocalRankProcesses::setCliProgram(QString());
    }

    /// The live path of the other ranks' steps: the engine thread hands an epoch's steps of a
    /// rank to the feed, the UI thread takes them with the rest.
    void liveFeedCarriesOtherRanksSteps()
    {
        es::ui::LiveFeed feed;
        es::RunInfo info;
        info.worldSize = 2;
        info.ranks = {{0, "node-a", 1}, {1, "node-b", 2}};
        feed.onRunStarted(info);
        feed.onBatch(rankStep(0, 1, 1));
        feed.onRankSteps(1, {rankStep(1, 1, 1), rankStep(1, 1, 2)});
        es::ui::FeedBatch taken = feed.take();
        QVERIFY(!taken.empty());
        QCOMPARE(taken.started->ranks.size(), std::size_t(2));
        QCOMPARE(taken.rankSteps.size(), std::size_t(1));
        QCOMPARE(taken.rankSteps[0].first, 1);
        QCOMPARE(taken.rankSteps[0].second.size(), std::size_t(2));
        QVERIFY(feed.take().empty());
        feed.onRankSteps(1, {rankStep(1, 1, 3)});
        QVERIFY(!feed.take().empty());  // another rank's steps alone are news
    }

    /// A run's findings: shown when the run is opened, a finding's steps marked in the step
    /// charts, its fix loaded into Run setup; Diagnose finds them again on its own thread.
    void findingsMarkTheChartsAndApplyTheirFix()
    {
        const QString database = m_dir.filePath("run.sqlite");
        es::RunStore store(database.toStdString());
        const qint64 runId = store.listRuns().front().id;
        es::Finding prefetch;
        prefetch.id = "input-bound";
        prefetch.severity = es::Severity::Warning;
        prefetch.title = "Steps wait for their data";
        prefetch.patch = {{"data", {{"prefetch", 2}}}};
        prefetch.firstStep = 3;
        prefetch.lastStep = 7;
        es::Finding wholeRun;
        wholeRun.id = "threads";
        wholeRun.title = "about the whole run";
        store.setFindings(runId, {prefetch, wholeRun});

        es::ui::MainWindow window(database);
        QAbstractItemModelTester tester(window.findingsPanel()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.openStoredRun(runId);
        es::ui::FindingsPanel* findings = window.findingsPanel();
        QCOMPARE(findings->model()->rowCount(), 2);
        findings->selectFinding(0);
        for (const es::ui::StepChart* chart : window.dashboard()->stepCharts())
            QCOMPARE(chart->highlightedSteps(), (std::pair<std::int64_t, std::int64_t>{3, 7}));
        findings->selectFinding(1);
        for (const es::ui::StepChart* chart : window.dashboard()->stepCharts())
            QCOMPARE(chart->highlightedSteps(), (std::pair<std::int64_t, std::int64_t>{0, 0}));

        Q_EMIT findings->applyPatchRequested(runId, QString::fromStdString(prefetch.patch.dump()));
        QVERIFY2(window.configEditor()->config().has_value(),
                 qPrintable(window.configEditor()->problems()));
        QCOMPARE(window.configEditor()->config()->data.prefetch, 2);

        QSignalSpy diagnosed(findings, &es::ui::FindingsPanel::diagnosed);
        findings->diagnose(false);
        QVERIFY(diagnosed.wait(60'000));
        QCOMPARE(findings->model()->rowCount(), diagnosed.first().at(0).toInt());
        QCOMPARE(es::RunStore(database.toStdString()).loadRun(runId)->findings.size(),
                 static_cast<std::size_t>(findings->model()->rowCount()));
    }

    /// "Try this fix" on a stored run's finding fills the What-if dock (the run's config as
    /// the baseline, the finding's patch as the variant), raises it and starts measuring; Run >
    /// What-if experiment... takes Run setup's config instead.
    void tryThisFixFillsTheWhatIfDock()
    {
        const QString database = m_dir.filePath("tryfix.sqlite");
        const nlohmann::json config = nlohmann::json::parse(shortRunText(1, 4).toStdString());
        es::Finding prefetch;
        prefetch.id = "input-bound";
        prefetch.severity = es::Severity::Warning;
        prefetch.title = "Steps wait for their data";
        prefetch.patch = {{"data", {{"prefetch", 2}}}};
        qint64 runId = 0;
        {
            es::RunStore store(database.toStdString());
            runId = store.beginRun("gui-test", config);
            store.finishRun(runId, es::RunStatus::Completed, "", nullptr);
            store.setFindings(runId, {prefetch});
        }

        es::ui::MainWindow window(database);
        window.resize(1600, 1000);
        window.show();
        window.loadPreset("quick-demo");
        QVERIFY(window.startAction()->isEnabled());
        window.openStoredRun(runId);
        es::ui::FindingsPanel* findings = window.findingsPanel();
        findings->selectFinding(0);
        auto* tryFix = findings->findChild<QPushButton*>("tryFix");
        QVERIFY(tryFix != nullptr && tryFix->isEnabled());
        saveScreenshot(window, "main-window-findings");
        es::ui::WhatIfPanel* whatIf = window.whatIfPanel();
        QSignalSpy finished(whatIf, &es::ui::WhatIfPanel::experimentFinished);
        tryFix->click();

        QVERIFY2(whatIf->isRunning(), qPrintable(whatIf->errorText()));
        QVERIFY(whatIf->isVisible());  // raised over the Findings tab
        QCOMPARE(whatIf->baselineLabel(), QString("run %1 (gui-test)").arg(runId));
        QVERIFY(whatIf->baseline() && *whatIf->baseline() == es::parseRunConfig(config));
        QCOMPARE(whatIf->variants().size(), std::size_t{1});
        QCOMPARE(whatIf->variants().front().label, std::string("input-bound"));
        QCOMPARE(whatIf->variants().front().patch, prefetch.patch);
        QVERIFY(!window.startAction()->isEnabled());  // one measurement at a time
        whatIf->stop();
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(whatIf->report().has_value() && whatIf->report()->stopped);
        QVERIFY(window.startAction()->isEnabled());

        QCOMPARE(window.whatIfAction()->shortcut(), QKeySequence("Ctrl+Shift+E"));
        window.whatIfAction()->trigger();
        QCOMPARE(whatIf->baselineLabel(), QString("current setup (quick-demo)"));
        QVERIFY(*whatIf->baseline() == *window.configEditor()->config());
        saveScreenshot(window, "main-window-whatif");
    }

    void runsCanBeRenamed()
    {
        es::ui::RunsPanel panel;
        QSignalSpy problems(&panel, &es::ui::RunsPanel::problem);
        panel.setDatabasePath(m_dir.filePath("run.sqlite"));
        QVERIFY(panel.model()->rowCount() >= 1);
        const QModelIndex newest = panel.model()->index(0, es::ui::RunsModel::Name);
        const qint64 id = newest.data(es::ui::RunsModel::kRunIdRole).toLongLong();
        QVERIFY(panel.renameRun(id, "  baseline, 2 threads  "));
        QCOMPARE(panel.model()->index(0, es::ui::RunsModel::Name).data().toString(),
                 QString("baseline, 2 threads"));
        QCOMPARE(problems.count(), 0);

        QVERIFY(!panel.renameRun(id, "   "));
        QVERIFY(!panel.renameRun(id + 1000, "nobody"));
        QCOMPARE(problems.count(), 2);
        QCOMPARE(panel.model()->index(0, es::ui::RunsModel::Name).data().toString(),
                 QString("baseline, 2 threads"));
    }

    void unusableDatabaseIsShownAndKept_data()
    {
        QTest::addColumn<QByteArray>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a database") << QByteArray("text") << "not an SQLite database";
        QTest::newRow("newer schema")
            << QByteArray("newer") << "schema version 99, written by a newer EpochScope";
    }

    void unusableDatabaseIsShownAndKept()
    {
        // An empty Runs list and "Idle" would hide it: the window says what is wrong and what
        // to do, in the Runs panel, the status bar and the Log, offers another database, and
        // leaves the user's file as it was.
        QFETCH(QByteArray, kind);
        QFETCH(QString, expected);
        const QString database =
            m_dir.filePath("unusable-" + QString::fromLatin1(kind) + ".sqlite");
        if (kind == "text") {
            QFile file(database);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray(4096, 'x'));
        } else {
            SQLite::Database db(database.toStdString(),
                                SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec("CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT)");
            db.exec("PRAGMA user_version = 99");
        }
        const auto bytes = [&database] {
            QFile file(database);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        const QByteArray before = bytes();

        es::ui::MainWindow window(database);
        auto* notice = window.findChild<QWidget*>("databaseProblem");
        QVERIFY2(notice != nullptr && notice->isVisibleTo(&window), "no notice in the window");
        const QString text = window.findChild<QLabel*>("databaseProblemText")->text();
        QVERIFY2(text.contains(database) && text.contains(expected), qPrintable(text));
        QVERIFY2(text.contains("Choose another run database"), qPrintable(text));
        auto* choose = window.findChild<QPushButton*>("chooseDatabaseButton");
        QVERIFY(choose != nullptr && choose->isVisibleTo(&window));
        QVERIFY(window.findChild<QAction*>("chooseDatabase") != nullptr);  // File menu
        auto* warning = window.findChild<QLabel*>("databaseWarning");
        QVERIFY(warning != nullptr && warning->isVisibleTo(&window));
        const QString log = window.findChild<QPlainTextEdit*>("log")->toPlainText();
        QVERIFY2(log.contains(expected) && log.contains(database), qPrintable(log));
        QCOMPARE(bytes(), before);

        // Another database: the notice goes, and the new choice is remembered.
        const QString other = m_dir.filePath("instead-" + QString::fromLatin1(kind) + ".sqlite");
        QVERIFY(QMetaObject::invokeMethod(&window, "setDatabase", Q_ARG(QString, other)));
        QCOMPARE(window.databasePath(), other);
        QVERIFY(!notice->isVisibleTo(&window));
        QVERIFY(!warning->isVisibleTo(&window));
        QCOMPARE(es::ui::AppSettings::load().databasePath, other);
        QCOMPARE(bytes(), before);
        QSettings().clear();
    }

    void readOnlyDatabaseIsShownBeforeStart()
    {
        // Issue 31, defect 9: a database that reads but cannot be written is said before
        // Start, in the Runs notice and the status bar, and a run that then goes unrecorded
        // says so there too. Root writes anywhere: as root the window runs as nobody, for whom
        // the database is read-only; as another user the file's mode makes it so.
        QTemporaryDir dir;
        QVERIFY(::chmod(dir.path().toUtf8().constData(), 0755) == 0);
        const QString database = dir.filePath("read-only.sqlite");
        {
            es::RunStore create(database.toStdString());
        }
        QVERIFY(::chmod(database.toUtf8().constData(), 0444) == 0);
        const bool asRoot = ::geteuid() == 0;
        if (asRoot)
            QVERIFY(::setegid(65534) == 0 && ::seteuid(65534) == 0);
        struct BackToRoot {
            bool active;
            ~BackToRoot()
            {
                if (active && (::seteuid(0) != 0 || ::setegid(0) != 0))
                    std::abort();  // the rest of the suite would run as nobody
            }
        } backToRoot{asRoot};
        {
            es::ui::MainWindow window(database);
            auto* notice = window.findChild<QWidget*>("databaseProblem");
            QVERIFY2(notice != nullptr && notice->isVisibleTo(&window), "no notice before Start");
            auto* text = window.findChild<QLabel*>("databaseProblemText");
            QVERIFY2(
                text->text().contains("Read-only run database") && text->text().contains(database),
                qPrintable(text->text()));
            auto* warning = window.findChild<QLabel*>("databaseWarning");
            QVERIFY(warning != nullptr && warning->isVisibleTo(&window));
            // Editing the history would fail only after the user typed or confirmed it.
            for (const char* name : {"renameRunButton", "runNotesButton", "deleteRunButton"}) {
                auto* button = window.findChild<QPushButton*>(name);
                QVERIFY2(button != nullptr && !button->isEnabled(), name);
                QVERIFY2(button->toolTip().contains(database), qPrintable(button->toolTip()));
            }

            window.configEditor()->setText(shortRunText(1, 3));
            QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
            QSignalSpy notRecorded(window.controller(), &es::ui::RunController::notRecorded);
            window.startAction()->trigger();
            QVERIFY(finished.wait(kRunTimeoutMs));
            QCOMPARE(notRecorded.count(), 1);
            QVERIFY(notice->isVisibleTo(&window));
            QVERIFY(warning->isVisibleTo(&window));
            const QString log = window.findChild<QPlainTextEdit*>("log")->toPlainText();
            QVERIFY2(log.contains("Not recording this run"), qPrintable(log));
        }
        QCOMPARE(es::RunStore(database.toStdString(), es::StoreAccess::ReadOnly).listRuns().size(),
                 std::size_t(0));
    }

    void startAsksBeforeWritingOutsideTheRunsFolders()
    {
        // Issue 31, defects 1 and 2, in the window: a config whose csv_logger writes outside
        // the current directory starts only on "Write anyway"; Cancel leaves nothing written.
        QTemporaryDir elsewhere;
        const QString log = elsewhere.filePath("outside/log.csv");
        nlohmann::json config = nlohmann::json::parse(shortRunText(1, 3).toStdString());
        config["callbacks"] =
            nlohmann::json::array({{{"type", "csv_logger"}, {"filename", log.toStdString()}}});
        es::ui::MainWindow window(m_dir.filePath("question.sqlite"));
        window.configEditor()->setText(QString::fromStdString(config.dump(2)));
        QVERIFY(window.startAction()->isEnabled());
        for (const char* answer : {"cancel", "writeAnyway"}) {
            QString asked;
            QTimer::singleShot(0, [&asked, answer] {
                auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (question == nullptr || question->objectName() != "runWritesQuestion")
                    return;
                asked = question->informativeText();
                if (QString(answer) == "cancel")
                    question->button(QMessageBox::Cancel)->click();
                else
                    question->findChild<QPushButton*>("writeAnyway")->click();
            });
            QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
            window.startAction()->trigger();
            QVERIFY2(asked.contains("callbacks[0].filename") && asked.contains(log) &&
                         asked.contains("outside the run's folders"),
                     qPrintable(asked));
            if (QString(answer) == "cancel") {
                QVERIFY(!window.controller()->isActive());
                QVERIFY(!QFile::exists(log));
                continue;
            }
            QVERIFY(finished.wait(kRunTimeoutMs));
            QCOMPARE(finished.first().at(0).value<es::RunState>(), es::RunState::Finished);
            QVERIFY(QFile::exists(log));
        }
    }

    /// Each setup tab at the size the README's screenshots use, for people to look at, and
    /// what each must show: its own page with fields to edit, the preset in the JSON.
    void setupTabsScreenshots()
    {
        es::ui::MainWindow window(m_dir.filePath("tabs.sqlite"));
        window.resize(1600, 1000);
        window.show();
        window.loadPreset("keras-lstm-regression");
        QTabWidget* tabs = window.configEditor()->tabs();
        QCOMPARE(tabs->count(), 6);  // Model, Data, Training, Device, Callbacks, JSON
        QImage previous;
        for (int tab = 0; tab < tabs->count(); ++tab) {
            tabs->setCurrentIndex(tab);
            const QString name = tabs->tabText(tab).remove('&');
            QWidget* page = tabs->currentWidget();
            QVERIFY2(page->isVisible(), qPrintable(name));
            int fields = 0;
            for (QWidget* child : page->findChildren<QWidget*>())
                if (child->isVisible() &&
                    (qobject_cast<QAbstractSpinBox*>(child) || qobject_cast<QComboBox*>(child) ||
                     qobject_cast<QLineEdit*>(child) || qobject_cast<QAbstractItemView*>(child) ||
                     qobject_cast<QPlainTextEdit*>(child)))
                    ++fields;
            QVERIFY2(fields > 0, qPrintable(name + ": no field shown"));
            // Each tab's picture is its own, not the previous tab's again.
            QTest::qWait(200);
            const QImage image = window.grab().toImage();
            QVERIFY2(image != previous, qPrintable(name));
            previous = image;
            saveScreenshot(window, "setup-" + name.toLower());
        }
        auto* json = window.findChild<QPlainTextEdit*>("config_json");
        QVERIFY(json);
        QVERIFY(json->toPlainText().contains("\"keras-lstm-regression\""));
    }

private:
    void saveScreenshot(QWidget& widget, const QString& name)
    {
        // Charts replot from the event loop (queued): let the last ones happen first.
        QTest::qWait(200);
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);
        const QString path = QDir(directory).filePath(name + ".png");
        QVERIFY(widget.grab().save(path));
        QVERIFY(QFileInfo(path).size() > 0);
    }

    QTemporaryDir m_dir;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
