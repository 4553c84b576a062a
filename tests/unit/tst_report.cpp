// Comparison reports of recorded runs: the figures and the attribution to phases of made-up
// runs whose phases the test sets, the diffs, the shared histogram, the charts' data, each
// writer (Markdown, CSV, JSON, HTML with its escaping and chart images, PDF read back with
// poppler-utils' pdftotext and pdfinfo) and `compare` over a real run database.

#include "cli/comparecommand.h"
#include "engine/i18n/language.h"
#include "engine/report/jsondiff.h"
#include "engine/report/reportcharts.h"
#include "engine/report/reportcsv.h"
#include "engine/report/reportformat.h"
#include "engine/report/reporthtml.h"
#include "engine/report/reportjson.h"
#include "engine/report/reportmarkdown.h"
#include "engine/report/reportpdf.h"
#include "engine/report/reporttables.h"
#include "engine/report/reporttext.h"
#include "engine/report/runcomparison.h"
#include "engine/report/sourcedate.h"
#include "engine/store/runstore.h"
#include "tests/support/evidencebuilder.h"

#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

using Json = nlohmann::json;
using es::test::StepPhases;

Q_DECLARE_METATYPE(StepPhases)

namespace {

const Json kEnvironment = {{"cpu_model", "AMD EPYC"},
                           {"libtorch_version", "1.13.0"},
                           {"physical_cores", 2},
                           {"logical_cores", 2}};

/// A finished run holding the evidence's steps and epochs, as the store would load it.
es::StoredRun storedRun(const es::RunEvidence& evidence, std::int64_t id, const std::string& name)
{
    es::StoredRun run;
    run.header.id = id;
    run.header.name = name;
    run.header.status = es::RunStatus::Completed;
    run.header.startedAt = "2026-11-29T19:58:40Z";
    run.header.endedAt = "2026-11-29T19:59:40Z";
    run.header.device = evidence.facts.device;
    run.header.backend = evidence.facts.backend;
    run.config = evidence.config;
    run.config["name"] = name;
    run.info = {{"device", "cpu"},
                {"backend", "libtorch"},
                {"placement", "host"},
                {"intra_op_threads", 2},
                {"inter_op_threads", 1},
                {"batch_size", 64},
                {"data_source", "synthetic_regression"}};
    double trainingS = 0.0;
    for (const es::BatchRecord& batch : evidence.batches)
        trainingS += batch.wallMs / 1000.0;
    run.summary = {
        {"status", "finished"}, {"total_s", trainingS + 1.5}, {"environment", kEnvironment}};
    run.epochs = evidence.epochs;
    run.batches = evidence.batches;
    return run;
}

StepPhases phases(double dataWaitMs, double forwardMs, double backwardMs = 20.0)
{
    StepPhases p;
    p.dataWaitMs = dataWaitMs;
    p.forwardMs = forwardMs;
    p.backwardMs = backwardMs;
    return p;
}

/// `steps` as a step of a distributed run that waits `communicationMs` for its gradients.
StepPhases distributed(StepPhases steps, double communicationMs)
{
    steps.communicationMs = communicationMs;
    return steps;
}

/// A: 2 epochs of 50 steps, its first epoch's steps `warmup`, the rest `steady`; B: 3 epochs
/// of 40 steps of `other` (a different length, so that scaling to A's steps shows).
std::vector<es::StoredRun> twoRuns(StepPhases warmup, StepPhases steady, StepPhases other)
{
    const es::RunEvidence a =
        es::test::makeEvidence(2, 50, [&](int epoch, int) { return epoch == 1 ? warmup : steady; });
    const es::RunEvidence b = es::test::makeSteadyEvidence(3, 40, other);
    return {storedRun(a, 1, "baseline"), storedRun(b, 2, "candidate")};
}

/// Fields of a CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes).
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (c == '\n') {
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
        } else {
            field += c;
        }
    }
    if (rows.back().empty())
        rows.pop_back();
    return rows;
}

/// The value of the CSV row with this section, key and run; "<missing>" when there is none.
std::string csvValue(const std::vector<std::vector<std::string>>& rows, const std::string& section,
                     const std::string& key, const std::string& run)
{
    for (const auto& row : rows)
        if (row.size() == 5 && row[0] == section && row[1] == key && row[2] == run)
            return row[3];
    return "<missing>";
}

std::vector<std::string> diffKeys(const std::vector<es::DiffRow>& rows)
{
    std::vector<std::string> keys;
    keys.reserve(rows.size());
    for (const es::DiffRow& row : rows)
        keys.push_back(row.key);
    return keys;
}

std::string readFile(const QString& path)
{
    std::ifstream file(path.toStdString(), std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// Runs `work` with stdout going to `path`.
template <typename Work>
int withStdoutIn(const QString& path, const Work& work)
{
    std::fflush(stdout);
    const int saved = ::dup(STDOUT_FILENO);
    const int file = ::open(path.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(file, STDOUT_FILENO);
    ::close(file);
    const int status = work();
    std::fflush(stdout);
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    return status;
}

/// How often `part` occurs in `text`.
int occurrences(const std::string& text, const std::string& part)
{
    int count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++count;
    return count;
}

/// `text` without any white space: a line the PDF wrapped reads back as one.
QString squeezed(const QString& text)
{
    QString result;
    for (QChar c : text)
        if (!c.isSpace())
            result += c;
    return result;
}

/// The standard output of `program arguments`, after checking that poppler-utils were found
/// when the tests were configured and that the program succeeded.
QString popplerOutput(const char* program, const QStringList& arguments)
{
    if (QString(program).isEmpty()) {
        QTest::qFail(
            "pdftotext or pdfinfo was not found when the tests were configured: install "
            "poppler-utils (scripts/bootstrap-debian.sh) and run cmake again",
            __FILE__, __LINE__);
        return {};
    }
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60'000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        QTest::qFail(qPrintable(QString(program) + " " + arguments.join(' ') + " failed: " +
                                QString::fromLocal8Bit(process.readAllStandardError())),
                     __FILE__, __LINE__);
        return {};
    }
    return QString::fromUtf8(process.readAllStandardOutput());
}

/// The page count pdfinfo reads from `path`; 0 when it cannot.
int pdfPages(const QString& path)
{
    const QRegularExpressionMatch match =
        QRegularExpression("^Pages:\\s+(\\d+)$", QRegularExpression::MultilineOption)
            .match(popplerOutput(EPOCHSCOPE_PDFINFO, {path}));
    return match.hasMatch() ? match.captured(1).toInt() : 0;
}

/// The text of `path`'s pages `first` to `last` (all when 0); with `layout`, a table's row
/// stays on one line, in the order of its columns.
QString pdfText(const QString& path, int first = 0, int last = 0, bool layout = false)
{
    QStringList arguments;
    if (layout)
        arguments << "-layout";
    if (first > 0)
        arguments << "-f" << QString::number(first) << "-l" << QString::number(last);
    return popplerOutput(EPOCHSCOPE_PDFTOTEXT, arguments << path << "-");
}

/// The report's PDF in a file of `dir`.
QString writtenPdf(const QTemporaryDir& dir, const QString& name,
                   const es::RunComparison& comparison)
{
    const QString path = dir.filePath(name);
    const std::string pdf = es::writePdf(comparison);
    std::ofstream(path.toStdString(), std::ios::binary) << pdf;
    return path;
}

}  // namespace

class TestReport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_database;
    std::int64_t m_first = 0;
    std::int64_t m_second = 0;

    std::int64_t recordRun(es::RunStore& store, const std::string& name, StepPhases steps)
    {
        const es::RunEvidence evidence = es::test::makeSteadyEvidence(2, 20, steps);
        const es::StoredRun made = storedRun(evidence, 0, name);
        const std::int64_t id = store.beginRun(name, made.config);
        store.setRunInfo(id, made.info);
        es::SystemSample sample;
        sample.tS = 0.1;
        sample.processCpuPct = 150.0;
        sample.machineCpuPct = 75.0;
        sample.rssMb = 512.0;
        store.append(id, made.batches, made.epochs, {sample});
        store.finishRun(id, es::RunStatus::Completed, "", made.summary);
        return id;
    }

    QString outPath(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_database = m_dir.filePath("runs.sqlite").toStdString();
        es::RunStore store(m_database);
        m_first = recordRun(store, "slow", phases(6.0, 30.0));
        m_second = recordRun(store, "fast", phases(1.0, 10.0));
        // The bad-input rows below name these ids.
        QCOMPARE(m_first, std::int64_t(1));
        QCOMPARE(m_second, std::int64_t(2));
    }

    void attribution_data()
    {
        QTest::addColumn<StepPhases>("warmup");
        QTest::addColumn<StepPhases>("steady");
        QTest::addColumn<StepPhases>("other");
        QTest::addColumn<double>("speedup");
        QTest::addColumn<int>("firstPhase");
        QTest::addColumn<double>("firstMs");
        QTest::addColumn<double>("firstScaledS");
        QTest::addColumn<QString>("sentence");

        // Steps of A: 6 + 30 + 20 + 2 + 0.5 = 58.5 ms; of B: 1 + 10 + 20 + 2 + 0.5 = 33.5 ms.
        QTest::newRow("B faster: forward, then data wait")
            << phases(6.0, 30.0) << phases(6.0, 30.0) << phases(1.0, 10.0) << 58.5 / 33.5
            << int(es::Phase::Forward) << -20.0 << -2.0
            << "B is 1.75x faster per step than A (33.5 vs 58.5 ms/step): Forward -20.0 ms/step "
               "(-2.0 s over A's 100 steps), Data wait -5.0 ms/step (-0.5 s); the other phases "
               "differ by less than 1% of A's step.";
        QTest::newRow("B slower: backward")
            << phases(0.0, 10.0) << phases(0.0, 10.0) << phases(0.0, 10.0, 28.0) << 32.5 / 40.5
            << int(es::Phase::Backward) << 8.0 << 0.8
            << "B is 1.25x slower per step than A (40.5 vs 32.5 ms/step): Backward +8.0 ms/step "
               "(+0.8 s over A's 100 steps); the other phases differ by less than 1% of A's "
               "step.";
        // A's first epoch runs forward at 40 ms: not in the warm medians, but in the seconds
        // over every step: B's mean 10 ms against A's 35 ms, times A's 100 steps.
        QTest::newRow("warm-up in A counts in the scaled seconds only")
            << phases(0.0, 40.0) << phases(0.0, 30.0) << phases(0.0, 10.0) << 52.5 / 32.5
            << int(es::Phase::Forward) << -20.0 << -2.5
            << "B is 1.62x faster per step than A (32.5 vs 52.5 ms/step): Forward -20.0 ms/step "
               "(-2.5 s over A's 100 steps); the other phases differ by less than 1% of A's "
               "step.";
        // B ran on several processes, each step waiting 12 ms for its averaged gradients.
        QTest::newRow("B slower: waits for its gradients")
            << phases(0.0, 10.0) << phases(0.0, 10.0) << distributed(phases(0.0, 10.0), 12.0)
            << 32.5 / 44.5 << int(es::Phase::Communication) << 12.0 << 1.2
            << "B is 1.37x slower per step than A (44.5 vs 32.5 ms/step): Communication +12.0 "
               "ms/step (+1.2 s over A's 100 steps); the other phases differ by less than 1% of "
               "A's step.";
    }

    void attribution()
    {
        QFETCH(StepPhases, warmup);
        QFETCH(StepPhases, steady);
        QFETCH(StepPhases, other);
        QFETCH(double, speedup);
        QFETCH(int, firstPhase);
        QFETCH(double, firstMs);
        QFETCH(double, firstScaledS);
        QFETCH(QString, sentence);

        const es::RunComparison comparison = es::compareRuns(twoRuns(warmup, steady, other));
        QCOMPARE(comparison.attributions.size(), std::size_t(1));
        const es::Attribution& attribution = comparison.attributions.front();
        QCOMPARE(attribution.label, std::string("B"));
        QCOMPARE(attribution.baselineSteps, std::int64_t(100));
        QVERIFY(attribution.speedup);
        QCOMPARE(*attribution.speedup, speedup);
        QCOMPARE(attribution.phases.size(), es::kPhaseCount);
        QCOMPARE(int(attribution.phases[0].phase), firstPhase);
        QCOMPARE(*attribution.phases[0].msPerStep, firstMs);
        QCOMPARE(*attribution.phases[0].scaledS, firstScaledS);
        for (std::size_t i = 1; i < attribution.phases.size(); ++i)
            QVERIFY(std::fabs(*attribution.phases[i].msPerStep) <=
                    std::fabs(*attribution.phases[i - 1].msPerStep));
        // The phases' scaled seconds add up to the difference in training time.
        double sum = 0.0;
        for (const es::PhaseDelta& delta : attribution.phases)
            sum += *delta.scaledS;
        QCOMPARE(sum, *attribution.scaledTotalS);
        QCOMPARE(QString::fromStdString(attribution.sentence), sentence);
    }

    void attributionNamesAPhaseThatTakesTimeInSomeStepsOnly()
    {
        // A saves a checkpoint of 40 ms every 4th step: the median step has no callback time,
        // the total has 2 epochs x 12 saves x 40 ms = 0.96 s of it. B saves none and is
        // otherwise the same.
        StepPhases saving = phases(0.0, 10.0);
        saving.callbacksMs = 40.0;
        const es::RunEvidence a = es::test::makeEvidence(
            2, 50, [&](int, int step) { return step % 4 == 0 ? saving : phases(0.0, 10.0); });
        const es::RunEvidence b = es::test::makeSteadyEvidence(2, 50, phases(0.0, 10.0));
        const es::RunComparison comparison =
            es::compareRuns({storedRun(a, 1, "saving"), storedRun(b, 2, "not saving")});
        const es::Attribution& attribution = comparison.attributions.front();
        const auto callbacks =
            std::find_if(attribution.phases.begin(), attribution.phases.end(),
                         [](const es::PhaseDelta& d) { return d.phase == es::Phase::Callbacks; });
        QCOMPARE(*callbacks->msPerStep, 0.0);
        QCOMPARE(*callbacks->scaledS, -0.96);
        QVERIFY2(
            attribution.sentence.find("Callbacks -1.0 s over A's 100 steps in total, not in the "
                                      "median step") != std::string::npos,
            attribution.sentence.c_str());
        // Without the periodic saves nothing is named.
        const es::RunComparison same =
            es::compareRuns({storedRun(b, 1, "not saving"), storedRun(b, 2, "not saving either")});
        QVERIFY2(same.attributions.front().sentence.find("no phase differs") != std::string::npos,
                 same.attributions.front().sentence.c_str());
    }

    void attributionSecondPhase()
    {
        const es::RunComparison comparison =
            es::compareRuns(twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0)));
        const es::PhaseDelta& second = comparison.attributions.front().phases[1];
        QCOMPARE(second.phase, es::Phase::DataWait);
        QCOMPARE(*second.msPerStep, -5.0);
        QCOMPARE(*second.scaledS, -0.5);
        QCOMPARE(*comparison.attributions.front().phases[2].msPerStep, 0.0);
    }

    void perRunFigures()
    {
        const es::RunComparison comparison =
            es::compareRuns(twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0)));
        const es::ComparedRun& a = comparison.runs[0];
        const es::ComparedRun& b = comparison.runs[1];
        QCOMPARE(a.label, std::string("A"));
        QCOMPARE(a.steps, std::int64_t(100));
        QCOMPARE(b.steps, std::int64_t(120));
        QCOMPARE(*a.steadyStepMs, 58.5);
        QCOMPARE(*b.steadyStepMs, 33.5);
        QCOMPARE(a.trainingS, 100 * 0.0585);
        QCOMPARE(*a.wallS, 100 * 0.0585 + 1.5);
        QCOMPARE(*a.intraOpThreads, 2);
        QCOMPARE(*a.batchSize, std::int64_t(64));
        QCOMPARE(*a.samplesPerS, 64 / 0.0585);
        QCOMPARE(*a.phases[es::phaseIndex(es::Phase::Forward)].steadyMedianMs, 30.0);
        QCOMPARE(a.phases[es::phaseIndex(es::Phase::Forward)].totalS, 3.0);
        QCOMPARE(a.phases[es::phaseIndex(es::Phase::Forward)].share, 30.0 / 58.5);
        QCOMPARE(a.latency.steps, std::int64_t(50));
        QCOMPARE(*a.latency.p99Ms, 58.5);
        QCOMPARE(comparison.epochs.size(), std::size_t(3));
        QVERIFY(comparison.epochs[2].runs[1].has_value());
        QVERIFY(!comparison.epochs[2].runs[0].has_value());  // A ran two epochs
        QVERIFY(!a.utilisation.meanProcessCpuPct);           // no samples in made-up runs
        QCOMPARE(b.worldSize, 1);
        QVERIFY(!b.scalingEfficiency);  // one process each: the speed-up says it all
        // Nothing in the environment differs; the names are the only config difference.
        QVERIFY(comparison.environmentDiff.empty());
        QCOMPARE(diffKeys(comparison.configDiff), std::vector<std::string>{"name"});
    }

    void runLabels_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("label");
        QTest::newRow("first") << 0 << "A";
        QTest::newRow("last single letter") << 25 << "Z";
        QTest::newRow("after Z") << 26 << "AA";
        QTest::newRow("after AZ") << 52 << "BA";
    }

    void runLabels()
    {
        QFETCH(int, index);
        QFETCH(QString, label);
        QCOMPARE(QString::fromStdString(es::runLabel(static_cast<std::size_t>(index))), label);
    }

    void configDiffShowsOnlyWhatDiffers()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(0.0, 10.0), phases(0.0, 10.0), phases(0.0, 10.0));
        runs[0].config = {
            {"name", "a"},
            {"data", {{"placement", "host"}, {"prefetch", 0}}},
            {"training", {{"epochs", 2}}},
            {"callbacks", {{{"type", "model_checkpoint"}, {"params", {{"save_freq", 1}}}}}}};
        runs[1].config = runs[0].config;
        runs[1].config["name"] = "b";
        runs[1].config["data"]["placement"] = "pinned";
        runs[1].config["callbacks"][0]["params"]["save_freq"] = 5;
        runs[1].config["seed"] = 3;
        runs[1].config["training"]["epochs"] = 2.0;  // the same number, written as a double

        const es::RunComparison comparison = es::compareRuns(runs);
        const std::vector<std::string> expected = {"callbacks[0].params.save_freq",
                                                   "data.placement", "name", "seed"};
        QCOMPARE(diffKeys(comparison.configDiff), expected);
        const es::DiffRow& saveFreq = comparison.configDiff[0];
        QCOMPARE(saveFreq.values[0].text, std::string("1"));
        QCOMPARE(saveFreq.values[1].text, std::string("5"));
        QCOMPARE(comparison.configDiff[1].values[1].text, std::string("pinned"));
        const es::DiffRow& seed = comparison.configDiff[3];
        QVERIFY(!seed.values[0].present);
        QCOMPARE(seed.values[0].text, std::string(es::kAbsent));
        QCOMPARE(seed.values[1].value, Json(3));
    }

    void diffOrdersArrayIndicesByNumber()
    {
        Json a = {{"callbacks", Json::array()}};
        for (int i = 0; i < 11; ++i)
            a["callbacks"].push_back({{"period", 1}});
        Json b = a;
        b["callbacks"][2]["period"] = 2;
        b["callbacks"][10]["period"] = 2;
        const std::vector<std::string> expected = {"callbacks[2].period", "callbacks[10].period"};
        QCOMPARE(diffKeys(es::jsonDiff({a, b}, es::kAbsent)), expected);
        // An empty list against one with elements: the list itself and each element differ.
        const std::vector<std::string> emptyAgainstOne = {"callbacks", "callbacks[0].period"};
        const Json none = {{"callbacks", Json::array()}};
        const Json one = {{"callbacks", {{{"period", 1}}}}};
        QCOMPARE(diffKeys(es::jsonDiff({none, one}, es::kAbsent)), emptyAgainstOne);
        // A list of plain values is one value.
        const std::vector<es::DiffRow> shapes =
            es::jsonDiff({{{"input_shape", {50, 8}}}, {{"input_shape", {50, 16}}}}, es::kAbsent);
        QCOMPARE(diffKeys(shapes), std::vector<std::string>{"input_shape"});
        QCOMPARE(shapes[0].values[1].text, std::string("[50,16]"));
    }

    void figures_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("figure");
        QTest::addColumn<QString>("signedFigure");
        QTest::addColumn<QString>("signedFixed");
        QTest::newRow("milliseconds") << -20.0 << "-20.0"
                                      << "-20.0"
                                      << "-20.000";
        QTest::newRow("below a tenth") << 0.04 << "0.04"
                                       << "+0.04"
                                       << "+0.040";
        QTest::newRow("below a hundredth") << 0.004 << "0.004"
                                           << "+0.004"
                                           << "+0.004";
        QTest::newRow("rounding noise") << -1e-16 << "0.0"
                                        << "0.0"
                                        << "0.000";
    }

    void figures()
    {
        QFETCH(double, value);
        QFETCH(QString, figure);
        QFETCH(QString, signedFigure);
        QFETCH(QString, signedFixed);
        QCOMPARE(QString::fromStdString(es::figureText(value)), figure);
        QCOMPARE(QString::fromStdString(es::signedFigureText(value)), signedFigure);
        QCOMPARE(QString::fromStdString(es::signedFixedText(value, 3)), signedFixed);
    }

    void environmentDiffAndARunWithoutSummary()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(0.0, 10.0), phases(0.0, 10.0), phases(0.0, 12.0));
        runs[1].summary["environment"]["cpu_model"] = "Intel Xeon";
        // C: interrupted before its summary was written, and before its first step.
        es::StoredRun interrupted = runs[1];
        interrupted.header.id = 3;
        interrupted.header.status = es::RunStatus::Interrupted;
        interrupted.header.endedAt.clear();
        interrupted.summary = nullptr;
        interrupted.batches.clear();
        interrupted.epochs.clear();
        runs.push_back(interrupted);

        const es::RunComparison comparison = es::compareRuns(runs);
        const std::vector<std::string> expected = {"cpu_model", "libtorch_version", "logical_cores",
                                                   "physical_cores"};
        QCOMPARE(diffKeys(comparison.environmentDiff), expected);
        const es::DiffRow& cpu = comparison.environmentDiff[0];
        QCOMPARE(cpu.values[0].text, std::string("AMD EPYC"));
        QCOMPARE(cpu.values[1].text, std::string("Intel Xeon"));
        QCOMPARE(cpu.values[2].text, std::string(es::kNotRecorded));
        QCOMPARE(comparison.environmentDiff[2].values[0].text, std::string("2"));

        const es::ComparedRun& c = comparison.runs[2];
        QCOMPARE(c.status, std::string("interrupted"));
        QVERIFY(!c.wallS);
        QVERIFY(!c.steadyStepMs);
        QCOMPARE(c.steps, std::int64_t(0));
        const es::Attribution& againstC = comparison.attributions[1];
        QVERIFY(!againstC.speedup);
        QVERIFY(!againstC.scaledTotalS);
        QCOMPARE(againstC.sentence,
                 std::string("C cannot be compared per step with A: C has no warm steps (those "
                             "after epoch 1, or after the first 10% of a one-epoch run)."));

        const std::string markdown = es::writeMarkdown(comparison);
        QVERIFY(contains(markdown, "| Wall time (s, whole run)"));
        QVERIFY(contains(markdown, "not recorded"));
        QVERIFY(contains(markdown, "interrupted"));
        QVERIFY(contains(es::writeHtml(comparison), "not recorded"));
        QVERIFY(!es::writeCsv(comparison).empty());
        QCOMPARE(es::comparisonJson(comparison)["runs"][2]["wall_s"], Json(nullptr));
    }

    void histogramSharesBins()
    {
        // A's steps take 30.5 to 36.5 ms, B's 40.5 to 42.5 ms (7 and 3 distinct times).
        const es::RunEvidence a = es::test::makeEvidence(
            3, 21, [](int, int batch) { return phases(0.0, 8.0 + batch % 7); });
        const es::RunEvidence b = es::test::makeEvidence(
            2, 30, [](int, int batch) { return phases(0.0, 18.0 + batch % 3); });
        const es::RunComparison comparison =
            es::compareRuns({storedRun(a, 1, "a"), storedRun(b, 2, "b")});
        const es::LatencyHistogram& histogram = comparison.histogram;
        QCOMPARE(histogram.edgesMs.size(), std::size_t(21));
        QVERIFY(histogram.logSpaced);
        QCOMPARE(histogram.edgesMs.front(), 30.5);
        QCOMPARE(histogram.edgesMs.back(), 42.5);
        QVERIFY(std::is_sorted(histogram.edgesMs.begin(), histogram.edgesMs.end()));
        // Equal ratios: log-spaced edges.
        QCOMPARE(histogram.edgesMs[1] / histogram.edgesMs[0],
                 histogram.edgesMs[20] / histogram.edgesMs[19]);
        QCOMPARE(histogram.counts.size(), std::size_t(2));
        for (std::size_t r = 0; r < 2; ++r) {
            QCOMPARE(histogram.counts[r].size(), std::size_t(20));
            const std::int64_t sum = std::accumulate(histogram.counts[r].begin(),
                                                     histogram.counts[r].end(), std::int64_t(0));
            QCOMPARE(sum, comparison.runs[r].latency.steps);
        }
        QCOMPARE(comparison.runs[0].latency.steps, std::int64_t(42));
        QCOMPARE(comparison.runs[1].latency.steps, std::int64_t(30));
        QCOMPARE(histogram.counts[0].front(), std::int64_t(6));  // 30.5 ms: batches 7, 14, 21
        QCOMPARE(histogram.counts[1].back(), std::int64_t(10));  // 42.5 ms: batches 2, 5, ...
        QCOMPARE(histogram.counts[1].front(), std::int64_t(0));
    }

    void phaseChartCarriesTheSteadyMedians()
    {
        const es::RunComparison comparison =
            es::compareRuns(twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0)));
        const std::optional<es::ChartSpec> chart = es::phaseChart(comparison);
        QVERIFY(chart);
        QCOMPARE(chart->kind, es::ChartKind::StackedBars);
        QCOMPARE(chart->section, std::string("phases"));
        // The names are the runs' own text, isolated (docs/reports.md).
        const std::vector<std::string> bars = {"A #1 " + es::isolatedText("baseline"),
                                               "B #2 " + es::isolatedText("candidate")};
        QCOMPARE(chart->categories, bars);
        // One series per phase some run spent time in; neither copied nor ran callbacks.
        std::vector<std::string> names;
        for (const es::ChartSeries& series : chart->series) {
            names.push_back(series.name);
            const std::optional<es::Phase> phase = [&]() -> std::optional<es::Phase> {
                for (es::Phase p : es::kAllPhases)
                    if (es::phaseLabel(p) == series.name)
                        return p;
                return std::nullopt;
            }();
            QVERIFY2(phase, series.name.c_str());
            QCOMPARE(series.rgb, es::phaseColour(*phase));
            QCOMPARE(series.values.size(), comparison.runs.size());
            for (std::size_t r = 0; r < comparison.runs.size(); ++r)
                QCOMPARE(series.values[r],
                         comparison.runs[r].phases[es::phaseIndex(*phase)].steadyMedianMs);
        }
        const std::vector<std::string> spent = {"Data wait", "Forward", "Backward", "Optimizer",
                                                "Other"};
        QCOMPARE(names, spent);
        QCOMPARE(*chart->series[1].values[0], 30.0);  // A's forward
        QCOMPARE(*chart->series[1].values[1], 10.0);  // B's
    }

    void phaseChartShowsCommunicationWhereARunWaited()
    {
        // B ran distributed (4 ms a step waiting for its averaged gradients), A on one process.
        const es::RunComparison comparison = es::compareRuns(
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), distributed(phases(1.0, 10.0), 4.0)));
        const std::optional<es::ChartSpec> chart = es::phaseChart(comparison);
        QVERIFY(chart);
        std::vector<std::string> names;
        for (const es::ChartSeries& series : chart->series)
            names.push_back(series.name);
        // Stacked in kAllPhases order: Communication sits on the phases before it, under Other.
        const std::vector<std::string> spent = {"Data wait", "Forward",       "Backward",
                                                "Optimizer", "Communication", "Other"};
        QCOMPARE(names, spent);
        const es::ChartSeries& communication = chart->series[4];
        QCOMPARE(communication.rgb, es::phaseColour(es::Phase::Communication));
        QCOMPARE(communication.values[0], std::optional<double>(0.0));  // A waited for nobody
        QCOMPARE(communication.values[1], std::optional<double>(4.0));
    }

    void scalingAgainstOneProcess()
    {
        // B trained on 2 ranks of one machine with a global batch of 128: 128 samples per
        // 37.5 ms warm step against A's 64 per 58.5 ms, on the same one machine.
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), distributed(phases(1.0, 10.0), 4.0));
        runs[0].summary["steady_state_step_ms"] = 58.5;
        runs[0].summary["run"] = runs[0].info;
        es::StoredRun& b = runs[1];
        b.info["world_size"] = 2;
        b.info["global_batch_size"] = 128;
        b.info["ranks"] = {{{"rank", 0}, {"host", "node"}, {"pid", 1}},
                           {{"rank", 1}, {"host", "node"}, {"pid", 2}}};
        b.summary["steady_state_step_ms"] = 37.5;
        b.summary["run"] = b.info;
        const es::RunComparison comparison = es::compareRuns(runs);
        QCOMPARE(comparison.runs[0].worldSize, 1);
        QCOMPARE(comparison.runs[1].worldSize, 2);
        QVERIFY(!comparison.runs[0].scalingEfficiency);  // the baseline itself
        QCOMPARE(comparison.runs[1].scalingEfficiency.value_or(0.0), (128 / 37.5) / (64 / 58.5));
        const Json document = es::comparisonJson(comparison);
        QCOMPARE(document["runs"][1]["world_size"], Json(2));
        QCOMPARE(document["runs"][0]["scaling_efficiency"], Json(nullptr));
        QVERIFY(document["runs"][1]["scaling_efficiency"].is_number());
    }

    void epochChartCarriesTheWallTimes()
    {
        const es::RunComparison comparison =
            es::compareRuns(twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0)));
        const std::optional<es::ChartSpec> chart = es::epochChart(comparison);
        QVERIFY(chart);
        QCOMPARE(chart->kind, es::ChartKind::Lines);
        QCOMPARE(chart->x, (std::vector<double>{1.0, 2.0, 3.0}));
        QCOMPARE(chart->series.size(), std::size_t(2));
        for (std::size_t r = 0; r < 2; ++r) {
            QCOMPARE(chart->series[r].rgb, es::runColour(r));
            for (std::size_t e = 0; e < comparison.epochs.size(); ++e) {
                const auto& times = comparison.epochs[e].runs[r];
                QCOMPARE(chart->series[r].values[e].has_value(), times.has_value());
                if (times)
                    QCOMPARE(*chart->series[r].values[e], times->wallS);
            }
        }
        QVERIFY(!chart->series[0].values[2]);  // A ran two epochs: its line ends there
        QCOMPARE(*chart->series[1].values[2], 40 * 0.0335);
    }

    void latencyChartCarriesTheHistogram()
    {
        const es::RunComparison comparison =
            es::compareRuns(twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0)));
        const std::optional<es::ChartSpec> chart = es::latencyChart(comparison);
        QVERIFY(chart);
        QCOMPARE(chart->kind, es::ChartKind::Histogram);
        QCOMPARE(chart->section, std::string("distribution"));
        QCOMPARE(chart->x, comparison.histogram.edgesMs);
        QCOMPARE(chart->logBins, comparison.histogram.logSpaced);
        QCOMPARE(chart->series.size(), comparison.runs.size());
        for (std::size_t r = 0; r < comparison.runs.size(); ++r) {
            const std::vector<std::int64_t>& counts = comparison.histogram.counts[r];
            QCOMPARE(chart->series[r].values.size(), counts.size());
            for (std::size_t bin = 0; bin < counts.size(); ++bin)
                QCOMPARE(*chart->series[r].values[bin], double(counts[bin]));
        }
        QCOMPARE(es::reportCharts(comparison).size(), std::size_t(3));
    }

    void chartsWithoutDataAreLeftOut()
    {
        // Both runs interrupted before their first step: no epochs, no warm steps.
        std::vector<es::StoredRun> runs =
            twoRuns(phases(0.0, 10.0), phases(0.0, 10.0), phases(0.0, 12.0));
        for (es::StoredRun& run : runs) {
            run.batches.clear();
            run.epochs.clear();
            run.header.status = es::RunStatus::Interrupted;
        }
        const es::RunComparison empty = es::compareRuns(runs);
        QVERIFY(!es::phaseChart(empty));
        QVERIFY(!es::epochChart(empty));
        QVERIFY(!es::latencyChart(empty));
        QVERIFY(es::reportCharts(empty).empty());
        QVERIFY(!contains(es::writeHtml(empty), "<img"));

        // One epoch of one step: an epoch to draw, but no warm step for the other charts.
        runs[0].batches = es::test::makeSteadyEvidence(1, 1, phases(0.0, 10.0)).batches;
        runs[0].epochs = es::test::makeSteadyEvidence(1, 1, phases(0.0, 10.0)).epochs;
        const std::vector<es::ChartSpec> charts = es::reportCharts(es::compareRuns(runs));
        QCOMPARE(charts.size(), std::size_t(1));
        QCOMPARE(charts[0].section, std::string("epochs"));
    }

    void niceTicks_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<int>("maxTicks");
        QTest::addColumn<bool>("integers");
        QTest::addColumn<QList<double>>("ticks");
        QTest::addColumn<int>("decimals");
        QTest::newRow("milliseconds")
            << 0.0 << 58.5 << 6 << false << QList<double>{0, 20, 40, 60} << 0;
        QTest::newRow("small seconds")
            << 0.0 << 0.37 << 5 << false << QList<double>{0, 0.1, 0.2, 0.3, 0.4} << 1;
        QTest::newRow("all zero still has a scale")
            << 0.0 << 0.0 << 5 << false << QList<double>{0, 0.5, 1} << 1;
        QTest::newRow("counts step by whole numbers")
            << 0.0 << 3.0 << 10 << true << QList<double>{0, 1, 2, 3} << 0;
        QTest::newRow("epochs from 1") << 1.0 << 2.0 << 8 << true << QList<double>{1, 2} << 0;
    }

    void niceTicks()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(int, maxTicks);
        QFETCH(bool, integers);
        QFETCH(QList<double>, ticks);
        QFETCH(int, decimals);
        const es::ChartTicks made = es::niceTicks(low, high, maxTicks, integers);
        QCOMPARE(made.values.size(), std::size_t(ticks.size()));
        for (std::size_t i = 0; i < made.values.size(); ++i)
            QVERIFY2(qFuzzyCompare(1.0 + made.values[i], 1.0 + ticks[int(i)]),
                     qPrintable(QString::number(made.values[i])));
        QCOMPARE(made.decimals, decimals);
    }

    void markdownHasTheTablesAndTheSentence()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[1].header.name = "pinned|prefetch_2";
        runs[1].config["name"] = runs[1].header.name;
        const es::RunComparison comparison = es::compareRuns(runs);
        const std::string markdown = es::writeMarkdown(comparison);
        for (const char* part :
             {"# Comparison of 2 runs", "## Runs", "## Config", "## Epoch times (s)", "## Phases",
              "### Median per warm step (ms)", "## Step latency (warm steps, ms)",
              "## Step time distribution (warm steps)", "## Host-to-device transfer",
              "## Utilisation (system sampler)", "## Findings", "## Attribution to phases",
              "| Phase ", "| Forward ", "| A (#1) ", "| B (#2) ", "| ---"})
            QVERIFY2(contains(markdown, part), part);
        QVERIFY(contains(markdown, comparison.attributions.front().sentence));
        // A pipe in a name would end its table cell.
        QVERIFY(contains(markdown, "pinned\\|prefetch\\_2"));
        QVERIFY(!contains(markdown, "pinned|prefetch"));
        // Config values are code, with no escaping inside.
        QVERIFY(contains(markdown, "`pinned|prefetch_2`") ||
                contains(markdown, "`pinned\\|prefetch_2`"));
    }

    /// A report in Simplified Chinese (the app's export dialog and `compare --lang zh_CN`):
    /// its headings, table headers, phase names, sentences and chart captions are translated;
    /// the run names, config keys and figures stay as they are.
    void reportsInChinese()
    {
        const std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        const es::LanguageScope chinese("zh_CN");
        const es::RunComparison comparison = es::compareRuns(runs);
        const std::string markdown = es::writeMarkdown(comparison);
        for (const char* part :
             {"# 2 个运行的比较：A #1 ", "## 摘要", "## 运行", "## 每轮耗时（s）", "## 阶段",
              "### 每个稳态步的中位数（ms）", "## 步延迟（稳态步，ms）", "## 主机到设备传输",
              "## 利用率（系统采样）", "## 诊断结果", "## 按阶段归因", "| 阶段 ", "| 前向 ",
              "| 反向 ", "| A (#1) ", "B 每步比 A 快 1.75x", "A（运行 #1，"})
            QVERIFY2(contains(markdown, part), part);
        for (const char* english : {"Comparison of", "## Runs", "## Phases", "| Phase ",
                                    "| Forward ", "faster per step", "is the baseline"})
            QVERIFY2(!contains(markdown, english), english);
        const std::string html = es::writeHtml(comparison);
        for (const char* part : {"<html lang=\"zh-CN\">", "<h2>摘要</h2>", "<th>阶段</th>",
                                 "图表：每轮实际耗时，每个运行一条线"})
            QVERIFY2(contains(html, part), part);
        QVERIFY(!contains(html, "Written by"));
        if (es::pdfReportsAvailable()) {
            const QString path = writtenPdf(m_dir, "chinese.pdf", comparison);
            const QString flat = squeezed(pdfText(path));
            for (const char* part : {"摘要", "按阶段归因", "各阶段每个稳态步的中位数", "第1页"})
                QVERIFY2(flat.contains(squeezed(QString::fromUtf8(part))), part);
        }
    }

    /// English stays the default: a Chinese report on another thread or before does not leak.
    void reportsStayEnglishOutsideTheScope()
    {
        const std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        {
            const es::LanguageScope chinese("zh_CN");
            QVERIFY(contains(es::writeMarkdown(es::compareRuns(runs)), "## 运行"));
        }
        const std::string markdown = es::writeMarkdown(es::compareRuns(runs));
        QVERIFY(contains(markdown, "## Runs"));
        QVERIFY(contains(es::writeHtml(es::compareRuns(runs)), "<html lang=\"en\">"));
    }

    void csvParsesAndQuotes()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[0].header.name = "=cmd|' /C calc'!A0";
        runs[1].header.name = "fast, \"pinned\" run";
        runs[1].notes = "two\nlines";
        const es::RunComparison comparison = es::compareRuns(runs);
        const std::vector<std::vector<std::string>> rows = parseCsv(es::writeCsv(comparison));
        QVERIFY(rows.size() > 100);
        const std::vector<std::string> header = {"section", "key", "run", "value", "unit"};
        QCOMPARE(rows.front(), header);
        for (const auto& row : rows)
            QCOMPARE(row.size(), std::size_t(5));
        QCOMPARE(csvValue(rows, "run", "name", "B"), std::string("fast, \"pinned\" run"));
        QCOMPARE(csvValue(rows, "run", "notes", "B"), std::string("two\nlines"));
        // A spreadsheet would run it as a formula.
        QCOMPARE(csvValue(rows, "run", "name", "A"), std::string("'=cmd|' /C calc'!A0"));
        QCOMPARE(std::stod(csvValue(rows, "attribution", "speedup", "B")), 58.5 / 33.5);
        QCOMPARE(std::stod(csvValue(rows, "attribution", "forward.ms_per_step", "B")), -20.0);
        QCOMPARE(std::stod(csvValue(rows, "phase", "forward.steady_median_ms", "A")), 30.0);
        QCOMPARE(csvValue(rows, "epoch", "3.train_s", "A"), std::string("<missing>"));
        QCOMPARE(std::stod(csvValue(rows, "histogram", "bin_1.low_ms", "")), 33.5);
        QCOMPARE(csvValue(rows, "histogram", "bin_1.count", "B"), std::string("80"));
        QCOMPARE(csvValue(rows, "utilisation", "rss_mb_peak", "A"), std::string());
        QCOMPARE(csvValue(rows, "attribution", "sentence", "B"),
                 comparison.attributions.front().sentence);
    }

    // Each phase's tensor memory peak per run and its difference from the baseline; a run
    // recorded before memory was counted has none, and the table is there only when a run has.
    void peakMemoryPerPhase()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        const auto findTable = [](const es::RunComparison& comparison) {
            for (const es::ReportSection& section : es::reportSections(comparison))
                for (const es::ReportTable& table : section.tables)
                    if (table.caption.find("Tensor memory peak") != std::string::npos)
                        return std::optional<es::ReportTable>(table);
            return std::optional<es::ReportTable>();
        };
        QVERIFY(!findTable(es::compareRuns(runs)));
        const auto setPeaks = [](es::StoredRun& run, std::int64_t backwardBytes) {
            for (es::BatchRecord& step : run.batches) {
                step.memory.peakBytes.fill(1'000'000);
                step.memory.peakBytes[es::phaseIndex(es::Phase::Backward)] = backwardBytes;
                step.memory.endBytes.fill(500'000);
            }
        };
        setPeaks(runs[1], 12'500'000);
        es::RunComparison comparison = es::compareRuns(runs);
        const std::size_t backward = es::phaseIndex(es::Phase::Backward);
        QVERIFY(!comparison.runs[0].phases[backward].steadyPeakMb);
        QCOMPARE(*comparison.runs[1].phases[backward].steadyPeakMb, 12.5);
        setPeaks(runs[0], 20'000'000);
        comparison = es::compareRuns(runs);
        const std::optional<es::ReportTable> table = findTable(comparison);
        QVERIFY(table);
        // Phase, A, B, B - A.
        QCOMPARE(table->headers.size(), std::size_t(4));
        const std::vector<es::ReportCell>& row = table->rows[backward];
        QCOMPARE(row[1].text, std::string("20.00"));
        QCOMPARE(row[2].text, std::string("12.50"));
        QCOMPARE(row[3].text, std::string("-7.50"));
        const std::vector<std::vector<std::string>> rows = parseCsv(es::writeCsv(comparison));
        QCOMPARE(std::stod(csvValue(rows, "phase", "backward.steady_peak_mb", "B")), 12.5);
        const Json document = es::comparisonJson(comparison);
        QCOMPARE(document["runs"][0]["phases"]["backward"]["steady_peak_mb"].get<double>(), 20.0);
    }

    void jsonRoundTrips()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[1].findings.push_back({"input-bound", es::Severity::Warning, "Waiting for data", "",
                                    "", nullptr, std::nullopt, std::nullopt});
        const es::RunComparison comparison = es::compareRuns(runs);
        const Json document = Json::parse(es::writeJson(comparison));
        QCOMPARE(document, es::comparisonJson(comparison));
        QCOMPARE(document["format"], Json("epochscope-comparison"));
        QCOMPARE(document["format_version"], Json(1));
        QCOMPARE(document["baseline"], Json("A"));
        QCOMPARE(document["runs"].size(), std::size_t(2));
        const Json& b = document["runs"][1];
        QCOMPARE(b["label"], Json("B"));
        QCOMPARE(b["id"], Json(2));
        QCOMPARE(b["name"], Json("candidate"));
        QCOMPARE(b["steady_step_ms"].get<double>(), 33.5);
        QCOMPARE(b["phases"]["forward"]["steady_median_ms"].get<double>(), 10.0);
        QCOMPARE(b["latency_ms"]["warm_steps"], Json(80));
        QCOMPARE(b["findings"][0]["id"], Json("input-bound"));
        QCOMPARE(b["findings"][0]["severity"], Json("warning"));
        QCOMPARE(b["utilisation"]["rss_mb_peak"], Json(nullptr));
        QCOMPARE(document["config_diff"][0]["key"], Json("name"));
        QCOMPARE(document["config_diff"][0]["values"][1]["value"], Json("candidate"));
        QCOMPARE(document["epochs"][2]["runs"][0], Json(nullptr));
        QCOMPARE(document["histogram"]["edges_ms"].size(), std::size_t(21));
        const Json& attribution = document["attribution"][0];
        QCOMPARE(attribution["run"], Json("B"));
        QCOMPARE(attribution["speedup"].get<double>(), 58.5 / 33.5);
        QCOMPARE(attribution["baseline_steps"], Json(100));
        QCOMPARE(attribution["phases"][0]["phase"], Json("forward"));
        QCOMPARE(attribution["phases"][0]["ms_per_step"].get<double>(), -20.0);
        QCOMPARE(attribution["sentence"], Json(comparison.attributions.front().sentence));
    }

    void htmlEscapesEveryUserText()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[1].header.name = "<script>alert(1)</script>";
        runs[1].notes = "fewer threads & \"pinned\" memory";
        runs[1].config["data"]["path"] = "<img src=x onerror=alert(2)>.npy";
        runs[1].findings.push_back({"threads", es::Severity::Critical,
                                    "1 thread & \"8 cores\" <SCRIPT>", "", "", nullptr,
                                    std::nullopt, std::nullopt});
        const std::string html = es::writeHtml(es::compareRuns(runs));
        QVERIFY(contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
        QVERIFY(contains(html, "fewer threads &amp; &quot;pinned&quot; memory"));
        QVERIFY(contains(html, "1 thread &amp; &quot;8 cores&quot; &lt;SCRIPT&gt;"));
        QVERIFY(contains(html, "&lt;img src=x onerror=alert(2)&gt;.npy"));
        const QString lower = QString::fromStdString(html).toLower();
        QVERIFY(!lower.contains("<script"));
        // The only images are the charts, drawn from the data and embedded.
        QCOMPARE(occurrences(lower.toStdString(), "<img"), occurrences(html, "<img alt=\""));
        QCOMPARE(occurrences(lower.toStdString(), "<img"),
                 occurrences(html, "src=\"data:image/png;base64,"));
        QVERIFY(!lower.contains("<img src=x"));
        // Self-contained: nothing loaded from elsewhere.
        QVERIFY(!lower.contains("http://") && !lower.contains("https://"));
        QVERIFY(!lower.contains("<link"));
        QVERIFY(contains(html, "<!DOCTYPE html>"));
        QVERIFY(contains(html, "<style>"));
    }

    void htmlEscaped_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("plain") << "quick-demo"
                               << "quick-demo";
        QTest::newRow("markup") << "<b>x</b>"
                                << "&lt;b&gt;x&lt;/b&gt;";
        QTest::newRow("ampersand first") << "&lt;"
                                         << "&amp;lt;";
        QTest::newRow("quotes") << "a\"b'c"
                                << "a&quot;b&#39;c";
    }

    void htmlEscaped()
    {
        QFETCH(QString, text);
        QFETCH(QString, escaped);
        QCOMPARE(QString::fromStdString(es::htmlEscaped(text.toStdString())), escaped);
    }

    void userTextIsIsolatedAndItsControlsEscaped_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("html") << "html";
        QTest::newRow("markdown") << "markdown";
        QTest::newRow("pdf") << "pdf";
    }

    // A right-to-left override in a run's name made "exe.fdp" read as "pdf.exe" in every
    // report, and an ESC sequence in it reached the terminal with the Markdown compare prints.
    void userTextIsIsolatedAndItsControlsEscaped()
    {
        QFETCH(QString, format);
        // "shalom" in Hebrew, then the override, then an ESC sequence.
        const std::string hebrew = "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d";
        const std::string override = "\xe2\x80\xae";
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[1].header.name = hebrew + " " + override + "fdp.exe\x1b[31m";
        runs[1].notes = "note\nwith " + override + "a line";
        runs[1].config["data"]["source"]["path"] = "x" + override + ".csv";
        const es::RunComparison comparison = es::compareRuns(runs);
        const std::string shown = hebrew + " \\u202efdp.exe\\x1b[31m";
        const std::string isolateStart(es::kIsolateStart);
        const std::string isolateEnd(es::kIsolateEnd);

        // The model marks each user text; every writer shows the controls escaped.
        QVERIFY(contains(es::reportTitle(comparison), isolateStart + shown + isolateEnd));
        std::string text;
        if (format == "html") {
            text = es::writeHtml(comparison);
            QVERIFY2(contains(text, "<h1>") &&
                         contains(text.substr(text.find("<h1>")), "B #2 <bdi>" + shown + "</bdi>"),
                     text.c_str());
            QVERIFY(contains(text, "<td><bdi>" + shown + "</bdi></td>"));
            QVERIFY(contains(text, "<bdi>note\\nwith \\u202ea line</bdi>"));
            QVERIFY(contains(text, "<code><bdi>x\\u202e.csv</bdi></code>"));
            QCOMPARE(occurrences(text, "<bdi>"), occurrences(text, "</bdi>"));
            // No isolate or control as a raw character, in text or in attributes.
            QVERIFY(!contains(text, isolateStart) && !contains(text, isolateEnd));
        } else if (format == "markdown") {
            text = es::writeMarkdown(comparison);
            QVERIFY2(contains(text, hebrew + " \\\\u202efdp.exe\\\\x1b\\[31m"), text.c_str());
            QVERIFY(!contains(text, isolateStart) && !contains(text, isolateEnd));
        } else {
            if (!es::pdfReportsAvailable())
                QSKIP("built without cairo (EPOCHSCOPE_WITH_CAIRO=OFF)");
            text = pdfText(writtenPdf(m_dir, "bidi.pdf", comparison)).toStdString();
            // The name keeps its own direction (right to left, from its first letter), so
            // pdftotext reads its parts in the order they are drawn.
            const QString flat = squeezed(QString::fromStdString(text));
            QVERIFY2(flat.contains("u202efdp.exe\\x1b[31m"), text.c_str());
        }
        QVERIFY2(!contains(text, override), "a raw right-to-left override");
        QVERIFY2(!contains(text, "\x1b"), "a raw ESC");
        QVERIFY(!contains(text, "with \xe2\x80\xae"));
    }

    void isolatesStayBalanced_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("html");
        const QString start = QString::fromUtf8("\u2068");
        const QString end = QString::fromUtf8("\u2069");
        QTest::newRow("none") << "a<b"
                              << "a&lt;b";
        QTest::newRow("one") << "a " + start + "b" + end + " c"
                             << "a <bdi>b</bdi> c";
        QTest::newRow("cut after the start") << "a " + start + "b"
                                             << "a <bdi>b</bdi>";
        QTest::newRow("end without a start") << "a" + end + "b"
                                             << "ab";
        QTest::newRow("nested") << start + "a" + start + "b" + end + end
                                << "<bdi>a<bdi>b</bdi></bdi>";
    }

    void isolatesStayBalanced()
    {
        QFETCH(QString, text);
        QFETCH(QString, html);
        const std::string written = es::withIsolates(
            text.toStdString(), [](const std::string& part) { return es::htmlEscaped(part); },
            "<bdi>", "</bdi>");
        QCOMPARE(QString::fromStdString(written), html);
    }

    void htmlEmbedsTheChartsInTheirSections()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[1].header.name = "<script>alert(1)</script>";
        const es::RunComparison comparison = es::compareRuns(runs);
        const std::string html = es::writeHtml(comparison);
        const std::vector<es::ChartSpec> charts = es::reportCharts(comparison);
        QCOMPARE(charts.size(), std::size_t(3));
        const std::string source = "src=\"data:image/png;base64,";
        if (!es::pdfReportsAvailable()) {
            QCOMPARE(occurrences(html, source), 0);
            QVERIFY(contains(html, "EPOCHSCOPE_WITH_CAIRO=OFF"));
            return;
        }
        QCOMPARE(occurrences(html, source), int(charts.size()));
        for (const es::ChartSpec& chart : charts) {
            // The image sits inside its own section.
            const std::size_t begin = html.find("<section id=\"" + chart.section + "\">");
            QVERIFY2(begin != std::string::npos, chart.section.c_str());
            const std::size_t end = html.find("</section>", begin);
            const std::size_t image = html.find(source, begin);
            QVERIFY2(image < end, chart.section.c_str());
            const std::size_t start = image + source.size();
            const QByteArray png = QByteArray::fromBase64(
                QByteArray::fromStdString(html.substr(start, html.find('"', start) - start)),
                QByteArray::AbortOnBase64DecodingErrors);
            QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
            QVERIFY(png.size() > 1000);
        }
        // The alt text names the runs, escaped like every other text.
        QVERIFY(contains(html, "one line per run (A #1 baseline, B #2 &lt;script&gt;"));
    }

    void pdfHasThePagesAndText()
    {
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        runs[1].header.name = "<script>alert(1)</script>";
        runs[1].config["name"] = runs[1].header.name;
        const es::RunComparison comparison = es::compareRuns(runs);
        if (!es::pdfReportsAvailable()) {
            QVERIFY_EXCEPTION_THROWN(es::writePdf(comparison), std::runtime_error);
            QVERIFY(contains(es::pdfUnavailableReason(), "EPOCHSCOPE_WITH_CAIRO"));
            return;
        }
        QVERIFY(es::writePdf(comparison).rfind("%PDF-", 0) == 0);
        const QString path = writtenPdf(m_dir, "small.pdf", comparison);
        const int pages = pdfPages(path);
        QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
        const QString text = pdfText(path);
        const QString flat = squeezed(text);
        // The isolates around the names lay out the text without being characters of it.
        QVERIFY2(flat.contains(squeezed(
                     QString::fromStdString(es::withoutIsolates(es::reportTitle(comparison))))),
                 qPrintable(text));
        for (const es::ReportSection& section : es::reportSections(comparison))
            QVERIFY2(flat.contains(squeezed(QString::fromStdString(section.title))),
                     section.title.c_str());
        for (const char* part :
             {"baseline", "<script>alert(1)</script>", "58.50", "33.50", "1.75x", "Forward",
              "Median per warm step by phase", "Epoch wall time", "Warm step times"})
            QVERIFY2(flat.contains(squeezed(part)), part);
        QVERIFY(flat.contains(
            squeezed(QString::fromStdString(comparison.attributions.front().sentence))));
        // Every page says which it is, out of how many there are.
        for (int page = 1; page <= pages; ++page)
            QVERIFY2(pdfText(path, page, page)
                         .contains(QString("EpochScope comparison report · page %1 of %2")
                                       .arg(page)
                                       .arg(pages)),
                     qPrintable(QString::number(page)));
    }

    void pdfTableGoesOnWithItsHeader()
    {
        if (!es::pdfReportsAvailable())
            QSKIP(
                "built without cairo (EPOCHSCOPE_WITH_CAIRO=OFF): pdfHasThePagesAndText checks "
                "the refusal");
        std::vector<es::StoredRun> runs =
            twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0));
        const int pagesOfTheSmall = pdfPages(writtenPdf(m_dir, "short.pdf", es::compareRuns(runs)));
        // 150 config keys that differ: far more rows than one page holds.
        for (int i = 0; i < 150; ++i) {
            const std::string key = QString("knob_%1").arg(i, 3, 10, QChar('0')).toStdString();
            runs[0].config["tuning"][key] = i;
            runs[1].config["tuning"][key] = "value " + std::to_string(i * 7);
        }
        const es::RunComparison comparison = es::compareRuns(runs);
        QCOMPARE(comparison.configDiff.size(), std::size_t(151));
        const QString path = writtenPdf(m_dir, "long.pdf", comparison);
        const int pages = pdfPages(path);
        QVERIFY2(pages >= pagesOfTheSmall + 2,
                 qPrintable(QString("%1 against %2").arg(pages).arg(pagesOfTheSmall)));
        int firstPage = 0;
        int lastPage = 0;
        for (int page = 1; page <= pages; ++page) {
            const QString text = pdfText(path, page, page);
            if (firstPage == 0 && text.contains("tuning.knob_000"))
                firstPage = page;
            if (text.contains("tuning.knob_149"))
                lastPage = page;
        }
        QVERIFY(firstPage > 0);
        QVERIFY2(lastPage >= firstPage + 2, qPrintable(QString::number(lastPage)));
        // Each page the table runs over starts with its header again.
        for (int page = firstPage + 1; page <= lastPage; ++page) {
            const QString text = pdfText(path, page, page, true);
            const int header = text.indexOf("Key");
            QVERIFY2(header >= 0 && header < text.indexOf("tuning.knob_"), qPrintable(text));
            QVERIFY2(text.contains("A (#1)") && text.contains("B (#2)"), qPrintable(text));
        }
        // Every row is there once, whole, across the page breaks.
        const QString flat = squeezed(pdfText(path, 0, 0, true));
        for (int i = 0; i < 150; ++i) {
            const QString row =
                QString("tuning.knob_%1%2value%3").arg(i, 3, 10, QChar('0')).arg(i).arg(i * 7);
            QVERIFY2(flat.count(row) == 1, qPrintable(row));
        }
    }

    /// SOURCE_DATE_EPOCH, as reproducible builds use it: seconds since 1970 in UTC, or unset.
    void sourceDateEpochIsReadStrictly_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("date");  // empty: an error naming the variable
        QTest::newRow("the epoch") << QByteArray("0") << "1970-01-01T00:00:00Z";
        QTest::newRow("2001") << QByteArray("1000000000") << "2001-09-09T01:46:40Z";
        QTest::newRow("the last second of 9999")
            << QByteArray("253402300799") << "9999-12-31T23:59:59Z";
        QTest::newRow("the year 10000") << QByteArray("253402300800") << QString();
        QTest::newRow("negative") << QByteArray("-1") << QString();
        QTest::newRow("a plus sign") << QByteArray("+5") << QString();
        QTest::newRow("a fraction") << QByteArray("1.5") << QString();
        QTest::newRow("an exponent") << QByteArray("1e9") << QString();
        QTest::newRow("leading space") << QByteArray(" 5") << QString();
        QTest::newRow("trailing newline") << QByteArray("5\n") << QString();
        QTest::newRow("a word") << QByteArray("yesterday") << QString();
        QTest::newRow("past int64") << QByteArray("99999999999999999999") << QString();
    }

    void sourceDateEpochIsReadStrictly()
    {
        QFETCH(QByteArray, value);
        QFETCH(QString, date);
        QVERIFY(!es::sourceDateEpoch(nullptr));
        QVERIFY(!es::sourceDateEpoch(""));
        if (!date.isEmpty()) {
            const std::optional<std::string> iso = es::sourceDateEpoch(value.constData());
            QVERIFY(iso);
            QCOMPARE(QString::fromStdString(*iso), date);
            return;
        }
        try {
            es::sourceDateEpoch(value.constData());
            QFAIL("accepted");
        } catch (const std::runtime_error& error) {
            QVERIFY2(contains(error.what(), "SOURCE_DATE_EPOCH is \"" + value.toStdString() + "\""),
                     error.what());
        }
    }

    /// With SOURCE_DATE_EPOCH set, the same runs make the same PDF at any time, dated then;
    /// cairo would write the time of writing, in a compressed stream no test can strip.
    void pdfWithSourceDateEpochIsReproducible()
    {
        if (!es::pdfReportsAvailable())
            QSKIP("built without cairo (EPOCHSCOPE_WITH_CAIRO=OFF)");
        const es::RunComparison comparison =
            es::compareRuns(twoRuns(phases(6.0, 30.0), phases(6.0, 30.0), phases(1.0, 10.0)));
        qputenv("SOURCE_DATE_EPOCH", "1000000000");
        const std::string first = es::writePdf(comparison);
        QThread::msleep(1100);  // past a second: cairo's own date would differ
        const std::string second = es::writePdf(comparison);
        const QString path = writtenPdf(m_dir, "dated.pdf", comparison);
        qputenv("SOURCE_DATE_EPOCH", "soon");
        QVERIFY_EXCEPTION_THROWN(es::writePdf(comparison), std::runtime_error);
        qunsetenv("SOURCE_DATE_EPOCH");
        QVERIFY(first == second);
        const QString info = popplerOutput(EPOCHSCOPE_PDFINFO, {"-isodates", path});
        for (const QString field : {"CreationDate", "ModDate"})
            QVERIFY2(info.contains(QRegularExpression("^" + field + ":\\s+2001-09-09T01:46:40",
                                                      QRegularExpression::MultilineOption)),
                     qPrintable(field + " in:\n" + info));
    }

    void compareNeedsTwoRuns()
    {
        QVERIFY_EXCEPTION_THROWN(es::compareRuns({}), std::invalid_argument);
    }

    /// The one table of formats and extensions (engine/report/reportformat.h), which the CLI's
    /// --out and the app's report dialog read: any case, .htm too; -1 is no format.
    void extensionsNameTheirFormat_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("format");
        const auto row = [](const char* name, const char* path, int format) {
            QTest::newRow(name) << QString::fromUtf8(path) << format;
        };
        row("html", "report.html", static_cast<int>(es::ReportFormat::Html));
        row("htm in capitals", "dir/REPORT.HTM", static_cast<int>(es::ReportFormat::Html));
        row("pdf", "report.pdf", static_cast<int>(es::ReportFormat::Pdf));
        row("md", "report.md", static_cast<int>(es::ReportFormat::Markdown));
        row("csv in mixed case", "report.Csv", static_cast<int>(es::ReportFormat::Csv));
        row("json", "report.json", static_cast<int>(es::ReportFormat::Json));
        row("unknown", "report.txt", -1);
        row("no extension", "report", -1);
        row("a dot and nothing after", "report.", -1);
        row("a directory's dot", "out.md/report", -1);
    }

    void extensionsNameTheirFormat()
    {
        QFETCH(QString, path);
        QFETCH(int, format);
        const std::optional<es::ReportFormat> named = es::reportFormatFromPath(path.toStdString());
        QCOMPARE(named ? static_cast<int>(*named) : -1, format);
    }

    /// Each row's name and extensions lead back to it, the first extension is what a new file
    /// gets, and messages list the extensions in the table's order.
    void formatTableRoundTrips()
    {
        std::set<es::ReportFormat> formats;
        for (const es::ReportFormatInfo& info : es::kReportFormats) {
            formats.insert(info.format);
            QCOMPARE(es::reportFormatName(info.format), info.name);
            QVERIFY(es::reportFormatFromName(info.name) == info.format);
            QCOMPARE(es::reportFormatExtension(info.format), info.extensions.front());
            for (std::string_view extension : info.extensions)
                if (!extension.empty())
                    QVERIFY(es::reportFormatFromPath("x." + std::string(extension)) == info.format);
        }
        QCOMPARE(formats.size(), es::kReportFormats.size());
        QVERIFY(!es::reportFormatFromName("htm"));
        QCOMPARE(es::reportExtensionList(), std::string(".html, .htm, .pdf, .md, .csv, .json"));
    }

    void commandWritesEachFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("start");
        QTest::newRow("markdown") << "report.md"
                                  << "# Comparison of 2 runs";
        QTest::newRow("csv") << "report.csv"
                             << "section,key,run,value,unit\n";
        QTest::newRow("json") << "report.json"
                              << "{";
        QTest::newRow("html") << "report.html"
                              << "<!DOCTYPE html>";
        QTest::newRow("htm in capitals") << "REPORT.HTM"
                                         << "<!DOCTYPE html>";
        if (es::pdfReportsAvailable())
            QTest::newRow("pdf") << "report.pdf"
                                 << "%PDF-";
    }

    void commandWritesEachFormat()
    {
        QFETCH(QString, file);
        QFETCH(QString, start);
        const QString path = outPath(file);
        const QString printed = outPath(file + ".stdout");
        const es::CompareOptions options{m_database, {m_first, m_second}, path.toStdString()};
        QCOMPARE(withStdoutIn(printed, [&] { return es::runCompareCommand(options); }), 0);
        const std::string text = readFile(path);
        QVERIFY2(text.rfind(start.toStdString(), 0) == 0, text.substr(0, 80).c_str());
        QVERIFY(!QFile::exists(path + ".tmp"));
        const std::string output = readFile(printed);
        QVERIFY2(contains(output, "Wrote " + path.toStdString() + " ("), output.c_str());
        QVERIFY2(contains(output, ", 2 runs)\nB is 1.75x faster per step than A"), output.c_str());
    }

    void commandPrintsMarkdownWithoutOut()
    {
        const QString printed = outPath("stdout.md");
        const es::CompareOptions options{m_database, {m_second, m_first}, ""};
        QCOMPARE(withStdoutIn(printed, [&] { return es::runCompareCommand(options); }), 0);
        const std::string text = readFile(printed);
        QVERIFY(text.rfind("# Comparison of 2 runs: A #2 fast, B #1 slow", 0) == 0);
        QVERIFY(contains(text, "B is 1.75x slower per step than A"));
    }

    void commandRefusesBadInput_data()
    {
        QTest::addColumn<QList<qint64>>("ids");
        QTest::addColumn<QString>("file");
        if (!es::pdfReportsAvailable())
            QTest::newRow("pdf without cairo") << QList<qint64>{1, 2} << "report.pdf";
        QTest::newRow("unknown extension") << QList<qint64>{1, 2} << "report.txt";
        QTest::newRow("no extension") << QList<qint64>{1, 2} << "report";
        QTest::newRow("unknown id") << QList<qint64>{1, 99} << "unknown.md";
        QTest::newRow("one id") << QList<qint64>{1} << "one.md";
        QTest::newRow("no id") << QList<qint64>{} << "none.md";
        QTest::newRow("the same id twice") << QList<qint64>{2, 2} << "twice.md";
        QTest::newRow("missing directory") << QList<qint64>{1, 2} << "no/such/dir/report.md";
    }

    void commandRefusesBadInput()
    {
        QFETCH(QList<qint64>, ids);
        QFETCH(QString, file);
        es::CompareOptions options{m_database, {}, outPath(file).toStdString()};
        for (qint64 id : ids)
            options.runIds.push_back(id);
        QCOMPARE(es::runCompareCommand(options), 2);
        QVERIFY(!QFile::exists(outPath(file)));
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
