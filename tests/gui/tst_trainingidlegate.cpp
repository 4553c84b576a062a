// Work the app does for itself (the environment doctor's SGEMM benchmarks, a report's charts,
// a data file's preview) waits until no run is training: run beside it on the same cores, it
// slowed the run's first steps and the run's diagnosis blamed the run (a warm-up finding).
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "tests/support/threadnames.h"
#include "ui/env/environmentpanel.h"
#include "ui/live/runcontroller.h"
#include "ui/live/trainingidlegate.h"
#include "ui/mainwindow.h"
#include "ui/setup/configeditor.h"
#include "ui/setup/datainspector.h"

#include <QtCore/QDir>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

namespace {

constexpr int kRunTimeoutMs = 180'000;
constexpr int kCheckTimeoutMs = 120'000;

/// quick-demo cut down to a few short steps.
QString shortRunText()
{
    nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
    config["name"] = "idle-gate";
    config["training"]["epochs"] = 2;
    config["training"]["steps_per_epoch"] = 6;
    config["data"]["source"]["samples"] = 640;
    return QString::fromStdString(config.dump(2));
}

/// A main window on a database of its own with the short run set up, and its Environment
/// panel.
struct ShortRunWindow {
    QTemporaryDir dir;
    es::ui::MainWindow window{dir.filePath("runs.sqlite")};
    es::ui::EnvironmentPanel* panel = nullptr;

    ShortRunWindow()
    {
        window.show();
        window.configEditor()->setText(shortRunText());
        panel = window.findChild<es::ui::EnvironmentPanel*>();
    }
};

}  // namespace

class TestTrainingIdleGate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void workWaitsForTheRunAndIsDroppedWithItsContext()
    {
        es::ui::TrainingIdleGate& gate = es::ui::TrainingIdleGate::instance();
        QVERIFY(!gate.trainingActive());
        QObject keeper;
        int ran = 0;
        QVERIFY(gate.whenIdle(&keeper, [&ran] { ++ran; }));
        QCOMPARE(ran, 1);  // no run: at once

        gate.runStarted();
        auto* dropped = new QObject;
        QVERIFY(!gate.whenIdle(&keeper, [&ran] { ++ran; }));
        QVERIFY(!gate.whenIdle(dropped, [&ran] { ran += 100; }));
        delete dropped;
        gate.runStarted();  // a second run (a what-if beside the live one)
        gate.runEnded();
        QCOMPARE(ran, 1);  // one run still trains
        gate.runEnded();
        QCOMPARE(ran, 2);  // the kept work ran once; the dropped one never
        QVERIFY(!gate.trainingActive());
    }

    void environmentCheckWaitsForTheRun()
    {
        ShortRunWindow setup;
        QVERIFY(setup.panel != nullptr);
        es::ui::MainWindow& window = setup.window;
        es::ui::EnvironmentPanel* panel = setup.panel;
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        QSignalSpy checked(panel, &es::ui::EnvironmentPanel::checked);

        window.startAction()->trigger();
        QVERIFY(window.controller()->isActive());
        panel->check();  // as opening the Environment dock with --show environment does
        QVERIFY(panel->waitingForRun());
        QVERIFY2(!es::test::threadNames().contains("es-doctor"),
                 qPrintable(es::test::threadNames().join(", ")));

        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(checked.count(), 0);  // nothing measured while the run trained
        QVERIFY(checked.wait(kCheckTimeoutMs));
        QVERIFY(!panel->waitingForRun());
        const QString report = checked.first().at(0).toString();
        QVERIFY2(report.contains("SGEMM") && !report.contains("Waiting"), qPrintable(report));
    }

    /// The other order (`epochscope --demo --show environment`): the check is measuring when
    /// Start is pressed, and the run starts once it is done.
    void runWaitsForTheEnvironmentCheck()
    {
        ShortRunWindow setup;
        QVERIFY(setup.panel != nullptr);
        es::ui::MainWindow& window = setup.window;
        es::ui::EnvironmentPanel* panel = setup.panel;
        QSignalSpy started(window.controller(), &es::ui::RunController::started);
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        QSignalSpy checked(panel, &es::ui::EnvironmentPanel::checked);

        panel->check();
        QVERIFY(!panel->waitingForRun());  // no run: it measures at once
        QVERIFY(es::ui::TrainingIdleGate::instance().toolWorkActive());
        window.startAction()->trigger();
        QVERIFY(!window.controller()->isActive());
        QCOMPARE(started.count(), 0);

        QVERIFY(checked.wait(kCheckTimeoutMs));
        QVERIFY(window.controller()->isActive());  // started as the check ended
        QCOMPARE(started.count(), 1);
        QVERIFY(finished.wait(kRunTimeoutMs));
    }

    void dataPreviewWaitsForTheRun()
    {
        es::ui::TrainingIdleGate& gate = es::ui::TrainingIdleGate::instance();
        es::ui::DataInspector inspector;
        QSignalSpy inspected(&inspector, &es::ui::DataInspector::inspected);
        const QString missing = QDir::temp().filePath("epochscope-no-such-file.npy");
        gate.runStarted();
        inspector.inspect({missing}, QString());
        QCOMPARE(inspected.count(), 1);  // at once: the preview says why it waits
        QVERIFY(inspected.first().at(0).value<es::ui::DataInspection>().text.contains("Waiting"));
        gate.runEnded();
        QVERIFY(inspected.wait(kCheckTimeoutMs));
        const QString text = inspected.last().at(0).value<es::ui::DataInspection>().text;
        QVERIFY2(text.contains("epochscope-no-such-file.npy") && !text.contains("Waiting"),
                 qPrintable(text));
    }
};

QTEST_MAIN(TestTrainingIdleGate)
#include "tst_trainingidlegate.moc"
