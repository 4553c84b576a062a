// A profiled script's own output captured for the app's Log (ScriptSessionOptions::captureOutput):
// the line splitter on its own (lines, long lines cut, a carriage return's redraw), each line
// made safe for a log (bounded, valid UTF-8, controls shown), and real scripts under the probe
// that print to stdout and stderr in turn, a very long line, bytes that are not UTF-8 and a
// progress bar, each line heard by the observer in order from the thread that calls run(); a
// script that leaves a program running with its output open still ends the session.
#include "engine/script/linesplitter.h"
#include "engine/script/scriptoutput.h"
#include "engine/script/scriptsession.h"
#include "engine/store/runstore.h"
#include "engine/train/runobserver.h"
#include "tests/support/testpaths.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <signal.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace {

/// Lines as a list that QCOMPARE prints when they differ.
QStringList listOf(const std::vector<std::string>& lines)
{
    QStringList list;
    for (const std::string& line : lines)
        list << QString::fromStdString(line);
    return list;
}

/// Every line `splitter` gives for `chunks` then the end of input.
QStringList split(es::LineSplitter splitter, const std::vector<std::string>& chunks)
{
    std::vector<std::string> lines;
    const es::LineHandler keep = [&lines](std::string_view line) { lines.emplace_back(line); };
    for (const std::string& chunk : chunks)
        splitter.append(chunk, keep);
    splitter.finish(keep);
    return listOf(lines);
}

/// What the session told its observer, and from which thread.
class LogRecorder : public es::RunObserver {
public:
    void onLog(es::LogLevel level, const std::string& message) override
    {
        levels.push_back(level);
        lines.push_back(message);
        threads.push_back(std::this_thread::get_id());
    }

    std::vector<es::LogLevel> levels;
    std::vector<std::string> lines;
    std::vector<std::thread::id> threads;
};

/// Prints to stdout and stderr in turn, a line of 10,000 characters, bytes that are not UTF-8,
/// a tab and an escape, a progress bar redrawn in place, and a last line without a line break.
const QByteArray kPrintingScript = R"(
import sys
print("out 1")
print("err 1", file=sys.stderr)
print("out 2")
print("err 2", file=sys.stderr)
print("x" * 10000)
sys.stdout.buffer.write(b"bad \xff\xfe bytes\n")
sys.stdout.buffer.write(b"tab\there \x1b[31mred\x1b[0m\n")
for percent in range(0, 101, 10):
    sys.stderr.write("\rprogress %3d%%" % percent)
sys.stderr.write("\n")
sys.stdout.write("no line break at the end")
)";

}  // namespace

class TestScriptOutput : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString writeScript(const QString& name, const QByteArray& text) const
    {
        QFile file(m_dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            return {};
        return file.fileName();
    }

    /// Runs `script` under the probe into a store, its output captured or not; `notes` gets
    /// the run's notes, which the observer hears too.
    es::ScriptExit profile(const QString& script, LogRecorder& observer, bool captureOutput,
                           std::vector<std::string>& notes, es::RunStatus* status = nullptr)
    {
        es::RunStore store(m_dir.filePath("runs.db").toStdString());
        es::ScriptSessionOptions options;
        options.name = "output";
        options.command = {es::test::kPython, script.toStdString()};
        options.workingFolder = m_dir.path().toStdString();
        options.captureOutput = captureOutput;
        es::ScriptSession session(store, options, &observer);
        const es::ScriptExit exit = session.run();
        if (status != nullptr)
            *status = session.recorder().status();
        notes = session.recorder().notes();
        return exit;
    }

    /// The observer's lines that are the script's own, not the run's notes.
    static QStringList scriptLines(const LogRecorder& observer,
                                   const std::vector<std::string>& notes)
    {
        std::vector<std::string> lines;
        for (const std::string& line : observer.lines)
            if (std::find(notes.begin(), notes.end(), line) == notes.end())
                lines.push_back(line);
        return listOf(lines);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(es::test::kPython),
                 "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh");
        // The probe's package, which the build copies beside epochscope-cli-engine.
        QVERIFY(!es::test::pathFromCtest("EPOCHSCOPE_PROBE_PATH").isEmpty());
    }

    void linesAreSplitAndLongOnesCut()
    {
        using CR = es::LineSplitter::CarriageReturn;
        QCOMPARE(split(es::LineSplitter(8, CR::Kept), {"ab", "c\nde\n", "f"}),
                 (QStringList{"abc", "de", "f"}));
        // 9 bytes given for a line over 8 (so that a record's reader refuses it), its rest
        // skipped up to its line break, and the next line whole.
        QCOMPARE(split(es::LineSplitter(8, CR::Kept), {"0123456789", "abcdef", "ghi\nnext\n"}),
                 (QStringList{"012345678", "next"}));
        QCOMPARE(split(es::LineSplitter(8, CR::Kept), {"a\rb\n"}), (QStringList{"a\rb"}));
    }

    void aCarriageReturnOverwritesAsOnATerminal()
    {
        using CR = es::LineSplitter::CarriageReturn;
        QCOMPARE(split(es::LineSplitter(64, CR::Overwrites), {"10%\r20%\r30%\n", "dos\r\n"}),
                 (QStringList{"30%", "dos"}));
        // "\r\n" split between two reads is still one line break.
        QCOMPARE(split(es::LineSplitter(64, CR::Overwrites), {"dos\r", "\nnext\n"}),
                 (QStringList{"dos", "next"}));
        // A bar redrawn far past the bound without a line break is never cut: only its latest
        // state is held.
        std::vector<std::string> redraws;
        for (int step = 0; step < 100; ++step)
            redraws.push_back("\rstep " + std::to_string(step) + " of 100 ==========");
        redraws.emplace_back("\n");
        QCOMPARE(split(es::LineSplitter(32, CR::Overwrites), redraws),
                 (QStringList{"step 99 of 100 =========="}));
    }

    void linesAreMadeSafeForALog()
    {
        QCOMPARE(es::scriptOutputLine("plain\ttabbed"), std::string("plain\ttabbed"));
        QCOMPARE(es::scriptOutputLine("\x1b[31mred\x1b[0m"), std::string("\\x1b[31mred\\x1b[0m"));
        // Each ill-formed part one U+FFFD: a stray byte, and a sequence cut short.
        QCOMPARE(es::scriptOutputLine("a\xff"
                                      "b\xe2\x82"
                                      "c"),
                 std::string("a\xEF\xBF\xBD"
                             "b\xEF\xBF\xBD"
                             "c"));
        QCOMPARE(es::scriptOutputLine("caf\xc3\xa9 \xe6\x97\xa5"),
                 std::string("caf\xc3\xa9 \xe6\x97\xa5"));
        // A long line is cut at a character's start, with an ellipsis.
        std::string longLine(es::kMaxScriptOutputLineBytes - 1, 'x');
        longLine += "\xe6\x97\xa5\xe6\x97\xa5";  // a three-byte character across the bound
        const std::string shown = es::scriptOutputLine(longLine);
        QCOMPARE(shown, std::string(es::kMaxScriptOutputLineBytes - 1, 'x') + "\xE2\x80\xA6");
    }

    void capturedOutputReachesTheObserverInOrder()
    {
        const QString script = writeScript("prints.py", kPrintingScript);
        LogRecorder observer;
        std::vector<std::string> notes;
        es::RunStatus status = es::RunStatus::Running;
        const es::ScriptExit exit = profile(script, observer, true, notes, &status);
        QCOMPARE(exit.code, 0);
        QCOMPARE(status, es::RunStatus::Completed);
        const std::vector<std::string> expected = {
            "out 1",
            "err 1",
            "out 2",
            "err 2",
            std::string(es::kMaxScriptOutputLineBytes, 'x') + "\xE2\x80\xA6",
            "bad \xEF\xBF\xBD\xEF\xBF\xBD bytes",
            "tab\there \\x1b[31mred\\x1b[0m",
            "progress 100%",
            "no line break at the end"};
        QCOMPARE(scriptLines(observer, notes), listOf(expected));
        for (std::size_t i = 0; i < observer.lines.size(); ++i) {
            QCOMPARE(observer.levels[i], es::LogLevel::Info);
            QCOMPARE(observer.threads[i], std::this_thread::get_id());
        }
    }

    void outputNotCapturedStaysTheCallers()
    {
        const QString script = writeScript("quiet.py", "print('to the terminal')\n");
        LogRecorder observer;
        std::vector<std::string> notes;
        QCOMPARE(profile(script, observer, false, notes).code, 0);
        QCOMPARE(scriptLines(observer, notes), QStringList());
    }

    void aProgramLeftRunningDoesNotHoldTheSession()
    {
        // The script starts a sleeper that inherits its stdout and stderr, and ends: the
        // session ends with the script, not with the sleeper.
        const QString pidFile = m_dir.filePath("sleeper.pid");
        const QByteArray text =
            "import subprocess\n"
            "sleeper = subprocess.Popen(['sleep', '60'])\n"
            "open('" +
            pidFile.toUtf8() +
            "', 'w').write(str(sleeper.pid))\n"
            "print('started the sleeper')\n";
        const QString script = writeScript("leaves.py", text);
        LogRecorder observer;
        std::vector<std::string> notes;
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(profile(script, observer, true, notes).code, 0);
        const qint64 elapsedMs = timer.elapsed();
        QFile pid(pidFile);
        if (pid.open(QIODevice::ReadOnly))
            ::kill(static_cast<pid_t>(pid.readAll().toLongLong()), SIGKILL);
        QVERIFY2(elapsedMs < 30'000, qPrintable(QString::number(elapsedMs)));
        QCOMPARE(scriptLines(observer, notes), QStringList{"started the sleeper"});
    }
};

QTEST_GUILESS_MAIN(TestScriptOutput)
#include "tst_scriptoutput.moc"
