#include "engine/config/presetdescription.h"

#include "engine/i18n/language.h"
#include "engine/i18n/translate.h"

#include <array>
#include <utility>

namespace es {

namespace {

/// Each description as an engineText() call, which lupdate can see; called in English it
/// returns the marked source, so the text is written once.
using MarkedText = const char* (*)();

const std::array<std::pair<std::string_view, MarkedText>, 4> kMarkedDescriptions = {{
    {"imdb-lstm-sentiment",
     [] {
         return engineText(
             "Presets",
             "Reference workload: the Keras IMDB sentiment LSTM. Embedding(20000, 128) > "
             "LSTM(128) > Dense(1, sigmoid) on 25000 synthetic reviews of 500 tokens, batch 64. "
             "5 epochs: enough to set the slow first epoch against the steady state; on 2 CPU "
             "cores each epoch takes minutes.");
     }},
    {"keras-lstm-regression",
     [] {
         return engineText(
             "Presets",
             "Reference workload: the Keras stacked-LSTM regression. LSTM(80, return_sequences) "
             "> LSTM(80) > Dense(1), L2 1e-5 on kernels and recurrent kernels, 10000 synthetic "
             "samples of 64 steps x 8 features, batch 64, 20 epochs.");
     }},
    {"quick-demo",
     [] {
         return engineText(
             "Presets",
             "Small sequence regression to try the workbench: LSTM(64) > Dense(1) on 6144 "
             "synthetic samples of 64 steps x 8 features, 8 epochs; an epoch takes about two "
             "seconds on 2 CPU cores.");
     }},
    {"text-sentiment-demo",
     [] {
         return engineText(
             "Presets",
             "Sentiment from raw text: Embedding(1000, 64, mask_zero) > LSTM(64) > Dense(1, "
             "sigmoid) on 5000 movie reviews laid out as IMDB's aclImdb (train/pos and train/neg "
             "of .txt files), batches by length, 5 epochs; an epoch takes about three seconds on "
             "2 CPU cores. EpochScope generates the reviews on first use, into "
             "epochscope/corpora/text-sentiment-demo of your data folder ($XDG_DATA_HOME, or "
             "~/.local/share).");
     }},
}};

}  // namespace

std::string presetDescriptionText(std::string_view name, const std::string& english)
{
    for (const auto& [preset, text] : kMarkedDescriptions) {
        if (preset != name)
            continue;
        const std::string source = [text = text] {
            const LanguageScope inSource(kSourceLanguage);
            return std::string(text());
        }();
        return source == english ? std::string(text()) : english;
    }
    return english;
}

}  // namespace es
