// parseRunConfig: reads every field on its own (type, range, unknown keys), then, when each
// field is valid, checks how the fields fit together (runconfigcheck.cpp).

#include "engine/config/callbackspecs.h"
#include "engine/config/configerror.h"
#include "engine/config/jsonreader.h"
#include "engine/config/rendezvous.h"
#include "engine/config/runconfig.h"
#include "engine/config/runconfigcheck.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

// Upper bounds that no real model or data set reaches; above them a value is a typo (an extra
// zero), and products of them stay far from overflowing int64 in sizes and FLOP counts.
// An LSTM of this many units already has 4H(I+H) > 34e9 parameters.
constexpr IntRange kWidthRange{1, 1 << 16};
// Vocabularies of multilingual tokenizers reach a few hundred thousand ids.
constexpr IntRange kVocabularyRange{1, 1 << 24};
// The token generator needs a padding id, a positive word, a negative word and a neutral one.
constexpr IntRange kTokenVocabularyRange{4, 1 << 24};
// A softmax over more classes than this is a language model's output, not a sequence
// classifier's; the token generator also needs a word band per class.
constexpr IntRange kClassesRange{0, 1000};
constexpr IntRange kSamplesRange{1, std::int64_t(1) << 32};
constexpr IntRange kTimestepsRange{1, 1 << 20};
// data.text: 0 means no limit, or each text as long as the longest training text.
constexpr IntRange kMaxTokensRange{0, 1 << 24};
constexpr IntRange kSequenceLengthRange{0, 1 << 20};
constexpr IntRange kBatchSizeRange{1, std::int64_t(1) << 32};
// Each prefetched batch holds memory; a deeper queue only helps when preparation is bursty.
constexpr IntRange kPrefetchRange{0, 64};
// Below 10 ms the sampler's own /proc reads start to cost CPU the run should have; above a
// second the CPU and GPU charts lose the shape of an epoch.
constexpr IntRange kSampleIntervalRange{10, 1000};
// Spreadsheets stop at 16384 columns; a larger index is a typo.
constexpr std::int64_t kMaxCsvColumn = 1 << 20;
// More threads than any machine this runs on has cores; LibTorch would try to start them.
constexpr IntRange kThreadsRange{0, 1024};
// One-time costs are paid in the first step or few; a thousand warm-up steps is already far
// past any of them, and more is a typo that would hold the run's start for minutes.
constexpr IntRange kWarmupStepsRange{0, 1000};
// Far more processes than any cluster this trains on; Gloo connects every rank to every other,
// so a larger count is a typo that would open millions of connections before failing.
constexpr IntRange kWorldSizeRange{1, 4096};
// A day: no rendezvous or collective needs longer, and a larger value (milliseconds typed for
// seconds) would leave the other ranks of a run hanging for weeks when one of them dies.
constexpr IntRange kTimeoutRange{1, 86400};
// Each bucket is a flat copy of the gradients it averages; above a GiB it is a typo (kilobytes
// typed for megabytes), not a tuning: no model here has that many gradients.
constexpr NumberRange kBucketMbRange{0.0, 1024.0, true, false};  // (0, 1024]
// An interface name is at most 15 bytes (IFNAMSIZ) and a host name 253 (RFC 1035); the limit
// leaves room for either and refuses a pasted paragraph.
constexpr std::size_t kMaxInterfaceBytes = 255;

constexpr NumberRange kNonNegative{};
constexpr NumberRange kPositive{0.0, std::numeric_limits<double>::infinity(), true, false};
constexpr NumberRange kFraction{0.0, 1.0, false, true};       // [0, 1)
constexpr NumberRange kUnitInterval{0.0, 1.0, false, false};  // [0, 1]

/// A bias initializer: any but "orthogonal", which needs a matrix (Keras refuses it too).
void readBiasInitializer(JsonReader& reader, Initializer& target)
{
    Initializer read = target;
    if (!reader.choice("bias_initializer", kAllInitializers, initializerKey, read))
        return;
    if (read == Initializer::Orthogonal) {
        reader.addIssue("bias_initializer",
                        engineText("RunConfigParse",
                                   "\"orthogonal\" needs a matrix, and a bias is a vector; use "
                                   "\"zeros\" (Keras' default) or another initializer"));
        return;
    }
    target = read;
}

/// The options lstm and gru share; `cell` is the layer's own type or, inside a
/// bidirectional layer, the wrapped one's.
void readRecurrentOptions(JsonReader& reader, LayerType cell, LayerConfig& layer)
{
    reader.integer("units", kWidthRange, layer.units, Need::Required);
    reader.boolean("return_sequences", layer.returnSequences);
    reader.number("dropout", kFraction, layer.dropout);
    reader.number("recurrent_dropout", kFraction, layer.recurrentDropout);
    reader.number("kernel_l2", kNonNegative, layer.kernelL2);
    reader.number("recurrent_l2", kNonNegative, layer.recurrentL2);
    reader.choice("activation", kRecurrentActivations, activationKey, layer.cellActivation);
    reader.choice("recurrent_activation", kRecurrentActivations, activationKey,
                  layer.recurrentActivation);
    reader.boolean("use_bias", layer.useBias);
    reader.boolean("go_backwards", layer.goBackwards);
    reader.boolean("unroll", layer.unroll);
    reader.choice("kernel_initializer", kAllInitializers, initializerKey, layer.kernelInitializer);
    reader.choice("recurrent_initializer", kAllInitializers, initializerKey,
                  layer.recurrentInitializer);
    readBiasInitializer(reader, layer.biasInitializer);
    if (cell == LayerType::Lstm)
        reader.boolean("unit_forget_bias", layer.unitForgetBias);
    else
        reader.boolean("reset_after", layer.resetAfter);
}

void readLayer(JsonReader& reader, LayerConfig& layer)
{
    if (!reader.choice("type", kAllLayerTypes, layerTypeKey, layer.type, Need::Required))
        return;  // the other keys depend on the type; reporting them would be noise
    switch (layer.type) {
        case LayerType::Embedding:
            reader.integer("input_dim", kVocabularyRange, layer.inputDim, Need::Required);
            reader.integer("output_dim", kWidthRange, layer.outputDim, Need::Required);
            reader.boolean("mask_zero", layer.maskZero);
            reader.choice("embeddings_initializer", kAllInitializers, initializerKey,
                          layer.embeddingsInitializer);
            break;
        case LayerType::Lstm:
        case LayerType::Gru: readRecurrentOptions(reader, layer.type, layer); break;
        case LayerType::Bidirectional:
            reader.choice("merge_mode", kAllMergeModes, mergeModeKey, layer.mergeMode);
            if (std::optional<JsonReader> inner = reader.object("layer", Need::Required)) {
                if (inner->choice("type", kWrappableLayerTypes, layerTypeKey, layer.wrapped,
                                  Need::Required)) {
                    readRecurrentOptions(*inner, layer.wrapped, layer);
                    inner->finish();
                }
            }
            break;
        case LayerType::Dropout:
            reader.number("rate", kFraction, layer.rate, Need::Required);
            break;
        case LayerType::Dense:
            reader.integer("units", kWidthRange, layer.units, Need::Required);
            reader.choice("activation", kAllActivations, activationKey, layer.activation);
            reader.boolean("use_bias", layer.useBias);
            reader.choice("kernel_initializer", kAllInitializers, initializerKey,
                          layer.kernelInitializer);
            readBiasInitializer(reader, layer.biasInitializer);
            break;
    }
    reader.finish();
}

/// "input_shape": null, [T] or [T, F], as keras.Input(shape=...) takes it.
void readInputShape(JsonReader& reader, std::vector<std::int64_t>& shape)
{
    const Json* value = reader.find("input_shape");
    if (value == nullptr || value->is_null())
        return;
    const bool validRank = value->is_array() && (value->size() == 1 || value->size() == 2);
    bool valid = validRank;
    std::vector<std::int64_t> read;
    if (validRank) {
        for (const Json& item : *value) {
            const bool inRange = item.is_number_integer() && item.get<std::int64_t>() >= 1 &&
                                 item.get<std::int64_t>() <= kTimestepsRange.max;
            valid = valid && inRange;
            if (inRange)
                read.push_back(item.get<std::int64_t>());
        }
    }
    if (!valid) {
        reader.addIssue(
            "input_shape",
            fillText(engineText("RunConfigParse",
                                "expected null, [timesteps] (token ids) or [timesteps, features], "
                                "each a positive integer up to %1, got %2"),
                     {std::to_string(kTimestepsRange.max), JsonReader::describe(*value)}));
        return;
    }
    shape = std::move(read);
}

void readModel(JsonReader& reader, ModelConfig& model)
{
    readInputShape(reader, model.inputShape);
    if (const Json* layers = reader.array("layers", Need::Required)) {
        if (layers->empty())
            reader.addIssue(
                "layers",
                engineText("RunConfigParse", "expected at least one layer, got an empty array"));
        for (std::size_t i = 0; i < layers->size(); ++i) {
            JsonReader layerReader = reader.element("layers", i);
            LayerConfig layer;
            if (layerReader.isObject())
                readLayer(layerReader, layer);
            model.layers.push_back(layer);
        }
    }
    reader.finish();
}

/// A CSV column: a name (a JSON string) or a 0-based index (a JSON integer).
std::optional<ColumnRef> readColumn(const Json& value)
{
    if (value.is_string() && !value.get_ref<const std::string&>().empty())
        return ColumnRef::byName(value.get<std::string>());
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0 &&
        value.get<std::int64_t>() <= kMaxCsvColumn)
        return ColumnRef::byIndex(static_cast<int>(value.get<std::int64_t>()));
    return std::nullopt;
}

/// The message for a value that is not a column; `got` describes it.
std::string wrongColumn(const Json& got)
{
    return fillText(engineText("RunConfigParse",
                               "expected a column name (a non-empty string) or a 0-based column "
                               "index (0 to %1), got %2"),
                    {std::to_string(kMaxCsvColumn), JsonReader::describe(got)});
}

/// csv's and text_csv's "delimiter" and "header".
void readDelimiterAndHeader(JsonReader& reader, DataSourceConfig& source)
{
    if (const Json* delimiter = reader.find("delimiter")) {
        const std::string text = delimiter->is_string() ? delimiter->get<std::string>() : "";
        if (text == "auto")
            source.delimiter = CsvOptions::kAutoDelimiter;
        else if (text == "tab")
            source.delimiter = '\t';
        else if (text == "," || text == ";" || text == "\t")
            source.delimiter = text.front();
        else
            reader.addIssue(
                "delimiter",
                fillText(engineText("RunConfigParse",
                                    "expected \"auto\", \",\", \";\", \"\\t\" or \"tab\", got %1"),
                         {JsonReader::describe(*delimiter)}));
    }
    reader.choice("header", kAllCsvHeaders, csvHeaderKey, source.header);
}

void readCsvSource(JsonReader& reader, DataSourceConfig& source)
{
    reader.string("path", source.path, Need::Required, false);
    readDelimiterAndHeader(reader, source);
    if (const Json* features = reader.array("features", Need::Required)) {
        if (features->empty())
            reader.addIssue(
                "features",
                engineText("RunConfigParse", "expected at least one column, got an empty array"));
        for (std::size_t i = 0; i < features->size(); ++i) {
            if (const std::optional<ColumnRef> column = readColumn((*features)[i]))
                source.columns.push_back(*column);
            else
                reader.addIssueAt(JsonReader::elementPath(reader.pathOf("features"), i),
                                  wrongColumn((*features)[i]));
        }
    }
    if (const Json* target = reader.find("target")) {
        if (const std::optional<ColumnRef> column = readColumn(*target))
            source.target = *column;
        else
            reader.addIssue("target", wrongColumn(*target));
    } else {
        reader.addIssue("target",
                        fillText(engineText("RunConfigParse",
                                            "required key is missing; expected a column name (a "
                                            "non-empty string) or a 0-based column index (0 to "
                                            "%1) for the value each sample predicts"),
                                 {std::to_string(kMaxCsvColumn)}));
    }
    reader.integer("window", kTimestepsRange, source.window, Need::Required);
    reader.integer("horizon", kTimestepsRange, source.horizon);
    reader.integer("stride", kTimestepsRange, source.stride);
}

/// text_csv's "text_column" or "label_column": a header name, or a 1-based position as a
/// spreadsheet numbers columns (held 0-based in the ColumnRef).
void readTextColumn(JsonReader& reader, std::string_view key, ColumnRef& column)
{
    const Json* value = reader.find(key);
    if (value && value->is_string() && !value->get_ref<const std::string&>().empty()) {
        column = ColumnRef::byName(value->get<std::string>());
        return;
    }
    if (value && value->is_number_integer() && value->get<std::int64_t>() >= 1 &&
        value->get<std::int64_t>() <= kMaxCsvColumn) {
        column = ColumnRef::byIndex(static_cast<int>(value->get<std::int64_t>() - 1));
        return;
    }
    const std::string expected =
        fillText(engineText("RunConfigParse",
                            "expected a column name (a non-empty string) or a 1-based column "
                            "position (1 to %1)"),
                 {std::to_string(kMaxCsvColumn)});
    if (!value)
        reader.addIssue(
            key, fillText(engineText("RunConfigParse", "required key is missing; %1"), {expected}));
    else
        reader.addIssue(key, fillText(engineText("RunConfigParse", "%1, got %2"),
                                      {expected, JsonReader::describe(*value)}));
}

void readTextCsvSource(JsonReader& reader, DataSourceConfig& source)
{
    reader.string("path", source.path, Need::Required, false);
    readDelimiterAndHeader(reader, source);
    readTextColumn(reader, "text_column", source.textColumn);
    readTextColumn(reader, "label_column", source.labelColumn);
    if (source.textColumn == source.labelColumn && !source.textColumn.name.empty())
        reader.addIssue("label_column", engineText("RunConfigParse",
                                                   "names the same column as text_column; the "
                                                   "label is another column"));
    else if (source.textColumn == source.labelColumn && source.textColumn.index >= 0)
        reader.addIssue("label_column", engineText("RunConfigParse",
                                                   "is the same position as text_column; the "
                                                   "label is another column"));
    reader.string("validation_path", source.validationPath, Need::Optional, false);
}

void readTextFolderSource(JsonReader& reader, DataSourceConfig& source)
{
    reader.string("path", source.path, Need::Required, false);
    if (const Json* ignore = reader.array("ignore")) {
        for (std::size_t i = 0; i < ignore->size(); ++i) {
            const Json& name = (*ignore)[i];
            if (name.is_string() && !name.get_ref<const std::string&>().empty() &&
                name.get_ref<const std::string&>().find('/') == std::string::npos)
                source.ignore.push_back(name.get<std::string>());
            else
                reader.addIssueAt(JsonReader::elementPath(reader.pathOf("ignore"), i),
                                  fillText(engineText("RunConfigParse",
                                                      "expected the name of a folder or file "
                                                      "(no '/'), got %1"),
                                           {JsonReader::describe(name)}));
        }
    }
    reader.string("validation_path", source.validationPath, Need::Optional, false);
}

/// data.text (engine/config/textconfig.h).
void readText(JsonReader& reader, TextConfig& text)
{
    TextVectorizerOptions& vectorizer = text.vectorizer;
    reader.choice("standardize", kAllTextStandardizes, textStandardizeKey, vectorizer.standardize);
    reader.boolean("strip_html", vectorizer.stripHtml);
    reader.choice("split", kAllTextSplits, textSplitKey, vectorizer.split);
    if (reader.integer("max_tokens", kMaxTokensRange, vectorizer.maxTokens) &&
        (vectorizer.maxTokens == 1 || vectorizer.maxTokens == 2))
        reader.addIssue("max_tokens",
                        fillText(engineText("RunConfigParse",
                                            "expected 0 (no limit) or at least 3: the padding "
                                            "and [UNK] entries count, so %1 leaves no room for a "
                                            "word"),
                                 {std::to_string(vectorizer.maxTokens)}));
    reader.integer("output_sequence_length", kSequenceLengthRange, vectorizer.outputSequenceLength);
    reader.choice("padding", kAllSequenceEnds, sequenceEndKey, text.padding);
    reader.choice("truncating", kAllSequenceEnds, sequenceEndKey, text.truncating);
    reader.string("vocabulary", text.vocabulary, Need::Optional, false);
    reader.choice("empty_texts", kAllEmptyTexts, emptyTextsKey, text.emptyTexts);
    reader.finish();
}

/// x_val and y_val come together: one without the other is a half-given validation set.
void requireBothValidationKeys(JsonReader& reader, const DataSourceConfig& source)
{
    if (source.xVal.empty() != source.yVal.empty())
        reader.addIssue(source.xVal.empty() ? "x_val" : "y_val",
                        fillText(engineText("RunConfigParse",
                                            "required when %1 is given: validation needs inputs "
                                            "and targets"),
                                 {source.xVal.empty() ? "y_val" : "x_val"}));
}

void readSource(JsonReader& reader, DataSourceConfig& source)
{
    if (!reader.choice("type", kAllDataSourceTypes, dataSourceKey, source.type, Need::Required))
        return;  // the other keys depend on the type
    switch (source.type) {
        case DataSourceType::SyntheticRegression:
            reader.integer("samples", kSamplesRange, source.samples, Need::Required);
            reader.integer("timesteps", kTimestepsRange, source.timesteps, Need::Required);
            reader.integer("features", kWidthRange, source.features, Need::Required);
            reader.number("noise", kNonNegative, source.noise);
            reader.integer("classes", kClassesRange, source.classes);
            break;
        case DataSourceType::SyntheticTokens:
            reader.integer("samples", kSamplesRange, source.samples, Need::Required);
            reader.integer("timesteps", kTimestepsRange, source.timesteps, Need::Required);
            reader.integer("vocab_size", kTokenVocabularyRange, source.vocabSize, Need::Required);
            reader.integer("classes", kClassesRange, source.classes);
            reader.choice("padding", kAllPaddings, paddingKey, source.padding);
            break;
        case DataSourceType::Npy:
            reader.string("x", source.x, Need::Required, false);
            reader.string("y", source.y, Need::Required, false);
            reader.string("x_val", source.xVal, Need::Optional, false);
            reader.string("y_val", source.yVal, Need::Optional, false);
            requireBothValidationKeys(reader, source);
            break;
        case DataSourceType::Npz:
            reader.string("path", source.path, Need::Required, false);
            reader.string("x", source.x, Need::Optional, false);
            reader.string("y", source.y, Need::Optional, false);
            reader.string("x_val", source.xVal, Need::Optional, false);
            reader.string("y_val", source.yVal, Need::Optional, false);
            requireBothValidationKeys(reader, source);
            break;
        case DataSourceType::Csv: readCsvSource(reader, source); break;
        case DataSourceType::TextCsv: readTextCsvSource(reader, source); break;
        case DataSourceType::TextFolder: readTextFolderSource(reader, source); break;
    }
    reader.finish();
}

void readData(JsonReader& reader, DataConfig& data)
{
    if (auto source = reader.object("source", Need::Required))
        readSource(*source, data.source);
    if (auto text = reader.object("text")) {
        if (data.source.fromText())
            readText(*text, data.text);
        else
            reader.addIssue("text", fillText(engineText("RunConfigParse",
                                                        "applies to the text sources (text_csv, "
                                                        "text_folder), not to \"%1\"; remove it"),
                                             {dataSourceKey(data.source.type)}));
    }
    reader.number("validation_split", kFraction, data.validationSplit);
    reader.boolean("shuffle", data.shuffle);
    reader.integer("batch_size", kBatchSizeRange, data.batchSize);
    reader.boolean("drop_last", data.dropLast);
    reader.choice("placement", kAllPlacements, placementKey, data.placement);
    reader.integer("prefetch", kPrefetchRange, data.prefetch);
    reader.choice("batching", kAllBatchings, batchingKey, data.batching);
    reader.finish();
}

void readOptimizerFields(JsonReader& reader, OptimizerConfig& optimizer)
{
    if (!reader.choice("type", kAllOptimizerTypes, optimizerKey, optimizer.type, Need::Required))
        return;  // the other keys depend on the type
    reader.number("learning_rate", kPositive, optimizer.learningRate);
    switch (optimizer.type) {
        case OptimizerType::Adam:
            reader.number("beta_1", kFraction, optimizer.beta1);
            reader.number("beta_2", kFraction, optimizer.beta2);
            reader.number("epsilon", kPositive, optimizer.epsilon);
            break;
        case OptimizerType::Sgd:
            // Keras rejects momentum outside [0, 1]: above 1 the steps grow without bound.
            reader.number("momentum", kUnitInterval, optimizer.momentum);
            reader.boolean("nesterov", optimizer.nesterov);
            break;
        case OptimizerType::RmsProp:
            reader.number("rho", kFraction, optimizer.rho);
            reader.number("momentum", kUnitInterval, optimizer.momentum);
            reader.number("epsilon", kPositive, optimizer.epsilon);
            break;
    }
    reader.finish();
}

/// "optimizer": {"type": "sgd", ...} or, as Keras' compile(optimizer="adam"), just the name.
void readOptimizer(JsonReader& reader, OptimizerConfig& optimizer)
{
    const Json* value = reader.find("optimizer");
    if (value == nullptr)
        return;
    if (value->is_string()) {
        reader.choice("optimizer", kAllOptimizerTypes, optimizerKey, optimizer.type);
        return;
    }
    if (!value->is_object()) {
        std::vector<std::string_view> names;
        for (OptimizerType type : kAllOptimizerTypes)
            names.push_back(optimizerKey(type));
        reader.addIssue(
            "optimizer",
            fillText(engineText("RunConfigParse", "expected an object or one of %1, got %2"),
                     {quotedChoices(names), JsonReader::describe(*value)}));
        return;
    }
    if (auto fields = reader.object("optimizer"))
        readOptimizerFields(*fields, optimizer);
}

void readMetrics(JsonReader& reader, std::vector<Metric>& metrics)
{
    const Json* items = reader.array("metrics");
    if (items == nullptr)
        return;
    std::vector<std::string_view> names;
    for (Metric metric : kAllMetrics)
        names.push_back(metricKey(metric));
    for (std::size_t i = 0; i < items->size(); ++i) {
        const Json& item = (*items)[i];
        const std::string path = JsonReader::elementPath(reader.pathOf("metrics"), i);
        const auto it = item.is_string()
                            ? std::find(names.begin(), names.end(), item.get<std::string>())
                            : names.end();
        if (it == names.end()) {
            reader.addIssueAt(path,
                              fillText(engineText("RunConfigParse", "expected one of %1, got %2"),
                                       {quotedChoices(names), JsonReader::describe(item)}));
            continue;
        }
        const Metric metric = kAllMetrics[static_cast<std::size_t>(it - names.begin())];
        if (std::find(metrics.begin(), metrics.end(), metric) != metrics.end()) {
            reader.addIssueAt(path, fillText(engineText("RunConfigParse",
                                                        "duplicate metric \"%1\"; each metric is "
                                                        "computed and logged once"),
                                             {*it}));
            continue;
        }
        metrics.push_back(metric);
    }
}

void readTraining(JsonReader& reader, TrainingConfig& training)
{
    reader.integer("epochs", IntRange{1}, training.epochs);
    reader.integer("steps_per_epoch", IntRange{0}, training.stepsPerEpoch);
    reader.integer("warmup_steps", kWarmupStepsRange, training.warmupSteps);
    readOptimizer(reader, training.optimizer);
    reader.choice("loss", kAllLossTypes, lossKey, training.loss);
    readMetrics(reader, training.metrics);
    reader.finish();
}

void readDevice(JsonReader& reader, DeviceConfig& device)
{
    if (const Json* name = reader.find("name")) {
        const std::optional<DeviceConfig> named =
            name->is_string() ? deviceFromName(name->get<std::string>()) : std::nullopt;
        if (named) {
            device.type = named->type;
            device.index = named->index;
        } else {
            reader.addIssue("name", fillText(engineText("RunConfigParse",
                                                        "expected \"cpu\", \"cuda\" or \"cuda:N\" "
                                                        "(N from 0 to 127), got %1"),
                                             {JsonReader::describe(*name)}));
        }
    }
    reader.integer("intra_op_threads", kThreadsRange, device.intraOpThreads);
    reader.integer("inter_op_threads", kThreadsRange, device.interOpThreads);
    reader.boolean("cudnn", device.cudnn);
    reader.choice("flush_denormals", kAllFlushDenormals, flushDenormalsKey, device.flushDenormals);
    reader.choice("allocator", kAllHostAllocators, allocatorKey, device.allocator);
    reader.finish();
}

void readProfiling(JsonReader& reader, ProfilingConfig& profiling)
{
    reader.integer("sample_interval_ms", kSampleIntervalRange, profiling.sampleIntervalMs);
    reader.boolean("precise_gpu_timing", profiling.preciseGpuTiming);
    reader.finish();
}

/// The byte offset of the first whitespace or control character of `text` (ASCII, the C1
/// controls and Unicode's other spaces, such as a no-break space pasted from a web page), or
/// npos. An interface name or an address has none, and one would only fail when the run starts.
std::size_t firstBlankOrControl(std::string_view text)
{
    const auto byte = [text](std::size_t k) -> unsigned char {
        return k < text.size() ? static_cast<unsigned char>(text[k]) : 0;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = byte(i);
        if (c <= 0x20 || c == 0x7F)
            return i;
        // U+0080 to U+00A0: the C1 controls and the no-break space.
        if (c == 0xC2 && byte(i + 1) >= 0x80 && byte(i + 1) <= 0xA0)
            return i;
        // U+1680 (Ogham space mark)
        if (c == 0xE1 && byte(i + 1) == 0x9A && byte(i + 2) == 0x80)
            return i;
        if (c == 0xE2 && byte(i + 1) == 0x80) {
            const unsigned char last = byte(i + 2);
            // U+2000 to U+200A (en quad to hair space), U+2028, U+2029, U+202F
            if ((last >= 0x80 && last <= 0x8A) || last == 0xA8 || last == 0xA9 || last == 0xAF)
                return i;
        }
        // U+205F (medium mathematical space)
        if (c == 0xE2 && byte(i + 1) == 0x81 && byte(i + 2) == 0x9F)
            return i;
        // U+3000 (ideographic space)
        if (c == 0xE3 && byte(i + 1) == 0x80 && byte(i + 2) == 0x80)
            return i;
    }
    return std::string_view::npos;
}

/// "interface": empty (loopback), or a network interface name or an address of this machine.
void readInterface(JsonReader& reader, std::string& interface)
{
    std::string text;
    if (!reader.string("interface", text))
        return;
    if (text.size() > kMaxInterfaceBytes) {
        reader.addIssue(
            "interface",
            fillText(engineText("RunConfigParse",
                                "expected a network interface (\"eth0\") or an address of this "
                                "machine of at most %1 bytes, got %2 bytes"),
                     {std::to_string(kMaxInterfaceBytes), std::to_string(text.size())}));
        return;
    }
    if (const std::size_t at = firstBlankOrControl(text); at != std::string_view::npos) {
        reader.addIssue(
            "interface",
            fillText(engineText("RunConfigParse",
                                "expected a network interface (\"eth0\") or an address of this "
                                "machine, without spaces or control characters; got %1, which has "
                                "one at byte %2"),
                     {JsonReader::describe(Json(text)), std::to_string(at + 1)}));
        return;
    }
    interface = std::move(text);
}

/// "init": empty (the launcher says where the ranks meet) or a rendezvous, parseRendezvous()'s
/// issue reported with the others rather than thrown.
void readInit(JsonReader& reader, std::string& init)
{
    std::string text;
    if (!reader.string("init", text))
        return;
    if (!text.empty()) {
        try {
            parseRendezvous(text, reader.pathOf("init"));
        } catch (const ConfigError& error) {
            for (const ConfigIssue& issue : error.issues())
                reader.addIssueAt(issue.path, issue.message);
            return;
        }
    }
    init = std::move(text);
}

void readDistributed(JsonReader& reader, DistributedConfig& distributed)
{
    reader.choice("backend", kAllDistributedBackends, distributedBackendKey, distributed.backend);
    reader.integer("world_size", kWorldSizeRange, distributed.worldSize);
    readInit(reader, distributed.init);
    readInterface(reader, distributed.interface);
    reader.integer("timeout_s", kTimeoutRange, distributed.timeoutS);
    reader.number("bucket_mb", kBucketMbRange, distributed.bucketMb);
    reader.finish();
}

void readCallbacks(JsonReader& reader, std::vector<CallbackConfig>& callbacks)
{
    const Json* items = reader.array("callbacks");
    if (items == nullptr)
        return;
    if (items->size() > kMaxCallbacks) {
        reader.addIssue(
            "callbacks",
            fillText(engineText("RunConfigParse", "expected at most %1 callbacks, got %2"),
                     {std::to_string(kMaxCallbacks), std::to_string(items->size())}));
        return;
    }
    for (std::size_t i = 0; i < items->size(); ++i) {
        JsonReader entry = reader.element("callbacks", i);
        if (!entry.isObject())
            continue;
        if (std::optional<CallbackConfig> callback = readCallback(entry))
            callbacks.push_back(std::move(*callback));
    }
}

}  // namespace

RunConfig parseRunConfig(const Json& document)
{
    std::vector<ConfigIssue> issues;
    RunConfig config;
    JsonReader root(document, "", issues);
    if (root.isObject()) {
        root.string("name", config.name, Need::Optional, false);
        root.string("description", config.description);
        root.unsignedInteger("seed", config.seed);
        if (auto model = root.object("model", Need::Required))
            readModel(*model, config.model);
        if (auto data = root.object("data", Need::Required))
            readData(*data, config.data);
        if (auto training = root.object("training"))
            readTraining(*training, config.training);
        if (auto device = root.object("device"))
            readDevice(*device, config.device);
        readCallbacks(root, config.callbacks);
        root.choice("backend", kAllBackends, backendKey, config.backend);
        if (auto profiling = root.object("profiling"))
            readProfiling(*profiling, config.profiling);
        if (auto distributed = root.object("distributed"))
            readDistributed(*distributed, config.distributed);
        root.finish();
    }
    // How fields fit together is checked once each is valid, so that one bad value does not
    // also show up as a string of follow-on mismatches.
    if (issues.empty())
        checkRunConfig(config, issues);
    if (!issues.empty())
        throw ConfigError(std::move(issues));
    return config;
}

}  // namespace es
