#include "engine/config/runconfigcheck.h"

#include "engine/config/jsonreader.h"
#include "engine/config/pathtemplate.h"
#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace es {

namespace {

// Synthetic data is generated whole in host memory: 4e9 values are 16 GB of float32 features
// (32 GB of int64 token ids), beyond which a config is far more likely to hold a typo than an
// intent.
constexpr double kMaxDataValues = 4e9;
constexpr double kFeatureBytes = 4.0;  // float32
constexpr double kTokenBytes = 8.0;    // int64, as LibTorch's embedding takes them
constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;

class Checker {
public:
    Checker(const RunConfig& config, std::vector<ConfigIssue>& issues)
        : m_config(config), m_issues(issues)
    {
    }

    void run()
    {
        if (!m_config.data.source.fromFiles()) {
            // File sources are checked against the model once their headers are read
            // (data/sourcecheck.h), before training starts.
            checkDataSize();
            checkSampleSplit(m_config.data, m_config.data.source.samples, m_issues);
        }
        checkPlacement();
        checkBatching();
        checkBackend();
        checkDistributed();
        checkFirstLayer();
        checkSyntheticClasses();
        checkInputShape();
        checkLayerOrder();
        checkModelOutput(m_config, m_issues);
        checkMonitors();
        checkCheckpointPaths();
    }

private:
    void add(std::string path, std::string message)
    {
        m_issues.push_back({std::move(path), std::move(message)});
    }

    static std::string layerPath(std::size_t index)
    {
        return JsonReader::elementPath("model.layers", index);
    }

    /// Where a recurrent layer's return_sequences is: in the wrapped "layer" of a
    /// bidirectional one.
    std::string returnSequencesPath(std::size_t index) const
    {
        const bool wrapped = m_config.model.layers[index].type == LayerType::Bidirectional;
        return layerPath(index) + (wrapped ? ".layer" : "") + ".return_sequences";
    }

    /// Whether the inputs are token ids. Files hold whatever the user saved, so for them the
    /// model decides: an Embedding first layer reads token ids, anything else float features.
    /// CSV cells are always features.
    bool tokens() const
    {
        const DataSourceType type = m_config.data.source.type;
        if (type == DataSourceType::Npy || type == DataSourceType::Npz) {
            const std::vector<LayerConfig>& layers = m_config.model.layers;
            return !layers.empty() && layers.front().type == LayerType::Embedding;
        }
        return type == DataSourceType::SyntheticTokens || m_config.data.source.fromText();
    }

    /// Whether the run may log val_ names. An archive may hold x_val/y_val, which is known
    /// only once it is opened; the callbacks check their monitor again when the run starts.
    bool mayValidate() const
    {
        const DataConfig& data = m_config.data;
        switch (data.source.type) {
            case DataSourceType::SyntheticRegression:
            case DataSourceType::SyntheticTokens: return splitSamples(data).validation > 0;
            case DataSourceType::Npy: return !data.source.xVal.empty() || data.validationSplit > 0;
            case DataSourceType::Npz: return true;
            case DataSourceType::Csv: return data.validationSplit > 0;
            case DataSourceType::TextCsv:
            case DataSourceType::TextFolder:
                return !data.source.validationPath.empty() || data.validationSplit > 0;
        }
        return false;
    }

    /// The data source's type key, for messages that name data.source.type.
    std::string_view dataType() const { return dataSourceKey(m_config.data.source.type); }

    void checkDataSize()
    {
        const DataSourceConfig& source = m_config.data.source;
        const double perSample = static_cast<double>(source.timesteps) *
                                 static_cast<double>(tokens() ? std::int64_t(1) : source.features);
        const double values = static_cast<double>(source.samples) * perSample;
        if (values <= kMaxDataValues)
            return;
        const double bytes = values * (tokens() ? kTokenBytes : kFeatureBytes);
        add("data.source.samples",
            fillText(engineText("RunConfigCheck",
                                "%1 values (%2 GiB) are more than the generator holds in memory "
                                "(%3 values); use fewer samples or timesteps"),
                     {formatNumber(values), formatNumber(std::round(bytes / kBytesPerGiB)),
                      formatNumber(kMaxDataValues)}));
    }

    void checkPlacement()
    {
        if (m_config.data.placement == Placement::Pinned &&
            m_config.device.type != DeviceType::Cuda)
            add("data.placement",
                fillText(engineText("RunConfigCheck",
                                    "\"pinned\" speeds up copies to a CUDA device, but device.name "
                                    "is \"%1\"; use \"host\" or \"device\" on the CPU"),
                         {m_config.device.name()}));
    }

    /// by_length cuts each batch after its longest text: only ids padded after the text can be
    /// cut so, and only a model that masks the padding computes the same for a text whatever
    /// batch it lands in.
    void checkBatching()
    {
        const DataConfig& data = m_config.data;
        if (data.batching != Batching::ByLength)
            return;
        if (!data.source.fromText()) {
            add("data.batching",
                fillText(engineText("RunConfigCheck",
                                    "\"by_length\" batches the texts of a text source "
                                    "(text_csv, text_folder) by their length, but "
                                    "data.source.type is \"%1\"; use \"fixed\""),
                         {dataType()}));
            return;
        }
        if (data.text.padding != SequenceEnd::Post)
            add("data.text.padding",
                engineText("RunConfigCheck",
                           "\"by_length\" batching cuts each batch after its longest text, "
                           "which needs the padding after the text: use \"post\""));
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        if (!layers.empty() && layers.front().type == LayerType::Embedding &&
            !layers.front().maskZero)
            add(layerPath(0) + ".mask_zero",
                engineText("RunConfigCheck",
                           "\"by_length\" batching pads each batch to its own longest text, so "
                           "the model must skip the padding to compute the same for a text in "
                           "any batch: set mask_zero to true"));
    }

    void checkBackend()
    {
        if (m_config.backend == Backend::OneDnn && m_config.device.type == DeviceType::Cuda)
            add("backend",
                fillText(engineText("RunConfigCheck",
                                    "\"onednn\" runs the LSTM layers on the CPU, but device.name "
                                    "is \"%1\"; use \"auto\" or \"libtorch\" (cuDNN's fused LSTM) "
                                    "on a CUDA device, or device.name \"cpu\""),
                         {m_config.device.name()}));
    }

    void checkDistributed()
    {
        // NCCL reduces CUDA tensors only: on the CPU the run would fail only once every rank
        // has started and met the others.
        if (m_config.distributed.backend == DistributedBackend::Nccl &&
            m_config.device.type != DeviceType::Cuda)
            add("distributed.backend",
                fillText(engineText("RunConfigCheck",
                                    "\"nccl\" reduces CUDA tensors only, but device.name is "
                                    "\"%1\"; use \"gloo\" or \"auto\" on the CPU, or a CUDA "
                                    "device.name"),
                         {m_config.device.name()}));
    }

    void checkFirstLayer()
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        if (layers.empty())
            return;
        const LayerConfig& first = layers.front();
        const bool embedding = first.type == LayerType::Embedding;
        if (tokens() && !embedding) {
            add(layerPath(0) + ".type",
                fillText(engineText("RunConfigCheck",
                                    "data.source.type \"%1\" gives integer token ids, so the "
                                    "first layer must be \"embedding\" to turn them into vectors; "
                                    "got \"%2\", which needs float features (data.source.type "
                                    "\"synthetic_regression\")"),
                         {dataType(), layerTypeKey(first.type)}));
        } else if (!tokens() && embedding) {
            add(layerPath(0) + ".type",
                fillText(engineText("RunConfigCheck",
                                    "\"embedding\" needs integer token ids (data.source.type "
                                    "\"synthetic_tokens\", \"npy\" or \"npz\"), but "
                                    "data.source.type \"%1\" gives float features; start with "
                                    "\"lstm\" or \"dense\" instead"),
                         {dataType()}));
        } else if (m_config.data.source.type == DataSourceType::SyntheticTokens &&
                   first.inputDim < m_config.data.source.vocabSize) {
            add(layerPath(0) + ".input_dim",
                fillText(engineText("RunConfigCheck",
                                    "%1 is smaller than data.source.vocab_size %2; token ids "
                                    "would be out of range"),
                         {std::to_string(first.inputDim),
                          std::to_string(m_config.data.source.vocabSize)}));
        }
    }

    /// A class count is 2 or more; synthetic_tokens gives each class its own words after the
    /// padding id, and needs one neutral word after them.
    void checkSyntheticClasses()
    {
        const DataSourceConfig& source = m_config.data.source;
        if (source.fromFiles())
            return;
        if (source.classes == 1) {
            add("data.source.classes",
                engineText("RunConfigCheck",
                           "1 class leaves nothing to tell apart; use 2 or more for class "
                           "targets, or 0 for the source's own targets"));
            return;
        }
        if (source.type != DataSourceType::SyntheticTokens)
            return;
        const std::int64_t classes = targetClasses(source);
        if (source.vocabSize >= classes + 2)
            return;
        add("data.source.vocab_size",
            fillText(engineText("RunConfigCheck",
                                "%1 ids cannot give %2 classes their own words: the generator "
                                "needs the padding id 0, a word per class and a neutral word; "
                                "use vocab_size %3 or more, or fewer classes"),
                     {std::to_string(source.vocabSize), std::to_string(classes),
                      std::to_string(classes + 2)}));
    }

    /// input_shape must have the rank the first layer reads, and match what a generator makes.
    void checkInputShape()
    {
        const std::vector<std::int64_t>& shape = m_config.model.inputShape;
        if (shape.empty())
            return;
        const std::size_t rank = tokens() ? 1 : 2;
        if (shape.size() != rank) {
            const char* pattern =
                tokens() ? engineText("RunConfigCheck", "token ids need [timesteps], got %1 values")
                         : engineText("RunConfigCheck",
                                      "float features need [timesteps, features], got %1 values");
            add("model.input_shape", fillText(pattern, {std::to_string(shape.size())}));
            return;
        }
        const DataSourceConfig& source = m_config.data.source;
        std::vector<std::int64_t> generated;
        if (source.type == DataSourceType::SyntheticRegression)
            generated = {source.timesteps, source.features};
        else if (source.type == DataSourceType::SyntheticTokens)
            generated = {source.timesteps};
        else if (source.type == DataSourceType::Csv)
            generated = {source.window, static_cast<std::int64_t>(source.columns.size())};
        else if (source.fromText() && m_config.data.text.vectorizer.outputSequenceLength > 0)
            generated = {m_config.data.text.vectorizer.outputSequenceLength};
        if (!generated.empty() && generated != shape)
            add("model.input_shape",
                fillText(engineText("RunConfigCheck",
                                    "the model expects samples of shape %1 but data.source.type "
                                    "\"%2\" gives %3"),
                         {bracketedList(shape), dataType(), bracketedList(generated)}));
    }

    /// Tracks whether each layer's input is a sequence (one vector per time step).
    void checkLayerOrder()
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        std::optional<std::size_t> collapsedBy;  // the LSTM whose output has no time axis
        for (std::size_t i = 0; i < layers.size(); ++i) {
            const LayerConfig& layer = layers[i];
            if (layer.type == LayerType::Embedding && i > 0) {
                add(layerPath(i) + ".type",
                    engineText("RunConfigCheck",
                               "\"embedding\" must be the first layer: it takes token ids, which "
                               "only the data gives"));
            }
            if (layer.type == LayerType::Dense && layer.activation == Activation::Softmax &&
                layer.units == 1) {
                add(layerPath(i) + ".activation",
                    engineText("RunConfigCheck",
                               "\"softmax\" over 1 unit always outputs 1.0, so nothing can be "
                               "learned; use \"sigmoid\" for a single output"));
            }
            if (!isRecurrent(layer))
                continue;
            if (collapsedBy) {
                add(layerPath(i) + ".type",
                    fillText(engineText("RunConfigCheck",
                                        "a recurrent layer needs a sequence (one vector per time "
                                        "step), but %1 (%2 with return_sequences false) outputs "
                                        "one vector per sample; set %3 to true"),
                             {layerPath(*collapsedBy), layerTypeKey(layers[*collapsedBy].type),
                              returnSequencesPath(*collapsedBy)}));
            }
            if (!layer.returnSequences)
                collapsedBy = i;
        }
    }

    /// Keras' log names: loss, then the metrics, and the same with "val_" when validating.
    std::vector<std::string> loggedNames() const
    {
        std::vector<std::string> names{"loss"};
        for (Metric metric : m_config.training.metrics)
            names.emplace_back(metricKey(metric));
        if (!mayValidate())
            return names;
        const std::size_t trainingNames = names.size();
        for (std::size_t i = 0; i < trainingNames; ++i)
            names.push_back("val_" + names[i]);
        return names;
    }

    /// A checkpoint path template may name the epoch, the batch (when saving every N steps)
    /// and what the run logs; Keras finds a bad name only when it first saves.
    void checkCheckpointPaths()
    {
        const std::vector<std::string> logged = loggedNames();
        for (std::size_t i = 0; i < m_config.callbacks.size(); ++i) {
            const CallbackConfig& callback = m_config.callbacks[i];
            if (callback.type != "model_checkpoint")
                continue;
            const std::string path = JsonReader::elementPath("callbacks", i) + ".filepath";
            std::vector<std::string> known{"epoch"};
            if (callback.params.value("save_freq", nlohmann::json("epoch")).is_number_integer())
                known.emplace_back("batch");
            known.insert(known.end(), logged.begin(), logged.end());
            try {
                const PathTemplate filepath(callback.params.value("filepath", ""));
                for (const std::string& key : filepath.keys()) {
                    if (std::find(known.begin(), known.end(), key) != known.end())
                        continue;
                    std::vector<std::string_view> names(known.begin(), known.end());
                    add(path, fillText(engineText("RunConfigCheck",
                                                  "{%1} is not a value this run logs; expected "
                                                  "one of: %2"),
                                       {key, joinNames(names)}));
                }
            } catch (const std::invalid_argument& error) {
                add(path, error.what());
            }
        }
    }

    void checkMonitors()
    {
        const std::vector<std::string> logged = loggedNames();
        for (std::size_t i = 0; i < m_config.callbacks.size(); ++i) {
            const CallbackConfig& callback = m_config.callbacks[i];
            const auto monitor = callback.params.find("monitor");
            if (monitor == callback.params.end() || !monitor->is_string())
                continue;
            // Keras' ModelCheckpoint reads `monitor` only to decide what "best" is.
            if (callback.type == "model_checkpoint" &&
                !callback.params.value("save_best_only", false))
                continue;
            const std::string& name = monitor->get_ref<const std::string&>();
            if (std::find(logged.begin(), logged.end(), name) != logged.end())
                continue;
            std::vector<std::string_view> names(logged.begin(), logged.end());
            const char* pattern =
                name.rfind("val_", 0) == 0 && !mayValidate()
                    ? engineText("RunConfigCheck",
                                 "%1 is not logged by this run (data.validation_split is 0 and "
                                 "there is no validation data, so nothing is validated); expected "
                                 "one of: %2")
                    : engineText("RunConfigCheck",
                                 "%1 is not logged by this run; expected one of: %2");
            add(JsonReader::elementPath("callbacks", i) + ".monitor",
                fillText(pattern, {JsonReader::describe(*monitor), joinNames(names)}));
        }
    }

    const RunConfig& m_config;
    std::vector<ConfigIssue>& m_issues;
};

}  // namespace

void checkRunConfig(const RunConfig& config, std::vector<ConfigIssue>& issues)
{
    Checker(config, issues).run();
}

void checkSampleSplit(const DataConfig& data, std::int64_t samples,
                      std::vector<ConfigIssue>& issues)
{
    const auto add = [&issues](std::string path, std::string message) {
        issues.push_back({std::move(path), std::move(message)});
    };
    const SampleSplit split = splitSamples(samples, data.validationSplit);
    const std::string splitText = formatNumber(data.validationSplit);
    const std::string samplesText = std::to_string(samples);
    if (split.training == 0) {
        add("data.validation_split",
            fillText(engineText("RunConfigCheck", "%1 leaves 0 of the %2 samples for training"),
                     {splitText, samplesText}));
        return;
    }
    if (data.validationSplit > 0.0 && split.validation == 0) {
        add("data.validation_split",
            fillText(engineText("RunConfigCheck",
                                "%1 leaves 0 of the %2 samples for validation; use 0 for no "
                                "validation or a larger split"),
                     {splitText, samplesText}));
    }
    if (data.dropLast && data.batchSize > split.training) {
        add("data.batch_size",
            fillText(engineText("RunConfigCheck",
                                "%1 is larger than the %2 training samples and data.drop_last is "
                                "true, so an epoch would have no batch at all"),
                     {std::to_string(data.batchSize), std::to_string(split.training)}));
    }
}

}  // namespace es
