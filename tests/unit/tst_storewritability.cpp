// databaseWriteProblem (issue 31, defect 9): a run database that can be read but not written is
// found before a run starts, whatever makes it unwritable, and nothing is written to find out.
// Root writes wherever it likes, so as root each case is checked in a child that has become
// nobody, for whom the test's files are read-only.
#include "engine/store/storewritability.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <string>

namespace {

constexpr uid_t kNobody = 65534;

/// databaseWriteProblem(path) as a user who owns none of the test's files.
std::optional<std::string> problemAsAnotherUser(const std::string& path)
{
    if (::geteuid() != 0)
        return es::databaseWriteProblem(path);
    int channel[2];
    if (::pipe(channel) != 0)
        return std::string("pipe failed");
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(channel[0]);
        if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
            ::_exit(3);
        const std::optional<std::string> problem = es::databaseWriteProblem(path);
        const std::string reply = problem ? "1" + *problem : "0";
        const ssize_t ignored = ::write(channel[1], reply.data(), reply.size());
        ::_exit(ignored == ssize_t(reply.size()) ? 0 : 4);
    }
    ::close(channel[1]);
    std::string reply;
    char buffer[512];
    for (ssize_t got; (got = ::read(channel[0], buffer, sizeof buffer)) > 0;)
        reply.append(buffer, static_cast<std::size_t>(got));
    ::close(channel[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (reply.empty())
        return std::string("the child failed");
    if (reply[0] == '0')
        return std::nullopt;
    return reply.substr(1);
}

bool touch(const QString& path, mode_t mode)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.close();
    return ::chmod(path.toUtf8().constData(), mode) == 0;
}

}  // namespace

class TestStoreWritability : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unwritableDatabases()
    {
        // Each case: how the folder and its files are laid out, the database asked about, and
        // the path the problem must name (empty: writable, no problem).
        struct Case {
            const char* name;
            mode_t folderMode;
            std::function<bool(const QString& folder)> lay;
            QString database;  ///< relative to the folder
            QString named;     ///< relative to the folder; "." the folder itself
        };
        const bool asRoot = ::geteuid() == 0;
        // As root the child is nobody: a file of root's with mode 0644 is read-only to it, and
        // a folder of root's with 0755 too. As another user, modes say it.
        const mode_t writableFile = asRoot ? 0666 : 0644;
        const mode_t writableFolder = asRoot ? 0777 : 0755;
        const std::vector<Case> cases = {
            {"writable", writableFolder,
             [&](const QString& f) { return touch(f + "/runs.sqlite", writableFile); },
             "runs.sqlite", ""},
            {"read-only file", writableFolder,
             [](const QString& f) { return touch(f + "/runs.sqlite", 0444); }, "runs.sqlite",
             "runs.sqlite"},
            {"file writable, folder read-only", 0555,
             [&](const QString& f) { return touch(f + "/runs.sqlite", writableFile); },
             "runs.sqlite", "."},
            {"read-only journal", writableFolder,
             [&](const QString& f) {
                 return touch(f + "/runs.sqlite", writableFile) &&
                        touch(f + "/runs.sqlite-wal", 0444);
             },
             "runs.sqlite", "runs.sqlite-wal"},
            {"read-only shared memory", writableFolder,
             [&](const QString& f) {
                 return touch(f + "/runs.sqlite", writableFile) &&
                        touch(f + "/runs.sqlite-shm", 0444);
             },
             "runs.sqlite", "runs.sqlite-shm"},
            {"not created, folder read-only", 0555, [](const QString&) { return true; },
             "runs.sqlite", "."},
            {"not created, folders to make under a read-only one", 0555,
             [](const QString&) { return true; }, "a/b/runs.sqlite", "."},
            {"not created, writable", writableFolder, [](const QString&) { return true; },
             "new/runs.sqlite", ""},
        };
        for (const Case& c : cases) {
            QTemporaryDir dir;
            const QString folder = dir.path() + "/db";
            QVERIFY(QDir().mkpath(folder));
            ::chmod(dir.path().toUtf8().constData(), 0755);
            QVERIFY2(c.lay(folder), c.name);
            QVERIFY(::chmod(folder.toUtf8().constData(), c.folderMode) == 0);
            const QString database = folder + "/" + c.database;
            const QStringList before = QDir(folder).entryList(QDir::AllEntries | QDir::Hidden);
            const std::optional<std::string> problem = problemAsAnotherUser(database.toStdString());
            ::chmod(folder.toUtf8().constData(), 0755);  // for the cleanup
            QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::Hidden), before);
            if (c.named.isEmpty()) {
                QVERIFY2(!problem, problem ? problem->c_str() : c.name);
                continue;
            }
            QVERIFY2(problem.has_value(), c.name);
            const QString named = c.named == "." ? folder : folder + "/" + c.named;
            QVERIFY2(QString::fromStdString(*problem).contains(named),
                     qPrintable(QString("%1: %2").arg(c.name, QString::fromStdString(*problem))));
            QVERIFY2(problem->find("not recorded") != std::string::npos, problem->c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestStoreWritability)
#include "tst_storewritability.moc"
