// The demo's sentiment corpus (issue 35): the same bytes from the same options, laid out as
// aclImdb; written as a whole, so that a writer killed or failing half-way leaves nothing that
// is later taken for complete; a complete corpus used as it is, anything else written again;
// and the preset text-sentiment-demo writing it on first use into the user's data folder.
#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/io/datahome.h"
#include "engine/text/sentimentcorpus.h"
#include "tests/support/scopedenvironment.h"

#include <QtCore/QDir>
#include <QtCore/QDirIterator>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <optional>
#include <system_error>
#include <thread>
#include <tuple>
#include <vector>

namespace {

constexpr const char* kManifest = "epochscope-corpus.txt";
const es::SentimentCorpusOptions kSmall{/*reviewsPerClass=*/60, /*seed=*/7};

/// Every file under `root`, by its path inside it, with its bytes.
std::map<QString, QByteArray> filesUnder(const QString& root)
{
    std::map<QString, QByteArray> files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            files[QDir(root).relativeFilePath(path)] = file.readAll();
    }
    return files;
}

/// The reviews of one class folder.
QStringList reviewsIn(const QString& folder)
{
    return QDir(folder).entryList({"*.txt"}, QDir::Files, QDir::Name);
}

/// The temporary folders a writer left beside `folder` (`<folder>.<pid>-<8 hex>.tmp`).
QStringList leftoversBeside(const QString& folder)
{
    const QFileInfo info(folder);
    const QRegularExpression pattern("^" + QRegularExpression::escape(info.fileName()) +
                                     R"(\.\d+-[0-9a-f]{8}\.tmp$)");
    return QDir(info.absolutePath()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).filter(pattern);
}

/// The bytes of the first positive review, `train/pos/0_<rating>.txt`.
QByteArray firstReview(const QString& corpus)
{
    const QStringList names =
        QDir(corpus + "/train/pos").entryList({"0_*.txt"}, QDir::Files, QDir::Name);
    QFile file(corpus + "/train/pos/" + names.value(0));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

ino_t inodeOf(const QString& path)
{
    struct stat info {};
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? info.st_ino : 0;
}

extern "C" void stopWriterHere(int)
{
    ::raise(SIGSTOP);
}

}  // namespace

class TestSentimentCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameOptionsGiveTheSameBytes()
    {
        QTemporaryDir dir;
        const QString first = dir.filePath("first");
        const QString second = dir.filePath("second");
        es::ensureSentimentCorpus(first.toStdString(), kSmall);
        es::ensureSentimentCorpus(second.toStdString(), kSmall);
        const auto firstFiles = filesUnder(first);
        QCOMPARE(firstFiles.size(), std::size_t(2 * 60 + 1));
        QVERIFY(firstFiles == filesUnder(second));

        // Another seed, other reviews.
        const QString other = dir.filePath("other");
        es::ensureSentimentCorpus(other.toStdString(), {60, 8});
        QVERIFY(firstReview(other) != firstReview(first));
    }

    void laidOutAsAclImdb()
    {
        QTemporaryDir dir;
        const es::SentimentCorpusOptions options{400, 1};
        const std::string texts =
            es::ensureSentimentCorpus(dir.filePath("c").toStdString(), options);
        QCOMPARE(QString::fromStdString(texts), dir.filePath("c/train"));
        QCOMPARE(QDir(dir.filePath("c/train")).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList({"neg", "pos"}));
        QVERIFY(QFile::exists(dir.filePath("c/") + kManifest));

        // aclImdb's names, <id>_<rating>.txt: 7 to 10 stars for pos, 1 to 4 for neg.
        const QRegularExpression name(R"(^(\d+)_(\d+)\.txt$)");
        std::vector<int> words;
        QByteArray all;
        for (const auto& [label, low, high] : {std::tuple{"pos", 7, 10}, std::tuple{"neg", 1, 4}}) {
            const QString folder = dir.filePath("c/train/") + label;
            const QStringList reviews = reviewsIn(folder);
            QCOMPARE(reviews.size(), 400);
            for (const QString& review : reviews) {
                const QRegularExpressionMatch match = name.match(review);
                QVERIFY2(match.hasMatch(), qPrintable(review));
                const int rating = match.captured(2).toInt();
                QVERIFY2(rating >= low && rating <= high, qPrintable(review));
                QFile file(folder + "/" + review);
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QByteArray text = file.readAll();
                all += text;
                words.push_back(static_cast<int>(QString::fromUtf8(text).split(' ').size()));
            }
        }
        // What the tokenizer's rules have to deal with in real reviews.
        QVERIFY(all.contains("<br /><br />"));
        QVERIFY(all.contains("n't "));
        QVERIFY(all.contains("'s "));
        QVERIFY(all.contains("!"));
        QVERIFY(all.contains(","));
        QVERIFY(QString::fromUtf8(all).contains(QRegularExpression(R"(\b[A-Z]{4,}\b)")));
        // Lengths with a long tail: the longest reviews many times the median.
        std::sort(words.begin(), words.end());
        const int median = words[words.size() / 2];
        qInfo("words per review: median %d, 95th percentile %d, longest %d", median,
              words[words.size() * 95 / 100], words.back());
        QVERIFY(median >= 15);
        QVERIFY(words.back() > 8 * median);
    }

    void aCompleteCorpusIsUsedAsItIs()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath("c");
        es::ensureSentimentCorpus(folder.toStdString(), kSmall);
        QVERIFY(es::holdsSentimentCorpus(folder.toStdString(), kSmall));
        const QString review = folder + "/train/pos/" + reviewsIn(folder + "/train/pos").front();
        const ino_t before = inodeOf(review);
        const QDateTime written = QFileInfo(review).lastModified();

        QCOMPARE(es::ensureSentimentCorpus(folder.toStdString(), kSmall),
                 (folder + "/train").toStdString());
        QCOMPARE(inodeOf(review), before);
        QCOMPARE(QFileInfo(review).lastModified(), written);
        QVERIFY(leftoversBeside(folder).isEmpty());
    }

    void aFolderThatIsNotTheWholeCorpusIsWrittenAgain_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("no manifest") << "no manifest";
        QTest::newRow("reviews missing") << "reviews missing";
        QTest::newRow("another version's manifest") << "another version";
        QTest::newRow("other options") << "other options";
        QTest::newRow("manifest is a directory") << "manifest directory";
        QTest::newRow("manifest is a FIFO") << "manifest fifo";
        QTest::newRow("a file") << "file";
    }

    void aFolderThatIsNotTheWholeCorpusIsWrittenAgain()
    {
        QFETCH(QString, damage);
        QTemporaryDir dir;
        const QString folder = dir.filePath("c");
        es::ensureSentimentCorpus(folder.toStdString(), kSmall);
        const auto whole = filesUnder(folder);
        const QString manifest = folder + "/" + kManifest;
        if (damage == "no manifest") {
            // What a writer that wrote the reviews in place and stopped would leave.
            QVERIFY(QFile::remove(manifest));
        } else if (damage == "reviews missing") {
            const QStringList reviews = reviewsIn(folder + "/train/neg");
            for (int i = 0; i < 10; ++i)
                QVERIFY(QFile::remove(folder + "/train/neg/" + reviews[i]));
        } else if (damage == "another version" || damage == "other options") {
            QFile file(manifest);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QByteArray text = file.readAll();
            file.close();
            text.replace(damage == "another version" ? "generator 1" : "seed 7",
                         damage == "another version" ? "generator 0" : "seed 8");
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(text);
        } else if (damage == "manifest directory") {
            QVERIFY(QFile::remove(manifest));
            QVERIFY(QDir().mkdir(manifest));
        } else if (damage == "manifest fifo") {
            QVERIFY(QFile::remove(manifest));
            QCOMPARE(::mkfifo(QFile::encodeName(manifest).constData(), 0644), 0);
        } else {
            QVERIFY(QDir(folder).removeRecursively());
            QFile file(folder);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a corpus");
        }
        QVERIFY(!es::holdsSentimentCorpus(folder.toStdString(), kSmall));

        if (damage == "file") {
            // Not a folder EpochScope wrote: an error naming it, and the file left alone.
            try {
                es::ensureSentimentCorpus(folder.toStdString(), kSmall);
                QFAIL("a file at the corpus's place was replaced");
            } catch (const std::system_error& error) {
                QVERIFY2(QString(error.what()).contains(folder), error.what());
            }
            QVERIFY(QFileInfo(folder).isFile());
            QVERIFY(leftoversBeside(folder).isEmpty());
            return;
        }
        es::ensureSentimentCorpus(folder.toStdString(), kSmall);
        QVERIFY(es::holdsSentimentCorpus(folder.toStdString(), kSmall));
        QVERIFY(filesUnder(folder) == whole);
        QVERIFY(leftoversBeside(folder).isEmpty());
    }

    void aWriterKilledHalfWayLeavesNothingTakenForTheCorpus()
    {
        // A child writes the corpus and is stopped in the middle, a review half-written: a file
        // size limit makes the kernel send SIGXFSZ at the first long review, whose handler stops
        // the process there. Then it is killed, as a crash or a power cut would end it.
        QTemporaryDir dir;
        const QString folder = dir.filePath("c");
        const pid_t pid = ::fork();
        if (pid == 0) {
            struct sigaction action {};
            action.sa_handler = stopWriterHere;
            ::sigaction(SIGXFSZ, &action, nullptr);
            const rlimit limit{1024, 1024};
            ::setrlimit(RLIMIT_FSIZE, &limit);
            try {
                es::ensureSentimentCorpus(folder.toStdString(), {400, 1});
            } catch (...) {
            }
            ::_exit(0);
        }
        int status = 0;
        QVERIFY(pid > 0);
        QCOMPARE(::waitpid(pid, &status, WUNTRACED), pid);
        QVERIFY(WIFSTOPPED(status));
        const QStringList leftovers = leftoversBeside(folder);
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);

        QVERIFY(!QFileInfo::exists(folder));
        QCOMPARE(leftovers.size(), 1);
        QVERIFY(!reviewsIn(dir.filePath(leftovers.front()) + "/train/pos").isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(leftovers.front()) + "/" + kManifest));
        QVERIFY(!es::holdsSentimentCorpus(folder.toStdString(), {400, 1}));

        // The next use writes the whole corpus and removes what the dead writer left.
        es::ensureSentimentCorpus(folder.toStdString(), {400, 1});
        QVERIFY(es::holdsSentimentCorpus(folder.toStdString(), {400, 1}));
        QVERIFY(leftoversBeside(folder).isEmpty());
    }

    void aFailedWriteLeavesNothing()
    {
        // Writes past a file size limit fail (EFBIG, SIGXFSZ ignored), as on a full disk.
        QTemporaryDir dir;
        const QString folder = dir.filePath("c");
        rlimit saved{};
        ::getrlimit(RLIMIT_FSIZE, &saved);
        const sighandler_t savedHandler = ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{1024, saved.rlim_max};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        std::optional<std::string> failure;
        try {
            es::ensureSentimentCorpus(folder.toStdString(), {400, 1});
        } catch (const std::system_error& error) {
            failure = error.what();
        }
        ::setrlimit(RLIMIT_FSIZE, &saved);
        ::signal(SIGXFSZ, savedHandler);
        QVERIFY(failure.has_value());
        QVERIFY2(QString::fromStdString(*failure).contains(".txt"), failure->c_str());
        QVERIFY(!QFileInfo::exists(folder));
        QVERIFY(leftoversBeside(folder).isEmpty());
    }

    void twoWritersAtOnceBothGetTheCorpus()
    {
        QTemporaryDir dir;
        const std::string folder = dir.filePath("c").toStdString();
        std::string first;
        std::string second;
        std::thread other([&] { first = es::ensureSentimentCorpus(folder, kSmall); });
        second = es::ensureSentimentCorpus(folder, kSmall);
        other.join();
        QCOMPARE(first, folder + "/train");
        QCOMPARE(second, first);
        QVERIFY(es::holdsSentimentCorpus(folder, kSmall));
        QVERIFY(leftoversBeside(dir.filePath("c")).isEmpty());
    }

    void userDataDirectoryFollowsXdg()
    {
        const es::test::ScopedEnvironment home("HOME", "/home/someone");
        {
            const es::test::ScopedEnvironment data("XDG_DATA_HOME", "/data/home");
            QCOMPARE(es::userDataDirectory(), std::string("/data/home/epochscope"));
        }
        {
            // The specification ignores a relative path.
            const es::test::ScopedEnvironment data("XDG_DATA_HOME", "relative/share");
            QCOMPARE(es::userDataDirectory(), std::string("/home/someone/.local/share/epochscope"));
        }
        const es::test::ScopedEnvironment data("XDG_DATA_HOME", "");
        QCOMPARE(es::userDataDirectory(), std::string("/home/someone/.local/share/epochscope"));
    }

    void thePresetWritesItsCorpusOnFirstUse()
    {
        QTemporaryDir dataHome;
        const es::test::ScopedEnvironment data("XDG_DATA_HOME", dataHome.path().toUtf8());
        const QString folder = dataHome.filePath("epochscope/corpora/text-sentiment-demo");
        QVERIFY(!QFileInfo::exists(folder));

        const es::RunConfig config = es::loadPreset("text-sentiment-demo");
        QCOMPARE(config.data.source.type, es::DataSourceType::TextFolder);
        QCOMPARE(QString::fromStdString(config.data.source.path), folder + "/train");
        QCOMPARE(QDir(folder + "/train").entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList({"neg", "pos"}));
        QCOMPARE(reviewsIn(folder + "/train/pos").size(), 2500);
        QCOMPARE(reviewsIn(folder + "/train/neg").size(), 2500);
        // By length: post padding and mask_zero, as batching by length needs.
        QCOMPARE(config.data.batching, es::Batching::ByLength);
        QVERIFY(config.model.layers.front().maskZero);
        QVERIFY(config.description.find("first use") != std::string::npos);
        QVERIFY(config.description.find("~/.local/share") != std::string::npos);

        // Used as it is from then on.
        const QString review = folder + "/train/neg/" + reviewsIn(folder + "/train/neg").front();
        const ino_t written = inodeOf(review);
        QCOMPARE(es::loadPreset("text-sentiment-demo").data.source.path, config.data.source.path);
        QCOMPARE(inodeOf(review), written);
    }

    void aCorpusThatCannotBeWrittenIsAConfigError()
    {
        // The data folder lies under a file: no one, root included, can create it.
        QTemporaryDir dir;
        QFile file(dir.filePath("file"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const es::test::ScopedEnvironment data("XDG_DATA_HOME",
                                               dir.filePath("file/share").toUtf8());
        try {
            es::loadPreset("text-sentiment-demo");
            QFAIL("loadPreset did without its corpus");
        } catch (const es::ConfigError& error) {
            QCOMPARE(QString::fromStdString(error.issues().front().path), QString("preset"));
            QVERIFY2(
                QString(error.what())
                    .contains(dir.filePath("file/share/epochscope/corpora/text-sentiment-demo")),
                error.what());
        }
        // The other presets need nothing written.
        QCOMPARE(es::loadPreset("quick-demo").name, std::string("quick-demo"));
    }
};

QTEST_GUILESS_MAIN(TestSentimentCorpus)
#include "tst_sentimentcorpus.moc"
