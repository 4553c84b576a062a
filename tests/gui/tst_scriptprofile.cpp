// File > Profile a Python script... offscreen: the dialog names the field of each problem and
// remembers what it was given; a small PyTorch script profiled from it fills the dashboard's
// timeline step by step, its printed lines reach the Log, the Runs panel and the status bar
// follow it, and the run database holds it completed; Stop ends a long script as stopped
// before the SIGTERM that would follow SIGINT; closing the window, or destroying it, stops the
// script and leaves no process behind. Screenshots of the dialog and of the dashboard after a
// script's run go to the build directory for people to look at.

#include "engine/script/scriptsession.h"
#include "engine/store/runstore.h"
#include "tests/support/testpaths.h"
#include "ui/history/runsmodel.h"
#include "ui/history/runspanel.h"
#include "ui/live/runcontroller.h"
#include "ui/mainwindow.h"
#include "ui/script/profilescriptdialog.h"
#include "ui/script/scriptcommand.h"
#include "ui/settings/appsettings.h"
#include "ui/status/runstatusbar.h"

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>

#include <signal.h>

#include <cerrno>

namespace {

constexpr int kRunTimeoutMs = 180'000;
/// How long a script has after SIGINT before the session sends SIGTERM (scriptsession.h).
constexpr int kInterruptGraceMs = 10'000;

/// A tiny PyTorch loop over a DataLoader: `epochs` passes (argv[1]) of 4 batches, `pause` s
/// (argv[2]) of sleep in each step, a line printed per epoch, its process id written to
/// argv[3] when given.
const QByteArray kTrainScript = R"(
import os, sys, time, torch
from torch.utils.data import DataLoader, TensorDataset
epochs, pause = int(sys.argv[1]), float(sys.argv[2])
if len(sys.argv) > 3:
    with open(sys.argv[3], "w") as pid_file:
        pid_file.write(str(os.getpid()))
torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(64, 8), torch.randn(64, 1)), batch_size=16)
model = torch.nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(1, epochs + 1):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        time.sleep(pause)
    print(f"epoch {epoch} done, loss {loss.item():.4f}")
)";

/// The Runs table's row of run `id`, or -1.
int rowOf(es::ui::RunsModel* model, qint64 id)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data(es::ui::RunsModel::kRunIdRole).toLongLong() == id)
            return row;
    return -1;
}

/// Whether process `pid` still exists (a zombie included).
bool processExists(pid_t pid)
{
    return ::kill(pid, 0) == 0 || errno != ESRCH;
}

}  // namespace

class TestScriptProfile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_script;

    QString database(const QString& name) const { return m_dir.filePath(name + ".sqlite"); }

    /// The session for the test script: `epochs` of 4 steps, `pause` s a step.
    es::ScriptSessionOptions scriptOptions(int epochs, double pause,
                                           const QString& pidFile = QString()) const
    {
        es::ScriptSessionOptions options;
        options.name = "long script";
        options.command = {es::test::kPython, m_script.toStdString(), std::to_string(epochs),
                           std::to_string(pause)};
        if (!pidFile.isEmpty())
            options.command.push_back(pidFile.toStdString());
        options.workingFolder = m_dir.path().toStdString();
        return options;
    }

    static QString logText(es::ui::MainWindow& window)
    {
        return window.findChild<QPlainTextEdit*>("log")->toPlainText();
    }

    static void type(QWidget* dialog, const char* field, const QString& text)
    {
        auto* edit = dialog->findChild<QLineEdit*>(field);
        QVERIFY2(edit != nullptr, field);
        edit->setText(text);
    }

    static pid_t readPid(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? static_cast<pid_t>(file.readAll().toLongLong()) : 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QSettings().remove("profileScript");
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(es::test::kPython),
                 "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh");
        QVERIFY(!es::test::pathFromCtest("EPOCHSCOPE_PROBE_PATH").isEmpty());
        QFile file(m_dir.filePath("train.py"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(kTrainScript), kTrainScript.size());
        m_script = file.fileName();
    }

    void dialogNamesTheFieldOfEachProblem()
    {
        es::ui::ProfileScriptDialog dialog;
        // A fresh dialog: Debian's Python, the rest empty.
        QCOMPARE(dialog.fields().interpreter, QString("/usr/bin/python3"));
        QVERIFY(dialog.fields().script.isEmpty());

        const auto refusedWith = [&dialog](const QString& start) {
            dialog.accept();
            return dialog.result() != QDialog::Accepted && dialog.problemText().startsWith(start);
        };
        QVERIFY2(refusedWith("Script: choose"), qPrintable(dialog.problemText()));
        type(&dialog, "profileScript", m_dir.filePath("missing.py"));
        QVERIFY2(refusedWith("Script: " + m_dir.filePath("missing.py") + " does not exist"),
                 qPrintable(dialog.problemText()));
        QVERIFY(!dialog.findChild<QLineEdit*>("profileScript")->styleSheet().isEmpty());
        saveScreenshot(dialog, "profile-script-dialog-problem");
        type(&dialog, "profileScript", m_script);
        type(&dialog, "profileInterpreter", "/bin/sh");
        QVERIFY2(refusedWith("Interpreter: /bin/sh is not a Python interpreter"),
                 qPrintable(dialog.problemText()));
        // The mark moved with the problem.
        QVERIFY(dialog.findChild<QLineEdit*>("profileScript")->styleSheet().isEmpty());
        type(&dialog, "profileInterpreter", "python3-not-here");
        QVERIFY2(refusedWith("Interpreter: no python3-not-here on the PATH"),
                 qPrintable(dialog.problemText()));
        type(&dialog, "profileInterpreter", es::test::kPython);
        type(&dialog, "profileWorkingFolder", m_dir.filePath("nowhere"));
        QVERIFY2(refusedWith("Working folder: " + m_dir.filePath("nowhere") + " does not exist"),
                 qPrintable(dialog.problemText()));

        // The defaults: the script's folder and file name; the arguments split as a shell
        // would, double quotes keeping a blank.
        type(&dialog, "profileWorkingFolder", "");
        type(&dialog, "profileArguments", R"(2 0.0 "a b")");
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.problemText().isEmpty());
        const es::ScriptSessionOptions& options = dialog.options();
        QCOMPARE(options.name, std::string("train.py"));
        QCOMPARE(options.workingFolder, m_dir.path().toStdString());
        const std::vector<std::string> command = {es::test::kPython, m_script.toStdString(), "2",
                                                  "0.0", "a b"};
        QVERIFY(options.command == command);
        QVERIFY2(dialog.findChild<QLabel*>("profileCommand")->text().contains(R"("a b")"),
                 qPrintable(dialog.findChild<QLabel*>("profileCommand")->text()));

        // Every field is remembered for the next time.
        es::ui::ProfileScriptDialog again;
        QCOMPARE(again.fields().script, m_script);
        QCOMPARE(again.fields().arguments, QString(R"(2 0.0 "a b")"));
        QCOMPARE(again.fields().interpreter, QString(es::test::kPython));
        QVERIFY(again.fields().workingFolder.isEmpty());
        saveScreenshot(again, "profile-script-dialog");
    }

    void aScriptFillsTheDashboardTheLogAndTheDatabase()
    {
        const QString path = database("profiled");
        es::ui::MainWindow window(path);
        window.resize(1600, 1000);
        window.show();
        window.loadPreset("quick-demo");
        QVERIFY(window.profileAction()->isEnabled());
        QVERIFY(window.startAction()->isEnabled());
        QSignalSpy started(window.controller(), &es::ui::RunController::started);
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);

        // Through the dialog as a user fills it (the file chooser aside).
        es::ui::ProfileScriptDialog* dialog = window.profileScript();
        type(dialog, "profileScript", m_script);
        type(dialog, "profileArguments", "3 0.1");
        type(dialog, "profileRunName", "tiny loop");
        dialog->findChild<QPushButton*>("profileStart")->click();
        QCOMPARE(started.count(), 1);
        QVERIFY(window.controller()->isScript());
        // One run at a time; a script cannot pause.
        QVERIFY(!window.profileAction()->isEnabled());
        QVERIFY(!window.startAction()->isEnabled());
        QVERIFY(!window.pauseAction()->isEnabled());
        QVERIFY(window.stopAction()->isEnabled());
        const qint64 runId = started.first().at(0).toLongLong();
        QVERIFY(runId > 0);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(window.runsPanel()->model(), runId) >= 0, 5'000);

        // Live: steps arrive in the timeline before the script has ended.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.controller()->timeline().batches.size() >= 4 || !finished.isEmpty(),
            kRunTimeoutMs);
        QVERIFY2(finished.isEmpty(), "the script ended before its steps were seen");
        QCOMPARE(window.runStatusBar()->findChild<QProgressBar*>()->maximum(), 0);  // moving
        saveScreenshot(window, "profile-script-running");
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.first().at(0).value<es::RunState>(), es::RunState::Finished);
        QCOMPARE(finished.first().at(2).toLongLong(), runId);

        const es::ui::RunTimeline& timeline = window.controller()->timeline();
        QCOMPARE(timeline.name, QString("tiny loop"));
        QCOMPARE(timeline.batches.size(), std::size_t{12});
        QCOMPARE(timeline.epochs.size(), std::size_t{3});
        QVERIFY(window.controller()->info().has_value());
        QCOMPARE(window.controller()->info()->backend, std::string("pytorch"));
        QCOMPARE(window.runStatusBar()->progressText(), QString("Epoch 3, step 4"));
        QCOMPARE(window.runStatusBar()->findChild<QProgressBar*>()->value(), 12);
        QVERIFY2(window.runStatusBar()->profilerText().contains("host clocks"),
                 qPrintable(window.runStatusBar()->profilerText()));

        const QString log = logText(window);
        for (int epoch = 1; epoch <= 3; ++epoch)
            QVERIFY2(log.contains(QString("epoch %1 done, loss ").arg(epoch)), qPrintable(log));
        QVERIFY2(log.contains("Profiling tiny loop: "), qPrintable(log));

        const es::RunStore store(path.toStdString(), es::StoreAccess::ReadOnly);
        const std::optional<es::StoredRun> stored = store.loadRun(runId);
        QVERIFY(stored.has_value());
        QCOMPARE(stored->header.name, std::string("tiny loop"));
        QCOMPARE(stored->header.status, es::RunStatus::Completed);
        QCOMPARE(stored->batches.size(), std::size_t{12});
        es::ui::RunsModel* runs = window.runsPanel()->model();
        const int row = rowOf(runs, runId);
        QVERIFY(row >= 0);
        QCOMPARE(runs->index(row, es::ui::RunsModel::Status).data().toString(),
                 QString("completed"));

        QVERIFY(window.profileAction()->isEnabled());
        QVERIFY(window.startAction()->isEnabled());
        saveScreenshot(window, "profile-script-finished");
    }

    void stopEndsALongScriptBeforeSigterm()
    {
        const QString path = database("stopped");
        es::ui::MainWindow window(path);
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        QVERIFY(window.startScript(scriptOptions(100000, 0.01)));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.controller()->timeline().batches.size() >= 3 || !finished.isEmpty(),
            kRunTimeoutMs);
        QVERIFY(finished.isEmpty());
        QElapsedTimer sinceStop;
        sinceStop.start();
        window.stopAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!window.stopAction()->isEnabled() || !finished.isEmpty(), 2'000);
        QVERIFY(finished.wait(kInterruptGraceMs) || !finished.isEmpty());
        QVERIFY2(sinceStop.elapsed() < kInterruptGraceMs, qPrintable(logText(window)));
        QCOMPARE(finished.first().at(0).value<es::RunState>(), es::RunState::Stopped);
        const QString log = logText(window);
        QVERIFY2(log.contains("Stopping the script: SIGINT now"), qPrintable(log));
        QVERIFY2(!log.contains("sending SIGTERM"), qPrintable(log));
        const es::RunStore store(path.toStdString(), es::StoreAccess::ReadOnly);
        const qint64 runId = finished.first().at(2).toLongLong();
        QCOMPARE(store.loadRun(runId)->header.status, es::RunStatus::Stopped);
        QVERIFY(window.profileAction()->isEnabled());
    }

    void closingTheWindowStopsTheScript()
    {
        const QString pidFile = m_dir.filePath("closed.pid");
        es::ui::MainWindow window(database("closed"));
        window.show();
        QSignalSpy finished(window.controller(), &es::ui::RunController::finished);
        QVERIFY(window.startScript(scriptOptions(100000, 0.01, pidFile)));
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->timeline().batches.size() >= 2,
                                 kRunTimeoutMs);
        const pid_t pid = readPid(pidFile);
        QVERIFY(pid > 0 && processExists(pid));
        // "A run is in progress. Stop it and quit?": Yes.
        QTimer::singleShot(0, [] {
            if (auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                question->button(QMessageBox::Yes)->click();
        });
        window.close();
        QVERIFY(window.isVisible());  // it closes once the script has ended and is recorded
        QVERIFY(finished.wait(kInterruptGraceMs) || !finished.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 5'000);
        QCOMPARE(finished.first().at(0).value<es::RunState>(), es::RunState::Stopped);
        QVERIFY(!processExists(pid));
    }

    void aWindowDestroyedMidScriptLeavesNoProcess()
    {
        const QString pidFile = m_dir.filePath("destroyed.pid");
        pid_t pid = 0;
        {
            es::ui::MainWindow window(database("destroyed"));
            QVERIFY(window.startScript(scriptOptions(100000, 0.01, pidFile)));
            QTRY_VERIFY_WITH_TIMEOUT(window.controller()->timeline().batches.size() >= 2,
                                     kRunTimeoutMs);
            pid = readPid(pidFile);
            QVERIFY(pid > 0 && processExists(pid));
        }
        QVERIFY(!processExists(pid));
        const es::RunStore store(database("destroyed").toStdString(), es::StoreAccess::ReadOnly);
        const std::vector<es::StoredRunHeader> runs = store.listRuns();
        QCOMPARE(runs.size(), std::size_t{1});
        QCOMPARE(runs.front().status, es::RunStatus::Stopped);
    }

private:
    void saveScreenshot(QWidget& widget, const QString& name)
    {
        // Charts replot from the event loop (queued): let the last ones happen first.
        QTest::qWait(200);
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);
        QVERIFY(widget.grab().save(QDir(directory).filePath(name + ".png")));
    }
};

QTEST_MAIN(TestScriptProfile)
#include "tst_scriptprofile.moc"
