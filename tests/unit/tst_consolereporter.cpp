// The CLI's console output: epoch and progress lines, the run header, and the reporter that
// moves events from the engine thread to the printing thread.
#include "cli/consolereporter.h"
#include "cli/progressbar.h"
#include "cli/runbanner.h"
#include "engine/core/phase.h"
#include "engine/core/siunits.h"
#include "engine/core/text.h"

#include <QtTest/QtTest>

#include <cstdio>
#include <memory>
#include <thread>

Q_DECLARE_METATYPE(es::EpochRecord)
Q_DECLARE_METATYPE(es::EpochProgress)
Q_DECLARE_METATYPE(std::optional<double>)

namespace {

/// A temporary FILE* whose text can be read back while it stays open for writing.
class CapturedFile {
public:
    CapturedFile() : m_file(std::tmpfile(), &std::fclose) {}

    std::FILE* get() const { return m_file.get(); }

    std::string text() const
    {
        std::fflush(m_file.get());
        std::rewind(m_file.get());
        std::string text;
        char buffer[4096];
        while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, m_file.get()))
            text.append(buffer, n);
        std::fseek(m_file.get(), 0, SEEK_END);
        return text;
    }

private:
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> m_file;
};

es::EpochRecord epochRecord(int epoch, double wallS, double trainS, int batches, double loss)
{
    es::EpochRecord record;
    record.epoch = epoch;
    record.wallS = wallS;
    record.trainS = trainS;
    record.batches = batches;
    record.trainLoss = loss;
    return record;
}

es::EpochProgress progress(int done, int total, double elapsedS, std::optional<double> loss)
{
    return es::EpochProgress{1, done, total, elapsedS, loss};
}

es::RunInfo runInfo(int epochs, int batchesPerEpoch)
{
    es::RunInfo info;
    info.epochs = epochs;
    info.batchesPerEpoch = batchesPerEpoch;
    info.trainSamples = 800;
    info.validationSamples = 200;
    info.batchSize = 32;
    info.device = "cpu";
    info.placement = "device";
    info.prefetch = 2;
    info.backend = "libtorch";
    info.backendReason = "the only backend in this build";
    info.intraOpThreads = 2;
    info.interOpThreads = 1;
    info.model.totalParams = 17217;
    info.model.trainingFlopsPerSample = 76875.0;  // 2.46 MFLOP per batch of 32
    return info;
}

es::BatchRecord batch(int epoch, int index, double wallMs, double loss)
{
    es::BatchRecord record;
    record.epoch = epoch;
    record.batch = index;
    record.wallMs = wallMs;
    record.loss = loss;
    record.samples = 32;
    return record;
}

/// Feeds a whole run of `epochs` epochs of `batches` batches, as the engine thread would.
void feedRun(es::RunObserver& observer, int epochs, int batches)
{
    observer.onRunStarted(runInfo(epochs, batches));
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        observer.onEpochStarted(epoch);
        for (int i = 1; i <= batches; ++i)
            observer.onBatch(batch(epoch, i, 10.0, 1.0 / epoch));
        observer.onEpoch(epochRecord(epoch, 0.5, 0.4, batches, 1.0 / epoch));
    }
    observer.onStateChanged(es::RunState::Finished);
}

QStringList epochLines(const std::string& text)
{
    QStringList lines;
    for (const QString& line : QString::fromStdString(text).split('\n')) {
        if (line.startsWith("Epoch "))
            lines << line.section(" - ", 0, 0);
    }
    return lines;
}

es::ConsoleOptions options(es::ConsoleMode mode)
{
    es::ConsoleOptions result;
    result.mode = mode;
    result.width = 100;
    result.redrawInterval = std::chrono::milliseconds(0);
    return result;
}

}  // namespace

class TestConsoleReporter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void epochLine_data()
    {
        QTest::addColumn<es::EpochRecord>("record");
        QTest::addColumn<QString>("expected");

        QTest::newRow("loss only") << epochRecord(3, 4.2, 3.904, 64, 0.0123)
                                   << "Epoch 3/20 - 4.2s - 61ms/step - loss: 0.0123";

        es::EpochRecord validated = epochRecord(3, 4.2, 3.904, 64, 0.0123);
        validated.valLoss = 0.015;
        QTest::newRow("validation loss")
            << validated << "Epoch 3/20 - 4.2s - 61ms/step - loss: 0.0123 - val_loss: 0.0150";

        es::EpochRecord metrics = validated;
        metrics.metrics = {
            {"val_mae", 0.09}, {"mae", 0.08}, {"val_accuracy", 0.85}, {"accuracy", 0.9}};
        QTest::newRow("training metrics before validation metrics")
            << metrics
            << "Epoch 3/20 - 4.2s - 61ms/step - loss: 0.0123 - val_loss: 0.0150 - accuracy: "
               "0.9000 - mae: 0.0800 - val_accuracy: 0.8500 - val_mae: 0.0900";

        QTest::newRow("small loss keeps its digits")
            << epochRecord(1, 1.0, 1.0, 10, 4.56e-4)
            << "Epoch 1/20 - 1.0s - 100ms/step - loss: 4.5600e-04";
        QTest::newRow("sub-millisecond steps in microseconds")
            << epochRecord(1, 0.06, 0.05, 100, 0.5)
            << "Epoch 1/20 - 0.1s - 500us/step - loss: 0.5000";
        QTest::newRow("steps over a second")
            << epochRecord(2, 12.5, 12.0, 4, 0.5) << "Epoch 2/20 - 12.5s - 3s/step - loss: 0.5000";
        QTest::newRow("diverged loss") << epochRecord(1, 1.0, 1.0, 10, std::nan(""))
                                       << "Epoch 1/20 - 1.0s - 100ms/step - loss: nan";
        QTest::newRow("no steps run")
            << epochRecord(1, 0.2, 0.0, 0, 0.0) << "Epoch 1/20 - 0.2s - loss: 0.0000e+00";
    }

    void epochLine()
    {
        QFETCH(es::EpochRecord, record);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(es::formatEpochLine(record, 20)), expected);
    }

    void progressLine_data()
    {
        QTest::addColumn<es::EpochProgress>("progress");
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("expected");

        // 37 steps in 3.7 s: 91 left at 0.1 s each.
        const es::EpochProgress midway = progress(37, 128, 3.7, 0.0123);
        QTest::newRow("keras layout, no width limit")
            << midway << 0 << "  37/128 [=======>......................] - ETA: 9s - loss: 0.0123";
        QTest::newRow("fits an 80-column terminal as is")
            << midway << 80 << "  37/128 [=======>......................] - ETA: 9s - loss: 0.0123";
        QTest::newRow("narrow terminal narrows the bar")
            << midway << 50 << "  37/128 [==>..........] - ETA: 9s - loss: 0.0123";
        QTest::newRow("very narrow terminal drops the bar")
            << midway << 40 << "  37/128 - ETA: 9s - loss: 0.0123";
        QTest::newRow("tiny terminal cuts the line") << midway << 12 << "  37/128 - ";
        QTest::newRow("before the first step") << progress(0, 128, 0.0, std::nullopt) << 0
                                               << "   0/128 [..............................]";
        QTest::newRow("last step fills the bar")
            << progress(128, 128, 12.8, 0.5) << 0
            << " 128/128 [==============================] - ETA: 0s - loss: 0.5000";
        QTest::newRow("unknown number of steps")
            << progress(37, 0, 3.7, 0.0123) << 0 << " 37/? - loss: 0.0123";
    }

    void progressLine()
    {
        QFETCH(es::EpochProgress, progress);
        QFETCH(int, width);
        QFETCH(QString, expected);
        const std::string line = es::formatProgressLine(progress, width);
        QCOMPARE(QString::fromStdString(line), expected);
        if (width > 0)
            QVERIFY(line.size() < static_cast<std::size_t>(width));
    }

    void eta_data()
    {
        QTest::addColumn<int>("done");
        QTest::addColumn<int>("total");
        QTest::addColumn<double>("elapsedS");
        QTest::addColumn<std::optional<double>>("expected");
        QTest::newRow("mean pace of the steps done")
            << 10 << 40 << 5.0 << std::optional<double>(15.0);
        QTest::newRow("done") << 40 << 40 << 20.0 << std::optional<double>(0.0);
        QTest::newRow("no step yet") << 0 << 40 << 0.0 << std::optional<double>();
        QTest::newRow("unknown total") << 10 << 0 << 5.0 << std::optional<double>();
    }

    void eta()
    {
        QFETCH(int, done);
        QFETCH(int, total);
        QFETCH(double, elapsedS);
        QFETCH(std::optional<double>, expected);
        QCOMPARE(es::epochEtaS(done, total, elapsedS), expected);
    }

    void etaText_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("expected");
        QTest::newRow("seconds") << 3.4 << "3s";
        QTest::newRow("rounds to a minute") << 59.6 << "1:00";
        QTest::newRow("minutes") << 65.0 << "1:05";
        QTest::newRow("hours") << 3723.0 << "1:02:03";
        QTest::newRow("never negative") << -2.0 << "0s";
    }

    void etaText()
    {
        QFETCH(double, seconds);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(es::formatEta(seconds)), expected);
    }

    void numbers()
    {
        QCOMPARE(es::formatCount(17217), std::string("17,217"));
        QCOMPARE(es::formatCount(999), std::string("999"));
        QCOMPARE(es::formatCount(-1234567), std::string("-1,234,567"));
        QCOMPARE(es::formatSi(2.46e6, "FLOP"), std::string("2.46 MFLOP"));
        QCOMPARE(es::formatSi(999.7e6, "FLOP"), std::string("1.00 GFLOP"));
        QCOMPARE(es::formatSi(12.0, "FLOP/s"), std::string("12.0 FLOP/s"));
    }

    void runHeader()
    {
        const std::vector<std::string> lines = es::formatRunHeader(runInfo(20, 25));
        QCOMPARE(lines.size(), std::size_t{4});
        QCOMPARE(lines[0],
                 std::string("Model:   17,217 parameters - 2.46 MFLOP per training step of 32 "
                             "samples"));
        QCOMPARE(lines[1],
                 std::string("Data:    800 training + 200 validation samples - 25 steps per "
                             "epoch - 20 epochs - device placement, prefetch 2"));
        QCOMPARE(lines[2], std::string("Device:  cpu - 2 intra-op threads, 1 inter-op thread"));
        QCOMPARE(lines[3], std::string("Backend: libtorch (the only backend in this build)"));
    }

    void runFooter()
    {
        es::RunResult result;
        result.state = es::RunState::Stopped;
        result.info = runInfo(1000, 2);
        result.totalS = 1.24;
        result.epochs = {epochRecord(1, 0.05, 0.04, 2, 0.5), epochRecord(2, 0.03, 0.02, 2, 0.4)};
        result.batches = {batch(1, 1, 30.0, 0.5), batch(1, 2, 10.0, 0.5), batch(2, 1, 10.0, 0.4),
                          batch(2, 2, 10.0, 0.4)};
        // 128 samples in 60 ms; 76875 FLOP per sample.
        QCOMPARE(es::formatRunFooter(result),
                 std::string("Stopped after 2 of 1000 epochs in 1.2s - steady state 10.0ms/step "
                             "- first epoch 2.00x the later ones - 2,133 samples/s - 164 "
                             "MFLOP/s"));

        // Warm-up steps ran before step 1: their time is named, inside the first epoch's.
        result.batches.front().phaseMs[es::phaseIndex(es::Phase::WarmUp)] = 12.5;
        QVERIFY(es::formatRunFooter(result).find(
                    "- first epoch 2.00x the later ones - warm-up 12.5ms - 2,133 samples/s") !=
                std::string::npos);
        result.batches.front().phaseMs[es::phaseIndex(es::Phase::WarmUp)] = 2567.0;
        QVERIFY(es::formatRunFooter(result).find("- warm-up 2.57s -") != std::string::npos);
    }

    void quietPrintsOnlyErrors()
    {
        es::ConsoleReporter reporter(options(es::ConsoleMode::Quiet));
        CapturedFile out;
        CapturedFile err;
        feedRun(reporter, 2, 3);
        reporter.onLog(es::LogLevel::Info, "info");
        reporter.onLog(es::LogLevel::Warning, "warning");
        reporter.drain(out.get(), err.get());
        QCOMPARE(out.text(), std::string());
        QCOMPARE(err.text(), std::string());

        reporter.onLog(es::LogLevel::Error, "out of memory");
        reporter.drain(out.get(), err.get());
        QCOMPARE(out.text(), std::string());
        QCOMPARE(err.text(), std::string("error: out of memory\n"));
        QCOMPARE(reporter.errorsPrinted(), 1);
    }

    /// A distributed run's rank other than 0: quiet but for warnings and errors, which say
    /// their rank.
    void otherRankPrintsWarningsAndErrorsWithItsRank()
    {
        es::ConsoleOptions quiet = options(es::ConsoleMode::Quiet);
        quiet.quietWarnings = true;
        quiet.linePrefix = "rank 3: ";
        es::ConsoleReporter reporter(quiet);
        CapturedFile out;
        CapturedFile err;
        feedRun(reporter, 2, 3);
        reporter.onLog(es::LogLevel::Info, "info");
        reporter.onLog(es::LogLevel::Warning, "slow disk");
        reporter.onLog(es::LogLevel::Error, "out of memory");
        reporter.drain(out.get(), err.get());
        QCOMPARE(out.text(), std::string());
        QCOMPARE(err.text(),
                 std::string("rank 3: warning: slow disk\nrank 3: error: out of memory\n"));
    }

    void escapeControls_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("shown");
        QTest::addColumn<bool>("keepLineBreaks");
        QTest::newRow("plain") << QByteArray("quick-demo") << QByteArray("quick-demo") << false;
        QTest::newRow("backslash stays")
            << QByteArray("C:\\runs") << QByteArray("C:\\runs") << false;
        QTest::newRow("ESC sequence")
            << QByteArray("\x1b[2J\x1b[31mred") << QByteArray("\\x1b[2J\\x1b[31mred") << false;
        QTest::newRow("newline forges a line")
            << QByteArray("a\nepochscope-cli: error: b")
            << QByteArray("a\\nepochscope-cli: error: b") << false;
        QTest::newRow("newline kept")
            << QByteArray("line 1\nline\r2") << QByteArray("line 1\nline\\r2") << true;
        QTest::newRow("tab, bell, DEL") << QByteArray(
                                               "a\tb\x07"
                                               "c\x7f")
                                        << QByteArray("a\\tb\\x07c\\x7f") << false;
        QTest::newRow("NUL") << QByteArray("a\0b", 3) << QByteArray("a\\x00b") << false;
        QTest::newRow("C1 CSI") << QByteArray(
                                       "a\xc2\x9b"
                                       "31m")
                                << QByteArray("a\\u009b31m") << false;
        QTest::newRow("right-to-left override") << QByteArray("invoice\xe2\x80\xaegpj.exe")
                                                << QByteArray("invoice\\u202egpj.exe") << false;
        QTest::newRow("isolates and marks")
            << QByteArray("\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\x8f\xd8\x9c")
            << QByteArray("\\u2066x\\u2069\\u200f\\u061c") << false;
        QTest::newRow("line separator") << QByteArray(
                                               "a\xe2\x80\xa8"
                                               "b")
                                        << QByteArray("a\\u2028b") << false;
        QTest::newRow("letters of any script stay")
            << QByteArray(
                   "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xe8\xbf\x90\xe8\xa1\x8c \xf0\x9f\x99\x82")
            << QByteArray(
                   "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xe8\xbf\x90\xe8\xa1\x8c \xf0\x9f\x99\x82")
            << false;
        QTest::newRow("not UTF-8")
            << QByteArray("a\xff\xc3(\xe2\x82") << QByteArray("a\\xff\\xc3(\\xe2\\x82") << false;
        QTest::newRow("overlong and surrogate") << QByteArray("\xc0\xaf\xed\xa0\x80")
                                                << QByteArray("\\xc0\\xaf\\xed\\xa0\\x80") << false;
    }

    void escapeControls()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, shown);
        QFETCH(bool, keepLineBreaks);
        const std::string escaped = es::escapeControls(
            text.toStdString(), keepLineBreaks ? es::LineBreaks::Keep : es::LineBreaks::Escape);
        QCOMPARE(QByteArray::fromStdString(escaped), shown);
    }

    void logLinesShowControlsEscaped()
    {
        // A path or name from the config inside a log line must not act on the terminal.
        es::ConsoleReporter reporter(options(es::ConsoleMode::Plain));
        CapturedFile out;
        CapturedFile err;
        es::RunInfo info = runInfo(1, 1);
        info.dataSource = "npy: x\x1b]0;pwned\x07.npy";
        reporter.onRunStarted(info);
        reporter.onLog(es::LogLevel::Info, "saving model to m\x1b[2J.pt");
        reporter.onLog(es::LogLevel::Error, "cannot write\nsecond line \xe2\x80\xae");
        reporter.drain(out.get(), err.get());
        QVERIFY2(out.text().find('\x1b') == std::string::npos, out.text().c_str());
        QVERIFY2(out.text().find("saving model to m\\x1b[2J.pt\n") != std::string::npos,
                 out.text().c_str());
        QVERIFY2(out.text().find("x\\x1b]0;pwned\\x07.npy") != std::string::npos,
                 out.text().c_str());
        QCOMPARE(err.text(), std::string("error: cannot write\nsecond line \\u202e\n"));
    }

    void plainModePrintsHeaderEpochsAndLogs()
    {
        es::ConsoleReporter reporter(options(es::ConsoleMode::Plain));
        CapturedFile out;
        CapturedFile err;
        feedRun(reporter, 2, 3);
        reporter.onLog(es::LogLevel::Info, "checkpoint saved");
        reporter.onLog(es::LogLevel::Warning, "loss is rising");
        reporter.drain(out.get(), err.get());

        const std::string text = out.text();
        QVERIFY2(text.find('\r') == std::string::npos, "no progress line in plain mode");
        QVERIFY(text.rfind("Model:   17,217 parameters", 0) == 0);
        QCOMPARE(epochLines(text), QStringList({"Epoch 1/2", "Epoch 2/2"}));
        QVERIFY(text.find("Epoch 2/2 - 0.5s - 133ms/step - loss: 0.5000\n") != std::string::npos);
        QVERIFY(text.find("checkpoint saved\n") != std::string::npos);
        QCOMPARE(err.text(), std::string("warning: loss is rising\n"));
    }

    void ttyModeRedrawsProgressInPlace()
    {
        es::ConsoleReporter reporter(options(es::ConsoleMode::Tty));
        CapturedFile out;
        reporter.onRunStarted(runInfo(2, 4));
        reporter.onEpochStarted(1);
        reporter.onBatch(batch(1, 1, 100.0, 0.5));
        reporter.onBatch(batch(1, 2, 100.0, 0.3));
        reporter.drain(out.get(), out.get());
        const std::string progress = out.text();
        QVERIFY(progress.find("\r 2/4 [==============>...............] - ETA: 0s - loss: 0.4000"
                              "\x1b[K") != std::string::npos);

        // Nothing new: no redraw.
        reporter.drain(out.get(), out.get());
        QCOMPARE(out.text(), progress);

        // The epoch line replaces the progress line; that epoch's progress is not redrawn.
        reporter.onBatch(batch(1, 3, 100.0, 0.3));
        reporter.onBatch(batch(1, 4, 100.0, 0.3));
        reporter.onEpoch(epochRecord(1, 0.5, 0.4, 4, 0.35));
        reporter.drain(out.get(), out.get());
        const std::string afterEpoch = out.text().substr(progress.size());
        QCOMPARE(afterEpoch, std::string("\r\x1b[KEpoch 1/2 - 0.5s - 100ms/step - loss: 0.3500\n"));
    }

    void ttyModeKeepsTheLineOfAStoppedEpoch()
    {
        es::ConsoleReporter reporter(options(es::ConsoleMode::Tty));
        CapturedFile out;
        reporter.onRunStarted(runInfo(5, 4));
        reporter.onEpochStarted(1);
        reporter.onBatch(batch(1, 1, 100.0, 0.5));
        reporter.drain(out.get(), out.get());
        reporter.onStateChanged(es::RunState::Stopping);
        reporter.onStateChanged(es::RunState::Stopped);
        reporter.drain(out.get(), out.get());
        const std::string text = out.text();
        QVERIFY(text.size() > 1);
        QCOMPARE(text.back(), '\n');
        QVERIFY(text.find("1/4 [") != std::string::npos);
    }

    void ttyModeThrottlesRedraws()
    {
        es::ConsoleOptions throttled = options(es::ConsoleMode::Tty);
        throttled.redrawInterval = std::chrono::hours(1);
        es::ConsoleReporter reporter(throttled);
        CapturedFile out;
        reporter.onRunStarted(runInfo(1, 100));
        reporter.onEpochStarted(1);
        reporter.onBatch(batch(1, 1, 10.0, 0.5));
        reporter.drain(out.get(), out.get());
        const std::string first = out.text();
        reporter.onBatch(batch(1, 2, 10.0, 0.5));
        reporter.drain(out.get(), out.get());
        QCOMPARE(out.text(), first);
    }

    void drainAfterEventsFromAnotherThread()
    {
        es::ConsoleReporter reporter(options(es::ConsoleMode::Plain));
        std::thread engine([&reporter] { feedRun(reporter, 3, 5); });
        engine.join();
        CapturedFile out;
        reporter.drain(out.get(), out.get());
        QCOMPARE(epochLines(out.text()), QStringList({"Epoch 1/3", "Epoch 2/3", "Epoch 3/3"}));
    }

    void drainWhileAnotherThreadReports()
    {
        // Regression guard for the hand-over: every epoch printed once, in order, while the
        // engine thread keeps reporting during the drains.
        constexpr int kEpochs = 200;
        es::ConsoleReporter reporter(options(es::ConsoleMode::Tty));
        CapturedFile out;
        std::atomic<bool> done{false};
        std::thread engine([&] {
            feedRun(reporter, kEpochs, 20);
            done = true;
        });
        while (!done)
            reporter.drain(out.get(), out.get());
        engine.join();
        reporter.drain(out.get(), out.get());

        QStringList expected;
        for (int epoch = 1; epoch <= kEpochs; ++epoch)
            expected << QString("Epoch %1/%2").arg(epoch).arg(kEpochs);
        const std::string text = out.text();
        QStringList printed;
        for (const QString& line : QString::fromStdString(text).split('\n')) {
            const int at = line.indexOf("Epoch ");
            if (at >= 0)
                printed << line.mid(at).section(" - ", 0, 0);
        }
        QCOMPARE(printed, expected);
    }
};

QTEST_APPLESS_MAIN(TestConsoleReporter)
#include "tst_consolereporter.moc"
