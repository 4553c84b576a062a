#include "engine/data/sourcearrays.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/jsonreader.h"
#include "engine/config/runconfig.h"
#include "engine/data/csvwindows.h"
#include "engine/data/npzarchive.h"
#include "engine/data/textsource.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>
#include <utility>

namespace es {

namespace {

std::string describeArray(const char* role, const SourceArray& source)
{
    return std::string(role) + " " + source.origin + " " + npyShapeText(source.array.shape) + " " +
           std::string(npyDTypeName(source.array.sourceDtype));
}

void addNote(std::vector<std::string>& notes, const char* role, const SourceArray& source)
{
    if (source.present() && !source.array.note.empty())
        notes.push_back(std::string(role) + ": " + source.array.note);
}

SourceArray loadNpyArray(const std::string& path, const char* field, ElementKind kind)
{
    SourceArray source;
    source.field = field;
    source.origin = path;
    source.array = loadNpyFile(path, kind);
    return source;
}

void loadNpySource(const DataSourceConfig& config, ElementKind inputKind, SourceArrays& arrays)
{
    arrays.x = loadNpyArray(config.x, "data.source.x", inputKind);
    arrays.y = loadNpyArray(config.y, "data.source.y", ElementKind::Float32);
    if (!config.xVal.empty()) {
        arrays.xVal = loadNpyArray(config.xVal, "data.source.x_val", inputKind);
        arrays.yVal = loadNpyArray(config.yVal, "data.source.y_val", ElementKind::Float32);
    }
}

/// The member named in the config, or else the default one (empty when the archive has none).
struct MemberChoice {
    std::string name;
    std::string field;
};

MemberChoice chooseMember(const std::string& configured, const char* field,
                          const std::string& fallback)
{
    if (!configured.empty())
        return {configured, field};
    return {fallback, "data.source.path"};
}

SourceArray loadMember(const std::string& path, const MemberChoice& member, ElementKind kind)
{
    SourceArray source;
    source.field = member.field;
    source.origin = path + ":" + member.name;
    source.array = loadNpzArray(path, member.name, kind);
    return source;
}

void loadNpzSource(const DataSourceConfig& config, ElementKind inputKind, SourceArrays& arrays)
{
    std::vector<std::string> names;
    for (const NpzMember& member : listNpzArrays(config.path))
        names.push_back(member.name);
    const DefaultArrays defaults = pickDefaultArrays(names);
    const MemberChoice x = chooseMember(config.x, "data.source.x", defaults.xTrain);
    const MemberChoice y = chooseMember(config.y, "data.source.y", defaults.yTrain);
    if (x.name.empty() || y.name.empty()) {
        const std::vector<std::string_view> listed(names.begin(), names.end());
        const char* pattern =
            names.empty()
                ? engineText("SourceArrays",
                             "%1 holds no arrays but none named %3; name the array to use")
                : engineText("SourceArrays",
                             "%1 holds the arrays %2 but none named %3; "
                             "name the array to use");
        throw ConfigError(x.name.empty() ? "data.source.x" : "data.source.y",
                          fillText(pattern, {config.path, joinNames(listed),
                                             x.name.empty() ? "x_train" : "y_train"}));
    }
    arrays.x = loadMember(config.path, x, inputKind);
    arrays.y = loadMember(config.path, y, ElementKind::Float32);
    const MemberChoice xVal = chooseMember(config.xVal, "data.source.x_val", defaults.xVal);
    const MemberChoice yVal = chooseMember(config.yVal, "data.source.y_val", defaults.yVal);
    if (!xVal.name.empty()) {
        arrays.xVal = loadMember(config.path, xVal, inputKind);
        arrays.yVal = loadMember(config.path, yVal, ElementKind::Float32);
    }
}

/// readCsvWindows names its option errors relative to the options (`target`); in a config
/// they sit under data.source (and "features" is what the options call columns).
ConfigError underDataSource(const ConfigError& error)
{
    static const std::vector<std::string> kOptionPaths = {"target", "window", "horizon", "stride"};
    std::vector<ConfigIssue> issues = error.issues();
    for (ConfigIssue& issue : issues) {
        const bool option =
            issue.path.rfind("features", 0) == 0 ||
            std::find(kOptionPaths.begin(), kOptionPaths.end(), issue.path) != kOptionPaths.end();
        if (option)
            issue.path = "data.source." + issue.path;
    }
    return ConfigError(std::move(issues));
}

/// The windows of the CSV file at `path` (the source's own, or one to predict on), cut as the
/// source's settings say; x's and y's issues are at `xField` and `yField`.
void loadCsvWindows(const DataSourceConfig& config, const std::string& path, const char* xField,
                    const char* yField, SourceArrays& arrays)
{
    CsvOptions csv;
    csv.delimiter = config.delimiter;
    csv.header = config.header;
    CsvWindowOptions windows;
    windows.features = config.columns;
    windows.target = config.target;
    windows.window = config.window;
    windows.horizon = config.horizon;
    windows.stride = config.stride;
    WindowedSeries series;
    try {
        series = readCsvWindows(path, csv, windows);
    } catch (const ConfigError& error) {
        throw underDataSource(error);
    }
    arrays.x.field = xField;
    arrays.x.origin = path;
    arrays.x.array.shape = {series.samples, series.timesteps, series.features};
    arrays.x.array.floats = std::move(series.x);
    arrays.y.field = yField;
    arrays.y.origin = path;
    arrays.y.array.shape = {series.samples};
    arrays.y.array.floats = std::move(series.y);
}

std::string describeSource(const DataSourceConfig& config, const SourceArrays& arrays)
{
    if (config.type == DataSourceType::Csv) {
        const std::vector<std::int64_t>& shape = arrays.x.array.shape;
        return fillText(markedText("RunRecord",
                                   "csv: %1, %2 windows of %3 rows x %4 columns, "
                                   "target %5 row(s) ahead"),
                        {config.path, std::to_string(shape[0]), std::to_string(shape[1]),
                         std::to_string(shape[2]), std::to_string(config.horizon)});
    }
    std::string text = std::string(dataSourceKey(config.type)) + ": " +
                       describeArray("x", arrays.x) + ", " + describeArray("y", arrays.y);
    if (arrays.hasValidation())
        text +=
            ", " + describeArray("x_val", arrays.xVal) + ", " + describeArray("y_val", arrays.yVal);
    return text;
}

// What `epochscope-cli predict` reads (loadPredictionArrays()).

enum class InputKind { Npy, Npz, Csv };

/// A file to predict on as the user named it: `archive.npz:member` names a member.
struct NamedInput {
    std::string path;
    std::string member;
    InputKind kind = InputKind::Npy;
};

std::string lowercaseExtension(const std::string& path)
{
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

InputKind inputKindOf(const std::string& path)
{
    const std::string extension = lowercaseExtension(path);
    if (extension == ".npy")
        return InputKind::Npy;
    if (extension == ".npz")
        return InputKind::Npz;
    if (extension == ".csv" || extension == ".tsv" || extension == ".txt")
        return InputKind::Csv;
    // No telling extension: the magic bytes of .npy and of a zip archive, else text. Opened
    // as the readers open it: what cannot be opened, or is not a regular file (a FIFO would
    // wait for a writer), is refused here, naming the file.
    const std::string magic = InputFile(path).readStart(kFileKindMagicBytes);
    if (magic == "\x93NUMPY")
        return InputKind::Npy;
    if (magic.rfind("PK", 0) == 0)
        return InputKind::Npz;
    return InputKind::Csv;
}

NamedInput namedInputOf(const std::string& text)
{
    // `archive.npz:member`, as `inspect` and the errors of archives name members.
    const std::size_t colon = text.rfind(':');
    if (colon != std::string::npos && lowercaseExtension(text.substr(0, colon)) == ".npz")
        return {text.substr(0, colon), text.substr(colon + 1), InputKind::Npz};
    return {text, {}, inputKindOf(text)};
}

SourceArray loadNamedInput(const NamedInput& file, const char* field, ElementKind kind)
{
    if (file.kind == InputKind::Npy)
        return loadNpyArray(file.path, field, kind);
    std::string member = file.member;
    if (member.empty()) {
        // An archive of one array says which it is; with more, the user must.
        std::vector<std::string> names;
        for (const NpzMember& entry : listNpzArrays(file.path))
            names.push_back(entry.name);
        if (names.size() != 1) {
            const std::vector<std::string_view> listed(names.begin(), names.end());
            throw ConfigError(
                field, names.empty()
                           ? fillText(engineText("SourceArrays", "%1 holds no arrays"), {file.path})
                           : fillText(engineText("SourceArrays",
                                                 "%1 holds the arrays %2; name the one to "
                                                 "use as %1:NAME"),
                                      {file.path, joinNames(listed)}));
        }
        member = names.front();
    }
    return loadMember(file.path, {member, field}, kind);
}

}  // namespace

bool modelReadsTokens(const ModelConfig& model)
{
    return !model.layers.empty() && model.layers.front().type == LayerType::Embedding;
}

std::string syntheticSourceDescription(const DataSourceConfig& source)
{
    std::string shape = std::to_string(source.timesteps);
    if (source.type == DataSourceType::SyntheticRegression)
        shape += ", " + std::to_string(source.features);
    std::string description =
        fillText(markedText("RunRecord", "%1: %2 samples of (%3)"),
                 {dataSourceKey(source.type), std::to_string(source.samples), shape});
    if (source.classes >= 2)
        description +=
            fillText(markedText("RunRecord", ", %1 classes"), {std::to_string(source.classes)});
    return description;
}

SourceArrays loadSourceArrays(const RunConfig& config, const TextTokenizer* trained)
{
    const DataSourceConfig& source = config.data.source;
    const ElementKind inputKind =
        modelReadsTokens(config.model) ? ElementKind::Int64 : ElementKind::Float32;
    SourceArrays arrays;
    switch (source.type) {
        case DataSourceType::Npy: loadNpySource(source, inputKind, arrays); break;
        case DataSourceType::Npz: loadNpzSource(source, inputKind, arrays); break;
        case DataSourceType::Csv:
            loadCsvWindows(source, source.path, "data.source.path", "data.source.target", arrays);
            break;
        case DataSourceType::TextCsv:
        case DataSourceType::TextFolder: loadTextSource(config, arrays, trained); break;
        case DataSourceType::SyntheticRegression:
        case DataSourceType::SyntheticTokens:
            throw std::logic_error("loadSourceArrays: data.source is generated, not read");
    }
    if (!source.fromText())  // the text loader describes what it read and learned
        arrays.description = describeSource(source, arrays);
    addNote(arrays.notes, "x", arrays.x);
    addNote(arrays.notes, "y", arrays.y);
    addNote(arrays.notes, "x_val", arrays.xVal);
    addNote(arrays.notes, "y_val", arrays.yVal);
    if (arrays.hasValidation() && config.data.validationSplit > 0.0)
        arrays.notes.push_back(
            fillText(markedText("RunRecord",
                                "data.validation_split %1 ignored: the source gives its own "
                                "validation arrays (as Keras' validation_data overrides "
                                "validation_split)"),
                     {formatNumber(config.data.validationSplit)}));
    checkSourceArrays(arrays, config);
    return arrays;
}

SourceArrays loadPredictionArrays(const RunConfig& config, const std::string& xPath,
                                  const std::string& yPath)
{
    const DataSourceConfig& source = config.data.source;
    const ElementKind inputKind =
        modelReadsTokens(config.model) ? ElementKind::Int64 : ElementKind::Float32;
    const NamedInput x = namedInputOf(xPath);
    SourceArrays arrays;
    if (x.kind == InputKind::Csv) {
        if (source.type != DataSourceType::Csv)
            throw ConfigError(
                "--x", fillText(engineText("SourceArrays",
                                           "%1 is a CSV file, but the config's data.source is "
                                           "\"%2\": only a csv source says how a CSV file is cut "
                                           "into samples (features, target, window); save the "
                                           "samples as .npy instead"),
                                {x.path, dataSourceKey(source.type)}));
        if (!yPath.empty())
            throw ConfigError("--y", fillText(engineText("SourceArrays",
                                                         "the targets of the CSV file %1 are its "
                                                         "data.source.target column; leave --y "
                                                         "out"),
                                              {x.path}));
        loadCsvWindows(source, x.path, "--x", "--x", arrays);
        DataSourceConfig windowed = source;
        windowed.path = x.path;
        arrays.description = describeSource(windowed, arrays);
    } else {
        arrays.x = loadNamedInput(x, "--x", inputKind);
        arrays.description = describeArray("x", arrays.x);
        if (!yPath.empty()) {
            const NamedInput y = namedInputOf(yPath);
            if (y.kind == InputKind::Csv)
                throw ConfigError("--y", fillText(engineText("SourceArrays",
                                                             "%1 is a CSV file; targets are read "
                                                             "from a .npy file or an .npz member "
                                                             "(archive.npz:NAME)"),
                                                  {y.path}));
            arrays.y = loadNamedInput(y, "--y", ElementKind::Float32);
            arrays.description += ", " + describeArray("y", arrays.y);
        }
    }
    addNote(arrays.notes, "x", arrays.x);
    addNote(arrays.notes, "y", arrays.y);
    checkPredictionArrays(arrays, config);
    return arrays;
}

}  // namespace es
