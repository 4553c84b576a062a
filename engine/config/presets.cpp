#include "engine/config/presets.h"

#include "engine/config/configerror.h"
#include "engine/config/jsondocument.h"
#include "engine/config/jsonreader.h"
#include "engine/config/presetdata.h"
#include "engine/config/presetdescription.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"
#include "engine/io/datahome.h"
#include "engine/text/sentimentcorpus.h"

#include <algorithm>
#include <array>
#include <system_error>

namespace es {

namespace {

std::string originOf(std::string_view name)
{
    return "<preset " + std::string(name) + ">";
}

/// A preset that trains from a corpus EpochScope writes itself, so that it needs no download:
/// the corpus is written on the preset's first use into corpora/<preset> of the user's data
/// folder, and the preset's source path (a placeholder in its JSON) is set to it.
struct GeneratedCorpus {
    std::string_view preset;
    /// Makes `folder` hold the corpus (kept when whole, written otherwise) and returns the path
    /// the preset's source reads. Throws std::system_error.
    std::string (*ensure)(const std::string& folder);
};

const std::array<GeneratedCorpus, 1> kGeneratedCorpora = {{
    {"text-sentiment-demo",
     [](const std::string& folder) {
         // 2 x 2500 reviews, as the preset's description says.
         return ensureSentimentCorpus(folder, {/*reviewsPerClass=*/2500, /*seed=*/1});
     }},
}};

/// Points `config`'s source at the corpus that preset `name` trains from, writing the corpus
/// first when it is not there whole; nothing for a preset without a generated corpus.
void useGeneratedCorpus(std::string_view name, RunConfig& config)
{
    for (const GeneratedCorpus& corpus : kGeneratedCorpora) {
        if (corpus.preset != name)
            continue;
        const std::string folder = userDataDirectory() + "/corpora/" + std::string(name);
        try {
            config.data.source.path = corpus.ensure(folder);
        } catch (const std::system_error& error) {
            throw ConfigError("preset",
                              fillText(engineText("Presets",
                                                  "%1 trains from a corpus that EpochScope writes "
                                                  "into %2 on first use, which failed: %3"),
                                       {name, folder, error.what()}));
        }
    }
}

}  // namespace

std::vector<PresetInfo> builtinPresets()
{
    std::vector<PresetInfo> presets;
    presets.reserve(detail::kEmbeddedPresets.size());
    for (const detail::EmbeddedPreset& preset : detail::kEmbeddedPresets) {
        // Only the description is needed here; tests make sure every preset parses whole.
        const nlohmann::json document = parseJsonDocument(preset.json, originOf(preset.name));
        PresetInfo info;
        info.name = std::string(preset.name);
        const auto description = document.find("description");
        if (description != document.end() && description->is_string())
            info.description = presetDescriptionText(info.name, description->get<std::string>());
        presets.push_back(std::move(info));
    }
    std::sort(presets.begin(), presets.end(),
              [](const PresetInfo& a, const PresetInfo& b) { return a.name < b.name; });
    return presets;
}

RunConfig loadPreset(const std::string& name)
{
    for (const detail::EmbeddedPreset& preset : detail::kEmbeddedPresets) {
        if (preset.name == name) {
            RunConfig config = parseRunConfigText(preset.json, originOf(preset.name));
            useGeneratedCorpus(preset.name, config);
            return config;
        }
    }
    const std::vector<PresetInfo> presets = builtinPresets();
    std::vector<std::string_view> known;
    for (const PresetInfo& preset : presets)
        known.push_back(preset.name);
    throw ConfigError("preset", "unknown preset " + JsonReader::describe(nlohmann::json(name)) +
                                    "; expected one of: " + joinNames(known));
}

}  // namespace es
