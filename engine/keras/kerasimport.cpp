// importKerasModel: the model file's format and Keras version, its layers one by one
// (keraslayers.cpp), its compile config (kerascompile.cpp), then the data and training a run
// needs (kerasdata.cpp); the result is checked as any run config is before it is returned.

#include "engine/keras/kerasimport.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/jsondocument.h"
#include "engine/config/jsonreader.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/keras/importlog.h"
#include "engine/keras/kerasarchive.h"
#include "engine/keras/kerascompile.h"
#include "engine/keras/kerasdata.h"
#include "engine/keras/keraslayers.h"
#include "engine/keras/kerasoptions.h"
#include "engine/keras/kerasversion.h"
#include "engine/model/recurrentpath.h"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

using Json = nlohmann::json;

// A model's JSON is a few kB, a few MB for the largest models; a larger file is not one (a
// data set, /dev/zero) and is refused before it fills memory. Archives are read in place.
constexpr std::size_t kMaxJsonBytes = 16 * 1024 * 1024;
// What looksLikeZip() needs to see: a zip record's four-byte signature.
constexpr std::size_t kZipMagicBytes = 4;
// Run names are shown in lists and reports; a model's name longer than this is cut.
constexpr std::size_t kMaxRunNameBytes = 64;
constexpr const char* kDefaultRunName = "keras-import";

/// What the file says about the run before its layers are read.
struct ModelDocument {
    const Json* layers = nullptr;      ///< the Sequential's layer list
    const Json* sequential = nullptr;  ///< the Sequential's config object (dict form), or null
    std::string modelName;
    KerasVersion version;
    std::optional<KerasShape> buildShape;  ///< build_input_shape or the model's build_config
    std::optional<KerasCompile> compile;
};

/// `text` cut to at most `bytes` bytes on a UTF-8 character boundary.
std::string cutUtf8(std::string text, std::size_t bytes)
{
    if (text.size() <= bytes)
        return text;
    std::size_t cut = bytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    text.resize(cut);
    return text;
}

/// The run's name: the file's stem ("sentiment" for sentiment.keras), else the model's name.
std::string runName(const std::string& origin, const std::string& modelName)
{
    const std::filesystem::path path(origin);
    const std::string extension = path.extension().string();
    std::string name =
        extension == ".json" || extension == ".keras" ? path.stem().string() : modelName;
    name = cutUtf8(escapeControls(name), kMaxRunNameBytes);
    return name.empty() ? std::string(kDefaultRunName) : name;
}

/// Whether any layer object carries Keras 3's "module" key (Keras 2.13 to 2.15 write it too,
/// but with keras_version beside it).
bool hasModuleKeys(const Json& layers)
{
    for (const Json& layer : layers) {
        if (layer.is_object() && layer.contains("module"))
            return true;
    }
    return false;
}

/// Whether any layer's config has Keras 2's batch_input_shape.
bool hasBatchInputShape(const Json& layers)
{
    for (const Json& layer : layers) {
        if (layer.is_object() && layer.contains("config") && layer["config"].is_object() &&
            layer["config"].contains("batch_input_shape"))
            return true;
    }
    return false;
}

/// The version the file states (keras_version) or its archive's metadata.json, else the major
/// version its format shows: Keras 3's "module" keys, Keras 2's list form or
/// batch_input_shape.
KerasVersion versionOf(const std::optional<KerasVersion>& stated, const Json& layers, bool listForm)
{
    if (stated)
        return *stated;
    KerasVersion version;
    if (hasModuleKeys(layers))
        version.major = 3;
    else if (listForm || hasBatchInputShape(layers))
        version.major = 2;
    return version;
}

[[noreturn]] void throwNotAModel(const std::string& origin, const Json& document)
{
    throw ConfigError(origin,
                      fillText(engineText("KerasImport",
                                          "not a Keras model's JSON: expected model.to_json()'s "
                                          "{\"class_name\": \"Sequential\", \"config\": ...}, "
                                          "got %1"),
                               {JsonReader::describe(document)}));
}

/// Reads the top level of the document: where the layers are, the version, the input shape
/// the model was built for, and the compile config.
ModelDocument readDocument(const Json& document, const std::optional<KerasVersion>& archiveVersion,
                           ImportLog& log)
{
    ModelDocument model;
    const std::string& origin = log.origin();
    std::optional<KerasVersion> stated = archiveVersion;
    bool listForm = false;
    const Json* config = nullptr;
    if (document.is_array()) {
        // Keras 2.0 to 2.2.0's Sequential.get_config(): the list of layers itself.
        model.layers = &document;
        listForm = true;
    } else if (document.is_object() && document.contains("class_name")) {
        const Json& className = document["class_name"];
        if (className != "Sequential") {
            const bool functional = className == "Functional" || className == "Model";
            throw ConfigError(
                origin,
                functional
                    ? std::string(engineText("KerasImport",
                                             "only Sequential models can be imported: this is "
                                             "a functional model (keras.Model(inputs, "
                                             "outputs)); build the same chain of layers with "
                                             "keras.Sequential and export that"))
                    : fillText(engineText("KerasImport",
                                          "only Sequential models can be imported; this file "
                                          "holds %1"),
                               {JsonReader::describe(className)}));
        }
        KerasOptions top(document, engineText("KerasImport", "the model"), {KerasScope::Model},
                         log);
        top.take("class_name");
        top.requireNull("registered_name", engineText("KerasImport",
                                                      "it names a custom class; EpochScope imports "
                                                      "Keras' own classes only"));
        if (const auto text = top.string("keras_version")) {
            const std::optional<KerasVersion> version = parseKerasVersion(*text);
            if (!version)
                top.refuse(
                    "keras_version", *text,
                    engineText("KerasImport", "expected a version such as \"2.2.4\" or \"3.3.3\""));
            else
                stated = version;
        }
        if (const Json* build = top.take("build_config"); build != nullptr && build->is_object()) {
            const auto shape = build->find("input_shape");
            if (shape != build->end() && !shape->is_null())
                model.buildShape = readKerasShape(*shape, "build_config.input_shape", log);
        }
        const Json* compile = top.take("compile_config");
        const Json* training = top.take("training_config");
        if (compile != nullptr && compile->is_object() && !compile->empty())
            model.compile = readKerasCompile(*compile, false, log);
        else if (training != nullptr && training->is_object() && !training->empty())
            model.compile = readKerasCompile(*training, true, log);
        config = top.take("config");
        top.finish();
        if (config != nullptr && config->is_array()) {
            model.layers = config;
            listForm = true;
        }
    } else if (document.is_object() && document.contains("layers")) {
        // Sequential.get_config() of Keras 2.2.4 and later: {"name": ..., "layers": [...]}.
        config = &document;
    } else {
        throwNotAModel(origin, document);
    }
    if (config != nullptr && config->is_object()) {
        model.sequential = config;
        KerasOptions sequential(*config, engineText("KerasImport", "the model"),
                                {KerasScope::Model}, log);
        if (const auto name = sequential.string("name"))
            model.modelName = *name;
        model.layers = sequential.take("layers");
        if (const Json* shape = sequential.take("build_input_shape");
            shape != nullptr && !shape->is_null() && !model.buildShape)
            model.buildShape = readKerasShape(*shape, "build_input_shape", log);
        if (const auto trainable = sequential.boolean("trainable"); trainable && !*trainable)
            sequential.refuse("trainable", false,
                              engineText("KerasImport", "EpochScope trains every layer"));
        if (const Json* dtype = sequential.take("dtype"); dtype != nullptr && !dtype->is_null()) {
            const std::optional<std::string> name = kerasDtypeName(*dtype);
            if (!name || *name != "float32")
                sequential.refuse(
                    "dtype", *dtype,
                    engineText("KerasImport", "EpochScope trains in float32 (\"float32\")"));
        }
        sequential.finish();
    }
    if (model.layers == nullptr || !model.layers->is_array()) {
        log.throwIfRefused();
        throwNotAModel(origin, document);
    }
    model.version = versionOf(stated, *model.layers, listForm);
    if (model.version.major == 1)
        throw ConfigError(origin,
                          fillText(engineText("KerasImport",
                                              "written by Keras %1: Keras 1 models are not "
                                              "supported; load it in Keras 2 or 3 and export "
                                              "it again"),
                                   {escapeControls(model.version.text)}));
    return model;
}

/// The layers, in order; facts.labels gets Keras' label of each layer kept.
void readLayers(const ModelDocument& model, RunConfig& config, KerasModelFacts& facts,
                ImportLog& log)
{
    const Json& layers = *model.layers;
    if (layers.empty()) {
        log.refuse(engineText("KerasImport", "the model has no layers"));
        return;
    }
    KerasLayerContext context;
    context.version = &model.version;
    context.log = &log;
    std::optional<KerasShape> firstBuildShape;
    bool first = true;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        context.position = i;
        context.first = first;
        ImportedKerasLayer imported = importKerasLayer(layers[i], context);
        if (imported.inputLayer) {
            if (i > 0)
                log.refuse(fillText(engineText("KerasImport",
                                               "%1: an InputLayer must be the model's first "
                                               "layer"),
                                    {imported.label}));
            facts.batchShape = imported.batchShape;
            continue;
        }
        if (first) {
            if (!facts.batchShape)
                facts.batchShape = imported.batchShape;
            firstBuildShape = imported.buildShape;
            facts.inputLength = imported.inputLength;
        }
        first = false;
        if (!imported.layer)
            continue;
        if (imported.layer->type == LayerType::Embedding && imported.layer->maskZero)
            context.masked = true;
        config.model.layers.push_back(*imported.layer);
        facts.labels.push_back(imported.label);
    }
    if (!facts.batchShape)
        facts.batchShape = model.buildShape ? model.buildShape : firstBuildShape;
}

/// Says which recurrent layers keep options no fused kernel runs.
void noteUnfusedLayers(const RunConfig& config, const std::vector<std::string>& labels,
                       ImportLog& log)
{
    for (std::size_t i = 0; i < config.model.layers.size() && i < labels.size(); ++i) {
        const std::vector<UnfusedOption> options = unfusedOptions(config.model.layers[i]);
        if (options.empty())
            continue;
        std::vector<std::string> named;
        for (const UnfusedOption& option : options)
            named.push_back(option.key + " " + option.value);
        log.note(fillText(engineText("KerasImport",
                                     "%1: %2 rules out the fused LSTM and GRU kernels (oneDNN, "
                                     "cuDNN), as it rules out cuDNN in Keras; the run records "
                                     "the kernel each layer takes "
                                     "(docs/keras.md#which-kernel-runs-each-layer)"),
                          {labels[i], listText(named)}));
    }
}

/// `issue` of the imported config's check, told in Keras' words where it is about a layer.
std::string checkIssueText(const ConfigIssue& issue, const std::vector<std::string>& labels)
{
    const std::string prefix = "model.layers[";
    if (issue.path.rfind(prefix, 0) == 0) {
        const std::size_t close = issue.path.find(']', prefix.size());
        const std::string digits = issue.path.substr(prefix.size(), close - prefix.size());
        std::size_t index = labels.size();
        if (close != std::string::npos && !digits.empty() && digits.size() < 6 &&
            digits.find_first_not_of("0123456789") == std::string::npos)
            index = std::stoul(digits);
        if (index < labels.size())
            return fillText(engineText("KerasImport", "%1, imported as %2: %3"),
                            {labels[index], issue.path, issue.message});
    }
    return fillText(engineText("KerasImport", "the imported run config cannot train: %1"),
                    {configIssueText(issue)});
}

/// Imports the model's JSON `text`; `origin` names it in messages (`model.keras:config.json`),
/// `file` is the file the user gave (`model.keras`), which names the run.
KerasImport importDocument(std::string_view text, const std::string& origin,
                           const std::string& file,
                           const std::optional<KerasVersion>& archiveVersion,
                           std::vector<std::string> archiveNotes)
{
    const Json document = parseJsonDocument(text, origin);
    ImportLog log(origin);
    for (std::string& note : archiveNotes)
        log.note(std::move(note));
    const ModelDocument model = readDocument(document, archiveVersion, log);

    RunConfig config;
    KerasModelFacts facts;
    facts.compile = model.compile;
    readLayers(model, config, facts, log);
    log.throwIfRefused();
    planKerasRun(config, facts, log);
    log.throwIfRefused();
    noteUnfusedLayers(config, facts.labels, log);

    const std::string versionText = kerasVersionText(model.version);
    config.name = runName(file, model.modelName);
    config.description = fillText(
        engineText("KerasImport", "Imported from %1 by epochscope-cli keras import; written by %2"),
        {cutUtf8(escapeControls(std::filesystem::path(file).filename().string()), kMaxRunNameBytes),
         versionText});

    // The config must be one the engine accepts as it is, and reads back the same.
    KerasImport result;
    try {
        result.config = parseRunConfig(toJson(config));
    } catch (const ConfigError& error) {
        std::vector<ConfigIssue> issues;
        for (const ConfigIssue& issue : error.issues())
            issues.push_back({origin, checkIssueText(issue, facts.labels)});
        throw ConfigError(std::move(issues));
    }
    result.kerasVersion = versionText;
    result.notes = log.takeNotes();
    return result;
}

/// The version metadata.json states, when it states one this import reads.
std::optional<KerasVersion> archiveVersion(const KerasArchive& archive, const std::string& origin,
                                           std::vector<std::string>& notes)
{
    if (archive.metadata.empty())
        return std::nullopt;
    const Json metadata = parseJsonDocument(archive.metadata, origin + ":metadata.json");
    const Json version = metadata.is_object() ? metadata.value("keras_version", Json()) : Json();
    if (version.is_string()) {
        if (std::optional<KerasVersion> parsed = parseKerasVersion(version.get<std::string>()))
            return parsed;
    }
    notes.push_back(fillText(engineText("KerasImport",
                                        "metadata.json: keras_version %1 is not a Keras "
                                        "version; the version is read from the config instead"),
                             {JsonReader::describe(version)}));
    return std::nullopt;
}

KerasImport importArchive(const KerasArchive& archive, const std::string& origin)
{
    std::vector<std::string> notes;
    const std::optional<KerasVersion> version = archiveVersion(archive, origin, notes);
    if (!archive.weightMembers.empty())
        notes.insert(notes.begin(),
                     fillText(engineText("KerasImport",
                                         "the archive holds weights (%1); importing weights is "
                                         "not supported: the model starts from Keras' "
                                         "initializers, drawn from the run's seed"),
                              {listText(archive.weightMembers)}));
    return importDocument(archive.config, origin + ":config.json", origin, version,
                          std::move(notes));
}

/// The whole file, which is not an archive; refused when larger than any model's JSON.
std::string readJsonFile(const InputFile& file)
{
    if (file.size() > kMaxJsonBytes)
        throw ConfigError(file.path(), fillText(engineText("KerasImport",
                                                           "the file is larger than %1 MiB; a "
                                                           "model's JSON is a few kB"),
                                                {std::to_string(kMaxJsonBytes / (1024 * 1024))}));
    return file.readAll();
}

}  // namespace

KerasImport importKerasModel(std::string_view bytes, std::string_view origin)
{
    const std::string name(origin);
    if (looksLikeZip(bytes))
        return importArchive(readKerasArchive(bytes, name), name);
    if (bytes.size() > kMaxJsonBytes)
        throw ConfigError(name, fillText(engineText("KerasImport",
                                                    "the file is larger than %1 MiB; a model's "
                                                    "JSON is a few kB"),
                                         {std::to_string(kMaxJsonBytes / (1024 * 1024))}));
    return importDocument(bytes, name, name, std::nullopt, {});
}

KerasImport importKerasModelFile(const std::string& path)
{
    const InputFile file(path, engineText("KerasImport", "cannot open the file: %1"));
    // The first bytes tell an archive (read in place, weights and all left on disk) from text.
    if (looksLikeZip(file.readStart(kZipMagicBytes)))
        return importArchive(readKerasArchiveFile(file), path);
    const std::string text = readJsonFile(file);
    return importDocument(text, path, path, std::nullopt, {});
}

}  // namespace es
