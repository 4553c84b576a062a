// The files a run writes (issue 31, defects 1 and 2): a config may come from someone else, so
// every callback's file is refused outside the run's folders and onto files EpochScope did not
// write, unless the user allows it; a separator is one character that cannot start a line of
// its own; a replaced file keeps its mode. The hostile targets are generated here for every
// callback that writes, each with and without the permission that lifts its refusal.
#include "engine/callbacks/callbackwrites.h"
#include "engine/config/configerror.h"
#include "engine/io/atomicfile.h"
#include "engine/io/ownfiles.h"
#include "engine/io/writetarget.h"
#include "tests/support/smallconfigs.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <cstdio>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace {

using es::WriteRefusal;
using Reason = WriteRefusal::Reason;

/// How each callback that writes names its file, with the parameter the issue must name.
/// backup_and_restore is given a folder and writes a file of a fixed name in it.
struct Writer {
    const char* type;
    const char* parameter;

    bool writesIntoFolder() const { return std::string(type) == "backup_and_restore"; }
    /// The name of the file the targets lay out.
    QString fileName() const { return writesIntoFolder() ? "epochscope-backup.pt" : "target.file"; }
    /// The config value that makes the callback write `file`.
    std::string valueFor(const std::string& file) const
    {
        return writesIntoFolder() ? file.substr(0, file.rfind('/')) : file;
    }
};

const Writer kWriters[] = {
    {"csv_logger", "filename"},
    {"model_checkpoint", "filepath"},
    {"backup_and_restore", "backup_dir"},
};

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// A regular file's bytes; nothing for anything else (opening a FIFO would wait for a writer).
QByteArray readBytes(const QString& path)
{
    struct stat entry {};
    if (::lstat(path.toUtf8().constData(), &entry) != 0 || !S_ISREG(entry.st_mode))
        return QByteArray();
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The smallest zip that holds an `archive/data.pkl` record (stored, empty), as a LibTorch
/// archive names its pickle.
QByteArray torchArchiveBytes()
{
    const QByteArray name = "archive/data.pkl";
    auto le16 = [](int v) {
        QByteArray bytes(2, '\0');
        bytes[0] = char(v & 0xff);
        bytes[1] = char((v >> 8) & 0xff);
        return bytes;
    };
    auto le32 = [&](quint32 v) { return le16(int(v & 0xffff)) + le16(int(v >> 16)); };
    QByteArray local = "PK\x03\x04" + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) +
                       le32(0) + le32(0) + le16(int(name.size())) + le16(0) + name;
    QByteArray central = "PK\x01\x02" + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) +
                         le16(0) + le32(0) + le32(0) + le32(0) + le16(int(name.size())) + le16(0) +
                         le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + name;
    QByteArray end = "PK\x05\x06" + le16(0) + le16(0) + le16(1) + le16(1) +
                     le32(quint32(central.size())) + le32(quint32(local.size())) + le16(0);
    return local + central + end;
}

/// A run config writing through `writer` to `value`, run in `folder`.
es::RunConfig configWriting(const Writer& writer, const std::string& value,
                            const std::string& folder)
{
    nlohmann::json document = es::test::smallRegressionJson();
    document["callbacks"] =
        nlohmann::json::array({{{"type", writer.type}, {writer.parameter, value}}});
    es::RunConfig config = es::parseRunConfig(document);
    config.writes.folders = {folder};
    return config;
}

/// One hostile (or harmless) target: how the test lays out a file named `name` under `inside`
/// (the run's folder) or `outside`, the path of that file, and what the check must say.
struct Target {
    QString name;
    std::function<std::string(const QString& inside, const QString& outside, const QString& name)>
        make;
    std::optional<Reason> expected;  ///< nullopt: allowed as it is
};

}  // namespace

class TestWriteTarget : public QObject {
    Q_OBJECT

private:
    std::vector<Target> targets(const Writer& writer) const
    {
        const bool log = std::string(writer.type) == "csv_logger";
        const std::string own = log ? "epoch,loss\n0,0.5\n" : torchArchiveBytes().toStdString();
        const auto put = [](const QString& path, const QByteArray& bytes) {
            QDir().mkpath(QFileInfo(path).absolutePath());
            writeBytes(path, bytes);
            return path.toStdString();
        };
        std::vector<Target> list;
        list.push_back({"new file inside",
                        [](const QString& in, const QString&, const QString& n) {
                            return (in + "/out/" + n).toStdString();
                        },
                        std::nullopt});
        list.push_back({"own file inside",
                        [=](const QString& in, const QString&, const QString& n) {
                            return put(in + "/own/" + n, QByteArray::fromStdString(own));
                        },
                        std::nullopt});
        list.push_back({"absolute path outside, new",
                        [](const QString&, const QString& out, const QString& n) {
                            return (out + "/elsewhere/" + n).toStdString();
                        },
                        Reason::OutsideFolders});
        list.push_back({"absolute path outside onto a user's file",
                        [=](const QString&, const QString& out, const QString& n) {
                            return put(out + "/home/" + n, "alias ls='ls -F'\n");
                        },
                        Reason::OutsideFolders});
        list.push_back(
            {"../ out of the folder",
             [=](const QString& in, const QString& out, const QString& n) {
                 put(out + "/notes/" + n, "my notes\n");
                 return (in + "/" + QDir(in).relativeFilePath(out + "/notes/" + n)).toStdString();
             },
             Reason::OutsideFolders});
        list.push_back({"a linked folder inside that leads outside",
                        [=](const QString& in, const QString& out, const QString& n) {
                            QDir().mkpath(out + "/target");
                            QFile::link(out + "/target", in + "/linked");
                            return (in + "/linked/" + n).toStdString();
                        },
                        Reason::OutsideFolders});
        list.push_back({"a user's file inside",
                        [=](const QString& in, const QString&, const QString& n) {
                            return put(in + "/docs/" + n, "quarterly figures\n");
                        },
                        Reason::ForeignFile});
        list.push_back({"a private (0600) user's file inside",
                        [=](const QString& in, const QString&, const QString& n) {
                            const std::string path = put(in + "/private/" + n, "secret\n");
                            ::chmod(path.c_str(), 0600);
                            return path;
                        },
                        Reason::ForeignFile});
        list.push_back({"an empty file inside",
                        [=](const QString& in, const QString&, const QString& n) {
                            return put(in + "/empty/" + n, QByteArray());
                        },
                        Reason::ForeignFile});
        list.push_back({"a link inside to a file inside",
                        [=](const QString& in, const QString&, const QString& n) {
                            put(in + "/real/" + n, QByteArray::fromStdString(own));
                            QDir().mkpath(in + "/links");
                            QFile::link(in + "/real/" + n, in + "/links/" + n);
                            return (in + "/links/" + n).toStdString();
                        },
                        Reason::ForeignFile});
        list.push_back({"a FIFO inside",
                        [](const QString& in, const QString&, const QString& n) {
                            QDir().mkpath(in + "/fifo");
                            const std::string path = (in + "/fifo/" + n).toStdString();
                            ::mkfifo(path.c_str(), 0600);
                            return path;
                        },
                        Reason::ForeignFile});
        list.push_back({"a socket inside",
                        [](const QString& in, const QString&, const QString& n) {
                            QDir().mkpath(in + "/sock");
                            const std::string path = (in + "/sock/" + n).toStdString();
                            const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
                            sockaddr_un address{};
                            address.sun_family = AF_UNIX;
                            std::snprintf(address.sun_path, sizeof address.sun_path, "%s",
                                          path.c_str());
                            ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
                            ::close(fd);
                            return path;
                        },
                        Reason::ForeignFile});
        // What the other callbacks write is not this one's: a log is no checkpoint and back.
        list.push_back({"the other kind of EpochScope file",
                        [=](const QString& in, const QString&, const QString& n) {
                            return put(in + "/other/" + n,
                                       log ? torchArchiveBytes() : QByteArray("epoch,loss\n0,1\n"));
                        },
                        Reason::ForeignFile});
        // A backup's file has EpochScope's own name, and the restore refuses (and keeps)
        // anything there but this run's backup (tst_backup): only where it goes is checked.
        if (writer.writesIntoFolder()) {
            for (Target& target : list) {
                if (target.expected == Reason::ForeignFile)
                    target.expected = std::nullopt;
            }
        }
        return list;
    }

private Q_SLOTS:
    void everyCallbackEveryTarget()
    {
        for (const Writer& writer : kWriters) {
            for (const Target& target : targets(writer)) {
                QTemporaryDir inside;
                QTemporaryDir outside;
                const std::string file =
                    target.make(inside.path(), outside.path(), writer.fileName());
                const QByteArray before = readBytes(QString::fromStdString(file));
                const es::RunConfig config =
                    configWriting(writer, writer.valueFor(file), inside.path().toStdString());
                const std::vector<es::ConfigIssue> issues = es::checkRunWrites(config);
                const QString what =
                    QString("%1, %2: %3")
                        .arg(writer.type, target.name, QString::fromStdString(file));
                if (!target.expected) {
                    const QString refused =
                        issues.empty() ? QString() : QString::fromStdString(issues.front().message);
                    QVERIFY2(issues.empty(), qPrintable(what + " refused: " + refused));
                    continue;
                }
                QVERIFY2(issues.size() == 1, qPrintable(what + " not refused"));
                QCOMPARE(QString::fromStdString(issues[0].path),
                         QString("callbacks[0].%1").arg(writer.parameter));
                const std::vector<es::PlannedWrite> planned = es::plannedWrites(config);
                QCOMPARE(planned.size(), std::size_t(1));
                QCOMPARE(QString::fromStdString(planned[0].path), QString::fromStdString(file));
                const auto refusal = es::refusalOf(planned[0], config.writes);
                QVERIFY(refusal.has_value());
                QCOMPARE(int(refusal->reason), int(*target.expected));
                // The message names the file and the way to allow it.
                QVERIFY2(issues[0].message.find(file) != std::string::npos,
                         issues[0].message.c_str());
                const char* flag = *target.expected == Reason::OutsideFolders
                                       ? "--allow-outside-writes"
                                       : "--allow-overwrite";
                QVERIFY2(issues[0].message.find(flag) != std::string::npos,
                         issues[0].message.c_str());
                // Allowing both lets the write go ahead; allowing only the other one does not.
                es::RunConfig allowed = config;
                allowed.writes.outsideFolders = true;
                allowed.writes.foreignFiles = true;
                QVERIFY2(es::checkRunWrites(allowed).empty(), qPrintable(what));
                es::RunConfig otherOnly = config;
                if (*target.expected == Reason::OutsideFolders)
                    otherOnly.writes.foreignFiles = true;
                else
                    otherOnly.writes.outsideFolders = true;
                QVERIFY2(!es::checkRunWrites(otherOnly).empty(), qPrintable(what));
                // Checking never changes what is there.
                QCOMPARE(readBytes(QString::fromStdString(file)), before);
            }
        }
    }

    void checkpointTemplateLeadingOut()
    {
        // The fields of a template decide the file at each save; the first epoch's file shows
        // where a literal "../" in the template leads.
        QTemporaryDir inside;
        const Writer checkpoint = kWriters[1];
        const es::RunConfig config = configWriting(
            checkpoint, inside.path().toStdString() + "/ckpt/{epoch:02d}/../../../x.pt",
            inside.path().toStdString());
        const std::vector<es::ConfigIssue> issues = es::checkRunWrites(config);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("--allow-outside-writes") != std::string::npos);
    }

    void emptyFoldersMeanTheCurrentDirectory()
    {
        QTemporaryDir dir;
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        const es::WritePermissions none;
        const bool insideAllowed =
            !es::checkWriteTarget("log.csv", es::WrittenContent::EpochLog, none).has_value();
        const bool outsideRefused =
            es::checkWriteTarget("../log.csv", es::WrittenContent::EpochLog, none).has_value();
        QVERIFY(QDir::setCurrent(previous));
        QVERIFY(insideAllowed);
        QVERIFY(outsideRefused);
    }

    void epochLogs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<char>("separator");
        QTest::addColumn<bool>("isLog");
        QTest::newRow("header only") << QByteArray("epoch,loss,val_loss\n") << ',' << true;
        QTest::newRow("rows") << QByteArray("epoch,loss\n0,0.5\n1,1e-3\n2,nan\n") << ',' << true;
        QTest::newRow("crlf") << QByteArray("epoch;loss\r\n0;0.25\r\n") << ';' << true;
        QTest::newRow("tab") << QByteArray("epoch\tloss\n0\t-inf\n") << '\t' << true;
        QTest::newRow("empty") << QByteArray() << ',' << false;
        QTest::newRow("no newline at the end") << QByteArray("epoch,loss\n0,0.5") << ',' << false;
        QTest::newRow("other separator") << QByteArray("epoch;loss\n0;0.5\n") << ',' << false;
        QTest::newRow("shell start-up file")
            << QByteArray("export PATH=$HOME/bin:$PATH\n") << ',' << false;
        QTest::newRow("command after a header")
            << QByteArray("epoch,loss\ntouch MARKER\n") << ',' << false;
        QTest::newRow("a row of words") << QByteArray("epoch,loss\n0,zero\n") << ',' << false;
        QTest::newRow("fields missing") << QByteArray("epoch,loss,mae\n0,0.5\n") << ',' << false;
        QTest::newRow("header not epoch") << QByteArray("step,loss\n0,0.5\n") << ',' << false;
        QTest::newRow("name with a space") << QByteArray("epoch,val loss\n0,0.5\n") << ',' << false;
        QTest::newRow("blank line") << QByteArray("epoch,loss\n\n0,0.5\n") << ',' << false;
        QTest::newRow("NUL byte") << QByteArray("epoch,loss\n0,0.5\0\n", 18) << ',' << false;
    }

    void epochLogs()
    {
        QFETCH(QByteArray, text);
        QFETCH(char, separator);
        QFETCH(bool, isLog);
        QCOMPARE(es::isEpochLogText(text.toStdString(), separator), isLog);
    }

    void separators_data()
    {
        QTest::addColumn<QString>("separator");
        QTest::addColumn<bool>("accepted");
        for (const char* good : {",", ";", "\t", "|", " ", ":", "#", "!", "/"})
            QTest::newRow(QByteArray("accepted ").append(good).constData())
                << QString(good) << true;
        QTest::newRow("the probe's") << QString("\ntouch MARKER #") << false;
        QTest::newRow("newline") << QString("\n") << false;
        QTest::newRow("carriage return") << QString("\r") << false;
        QTest::newRow("two characters") << QString(",,") << false;
        QTest::newRow("quote") << QString("\"") << false;
        QTest::newRow("apostrophe") << QString("'") << false;
        QTest::newRow("letter") << QString("a") << false;
        QTest::newRow("digit") << QString("1") << false;
        QTest::newRow("point") << QString(".") << false;
        QTest::newRow("minus") << QString("-") << false;
        QTest::newRow("plus") << QString("+") << false;
        QTest::newRow("underscore") << QString("_") << false;
        QTest::newRow("backslash") << QString("\\") << false;
        QTest::newRow("NUL") << QString(QChar(0)) << false;
        QTest::newRow("escape") << QString("\x1b") << false;
        QTest::newRow("non-ASCII") << QString::fromUtf8("\xc2\xa7") << false;
        // Every control character and every letter and digit, generated.
        for (int c = 1; c < 0x20; ++c) {
            if (c != '\t')
                QTest::newRow(qPrintable(QString("control %1").arg(c)))
                    << QString(QChar(c)) << false;
        }
        for (char c = 'A'; c <= 'Z'; ++c)
            QTest::newRow(qPrintable(QString("letter %1").arg(c))) << QString(QChar(c)) << false;
    }

    void separators()
    {
        QFETCH(QString, separator);
        QFETCH(bool, accepted);
        nlohmann::json document = es::test::smallRegressionJson();
        document["callbacks"] = nlohmann::json::array({{{"type", "csv_logger"},
                                                        {"filename", "log.csv"},
                                                        {"separator", separator.toStdString()},
                                                        {"append", true}}});
        try {
            es::parseRunConfig(document);
            QVERIFY2(accepted, "accepted");
        } catch (const es::ConfigError& error) {
            QVERIFY2(!accepted, error.what());
            QCOMPARE(QString::fromStdString(error.issues().at(0).path),
                     QString("callbacks[0].separator"));
        }
    }

    void replacedFileKeepsItsMode()
    {
        QTemporaryDir dir;
        for (const mode_t mode : {mode_t(0600), mode_t(0640), mode_t(0444), mode_t(0755)}) {
            const std::string path =
                (dir.path() + QString("/log-%1.csv").arg(mode, 0, 8)).toStdString();
            es::writeFileAtomically(path, "epoch,loss\n");
            ::chmod(path.c_str(), mode);
            es::writeFileAtomically(path, "epoch,loss\n0,1\n");
            struct stat after {};
            QCOMPARE(::stat(path.c_str(), &after), 0);
            QCOMPARE(after.st_mode & 07777, mode);
            QCOMPARE(readBytes(QString::fromStdString(path)), QByteArray("epoch,loss\n0,1\n"));
        }
    }
};

QTEST_GUILESS_MAIN(TestWriteTarget)
#include "tst_writetarget.moc"
