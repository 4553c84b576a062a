// checkSourceArrays(): what must hold between loaded data files and the model before a run
// starts. Each rule adds an issue at the config field to change and says what to do.

#include "config/configerror.h"
#include "config/jsonreader.h"
#include "config/runconfigcheck.h"
#include "core/text.h"
#include "data/sourcearrays.h"

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
    SourceChecker(const SourceArrays& arrays, const RunConfig& config)
        : m_arrays(arrays), m_config(config), m_tokens(modelReadsTokens(config.model))
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
        if (m_config.training.loss == LossType::BinaryCrossentropy) {
            checkProbabilities(m_arrays.y);
            checkProbabilities(m_arrays.yVal);
        }
        if (m_issues.empty())
            checkSplit();
        return std::move(m_issues);
    }

private:
    void add(const SourceArray& source, std::string message)
    {
        m_issues.push_back({source.field, source.origin + " " + std::move(message)});
    }

    std::string firstLayerText() const
    {
        const std::vector<LayerConfig>& layers = m_config.model.layers;
        return layers.empty()
                   ? std::string("the model")
                   : "the first layer (\"" + std::string(layerTypeKey(layers.front().type)) + "\")";
    }

    /// Rank, and at least one sample.
    bool checkInputs(const SourceArray& source)
    {
        if (!source.present())
            return true;
        const Shape& shape = source.array.shape;
        const std::size_t rank = m_tokens ? 2 : 3;
        if (shape.size() != rank) {
            std::string advice;
            if (!m_tokens && shape.size() == 2)
                advice = "; for one feature per time step save x[..., np.newaxis]";
            add(source, "has shape " + npyShapeText(shape) + ", but " + firstLayerText() +
                            (m_tokens ? " reads token ids shaped (samples, timesteps)"
                                      : " reads float features shaped (samples, timesteps, "
                                        "features)") +
                            advice);
            return false;
        }
        if (shape.front() == 0) {
            add(source, "holds no samples (shape " + npyShapeText(shape) + ")");
            return false;
        }
        return true;
    }

    /// One value per sample: (N,) or (N, 1), as the model's single output unit gives.
    void checkTargets(const SourceArray& source)
    {
        if (!source.present())
            return;
        const Shape& shape = source.array.shape;
        std::int64_t perSample = 1;
        for (std::size_t i = 1; i < shape.size(); ++i)
            perSample *= shape[i];
        if (shape.size() <= 2 && perSample == 1)
            return;
        add(source, "has shape " + npyShapeText(shape) +
                        ", but the model outputs one value per sample (its last layer is dense "
                        "with units 1), so targets must be shaped (samples,) or (samples, 1)");
    }

    void checkPairing(const SourceArray& inputs, const SourceArray& targets, const char* xName,
                      const char* yName)
    {
        if (!inputs.present() || !targets.present() || inputs.samples() == targets.samples())
            return;
        add(targets, "has " + std::to_string(targets.samples()) + " samples, but " + xName + " (" +
                         inputs.origin + ") has " + std::to_string(inputs.samples()) + "; " +
                         xName + " and " + yName + " must pair up one to one");
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
        add(m_arrays.xVal, "has " + std::to_string(validation.back()) +
                               " features per time step, but x (" + m_arrays.x.origin + ") has " +
                               std::to_string(train.back()) + "; the model's weights fit one");
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
                 "the model expects samples shaped " + bracketedList(declared) + ", but " +
                     source->origin + " holds samples shaped " + npyShapeText(actual) +
                     "; change input_shape or the data (or set input_shape to null)"});
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
        add(source, "holds " + std::string(std::isnan(first) ? "NaN" : "an infinity") + " at " +
                        elementIndexText(source.array.shape, stats.firstNonFiniteIndex) +
                        " (the first of " + std::to_string(stats.nanCount) + " NaN and " +
                        std::to_string(stats.infCount) +
                        " infinite values); training on them makes the loss NaN: fill or drop "
                        "those samples");
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
                " at " + elementIndexText(source.array.shape, static_cast<std::int64_t>(i));
            if (ids[i] < 0) {
                add(source, "holds token id " + std::to_string(ids[i]) + where +
                                "; ids index the embedding and must be >= 0");
            } else {
                add(source, "holds token id " + std::to_string(ids[i]) + where +
                                ", not below model.layers[0].input_dim " +
                                std::to_string(vocabulary) + " (the largest id is " +
                                std::to_string(largest) + "; input_dim " +
                                std::to_string(largest + 1) + " would cover them all)");
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
            add(source, "holds " + formatNumber(values[i]) + " at " +
                            elementIndexText(source.array.shape, static_cast<std::int64_t>(i)) +
                            ", but training.loss \"binary_crossentropy\" needs targets in [0, 1]; "
                            "use \"mse\" or \"mae\" for other values");
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

}  // namespace es
