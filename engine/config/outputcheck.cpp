// checkModelOutput(): the rules between the model's last layer, the loss, the metrics and the
// targets a data source gives (docs/config.md, "The output and the loss").

#include "engine/config/jsonreader.h"
#include "engine/config/runconfig.h"
#include "engine/config/runconfigcheck.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <optional>
#include <string>
#include <utility>

namespace es {

namespace {

class OutputChecker {
public:
    OutputChecker(const RunConfig& config, std::vector<ConfigIssue>& issues)
        : m_config(config), m_issues(issues), m_loss(lossKey(config.training.loss))
    {
    }

    void run()
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        if (layers.empty())
            return;
        if (layers.back().type != LayerType::Dense) {
            add(lastLayerPath() + ".type",
                fillText(engineText("RunConfigCheck",
                                    "the last layer must be \"dense\": it turns the recurrent "
                                    "layers' output into the predictions; got \"%1\""),
                         {layerTypeKey(layers.back().type)}));
        } else if (isCategoricalLoss(m_config.training.loss)) {
            checkClassesOutput();
        } else {
            checkSingleOutput();
        }
        checkTimeAxis();
        checkMetrics();
    }

private:
    void add(std::string path, std::string message)
    {
        m_issues.push_back({std::move(path), std::move(message)});
    }

    std::string lastLayerPath() const
    {
        return JsonReader::elementPath("model.layers", m_config.model.layers.size() - 1);
    }

    std::string dataType() const { return std::string(dataSourceKey(m_config.data.source.type)); }

    /// The class count the data's targets are ids of, when a generator makes them; files
    /// are checked once they are read (data/sourcecheck.h).
    std::optional<std::int64_t> generatedClasses() const
    {
        if (m_config.data.source.fromFiles())
            return std::nullopt;
        return targetClasses(m_config.data.source);
    }

    /// A categorical loss reads a softmax's probabilities, one unit per class.
    void checkClassesOutput()
    {
        const LayerConfig& last = m_config.model.layers.back();
        const std::optional<std::int64_t> classes = generatedClasses();
        if (classes && *classes == 0) {
            add("data.source.classes",
                fillText(engineText("RunConfigCheck",
                                    "training.loss \"%1\" needs class targets, but "
                                    "data.source.type \"%2\" gives real numbers; set classes to "
                                    "the number of classes (2 or more), or use \"mse\""),
                         {m_loss, dataType()}));
            return;
        }
        if (last.units < 2) {
            add(lastLayerPath() + ".units",
                fillText(engineText("RunConfigCheck",
                                    "training.loss \"%1\" needs one output unit per class; got "
                                    "units %2 (for one 0/1 target use a single sigmoid unit with "
                                    "\"binary_crossentropy\")"),
                         {m_loss, std::to_string(last.units)}));
        } else if (classes && last.units != *classes) {
            add(lastLayerPath() + ".units",
                fillText(engineText("RunConfigCheck",
                                    "data.source.type \"%1\" gives %2 classes, so the last layer "
                                    "needs units %2 (one probability per class); got %3"),
                         {dataType(), std::to_string(*classes), std::to_string(last.units)}));
        }
        if (last.activation != Activation::Softmax) {
            add(lastLayerPath() + ".activation",
                fillText(engineText("RunConfigCheck",
                                    "training.loss \"%1\" reads probabilities that sum to 1 over "
                                    "the classes, so the last layer's activation must be "
                                    "\"softmax\"; got \"%2\""),
                         {m_loss, activationKey(last.activation)}));
        }
    }

    /// Every other loss compares one output unit with one target per sample.
    void checkSingleOutput()
    {
        const LayerConfig& last = m_config.model.layers.back();
        const std::optional<std::int64_t> classes = generatedClasses();
        if (classes && *classes > 2 && m_config.training.loss == LossType::BinaryCrossentropy) {
            add("training.loss",
                fillText(engineText("RunConfigCheck",
                                    "\"binary_crossentropy\" needs 0/1 targets, but "
                                    "data.source.classes %1 gives class ids up to %2; use "
                                    "\"sparse_categorical_crossentropy\" with a last layer of %1 "
                                    "softmax units"),
                         {std::to_string(*classes), std::to_string(*classes - 1)}));
        } else if (classes && *classes == 0 &&
                   m_config.training.loss == LossType::BinaryCrossentropy) {
            add("training.loss",
                fillText(engineText("RunConfigCheck",
                                    "\"binary_crossentropy\" needs 0/1 targets, but "
                                    "data.source.type \"%1\" gives real numbers; use \"mse\" or "
                                    "\"mae\", or set data.source.classes to 2"),
                         {dataType()}));
        }
        if (last.units == 1)
            return;
        add(lastLayerPath() + ".units",
            fillText(engineText("RunConfigCheck",
                                "training.loss \"%1\" compares one output with one target per "
                                "sample, so the last layer needs units 1; got %2 (for %2 classes "
                                "use \"sparse_categorical_crossentropy\" and a softmax)"),
                     {m_loss, std::to_string(last.units)}));
    }

    /// The output keeps its time axis unless a recurrent layer without return_sequences
    /// removed it; every source gives one target per sample.
    void checkTimeAxis()
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        std::optional<std::size_t> lastRecurrent;
        for (std::size_t i = 0; i < layers.size(); ++i) {
            if (isRecurrent(layers[i]))
                lastRecurrent = i;
        }
        if (lastRecurrent && !layers[*lastRecurrent].returnSequences)
            return;
        if (lastRecurrent) {
            const bool wrapped = layers[*lastRecurrent].type == LayerType::Bidirectional;
            add(JsonReader::elementPath("model.layers", *lastRecurrent) +
                    (wrapped ? ".layer" : "") + ".return_sequences",
                fillText(engineText("RunConfigCheck",
                                    "the model outputs a sequence (one value per time step), but "
                                    "data.source.type \"%1\" gives one target per sample; set "
                                    "return_sequences to false on the last recurrent layer"),
                         {dataType()}));
        } else {
            add("model.layers",
                fillText(engineText("RunConfigCheck",
                                    "the model outputs a sequence (one value per time step), but "
                                    "data.source.type \"%1\" gives one target per sample; add an "
                                    "\"lstm\" layer with return_sequences false to reduce the "
                                    "time steps to one vector"),
                         {dataType()}));
        }
    }

    /// Keras' mae compares the output with the target unit by unit, which means nothing for a
    /// class id against a row of probabilities.
    void checkMetrics()
    {
        if (m_config.training.loss != LossType::SparseCategoricalCrossentropy)
            return;
        const std::vector<Metric>& metrics = m_config.training.metrics;
        for (std::size_t i = 0; i < metrics.size(); ++i) {
            if (metrics[i] != Metric::Mae)
                continue;
            add(JsonReader::elementPath("training.metrics", i),
                engineText("RunConfigCheck",
                           "\"mae\" compares outputs with targets of the same shape, but "
                           "\"sparse_categorical_crossentropy\" targets are class ids; use "
                           "\"accuracy\""));
        }
    }

    const RunConfig& m_config;
    std::vector<ConfigIssue>& m_issues;
    const std::string m_loss;
};

}  // namespace

void checkModelOutput(const RunConfig& config, std::vector<ConfigIssue>& issues)
{
    OutputChecker(config, issues).run();
}

}  // namespace es
