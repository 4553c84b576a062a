// A config someone sends cannot make `train` write where it should not (issue 31, defects 1
// and 2), run as a user would: the probe's attacks through csv_logger and model_checkpoint are
// refused with exit 2 naming the field and the file, leave the user's file as it was, and go
// ahead only with the flag that allows them; a run's own files are still replaced and extended
// from one run to the next.
#include "tests/support/clirunner.h"
#include "tests/support/smallconfigs.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>
#include <unistd.h>

namespace {

/// A one-epoch run of the small regression with `callbacks`.
nlohmann::json tinyRunWith(const nlohmann::json& callbacks)
{
    nlohmann::json config = es::test::smallRegressionJson();
    config["data"]["source"]["samples"] = 64;
    config["training"]["epochs"] = 1;
    config["callbacks"] = callbacks;
    return config;
}

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

mode_t modeOf(const QString& path)
{
    struct stat status {};
    return ::stat(path.toUtf8().constData(), &status) == 0 ? (status.st_mode & 07777) : 0;
}

/// Trains `config` (written as run.json in `project`) from `project` as the current directory.
CliRun trainIn(const QString& project, const nlohmann::json& config, QStringList flags = {})
{
    const QString path = project + "/run.json";
    if (!writeJson(path, config))
        return {};
    const QByteArray folder = project.toUtf8();
    return runCli(QStringList{"train", "--config", path, "--no-record", "-q"} + flags,
                  kTrainTimeoutMs, [folder] {
                      if (::chdir(folder.constData()) != 0)
                          ::_exit(99);
                  });
}

}  // namespace

class TestConfigWrites : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Defect 1: csv_logger appending shell commands to a start-up file outside the project.
    void csvLoggerCannotAppendCommandsToAStartupFile()
    {
        QTemporaryDir home;
        QTemporaryDir project;
        const QString startup = home.path() + "/.bashrc";
        const QByteArray original = "alias ll='ls -l'\n";
        QVERIFY(writeBytes(startup, original));
        ::chmod(startup.toUtf8().constData(), 0600);
        const nlohmann::json attack =
            tinyRunWith(nlohmann::json::array({{{"type", "csv_logger"},
                                                {"filename", startup.toStdString()},
                                                {"append", true},
                                                {"separator", "\ntouch MARKER #"}}}));
        // The separator itself is refused, whatever the flags say.
        const CliRun separator =
            trainIn(project.path(), attack, {"--allow-outside-writes", "--allow-overwrite"});
        QCOMPARE(separator.exitCode, kExitBadInput);
        QVERIFY2(separator.err.contains("callbacks[0].separator"), qPrintable(describe(separator)));

        nlohmann::json comma = attack;
        comma["callbacks"][0]["separator"] = ",";
        // Outside the project's folders: refused, naming the field and the file.
        const CliRun outside = trainIn(project.path(), comma);
        QCOMPARE(outside.exitCode, kExitBadInput);
        QVERIFY2(outside.err.contains("callbacks[0].filename"), qPrintable(describe(outside)));
        QVERIFY2(outside.err.contains(startup), qPrintable(describe(outside)));
        QVERIFY2(outside.err.contains("--allow-outside-writes"), qPrintable(describe(outside)));
        // Allowed outside, it is still not a log EpochScope wrote.
        const CliRun foreign = trainIn(project.path(), comma, {"--allow-outside-writes"});
        QCOMPARE(foreign.exitCode, kExitBadInput);
        QVERIFY2(foreign.err.contains("--allow-overwrite"), qPrintable(describe(foreign)));
        QCOMPARE(readBytes(startup), original);
        QCOMPARE(modeOf(startup), mode_t(0600));
        QVERIFY(!QFile::exists(project.path() + "/MARKER"));
        // Both allowed: the user said so; the file keeps its private mode.
        const CliRun allowed =
            trainIn(project.path(), comma, {"--allow-outside-writes", "--allow-overwrite"});
        QCOMPARE(allowed.exitCode, kExitFinished);
        QVERIFY(readBytes(startup).startsWith(original));
        QCOMPARE(modeOf(startup), mode_t(0600));
    }

    // Defect 2: model_checkpoint and csv_logger replacing a user's file, by absolute path and
    // through "../", each variant generated here.
    void callbacksDoNotReplaceUsersFiles()
    {
        QTemporaryDir root;
        const QString project = root.path() + "/project";
        QVERIFY(QDir().mkpath(project + "/data"));
        const QString victim = root.path() + "/thesis.tex";
        const QString insideVictim = project + "/data/notes.txt";
        const QByteArray original = "\\documentclass{article}\n";
        struct Variant {
            const char* callback;
            const char* parameter;
            QString value;
            QString file;
            const char* flag;
        };
        const std::vector<Variant> variants = {
            {"model_checkpoint", "filepath", victim, victim, "--allow-outside-writes"},
            {"model_checkpoint", "filepath", "../thesis.tex", victim, "--allow-outside-writes"},
            {"model_checkpoint", "filepath", "data/notes.txt", insideVictim, "--allow-overwrite"},
            {"csv_logger", "filename", victim, victim, "--allow-outside-writes"},
            {"csv_logger", "filename", "data/../../thesis.tex", victim, "--allow-outside-writes"},
            {"csv_logger", "filename", "data/notes.txt", insideVictim, "--allow-overwrite"},
        };
        for (const Variant& variant : variants) {
            QVERIFY(writeBytes(victim, original));
            QVERIFY(writeBytes(insideVictim, original));
            const CliRun run =
                trainIn(project, tinyRunWith(nlohmann::json::array(
                                     {{{"type", variant.callback},
                                       {variant.parameter, variant.value.toStdString()}}})));
            const QString what =
                QString("%1 %2: %3").arg(variant.callback, variant.value, describe(run));
            QVERIFY2(run.exitCode == kExitBadInput, qPrintable(what));
            QVERIFY2(run.err.contains(QString("callbacks[0].%1").arg(variant.parameter)),
                     qPrintable(what));
            QVERIFY2(run.err.contains(variant.flag), qPrintable(what));
            QCOMPARE(readBytes(variant.file), original);
        }
    }

    // A run's own files: the second run of a config replaces its checkpoint and extends its
    // log, as before.
    void ownFilesAreReplacedAndExtended()
    {
        QTemporaryDir project;
        const nlohmann::json config = tinyRunWith(nlohmann::json::array(
            {{{"type", "csv_logger"}, {"filename", "logs/log.csv"}, {"append", true}},
             {{"type", "model_checkpoint"}, {"filepath", "ckpt/m-{epoch:02d}.pt"}},
             {{"type", "backup_and_restore"}, {"backup_dir", "backup"}}}));
        for (int run = 1; run <= 2; ++run) {
            const CliRun trained = trainIn(project.path(), config);
            QVERIFY2(trained.exitCode == kExitFinished, qPrintable(describe(trained)));
        }
        const QList<QByteArray> lines = readBytes(project.path() + "/logs/log.csv").split('\n');
        // One header and a row from each run, then the final newline's empty part.
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[0].startsWith("epoch,"));
        QVERIFY(QFile::exists(project.path() + "/ckpt/m-01.pt"));
    }
};

QTEST_GUILESS_MAIN(TestConfigWrites)
#include "tst_configwrites.moc"
