// RunConfig: parsing, validation messages (path and wording), serialisation and presets.

#include "engine/config/callbackspecs.h"
#include "engine/config/configerror.h"
#include "engine/config/presetdata.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/language.h"
#include "engine/i18n/translate.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

using Json = nlohmann::json;

namespace {

// A small, valid sequence-regression config; rows patch it into invalid ones.
constexpr const char* kRegression = R"({
  "name": "regression",
  "model": {"layers": [{"type": "lstm", "units": 16}, {"type": "dense", "units": 1}]},
  "data": {
    "source": {"type": "synthetic_regression", "samples": 100, "timesteps": 10, "features": 4},
    "validation_split": 0.2,
    "batch_size": 16
  },
  "training": {"epochs": 2, "loss": "mse", "metrics": ["mae"]}
})";

// The same for token sentiment.
constexpr const char* kTokens = R"({
  "name": "tokens",
  "model": {"layers": [
    {"type": "embedding", "input_dim": 20000, "output_dim": 8},
    {"type": "lstm", "units": 8},
    {"type": "dense", "units": 1, "activation": "sigmoid"}
  ]},
  "data": {
    "source": {"type": "synthetic_tokens", "samples": 100, "timesteps": 20, "vocab_size": 20000},
    "validation_split": 0.2
  },
  "training": {"loss": "binary_crossentropy", "metrics": ["accuracy"]}
})";

// Every optional field set away from its default, and every callback type.
constexpr const char* kEverything = R"({
  "name": "everything",
  "description": "every optional field",
  "seed": 18446744073709551615,
  "model": {"layers": [
    {"type": "dense", "units": 6, "activation": "tanh"},
    {"type": "lstm", "units": 12, "return_sequences": true, "dropout": 0.25,
     "kernel_l2": 1e-4, "recurrent_l2": 2e-4},
    {"type": "dropout", "rate": 0.5},
    {"type": "lstm", "units": 10},
    {"type": "dense", "units": 5, "activation": "relu"},
    {"type": "dense", "units": 1, "activation": "sigmoid"}
  ]},
  "data": {
    "source": {"type": "synthetic_regression", "samples": 300, "timesteps": 7, "features": 3,
               "noise": 0.5},
    "validation_split": 0.3,
    "shuffle": false,
    "batch_size": 20,
    "drop_last": true,
    "placement": "pinned",
    "prefetch": 3
  },
  "training": {
    "epochs": 3,
    "steps_per_epoch": 4,
    "warmup_steps": 2,
    "optimizer": {"type": "rmsprop", "learning_rate": 0.01, "rho": 0.8, "momentum": 0.5,
                  "epsilon": 1e-6},
    "loss": "mae",
    "metrics": ["accuracy", "mae"]
  },
  "device": {"name": "cuda:3", "intra_op_threads": 2, "inter_op_threads": 1, "cudnn": false,
             "allocator": "glibc-tuned"},
  "callbacks": [
    {"type": "model_checkpoint", "filepath": "ckpt/best.pt", "monitor": "val_mae", "mode": "min",
     "save_best_only": true, "save_weights_only": true, "save_freq": 50, "verbose": 1},
    {"type": "backup_and_restore", "backup_dir": "backup", "save_freq": "epoch",
     "delete_checkpoint": false},
    {"type": "early_stopping", "monitor": "val_loss", "min_delta": 0.001, "patience": 3,
     "mode": "min", "baseline": 0.5, "restore_best_weights": true, "start_from_epoch": 1},
    {"type": "reduce_lr_on_plateau", "monitor": "loss", "factor": 0.5, "patience": 2,
     "min_delta": 0.01, "cooldown": 1, "min_lr": 1e-5, "mode": "max"},
    {"type": "csv_logger", "filename": "log.csv", "separator": ";", "append": true},
    {"type": "terminate_on_nan"}
  ],
  "backend": "libtorch",
  "profiling": {"sample_interval_ms": 250, "precise_gpu_timing": true}
})";

Json baseConfig(const QString& base)
{
    if (base == "tokens")
        return Json::parse(kTokens);
    if (base == "everything")
        return Json::parse(kEverything);
    return Json::parse(kRegression);
}

/// The base config with a JSON Patch (RFC 6902) applied.
Json patched(const QString& base, const QString& patch)
{
    return baseConfig(base).patch(Json::parse(patch.toStdString()));
}

bool hasIssue(const es::ConfigError& error, const std::string& path, const std::string& phrase)
{
    const auto& issues = error.issues();
    return std::any_of(issues.begin(), issues.end(), [&](const es::ConfigIssue& issue) {
        return issue.path == path && issue.message.find(phrase) != std::string::npos;
    });
}

/// Runs `parse` and returns its ConfigError; fails the test when nothing is thrown.
template <typename Parse>
std::optional<es::ConfigError> errorOf(Parse parse)
{
    try {
        parse();
    } catch (const es::ConfigError& error) {
        return error;
    }
    return std::nullopt;
}

}  // namespace

class TestRunConfig : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void invalidConfigNamesPathAndCause_data();
    void invalidConfigNamesPathAndCause();
    void nulByteIsRefusedAtItsField_data();
    void nulByteIsRefusedAtItsField();
    void callbackCountIsBounded();
    void acceptedCombinations_data();
    void acceptedCombinations();
    void collectsEveryIssue();
    void unknownKeyListsKnownKeys();
    void fieldChecksComeBeforeCrossChecks();
    void syntaxErrorNamesByteOffset_data();
    void syntaxErrorNamesByteOffset();
    void duplicateKeyNamesPath();
    void deepNestingIsRefused();
    void topLevelMustBeObject();
    void missingFileNamesFileAndCause();
    void directoryIsNotAConfig();
    void loadsFile();
    void dataPathsAreRelativeToTheConfigFile();
    void defaultsAreFilledIn();
    void callbackDefaultsAreFilledIn_data();
    void callbackDefaultsAreFilledIn();
    void optimizerShorthand();
    void roundTrip_data();
    void roundTrip();
    void equalityIgnoresFieldsOfOtherTypes();
    void builtinPresetsAreListedSorted();
    void everyPresetParses_data();
    void everyPresetParses();
    void referencePresetsMatchTheirWorkloads();
    void unknownPresetListsKnownOnes();
    void errorTextFormat();
    void errorTextIsPrintable();
    void chineseMessagesKeepTheirPaths();
    void deviceNames_data();
    void deviceNames();
    void sampleSplit_data();
    void sampleSplit();
    void distributedAccepted_data();
    void distributedAccepted();
    void distributedRefused_data();
    void distributedRefused();
    void distributedNonFiniteNumbers_data();
    void distributedNonFiniteNumbers();
    void distributedNonFiniteText_data();
    void distributedNonFiniteText();
    void distributedFieldsAreRead();
    void distributedEqualityAndRank();
    void distributedMessagesAreTranslated();
};

void TestRunConfig::invalidConfigNamesPathAndCause_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("phrase");

    // Field by field: type, range and presence.
    QTest::newRow("units negative")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0/units","value":-3}])"
        << "model.layers[0].units"
        << "expected a positive integer, got -3";
    QTest::newRow("units as string")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0/units","value":"64"}])"
        << "model.layers[0].units"
        << "expected a positive integer, got \"64\"";
    QTest::newRow("units fractional")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0/units","value":64.5}])"
        << "model.layers[0].units"
        << "got 64.5";
    QTest::newRow("units integral float")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0/units","value":64.0}])"
        << "model.layers[0].units"
        << "got 64.0";
    QTest::newRow("units missing") << "regression"
                                   << R"([{"op":"remove","path":"/model/layers/1/units"}])"
                                   << "model.layers[1].units"
                                   << "required key is missing; expected a positive integer";
    // The recurrent layers' Keras options.
    QTest::newRow("activation softmax on a recurrent layer")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/activation","value":"softmax"}])"
        << "model.layers[0].activation"
        << "expected one of \"linear\", \"relu\", \"sigmoid\", \"tanh\", \"hard_sigmoid\", "
           "\"hard_sigmoid_keras2\"";
    QTest::newRow("recurrent_dropout of 1")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/recurrent_dropout","value":1}])"
        << "model.layers[0].recurrent_dropout"
        << "got 1";
    QTest::newRow("unknown initializer")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/kernel_initializer","value":"variance_scaling"}])"
        << "model.layers[0].kernel_initializer"
        << "\"variance_scaling\"";
    QTest::newRow("orthogonal bias")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/1/bias_initializer","value":"orthogonal"}])"
        << "model.layers[1].bias_initializer"
        << "needs a matrix";
    QTest::newRow("reset_after on an lstm")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/reset_after","value":true}])"
        << "model.layers[0].reset_after"
        << "unknown key";
    QTest::newRow("unit_forget_bias on a gru")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"gru","units":4,"unit_forget_bias":true}}])"
        << "model.layers[0].unit_forget_bias"
        << "unknown key";
    QTest::newRow("bidirectional without a layer")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional"}}])"
        << "model.layers[0].layer"
        << "required key is missing";
    QTest::newRow("bidirectional around a dense layer")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional","layer":{"type":"dense","units":3}}}])"
        << "model.layers[0].layer.type"
        << "expected one of \"lstm\", \"gru\"";
    QTest::newRow("bidirectional merge_mode null")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional","merge_mode":"none","layer":{"type":"lstm","units":3}}}])"
        << "model.layers[0].merge_mode"
        << "\"none\"";
    QTest::newRow("wrapped layer with an unknown key")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional","layer":{"type":"lstm","units":3,"stateful":true}}}])"
        << "model.layers[0].layer.stateful"
        << "unknown key";
    QTest::newRow("wrapped layer's units missing")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional","layer":{"type":"gru"}}}])"
        << "model.layers[0].layer.units"
        << "required key is missing";
    QTest::newRow("mask_zero as a string")
        << "tokens"
        << R"([{"op":"add","path":"/model/layers/0/mask_zero","value":"true"}])"
        << "model.layers[0].mask_zero"
        << "got \"true\"";
    QTest::newRow("gru after a collapsed bidirectional")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional","layer":{"type":"lstm","units":3}}},{"op":"add","path":"/model/layers/1","value":{"type":"gru","units":2}}])"
        << "model.layers[1].type"
        << "model.layers[0] (bidirectional with return_sequences false) outputs one vector per "
           "sample; set model.layers[0].layer.return_sequences to true";
    QTest::newRow("sequence output of a bidirectional")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"bidirectional","layer":{"type":"gru","units":3,"return_sequences":true}}}])"
        << "model.layers[0].layer.return_sequences"
        << "set return_sequences to false on the last recurrent layer";
    QTest::newRow("units absurd")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0/units","value":100000}])"
        << "model.layers[0].units"
        << "no larger than 65536, got 100000";
    QTest::newRow("layer type unknown")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0/type","value":"conv1d"}])"
        << "model.layers[0].type"
        << R"(expected one of "embedding", "lstm", "gru", "bidirectional", "dropout", "dense", got "conv1d")";
    QTest::newRow("layer key misspelt")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/1/unitz","value":1}])"
        << "model.layers[1].unitz"
        << "unknown key; expected one of: type, units, activation";
    QTest::newRow("lstm dropout 1")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/dropout","value":1.0}])"
        << "model.layers[0].dropout"
        << "expected a number in [0, 1), got 1.0";
    QTest::newRow("return_sequences not bool")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/return_sequences","value":"yes"}])"
        << "model.layers[0].return_sequences"
        << "expected true or false, got \"yes\"";
    QTest::newRow("activation unknown")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/1/activation","value":"gelu"}])"
        << "model.layers[1].activation"
        << R"(got "gelu")";
    QTest::newRow("l2 negative")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/kernel_l2","value":-1e-5}])"
        << "model.layers[0].kernel_l2"
        << "expected a non-negative number";
    QTest::newRow("dropout layer without rate")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/1","value":{"type":"dropout"}}])"
        << "model.layers[1].rate"
        << "required key is missing";
    QTest::newRow("layers empty") << "regression"
                                  << R"([{"op":"replace","path":"/model/layers","value":[]}])"
                                  << "model.layers"
                                  << "expected at least one layer";
    QTest::newRow("layers not array") << "regression"
                                      << R"([{"op":"replace","path":"/model/layers","value":{}}])"
                                      << "model.layers"
                                      << "expected an array, got an object";
    QTest::newRow("layer not object") << "regression"
                                      << R"([{"op":"replace","path":"/model/layers/0","value":5}])"
                                      << "model.layers[0]"
                                      << "expected an object, got 5";
    QTest::newRow("model missing") << "regression"
                                   << R"([{"op":"remove","path":"/model"}])"
                                   << "model"
                                   << "required key is missing; expected an object";
    QTest::newRow("data source unknown")
        << "regression"
        << R"([{"op":"replace","path":"/data/source/type","value":"parquet"}])"
        << "data.source.type"
        << R"(expected one of "synthetic_regression", "synthetic_tokens", "npy", "npz", "csv", "text_csv", "text_folder", got "parquet")";
    QTest::newRow("samples zero") << "regression"
                                  << R"([{"op":"replace","path":"/data/source/samples","value":0}])"
                                  << "data.source.samples"
                                  << "expected a positive integer, got 0";
    QTest::newRow("features on token data")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/features","value":8}])"
        << "data.source.features"
        << "unknown key; expected one of: type, samples, timesteps, vocab_size";
    QTest::newRow("vocabulary too small")
        << "tokens"
        << R"([{"op":"replace","path":"/data/source/vocab_size","value":2}])"
        << "data.source.vocab_size"
        << "expected an integer >= 4, got 2";
    QTest::newRow("validation_split 1")
        << "regression"
        << R"([{"op":"replace","path":"/data/validation_split","value":1}])"
        << "data.validation_split"
        << "expected a number in [0, 1), got 1";
    QTest::newRow("batch_size zero") << "regression"
                                     << R"([{"op":"replace","path":"/data/batch_size","value":0}])"
                                     << "data.batch_size"
                                     << "expected a positive integer, got 0";
    QTest::newRow("epochs zero") << "regression"
                                 << R"([{"op":"replace","path":"/training/epochs","value":0}])"
                                 << "training.epochs"
                                 << "expected a positive integer, got 0";
    QTest::newRow("warmup_steps negative")
        << "regression"
        << R"([{"op":"add","path":"/training/warmup_steps","value":-1}])"
        << "training.warmup_steps"
        << "expected a non-negative integer, got -1";
    QTest::newRow("warmup_steps beyond the bound")
        << "regression"
        << R"([{"op":"add","path":"/training/warmup_steps","value":5000}])"
        << "training.warmup_steps"
        << "expected a non-negative integer no larger than 1000, got 5000";
    QTest::newRow("warmup_steps fractional")
        << "regression"
        << R"([{"op":"add","path":"/training/warmup_steps","value":1.5}])"
        << "training.warmup_steps"
        << "got 1.5";
    QTest::newRow("learning rate negative")
        << "regression"
        << R"([{"op":"add","path":"/training/optimizer","value":{"type":"adam","learning_rate":-0.1}}])"
        << "training.optimizer.learning_rate"
        << "expected a positive number, got -0.1";
    QTest::newRow("optimizer unknown")
        << "regression"
        << R"([{"op":"add","path":"/training/optimizer","value":{"type":"adamw"}}])"
        << "training.optimizer.type"
        << R"(expected one of "adam", "sgd", "rmsprop", got "adamw")";
    QTest::newRow("optimizer neither name nor object")
        << "regression"
        << R"([{"op":"add","path":"/training/optimizer","value":5}])"
        << "training.optimizer"
        << "expected an object or one of";
    QTest::newRow("sgd has no beta_1")
        << "regression"
        << R"([{"op":"add","path":"/training/optimizer","value":{"type":"sgd","beta_1":0.9}}])"
        << "training.optimizer.beta_1"
        << "unknown key; expected one of: type, learning_rate, momentum, nesterov";
    QTest::newRow("adam beta_2 one")
        << "regression"
        << R"([{"op":"add","path":"/training/optimizer","value":{"type":"adam","beta_2":1}}])"
        << "training.optimizer.beta_2"
        << "expected a number in [0, 1)";
    QTest::newRow("loss unknown") << "regression"
                                  << R"([{"op":"replace","path":"/training/loss","value":"huber"}])"
                                  << "training.loss"
                                  << R"(got "huber")";
    QTest::newRow("metric unknown")
        << "regression"
        << R"([{"op":"replace","path":"/training/metrics","value":["rmse"]}])"
        << "training.metrics[0]"
        << R"(expected one of "mae", "accuracy", got "rmse")";
    QTest::newRow("metric twice")
        << "regression"
        << R"([{"op":"replace","path":"/training/metrics","value":["mae","mae"]}])"
        << "training.metrics[1]"
        << "duplicate metric \"mae\"";
    QTest::newRow("device gpu") << "regression"
                                << R"([{"op":"add","path":"/device","value":{"name":"gpu"}}])"
                                << "device.name"
                                << R"(expected "cpu", "cuda" or "cuda:N")";
    QTest::newRow("device cuda index not a number")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"name":"cuda:x"}}])"
        << "device.name"
        << R"(got "cuda:x")";
    QTest::newRow("device cuda index negative")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"name":"cuda:-1"}}])"
        << "device.name"
        << R"(got "cuda:-1")";
    QTest::newRow("threads negative")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"intra_op_threads":-1}}])"
        << "device.intra_op_threads"
        << "expected a non-negative integer, got -1";
    QTest::newRow("cudnn not a boolean")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"cudnn":"off"}}])"
        << "device.cudnn"
        << R"(expected true or false, got "off")";
    QTest::newRow("backend unknown")
        << "regression"
        << R"([{"op":"add","path":"/backend","value":"tensorflow"}])"
        << "backend"
        << R"(expected one of "auto", "libtorch", "onednn", got "tensorflow")";
    QTest::newRow("allocator unknown")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"allocator":"mimalloc"}}])"
        << "device.allocator"
        << R"(expected one of "auto", "system", "glibc-tuned", "jemalloc", "tcmalloc", got "mimalloc")";
    QTest::newRow("allocator not a string")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"allocator":true}}])"
        << "device.allocator"
        << R"(expected one of "auto", "system", "glibc-tuned", "jemalloc", "tcmalloc", got true)";
    QTest::newRow("seed negative") << "regression"
                                   << R"([{"op":"add","path":"/seed","value":-1}])"
                                   << "seed"
                                   << "got -1";
    QTest::newRow("name empty") << "regression"
                                << R"([{"op":"replace","path":"/name","value":""}])"
                                << "name"
                                << "expected a non-empty string";
    QTest::newRow("top-level key misplaced")
        << "regression"
        << R"([{"op":"add","path":"/epochs","value":5}])"
        << "epochs"
        << "unknown key; expected one of: name, description, seed, model, data";
    QTest::newRow("odd key quoted") << "regression"
                                    << R"([{"op":"add","path":"/data/batch size","value":5}])"
                                    << "data[\"batch size\"]"
                                    << "unknown key";

    // Callbacks: type, parameters, defaults.
    QTest::newRow("callback unknown")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"tensorboard"}]}])"
        << "callbacks[0].type"
        << R"("model_checkpoint", "backup_and_restore", "early_stopping", "reduce_lr_on_plateau", "csv_logger", "terminate_on_nan", got "tensorboard")";
    QTest::newRow("callback not object")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":["early_stopping"]}])"
        << "callbacks[0]"
        << "expected an object, got \"early_stopping\"";
    QTest::newRow("checkpoint without filepath")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint"}]}])"
        << "callbacks[0].filepath"
        << "required key is missing";
    QTest::newRow("patience negative")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","patience":-1}]}])"
        << "callbacks[0].patience"
        << "expected a non-negative integer, got -1";
    QTest::newRow("callback parameter misspelt")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","patiense":3}]}])"
        << "callbacks[0].patiense"
        << "did you mean \"patience\"?";
    QTest::newRow("factor 1")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"reduce_lr_on_plateau","factor":1}]}])"
        << "callbacks[0].factor"
        << "expected a number in (0, 1), got 1";
    QTest::newRow("save_freq zero")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"backup_and_restore","backup_dir":"b","save_freq":0}]}])"
        << "callbacks[0].save_freq"
        << "expected \"epoch\" or a positive integer (batches), got 0";
    QTest::newRow("mode unknown")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","mode":"up"}]}])"
        << "callbacks[0].mode"
        << R"(expected one of "auto", "min", "max", got "up")";
    QTest::newRow("baseline string")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","baseline":"0.5"}]}])"
        << "callbacks[0].baseline"
        << "expected a number or null";
    QTest::newRow("verbose 2")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m.pt","verbose":2}]}])"
        << "callbacks[0].verbose"
        << "no larger than 1, got 2";
    QTest::newRow("terminate_on_nan takes nothing")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"terminate_on_nan","patience":1}]}])"
        << "callbacks[0].patience"
        << "unknown key; expected one of: type";

    // How fields fit together.
    QTest::newRow("embedding not first")
        << "tokens"
        << R"([{"op":"add","path":"/model/layers/1","value":{"type":"embedding","input_dim":20000,"output_dim":4}}])"
        << "model.layers[1].type"
        << "\"embedding\" must be the first layer";
    QTest::newRow("embedding on regression data")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/0","value":{"type":"embedding","input_dim":10,"output_dim":4}}])"
        << "model.layers[0].type"
        << "needs integer token ids (data.source.type \"synthetic_tokens\", \"npy\" or \"npz\")";
    QTest::newRow("lstm first on token data") << "tokens"
                                              << R"([{"op":"remove","path":"/model/layers/0"}])"
                                              << "model.layers[0].type"
                                              << "so the first layer must be \"embedding\"";
    QTest::newRow("vocabulary larger than embedding")
        << "tokens"
        << R"([{"op":"replace","path":"/model/layers/0/input_dim","value":1000}])"
        << "model.layers[0].input_dim"
        << "1000 is smaller than data.source.vocab_size 20000; token ids would be out of range";
    QTest::newRow("lstm after vector output")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/1","value":{"type":"lstm","units":8}}])"
        << "model.layers[1].type"
        << "set model.layers[0].return_sequences to true";
    QTest::newRow("last layer lstm")
        << "regression"
        << R"([{"op":"remove","path":"/model/layers/1"}])"
        << "model.layers[0].type"
        << "the last layer must be \"dense\": it turns the recurrent layers' output into the "
           "predictions; got \"lstm\"";
    QTest::newRow("last layer 3 units")
        << "regression"
        << R"([{"op":"replace","path":"/model/layers/1/units","value":3}])"
        << "model.layers[1].units"
        << "compares one output with one target per sample, so the last layer needs units 1; got 3";
    QTest::newRow("output still a sequence")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/return_sequences","value":true}])"
        << "model.layers[0].return_sequences"
        << "the model outputs a sequence";
    QTest::newRow("no lstm leaves a sequence") << "regression"
                                               << R"([{"op":"remove","path":"/model/layers/0"}])"
                                               << "model.layers"
                                               << "the model outputs a sequence";
    QTest::newRow("softmax on one unit")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/1/activation","value":"softmax"}])"
        << "model.layers[1].activation"
        << "always outputs 1.0";
    QTest::newRow("categorical crossentropy on one unit")
        << "tokens"
        << R"([{"op":"replace","path":"/training/loss","value":"categorical_crossentropy"}])"
        << "model.layers[2].units"
        << "needs one output unit per class; got units 1";
    QTest::newRow("sparse categorical with a sigmoid")
        << "tokens"
        << R"([{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2/units","value":2}])"
        << "model.layers[2].activation"
        << "must be \"softmax\"; got \"sigmoid\"";
    QTest::newRow("sparse categorical on real targets")
        << "regression"
        << R"([{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/training/metrics","value":[]},{"op":"replace","path":"/model/layers/1","value":{"type":"dense","units":3,"activation":"softmax"}}])"
        << "data.source.classes"
        << "needs class targets, but data.source.type \"synthetic_regression\" gives real numbers";
    QTest::newRow("softmax units differ from the classes")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/classes","value":5},{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":4,"activation":"softmax"}}])"
        << "model.layers[2].units"
        << "gives 5 classes, so the last layer needs units 5 (one probability per class); got 4";
    QTest::newRow("binary crossentropy on several classes")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/classes","value":3}])"
        << "training.loss"
        << "data.source.classes 3 gives class ids up to 2";
    QTest::newRow("binary crossentropy on real targets")
        << "regression"
        << R"([{"op":"replace","path":"/training/loss","value":"binary_crossentropy"}])"
        << "training.loss"
        << "gives real numbers; use \"mse\" or \"mae\", or set data.source.classes to 2";
    QTest::newRow("mae with class ids")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/classes","value":3},{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/training/metrics","value":["accuracy","mae"]},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":3,"activation":"softmax"}}])"
        << "training.metrics[1]"
        << "targets are class ids; use \"accuracy\"";
    QTest::newRow("one class") << "tokens"
                               << R"([{"op":"add","path":"/data/source/classes","value":1}])"
                               << "data.source.classes"
                               << "1 class leaves nothing to tell apart";
    QTest::newRow("classes absurd")
        << "regression"
        << R"([{"op":"add","path":"/data/source/classes","value":1001}])"
        << "data.source.classes"
        << "1001";
    QTest::newRow("classes as text")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/classes","value":"3"}])"
        << "data.source.classes"
        << "\"3\"";
    QTest::newRow("vocabulary too small for the classes")
        << "tokens"
        << R"([{"op":"replace","path":"/data/source/vocab_size","value":10},{"op":"add","path":"/data/source/classes","value":9},{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":9,"activation":"softmax"}}])"
        << "data.source.vocab_size"
        << "10 ids cannot give 9 classes their own words";
    QTest::newRow("padding unknown")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/padding","value":"middle"}])"
        << "data.source.padding"
        << "\"middle\"";
    QTest::newRow("split leaves no training sample")
        << "regression"
        << R"([{"op":"replace","path":"/data/source/samples","value":3},{"op":"replace","path":"/data/validation_split","value":0.9}])"
        << "data.validation_split"
        << "0.9 leaves 0 of the 3 samples for training";
    QTest::newRow("drop_last leaves no batch")
        << "regression"
        << R"([{"op":"replace","path":"/data/batch_size","value":128},{"op":"add","path":"/data/drop_last","value":true}])"
        << "data.batch_size"
        << "128 is larger than the 80 training samples and data.drop_last is true";
    QTest::newRow("placement unknown") << "regression"
                                       << R"([{"op":"add","path":"/data/placement","value":"gpu"}])"
                                       << "data.placement"
                                       << "host";
    QTest::newRow("prefetch negative") << "regression"
                                       << R"([{"op":"add","path":"/data/prefetch","value":-1}])"
                                       << "data.prefetch"
                                       << "-1";
    QTest::newRow("prefetch absurd") << "regression"
                                     << R"([{"op":"add","path":"/data/prefetch","value":1000}])"
                                     << "data.prefetch"
                                     << "1000";
    QTest::newRow("pinned on the cpu")
        << "regression"
        << R"([{"op":"add","path":"/data/placement","value":"pinned"}])"
        << "data.placement"
        << "speeds up copies to a CUDA device";
    QTest::newRow("monitor not logged")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","monitor":"val_acc"}]}])"
        << "callbacks[0].monitor"
        << "\"val_acc\" is not logged by this run; expected one of: loss, mae, val_loss, val_mae";
    QTest::newRow("val monitor without validation")
        << "regression"
        << R"([{"op":"replace","path":"/data/validation_split","value":0},{"op":"add","path":"/callbacks","value":[{"type":"reduce_lr_on_plateau"}]}])"
        << "callbacks[0].monitor"
        << "data.validation_split is 0";
    QTest::newRow("best checkpoint monitor")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m.pt","save_best_only":true,"monitor":"accuracy"}]}])"
        << "callbacks[0].monitor"
        << "\"accuracy\" is not logged by this run; expected one of: loss, mae, val_loss, val_mae";
    QTest::newRow("npy without y")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy"}}])"
        << "data.source.y"
        << "required key is missing; expected a non-empty string";
    QTest::newRow("npy empty path")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"","y":"y.npy"}}])"
        << "data.source.x"
        << "expected a non-empty string, got \"\"";
    QTest::newRow("npy x_val without y_val")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy","y":"y.npy","x_val":"xv.npy"}}])"
        << "data.source.y_val"
        << "required when x_val is given";
    QTest::newRow("npy synthetic keys")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy","y":"y.npy","samples":10}}])"
        << "data.source.samples"
        << "unknown key";
    QTest::newRow("npz without path")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npz","x":"inputs"}}])"
        << "data.source.path"
        << "required key is missing";
    QTest::newRow("npz y_val without x_val")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npz","path":"d.npz","y_val":"targets"}}])"
        << "data.source.x_val"
        << "required when y_val is given";
    QTest::newRow("csv without features")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","target":"y","window":4}}])"
        << "data.source.features"
        << "required key is missing";
    QTest::newRow("csv negative column")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a",-1],"target":"y","window":4}}])"
        << "data.source.features[1]"
        << "expected a column name (a non-empty string) or a 0-based column index";
    QTest::newRow("csv no features")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":[],"target":"y","window":4}}])"
        << "data.source.features"
        << "expected at least one column";
    QTest::newRow("csv without target")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"window":4}}])"
        << "data.source.target"
        << "required key is missing";
    QTest::newRow("csv target array")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":["y"],"window":4}}])"
        << "data.source.target"
        << "got an array of 1 value";
    QTest::newRow("csv pipe delimiter")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","delimiter":"|","features":["a"],"target":"y","window":4}}])"
        << "data.source.delimiter"
        << R"(expected "auto", ",", ";", "\t" or "tab", got "|")";
    QTest::newRow("csv header yes")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","header":"yes","features":["a"],"target":"y","window":4}}])"
        << "data.source.header"
        << R"(expected one of "auto", "present", "absent", got "yes")";
    QTest::newRow("csv without window")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y"}}])"
        << "data.source.window"
        << "required key is missing";
    QTest::newRow("csv zero horizon")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y","window":4,"horizon":0}}])"
        << "data.source.horizon"
        << "got 0";
    QTest::newRow("embedding on csv")
        << "tokens"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y","window":4}}])"
        << "model.layers[0].type"
        << "but data.source.type \"csv\" gives float features";
    QTest::newRow("input_shape rank for features")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":[10]}])"
        << "model.input_shape"
        << "float features need [timesteps, features], got 1 values";
    QTest::newRow("input_shape rank for tokens")
        << "tokens"
        << R"([{"op":"add","path":"/model/input_shape","value":[20, 1]}])"
        << "model.input_shape"
        << "token ids need [timesteps], got 2 values";
    QTest::newRow("input_shape against generator")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":[10, 5]}])"
        << "model.input_shape"
        << "the model expects samples of shape [10, 5] but data.source.type "
           "\"synthetic_regression\" gives [10, 4]";
    QTest::newRow("input_shape against csv window")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":[8, 1]},{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y","window":4}}])"
        << "model.input_shape"
        << "gives [4, 1]";
    QTest::newRow("input_shape zero")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":[0, 4]}])"
        << "model.input_shape"
        << "expected null, [timesteps] (token ids) or [timesteps, features]";
    QTest::newRow("input_shape string")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":"10x4"}])"
        << "model.input_shape"
        << "got \"10x4\"";
    QTest::newRow("val monitor on csv without split")
        << "regression"
        << R"([{"op":"replace","path":"/data/validation_split","value":0},{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y","window":4}},{"op":"add","path":"/callbacks","value":[{"type":"early_stopping"}]}])"
        << "callbacks[0].monitor"
        << "there is no validation data";
    QTest::newRow("sample interval too short")
        << "regression"
        << R"([{"op":"add","path":"/profiling","value":{"sample_interval_ms":5}}])"
        << "profiling.sample_interval_ms"
        << "got 5";
    QTest::newRow("sample interval too long")
        << "regression"
        << R"([{"op":"add","path":"/profiling","value":{"sample_interval_ms":5000}}])"
        << "profiling.sample_interval_ms"
        << "got 5000";
    QTest::newRow("profiling unknown key")
        << "regression"
        << R"([{"op":"add","path":"/profiling","value":{"trace":true}}])"
        << "profiling.trace"
        << "unknown key";
    QTest::newRow("checkpoint path names an unlogged value")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m-{epoch}-{val_acc:.2f}.pt"}]}])"
        << "callbacks[0].filepath"
        << "{val_acc} is not a value this run logs; expected one of: epoch, loss, mae, val_loss, "
           "val_mae";
    QTest::newRow("checkpoint path names the batch of an epoch save")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m-{batch}.pt"}]}])"
        << "callbacks[0].filepath"
        << "{batch} is not a value this run logs";
    QTest::newRow("checkpoint path syntax")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m-{epoch.pt"}]}])"
        << "callbacks[0].filepath"
        << "an unclosed '{' at character 3";
    // A precision in the millions formatted megabytes of digits at every save; a width past
    // a file name's limit could only fail at the first save, after an epoch of training.
    QTest::newRow("checkpoint path absurd precision")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m-{loss:.999999999f}.pt"}]}])"
        << "callbacks[0].filepath"
        << "precision 999999999 is above the maximum of 20";
    QTest::newRow("checkpoint path too wide")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m{epoch:0300d}.pt"}]}])"
        << "callbacks[0].filepath"
        << "width 300 is wider than a file name can be (255 bytes)";
    QTest::newRow("checkpoint path spec fmt refuses")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m{epoch:#d}{loss:#.2g}{loss:+^#08.3e}.pt"},{"type":"model_checkpoint","filepath":"m{loss:.2s}.pt"}]}])"
        << "callbacks[1].filepath"
        << "unsupported format spec \".2s\"";
    QTest::newRow("data set too large")
        << "regression"
        << R"([{"op":"replace","path":"/data/source/samples","value":4294967296},{"op":"replace","path":"/data/source/timesteps","value":1000}])"
        << "data.source.samples"
        << "are more than the generator holds in memory";
}

void TestRunConfig::invalidConfigNamesPathAndCause()
{
    QFETCH(QString, base);
    QFETCH(QString, patch);
    QFETCH(QString, path);
    QFETCH(QString, phrase);
    const Json document = patched(base, patch);
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(error.has_value(), "the config was accepted");
    const std::string what = error->what();
    QVERIFY2(hasIssue(*error, path.toStdString(), phrase.toStdString()), what.c_str());
    QVERIFY2(what.find(path.toStdString() + ": ") != std::string::npos, what.c_str());
}

void TestRunConfig::nulByteIsRefusedAtItsField_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("character");

    // Each a string field read in its own way: the one check in JsonReader covers them all.
    QTest::newRow("name") << R"([{"op":"replace","path":"/name","value":"run\u0000-cut"}])"
                          << "name" << 4;
    QTest::newRow("description") << R"([{"op":"add","path":"/description","value":"\u0000"}])"
                                 << "description" << 1;
    QTest::newRow("checkpoint filepath")
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"/tmp/x\u0000/../m.pt"}]}])"
        << "callbacks[0].filepath" << 7;
    QTest::newRow("csv_logger filename")
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"terminate_on_nan"},{"type":"csv_logger","filename":"log.csv\u0000.bak"}]}])"
        << "callbacks[1].filename" << 8;
    QTest::newRow("csv_logger separator")
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"csv_logger","filename":"log.csv","separator":"\u0000"}]}])"
        << "callbacks[0].separator" << 1;
    QTest::newRow("backup_dir")
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"backup_and_restore","backup_dir":"b\u0000"}]}])"
        << "callbacks[0].backup_dir" << 2;
    QTest::newRow("monitor")
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","monitor":"val_loss\u0000"}]}])"
        << "callbacks[0].monitor" << 9;
    QTest::newRow("npy path")
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy\u0000","y":"y.npy"}}])"
        << "data.source.x" << 6;
    QTest::newRow("csv path")
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"\u0000s.csv","features":["a"],"target":"y","window":4}}])"
        << "data.source.path" << 1;
    QTest::newRow("csv column in an array")
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a","b\u0000"],"target":"y","window":4}}])"
        << "data.source.features[1]" << 2;
    QTest::newRow("csv target")
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y\u0000","window":4}}])"
        << "data.source.target" << 2;
    QTest::newRow("csv delimiter")
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","features":["a"],"target":"y","window":4,"delimiter":",\u0000"}}])"
        << "data.source.delimiter" << 2;
    QTest::newRow("device name")
        << R"([{"op":"add","path":"/device","value":{"name":"cpu\u0000"}}])"
        << "device.name" << 4;
    QTest::newRow("metric")
        << R"([{"op":"replace","path":"/training/metrics","value":["mae\u0000"]}])"
        << "training.metrics[0]" << 4;
    QTest::newRow("optimizer shorthand")
        << R"([{"op":"add","path":"/training/optimizer","value":"adam\u0000"}])"
        << "training.optimizer" << 5;
    QTest::newRow("choice") << R"([{"op":"replace","path":"/training/loss","value":"mse\u0000"}])"
                            << "training.loss" << 4;
}

void TestRunConfig::nulByteIsRefusedAtItsField()
{
    QFETCH(QString, patch);
    QFETCH(QString, path);
    QFETCH(int, character);
    const Json document = patched("regression", patch);
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(error.has_value(), "a string with a NUL byte was accepted");
    const std::string what = error->what();
    // One issue, at the field, saying where the byte is; nothing else about the same field (a
    // required key reported missing, a value "not one of" the choices).
    QCOMPARE(int(error->issues().size()), 1);
    QCOMPARE(error->issues()[0].path, path.toStdString());
    QVERIFY2(hasIssue(*error, path.toStdString(),
                      "contains a NUL byte (\\u0000) at character " + std::to_string(character)),
             what.c_str());
}

void TestRunConfig::callbackCountIsBounded()
{
    // Thousands of callbacks made the end of a run hang; docs/config.md documents the bound.
    Json callbacks = Json::array();
    for (std::size_t i = 0; i < es::kMaxCallbacks; ++i)
        callbacks.push_back({{"type", "terminate_on_nan"}});
    Json document = baseConfig("regression");
    document["callbacks"] = callbacks;
    QCOMPARE(es::parseRunConfig(document).callbacks.size(), es::kMaxCallbacks);

    document["callbacks"].push_back({{"type", "terminate_on_nan"}});
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(error.has_value(), "101 callbacks were accepted");
    QVERIFY2(hasIssue(*error, "callbacks", "expected at most 100 callbacks, got 101"),
             error->what());

    document["callbacks"] = Json::array();
    for (int i = 0; i < 10'000; ++i)
        document["callbacks"].push_back({{"type", "csv_logger"}, {"filename", "log.csv"}});
    const auto many = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(many.has_value());
    QCOMPARE(int(many->issues().size()), 1);
    QVERIFY(hasIssue(*many, "callbacks", "got 10000"));
}

void TestRunConfig::acceptedCombinations_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("patch");

    QTest::newRow("batch larger than the data")
        << "regression"
        << R"([{"op":"replace","path":"/data/batch_size","value":1000}])";
    QTest::newRow("binary crossentropy without sigmoid")
        << "tokens"
        << R"([{"op":"replace","path":"/model/layers/2/activation","value":"linear"}])";
    QTest::newRow("accuracy with mse")
        << "regression"
        << R"([{"op":"replace","path":"/training/metrics","value":["accuracy"]}])";
    QTest::newRow("checkpoint without validation")
        << "regression"
        << R"([{"op":"replace","path":"/data/validation_split","value":0},{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m.pt"}]}])";
    QTest::newRow("early stopping on training loss")
        << "regression"
        << R"([{"op":"replace","path":"/data/validation_split","value":0},{"op":"add","path":"/callbacks","value":[{"type":"early_stopping","monitor":"loss"}]}])";
    QTest::newRow("cuda and threads")
        << "regression"
        << R"([{"op":"add","path":"/device","value":{"name":"cuda","intra_op_threads":4}}])";
    QTest::newRow("dense before lstm")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0","value":{"type":"dense","units":4,"activation":"relu"}}])";
    QTest::newRow("dropout between lstms")
        << "regression"
        << R"([{"op":"add","path":"/model/layers/0/return_sequences","value":true},{"op":"add","path":"/model/layers/1","value":{"type":"dropout","rate":0.2}},{"op":"add","path":"/model/layers/2","value":{"type":"lstm","units":4}}])";
    QTest::newRow("embedding larger than vocabulary")
        << "tokens"
        << R"([{"op":"replace","path":"/model/layers/0/input_dim","value":30000}])";
    QTest::newRow("one training sample")
        << "regression"
        << R"([{"op":"replace","path":"/data/source/samples","value":2},{"op":"replace","path":"/data/validation_split","value":0.5}])";
    QTest::newRow("npy features")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy","y":"y.npy"}}])";
    QTest::newRow("npy validation monitor without split")
        << "regression"
        << R"([{"op":"replace","path":"/data/validation_split","value":0},{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy","y":"y.npy","x_val":"xv.npy","y_val":"yv.npy"}},{"op":"add","path":"/callbacks","value":[{"type":"early_stopping"}]}])";
    QTest::newRow("npz tokens by default names")
        << "tokens"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npz","path":"imdb.npz"}}])";
    QTest::newRow("npz tokens with input_shape")
        << "tokens"
        << R"([{"op":"add","path":"/model/input_shape","value":[20]},{"op":"replace","path":"/data/source","value":{"type":"npz","path":"imdb.npz"}}])";
    QTest::newRow("csv by index with tab")
        << "regression"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","delimiter":"tab","header":"absent","features":[0,2],"target":1,"window":24,"horizon":3,"stride":2}}])";
    QTest::newRow("input_shape matching")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":[10, 4]}])";
    QTest::newRow("input_shape null")
        << "regression"
        << R"([{"op":"add","path":"/model/input_shape","value":null}])";
    QTest::newRow("checkpoint path with the batch of a step save")
        << "regression"
        << R"([{"op":"add","path":"/callbacks","value":[{"type":"model_checkpoint","filepath":"m-{epoch:02d}-{batch}-{loss:.3f}.pt","save_freq":100}]}])";
    QTest::newRow("description") << "regression"
                                 << R"([{"op":"add","path":"/description","value":"why"}])";
    QTest::newRow("sparse categorical over token classes")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/classes","value":5},{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":5,"activation":"softmax"}}])";
    QTest::newRow("categorical over regression classes")
        << "regression"
        << R"([{"op":"add","path":"/data/source/classes","value":3},{"op":"replace","path":"/training/loss","value":"categorical_crossentropy"},{"op":"replace","path":"/training/metrics","value":["accuracy","mae"]},{"op":"replace","path":"/model/layers/1","value":{"type":"dense","units":3,"activation":"softmax"}}])";
    QTest::newRow("two token classes as a softmax")
        << "tokens"
        << R"([{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":2,"activation":"softmax"}}])";
    QTest::newRow("binary crossentropy on two regression classes")
        << "regression"
        << R"([{"op":"add","path":"/data/source/classes","value":2},{"op":"replace","path":"/training/loss","value":"binary_crossentropy"},{"op":"replace","path":"/model/layers/1","value":{"type":"dense","units":1,"activation":"sigmoid"}}])";
    QTest::newRow("mse on class ids")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/classes","value":4},{"op":"replace","path":"/training/loss","value":"mse"}])";
    QTest::newRow("softmax classes of a file")
        << "tokens"
        << R"([{"op":"replace","path":"/data/source","value":{"type":"npz","path":"d.npz"}},{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":7,"activation":"softmax"}}])";
    QTest::newRow("post padding with a mask")
        << "tokens"
        << R"([{"op":"add","path":"/data/source/padding","value":"post"},{"op":"add","path":"/model/layers/0/mask_zero","value":true}])";
}

void TestRunConfig::acceptedCombinations()
{
    QFETCH(QString, base);
    QFETCH(QString, patch);
    const Json document = patched(base, patch);
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(!error.has_value(), error ? error->what() : "");
}

void TestRunConfig::collectsEveryIssue()
{
    const Json document = patched("regression", R"([
        {"op":"replace","path":"/model/layers/0/units","value":-3},
        {"op":"replace","path":"/data/batch_size","value":"big"},
        {"op":"add","path":"/training/optimiser","value":"adam"}])");
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(error.has_value());
    QCOMPARE(error->issues().size(), std::size_t(3));
    QVERIFY(hasIssue(*error, "model.layers[0].units", "got -3"));
    QVERIFY(hasIssue(*error, "data.batch_size", "got \"big\""));
    QVERIFY(hasIssue(*error, "training.optimiser", "did you mean \"optimizer\"?"));
}

void TestRunConfig::unknownKeyListsKnownKeys()
{
    const Json document =
        patched("regression", R"([{"op":"add","path":"/model/layers/0/unitz","value":3}])");
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(error.has_value());
    QCOMPARE(error->issues().size(), std::size_t(1));
    QCOMPARE(error->issues()[0].message,
             std::string("unknown key; expected one of: type, units, return_sequences, dropout, "
                         "recurrent_dropout, kernel_l2, recurrent_l2, activation, "
                         "recurrent_activation, use_bias, go_backwards, unroll, "
                         "kernel_initializer, recurrent_initializer, bias_initializer, "
                         "unit_forget_bias; did you mean \"units\"?"));
}

void TestRunConfig::fieldChecksComeBeforeCrossChecks()
{
    // Regression guard: a bad units value must not also be reported as "last layer needs
    // units 1".
    const Json document =
        patched("regression", R"([{"op":"replace","path":"/model/layers/1/units","value":0}])");
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(error.has_value());
    QCOMPARE(error->issues().size(), std::size_t(1));
    QCOMPARE(error->issues()[0].path, std::string("model.layers[1].units"));
}

void TestRunConfig::syntaxErrorNamesByteOffset_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("origin");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("phrase");

    QTest::newRow("missing value") << R"({"name":})"
                                   << "<config>"
                                   << "<config>@byte 9"
                                   << "line 1, column 9: syntax error while parsing value";
    QTest::newRow("empty text") << ""
                                << "<config>"
                                << "<config>@byte 1"
                                << "unexpected end of input";
    QTest::newRow("trailing comma") << R"({"name": "x",})"
                                    << "run.json"
                                    << "run.json@byte 14"
                                    << "expected string literal";
    QTest::newRow("missing comma on line 3") << "{\n  \"name\": \"x\"\n  \"seed\": 1\n}"
                                             << "<config>"
                                             << "<config>@byte 24"
                                             << "line 3, column 8: syntax error while parsing "
                                                "object - unexpected string literal; expected '}'";
    QTest::newRow("number overflow") << R"({"seed": 1e400})"
                                     << "<config>"
                                     << "<config>@byte 14"
                                     << "number overflow parsing '1e400'";
    QTest::newRow("trailing garbage") << R"({} x)"
                                      << "<config>"
                                      << "<config>@byte 4"
                                      << "expected end of input";
    QTest::newRow("invalid UTF-8") << QString::fromLatin1("{\"name\": \"\xff\"}") << "<config>"
                                   << "<config>@byte 11"
                                   << "ill-formed UTF-8";
}

void TestRunConfig::syntaxErrorNamesByteOffset()
{
    QFETCH(QString, text);
    QFETCH(QString, origin);
    QFETCH(QString, path);
    QFETCH(QString, phrase);
    // Latin-1 so that the invalid-UTF-8 row keeps its raw 0xFF byte.
    const QByteArray bytes = text.toLatin1();
    const auto error = errorOf([&] {
        es::parseRunConfigText(std::string_view(bytes.constData(), size_t(bytes.size())),
                               origin.toStdString());
    });
    QVERIFY(error.has_value());
    QVERIFY2(hasIssue(*error, path.toStdString(), phrase.toStdString()), error->what());
}

void TestRunConfig::duplicateKeyNamesPath()
{
    const std::string text = R"({"name": "a", "model": {"layers": [{"type": "lstm", "units": 4},
        {"type": "dense", "units": 1, "units": 2}]}, "name": "b"})";
    const auto error = errorOf([&] { es::parseRunConfigText(text); });
    QVERIFY(error.has_value());
    QCOMPARE(error->issues().size(), std::size_t(2));
    QVERIFY2(hasIssue(*error, "model.layers[1].units", "duplicate key"), error->what());
    QVERIFY2(hasIssue(*error, "name", "duplicate key"), error->what());
}

void TestRunConfig::deepNestingIsRefused()
{
    const std::string text = std::string(100000, '[') + std::string(100000, ']');
    const auto error = errorOf([&] { es::parseRunConfigText(text, "deep.json"); });
    QVERIFY(error.has_value());
    QVERIFY2(hasIssue(*error, "deep.json", "nested more than 64 levels"), error->what());
}

void TestRunConfig::topLevelMustBeObject()
{
    const auto error = errorOf([] { es::parseRunConfigText("[1]"); });
    QVERIFY(error.has_value());
    QCOMPARE(std::string(error->what()),
             std::string("expected an object, got an array of 1 value"));
}

void TestRunConfig::missingFileNamesFileAndCause()
{
    const std::string path = "/nonexistent-epochscope-dir/run.json";
    const auto error = errorOf([&] { es::loadRunConfigFile(path); });
    QVERIFY(error.has_value());
    QVERIFY2(hasIssue(*error, path, "cannot open the file: No such file or directory"),
             error->what());
}

void TestRunConfig::directoryIsNotAConfig()
{
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const std::string path = directory.path().toStdString();
    const auto error = errorOf([&] { es::loadRunConfigFile(path); });
    QVERIFY(error.has_value());
    QVERIFY2(hasIssue(*error, path, "is a directory, not a regular file"), error->what());
}

void TestRunConfig::loadsFile()
{
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const QString path = directory.filePath("run.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kRegression);
    file.close();
    const es::RunConfig config = es::loadRunConfigFile(path.toStdString());
    QVERIFY(config == es::parseRunConfig(Json::parse(kRegression)));

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\n  \"name\": 3,\n");
    file.close();
    const auto error = errorOf([&] { es::loadRunConfigFile(path.toStdString()); });
    QVERIFY(error.has_value());
    // The input ends early: the position is one past its last byte, at the start of line 3.
    QVERIFY2(hasIssue(*error, path.toStdString() + "@byte 16", "line 3, column 1:"), error->what());
}

void TestRunConfig::dataPathsAreRelativeToTheConfigFile()
{
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    QVERIFY(QDir(directory.path()).mkdir("runs"));
    const QString path = directory.filePath("runs/run.json");
    Json document = Json::parse(kRegression);
    document["data"]["source"] = {{"type", "npy"},
                                  {"x", "../data/x.npy"},
                                  {"y", "/srv/y.npy"},
                                  {"x_val", "xv.npy"},
                                  {"y_val", "./yv.npy"}};
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(document.dump()));
    file.close();
    const es::DataSourceConfig npy = es::loadRunConfigFile(path.toStdString()).data.source;
    const std::string root = directory.path().toStdString();
    QCOMPARE(npy.x, root + "/data/x.npy");
    QCOMPARE(npy.y, std::string("/srv/y.npy"));  // absolute paths stay as written
    QCOMPARE(npy.xVal, root + "/runs/xv.npy");
    QCOMPARE(npy.yVal, root + "/runs/yv.npy");

    // In an archive, x and y name members, not files: only the archive's path moves.
    document["data"]["source"] = {{"type", "npz"}, {"path", "d.npz"}, {"x", "inputs"}, {"y", "t"}};
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QByteArray::fromStdString(document.dump()));
    file.close();
    const es::DataSourceConfig npz = es::loadRunConfigFile(path.toStdString()).data.source;
    QCOMPARE(npz.path, root + "/runs/d.npz");
    QCOMPARE(npz.x, std::string("inputs"));

    // Parsed from text there is no file to be relative to: paths stay as written.
    QCOMPARE(es::parseRunConfig(document).data.source.path, std::string("d.npz"));
}

void TestRunConfig::defaultsAreFilledIn()
{
    const Json minimal = Json::parse(R"({
        "model": {"layers": [{"type": "lstm", "units": 4}, {"type": "dense", "units": 1}]},
        "data": {"source": {"type": "synthetic_regression", "samples": 10, "timesteps": 3,
                            "features": 2}}})");
    const es::RunConfig config = es::parseRunConfig(minimal);
    es::RunConfig expected;
    es::LayerConfig lstm;
    lstm.type = es::LayerType::Lstm;
    lstm.units = 4;
    es::LayerConfig dense;
    dense.units = 1;
    expected.model.layers = {lstm, dense};
    expected.data.source.samples = 10;
    expected.data.source.timesteps = 3;
    expected.data.source.features = 2;
    QVERIFY(config == expected);
    const Json written = es::toJson(config);
    QVERIFY(written.at("name") == Json("untitled"));
    QVERIFY(written.at("seed") == Json(42));
    QVERIFY(written.at("data").at("source").at("noise") == Json(0.05));
    QVERIFY(written.at("data").at("batch_size") == Json(32));
    QVERIFY(written.at("training").at("optimizer").at("epsilon") == Json(1e-7));
    QVERIFY(written.at("training").at("warmup_steps") == Json(0));
    QCOMPARE(config.training.warmupSteps, 0);
    QVERIFY(written.at("device").at("name") == Json("cpu"));
    QVERIFY(written.at("model").at("layers").at(0).at("return_sequences") == Json(false));
    QVERIFY(written.at("backend") == Json("auto"));
    QVERIFY(written.at("device").at("allocator") == Json("auto"));
    QCOMPARE(config.device.allocator, es::HostAllocator::Auto);
    // The distributed section is written whole even for a run of one process.
    QVERIFY2(written.at("distributed") == Json::parse(R"({"backend": "auto", "world_size": 1,
                 "init": "", "interface": "", "timeout_s": 300, "bucket_mb": 25.0})"),
             written.at("distributed").dump().c_str());
    QVERIFY(!config.distributed.enabled());
}

void TestRunConfig::callbackDefaultsAreFilledIn_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("expected");

    QTest::newRow("model_checkpoint")
        << R"({"type":"model_checkpoint","filepath":"m.pt"})"
        << R"({"filepath":"m.pt","monitor":"val_loss","mode":"auto","save_best_only":false,
              "save_weights_only":false,"save_freq":"epoch","verbose":0})";
    QTest::newRow("backup_and_restore")
        << R"({"type":"backup_and_restore","backup_dir":"b"})"
        << R"({"backup_dir":"b","save_freq":"epoch","delete_checkpoint":true})";
    QTest::newRow("early_stopping")
        << R"({"type":"early_stopping"})"
        << R"({"monitor":"val_loss","min_delta":0.0,"patience":0,"mode":"auto","baseline":null,
              "restore_best_weights":false,"start_from_epoch":0})";
    QTest::newRow("reduce_lr_on_plateau")
        << R"({"type":"reduce_lr_on_plateau","min_delta":0})"
        << R"({"monitor":"val_loss","factor":0.1,"patience":10,"min_delta":0.0,"cooldown":0,
              "min_lr":0.0,"mode":"auto"})";
    QTest::newRow("csv_logger") << R"({"type":"csv_logger","filename":"log.csv"})"
                                << R"({"filename":"log.csv","separator":",","append":false})";
    QTest::newRow("terminate_on_nan") << R"({"type":"terminate_on_nan"})"
                                      << "{}";
}

void TestRunConfig::callbackDefaultsAreFilledIn()
{
    QFETCH(QString, entry);
    QFETCH(QString, expected);
    Json document = Json::parse(kRegression);
    document["callbacks"] = Json::array({Json::parse(entry.toStdString())});
    const es::RunConfig config = es::parseRunConfig(document);
    QCOMPARE(config.callbacks.size(), std::size_t(1));
    const Json params = config.callbacks[0].params;
    QVERIFY2(params == Json::parse(expected.toStdString()), params.dump().c_str());
    // Numbers stay numbers: "min_delta": 0 reads back as 0.0, so toJson is stable.
    if (params.contains("min_delta"))
        QVERIFY(params.at("min_delta").is_number_float());
    QVERIFY(es::findCallbackSpec(config.callbacks[0].type) != nullptr);
}

void TestRunConfig::optimizerShorthand()
{
    Json document = Json::parse(kRegression);
    document["training"]["optimizer"] = "sgd";
    const es::RunConfig config = es::parseRunConfig(document);
    QCOMPARE(config.training.optimizer.type, es::OptimizerType::Sgd);
    QCOMPARE(config.training.optimizer.learningRate, 0.001);
    QVERIFY(es::toJson(config).at("training").at("optimizer").at("type") == Json("sgd"));
}

void TestRunConfig::roundTrip_data()
{
    QTest::addColumn<QString>("text");

    for (const es::detail::EmbeddedPreset& preset : es::detail::kEmbeddedPresets) {
        QTest::newRow(("preset " + std::string(preset.name)).c_str())
            << QString::fromUtf8(preset.json.data(), qsizetype(preset.json.size()));
    }
    QTest::newRow("every optional field") << kEverything;
    QTest::newRow("tokens") << kTokens;
    QTest::newRow("token classes, post padding") << QString::fromStdString(
        patched(
            "tokens",
            R"([{"op":"add","path":"/data/source/classes","value":6},{"op":"add","path":"/data/source/padding","value":"post"},{"op":"replace","path":"/training/loss","value":"sparse_categorical_crossentropy"},{"op":"replace","path":"/model/layers/2","value":{"type":"dense","units":6,"activation":"softmax"}}])")
            .dump());
    QTest::newRow("regression classes, categorical") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"add","path":"/data/source/classes","value":3},{"op":"replace","path":"/training/loss","value":"categorical_crossentropy"},{"op":"replace","path":"/model/layers/1","value":{"type":"dense","units":3,"activation":"softmax"}}])")
            .dump());
    QTest::newRow("npy with validation") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"replace","path":"/data/source","value":{"type":"npy","x":"x.npy","y":"/abs/y.npy","x_val":"xv.npy","y_val":"yv.npy"}}])")
            .dump());
    QTest::newRow("npz named arrays") << QString::fromStdString(
        patched(
            "tokens",
            R"([{"op":"add","path":"/model/input_shape","value":[20]},{"op":"replace","path":"/data/source","value":{"type":"npz","path":"d.npz","x":"inputs","y":"labels"}}])")
            .dump());
    QTest::newRow("csv every option") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"replace","path":"/data/source","value":{"type":"csv","path":"s.csv","delimiter":"\t","header":"present","features":["a",3],"target":"price","window":6,"horizon":2,"stride":3}}])")
            .dump());
    QTest::newRow("sgd") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"add","path":"/training/optimizer","value":{"type":"sgd","learning_rate":0.1,"momentum":0.9,"nesterov":true}}])")
            .dump());
    QTest::newRow("distributed nccl") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"add","path":"/device","value":{"name":"cuda:1"}},{"op":"add","path":"/distributed","value":{"backend":"nccl","world_size":8,"init":"tcp://[fd00::1]:29500","interface":"ib0","timeout_s":60,"bucket_mb":12.5}}])")
            .dump());
    QTest::newRow("distributed file rendezvous") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"add","path":"/distributed","value":{"backend":"gloo","world_size":4096,"init":"file:///shared/rdzv","interface":"10.0.0.2","timeout_s":86400,"bucket_mb":1024}}])")
            .dump());
    QTest::newRow("keras layers, every option")
        << QString::fromStdString(patched("tokens",
                                          R"([{"op":"replace","path":"/model/layers","value":[
              {"type":"embedding","input_dim":20000,"output_dim":8,"mask_zero":true,"embeddings_initializer":"he_normal"},
              {"type":"bidirectional","merge_mode":"ave","layer":{"type":"gru","units":6,"return_sequences":true,"activation":"relu","recurrent_activation":"hard_sigmoid","use_bias":false,"dropout":0.1,"recurrent_dropout":0.2,"kernel_l2":0.001,"recurrent_l2":0.002,"go_backwards":true,"unroll":true,"kernel_initializer":"lecun_uniform","recurrent_initializer":"glorot_normal","bias_initializer":"ones","reset_after":false}},
              {"type":"gru","units":5,"return_sequences":true},
              {"type":"lstm","units":4,"activation":"linear","recurrent_activation":"hard_sigmoid_keras2","unit_forget_bias":false,"bias_initializer":"random_normal","recurrent_initializer":"truncated_normal","kernel_initializer":"he_uniform"},
              {"type":"dense","units":1,"activation":"hard_sigmoid","use_bias":false,"kernel_initializer":"random_uniform","bias_initializer":"zeros"}]}])")
                                      .dump());
    QTest::newRow("adam") << QString::fromStdString(
        patched(
            "regression",
            R"([{"op":"add","path":"/training/optimizer","value":{"type":"adam","learning_rate":0.002,"beta_1":0.8,"beta_2":0.99,"epsilon":1e-8}}])")
            .dump());
}

void TestRunConfig::roundTrip()
{
    QFETCH(QString, text);
    const es::RunConfig parsed = es::parseRunConfigText(text.toStdString());
    const Json written = es::toJson(parsed);
    const es::RunConfig reparsed = es::parseRunConfig(written);
    QVERIFY(reparsed == parsed);
    QCOMPARE(es::toJson(reparsed).dump(), written.dump());
    // Every value the user wrote survives, whatever the spelling.
    const Json original = Json::parse(text.toStdString());
    const Json diff = Json::diff(original, written);
    for (const Json& operation : diff)
        QVERIFY2(operation.at("op") == "add", diff.dump().c_str());
}

void TestRunConfig::equalityIgnoresFieldsOfOtherTypes()
{
    es::LayerConfig dense;
    dense.units = 4;
    es::LayerConfig denseWithStaleLstmField = dense;
    denseWithStaleLstmField.returnSequences = true;
    QVERIFY(dense == denseWithStaleLstmField);
    es::LayerConfig wider = dense;
    wider.units = 5;
    QVERIFY(!(dense == wider));

    // A recurrent layer compares its own options only: an LSTM's reset_after, a GRU's
    // unit_forget_bias, a plain layer's merge mode are not part of it.
    es::LayerConfig lstm;
    lstm.type = es::LayerType::Lstm;
    lstm.units = 4;
    es::LayerConfig lstmWithStaleFields = lstm;
    lstmWithStaleFields.resetAfter = false;
    lstmWithStaleFields.mergeMode = es::MergeMode::Mul;
    lstmWithStaleFields.maskZero = true;
    QVERIFY(lstm == lstmWithStaleFields);
    es::LayerConfig lstmHardSigmoid = lstm;
    lstmHardSigmoid.recurrentActivation = es::Activation::HardSigmoidKeras2;
    QVERIFY(!(lstm == lstmHardSigmoid));
    es::LayerConfig gru = lstm;
    gru.type = es::LayerType::Gru;
    es::LayerConfig gruWithoutForgetBias = gru;
    gruWithoutForgetBias.unitForgetBias = false;
    QVERIFY(gru == gruWithoutForgetBias);
    es::LayerConfig gruResetBefore = gru;
    gruResetBefore.resetAfter = false;
    QVERIFY(!(gru == gruResetBefore));
    es::LayerConfig bidirectional = gru;
    bidirectional.type = es::LayerType::Bidirectional;
    bidirectional.wrapped = es::LayerType::Gru;
    es::LayerConfig otherMerge = bidirectional;
    otherMerge.mergeMode = es::MergeMode::Sum;
    QVERIFY(!(bidirectional == otherMerge));
    es::LayerConfig otherWrapped = bidirectional;
    otherWrapped.wrapped = es::LayerType::Lstm;
    QVERIFY(!(bidirectional == otherWrapped));

    es::OptimizerConfig sgd;
    sgd.type = es::OptimizerType::Sgd;
    es::OptimizerConfig sgdWithBeta = sgd;
    sgdWithBeta.beta1 = 0.5;
    QVERIFY(sgd == sgdWithBeta);
    sgdWithBeta.momentum = 0.5;
    QVERIFY(!(sgd == sgdWithBeta));

    es::DeviceConfig cpu;
    es::DeviceConfig cpuWithIndex;
    cpuWithIndex.index = 2;
    QVERIFY(cpu == cpuWithIndex);
    es::DeviceConfig cpuWithTcmalloc;
    cpuWithTcmalloc.allocator = es::HostAllocator::Tcmalloc;
    QVERIFY(!(cpu == cpuWithTcmalloc));
}

void TestRunConfig::builtinPresetsAreListedSorted()
{
    const std::vector<es::PresetInfo> presets = es::builtinPresets();
    QCOMPARE(presets.size(), std::size_t(4));
    QCOMPARE(presets[0].name, std::string("imdb-lstm-sentiment"));
    QCOMPARE(presets[1].name, std::string("keras-lstm-regression"));
    QCOMPARE(presets[2].name, std::string("quick-demo"));
    QCOMPARE(presets[3].name, std::string("text-sentiment-demo"));
    for (const es::PresetInfo& preset : presets) {
        QVERIFY2(!preset.description.empty(), preset.name.c_str());
        QCOMPARE(es::loadPreset(preset.name).description, preset.description);
    }
}

void TestRunConfig::everyPresetParses_data()
{
    QTest::addColumn<QString>("name");
    for (const es::PresetInfo& preset : es::builtinPresets())
        QTest::newRow(preset.name.c_str()) << QString::fromStdString(preset.name);
}

void TestRunConfig::everyPresetParses()
{
    QFETCH(QString, name);
    const auto error = errorOf([&] { es::loadPreset(name.toStdString()); });
    QVERIFY2(!error.has_value(), error ? error->what() : "");
    QCOMPARE(es::loadPreset(name.toStdString()).name, name.toStdString());
}

void TestRunConfig::referencePresetsMatchTheirWorkloads()
{
    const es::RunConfig regression = es::loadPreset("keras-lstm-regression");
    QCOMPARE(regression.model.layers.size(), std::size_t(3));
    for (int i = 0; i < 2; ++i) {
        const es::LayerConfig& lstm = regression.model.layers[std::size_t(i)];
        QCOMPARE(lstm.type, es::LayerType::Lstm);
        QCOMPARE(lstm.units, std::int64_t(80));
        QCOMPARE(lstm.returnSequences, i == 0);
        QCOMPARE(lstm.kernelL2, 1e-5);
        QCOMPARE(lstm.recurrentL2, 1e-5);
    }
    QCOMPARE(regression.model.layers[2].units, std::int64_t(1));
    QCOMPARE(regression.model.layers[2].activation, es::Activation::Linear);
    QCOMPARE(regression.training.loss, es::LossType::Mse);
    QCOMPARE(regression.training.optimizer.type, es::OptimizerType::Adam);
    QCOMPARE(regression.training.optimizer.learningRate, 1e-3);
    QCOMPARE(regression.training.epochs, 20);
    QCOMPARE(regression.training.metrics, std::vector<es::Metric>{es::Metric::Mae});
    QCOMPARE(regression.data.batchSize, std::int64_t(64));
    QCOMPARE(regression.data.validationSplit, 0.2);
    QCOMPARE(regression.data.source.samples, std::int64_t(10000));
    QCOMPARE(regression.data.source.timesteps, std::int64_t(64));
    QCOMPARE(regression.data.source.features, std::int64_t(8));
    QCOMPARE(regression.seed, std::uint64_t(42));

    const es::RunConfig imdb = es::loadPreset("imdb-lstm-sentiment");
    QCOMPARE(imdb.model.layers.size(), std::size_t(3));
    QCOMPARE(imdb.model.layers[0].type, es::LayerType::Embedding);
    QCOMPARE(imdb.model.layers[0].inputDim, std::int64_t(20000));
    QCOMPARE(imdb.model.layers[0].outputDim, std::int64_t(128));
    QCOMPARE(imdb.model.layers[1].units, std::int64_t(128));
    QCOMPARE(imdb.model.layers[1].returnSequences, false);
    QCOMPARE(imdb.model.layers[2].activation, es::Activation::Sigmoid);
    QCOMPARE(imdb.training.loss, es::LossType::BinaryCrossentropy);
    QCOMPARE(imdb.training.epochs, 5);
    QCOMPARE(imdb.training.metrics, std::vector<es::Metric>{es::Metric::Accuracy});
    QCOMPARE(imdb.data.source.type, es::DataSourceType::SyntheticTokens);
    QCOMPARE(imdb.data.source.samples, std::int64_t(25000));
    QCOMPARE(imdb.data.source.timesteps, std::int64_t(500));
    QCOMPARE(imdb.data.source.vocabSize, std::int64_t(20000));
    QCOMPARE(imdb.data.batchSize, std::int64_t(64));
    QCOMPARE(imdb.data.validationSplit, 0.2);

    const es::RunConfig demo = es::loadPreset("quick-demo");
    QCOMPARE(demo.model.layers.size(), std::size_t(2));
    QCOMPARE(demo.model.layers[0].units, std::int64_t(64));
    QCOMPARE(demo.training.optimizer.learningRate, 0.005);
    QCOMPARE(demo.training.epochs, 8);
    QCOMPARE(demo.data.source.samples, std::int64_t(6144));
    QCOMPARE(demo.data.source.timesteps, std::int64_t(64));
}

void TestRunConfig::unknownPresetListsKnownOnes()
{
    const auto error = errorOf([] { es::loadPreset("imdb"); });
    QVERIFY(error.has_value());
    QCOMPARE(std::string(error->what()),
             std::string("preset: unknown preset \"imdb\"; expected one of: imdb-lstm-sentiment, "
                         "keras-lstm-regression, quick-demo, text-sentiment-demo"));
}

void TestRunConfig::errorTextFormat()
{
    const es::ConfigError error(
        std::vector<es::ConfigIssue>{{"data.batch_size", "expected a positive integer, got 0"},
                                     {"", "expected an object, got 3"}});
    QCOMPARE(std::string(error.what()),
             std::string("data.batch_size: expected a positive integer, got 0\n"
                         "expected an object, got 3"));
    const es::ConfigError single("preset", "unknown");
    QCOMPARE(std::string(single.what()), std::string("preset: unknown"));
    QCOMPARE(single.issues().size(), std::size_t(1));
}

void TestRunConfig::errorTextIsPrintable()
{
    // A file name with a newline and a byte that is not UTF-8 must not break the
    // one-issue-per-line format or a JSON dump of the issues.
    const es::ConfigError error("bad\nname\xff.json", "cannot open the file");
    QCOMPARE(error.issues()[0].path, std::string("bad\\x0Aname\xEF\xBF\xBD.json"));
    QCOMPARE(std::string(error.what()).find('\n'), std::string::npos);
    QVERIFY(!Json(error.issues()[0].path).dump().empty());
}

void TestRunConfig::chineseMessagesKeepTheirPaths()
{
    // The message is translated, the path is what the user typed. A field's fit with the others
    // is checked only once every field is valid (fieldChecksComeBeforeCrossChecks), so the
    // config with both mistakes reports the field's, and with that one fixed, the check's.
    const es::LanguageScope chinese("zh_CN");
    Json document = patched("regression", R"([
        {"op":"replace","path":"/data/batch_size","value":-3},
        {"op":"add","path":"/data/placement","value":"pinned"}])");
    const auto fieldError = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(fieldError.has_value());
    QCOMPARE(fieldError->issues().size(), std::size_t(1));
    QCOMPARE(fieldError->issues()[0].path, std::string("data.batch_size"));
    QCOMPARE(fieldError->issues()[0].message, es::fillText("应为正整数，实际为 %1", {"-3"}));

    document["data"]["batch_size"] = 16;
    const auto checkError = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(checkError.has_value());
    QCOMPARE(checkError->issues().size(), std::size_t(1));
    QCOMPARE(checkError->issues()[0].path, std::string("data.placement"));
    QCOMPARE(checkError->issues()[0].message,
             es::fillText("\"pinned\" 用于加快向 CUDA 设备的复制，但 device.name 为 \"%1\"；"
                          "在 CPU 上请使用 \"host\" 或 \"device\"",
                          {"cpu"}));
}

void TestRunConfig::deviceNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("canonical");

    QTest::newRow("cpu") << "cpu" << true << "cpu";
    QTest::newRow("cuda") << "cuda" << true << "cuda:0";
    QTest::newRow("cuda:1") << "cuda:1" << true << "cuda:1";
    QTest::newRow("cuda:127") << "cuda:127" << true << "cuda:127";
    QTest::newRow("cuda:128") << "cuda:128" << false << "";
    QTest::newRow("cuda:") << "cuda:" << false << "";
    QTest::newRow("cuda:+1") << "cuda:+1" << false << "";
    QTest::newRow("cuda:1x") << "cuda:1x" << false << "";
    QTest::newRow("CPU") << "CPU" << false << "";
    QTest::newRow("mps") << "mps" << false << "";
}

void TestRunConfig::deviceNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QFETCH(QString, canonical);
    const std::optional<es::DeviceConfig> device = es::deviceFromName(name.toStdString());
    QCOMPARE(device.has_value(), valid);
    if (device)
        QCOMPARE(QString::fromStdString(device->name()), canonical);
}

void TestRunConfig::sampleSplit_data()
{
    QTest::addColumn<qint64>("samples");
    QTest::addColumn<double>("split");
    QTest::addColumn<qint64>("training");
    QTest::addColumn<qint64>("validation");

    QTest::newRow("keras-lstm-regression") << qint64(10000) << 0.2 << qint64(8000) << qint64(2000);
    QTest::newRow("no validation") << qint64(10) << 0.0 << qint64(10) << qint64(0);
    QTest::newRow("rounds training down") << qint64(3) << 0.5 << qint64(1) << qint64(2);
    QTest::newRow("imdb") << qint64(25000) << 0.2 << qint64(20000) << qint64(5000);
}

void TestRunConfig::sampleSplit()
{
    QFETCH(qint64, samples);
    QFETCH(double, split);
    QFETCH(qint64, training);
    QFETCH(qint64, validation);
    es::DataConfig data;
    data.source.samples = samples;
    data.validationSplit = split;
    const es::SampleSplit result = es::splitSamples(data);
    QCOMPARE(qint64(result.training), training);
    QCOMPARE(qint64(result.validation), validation);
}

void TestRunConfig::distributedAccepted_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("section");

    QTest::newRow("empty section") << "cpu"
                                   << "{}";
    QTest::newRow("every key")
        << "cpu"
        << R"({"backend":"auto","world_size":2,"init":"tcp://10.0.0.1:29500","interface":"eth0","timeout_s":300,"bucket_mb":25})";
    QTest::newRow("gloo on cpu") << "cpu"
                                 << R"({"backend":"gloo","world_size":4})";
    QTest::newRow("gloo on cuda") << "cuda"
                                  << R"({"backend":"gloo","world_size":2})";
    QTest::newRow("nccl on cuda") << "cuda:1"
                                  << R"({"backend":"nccl","world_size":2})";
    QTest::newRow("auto on cuda") << "cuda"
                                  << R"({"backend":"auto"})";
    QTest::newRow("nccl for one process on cuda") << "cuda"
                                                  << R"({"backend":"nccl"})";
    QTest::newRow("world_size 1") << "cpu"
                                  << R"({"world_size":1})";
    QTest::newRow("world_size 4096") << "cpu"
                                     << R"({"world_size":4096})";
    QTest::newRow("timeout_s 1") << "cpu"
                                 << R"({"timeout_s":1})";
    QTest::newRow("timeout_s a day") << "cpu"
                                     << R"({"timeout_s":86400})";
    QTest::newRow("bucket_mb small fraction") << "cpu"
                                              << R"({"bucket_mb":0.001})";
    QTest::newRow("bucket_mb 1024") << "cpu"
                                    << R"({"bucket_mb":1024.0})";
    QTest::newRow("bucket_mb integer") << "cpu"
                                       << R"({"bucket_mb":50})";
    QTest::newRow("init empty") << "cpu"
                                << R"({"world_size":2,"init":""})";
    QTest::newRow("init host name") << "cpu"
                                    << R"({"init":"tcp://node-1.cluster:1"})";
    QTest::newRow("init ipv6") << "cpu"
                               << R"({"init":"tcp://[::1]:65535"})";
    QTest::newRow("init file") << "cpu"
                               << R"({"init":"file:/shared/rdzv"})";
    QTest::newRow("init file url") << "cpu"
                                   << R"({"init":"file:///shared/rdzv"})";
    QTest::newRow("interface with a file rendezvous")
        << "cpu"
        << R"({"world_size":2,"init":"file:/shared/rdzv","interface":"eth0"})";
    QTest::newRow("interface empty") << "cpu"
                                     << R"({"interface":""})";
    QTest::newRow("interface ipv4 address") << "cpu"
                                            << R"({"interface":"10.0.0.2"})";
    QTest::newRow("interface ipv6 address") << "cpu"
                                            << R"({"interface":"fd00::2"})";
    QTest::newRow("interface host name") << "cpu"
                                         << R"({"interface":"node-2.cluster"})";
    // Letters outside ASCII are not spaces: only whitespace and controls are refused.
    QTest::newRow("interface non-ascii letters") << "cpu"
                                                 << R"({"interface":"r\u00e9seau0"})";
    QTest::newRow("interface of 255 bytes")
        << "cpu" << QString(R"({"interface":"%1"})").arg(QString(255, 'a'));
}

void TestRunConfig::distributedAccepted()
{
    QFETCH(QString, device);
    QFETCH(QString, section);
    Json document = baseConfig("regression");
    document["device"] = {{"name", device.toStdString()}};
    const Json given = Json::parse(section.toStdString());
    document["distributed"] = given;
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(!error.has_value(), error ? error->what() : "");
    // Every value given was read, not ignored: the saved config writes it back.
    const Json written = es::toJson(es::parseRunConfig(document)).at("distributed");
    for (const auto& item : given.items())
        QVERIFY2(written.at(item.key()) == item.value(),
                 (item.key() + " " + written.dump()).c_str());
}

void TestRunConfig::distributedRefused_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("section");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("phrase");

    QTest::newRow("section not an object") << "cpu"
                                           << "2"
                                           << "distributed"
                                           << "expected an object, got 2";
    QTest::newRow("section null") << "cpu"
                                  << "null"
                                  << "distributed"
                                  << "got null";
    QTest::newRow("section an array") << "cpu"
                                      << "[]"
                                      << "distributed"
                                      << "got an array of 0";

    QTest::newRow("backend unknown") << "cpu"
                                     << R"({"backend":"mpi"})"
                                     << "distributed.backend"
                                     << R"(expected one of "auto", "gloo", "nccl", got "mpi")";
    QTest::newRow("backend upper case") << "cpu"
                                        << R"({"backend":"NCCL"})"
                                        << "distributed.backend"
                                        << R"(got "NCCL")";
    QTest::newRow("backend not a string") << "cpu"
                                          << R"({"backend":1})"
                                          << "distributed.backend"
                                          << "got 1";

    QTest::newRow("world_size 0") << "cpu"
                                  << R"({"world_size":0})"
                                  << "distributed.world_size"
                                  << "expected a positive integer, got 0";
    QTest::newRow("world_size negative") << "cpu"
                                         << R"({"world_size":-2})"
                                         << "distributed.world_size"
                                         << "got -2";
    QTest::newRow("world_size too large")
        << "cpu"
        << R"({"world_size":4097})"
        << "distributed.world_size"
        << "expected a positive integer no larger than 4096, got 4097";
    QTest::newRow("world_size beyond int64") << "cpu"
                                             << R"({"world_size":18446744073709551615})"
                                             << "distributed.world_size"
                                             << "got 18446744073709551615";
    QTest::newRow("world_size beyond int") << "cpu"
                                           << R"({"world_size":4294967298})"
                                           << "distributed.world_size"
                                           << "got 4294967298";
    QTest::newRow("world_size as string") << "cpu"
                                          << R"({"world_size":"2"})"
                                          << "distributed.world_size"
                                          << R"(expected a positive integer, got "2")";
    QTest::newRow("world_size integral float") << "cpu"
                                               << R"({"world_size":2.0})"
                                               << "distributed.world_size"
                                               << "got 2.0";
    QTest::newRow("world_size fractional") << "cpu"
                                           << R"({"world_size":2.5})"
                                           << "distributed.world_size"
                                           << "got 2.5";
    QTest::newRow("world_size boolean") << "cpu"
                                        << R"({"world_size":true})"
                                        << "distributed.world_size"
                                        << "got true";
    QTest::newRow("world_size null") << "cpu"
                                     << R"({"world_size":null})"
                                     << "distributed.world_size"
                                     << "got null";

    QTest::newRow("timeout_s 0") << "cpu"
                                 << R"({"timeout_s":0})"
                                 << "distributed.timeout_s"
                                 << "expected a positive integer, got 0";
    QTest::newRow("timeout_s negative") << "cpu"
                                        << R"({"timeout_s":-1})"
                                        << "distributed.timeout_s"
                                        << "got -1";
    QTest::newRow("timeout_s too large") << "cpu"
                                         << R"({"timeout_s":86401})"
                                         << "distributed.timeout_s"
                                         << "no larger than 86400, got 86401";
    QTest::newRow("timeout_s in milliseconds") << "cpu"
                                               << R"({"timeout_s":300000})"
                                               << "distributed.timeout_s"
                                               << "got 300000";
    QTest::newRow("timeout_s fractional") << "cpu"
                                          << R"({"timeout_s":1.5})"
                                          << "distributed.timeout_s"
                                          << "got 1.5";
    QTest::newRow("timeout_s as string") << "cpu"
                                         << R"({"timeout_s":"300"})"
                                         << "distributed.timeout_s"
                                         << R"(got "300")";

    QTest::newRow("bucket_mb 0") << "cpu"
                                 << R"({"bucket_mb":0})"
                                 << "distributed.bucket_mb"
                                 << "expected a number in (0, 1024], got 0";
    QTest::newRow("bucket_mb negative") << "cpu"
                                        << R"({"bucket_mb":-25})"
                                        << "distributed.bucket_mb"
                                        << "got -25";
    QTest::newRow("bucket_mb negative zero") << "cpu"
                                             << R"({"bucket_mb":-0.0})"
                                             << "distributed.bucket_mb"
                                             << "got -0.0";
    QTest::newRow("bucket_mb too large") << "cpu"
                                         << R"({"bucket_mb":1024.5})"
                                         << "distributed.bucket_mb"
                                         << "expected a number in (0, 1024], got 1024.5";
    QTest::newRow("bucket_mb in bytes") << "cpu"
                                        << R"({"bucket_mb":26214400})"
                                        << "distributed.bucket_mb"
                                        << "got 26214400";
    QTest::newRow("bucket_mb as string") << "cpu"
                                         << R"({"bucket_mb":"25"})"
                                         << "distributed.bucket_mb"
                                         << R"(got "25")";

    QTest::newRow("init not a string") << "cpu"
                                       << R"({"init":29500})"
                                       << "distributed.init"
                                       << "expected a string, got 29500";
    QTest::newRow("init null") << "cpu"
                               << R"({"init":null})"
                               << "distributed.init"
                               << "expected a string, got null";
    QTest::newRow("init without port") << "cpu"
                                       << R"({"init":"tcp://host"})"
                                       << "distributed.init"
                                       << "the port is missing: tcp://HOST:PORT";
    QTest::newRow("init without host") << "cpu"
                                       << R"({"init":"tcp://:29500"})"
                                       << "distributed.init"
                                       << "the host is missing: tcp://HOST:PORT";
    QTest::newRow("init udp") << "cpu"
                              << R"({"init":"udp://x:1"})"
                              << "distributed.init"
                              << "expected tcp://HOST:PORT or file:PATH";
    QTest::newRow("init without scheme") << "cpu"
                                         << R"({"init":"10.0.0.1:29500"})"
                                         << "distributed.init"
                                         << "expected tcp://HOST:PORT or file:PATH";
    QTest::newRow("init env") << "cpu"
                              << R"({"init":"env://"})"
                              << "distributed.init"
                              << "expected tcp://HOST:PORT or file:PATH";
    QTest::newRow("init port 0") << "cpu"
                                 << R"({"init":"tcp://host:0"})"
                                 << "distributed.init"
                                 << R"(port "0" is not a number from 1 to 65535)";
    QTest::newRow("init port too large") << "cpu"
                                         << R"({"init":"tcp://host:65536"})"
                                         << "distributed.init"
                                         << R"(port "65536" is not a number from 1 to 65535)";
    QTest::newRow("init trailing space") << "cpu"
                                         << R"({"init":"tcp://host:29500 "})"
                                         << "distributed.init"
                                         << R"(port "29500 " is not a number)";
    QTest::newRow("init ipv6 without brackets") << "cpu"
                                                << R"({"init":"tcp://fd00::1:29500"})"
                                                << "distributed.init"
                                                << "an IPv6 address goes in brackets";
    QTest::newRow("init file without path") << "cpu"
                                            << R"({"init":"file:"})"
                                            << "distributed.init"
                                            << "the file is missing: file:PATH";
    QTest::newRow("init another machine's file") << "cpu"
                                                 << R"({"init":"file://host/rdzv"})"
                                                 << "distributed.init"
                                                 << "names another machine's file";

    QTest::newRow("interface with a space")
        << "cpu"
        << R"({"interface":"eth 0"})"
        << "distributed.interface"
        << R"(without spaces or control characters; got "eth 0", which has one at byte 4)";
    QTest::newRow("interface with a newline") << "cpu"
                                              << R"({"interface":"eth0\n"})"
                                              << "distributed.interface"
                                              << R"(got "eth0\n", which has one at byte 5)";
    QTest::newRow("interface with a tab") << "cpu"
                                          << R"({"interface":"\teth0"})"
                                          << "distributed.interface"
                                          << "at byte 1";
    QTest::newRow("interface with DEL") << "cpu"
                                        << R"({"interface":"eth0\u007f"})"
                                        << "distributed.interface"
                                        << "at byte 5";
    QTest::newRow("interface with a C1 control") << "cpu"
                                                 << R"({"interface":"eth\u00850"})"
                                                 << "distributed.interface"
                                                 << "at byte 4";
    QTest::newRow("interface with a no-break space") << "cpu"
                                                     << R"({"interface":"eth0\u00a0"})"
                                                     << "distributed.interface"
                                                     << "at byte 5";
    QTest::newRow("interface with an ideographic space") << "cpu"
                                                         << R"({"interface":"\u3000eth0"})"
                                                         << "distributed.interface"
                                                         << "at byte 1";
    QTest::newRow("interface with a line separator") << "cpu"
                                                     << R"({"interface":"eth0\u2028"})"
                                                     << "distributed.interface"
                                                     << "at byte 5";
    QTest::newRow("interface of 256 bytes")
        << "cpu" << QString(R"({"interface":"%1"})").arg(QString(256, 'a'))
        << "distributed.interface"
        << "of at most 255 bytes, got 256 bytes";
    QTest::newRow("interface not a string") << "cpu"
                                            << R"({"interface":0})"
                                            << "distributed.interface"
                                            << "expected a string, got 0";
    QTest::newRow("interface with a NUL byte") << "cpu"
                                               << R"({"interface":"eth0\u0000"})"
                                               << "distributed.interface"
                                               << "contains a NUL byte";

    QTest::newRow("unknown key")
        << "cpu"
        << R"({"worldsize":2})"
        << "distributed.worldsize"
        << "unknown key; expected one of: backend, world_size, init, interface, timeout_s, "
           "bucket_mb; did you mean \"world_size\"?";
    QTest::newRow("unknown key not an identifier") << "cpu"
                                                   << R"({"world-size":2})"
                                                   << R"(distributed["world-size"])"
                                                   << "did you mean \"world_size\"?";
    // The launcher gives each process its rank; one config serves them all.
    QTest::newRow("rank is not part of the file") << "cpu"
                                                  << R"({"rank":1})"
                                                  << "distributed.rank"
                                                  << "unknown key";

    QTest::newRow("nccl on cpu")
        << "cpu"
        << R"({"backend":"nccl","world_size":2})"
        << "distributed.backend"
        << R"("nccl" reduces CUDA tensors only, but device.name is "cpu"; use "gloo" or "auto" on the CPU)";
    QTest::newRow("nccl for one process on cpu") << "cpu"
                                                 << R"({"backend":"nccl"})"
                                                 << "distributed.backend"
                                                 << "reduces CUDA tensors only";
}

void TestRunConfig::distributedRefused()
{
    QFETCH(QString, device);
    QFETCH(QString, section);
    QFETCH(QString, path);
    QFETCH(QString, phrase);
    Json document = baseConfig("regression");
    document["device"] = {{"name", device.toStdString()}};
    document["distributed"] = Json::parse(section.toStdString());
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(error.has_value(), "the config was accepted");
    const std::string what = error->what();
    // One issue, at the field: nothing else in the config is wrong.
    QVERIFY2(error->issues().size() == 1, what.c_str());
    QCOMPARE(error->issues()[0].path, path.toStdString());
    QVERIFY2(hasIssue(*error, path.toStdString(), phrase.toStdString()), what.c_str());
}

void TestRunConfig::distributedNonFiniteNumbers_data()
{
    // JSON text has no NaN or infinity (distributedNonFiniteText), but a document built in code
    // (the app's forms, a what-if patch) can hold them.
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("phrase");

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double infinity = std::numeric_limits<double>::infinity();
    QTest::newRow("bucket_mb NaN")
        << "bucket_mb" << nan << "expected a number in (0, 1024], got NaN";
    QTest::newRow("bucket_mb Infinity") << "bucket_mb" << infinity << "got Infinity";
    QTest::newRow("bucket_mb -Infinity") << "bucket_mb" << -infinity << "got -Infinity";
    QTest::newRow("world_size NaN")
        << "world_size" << nan << "expected a positive integer, got NaN";
    QTest::newRow("world_size Infinity") << "world_size" << infinity << "got Infinity";
    QTest::newRow("timeout_s Infinity") << "timeout_s" << infinity << "got Infinity";
    QTest::newRow("timeout_s NaN") << "timeout_s" << nan << "got NaN";
}

void TestRunConfig::distributedNonFiniteNumbers()
{
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(QString, phrase);
    Json document = baseConfig("regression");
    document["distributed"] = {{key.toStdString(), value}};
    const auto error = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY2(error.has_value(), "a non-finite number was accepted");
    const std::string path = "distributed." + key.toStdString();
    QVERIFY2(error->issues().size() == 1, error->what());
    QVERIFY2(hasIssue(*error, path, phrase.toStdString()), error->what());
}

void TestRunConfig::distributedNonFiniteText_data()
{
    QTest::addColumn<QString>("literal");
    QTest::addColumn<QString>("phrase");

    QTest::newRow("NaN") << "NaN"
                         << "invalid literal";
    QTest::newRow("Infinity") << "Infinity"
                              << "invalid literal";
    QTest::newRow("-Infinity") << "-Infinity"
                               << "invalid number";
    // Finite in the text, infinite as a double: the parser refuses it rather than keep inf.
    QTest::newRow("1e999") << "1e999"
                           << "number overflow";
}

void TestRunConfig::distributedNonFiniteText()
{
    QFETCH(QString, literal);
    QFETCH(QString, phrase);
    const std::string text = R"({"model": {"layers": [{"type": "dense", "units": 1}]},
        "data": {"source": {"type": "synthetic_regression", "samples": 4, "timesteps": 2,
                            "features": 1}},
        "distributed": {"bucket_mb": )" +
                             literal.toStdString() + "}}";
    const auto error = errorOf([&] { es::parseRunConfigText(text, "run.json"); });
    QVERIFY2(error.has_value(), "a number JSON does not have was accepted");
    QVERIFY2(error->issues().size() == 1, error->what());
    QVERIFY2(error->issues()[0].path.rfind("run.json@byte ", 0) == 0, error->what());
    QVERIFY2(error->issues()[0].message.find(phrase.toStdString()) != std::string::npos,
             error->what());
}

void TestRunConfig::distributedFieldsAreRead()
{
    Json document = baseConfig("regression");
    document["distributed"] = Json::parse(R"({"backend": "gloo", "world_size": 2,
        "init": "tcp://10.0.0.1:29500", "interface": "eth0", "timeout_s": 120, "bucket_mb": 12.5})");
    const es::DistributedConfig read = es::parseRunConfig(document).distributed;
    QCOMPARE(read.backend, es::DistributedBackend::Gloo);
    QCOMPARE(read.worldSize, 2);
    QCOMPARE(read.init, std::string("tcp://10.0.0.1:29500"));
    QCOMPARE(read.interface, std::string("eth0"));
    QCOMPARE(read.timeoutS, 120);
    QCOMPARE(read.bucketMb, 12.5);
    QVERIFY(read.enabled());

    // The section as the user wrote it: a file URL is not rewritten to another spelling.
    document["distributed"] = {{"init", "file:///shared/rdzv"}};
    QCOMPARE(es::parseRunConfig(document).distributed.init, std::string("file:///shared/rdzv"));

    // Left out, the section is one process with every default.
    document.erase("distributed");
    QVERIFY(es::parseRunConfig(document).distributed == es::DistributedConfig());
}

void TestRunConfig::distributedEqualityAndRank()
{
    // The round trip proves parse(toJson(c)) == c only as far as operator== compares: each
    // field must count.
    const es::RunConfig base = es::parseRunConfig(baseConfig("regression"));
    const auto differs = [&](auto change) {
        es::RunConfig other = base;
        change(other.distributed);
        return !(other == base);
    };
    QVERIFY(differs([](es::DistributedConfig& d) { d.backend = es::DistributedBackend::Gloo; }));
    QVERIFY(differs([](es::DistributedConfig& d) { d.worldSize = 2; }));
    QVERIFY(differs([](es::DistributedConfig& d) { d.init = "file:/x"; }));
    QVERIFY(differs([](es::DistributedConfig& d) { d.interface = "eth0"; }));
    QVERIFY(differs([](es::DistributedConfig& d) { d.timeoutS = 60; }));
    QVERIFY(differs([](es::DistributedConfig& d) { d.bucketMb = 12.5; }));

    // The rank comes from the launcher: every rank's config is the same config, and the file
    // does not hold it.
    es::RunConfig rankOne = base;
    rankOne.distributed.worldSize = 2;
    rankOne.rank = 1;
    es::RunConfig rankZero = rankOne;
    rankZero.rank = 0;
    QVERIFY(rankOne == rankZero);
    const Json written = es::toJson(rankOne);
    QVERIFY(!written.at("distributed").contains("rank"));
    QVERIFY(!written.contains("rank"));
    QCOMPARE(es::parseRunConfig(written).rank, 0);
}

void TestRunConfig::distributedMessagesAreTranslated()
{
    const es::LanguageScope chinese("zh_CN");
    Json document = baseConfig("regression");
    document["distributed"] = {{"backend", "nccl"}};
    const auto nccl = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(nccl.has_value());
    QCOMPARE(nccl->issues()[0].path, std::string("distributed.backend"));
    QCOMPARE(nccl->issues()[0].message,
             es::fillText("\"nccl\" 只能归约 CUDA 张量，但 device.name 为 \"%1\"；在 CPU 上请使用 "
                          "\"gloo\" 或 \"auto\"，或将 device.name 设为 CUDA 设备",
                          {"cpu"}));

    document["distributed"] = {{"interface", "eth 0"}};
    const auto blank = errorOf([&] { es::parseRunConfig(document); });
    QVERIFY(blank.has_value());
    QCOMPARE(blank->issues()[0].path, std::string("distributed.interface"));
    QCOMPARE(
        blank->issues()[0].message,
        es::fillText("应为不含空白或控制字符的网络接口（\"eth0\"）或本机地址；实际为 %1，第 %2 "
                     "字节处含有此类字符",
                     {"\"eth 0\"", "4"}));
}

QTEST_APPLESS_MAIN(TestRunConfig)

#include "tst_runconfig.moc"
