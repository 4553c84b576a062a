#include "engine/data/trainedtokenizer.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/tokenizerfile.h"
#include "engine/i18n/translate.h"

namespace es {

namespace {

/// A tokenizer from elsewhere must give ids the model's Embedding has rows for.
void requireEmbeddingRows(const TextTokenizer& tokenizer, const RunConfig& config,
                          const std::string& origin)
{
    const std::vector<LayerConfig>& layers = config.model.layers;
    if (layers.empty() || layers.front().type != LayerType::Embedding)
        return;
    const std::int64_t inputDim = layers.front().inputDim;
    if (tokenizer.vocabulary.size() <= inputDim)
        return;
    throw ConfigError(
        origin, fillText(engineText("TrainedTokenizer",
                                    "the vocabulary has %1 entries, but the model's "
                                    "Embedding has rows for ids below %2 only: this "
                                    "tokenizer belongs to another model"),
                         {std::to_string(tokenizer.vocabulary.size()), std::to_string(inputDim)}));
}

}  // namespace

std::shared_ptr<const TextTokenizer> trainedTokenizer(const RunConfig& config,
                                                      const std::string& checkpoint,
                                                      const std::string& recordedJson,
                                                      const std::string& recordedOrigin)
{
    if (!config.data.source.fromText())
        return nullptr;
    std::shared_ptr<const TextTokenizer> tokenizer;
    std::string origin;
    if (!recordedJson.empty()) {
        origin = recordedOrigin;
        tokenizer =
            std::make_shared<const TextTokenizer>(parseTokenizerJson(recordedJson, recordedOrigin));
    } else if (std::optional<TextTokenizer> beside = readTokenizerBeside(checkpoint)) {
        origin = tokenizerPathBeside(checkpoint);
        tokenizer = std::make_shared<const TextTokenizer>(std::move(*beside));
    }
    if (tokenizer)
        requireEmbeddingRows(*tokenizer, config, origin);
    return tokenizer;
}

}  // namespace es
