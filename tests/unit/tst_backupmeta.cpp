// A backup's metadata comes from a file users may get from someone else: every field, missing,
// of the wrong type, negative, huge, NaN or infinite, must be refused with a ConfigError that
// names it, and nothing else may come out (train/backupmeta.h). LibTorch-free: the archive
// around the metadata is tst_backup's (tests/integration/).
#include "engine/config/configerror.h"
#include "engine/train/backupmeta.h"

#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <string>

using namespace es;

namespace {

constexpr const char* kPath = "backup/epochscope-backup.pt";
constexpr const char* kField = "callbacks[0].backup_dir";
constexpr const char* kAdvice = "; move it away";
constexpr int kEpochs = 2;  // "epoch" may be 1 to 3

/// The metadata of a real backup: quick-demo saved after 2 of its 3 steps (--max-batches 3)
/// of epoch 1, written by epochscope-cli with `backup_and_restore` and `save_freq` 2.
const char* const kRealMeta =
    R"({"batches_done":2,"epoch":1,"epoch_sums":{"loss_sum":17.928346633911133,)"
    R"("metric_sums":{"mae":39.5185546875},"samples":128},"fingerprint":{"batch_size":64,)"
    R"("batches_per_epoch":3,"loss":"mse","model":{"input_shape":null,"layers":[{"dropout":0.0,)"
    R"("kernel_l2":0.0,"recurrent_l2":0.0,"return_sequences":false,"type":"lstm","units":64},)"
    R"({"activation":"linear","type":"dense","units":1}]},"optimizer":{"beta_1":0.9,)"
    R"("beta_2":0.999,"epsilon":1e-07,"learning_rate":0.005,"type":"adam"},"seed":42,)"
    R"("shuffle":true,"train_samples":4915},"format":"epochscope-backup",)"
    R"("has_shuffle_order":true,"learning_rates":[0.005],"rng":["cpu"],"version":1})";

nlohmann::json realMeta()
{
    return nlohmann::json::parse(kRealMeta);
}

BackupMetaContext context()
{
    return {kPath, kField, kAdvice, realMeta().at("fingerprint"), kEpochs, 1};
}

/// `value` as a table cell spells it: JSON text, or NaN / Infinity / -Infinity, which JSON
/// text cannot hold but a parsed document can.
nlohmann::json valueOf(const QString& value)
{
    if (value == "NaN")
        return std::numeric_limits<double>::quiet_NaN();
    if (value == "Infinity")
        return std::numeric_limits<double>::infinity();
    if (value == "-Infinity")
        return -std::numeric_limits<double>::infinity();
    return nlohmann::json::parse(value.toStdString());
}

constexpr const char* kRemove = "<remove>";

/// The real metadata with the value at JSON pointer `pointer` replaced (or removed).
nlohmann::json variant(const QString& pointer, const QString& value)
{
    nlohmann::json meta = realMeta();
    const nlohmann::json::json_pointer at(pointer.toStdString());
    if (value == kRemove)
        meta.at(at.parent_pointer()).erase(at.back());
    else
        meta[at] = valueOf(value);
    return meta;
}

/// Checks that `read` throws one ConfigError for kField whose message starts with the file,
/// ends with the advice and contains `expected`.
template <typename Read>
void expectRefused(Read read, const QString& expected)
{
    try {
        const BackupMeta meta = read();
        QFAIL(qPrintable("accepted, epoch " + QString::number(meta.epoch)));
    } catch (const ConfigError& error) {
        QCOMPARE(error.issues().size(), std::size_t{1});
        const ConfigIssue& issue = error.issues().front();
        QCOMPARE(QString::fromStdString(issue.path), QString(kField));
        const QString message = QString::fromStdString(issue.message);
        QVERIFY2(message.startsWith(kPath), qPrintable(message));
        QVERIFY2(message.endsWith(kAdvice), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message + "\nexpected: " + expected));
    }
}

}  // namespace

class TestBackupMeta : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void realMetadataIsRead()
    {
        const BackupMeta meta = parseBackupMeta(std::string_view(kRealMeta), context());
        QCOMPARE(meta.epoch, 1);
        QCOMPARE(meta.batchesDone, std::int64_t{2});
        QCOMPARE(meta.lossSum, 17.928346633911133);  // bit for bit
        QCOMPARE(meta.samples, std::int64_t{128});
        QCOMPARE(meta.metricSums.size(), std::size_t{1});
        QCOMPARE(meta.metricSums.at(Metric::Mae), 39.5185546875);
        QCOMPARE(meta.learningRates, std::vector<double>{0.005});
        QCOMPARE(meta.rngNames, std::vector<std::string>{"cpu"});
        QVERIFY(meta.hasShuffleOrder);
    }

    /// Values at the edges of their ranges, and what the reader leaves alone.
    void acceptedVariants_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::newRow("epoch after the last") << "/epoch"
                                              << "3";
        QTest::newRow("batches_done the whole epoch") << "/batches_done"
                                                      << "3";
        QTest::newRow("batches_done none") << "/batches_done"
                                           << "0";
        QTest::newRow("two generators") << "/rng"
                                        << R"(["cpu", "cuda:0"])";
        QTest::newRow("no shuffle order") << "/has_shuffle_order"
                                          << "false";
        QTest::newRow("no metric sums") << "/epoch_sums/metric_sums"
                                        << "{}";
        QTest::newRow("unknown metric dropped") << "/epoch_sums/metric_sums/auc"
                                                << "0.5";
        QTest::newRow("tiny learning rate") << "/learning_rates/0"
                                            << "1e-300";
        QTest::newRow("huge finite loss sum") << "/epoch_sums/loss_sum"
                                              << "1e308";
        QTest::newRow("unknown field ignored") << "/comment"
                                               << R"("hello")";
    }

    void acceptedVariants()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        const BackupMeta meta = readBackupMeta(variant(pointer, value), context());
        QVERIFY(meta.epoch >= 1 && meta.epoch <= kEpochs + 1);
        QCOMPARE(meta.metricSums.count(Metric::Accuracy), std::size_t{0});
        if (pointer == "/rng")
            QCOMPARE(meta.rngNames, (std::vector<std::string>{"cpu", "cuda:0"}));
        if (pointer == "/epoch")
            QCOMPARE(meta.epoch, 3);
    }

    /// Each field of the real metadata made missing, wrong-typed, negative, huge, NaN or
    /// infinite: refused, naming the field (format and version say what they found instead).
    void refusedVariants_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        const QString notBackup = QString(kPath) + " is not an EpochScope backup" + kAdvice;
        const auto version = [](const char* found) {
            return QString(kPath) + " has backup format version " + found +
                   ", this EpochScope reads version 1" + kAdvice;
        };
        const auto field = [](const char* name, const QString& problem) {
            return QString(kPath) + ": backup field \"" + name + "\" " + problem + kAdvice;
        };
        const auto whole = [&](const char* name, const char* found, int lowest, int highest) {
            return field(name, QString("is ") + found + "; expected a whole number from " +
                                   QString::number(lowest) + " to " + QString::number(highest));
        };
        const auto epoch = [&](const char* found) { return whole("epoch", found, 1, 3); };
        const auto batches = [&](const char* found) { return whole("batches_done", found, 0, 3); };
        const auto sums = [&](const QString& found) {
            return field("epoch_sums",
                         "is " + found + "; expected finite loss_sum, samples and metric_sums");
        };
        const QString otherSums = R"("metric_sums":{"mae":39.5185546875},"samples":128})";
        const auto lossSum = [&](const char* found) {
            return sums(QString(R"({"loss_sum":)") + found + "," + otherSums);
        };
        const auto samples = [&](const char* found) {
            return sums(R"({"loss_sum":17.928346633911133,"metric_sums":{"mae":39.5185546875},)"
                        R"("samples":)" +
                        QString(found) + "}");
        };
        const auto mae = [&](const char* found) {
            return sums(R"({"loss_sum":17.928346633911133,"metric_sums":{"mae":)" + QString(found) +
                        R"(},"samples":128})");
        };
        const auto rates = [&](const char* found) {
            return field("learning_rates", QString("is ") + found + "; expected a list of 1");
        };
        const auto rate = [&](const char* found) {
            return field("learning_rates",
                         QString("holds ") + found + "; expected positive numbers");
        };
        const auto rngList = [&](const char* found) {
            return field("rng",
                         QString("is ") + found + R"(; expected ["cpu"] or ["cpu", "cuda:N"])");
        };
        const auto generator = [&](const char* found) {
            return field(
                "rng", QString("names the generator ") + found + R"(; expected "cpu" or "cuda:N")");
        };
        const auto flag = [&](const char* found) {
            return field("has_shuffle_order", QString("is ") + found + "; expected true or false");
        };
        const auto anotherRun = [](const QString& difference) {
            return QString(kPath) + " belongs to another run: " + difference + kAdvice;
        };

        QTest::newRow("format missing") << "/format" << kRemove << notBackup;
        QTest::newRow("format other") << "/format"
                                      << R"("keras")" << notBackup;
        QTest::newRow("format a number") << "/format"
                                         << "1" << notBackup;
        QTest::newRow("format NaN") << "/format"
                                    << "NaN" << notBackup;

        QTest::newRow("version missing") << "/version" << kRemove << field("version", "is missing");
        QTest::newRow("version as text") << "/version"
                                         << R"("1")" << version(R"("1")");
        QTest::newRow("version 2") << "/version"
                                   << "2" << version("2");
        QTest::newRow("version negative") << "/version"
                                          << "-1" << version("-1");
        QTest::newRow("version fractional") << "/version"
                                            << "1.0" << version("1.0");
        QTest::newRow("version huge")
            << "/version"
            << "18446744073709551617" << version("1.8446744073709552e+19");
        QTest::newRow("version NaN") << "/version"
                                     << "NaN" << version("null");
        QTest::newRow("version null") << "/version"
                                      << "null" << version("null");

        QTest::newRow("fingerprint missing")
            << "/fingerprint" << kRemove << field("fingerprint", "is missing");
        QTest::newRow("fingerprint a list")
            << "/fingerprint"
            << "[]" << field("fingerprint", "is []; expected an object");
        QTest::newRow("fingerprint text")
            << "/fingerprint"
            << R"("x")" << field("fingerprint", R"(is "x"; expected an object)");
        QTest::newRow("fingerprint NaN")
            << "/fingerprint"
            << "NaN" << field("fingerprint", "is null; expected an object");
        QTest::newRow("fingerprint seed missing")
            << "/fingerprint/seed" << kRemove
            << anotherRun("seed is missing in the backup but 42 in this run");
        QTest::newRow("fingerprint seed other")
            << "/fingerprint/seed"
            << "43" << anotherRun("seed is 43 in the backup but 42 in this run");
        QTest::newRow("fingerprint seed as text")
            << "/fingerprint/seed"
            << R"("42")" << anotherRun(R"(seed is "42" in the backup but 42 in this run)");
        QTest::newRow("fingerprint seed NaN")
            << "/fingerprint/seed"
            << "NaN" << anotherRun("seed is null in the backup but 42 in this run");
        QTest::newRow("fingerprint seed fractional")
            << "/fingerprint/seed"
            << "42.5" << anotherRun("seed is 42.5 in the backup but 42 in this run");
        QTest::newRow("fingerprint batches negative")
            << "/fingerprint/batches_per_epoch"
            << "-3" << anotherRun("batches_per_epoch is -3 in the backup but 3 in this run");
        QTest::newRow("fingerprint samples huge")
            << "/fingerprint/train_samples"
            << "1e300" << anotherRun("train_samples is 1e+300 in the backup but 4915 in this run");
        QTest::newRow("fingerprint units infinite")
            << "/fingerprint/model/layers/0/units"
            << "Infinity"
            << QString(
                   "belongs to another run: model is {\"input_shape\":null,\"layers\":[{"
                   "\"dropout\":0.0,\"kernel_l2\":0.0,\"recurrent_l2\":0.0,"
                   "\"return_sequences\":f... in the backup but {\"input_shape\"");

        QTest::newRow("epoch missing") << "/epoch" << kRemove << field("epoch", "is missing");
        QTest::newRow("epoch as text") << "/epoch"
                                       << R"("1")" << epoch(R"("1")");
        QTest::newRow("epoch negative") << "/epoch"
                                        << "-5" << epoch("-5");
        QTest::newRow("epoch 0") << "/epoch"
                                 << "0" << epoch("0");
        QTest::newRow("epoch past the end") << "/epoch"
                                            << "4" << epoch("4");
        QTest::newRow("epoch past int") << "/epoch"
                                        << "2147483649" << epoch("2147483649");
        QTest::newRow("epoch int64 max") << "/epoch"
                                         << "9223372036854775807" << epoch("9223372036854775807");
        QTest::newRow("epoch uint64 max")
            << "/epoch"
            << "18446744073709551615" << epoch("18446744073709551615");
        QTest::newRow("epoch huge") << "/epoch"
                                    << "1e300" << epoch("1e+300");
        QTest::newRow("epoch fractional") << "/epoch"
                                          << "1.0" << epoch("1.0");
        QTest::newRow("epoch NaN") << "/epoch"
                                   << "NaN" << epoch("null");
        QTest::newRow("epoch infinite") << "/epoch"
                                        << "-Infinity" << epoch("null");
        QTest::newRow("epoch boolean") << "/epoch"
                                       << "true" << epoch("true");
        QTest::newRow("epoch a list") << "/epoch"
                                      << "[1]" << epoch("[1]");

        QTest::newRow("batches_done missing")
            << "/batches_done" << kRemove << field("batches_done", "is missing");
        QTest::newRow("batches_done as text") << "/batches_done"
                                              << R"("2")" << batches(R"("2")");
        QTest::newRow("batches_done negative") << "/batches_done"
                                               << "-1" << batches("-1");
        QTest::newRow("batches_done past the epoch") << "/batches_done"
                                                     << "4" << batches("4");
        QTest::newRow("batches_done 1e15") << "/batches_done"
                                           << "1e15" << batches("1e+15");
        QTest::newRow("batches_done int64 min")
            << "/batches_done"
            << "-9223372036854775808" << batches("-9223372036854775808");
        QTest::newRow("batches_done uint64 max")
            << "/batches_done"
            << "18446744073709551615" << batches("18446744073709551615");
        QTest::newRow("batches_done fractional") << "/batches_done"
                                                 << "2.5" << batches("2.5");
        QTest::newRow("batches_done NaN") << "/batches_done"
                                          << "NaN" << batches("null");
        QTest::newRow("batches_done null") << "/batches_done"
                                           << "null" << batches("null");

        QTest::newRow("epoch_sums missing")
            << "/epoch_sums" << kRemove << field("epoch_sums", "is missing");
        QTest::newRow("epoch_sums a list")
            << "/epoch_sums"
            << "[]" << field("epoch_sums", "is []; expected an object");
        QTest::newRow("epoch_sums NaN")
            << "/epoch_sums"
            << "NaN" << field("epoch_sums", "is null; expected an object");
        QTest::newRow("loss_sum missing")
            << "/epoch_sums/loss_sum" << kRemove << sums("{" + otherSums);
        QTest::newRow("loss_sum as text") << "/epoch_sums/loss_sum"
                                          << R"("17.9")" << lossSum(R"("17.9")");
        QTest::newRow("loss_sum NaN") << "/epoch_sums/loss_sum"
                                      << "NaN" << lossSum("null");
        QTest::newRow("loss_sum infinite") << "/epoch_sums/loss_sum"
                                           << "Infinity" << lossSum("null");
        QTest::newRow("loss_sum -infinite") << "/epoch_sums/loss_sum"
                                            << "-Infinity" << lossSum("null");
        QTest::newRow("loss_sum null") << "/epoch_sums/loss_sum"
                                       << "null" << lossSum("null");
        QTest::newRow("samples missing")
            << "/epoch_sums/samples" << kRemove
            << sums(R"({"loss_sum":17.928346633911133,"metric_sums":{"mae":39.5185546875}})");
        QTest::newRow("samples negative") << "/epoch_sums/samples"
                                          << "-1" << samples("-1");
        QTest::newRow("samples fractional") << "/epoch_sums/samples"
                                            << "1.5" << samples("1.5");
        QTest::newRow("samples as text") << "/epoch_sums/samples"
                                         << R"("128")" << samples(R"("128")");
        QTest::newRow("samples uint64 max")
            << "/epoch_sums/samples"
            << "18446744073709551615" << samples("18446744073709551615");
        QTest::newRow("samples huge") << "/epoch_sums/samples"
                                      << "1e300" << samples("1e+300");
        QTest::newRow("samples NaN") << "/epoch_sums/samples"
                                     << "NaN" << samples("null");
        QTest::newRow("metric_sums missing")
            << "/epoch_sums/metric_sums" << kRemove
            << sums(R"({"loss_sum":17.928346633911133,"samples":128})");
        QTest::newRow("metric_sums a list")
            << "/epoch_sums/metric_sums"
            << "[1.0]"
            << sums(R"({"loss_sum":17.928346633911133,"metric_sums":[1.0],"samples":128})");
        QTest::newRow("mae as text") << "/epoch_sums/metric_sums/mae"
                                     << R"("39.5")" << mae(R"("39.5")");
        QTest::newRow("mae NaN") << "/epoch_sums/metric_sums/mae"
                                 << "NaN" << mae("null");
        QTest::newRow("mae infinite") << "/epoch_sums/metric_sums/mae"
                                      << "Infinity" << mae("null");
        QTest::newRow("mae null") << "/epoch_sums/metric_sums/mae"
                                  << "null" << mae("null");
        QTest::newRow("unknown metric NaN")
            << "/epoch_sums/metric_sums/auc"
            << "NaN"
            << sums(R"({"loss_sum":17.928346633911133,"metric_sums":{"auc":null,)"
                    R"("mae":39.5185546875},"samples":128})");

        QTest::newRow("learning_rates missing")
            << "/learning_rates" << kRemove << field("learning_rates", "is missing");
        QTest::newRow("learning_rates as text") << "/learning_rates"
                                                << R"("0.005")" << rates(R"("0.005")");
        QTest::newRow("learning_rates empty") << "/learning_rates"
                                              << "[]" << rates("[]");
        QTest::newRow("learning_rates too many") << "/learning_rates"
                                                 << "[0.1, 0.2]" << rates("[0.1,0.2]");
        QTest::newRow("learning_rates NaN") << "/learning_rates"
                                            << "NaN" << rates("null");
        QTest::newRow("learning rate negative") << "/learning_rates/0"
                                                << "-1.0" << rate("-1.0");
        QTest::newRow("learning rate 0") << "/learning_rates/0"
                                         << "0" << rate("0");
        QTest::newRow("learning rate -0.0") << "/learning_rates/0"
                                            << "-0.0" << rate("-0.0");
        QTest::newRow("learning rate huge negative") << "/learning_rates/0"
                                                     << "-1e300" << rate("-1e+300");
        QTest::newRow("learning rate NaN") << "/learning_rates/0"
                                           << "NaN" << rate("null");
        QTest::newRow("learning rate infinite") << "/learning_rates/0"
                                                << "Infinity" << rate("null");
        QTest::newRow("learning rate as text") << "/learning_rates/0"
                                               << R"("0.005")" << rate(R"("0.005")");
        QTest::newRow("learning rate null") << "/learning_rates/0"
                                            << "null" << rate("null");
        QTest::newRow("learning rate a list") << "/learning_rates/0"
                                              << "[0.1]" << rate("[0.1]");

        QTest::newRow("rng missing") << "/rng" << kRemove << field("rng", "is missing");
        QTest::newRow("rng as text") << "/rng"
                                     << R"("cpu")" << rngList(R"("cpu")");
        QTest::newRow("rng empty") << "/rng"
                                   << "[]" << rngList("[]");
        QTest::newRow("rng three")
            << "/rng"
            << R"(["cpu", "cuda:0", "cuda:1"])" << rngList(R"(["cpu","cuda:0","cuda:1"])");
        QTest::newRow("rng without cpu") << "/rng"
                                         << R"(["cuda:0"])" << rngList(R"(["cuda:0"])");
        QTest::newRow("rng cpu second") << "/rng"
                                        << R"(["cuda:0", "cpu"])" << rngList(R"(["cuda:0","cpu"])");
        QTest::newRow("rng cpu twice") << "/rng"
                                       << R"(["cpu", "cpu"])" << rngList(R"(["cpu","cpu"])");
        QTest::newRow("rng NaN") << "/rng"
                                 << "NaN" << rngList("null");
        QTest::newRow("unknown generator") << "/rng/0"
                                           << R"("gpu:7")" << generator(R"("gpu:7")");
        QTest::newRow("generator index huge") << "/rng/0"
                                              << R"("cuda:1234")" << generator(R"("cuda:1234")");
        QTest::newRow("generator index negative") << "/rng/0"
                                                  << R"("cuda:-1")" << generator(R"("cuda:-1")");
        QTest::newRow("generator upper case") << "/rng/0"
                                              << R"("CPU")" << generator(R"("CPU")");
        QTest::newRow("generator with a blank") << "/rng/0"
                                                << R"("cpu ")" << generator(R"("cpu ")");
        QTest::newRow("generator a number") << "/rng/0"
                                            << "7" << generator("7");
        QTest::newRow("generator NaN") << "/rng/0"
                                       << "NaN" << generator("null");

        QTest::newRow("has_shuffle_order missing")
            << "/has_shuffle_order" << kRemove << field("has_shuffle_order", "is missing");
        QTest::newRow("shuffle flag not a boolean") << "/has_shuffle_order"
                                                    << R"("yes")" << flag(R"("yes")");
        QTest::newRow("shuffle flag a number") << "/has_shuffle_order"
                                               << "1" << flag("1");
        QTest::newRow("shuffle flag NaN") << "/has_shuffle_order"
                                          << "NaN" << flag("null");
        QTest::newRow("shuffle flag null") << "/has_shuffle_order"
                                           << "null" << flag("null");
    }

    void refusedVariants()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const nlohmann::json meta = variant(pointer, value);
        expectRefused([&] { return readBackupMeta(meta, context()); }, expected);
        // As text, where JSON can spell it: the same refusal.
        if (!value.contains("NaN") && !value.contains("Infinity"))
            expectRefused([&] { return parseBackupMeta(std::string_view(meta.dump()), context()); },
                          expected);
    }

    /// Text that is no JSON object, or no JSON at all.
    void refusedTexts_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("null") << QByteArray("null");
        QTest::newRow("a list") << QByteArray("[]");
        QTest::newRow("cut short") << QByteArray(kRealMeta).left(200);
        QTest::newRow("garbage after") << QByteArray(kRealMeta) + "}";
        QTest::newRow("NaN literal")
            << QByteArray(kRealMeta).replace("\"epoch\":1", "\"epoch\":NaN");
        QTest::newRow("overflowing number")
            << QByteArray(kRealMeta).replace("\"epoch\":1", "\"epoch\":1e999");
        QTest::newRow("invalid UTF-8") << QByteArray(kRealMeta).replace("\"mse\"", "\"ms\xff\"");
        QTest::newRow("lone surrogate") << QByteArray(kRealMeta).replace("\"mse\"", "\"\\ud800\"");
        QTest::newRow("NUL inside") << QByteArray(kRealMeta).replace(',', QByteArray(1, '\0'));
    }

    void refusedTexts()
    {
        QFETCH(QByteArray, text);
        expectRefused(
            [&] {
                return parseBackupMeta(std::string_view(text.constData(), text.size()), context());
            },
            QString(kPath) + " is not an EpochScope backup" + kAdvice);
    }

    /// Values nested a million levels deep or a million items long are refused with the
    /// first 100 bytes of their JSON, as quickly as short ones: the JSON library's dump()
    /// recursed once per level and overflowed the stack (the CLI died of SIGSEGV).
    void deepValuesAreShortened_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("expected");
        QTest::newRow("fingerprint") << "fingerprint"
                                     << "is [[[";
        QTest::newRow("version") << "version"
                                 << "has backup format version [[[";
        QTest::newRow("epoch") << "epoch"
                               << R"(backup field "epoch" is [[[)";
        QTest::newRow("epoch_sums") << "epoch_sums"
                                    << R"(backup field "epoch_sums" is [[[)";
        QTest::newRow("rng") << "rng"
                             << R"(backup field "rng" names the generator [[[)";
        QTest::newRow("fingerprint model") << "fingerprint/model"
                                           << "belongs to another run: model is [[[";
    }

    void deepValuesAreShortened()
    {
        QFETCH(QString, key);
        QFETCH(QString, expected);
        constexpr std::size_t kLevels = 1'000'000;
        constexpr const char* kMarker = "\"@@\"";
        for (const bool deep : {true, false}) {
            nlohmann::json meta = realMeta();
            meta[nlohmann::json::json_pointer("/" + key.toStdString())] = "@@";
            std::string text = meta.dump();
            std::string value;
            if (deep) {
                value = std::string(kLevels, '[') + std::string(kLevels, ']');
            } else {
                value = "[[[[1";
                for (std::size_t i = 0; i < kLevels; ++i)
                    value += ",1";
                value += "]]]]";
            }
            text.replace(text.find(kMarker), std::string(kMarker).size(), value);
            expectRefused([&] { return parseBackupMeta(std::string_view(text), context()); },
                          expected);
            expectRefused([&] { return parseBackupMeta(std::string_view(text), context()); },
                          "...");
        }
    }
};

QTEST_APPLESS_MAIN(TestBackupMeta)
#include "tst_backupmeta.moc"
