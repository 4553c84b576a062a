// "Export for PyTorch..." from the app (docs/predict.md), over runs the built CLI trained and
// recorded: the checkpoint picker lists a run's model_checkpoint saves newest first with the
// best preselected (the one `runs export` marks), shows a file that is gone as listed but
// disabled, and says why a run without checkpoints has nothing to pick; the dialog exports
// model.py, weights.pt and README.txt off the GUI thread, shows what it wrote, refuses a folder
// that is not empty with the engine's words unless Replace is checked, and remembers where it
// wrote. The Runs panel's Predict and Export for PyTorch act on exactly one run. A screenshot
// of the dialog after an export goes to the build directory.

#include "engine/export/exportdirectory.h"
#include "engine/store/runcheckpoints.h"
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"
#include "ui/history/runsmodel.h"
#include "ui/history/runspanel.h"
#include "ui/predict/checkpointpicker.h"
#include "ui/predict/pytorchexportdialog.h"
#include "ui/settings/appsettings.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtGui/QImage>
#include <QtGui/QStandardItemModel>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTableView>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

using es::ui::CheckpointPicker;
using es::ui::PyTorchExportDialog;

namespace {

/// Building the model, loading a checkpoint and writing a few kB take well under a second;
/// this is for a loaded machine where LibTorch starts slowly.
constexpr int kExportTimeoutMs = 120'000;
constexpr int kEpochs = 3;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

/// Moves a file away for a test and back when it ends, whatever the test's outcome, so that
/// the other tests find the run's checkpoints as it wrote them (a rename keeps the file's size
/// and modification time).
class MovedAway {
public:
    explicit MovedAway(QString path) : m_path(std::move(path)) {}
    ~MovedAway()
    {
        if (m_moved)
            QFile::rename(away(), m_path);
    }
    MovedAway(const MovedAway&) = delete;
    MovedAway& operator=(const MovedAway&) = delete;

    bool move()
    {
        m_moved = QFile::rename(m_path, away());
        return m_moved;
    }

private:
    QString away() const { return m_path + QStringLiteral(".away"); }

    QString m_path;
    bool m_moved = false;
};

/// The entry of `picker` whose file is `path`; -1 when none.
int rowOf(const CheckpointPicker& picker, const QString& path)
{
    for (int row = 0; row < picker.count(); ++row)
        if (picker.itemData(row, Qt::UserRole).toString() == path)
            return row;
    return -1;
}

bool rowEnabled(const CheckpointPicker& picker, int row)
{
    const auto* items = qobject_cast<const QStandardItemModel*>(picker.model());
    return items && items->item(row) && items->item(row)->isEnabled();
}

}  // namespace

class TestPyTorchExportDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_database;
    qint64 m_withCheckpoints = 0;
    qint64 m_withoutCheckpoints = 0;
    /// As `runs export` wrote them: the run's recorded saves, oldest first.
    nlohmann::json m_recorded;
    QString m_bestPath;  ///< the newest save `runs export` marks best

    /// Trains `config` (quick-demo made small, named `name`) with the CLI into m_database and
    /// returns the run's id; 0 when it failed.
    qint64 train(nlohmann::json config, const QString& name)
    {
        config["name"] = name.toStdString();
        const QString path = m_dir.filePath(name + ".json");
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(QByteArray::fromStdString(config.dump(2))) < 0)
            return 0;
        file.close();
        const CliRun run =
            runCli({"train", "--config", path, "--db", m_database, "-q"}, kTrainTimeoutMs);
        if (run.exitCode != kExitFinished) {
            qWarning("train failed: %s", qPrintable(run.err));
            return 0;
        }
        const es::RunStore store(m_database.toStdString(), es::StoreAccess::ReadOnly);
        for (const es::StoredRunHeader& header : store.listRuns())
            if (header.name == name.toStdString())
                return header.id;
        return 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_database = m_dir.filePath("runs.sqlite");

        const CliRun preset = runCli({"presets", "quick-demo"});
        QCOMPARE(preset.exitCode, kExitFinished);
        nlohmann::json config = nlohmann::json::parse(preset.out.toStdString());
        // Small enough to train in seconds; the model stays an LSTM with a Dense head.
        config["training"]["epochs"] = kEpochs;
        config["data"]["source"]["samples"] = 256;
        config["data"]["source"]["timesteps"] = 8;
        config["model"]["layers"][0]["units"] = 8;

        m_withoutCheckpoints = train(config, "no-checkpoints");
        QVERIFY(m_withoutCheckpoints > 0);

        // mode max on a loss that falls: the first save is the best, the last is not, so that
        // preselecting the best is told apart from preselecting the newest.
        config["callbacks"] =
            nlohmann::json::array({{{"type", "model_checkpoint"},
                                    {"filepath", m_dir.filePath("ck-{epoch:02d}.pt").toStdString()},
                                    {"monitor", "val_loss"},
                                    {"mode", "max"},
                                    {"save_best_only", false}}});
        m_withCheckpoints = train(config, "with-checkpoints");
        QVERIFY(m_withCheckpoints > 0);

        const QString exported = m_dir.filePath("run.json");
        const CliRun run = runCli({"runs", "--db", m_database, "export",
                                   QString::number(m_withCheckpoints), "--out", exported});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(run.err));
        m_recorded = nlohmann::json::parse(readAll(exported).toStdString())["checkpoints"];
        QCOMPARE(m_recorded.size(), std::size_t(kEpochs));
        for (const nlohmann::json& save : m_recorded)
            if (save["best"].get<bool>())
                m_bestPath = QString::fromStdString(save["path"].get<std::string>());
        QVERIFY(!m_bestPath.isEmpty());
    }

    void init() { QSettings().remove(QStringLiteral("predict/exportFolder")); }

    void pickerListsTheSavesNewestFirstWithTheBestPreselected()
    {
        CheckpointPicker picker;
        QSignalSpy changed(&picker, &CheckpointPicker::checkpointChanged);
        QVERIFY2(picker.setRun(m_database, m_withCheckpoints), qPrintable(picker.problem()));
        QVERIFY(picker.problem().isEmpty());
        QCOMPARE(picker.runId(), m_withCheckpoints);
        QCOMPARE(picker.runName(), QString("with-checkpoints"));
        QCOMPARE(picker.config().training.epochs, kEpochs);
        QCOMPARE(picker.count(), kEpochs);
        for (int row = 0; row < picker.count(); ++row) {
            // Newest first: epoch 3, 2, 1, each with its monitored value.
            const int epoch = kEpochs - row;
            const QString text = picker.itemText(row);
            QVERIFY2(text.startsWith(QString("epoch %1 \u00b7 val_loss ").arg(epoch)),
                     qPrintable(text));
            const std::string path = m_recorded[epoch - 1]["path"].get<std::string>();
            QCOMPARE(picker.itemData(row, Qt::UserRole).toString(), QString::fromStdString(path));
            QVERIFY(rowEnabled(picker, row));
            QCOMPARE(text.endsWith(QStringLiteral(" \u00b7 best")),
                     QString::fromStdString(path) == m_bestPath);
        }
        QCOMPARE(picker.selectedPath(), m_bestPath);
        QVERIFY(picker.selectionProblem().isEmpty());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.last().at(0).toString(), m_bestPath);

        // Another save chosen by its path, then one that is not listed.
        const QString newest = picker.itemData(0, Qt::UserRole).toString();
        QVERIFY(picker.selectPath(newest));
        QCOMPARE(picker.selectedPath(), newest);
        QCOMPARE(changed.last().at(0).toString(), newest);
        QVERIFY(!picker.selectPath(m_dir.filePath("elsewhere.pt")));
        QCOMPARE(picker.selectedPath(), newest);

        picker.clearRun();
        QCOMPARE(picker.count(), 0);
        QCOMPARE(picker.runId(), qint64(0));
        QVERIFY(picker.selectedPath().isEmpty());
    }

    void aFileThatIsGoneIsListedButNotChosen()
    {
        // A save that is not the best, moved away since the run wrote it.
        QString other;
        for (const nlohmann::json& save : m_recorded)
            if (QString::fromStdString(save["path"].get<std::string>()) != m_bestPath)
                other = QString::fromStdString(save["path"].get<std::string>());
        QVERIFY(!other.isEmpty());
        MovedAway moved(other);
        QVERIFY(moved.move());

        CheckpointPicker picker;
        QVERIFY(picker.setRun(m_database, m_withCheckpoints));
        QCOMPARE(picker.count(), kEpochs);
        const int row = rowOf(picker, other);
        QVERIFY(row >= 0);
        QVERIFY(!rowEnabled(picker, row));
        QVERIFY2(picker.itemText(row).endsWith(QStringLiteral(" \u00b7 missing")),
                 qPrintable(picker.itemText(row)));
        // The tooltip is the engine's account of the file, which names it.
        const std::vector<es::CheckpointEntry> entries =
            es::inspectCheckpoints(es::RunStore(m_database.toStdString(), es::StoreAccess::ReadOnly)
                                       .loadRunCheckpoints(m_withCheckpoints)
                                       ->checkpoints);
        std::string described;
        for (const es::CheckpointEntry& entry : entries)
            if (entry.file.path == other.toStdString())
                described = es::describeCheckpointState(entry, entries);
        QVERIFY(!described.empty());
        QCOMPARE(picker.itemData(row, Qt::ToolTipRole).toString(),
                 QString::fromStdString(described));
        QVERIFY(picker.itemData(row, Qt::ToolTipRole).toString().contains(other));
        // Not chosen, not even by its path; the best stays preselected.
        QVERIFY(!picker.selectPath(other));
        QCOMPARE(picker.selectedPath(), m_bestPath);
    }

    /// When the best one is gone it stays preselected, disabled, and nothing else is chosen in
    /// its place: the dialog says why and does not export.
    void aBestThatIsGoneIsNotReplacedByAnother()
    {
        MovedAway moved(m_bestPath);
        QVERIFY(moved.move());
        PyTorchExportDialog dialog(m_database, m_withCheckpoints);
        CheckpointPicker* picker = dialog.checkpointPicker();
        QCOMPARE(picker->itemData(picker->currentIndex(), Qt::UserRole).toString(), m_bestPath);
        QVERIFY(picker->selectedPath().isEmpty());
        QVERIFY(picker->selectionProblem().contains(m_bestPath));
        QVERIFY(dialog.messageIsError());
        QCOMPARE(dialog.message(), picker->selectionProblem());
        QVERIFY(!dialog.exportButton()->isEnabled());
        dialog.setOutputDirectory(m_dir.filePath("never"));
        dialog.startExport();
        QVERIFY(!dialog.isExporting());
        QVERIFY(!QFileInfo::exists(m_dir.filePath("never")));

        // Another one chosen by hand is exported.
        const QString newest = picker->itemData(0, Qt::UserRole).toString();
        QVERIFY(newest != m_bestPath);
        QVERIFY(picker->selectPath(newest));
        QVERIFY(!dialog.messageIsError());
        QVERIFY(dialog.exportButton()->isEnabled());
    }

    void exportWritesTheModelAndRefusesAFolderThatIsNotEmpty()
    {
        PyTorchExportDialog dialog(m_database, m_withCheckpoints);
        QSignalSpy exported(&dialog, &PyTorchExportDialog::exported);
        QSignalSpy problems(&dialog, &PyTorchExportDialog::problem);
        QCOMPARE(dialog.checkpointPicker()->selectedPath(), m_bestPath);
        const QString folder = m_dir.filePath("exported");
        dialog.setOutputDirectory(folder);
        QCOMPARE(dialog.outputDirectory(), folder);
        QVERIFY(!dialog.replace());
        QVERIFY(dialog.exportButton()->isEnabled());

        dialog.startExport();
        // Busy until the result is back on the GUI thread: nothing can be clicked meanwhile.
        QVERIFY(dialog.isExporting());
        QVERIFY(!dialog.exportButton()->isEnabled());
        QVERIFY(!dialog.checkpointPicker()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isExporting(), kExportTimeoutMs);
        QVERIFY2(!dialog.messageIsError(), qPrintable(dialog.message()));
        QVERIFY(problems.isEmpty());
        QCOMPARE(exported.count(), 1);
        QCOMPARE(exported.first().at(0).toString(), folder);
        QCOMPARE(dialog.exportedDirectory(), folder);
        for (const char* name : {"model.py", "weights.pt", "README.txt"})
            QVERIFY2(QFileInfo(QDir(folder).filePath(name)).size() > 0, name);
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 3);
        QVERIFY(readAll(QDir(folder).filePath("README.txt")).contains(m_bestPath.toUtf8()));

        // What was written: the folder, its files, README's lines that load the model.
        const QString result = dialog.resultText();
        QVERIFY2(result.contains(QDir::toNativeSeparators(folder)), qPrintable(result));
        for (const char* name : {"model.py", "weights.pt", "README.txt"})
            QVERIFY2(result.contains(name), qPrintable(result));
        // The code lines, and the line above them that says what x is.
        const QList<QByteArray> readme = readAll(QDir(folder).filePath("README.txt")).split('\n');
        QByteArray above;
        int codeLines = 0;
        for (const QByteArray& line : readme) {
            if (line.startsWith("    ")) {
                QVERIFY2(result.contains(QString::fromUtf8(line)), line.constData());
                ++codeLines;
            } else if (codeLines == 0 && !line.trimmed().isEmpty()) {
                above = line;
            }
        }
        QCOMPARE(codeLines, 3);
        QVERIFY2(result.contains(QString::fromUtf8(above)), above.constData());
        QVERIFY(result.contains("model.load_state_dict("));
        QVERIFY(dialog.showFolderButton()->isVisible() || !dialog.isVisible());
        QVERIFY(dialog.showFolderButton()->isEnabled());
        QVERIFY(dialog.exportButton()->isEnabled());
        QCOMPARE(es::ui::PyTorchExportSettings::load().folder, folder);

        // Again into the folder, now not empty, without Replace: the engine's refusal, and the
        // folder as it was (a file of the user's in it stays).
        QFile mine(QDir(folder).filePath("mine.txt"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("kept");
        mine.close();
        const QByteArray weights = readAll(QDir(folder).filePath("weights.pt"));
        dialog.startExport();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isExporting(), kExportTimeoutMs);
        QVERIFY(dialog.messageIsError());
        const std::optional<std::string> refusal =
            es::exportTargetProblem(folder.toStdString(), false);
        QVERIFY(refusal);
        QVERIFY2(dialog.message().contains(QString::fromStdString(*refusal)),
                 qPrintable(dialog.message()));
        QVERIFY(dialog.message().contains("Replace the folder's contents"));
        QVERIFY(dialog.resultText().isEmpty());
        QCOMPARE(problems.count(), 1);
        QVERIFY(problems.first().at(0).toString().contains(QString::fromStdString(*refusal)));
        QCOMPARE(exported.count(), 1);
        QCOMPARE(readAll(mine.fileName()), QByteArray("kept"));
        QCOMPARE(readAll(QDir(folder).filePath("weights.pt")), weights);

        // With Replace: the folder holds the export alone.
        dialog.setReplace(true);
        dialog.startExport();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isExporting(), kExportTimeoutMs);
        QVERIFY2(!dialog.messageIsError(), qPrintable(dialog.message()));
        QCOMPARE(exported.count(), 2);
        QCOMPARE(problems.count(), 1);
        QVERIFY(!QFileInfo::exists(mine.fileName()));
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 3);
        QCOMPARE(readAll(QDir(folder).filePath("weights.pt")), weights);
    }

    /// `<run name>-pytorch` beside the folder of the last export, else in the documents folder.
    void theFolderGoesBesideTheLastExport()
    {
        {
            PyTorchExportDialog dialog(m_database, m_withCheckpoints);
            QCOMPARE(QFileInfo(dialog.outputDirectory()).fileName(),
                     QString("with-checkpoints-pytorch"));
        }
        const QString parent = m_dir.filePath("exports");
        QVERIFY(QDir().mkpath(parent));
        es::ui::PyTorchExportSettings remembered;
        remembered.folder = QDir(parent).filePath("earlier-pytorch");
        remembered.save();
        PyTorchExportDialog dialog(m_database, m_withCheckpoints);
        QCOMPARE(dialog.outputDirectory(), QDir(parent).filePath("with-checkpoints-pytorch"));
    }

    void aRunWithoutCheckpointsHasNothingToPick()
    {
        CheckpointPicker picker;
        QVERIFY(!picker.setRun(m_database, m_withoutCheckpoints));
        QVERIFY2(picker.problem().contains("model_checkpoint"), qPrintable(picker.problem()));
        QCOMPARE(picker.count(), 0);
        QVERIFY(picker.selectedPath().isEmpty());
        QCOMPARE(picker.runName(), QString("no-checkpoints"));

        PyTorchExportDialog dialog(m_database, m_withoutCheckpoints);
        QVERIFY(dialog.messageIsError());
        QCOMPARE(dialog.message(), dialog.checkpointPicker()->problem());
        QVERIFY(!dialog.exportButton()->isEnabled());

        // Nothing to read at all: a run that is not there, a database that is not.
        QVERIFY(!picker.setRun(m_database, 9999));
        QVERIFY2(picker.problem().contains("9999"), qPrintable(picker.problem()));
        QVERIFY(!picker.setRun(m_dir.filePath("no/such/runs.sqlite"), m_withCheckpoints));
        QVERIFY(!picker.problem().isEmpty());
        QCOMPARE(picker.count(), 0);
    }

    void runsPanelActsOnExactlyOneRun()
    {
        es::ui::RunsPanel panel;
        panel.setDatabasePath(m_database);
        QCOMPARE(panel.model()->rowCount(), 2);
        QAction* predict = panel.predictAction();
        QAction* exportPyTorch = panel.exportPyTorchAction();
        QCOMPARE(predict->objectName(), QString("predictAction"));
        QCOMPARE(exportPyTorch->objectName(), QString("exportPyTorchAction"));
        QCOMPARE(predict->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
        QVERIFY(!predict->isEnabled());
        QVERIFY(!exportPyTorch->isEnabled());
        QSignalSpy predicted(&panel, &es::ui::RunsPanel::predictRequested);
        QSignalSpy exported(&panel, &es::ui::RunsPanel::exportPyTorchRequested);

        QTableView* view = panel.view();
        view->selectRow(0);
        QCOMPARE(panel.selectedRunIds().size(), 1);
        const qint64 selected = panel.selectedRunIds().front();
        QVERIFY(predict->isEnabled());
        QVERIFY(exportPyTorch->isEnabled());
        predict->trigger();
        exportPyTorch->trigger();
        QCOMPARE(predicted.count(), 1);
        QCOMPARE(predicted.first().at(0).toLongLong(), selected);
        QCOMPARE(exported.count(), 1);
        QCOMPARE(exported.first().at(0).toLongLong(), selected);

        view->selectAll();
        QCOMPARE(panel.selectedRunIds().size(), 2);
        QVERIFY(!predict->isEnabled());
        QVERIFY(!exportPyTorch->isEnabled());
        view->clearSelection();
        QVERIFY(!predict->isEnabled());
    }

    /// The dialog as a user sees it after an export and after a refusal, saved for people to
    /// look at.
    void screenshot()
    {
        PyTorchExportDialog dialog(m_database, m_withCheckpoints);
        dialog.setOutputDirectory(m_dir.filePath("screenshot/with-checkpoints-pytorch"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.startExport();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isExporting(), kExportTimeoutMs);
        QVERIFY2(!dialog.messageIsError(), qPrintable(dialog.message()));
        QVERIFY(dialog.showFolderButton()->isVisible());
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);
        const QImage picture = dialog.grab().toImage();
        QVERIFY(!picture.isNull());
        QVERIFY(picture.save(QDir(directory).filePath("pytorch-export.png")));

        // Once more into the folder, now not empty: the refusal in red, the dialog still open.
        dialog.startExport();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isExporting(), kExportTimeoutMs);
        QVERIFY(dialog.messageIsError());
        QVERIFY(dialog.isVisible());
        const QImage refused = dialog.grab().toImage();
        QVERIFY(refused != picture);
        QVERIFY(refused.save(QDir(directory).filePath("pytorch-export-refused.png")));
    }
};

QTEST_MAIN(TestPyTorchExportDialog)
#include "tst_pytorchexportdialog.moc"
