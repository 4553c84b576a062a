// `keras import` (engine/keras/kerasimport.h): Keras models' JSON as each Keras version writes it
// (tests/data/keras/, written by hand from Keras' sources: tests/data/keras/README.md), .keras
// archives built here with Python's zipfile as Keras' saving_lib writes them, and the hostile
// and unsupported inputs the import must refuse with the layer, its class and the option.
#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/language.h"
#include "engine/keras/kerasimport.h"
#include "engine/keras/kerasoptions.h"
#include "engine/keras/kerasversion.h"
#include "tests/support/numpyscript.h"
#include "tests/support/testpaths.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace es;
using Json = nlohmann::json;

namespace {

// Archives as keras/src/saving/saving_lib.py writes them (zipfile, stored: metadata.json,
// config.json, model.weights.h5), and hostile variants with their headers patched.
const char* const kArchiveWriter = R"PY(
import json, os, struct, sys, zipfile
out, config_path = sys.argv[1], sys.argv[2]
config = open(config_path, 'rb').read()
metadata = json.dumps({"keras_version": "3.5.0", "date_saved": "2024-09-02@10:14:03"}).encode()
# The first bytes of an HDF5 file: the import must never need more of the weights than the name.
weights = b'\x89HDF\r\n\x1a\n' + bytes(4096)

def write(name, members, method=zipfile.ZIP_STORED):
    with zipfile.ZipFile(os.path.join(out, name), 'w', method) as z:
        for member, data in members:
            z.writestr(member, data)

write('with_weights.keras', [('metadata.json', metadata), ('config.json', config),
                             ('model.weights.h5', weights), ('assets/', b'')])
write('deflated.keras', [('metadata.json', metadata), ('config.json', config)], zipfile.ZIP_DEFLATED)
write('no_metadata.keras', [('config.json', config)])
write('no_config.keras', [('metadata.json', metadata), ('model.weights.h5', weights)])
write('empty.keras', [])
# 17 MiB of hex digits deflate to about half: far within deflate's ratio, past what any model's
# config.json can be.
write('huge_config.keras', [('config.json', os.urandom(9 * 1024 * 1024).hex()[:17 * 1024 * 1024])],
      zipfile.ZIP_DEFLATED)

good = open(os.path.join(out, 'no_metadata.keras'), 'rb').read()
open(os.path.join(out, 'truncated.keras'), 'wb').write(good[:len(good) // 2])
# A byte of config.json changed after zipfile wrote its CRC.
at = good.index(b'"Sequential"')
open(os.path.join(out, 'corrupt_crc.keras'), 'wb').write(good[:at] + b'"Sequentiax"' + good[at + 12:])

def patched(data, local_offset, central_offset, value, fmt):
    data = bytearray(data)
    for header, field in ((b'PK\x03\x04', local_offset), (b'PK\x01\x02', central_offset)):
        at = data.index(header)
        struct.pack_into(fmt, data, at + field, value)
    return bytes(data)

# Uncompressed size of the stored config.json claimed as 2 GiB - 1 in both headers.
open(os.path.join(out, 'huge_declared.keras'), 'wb').write(patched(good, 22, 24, 0x7FFFFFFF, '<I'))
# Bit 0 of the general purpose flags: "encrypted".
flags = struct.unpack_from('<H', good, 6)[0]
open(os.path.join(out, 'encrypted.keras'), 'wb').write(patched(good, 6, 8, flags | 1, '<H'))
deflated = open(os.path.join(out, 'deflated.keras'), 'rb').read()
# The deflated config.json (the second member) claims 15 MiB: below the size limit, far more
# than its deflated bytes can expand to.
data = bytearray(deflated)
local = data.index(b'PK\x03\x04', data.index(b'PK\x03\x04') + 4)
struct.pack_into('<I', data, local + 22, 15 * 1024 * 1024)
central = data.index(b'PK\x01\x02', data.index(b'PK\x01\x02') + 4)
struct.pack_into('<I', data, central + 24, 15 * 1024 * 1024)
open(os.path.join(out, 'deflate_bomb.keras'), 'wb').write(bytes(data))
)PY";

QString fixturePath(const QString& name)
{
    return test::testDataPath("keras/" + name);
}

std::string fileBytes(const QString& path)
{
    std::ifstream file(path.toStdString(), std::ios::binary);
    std::ostringstream bytes;
    bytes << file.rdbuf();
    return bytes.str();
}

Json fixture(const QString& name)
{
    return Json::parse(fileBytes(fixturePath(name)));
}

/// Whether every member of `expected` is in `actual` with the same value (objects compared
/// member by member and arrays of the same length element by element, recursively; other
/// values whole).
bool containsSubset(const Json& actual, const Json& expected, std::string& where)
{
    if (expected.is_array() && actual.is_array() && expected.size() == actual.size()) {
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const std::string element = "[" + std::to_string(i) + "]";
            where += element;
            if (!containsSubset(actual[i], expected[i], where))
                return false;
            where.erase(where.size() - element.size());
        }
        return true;
    }
    if (!expected.is_object()) {
        if (actual == expected)
            return true;
        where += " is " + actual.dump() + ", expected " + expected.dump();
        return false;
    }
    for (const auto& [key, value] : expected.items()) {
        if (!actual.is_object() || !actual.contains(key)) {
            where += "." + key + " is missing";
            return false;
        }
        where += "." + key;
        if (!containsSubset(actual[key], value, where))
            return false;
        where.erase(where.size() - key.size() - 1);
    }
    return true;
}

/// The import's ConfigError as text, or "" when it imported.
QString refusal(const std::string& bytes, const char* origin = "model.json")
{
    try {
        importKerasModel(bytes, origin);
    } catch (const ConfigError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

QString notesText(const KerasImport& imported)
{
    QStringList notes;
    for (const std::string& note : imported.notes)
        notes << QString::fromStdString(note);
    return notes.join('\n');
}

}  // namespace

class TestKerasImport : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_archives;

    QString archive(const char* name) const { return m_archives.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_archives.isValid());
        const QString error = test::runNumPyScript(
            kArchiveWriter, {m_archives.path(), fixturePath("keras35_lstm_sentiment_config.json")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // Each format of model.to_json(): the layers, their options, the shape, the data chosen
    // and the compile config, as a subset of the run config the import writes.
    void formats_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QStringList>("notes");

        QTest::newRow("keras 2.2.0 list form: LSTM sentiment, hard_sigmoid is Keras 2's")
            << "keras220_list_lstm_sentiment.json"
            << "Keras 2.2.0"
            << R"({"name": "keras220_list_lstm_sentiment",
                   "model": {"input_shape": [80], "layers": [
                     {"type": "embedding", "input_dim": 20000, "output_dim": 128,
                      "mask_zero": false, "embeddings_initializer": "random_uniform"},
                     {"type": "lstm", "units": 128, "dropout": 0.2, "recurrent_dropout": 0.2,
                      "recurrent_activation": "hard_sigmoid_keras2", "activation": "tanh",
                      "kernel_initializer": "glorot_uniform", "return_sequences": false},
                     {"type": "dense", "units": 1, "activation": "sigmoid"}]},
                   "data": {"source": {"type": "synthetic_tokens", "timesteps": 80,
                                       "vocab_size": 20000, "samples": 2048},
                            "validation_split": 0.2, "batch_size": 32},
                   "training": {"epochs": 1, "loss": "binary_crossentropy", "metrics": [],
                                "optimizer": {"type": "adam", "learning_rate": 0.001}}})"
            << QStringList{"the model was not compiled", "recurrent_activation",
                           "recurrent_dropout 0.2"};
        QTest::newRow("keras 2.2.4 dict form: stacked LSTM regression, float32 l2 read as 1e-5")
            << "keras224_stacked_lstm_regression.json"
            << "Keras 2.2.4"
            << R"({"model": {"input_shape": [64, 8], "layers": [
                     {"type": "lstm", "units": 80, "return_sequences": true, "kernel_l2": 1e-05,
                      "recurrent_l2": 1e-05, "recurrent_initializer": "orthogonal"},
                     {"type": "lstm", "units": 80, "return_sequences": false,
                      "kernel_l2": 1e-05},
                     {"type": "dense", "units": 1, "activation": "linear"}]},
                   "data": {"source": {"type": "synthetic_regression", "timesteps": 64,
                                       "features": 8}},
                   "training": {"loss": "mse"}})"
            << QStringList{"synthetic_regression, 2048 samples of 64 time steps x 8 features"};
        QTest::newRow("tf.keras 2.12: InputLayer, a 5-class softmax on 5 synthetic classes")
            << "keras212_lstm_classifier.json"
            << "Keras 2.12.0"
            << R"({"model": {"input_shape": [30, 6], "layers": [
                     {"type": "lstm", "units": 32, "recurrent_activation": "sigmoid",
                      "kernel_initializer": "glorot_uniform"},
                     {"type": "dense", "units": 5, "activation": "softmax"}]},
                   "data": {"source": {"type": "synthetic_regression", "features": 6,
                                       "classes": 5}},
                   "training": {"loss": "sparse_categorical_crossentropy"}})"
            << QStringList{"each labelled with one of 5 classes",
                           "\"sparse_categorical_crossentropy\" was chosen"};
        QTest::newRow("keras 3.5: bidirectional GRU, its auto backward_layer, compile_config")
            << "keras35_bidirectional_gru.json"
            << "Keras 3 (version not recorded)"
            << R"({"model": {"input_shape": [100], "layers": [
                     {"type": "embedding", "input_dim": 10000, "output_dim": 64},
                     {"type": "bidirectional", "merge_mode": "concat",
                      "layer": {"type": "gru", "units": 32, "reset_after": true,
                                "recurrent_activation": "sigmoid", "go_backwards": false,
                                "recurrent_initializer": "orthogonal"}},
                     {"type": "dropout", "rate": 0.3},
                     {"type": "dense", "units": 1, "activation": "sigmoid"}]},
                   "data": {"source": {"type": "synthetic_tokens", "timesteps": 100,
                                       "vocab_size": 10000}},
                   "training": {"loss": "binary_crossentropy", "metrics": ["accuracy"],
                                "optimizer": {"type": "adam", "learning_rate": 0.001,
                                              "beta_1": 0.9, "beta_2": 0.999,
                                              "epsilon": 1e-07}}})"
            << QStringList{"data: synthetic_tokens"};
        QTest::newRow("keras 3.5: LSTM sentiment with mask_zero, optimizer given as \"adam\"")
            << "keras35_lstm_sentiment_config.json"
            << "Keras 3 (version not recorded)"
            << R"({"model": {"input_shape": [200], "layers": [
                     {"type": "embedding", "input_dim": 20000, "output_dim": 128,
                      "mask_zero": true},
                     {"type": "lstm", "units": 64, "dropout": 0.2, "unit_forget_bias": true},
                     {"type": "dense", "units": 1, "activation": "sigmoid"}]},
                   "training": {"loss": "binary_crossentropy", "metrics": ["accuracy"],
                                "optimizer": {"type": "adam", "learning_rate": 0.001}}})"
            << QStringList{};
    }

    void formats()
    {
        QFETCH(QString, file);
        QFETCH(QString, version);
        QFETCH(QString, expected);
        QFETCH(QStringList, notes);
        KerasImport imported;
        try {
            imported = importKerasModelFile(fixturePath(file).toStdString());
        } catch (const ConfigError& error) {
            QFAIL(error.what());
        }
        QCOMPARE(QString::fromStdString(imported.kerasVersion), version);
        const Json written = toJson(imported.config);
        std::string where = "config";
        QVERIFY2(containsSubset(written, Json::parse(expected.toStdString()), where),
                 where.c_str());
        // What the header promises: a config the engine accepts as it is.
        QVERIFY(parseRunConfig(written) == imported.config);
        const QString text = notesText(imported);
        for (const QString& note : notes)
            QVERIFY2(text.contains(note), qPrintable(note + " not in:\n" + text));
        // The same bytes through importKerasModel give the same config.
        const KerasImport fromBytes =
            importKerasModel(fileBytes(fixturePath(file)), fixturePath(file).toStdString());
        QVERIFY(fromBytes.config == imported.config);
    }

    // Defaults that differ between Keras versions, for the keys a config leaves out.
    void versionDefaults_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("resetAfter");           // "" when refused
        QTest::addColumn<QString>("recurrentActivation");  // "" when refused

        QTest::newRow("2.1.4: reset_after false, hard_sigmoid (Keras 2's)")
            << "2.1.4"
            << "false"
            << "hard_sigmoid_keras2";
        QTest::newRow("2.3.1: reset_after false, sigmoid") << "2.3.1"
                                                           << "false"
                                                           << "sigmoid";
        QTest::newRow("2.4.0 (tf.keras): reset_after true, sigmoid") << "2.4.0"
                                                                     << "true"
                                                                     << "sigmoid";
        QTest::newRow("2.12.0: reset_after true, sigmoid") << "2.12.0"
                                                           << "true"
                                                           << "sigmoid";
        QTest::newRow("3.0.0: reset_after true, sigmoid") << "3.0.0"
                                                          << "true"
                                                          << "sigmoid";
        QTest::newRow("2.2.4-tf: the default followed TensorFlow's mode, refused") << "2.2.4-tf"
                                                                                   << ""
                                                                                   << "";
    }

    void versionDefaults()
    {
        QFETCH(QString, version);
        QFETCH(QString, resetAfter);
        QFETCH(QString, recurrentActivation);
        // A GRU whose config leaves both keys out, as Keras before 2.1.5 wrote it (and a
        // hand-written config may).
        Json model = fixture("keras224_stacked_lstm_regression.json");
        Json& gru = model["config"]["layers"][1];
        gru["class_name"] = "GRU";
        gru["config"].erase("unit_forget_bias");
        gru["config"].erase("recurrent_activation");
        model["keras_version"] = version.toStdString();
        const QString refused = refusal(model.dump());
        if (resetAfter.isEmpty()) {
            QVERIFY2(refused.contains("option \"reset_after\" is missing"), qPrintable(refused));
            QVERIFY2(refused.contains("option \"recurrent_activation\" is missing"),
                     qPrintable(refused));
            return;
        }
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        const Json layer =
            toJson(importKerasModel(model.dump(), "m.json").config)["model"]["layers"][1];
        QCOMPARE(QString::fromStdString(layer["reset_after"].dump()), resetAfter);
        QCOMPARE(QString::fromStdString(layer["recurrent_activation"].get<std::string>()),
                 recurrentActivation);
    }

    // "hard_sigmoid" means Keras 2's or Keras 3's function, by the version that wrote it.
    void hardSigmoid_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected");
        QTest::newRow("Keras 2.2.4") << "keras224_stacked_lstm_regression.json"
                                     << "hard_sigmoid_keras2";
        QTest::newRow("Keras 3 (module keys)") << "keras35_lstm_sentiment_config.json"
                                               << "hard_sigmoid";
    }

    void hardSigmoid()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        Json model = fixture(file);
        Json& layers = model["config"]["layers"];
        for (Json& layer : layers) {
            if (layer["class_name"] == "LSTM")
                layer["config"]["recurrent_activation"] = "hard_sigmoid";
        }
        const Json written = toJson(importKerasModel(model.dump(), "m.json").config);
        bool found = false;
        for (const Json& layer : written["model"]["layers"]) {
            if (layer["type"] == "lstm") {
                QCOMPARE(QString::fromStdString(layer["recurrent_activation"].get<std::string>()),
                         expected);
                found = true;
            }
        }
        QVERIFY(found);
    }

    // Keras 2 keeps float32 constants and writes them widened.
    void float32Numbers_data()
    {
        QTest::addColumn<double>("written");
        QTest::addColumn<double>("read");
        QTest::newRow("learning rate 0.001 as float32") << 0.0010000000474974513 << 0.001;
        QTest::newRow("l2 1e-5 as float32") << 9.999999747378752e-06 << 1e-05;
        QTest::newRow("beta_1 0.9 as float32") << 0.8999999761581421 << 0.9;
        QTest::newRow("a double that is no float32 stays") << 0.1 << 0.1;
        QTest::newRow("a dyadic value stays") << 0.5 << 0.5;
    }

    void float32Numbers()
    {
        QFETCH(double, written);
        QFETCH(double, read);
        QCOMPARE(kerasNumber(written), read);
    }

    // Everything the import refuses names the layer, its class and the option.
    void refusals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("patch");  // JSON Patch (RFC 6902) applied to the fixture
        QTest::addColumn<QString>("expected");

        const QString keras2 = "keras224_stacked_lstm_regression.json";
        const QString keras3 = "keras35_bidirectional_gru.json";
        const QString lstm2 = "/config/layers/1/config";
        QTest::newRow("unknown layer type")
            << keras2 << R"([{"op": "add", "path": "/config/layers/1",
                    "value": {"class_name": "Conv1D", "config": {"name": "conv1d_1"}}}])"
            << "conv1d_1 (Conv1D): layer type not supported; supported: InputLayer, Embedding, "
               "LSTM, GRU, Bidirectional, Dropout, Dense";
        QTest::newRow("stateful") << keras2
                                  << QString(R"([{"op": "replace", "path": "%1/stateful",
                                                  "value": true}])")
                                         .arg(lstm2)
                                  << "lstm_2 (LSTM): option \"stateful\" true is not supported";
        QTest::newRow("return_state")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/return_state", "value": true}])")
                   .arg(lstm2)
            << "lstm_2 (LSTM): option \"return_state\" true is not supported";
        QTest::newRow("l1 regularizer")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/kernel_regularizer",
                            "value": {"class_name": "L1L2", "config": {"l1": 0.01, "l2": 0.0}}}])")
                   .arg(lstm2)
            << "lstm_2 (LSTM), option \"kernel_regularizer\" (L1L2): option \"l1\" 0.01 is not "
               "supported";
        QTest::newRow("bias regularizer")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/bias_regularizer",
                            "value": {"class_name": "L1L2", "config": {"l1": 0.0, "l2": 0.01}}}])")
                   .arg(lstm2)
            << "lstm_2 (LSTM): option \"bias_regularizer\" an object is not supported";
        QTest::newRow("constraint") << keras2
                                    << QString(R"([{"op": "replace", "path": "%1/kernel_constraint",
                            "value": {"class_name": "MaxNorm", "config": {"max_value": 2}}}])")
                                           .arg(lstm2)
                                    << "option \"kernel_constraint\" an object is not supported";
        QTest::newRow("initializer with a non-default argument")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/kernel_initializer",
                            "value": {"class_name": "RandomUniform",
                                      "config": {"minval": -0.1, "maxval": 0.05, "seed": null}}}])")
                   .arg(lstm2)
            << "option \"minval\" -0.1 is not supported; EpochScope runs Keras' initializers "
               "with their default arguments (minval -0.05)";
        QTest::newRow("initializer EpochScope does not have")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/kernel_initializer",
                            "value": {"class_name": "Identity", "config": {"gain": 1.0}}}])")
                   .arg(lstm2)
            << "lstm_2 (LSTM): option \"kernel_initializer\" an object is not supported";
        QTest::newRow("activation EpochScope does not have")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/activation", "value": "elu"}])").arg(lstm2)
            << "lstm_2 (LSTM): option \"activation\" \"elu\" is not supported";
        QTest::newRow("trainable false")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/trainable", "value": false}])").arg(lstm2)
            << "lstm_2 (LSTM): option \"trainable\" false is not supported";
        QTest::newRow("mixed precision")
            << keras2
            << QString(R"([{"op": "add", "path": "%1/dtype",
                            "value": {"class_name": "Policy", "config": {"name": "mixed_float16"}}}])")
                   .arg(lstm2)
            << "lstm_2 (LSTM): option \"dtype\" an object is not supported; EpochScope trains in "
               "float32";
        QTest::newRow("an option this importer does not know")
            << keras2
            << QString(R"([{"op": "add", "path": "%1/peephole", "value": true}])").arg(lstm2)
            << "lstm_2 (LSTM): option \"peephole\" true is not known to this importer";
        QTest::newRow("backward_layer unlike the forward layer")
            << keras3 << R"([{"op": "replace",
                    "path": "/config/layers/2/config/backward_layer/config/units", "value": 16}])"
            << "bidirectional (Bidirectional): option \"backward_layer\" is not supported; it "
               "differs from the forward layer in \"units\"";
        QTest::newRow("backward_layer reading forward too")
            << keras3 << R"([{"op": "replace",
                    "path": "/config/layers/2/config/backward_layer/config/go_backwards",
                    "value": false}])"
            << "option \"backward_layer\" is not supported; it differs from the forward layer in "
               "\"go_backwards\"";
        QTest::newRow("merge_mode null")
            << keras3
            << R"([{"op": "replace", "path": "/config/layers/2/config/merge_mode", "value": null}])"
            << "bidirectional (Bidirectional): option \"merge_mode\" null is not supported";
        QTest::newRow("an option of the wrapped layer")
            << keras3
            << R"([{"op": "replace", "path": "/config/layers/2/config/layer/config/stateful",
                    "value": true},
                   {"op": "replace",
                    "path": "/config/layers/2/config/backward_layer/config/stateful",
                    "value": true}])"
            << "forward_gru (GRU) in bidirectional (Bidirectional): option \"stateful\" true is "
               "not supported";
        QTest::newRow("dropout noise_shape")
            << keras3 << R"([{"op": "replace", "path": "/config/layers/3/config/noise_shape",
                    "value": [null, 1]}])"
            << "dropout (Dropout): option \"noise_shape\" an array of 2 values is not supported";
        QTest::newRow("custom registered class")
            << keras3 << R"([{"op": "replace", "path": "/config/layers/4/registered_name",
                    "value": "MyPackage>Dense"}])"
            << "dense (Dense): option \"registered_name\" \"MyPackage>Dense\" is not supported";
        QTest::newRow("an optimizer EpochScope does not have")
            << keras3
            << R"([{"op": "replace", "path": "/compile_config/optimizer", "value": "adagrad"}])"
            << "compile: optimizer \"adagrad\" is not supported; EpochScope has adam, sgd and "
               "rmsprop";
        QTest::newRow("a learning-rate schedule")
            << keras3
            << R"([{"op": "replace", "path": "/compile_config/optimizer/config/learning_rate",
                    "value": {"module": "keras.optimizers.schedules",
                              "class_name": "ExponentialDecay", "config": {}}}])"
            << "compile: optimizer \"Adam\": option \"learning_rate\" an object is not supported";
        QTest::newRow("gradient clipping")
            << keras3 << R"([{"op": "replace", "path": "/compile_config/optimizer/config/clipnorm",
                    "value": 1.0}])"
            << "option \"clipnorm\" 1.0 is not supported; EpochScope does not clip gradients";
        QTest::newRow("a loss from logits")
            << keras3 << R"([{"op": "replace", "path": "/compile_config/loss",
                    "value": {"module": "keras.losses", "class_name": "BinaryCrossentropy",
                              "config": {"name": "binary_crossentropy", "from_logits": true,
                                         "label_smoothing": 0.0, "axis": -1,
                                         "reduction": "sum_over_batch_size"},
                              "registered_name": null}}])"
            << "compile: loss \"BinaryCrossentropy\": option \"from_logits\" true is not "
               "supported";
        QTest::newRow("a loss over another axis (a non-negative integer out of range)")
            << keras3 << R"([{"op": "replace", "path": "/compile_config/loss",
                    "value": {"module": "keras.losses", "class_name": "BinaryCrossentropy",
                              "config": {"name": "binary_crossentropy", "from_logits": false,
                                         "label_smoothing": 0.0, "axis": 0,
                                         "reduction": "sum_over_batch_size"},
                              "registered_name": null}}])"
            << "compile: loss \"BinaryCrossentropy\": option \"axis\": expected an integer from -1 "
               "to -1, got 0";
        QTest::newRow("a loss EpochScope does not have")
            << keras3 << R"([{"op": "replace", "path": "/compile_config/loss", "value": "huber"}])"
            << "compile: loss \"huber\" is not supported";
        QTest::newRow("a vocabulary too small for the token generator")
            << keras3
            << R"([{"op": "replace", "path": "/config/layers/1/config/input_dim", "value": 3}])"
            << "embedding (Embedding): input_dim 3 is below the 4 token ids";
        QTest::newRow("a model that ends without a Dense layer")
            << keras2 << R"([{"op": "remove", "path": "/config/layers/2"}])"
            << "the model ends with lstm_2 (LSTM)";
        QTest::newRow("a model that outputs a sequence")
            << keras2
            << QString(R"([{"op": "replace", "path": "%1/return_sequences", "value": true}])")
                   .arg(lstm2)
            << "lstm_2 (LSTM), imported as model.layers[1].return_sequences: the model outputs a "
               "sequence";
        QTest::newRow("float features of unknown width")
            << keras2
            << R"([{"op": "remove", "path": "/config/layers/0/config/batch_input_shape"}])"
            << "the model does not declare its input shape";
        QTest::newRow("hard_sigmoid without a version to say which")
            << keras2 << R"([{"op": "remove", "path": "/keras_version"},
                   {"op": "remove", "path": "/config/layers/0/config/batch_input_shape"}])"
            << "lstm_1 (LSTM): option \"recurrent_activation\" \"hard_sigmoid\" is not "
               "supported; Keras 2's hard_sigmoid is clip(0.2 x + 0.5, 0, 1)";
        QTest::newRow("a functional model")
            << keras2 << R"([{"op": "replace", "path": "/class_name", "value": "Functional"}])"
            << "only Sequential models can be imported";
        QTest::newRow("a Keras 1 file")
            << keras2 << R"([{"op": "replace", "path": "/keras_version", "value": "1.2.2"}])"
            << "Keras 1 models are not supported";
        QTest::newRow("an InputLayer after the first layer")
            << keras3
            << R"([{"op": "move", "from": "/config/layers/0", "path": "/config/layers/1"}])"
            << "input_layer (InputLayer): an InputLayer must be the model's first layer";
    }

    void refusals()
    {
        QFETCH(QString, file);
        QFETCH(QString, patch);
        QFETCH(QString, expected);
        const Json model = fixture(file).patch(Json::parse(patch.toStdString()));
        const QString refused = refusal(model.dump());
        QVERIFY2(refused.contains(expected), qPrintable("got: " + refused));
        // Every issue starts with the file it is about.
        for (const QString& line : refused.split('\n'))
            QVERIFY2(line.startsWith("model.json"), qPrintable(line));
    }

    // Text that is no model at all: refused with where it went wrong.
    void malformed_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("cut short") << QByteArray(R"({"class_name": "Sequential", "config": {)")
                                   << "model.json@byte 41: line 1, column 41";
        QTest::newRow("a syntax error on line 2")
            << QByteArray("{\"class_name\": \"Sequential\",\n \"config\": [}")
            << ": line 2, column";
        QTest::newRow("nothing") << QByteArray() << "model.json@byte 1";
        QTest::newRow("a duplicate key")
            << QByteArray(R"({"class_name": "Sequential", "class_name": "Sequential"})")
            << "class_name: duplicate key";
        QTest::newRow("an object that is no model")
            << QByteArray(R"({"units": 3})") << "not a Keras model's JSON";
        QTest::newRow("a list of things that are no layers")
            << QByteArray("[1, 2]") << "expected a layer";
        QTest::newRow("no layers")
            << QByteArray(R"({"class_name": "Sequential", "config": {"name": "s", "layers": []}})")
            << "the model has no layers";
        QTest::newRow("a config that is not an object")
            << QByteArray(R"({"class_name": "Sequential", "config": 3})")
            << "not a Keras model's JSON";
        QTest::newRow("units given as text")
            << QByteArray(R"([{"class_name": "Dense", "config": {"name": "d", "units": "8"}}])")
            << "d (Dense): option \"units\": expected an integer from 1 to 65536, got \"8\"";
    }

    void malformed()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const QString refused = refusal(bytes.toStdString());
        QVERIFY2(refused.contains(expected), qPrintable("got: " + refused));
    }

    // .keras archives: config.json read, metadata.json's version used, weights noted.
    void archives_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("weightsNoted");
        QTest::newRow("stored, with weights and assets") << "with_weights.keras"
                                                         << "Keras 3.5.0" << true;
        QTest::newRow("deflated, without weights") << "deflated.keras"
                                                   << "Keras 3.5.0" << false;
        QTest::newRow("without metadata.json: the format says Keras 3")
            << "no_metadata.keras"
            << "Keras 3 (version not recorded)" << false;
    }

    void archives()
    {
        QFETCH(QString, name);
        QFETCH(QString, version);
        QFETCH(bool, weightsNoted);
        const KerasImport fromFile = importKerasModelFile(archive(qPrintable(name)).toStdString());
        QCOMPARE(QString::fromStdString(fromFile.kerasVersion), version);
        QVERIFY(notesText(fromFile).contains(
                    "the archive holds weights (model.weights.h5); importing weights is not "
                    "supported") == weightsNoted);
        // The archive's config is the fixture's: the same run config as importing that JSON,
        // but named after the archive.
        RunConfig expected =
            importKerasModelFile(fixturePath("keras35_lstm_sentiment_config.json").toStdString())
                .config;
        QCOMPARE(QString::fromStdString(fromFile.config.name), QFileInfo(name).baseName());
        expected.name = fromFile.config.name;
        expected.description = fromFile.config.description;
        QVERIFY(fromFile.config == expected);
        // From memory, as the app hands a file over.
        const KerasImport fromBytes =
            importKerasModel(fileBytes(archive(qPrintable(name))), name.toStdString());
        QVERIFY(fromBytes.config == fromFile.config);
        QCOMPARE(fromBytes.notes, fromFile.notes);
    }

    // Archives are hostile input: each is refused, by file and in memory, before a member is
    // read past what its entry was checked for.
    void hostileArchives_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        // libzip 1.10 and later (Debian 13) refuse a stored member whose two sizes differ when
        // the archive is opened, before EpochScope's own check of the entry: refused either way.
        QTest::addColumn<QString>("orRefusedAtOpen");
        const QString storedSizesDiffer =
            "Zip archive inconsistent: entry 0: compressed and uncompressed sizes don't match "
            "for stored file";
        QTest::newRow("cut in half") << "truncated.keras"
                                     << "cannot read as a .keras archive (a zip file)" << QString();
        QTest::newRow("a changed byte (CRC)") << "corrupt_crc.keras"
                                              << "corrupt member" << QString();
        QTest::newRow("no config.json")
            << "no_config.keras"
            << "no config.json in the archive (it holds metadata.json and model.weights.h5)"
            << QString();
        QTest::newRow("empty") << "empty.keras"
                               << "no config.json in the archive (it is empty)" << QString();
        QTest::newRow("a stored member claiming 2 GiB")
            << "huge_declared.keras"
            << "claims 2147483647 bytes of data" << storedSizesDiffer;
        QTest::newRow("a deflated member claiming more than deflate expands to")
            << "deflate_bomb.keras"
            << "cannot hold the 15728640 bytes claimed" << QString();
        QTest::newRow("a config.json past any model's size")
            << "huge_config.keras"
            << "declares 17825792 bytes, more than the 16777216 bytes" << QString();
        QTest::newRow("an encrypted member") << "encrypted.keras"
                                             << "encrypted member" << storedSizesDiffer;
    }

    void hostileArchives()
    {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        QFETCH(QString, orRefusedAtOpen);
        const auto refused = [&](const QString& message) {
            return message.contains(expected) ||
                   (!orRefusedAtOpen.isEmpty() && message.contains(orRefusedAtOpen));
        };
        const std::string path = archive(qPrintable(name)).toStdString();
        QString fromFile;
        try {
            importKerasModelFile(path);
        } catch (const ConfigError& error) {
            fromFile = QString::fromUtf8(error.what());
        }
        QVERIFY2(refused(fromFile), qPrintable("got: " + fromFile));
        QVERIFY2(fromFile.startsWith(QString::fromStdString(path)), qPrintable(fromFile));
        const QString fromBytes = refusal(fileBytes(archive(qPrintable(name))), "m.keras");
        QVERIFY2(refused(fromBytes), qPrintable("got: " + fromBytes));
    }

    void unreadableFiles()
    {
        QString refused;
        try {
            importKerasModelFile(archive("no such file.json").toStdString());
        } catch (const ConfigError& error) {
            refused = QString::fromUtf8(error.what());
        }
        QVERIFY2(refused.contains("cannot open the file: No such file or directory"),
                 qPrintable(refused));
        try {
            importKerasModelFile(m_archives.path().toStdString());
        } catch (const ConfigError& error) {
            refused = QString::fromUtf8(error.what());
        }
        QVERIFY2(refused.contains("is a directory, not a regular file"), qPrintable(refused));
    }

    // Options accepted and left out are noted where the user could care: seeds, unknown
    // options left unset.
    void notedOptions()
    {
        Json model = fixture("keras35_bidirectional_gru.json");
        Json& dense = model["config"]["layers"][4]["config"];
        dense["kernel_initializer"]["config"]["seed"] = 1337;
        dense["lora_rank"] = nullptr;
        dense["future_option"] = nullptr;
        const KerasImport imported = importKerasModel(model.dump(), "m.json");
        const QString notes = notesText(imported);
        QVERIFY2(notes.contains("dense (Dense), option \"kernel_initializer\" (GlorotUniform): "
                                "seed 1337 left out"),
                 qPrintable(notes));
        QVERIFY2(notes.contains("dense (Dense): \"future_option\" left out: not known to this "
                                "importer, and unset (null)"),
                 qPrintable(notes));
        QVERIFY2(!notes.contains("lora_rank"), qPrintable(notes));
    }

    // A training_config (Keras 2's, from an HDF5 file) maps like Keras 3's compile_config.
    void trainingConfig()
    {
        Json model = fixture("keras212_lstm_classifier.json");
        model["training_config"] = Json::parse(R"({
            "loss": "categorical_crossentropy",
            "metrics": [[{"class_name": "MeanMetricWrapper",
                          "config": {"name": "accuracy", "dtype": "float32",
                                     "fn": "categorical_accuracy"}}]],
            "weighted_metrics": null, "loss_weights": null, "sample_weight_mode": null,
            "optimizer_config": {"class_name": "RMSprop",
                                 "config": {"name": "RMSprop", "learning_rate": 0.0020000000949949026,
                                            "decay": 0.0, "rho": 0.8999999761581421,
                                            "momentum": 0.0, "epsilon": 1e-07,
                                            "centered": false}}})");
        const KerasImport imported = importKerasModel(model.dump(), "m.json");
        const Json training = toJson(imported.config)["training"];
        std::string where = "training";
        QVERIFY2(containsSubset(training, Json::parse(R"({
                     "loss": "categorical_crossentropy", "metrics": ["accuracy"],
                     "optimizer": {"type": "rmsprop", "learning_rate": 0.002, "rho": 0.9}})"),
                                where),
                 where.c_str());
        QCOMPARE(toJson(imported.config)["data"]["source"]["classes"].get<int>(), 5);
        const QString notes = notesText(imported);
        QVERIFY2(!notes.contains("became"), qPrintable(notes));

        // A softmax that the loss trains as a regression has no classes to learn.
        model["training_config"]["loss"] = "mse";
        const KerasImport regression = importKerasModel(model.dump(), "m.json");
        const Json written = toJson(regression.config);
        QCOMPARE(written["model"]["layers"][1]["units"].get<int>(), 1);
        QCOMPARE(written["model"]["layers"][1]["activation"].get<std::string>(),
                 std::string("sigmoid"));
        QCOMPARE(written["data"]["source"]["classes"].get<int>(), 0);
        QVERIFY2(notesText(regression)
                     .contains("units 5 became 1 and activation \"softmax\" became \"sigmoid\": "
                               "the model's loss does not train it as a classifier"),
                 qPrintable(notesText(regression)));
    }

    // Every option the import leaves out whatever it holds is listed in docs/keras.md.
    void ignoredOptionsDocumented()
    {
        const QString docs =
            QString::fromStdString(fileBytes(test::testDataPath("../../docs/keras.md")));
        QVERIFY2(!docs.isEmpty(), "docs/keras.md is missing");
        for (const IgnoredKerasOption& option : ignoredKerasOptions()) {
            const QString key = "`" + QString::fromUtf8(option.key.data(), option.key.size()) + "`";
            QVERIFY2(docs.contains(key), qPrintable(key + " is not in docs/keras.md"));
        }
    }

    // The refusals are the engine's texts: in Chinese when the engine speaks Chinese.
    void refusalInChinese()
    {
        Json model = fixture("keras224_stacked_lstm_regression.json");
        model["config"]["layers"][1]["config"]["stateful"] = true;
        const LanguageScope chinese("zh_CN");
        const QString refused = refusal(model.dump());
        QVERIFY2(refused.contains("lstm_2 (LSTM)") || refused.contains("lstm_2（LSTM）"),
                 qPrintable(refused));
        QVERIFY2(!refused.contains("is not supported"), qPrintable(refused));
    }

    void versionStrings_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("major");
        QTest::addColumn<int>("minor");
        QTest::addColumn<bool>("tf");
        QTest::newRow("2.2.4") << "2.2.4" << 2 << 2 << false;
        QTest::newRow("2.2.4-tf") << "2.2.4-tf" << 2 << 2 << true;
        QTest::newRow("3.4.0.dev2024061803") << "3.4.0.dev2024061803" << 3 << 4 << false;
        QTest::newRow("2.13") << "2.13" << 2 << 13 << false;
        QTest::newRow("not a version") << "tensorflow" << 0 << -1 << false;
        QTest::newRow("Keras 4 is unknown") << "4.0.0" << 0 << -1 << false;
        QTest::newRow("no minor") << "3" << 0 << -1 << false;
    }

    void versionStrings()
    {
        QFETCH(QString, text);
        QFETCH(int, major);
        QFETCH(int, minor);
        QFETCH(bool, tf);
        const std::optional<KerasVersion> version = parseKerasVersion(text.toStdString());
        QCOMPARE(version.has_value(), major > 0);
        if (!version)
            return;
        QCOMPARE(version->major, major);
        QCOMPARE(version->minor, minor);
        QCOMPARE(version->tfKeras, tf);
    }
};

QTEST_GUILESS_MAIN(TestKerasImport)
#include "tst_kerasimport.moc"
