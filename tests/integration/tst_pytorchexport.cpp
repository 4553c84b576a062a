// End to end: `epochscope-cli export --format pytorch` of each preset and of models with every
// recurrent option, run by Debian's PyTorch for Python the way the export's README.txt says
// (pytorchexportcheck.py) and compared with EpochScope's own forward pass on the same inputs
// within 1e-5. Checkpoints are written by the engine with every parameter drawn at random, so
// that a bias, a gate or a direction in the wrong place shows; a real model_checkpoint file and
// backup come from training. Then the refusals (a checkpoint that does not fit, a truncated or
// foreign one, a directory that is not empty without --force, an unknown format) and a write
// that fails part-way: each leaves nothing half-written behind.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/data/npyfile.h"
#include "engine/model/backendchoice.h"
#include "engine/model/modelsummary.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/train/modelweights_torch.h"
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"
#include "tests/support/testsuite.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <fstream>
#include <string>
#include <vector>

namespace {

/// The bound: PyTorch's predictions equal EpochScope's within 1e-5.
constexpr double kTolerance = 1e-5;
using es::test::kPython;
/// PyTorch's import and a step loop over a preset's 500 steps take seconds; two busy cores
/// can make that a minute.
constexpr int kPythonTimeoutMs = 300000;
/// Parameters drawn from [-0.4, 0.4]: large enough that every bias and gate moves the output,
/// small enough that a long sequence does not saturate every gate.
constexpr double kWeightRange = 0.4;
/// Samples in each of the two batches the engine runs (the Python side runs both at once).
constexpr std::int64_t kBatchSamples = 4;
constexpr std::uint64_t kInputSeed = 5;

/// A config of `layers` on float sequences (7 steps of 5 features) with `loss`.
nlohmann::json featuresConfig(const nlohmann::json& layers, const std::string& loss = "mse",
                              std::int64_t classes = 0)
{
    nlohmann::json source = {
        {"type", "synthetic_regression"}, {"samples", 64}, {"timesteps", 7}, {"features", 5}};
    if (classes > 0)
        source["classes"] = classes;
    return {{"name", "export-features"},
            {"seed", 3},
            {"model", {{"layers", layers}}},
            {"data", {{"source", source}, {"validation_split", 0.25}, {"batch_size", 16}}},
            {"training", {{"epochs", 1}, {"loss", loss}}},
            {"device", {{"intra_op_threads", 1}}}};
}

/// A config of `layers` on token ids (9 steps, a vocabulary of 50) with a sigmoid output.
nlohmann::json tokensConfig(const nlohmann::json& layers)
{
    return {
        {"name", "export-tokens"},
        {"seed", 3},
        {"model", {{"layers", layers}}},
        {"data",
         {{"source",
           {{"type", "synthetic_tokens"}, {"samples", 64}, {"timesteps", 9}, {"vocab_size", 50}}},
          {"validation_split", 0.25},
          {"batch_size", 16}}},
        {"training", {{"epochs", 1}, {"loss", "binary_crossentropy"}}},
        {"device", {{"intra_op_threads", 1}}}};
}

nlohmann::json recurrent(const std::string& type, int units, nlohmann::json options = {})
{
    nlohmann::json layer = {{"type", type}, {"units", units}};
    if (options.is_object())
        layer.update(options);
    return layer;
}

nlohmann::json bidirectional(const std::string& mergeMode, nlohmann::json wrapped)
{
    return {{"type", "bidirectional"}, {"merge_mode", mergeMode}, {"layer", std::move(wrapped)}};
}

nlohmann::json dense(int units, const std::string& activation, nlohmann::json options = {})
{
    nlohmann::json layer = {{"type", "dense"}, {"units", units}, {"activation", activation}};
    if (options.is_object())
        layer.update(options);
    return layer;
}

nlohmann::json embedding(bool maskZero)
{
    return {{"type", "embedding"}, {"input_dim", 50}, {"output_dim", 8}, {"mask_zero", maskZero}};
}

const nlohmann::json kDropout = {{"type", "dropout"}, {"rate", 0.3}};

/// A float32 or int64 .npy file as NumPy writes one (format 1.0), for the Python side.
void writeNpy(const QString& path, const torch::Tensor& tensor)
{
    const torch::Tensor data = tensor.contiguous();
    const bool ints = data.scalar_type() == torch::kLong;
    std::string shape = "(";
    for (std::int64_t size : data.sizes())
        shape += std::to_string(size) + ", ";
    shape += ")";
    std::string header = std::string("{'descr': '") + (ints ? "<i8" : "<f4") +
                         "', 'fortran_order': False, 'shape': " + shape + ", }";
    constexpr std::size_t kPreamble = 10;  // magic (6), version (2), header length (2)
    constexpr std::size_t kAlignment = 64;
    while ((kPreamble + header.size() + 1) % kAlignment != 0)
        header += ' ';
    header += '\n';
    std::ofstream file(path.toStdString(), std::ios::binary);
    file.write("\x93NUMPY\x01\x00", 8);
    const auto length = static_cast<std::uint16_t>(header.size());
    const char lengthBytes[2] = {static_cast<char>(length & 0xff), static_cast<char>(length >> 8)};
    file.write(lengthBytes, 2);
    file.write(header.data(), static_cast<std::streamsize>(header.size()));
    file.write(static_cast<const char*>(data.data_ptr()),
               static_cast<std::streamsize>(data.numel() * data.element_size()));
}

torch::Tensor readNpy(const QString& path)
{
    es::HostArray array = es::loadNpyFile(path.toStdString(), es::ElementKind::Float32);
    return torch::from_blob(array.floats.data(), array.shape, torch::kFloat).clone();
}

/// The two batches the model is run on. Token ids hold the padding id 0 the ways mask_zero
/// meets it: the first batch on the right only (and none), which the fused kernels run; the
/// second on the left (Keras' pre-padding), inside, and everywhere, which puts the batch on
/// the step loop.
std::vector<torch::Tensor> inputBatches(const es::RunConfig& config,
                                        const std::vector<std::int64_t>& sample)
{
    torch::manual_seed(kInputSeed);
    std::vector<torch::Tensor> batches;
    for (int batch = 0; batch < 2; ++batch) {
        if (sample.size() == 2) {
            batches.push_back(torch::randn({kBatchSamples, sample[0], sample[1]}));
            continue;
        }
        const std::int64_t steps = sample[0];
        const std::int64_t vocabulary = config.model.layers.front().inputDim;
        torch::Tensor tokens = torch::randint(1, vocabulary, {kBatchSamples, steps}, torch::kLong);
        if (batch == 0) {
            tokens[0].narrow(0, steps - 3, 3).zero_();
            tokens[1].narrow(0, steps - 1, 1).zero_();
        } else {
            tokens[0].narrow(0, 0, 4).zero_();
            tokens[1][2] = 0;
            tokens[1][steps - 3] = 0;
            tokens[2].zero_();
        }
        batches.push_back(tokens);
    }
    return batches;
}

/// Every parameter of `model` drawn at random (the seed fixed per row).
void randomizeWeights(es::SequentialModel& model, std::uint64_t seed)
{
    torch::NoGradGuard noGrad;
    torch::manual_seed(seed);
    for (torch::Tensor& parameter : model->parameters())
        parameter.uniform_(-kWeightRange, kWeightRange);
}

es::SequentialModel buildModel(const es::RunConfig& config, const std::vector<std::int64_t>& sample)
{
    // The backend and kernels a run of the config trains and evaluates on.
    const es::Backend backend =
        es::resolveBackend(config, es::DeviceType::Cpu, es::oneDnnBuilt()).backend;
    const std::int64_t features = sample.size() == 2 ? sample[1] : 1;
    return es::SequentialModel(config.model, features, backend, es::DeviceType::Cpu);
}

/// EpochScope's predictions: each batch through the model in inference mode, concatenated.
torch::Tensor enginePredictions(es::SequentialModel& model,
                                const std::vector<torch::Tensor>& batches)
{
    torch::NoGradGuard noGrad;
    model->eval();
    std::vector<torch::Tensor> outputs;
    for (const torch::Tensor& batch : batches)
        outputs.push_back(model->forward(batch));
    return torch::cat(outputs, 0);
}

/// Runs pytorchexportcheck.py on the export in `directory` with `inputs`; returns its
/// predictions, or an undefined tensor with `failure` saying why.
torch::Tensor pythonPredictions(const QString& directory, const torch::Tensor& inputs,
                                const QString& work, QString& failure)
{
    if (!QFileInfo::exists(kPython)) {
        failure = "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh";
        return {};
    }
    const QString xPath = QDir(work).filePath("x.npy");
    const QString yPath = QDir(work).filePath("y.npy");
    writeNpy(xPath, inputs);
    QProcess python;
    python.start(kPython,
                 {es::test::pathFromCtest("EPOCHSCOPE_EXPORT_CHECK"), directory, xPath, yPath});
    if (!python.waitForFinished(kPythonTimeoutMs)) {
        python.kill();
        python.waitForFinished();
        failure = "pytorchexportcheck.py did not finish";
        return {};
    }
    const QString errors = QString::fromUtf8(python.readAllStandardError());
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0) {
        failure = errors.contains("No module named")
                      ? "PyTorch or NumPy is missing for /usr/bin/python3 (python3-torch, "
                        "python3-numpy): run scripts/bootstrap-debian.sh\n" +
                            errors
                      : "PyTorch could not run the export:\n" + errors;
        return {};
    }
    return readNpy(yPath);
}

/// Exports `checkpoint` of `configArguments` into `directory`, runs it in Python on
/// `batches` and compares with `expected`; an empty string when they agree.
QString exportAndCompare(const QStringList& configArguments, const QString& checkpoint,
                         const QString& work, const std::vector<torch::Tensor>& batches,
                         const torch::Tensor& expected, QString* modelSource = nullptr)
{
    const QString out = QDir(work).filePath("export");
    const CliRun run = runCli(
        QStringList{"export", "--checkpoint", checkpoint, "--format", "pytorch", "--out", out} +
        configArguments);
    if (run.exitCode != kExitFinished)
        return "export failed: " + describe(run);
    for (const char* file : {"model.py", "weights.pt", "README.txt"})
        if (!QFileInfo::exists(QDir(out).filePath(file)))
            return QString("export wrote no %1: ").arg(file) + describe(run);
    if (modelSource != nullptr) {
        QFile source(QDir(out).filePath("model.py"));
        if (!source.open(QIODevice::ReadOnly))
            return "cannot read model.py";
        *modelSource = QString::fromUtf8(source.readAll());
    }
    QString failure;
    const torch::Tensor predicted = pythonPredictions(out, torch::cat(batches, 0), work, failure);
    if (!predicted.defined())
        return failure;
    if (predicted.sizes() != expected.sizes())
        return QString("PyTorch's output has shape %1, EpochScope's %2")
            .arg(QString::fromStdString(c10::str(predicted.sizes())),
                 QString::fromStdString(c10::str(expected.sizes())));
    const double difference = (predicted - expected).abs().max().item<double>();
    qInfo("max |PyTorch - EpochScope| = %.3g over %lld outputs", difference,
          static_cast<long long>(expected.numel()));
    if (!(difference <= kTolerance))
        return QString("PyTorch's predictions differ from EpochScope's by up to %1 (> %2)")
            .arg(difference)
            .arg(kTolerance);
    return {};
}

/// Writes `config` (JSON) to `dir/config.json` and returns --config's arguments.
QStringList configArguments(const QString& dir, const nlohmann::json& config)
{
    const QString path = QDir(dir).filePath("config.json");
    writeJson(path, config);
    return {"--config", path};
}

/// A checkpoint as model_checkpoint writes one (weights only), of `model`.
QString writeCheckpoint(es::SequentialModel& model, const QString& path)
{
    torch::serialize::OutputArchive archive = es::modelArchive(*model, nullptr);
    es::writeArchiveAtomically(archive, path.toStdString());
    return path;
}

/// The names in `dir` that an export may have left behind: temporary directories and files.
QStringList leftoversIn(const QString& dir)
{
    return QDir(dir).entryList({"*.tmp"}, QDir::AllEntries | QDir::Hidden | QDir::System);
}

/// The small model the refusals export: LSTM(8) > Dense(1) on 7 steps of 5 features.
nlohmann::json smallConfig(int units = 8)
{
    return featuresConfig({recurrent("lstm", units), dense(1, "linear")});
}

}  // namespace

class TestPyTorchExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesEngine_data();
    void matchesEngine();
    void trainedCheckpoints();
    void refusals_data();
    void refusals();
    void forceReplaces();
    void failedWriteLeavesNothing();
    void abandonedExportRemoved();
};

void TestPyTorchExport::matchesEngine_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QByteArray>("config");
    // Whether model.py needs its step-by-step class: only for what nn.LSTM and nn.GRU cannot
    // compute, so that the common models read as plain PyTorch.
    QTest::addColumn<bool>("stepLoop");

    for (const es::PresetInfo& preset : es::builtinPresets()) {
        // mask_zero's mask (text-sentiment-demo, batched by length) is what nn.LSTM lacks.
        const bool masked = es::loadPreset(preset.name).model.layers.front().maskZero;
        QTest::newRow(("preset " + preset.name).c_str())
            << QString::fromStdString(preset.name) << QByteArray() << masked;
    }

    const auto row = [](const char* name, const nlohmann::json& config, bool stepLoop) {
        QTest::newRow(name) << QString() << QByteArray::fromStdString(config.dump()) << stepLoop;
    };
    row("embedding, two stacked LSTMs, dropout, sigmoid dense",
        tokensConfig({embedding(false), recurrent("lstm", 12, {{"return_sequences", true}}),
                      recurrent("lstm", 10), kDropout, dense(1, "sigmoid")}),
        false);
    row("stacked GRUs",
        featuresConfig({recurrent("gru", 9, {{"return_sequences", true}}), recurrent("gru", 6),
                        dense(1, "linear")}),
        false);
    row("GRU reset_after false, use_bias false",
        featuresConfig(
            {recurrent("gru", 9,
                       {{"return_sequences", true}, {"reset_after", false}, {"use_bias", false}}),
             recurrent("gru", 6, {{"reset_after", false}}), dense(1, "linear")}),
        true);
    row("bidirectional LSTM concat with sequences, bidirectional GRU sum",
        featuresConfig({bidirectional("concat", recurrent("lstm", 8, {{"return_sequences", true}})),
                        bidirectional("sum", recurrent("gru", 5)), dense(1, "linear")}),
        false);
    row("bidirectional mul and ave, go_backwards",
        featuresConfig(
            {bidirectional(
                 "mul", recurrent("lstm", 6, {{"return_sequences", true}, {"go_backwards", true}})),
             bidirectional("ave", recurrent("gru", 4, {{"go_backwards", true}})),
             dense(1, "linear")}),
        false);
    row("bidirectional ave with sequences, mul last",
        featuresConfig({bidirectional("ave", recurrent("gru", 6, {{"return_sequences", true}})),
                        bidirectional("mul", recurrent("lstm", 4)), dense(1, "linear")}),
        false);
    row("go_backwards LSTMs",
        featuresConfig({recurrent("lstm", 7, {{"return_sequences", true}, {"go_backwards", true}}),
                        recurrent("lstm", 5, {{"go_backwards", true}}), dense(1, "linear")}),
        false);
    row("use_bias false everywhere",
        featuresConfig({recurrent("lstm", 8, {{"return_sequences", true}, {"use_bias", false}}),
                        bidirectional("concat", recurrent("gru", 4, {{"use_bias", false}})),
                        dense(1, "linear", {{"use_bias", false}})}),
        false);
    row("cell activations relu, linear, hard sigmoids; dense on every step",
        featuresConfig(
            {recurrent("lstm", 8,
                       {{"return_sequences", true},
                        {"activation", "relu"},
                        {"recurrent_activation", "hard_sigmoid"}}),
             dense(6, "tanh"),
             recurrent("gru", 5,
                       {{"activation", "linear"}, {"recurrent_activation", "hard_sigmoid_keras2"}}),
             dense(1, "hard_sigmoid")}),
        true);
    row("softmax over classes",
        featuresConfig({recurrent("lstm", 8), dense(6, "relu"), dense(3, "softmax")},
                       "sparse_categorical_crossentropy", 3),
        false);
    row("mask_zero, fused LSTM and backwards GRU",
        tokensConfig({embedding(true), recurrent("lstm", 10, {{"return_sequences", true}}),
                      kDropout, recurrent("gru", 6, {{"go_backwards", true}}),
                      dense(1, "sigmoid")}),
        true);
    row("mask_zero, bidirectional with sequences and last",
        tokensConfig({embedding(true),
                      bidirectional("concat", recurrent("gru", 5, {{"return_sequences", true}})),
                      bidirectional("ave", recurrent("lstm", 4)), dense(1, "sigmoid")}),
        true);
    row("mask_zero through a dense layer",
        tokensConfig({embedding(true), recurrent("lstm", 6, {{"return_sequences", true}}),
                      dense(4, "tanh"), recurrent("lstm", 3), dense(1, "sigmoid")}),
        true);
    nlohmann::json libtorch = featuresConfig({recurrent("lstm", 8, {{"return_sequences", true}}),
                                              recurrent("gru", 5), dense(1, "linear")});
    libtorch["backend"] = "libtorch";
    row("backend libtorch", libtorch, false);
}

void TestPyTorchExport::matchesEngine()
{
    QFETCH(QString, preset);
    QFETCH(QByteArray, config);
    QFETCH(bool, stepLoop);
    QTemporaryDir work;
    QVERIFY(work.isValid());

    const es::RunConfig runConfig = preset.isEmpty() ? es::parseRunConfigText(config.toStdString())
                                                     : es::loadPreset(preset.toStdString());
    const QStringList arguments =
        preset.isEmpty() ? configArguments(work.path(), nlohmann::json::parse(config.toStdString()))
                         : QStringList{"--preset", preset};
    const std::vector<std::int64_t> sample = *es::declaredInputShape(runConfig);
    es::SequentialModel model = buildModel(runConfig, sample);
    randomizeWeights(model, qHash(QString(QTest::currentDataTag())));
    const QString checkpoint = writeCheckpoint(model, work.filePath("model.pt"));

    const std::vector<torch::Tensor> batches = inputBatches(runConfig, sample);
    const torch::Tensor expected = enginePredictions(model, batches);
    QString source;
    const QString failure =
        exportAndCompare(arguments, checkpoint, work.path(), batches, expected, &source);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QCOMPARE(source.contains("class KerasRecurrent"), stepLoop);
}

void TestPyTorchExport::trainedCheckpoints()
{
    // The model trained for a few steps, its model_checkpoint file (weights and
    // optimizer state) and its backup kept.
    QTemporaryDir work;
    QVERIFY(work.isValid());
    nlohmann::json config =
        tokensConfig({embedding(false), recurrent("lstm", 12, {{"return_sequences", true}}),
                      recurrent("lstm", 10), kDropout, dense(1, "sigmoid")});
    config["training"]["steps_per_epoch"] = 3;
    config["callbacks"] = {
        {{"type", "model_checkpoint"},
         {"filepath", QDir(work.path()).filePath("ckpt/model-{epoch}.pt").toStdString()}},
        {{"type", "backup_and_restore"},
         {"backup_dir", QDir(work.path()).filePath("backup").toStdString()},
         {"delete_checkpoint", false}}};
    const QStringList arguments = configArguments(work.path(), config);
    const CliRun trained = runCli(QStringList{"train", "--no-record"} + arguments, kTrainTimeoutMs);
    QVERIFY2(trained.exitCode == kExitFinished, qPrintable(describe(trained)));

    const es::RunConfig runConfig = es::parseRunConfig(config);
    const std::vector<std::int64_t> sample = *es::declaredInputShape(runConfig);
    const std::vector<torch::Tensor> batches = inputBatches(runConfig, sample);
    for (const QString& file :
         {work.filePath("ckpt/model-1.pt"), work.filePath("backup/epochscope-backup.pt")}) {
        // EpochScope's predictions from the file, read by the engine as evaluate reads it.
        es::SequentialModel model = buildModel(runConfig, sample);
        torch::serialize::InputArchive archive;
        es::loadArchiveChecked(archive, file.toStdString(), es::archiveByteBudget(*model, 1 << 20));
        es::loadWeightsChecked(*model, archive);
        const torch::Tensor expected = enginePredictions(model, batches);
        QDir(work.filePath("export")).removeRecursively();
        const QString failure = exportAndCompare(arguments, file, work.path(), batches, expected);
        QVERIFY2(failure.isEmpty(), qPrintable(file + ": " + failure));
    }
}

void TestPyTorchExport::refusals_data()
{
    QTest::addColumn<QString>("variant");
    // %1 stands for the checkpoint's path, %2 for the output directory's.
    QTest::addColumn<QString>("message");
    QTest::newRow("checkpoint of another layer size")
        << "other units"
        << "--checkpoint: %1 does not fit the config's model: lstm_1.weight_ih_l0: [64, 5] in "
           "the file, [32, 5] in the model";
    QTest::newRow("truncated checkpoint")
        << "truncated"
        << "--checkpoint: %1: not a LibTorch archive EpochScope can read";
    QTest::newRow("not a checkpoint") << "text"
                                      << "--checkpoint: %1: not a LibTorch archive";
    QTest::newRow("missing checkpoint") << "missing"
                                        << "--checkpoint: %1: no such file";
    QTest::newRow("out directory not empty") << "not empty"
                                             << "--out: %2: is a directory that is not empty";
    QTest::newRow("out is a file") << "file"
                                   << "--out: %2: exists and is not a directory";
    QTest::newRow("unknown format") << "onnx"
                                    << "--format: \"onnx\" is not a format";
    QTest::newRow("neither config nor preset") << "no config"
                                               << "export needs --config FILE or --preset NAME";
}

void TestPyTorchExport::refusals()
{
    QFETCH(QString, variant);
    QFETCH(QString, message);
    QTemporaryDir work;
    QVERIFY(work.isValid());
    const nlohmann::json config = smallConfig();
    const std::vector<std::int64_t> sample = {7, 5};
    // The checkpoint: of the config's model, or of one with twice the units.
    es::SequentialModel model =
        buildModel(es::parseRunConfig(variant == "other units" ? smallConfig(16) : config), sample);
    QString checkpoint = writeCheckpoint(model, work.filePath("model.pt"));
    if (variant == "truncated") {
        QFile file(checkpoint);
        QVERIFY(file.resize(file.size() / 2));
    } else if (variant == "text") {
        QFile file(checkpoint);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{\"not\": \"a checkpoint\"}\n");
    } else if (variant == "missing") {
        checkpoint = work.filePath("nowhere.pt");
    }
    const QString out = work.filePath("export");
    if (variant == "not empty") {
        QVERIFY(QDir().mkpath(out));
        QFile keep(QDir(out).filePath("keep.txt"));
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.write("mine\n");
    } else if (variant == "file") {
        QFile file(out);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("mine\n");
    }
    QStringList arguments = {"export",
                             "--checkpoint",
                             checkpoint,
                             "--format",
                             variant == "onnx" ? "onnx" : "pytorch",
                             "--out",
                             out};
    if (variant != "no config")
        arguments += configArguments(work.path(), config);
    const QStringList before = QDir(work.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);

    const CliRun run = runCli(arguments);
    QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
    const QString expected = QString(message).replace("%1", checkpoint).replace("%2", out);
    QVERIFY2(run.err.contains(expected), qPrintable(describe(run)));

    // Nothing written, nothing left: the directory as it was, no temporary beside it.
    QCOMPARE(QDir(work.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
    QCOMPARE(leftoversIn(work.path()), QStringList());
    if (variant == "not empty")
        QCOMPARE(QDir(out).entryList(QDir::Files), QStringList{"keep.txt"});
}

void TestPyTorchExport::forceReplaces()
{
    QTemporaryDir work;
    QVERIFY(work.isValid());
    const QStringList arguments = configArguments(work.path(), smallConfig());
    es::SequentialModel model = buildModel(es::parseRunConfig(smallConfig()), {7, 5});
    const QString checkpoint = writeCheckpoint(model, work.filePath("model.pt"));
    const QString out = work.filePath("export");
    QVERIFY(QDir().mkpath(QDir(out).filePath("old/inner")));
    QFile keep(QDir(out).filePath("model.py"));
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.write("an older export\n");
    keep.close();

    const CliRun run = runCli(QStringList{"export", "--checkpoint", checkpoint, "--format",
                                          "pytorch", "--out", out, "--force"} +
                              arguments);
    QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
    // By name, capitals first.
    QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::NoDotAndDotDot, QDir::Name),
             (QStringList{"README.txt", "model.py", "weights.pt"}));
    QVERIFY(keep.open(QIODevice::ReadOnly));
    QVERIFY(keep.readAll().contains("class Model(nn.Module)"));
    QCOMPARE(leftoversIn(work.path()), QStringList());
}

void TestPyTorchExport::failedWriteLeavesNothing()
{
    // weights.pt of an LSTM(64) is about 80 kB: a 16 kB file-size limit lets model.py through
    // and stops weights.pt part-way (EFBIG).
    constexpr rlim_t kFileSizeLimit = 16384;
    QTemporaryDir work;
    QVERIFY(work.isValid());
    const nlohmann::json config = smallConfig(64);
    const QStringList arguments = configArguments(work.path(), config);
    es::SequentialModel model = buildModel(es::parseRunConfig(config), {7, 5});
    const QString checkpoint = writeCheckpoint(model, work.filePath("model.pt"));
    const QString out = work.filePath("export");

    const CliRun run = runCli(
        QStringList{"export", "--checkpoint", checkpoint, "--format", "pytorch", "--out", out} +
            arguments,
        kQuickTimeoutMs, [] {
            const rlimit limit{kFileSizeLimit, kFileSizeLimit};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
    QVERIFY2(run.exitCode == kExitRunFailed, qPrintable(describe(run)));
    QVERIFY2(run.err.contains("weights.pt"), qPrintable(describe(run)));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(leftoversIn(work.path()), QStringList());
}

void TestPyTorchExport::abandonedExportRemoved()
{
    // An exporter killed half-way leaves its temporary directory, named with its pid; the next
    // export beside it removes it once that process is gone.
    QTemporaryDir work;
    QVERIFY(work.isValid());
    QProcess ended;
    ended.start("/bin/true", QStringList{});
    QVERIFY(ended.waitForStarted());
    const qint64 deadPid = ended.processId();
    QVERIFY(ended.waitForFinished());
    const QString out = work.filePath("export");
    const QString abandoned = QString("%1.%2-0badf00d.tmp").arg(out).arg(deadPid);
    QVERIFY(QDir().mkpath(QDir(abandoned).filePath("inner")));
    const QString live =
        QString("%1.%2-0badf00d.tmp").arg(out).arg(QCoreApplication::applicationPid());
    QVERIFY(QDir().mkpath(live));

    const QStringList arguments = configArguments(work.path(), smallConfig());
    es::SequentialModel model = buildModel(es::parseRunConfig(smallConfig()), {7, 5});
    const QString checkpoint = writeCheckpoint(model, work.filePath("model.pt"));
    const CliRun run = runCli(
        QStringList{"export", "--checkpoint", checkpoint, "--format", "pytorch", "--out", out} +
        arguments);
    QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
    QVERIFY(!QFileInfo::exists(abandoned));
    // A live process's is its own business.
    QVERIFY(QFileInfo::exists(live));
}

EPOCHSCOPE_TEST_GUILESS_MAIN(TestPyTorchExport)
#include "tst_pytorchexport.moc"
