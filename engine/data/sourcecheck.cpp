// checkSourceArrays(): what must hold between loaded data files and the model before a run
// starts. Each rule adds an issue at the config field to change and says what to do.

#include "engine/config/configerror.h"
#include "engine/config/jsonreader.h"
#include "engine/config/runconfig.h"
#include "engine/config/runconfigcheck.h"
#include "engine/core/text.h"
#include "engine/data/sourcearrays.h"
#include "engine/i18n/translate.h"

#include <cmath>
#include <utility>

namespace es {

namespace {

using Shape = std::vector<std::int64_t>;

Shape sampleShape(const HostArray& array)
{
    return Shape(array.shape.begin() + 1, array.shape.end());
}

class SourceChecker {
public:
    /// `splitRules`: whether the arrays are trained on, so that the split must leave batches.
    SourceChecker(const SourceArrays& arrays, const RunConfig& config, bool splitRules = true)
        : m_arrays(arrays),
          m_config(config),
          m_tokens(modelReadsTokens(config.model)),
          m_splitRules(splitRules)
    {
    }

    std::vector<ConfigIssue> run()
    {
        const bool inputsUsable = checkInputs(m_arrays.x) && checkInputs(m_arrays.xVal);
        checkTargets(m_arrays.y);
        checkTargets(m_arrays.yVal);
        checkPairing(m_arrays.x, m_arrays.y, "x", "y");
        checkPairing(m_arrays.xVal, m_arrays.yVal, "x_val", "y_val");
        if (inputsUsable) {
            checkSampleShapes();
            checkDeclaredShape();
        }
        for (const SourceArray* source : {&m_arrays.x, &m_arrays.y, &m_arrays.xVal, &m_arrays.yVal})
            checkFinite(*source);
        if (m_tokens) {
            checkTokenRange(m_arrays.x);
            checkTokenRange(m_arrays.xVal);
        }
        const LossType loss = m_config.training.loss;
        if (loss == LossType::BinaryCrossentropy || loss == LossType::CategoricalCrossentropy) {
            checkProbabilities(m_arrays.y);
            checkProbabilities(m_arrays.yVal);
        }
        if (loss == LossType::SparseCategoricalCrossentropy) {
            checkClassIds(m_arrays.y);
            checkClassIds(m_arrays.yVal);
        }
        if (m_issues.empty() && m_splitRules)
            checkSplit();
        return std::move(m_issues);
    }

private:
    /// An issue at the source's field; each message names the source's file (its %1).
    void add(const SourceArray& source, std::string message)
    {
        m_issues.push_back({source.field, std::move(message)});
    }

    std::string firstLayerText() const
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        return layers.empty() ? std::string(engineText("SourceCheck", "the model"))
                              : fillText(engineText("SourceCheck", "the first layer (\"%1\")"),
                                         {layerTypeKey(layers.front().type)});
    }

    /// Rank, and at least one sample.
    bool checkInputs(const SourceArray& source)
    {
        if (!source.present())
            return true;
        const Shape& shape = source.array.shape;
        const std::size_t rank = m_tokens ? 2 : 3;
        if (shape.size() != rank) {
            const char* pattern =
                m_tokens ? engineText("SourceCheck",
                                      "%1 has shape %2, but %3 reads token ids "
                                      "shaped (samples, timesteps)")
                : shape.size() == 2
                    ? engineText("SourceCheck",
                                 "%1 has shape %2, but %3 reads float features shaped (samples, "
                                 "timesteps, features); for one feature per time step save "
                                 "x[..., np.newaxis]")
                    : engineText("SourceCheck",
                                 "%1 has shape %2, but %3 reads float features "
                                 "shaped (samples, timesteps, features)");
            add(source, fillText(pattern, {source.origin, npyShapeText(shape), firstLayerText()}));
            return false;
        }
        if (shape.front() == 0) {
            add(source, fillText(engineText("SourceCheck", "%1 holds no samples (shape %2)"),
                                 {source.origin, npyShapeText(shape)}));
            return false;
        }
        return true;
    }

    /// The last layer's unit count: one per class for the categorical losses.
    std::int64_t outputUnits() const
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        return layers.empty() ? 1 : layers.back().units;
    }

    /// One value per sample, (N,) or (N, 1), as a single output unit or a class id gives; a
    /// row of `units` class probabilities per sample for categorical_crossentropy.
    void checkTargets(const SourceArray& source)
    {
        if (!source.present())
            return;
        const Shape& shape = source.array.shape;
        if (m_config.training.loss == LossType::CategoricalCrossentropy) {
            if (shape.size() == 2 && shape[1] == outputUnits())
                return;
            add(source,
                fillText(engineText("SourceCheck",
                                    "%1 has shape %2, but training.loss "
                                    "\"categorical_crossentropy\" compares each sample's %3 "
                                    "class probabilities with a one-hot row, so targets must be "
                                    "shaped (samples, %3); for class ids shaped (samples,) use "
                                    "\"sparse_categorical_crossentropy\""),
                         {source.origin, npyShapeText(shape), std::to_string(outputUnits())}));
            return;
        }
        std::int64_t perSample = 1;
        for (std::size_t i = 1; i < shape.size(); ++i)
            perSample *= shape[i];
        if (shape.size() <= 2 && perSample == 1)
            return;
        add(source, fillText(engineText("SourceCheck",
                                        "%1 has shape %2, but the model outputs one value or "
                                        "one class id per sample, so targets must be shaped "
                                        "(samples,) or (samples, 1); for one-hot rows use "
                                        "\"categorical_crossentropy\""),
                             {source.origin, npyShapeText(shape)}));
    }

    void checkPairing(const SourceArray& inputs, const SourceArray& targets, const char* xName,
                      const char* yName)
    {
        if (!inputs.present() || !targets.present() || inputs.samples() == targets.samples())
            return;
        add(targets, fillText(engineText("SourceCheck",
                                         "%1 has %2 samples, but %3 (%4) has %5; "
                                         "%3 and %6 must pair up one to one"),
                              {targets.origin, std::to_string(targets.samples()), xName,
                               inputs.origin, std::to_string(inputs.samples()), yName}));
    }

    void checkSampleShapes()
    {
        if (!m_arrays.hasValidation())
            return;
        const Shape train = sampleShape(m_arrays.x.array);
        const Shape validation = sampleShape(m_arrays.xVal.array);
        // Validation sequences may be longer or shorter (an LSTM reads any length); the feature
        // count must match the weights.
        if (m_tokens || train.back() == validation.back())
            return;
        add(m_arrays.xVal, fillText(engineText("SourceCheck",
                                               "%1 has %2 features per time step, but x (%3) has "
                                               "%4; the model's weights fit one"),
                                    {m_arrays.xVal.origin, std::to_string(validation.back()),
                                     m_arrays.x.origin, std::to_string(train.back())}));
    }

    void checkDeclaredShape()
    {
        const Shape& declared = m_config.model.inputShape;
        if (declared.empty())
            return;
        for (const SourceArray* source : {&m_arrays.x, &m_arrays.xVal}) {
            if (!source->present())
                continue;
            const Shape actual = sampleShape(source->array);
            if (actual == declared)
                continue;
            m_issues.push_back(
                {"model.input_shape",
                 fillText(engineText("SourceCheck",
                                     "the model expects samples shaped %1, but %2 holds samples "
                                     "shaped %3; change input_shape or the data (or set "
                                     "input_shape to null)"),
                          {bracketedList(declared), source->origin, npyShapeText(actual)})});
        }
    }

    void checkFinite(const SourceArray& source)
    {
        if (!source.present() || source.array.kind != ElementKind::Float32)
            return;
        const ArrayStats stats = computeArrayStats(source.array);
        if (stats.firstNonFiniteIndex < 0)
            return;
        const float first =
            source.array.floats[static_cast<std::size_t>(stats.firstNonFiniteIndex)];
        const char* pattern =
            std::isnan(first) ? engineText("SourceCheck",
                                           "%1 holds NaN at %2 (the first of %3 NaN and %4 "
                                           "infinite values); training on them makes the loss "
                                           "NaN: fill or drop those samples")
                              : engineText("SourceCheck",
                                           "%1 holds an infinity at %2 (the first of %3 NaN and "
                                           "%4 infinite values); training on them makes the "
                                           "loss NaN: fill or drop those samples");
        add(source,
            fillText(pattern, {source.origin,
                               elementIndexText(source.array.shape, stats.firstNonFiniteIndex),
                               std::to_string(stats.nanCount), std::to_string(stats.infCount)}));
    }

    void checkTokenRange(const SourceArray& source)
    {
        if (!source.present() || m_config.model.layers.empty())
            return;
        const std::int64_t vocabulary = m_config.model.layers.front().inputDim;
        const std::vector<std::int64_t>& ids = source.array.ints;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (ids[i] >= 0 && ids[i] < vocabulary)
                continue;
            const std::int64_t largest = *std::max_element(ids.begin(), ids.end());
            const std::string where =
                elementIndexText(source.array.shape, static_cast<std::int64_t>(i));
            if (ids[i] < 0) {
                add(source, fillText(engineText("SourceCheck",
                                                "%1 holds token id %2 at %3; ids index the "
                                                "embedding and must be >= 0"),
                                     {source.origin, std::to_string(ids[i]), where}));
            } else {
                add(source,
                    fillText(
                        engineText("SourceCheck",
                                   "%1 holds token id %2 at %3, not below "
                                   "model.layers[0].input_dim %4 (the largest id is %5; "
                                   "input_dim %6 would cover them all)"),
                        {source.origin, std::to_string(ids[i]), where, std::to_string(vocabulary),
                         std::to_string(largest), std::to_string(largest + 1)}));
            }
            return;
        }
    }

    void checkProbabilities(const SourceArray& source)
    {
        if (!source.present())
            return;
        const std::vector<float>& values = source.array.floats;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!(values[i] < 0.0F || values[i] > 1.0F))
                continue;
            add(source,
                fillText(engineText("SourceCheck",
                                    "%1 holds %2 at %3, but training.loss \"%4\" needs targets "
                                    "in [0, 1]; use \"mse\" or \"mae\" for other values"),
                         {source.origin, formatNumber(values[i]),
                          elementIndexText(source.array.shape, static_cast<std::int64_t>(i)),
                          lossKey(m_config.training.loss)}));
            return;
        }
    }

    /// sparse_categorical_crossentropy's targets index the softmax's units.
    void checkClassIds(const SourceArray& source)
    {
        if (!source.present())
            return;
        const std::vector<float>& values = source.array.floats;
        const float units = static_cast<float>(outputUnits());
        for (std::size_t i = 0; i < values.size(); ++i) {
            const float value = values[i];
            const bool reportedAsNonFinite = std::isnan(value);
            if (reportedAsNonFinite ||
                (value >= 0.0F && value < units && std::floor(value) == value))
                continue;
            add(source,
                fillText(engineText("SourceCheck",
                                    "%1 holds %2 at %3, but training.loss "
                                    "\"sparse_categorical_crossentropy\" needs class ids: "
                                    "whole numbers from 0 to %4 (the last layer has %5 units)"),
                         {source.origin, formatNumber(value),
                          elementIndexText(source.array.shape, static_cast<std::int64_t>(i)),
                          std::to_string(outputUnits() - 1), std::to_string(outputUnits())}));
            return;
        }
    }

    void checkSplit()
    {
        DataConfig data = m_config.data;
        if (m_arrays.hasValidation())
            data.validationSplit = 0.0;  // the explicit arrays replace the split (see the note)
        checkSampleSplit(data, m_arrays.x.samples(), m_issues);
    }

    const SourceArrays& m_arrays;
    const RunConfig& m_config;
    const bool m_tokens;
    const bool m_splitRules;
    std::vector<ConfigIssue> m_issues;
};

}  // namespace

std::string elementIndexText(const std::vector<std::int64_t>& shape, std::int64_t index)
{
    std::vector<std::int64_t> position(shape.size(), 0);
    for (std::size_t axis = shape.size(); axis-- > 0;) {
        const std::int64_t extent = shape[axis] > 0 ? shape[axis] : 1;
        position[axis] = index % extent;
        index /= extent;
    }
    return bracketedList(position);
}

void checkSourceArrays(const SourceArrays& arrays, const RunConfig& config)
{
    std::vector<ConfigIssue> issues = SourceChecker(arrays, config).run();
    if (!issues.empty())
        throw ConfigError(std::move(issues));
}

void checkPredictionArrays(const SourceArrays& arrays, const RunConfig& config)
{
    std::vector<ConfigIssue> issues = SourceChecker(arrays, config, false).run();
    if (!issues.empty())
        throw ConfigError(std::move(issues));
}

}  // namespace es
