// Every reader of a file a user names, given what is not a regular file (issue 31, point 8): a
// FIFO without a writer, /dev/zero, /dev/null, a UNIX socket, a directory, and symbolic links
// to a FIFO and to /dev/zero, as .npy x and y, an .npz or CSV data source, a run config, a
// Keras model, a checkpoint, a file to inspect and the inputs and targets to predict on. Each
// must be refused at once with a ConfigError that names the file and says what it is. Before,
// a FIFO hung the reader forever (open(2) waits for a writer), /dev/zero as a CSV grew until
// std::bad_alloc, and /dev/null read as an empty file.
//
// Each read runs in a child process that the test kills when it has not answered within
// kHangAfter, so that a reader that waits fails the row instead of hanging the suite, and whose
// address space is bounded, so that one streaming /dev/zero fails it instead of the machine.

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/datafiledescription.h"
#include "engine/data/sourcearrays.h"
#include "engine/keras/kerasimport.h"
#include "engine/train/checkpointweights_torch.h"
#include "tests/support/npybytes.h"
#include "tests/support/specialfiles.h"
#include "tests/support/testsuite.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Json = nlohmann::json;

// A refusal takes microseconds; a reader still busy after this waits on the file.
constexpr auto kHangAfter = std::chrono::seconds(10);
// What a child may allocate beyond what it has mapped at the start: far more than any reader
// needs for these files, far less than /dev/zero read to its end would take.
constexpr rlim_t kChildExtraAddressSpace = rlim_t{2} << 30;
constexpr int kSamples = 8;

/// How the read in the child ended.
struct Outcome {
    enum class Kind { ConfigError, OtherError, Returned, Crashed, Hung } kind = Kind::Hung;
    QString text;
};

QString describe(const Outcome& outcome)
{
    switch (outcome.kind) {
        case Outcome::Kind::ConfigError: return "ConfigError: " + outcome.text;
        case Outcome::Kind::OtherError: return "another exception: " + outcome.text;
        case Outcome::Kind::Returned: return "no error: the file was read";
        case Outcome::Kind::Crashed: return "the reader crashed: " + outcome.text;
        case Outcome::Kind::Hung: break;
    }
    return QString("no answer within %1 s: the reader waits on the file")
        .arg(std::chrono::duration_cast<std::chrono::seconds>(kHangAfter).count());
}

/// The pages mapped now, in bytes (the first field of /proc/self/statm).
rlim_t mappedBytes()
{
    unsigned long pages = 0;
    if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(statm, "%lu", &pages) != 1)
            pages = 0;
        std::fclose(statm);
    }
    return static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
}

/// Runs `read` in a child process and says how it ended.
Outcome runInChild(const std::function<void()>& read)
{
    int channel[2];
    if (::pipe2(channel, O_CLOEXEC) != 0)
        return {Outcome::Kind::Crashed, "pipe2 failed"};
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(channel[0]);
        const rlimit limit{mappedBytes() + kChildExtraAddressSpace,
                           mappedBytes() + kChildExtraAddressSpace};
        ::setrlimit(RLIMIT_AS, &limit);
        std::string report;
        try {
            read();
            report = "R";
        } catch (const es::ConfigError& error) {
            report = std::string("C") + error.what();
        } catch (const std::exception& error) {
            report = std::string("E") + error.what();
        }
        const ssize_t written = ::write(channel[1], report.data(), report.size());
        ::_exit(written == static_cast<ssize_t>(report.size()) ? 0 : 1);
    }
    ::close(channel[1]);
    if (child < 0) {
        ::close(channel[0]);
        return {Outcome::Kind::Crashed, "fork failed"};
    }
    const auto deadline = std::chrono::steady_clock::now() + kHangAfter;
    int status = 0;
    pid_t done = 0;
    while ((done = ::waitpid(child, &status, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (done == 0) {
        ::kill(child, SIGKILL);
        ::waitpid(child, &status, 0);
        ::close(channel[0]);
        return {Outcome::Kind::Hung, {}};
    }
    QByteArray report;
    char buffer[4096];
    ssize_t got = 0;
    while ((got = ::read(channel[0], buffer, sizeof buffer)) > 0)
        report.append(buffer, static_cast<qsizetype>(got));
    ::close(channel[0]);
    if (!WIFEXITED(status) || report.isEmpty())
        return {Outcome::Kind::Crashed, WIFSIGNALED(status)
                                            ? QString("signal %1").arg(WTERMSIG(status))
                                            : QString("exit %1").arg(WEXITSTATUS(status))};
    const QString text = QString::fromUtf8(report.mid(1));
    switch (report[0]) {
        case 'C': return {Outcome::Kind::ConfigError, text};
        case 'E': return {Outcome::Kind::OtherError, text};
        default: return {Outcome::Kind::Returned, {}};
    }
}

/// A run on `source` with a model for float features of (4, 2).
es::RunConfig configOn(const Json& source)
{
    Json config = Json::parse(R"({
      "name": "special-inputs", "seed": 1,
      "model": {"layers": [{"type": "lstm", "units": 4}, {"type": "dense", "units": 1}]},
      "data": {"validation_split": 0.25, "batch_size": 4},
      "training": {"epochs": 1, "optimizer": {"type": "adam", "learning_rate": 0.01},
                   "loss": "mse"},
      "device": {"name": "cpu", "intra_op_threads": 1}
    })");
    config["data"]["source"] = source;
    return es::parseRunConfig(config);
}

}  // namespace

class TestSpecialInputs : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<es::test::SpecialFile> m_special;
    QString m_x;  ///< a valid x.npy
    QString m_y;  ///< a valid y.npy

    /// What each reader does with the file at a path.
    std::map<QString, std::function<void(const std::string&)>> readers() const
    {
        const std::string x = m_x.toStdString();
        const std::string y = m_y.toStdString();
        const es::RunConfig onNpy = configOn({{"type", "npy"}, {"x", x}, {"y", y}});
        return {
            {"npy x",
             [=](const std::string& path) {
                 es::loadSourceArrays(configOn({{"type", "npy"}, {"x", path}, {"y", y}}));
             }},
            {"npy y",
             [=](const std::string& path) {
                 es::loadSourceArrays(configOn({{"type", "npy"}, {"x", x}, {"y", path}}));
             }},
            {"npz source",
             [=](const std::string& path) {
                 es::loadSourceArrays(configOn({{"type", "npz"}, {"path", path}}));
             }},
            {"csv source",
             [=](const std::string& path) {
                 es::loadSourceArrays(configOn({{"type", "csv"},
                                                {"path", path},
                                                {"features", {"a", "b"}},
                                                {"target", "b"},
                                                {"window", 4}}));
             }},
            {"run config", [](const std::string& path) { es::loadRunConfigFile(path); }},
            {"keras import", [](const std::string& path) { es::importKerasModelFile(path); }},
            {"checkpoint",
             [](const std::string& path) {
                 torch::nn::Linear model(2, 1);
                 es::loadCheckpointWeights(*model, path, kSamples);
             }},
            {"inspect", [](const std::string& path) { es::describeDataFile(path); }},
            {"predict x",
             [=](const std::string& path) { es::loadPredictionArrays(onNpy, path, ""); }},
            {"predict y",
             [=](const std::string& path) { es::loadPredictionArrays(onNpy, x, path); }},
        };
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_special = es::test::makeSpecialFiles(QDir(m_dir.path()));
        QVERIFY2(!m_special.empty(), "cannot make the FIFO, the socket or the links");
        m_x = m_dir.filePath("x.npy");
        m_y = m_dir.filePath("y.npy");
        QVERIFY(es::test::writeFloatNpy(m_x, "(8, 4, 2)", kSamples * 4 * 2));
        QVERIFY(es::test::writeFloatNpy(m_y, "(8,)", kSamples));
    }

    // The valid files themselves load: the refusals below are the special files' alone.
    void validFilesLoad()
    {
        const es::SourceArrays arrays = es::loadSourceArrays(
            configOn({{"type", "npy"}, {"x", m_x.toStdString()}, {"y", m_y.toStdString()}}));
        QCOMPARE(arrays.x.array.shape, (std::vector<std::int64_t>{kSamples, 4, 2}));
    }

    void refusedAtOnceNamingTheFile_data()
    {
        QTest::addColumn<QString>("reader");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        for (const auto& [reader, read] : readers()) {
            for (const es::test::SpecialFile& special : m_special)
                QTest::newRow(qPrintable(reader + ": " + special.name))
                    << reader << special.path << special.kind;
        }
    }

    void refusedAtOnceNamingTheFile()
    {
        QFETCH(QString, reader);
        QFETCH(QString, file);
        QFETCH(QString, kind);
        const auto read = readers().at(reader);
        const Outcome outcome = runInChild([&] { read(file.toStdString()); });
        QVERIFY2(outcome.kind == Outcome::Kind::ConfigError, qPrintable(describe(outcome)));
        QVERIFY2(outcome.text.contains(file), qPrintable(describe(outcome)));
        QVERIFY2(outcome.text.contains(kind), qPrintable(describe(outcome)));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestSpecialInputs)
#include "tst_specialinputs.moc"
