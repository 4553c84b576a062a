#include "engine/export/modelinput.h"

#include "engine/config/runconfig.h"
#include "engine/data/sourcearrays.h"
#include "engine/model/modelsummary.h"

#include <stdexcept>

namespace es {

ModelInput modelInputOf(const RunConfig& config, const TextTokenizer* trained)
{
    ModelInput input;
    if (!config.data.source.fromFiles()) {
        const auto declared = declaredInputShape(config);
        if (!declared)
            throw std::logic_error("modelInputOf: a synthetic source declares its shape");
        input.sampleShape = *declared;
        input.trainingSamples = splitSamples(config.data).training;
        return input;
    }
    const SourceArrays arrays = loadSourceArrays(config, trained);
    input.tokenizer = arrays.tokenizer;
    const std::vector<std::int64_t>& shape = arrays.x.array.shape;
    input.sampleShape.assign(shape.begin() + 1, shape.end());
    // With validation arrays of its own the source trains on all of x (sourcearrays.h).
    input.trainingSamples =
        arrays.hasValidation()
            ? arrays.x.samples()
            : splitSamples(arrays.x.samples(), config.data.validationSplit).training;
    return input;
}

}  // namespace es
