#include "engine/predict/textscorer.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/sourcearrays.h"
#include "engine/model/backendchoice.h"
#include "engine/model/globalgenerator.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/predict/predictionmessages.h"
#include "engine/predict/predictiontexts.h"
#include "engine/predict/trainedinput.h"
#include "engine/train/checkpointweights_torch.h"
#include "engine/train/preflight.h"

#include <torch/torch.h>

#include <algorithm>

namespace es {

struct TextScorer::Model {
    SequentialModel model;
    torch::Device device;
};

TextScorer::TextScorer(const RunConfig& config, const std::string& checkpoint,
                       std::shared_ptr<const TextTokenizer> tokenizer)
    : m_tokenizer(std::move(tokenizer))
{
    if (!config.data.source.fromText())
        throw ConfigError("data.source", notTrainedOnTextText());
    checkRunnable(config);
    requireCheckpointFile(checkpoint);
    if (!m_tokenizer)
        m_tokenizer = loadSourceArrays(config).tokenizer;
    const BackendChoice backend = resolveBackend(config, config.device.type, oneDnnBuilt());
    SequentialModel model = [&] {
        const std::lock_guard<std::mutex> turn(globalGeneratorLock());
        return SequentialModel(config.model, 1, backend.backend, config.device.type);
    }();
    m_checkpointKind = loadCheckpointWeights(
        *model, checkpoint, std::max<std::int64_t>(trainedInputOf(config).samples, 1));
    const torch::Device device(config.device.name());
    model->to(device);
    model->eval();
    m_model = std::make_unique<Model>(Model{std::move(model), device});
}

TextScorer::~TextScorer() = default;

TextScore TextScorer::score(std::string_view text) const
{
    TextScore result;
    result.text = tokenizeText(*m_tokenizer, text);
    const torch::InferenceMode inference;
    std::vector<std::int64_t> ids = result.text.ids;
    const auto length = static_cast<std::int64_t>(ids.size());
    const torch::Tensor input =
        torch::from_blob(ids.data(), {1, length}, torch::kInt64).to(m_model->device);
    const torch::Tensor output =
        m_model->model->forward(input).to(torch::kCPU, torch::kFloat32).contiguous();
    if (output.dim() != 2)
        return result;  // a sequence per sample: no single score
    const float* first = output.data_ptr<float>();
    result.outputs.assign(first, first + output.numel());
    result.className = classNameOf(m_tokenizer->classes, result.outputs.data(),
                                   static_cast<std::int64_t>(result.outputs.size()));
    return result;
}

const TextTokenizer& TextScorer::tokenizer() const
{
    return *m_tokenizer;
}

const std::string& TextScorer::checkpointKind() const
{
    return m_checkpointKind;
}

}  // namespace es
