#include "engine/data/sourcearrays.h"

#include "engine/config/configerror.h"
#include "engine/config/jsonreader.h"
#include "engine/data/csvwindows.h"
#include "engine/data/npzarchive.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <algorithm>
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

void loadCsvSource(const DataSourceConfig& config, SourceArrays& arrays)
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
        series = readCsvWindows(config.path, csv, windows);
    } catch (const ConfigError& error) {
        throw underDataSource(error);
    }
    arrays.x.field = "data.source.path";
    arrays.x.origin = config.path;
    arrays.x.array.shape = {series.samples, series.timesteps, series.features};
    arrays.x.array.floats = std::move(series.x);
    arrays.y.field = "data.source.target";
    arrays.y.origin = config.path;
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

}  // namespace

bool modelReadsTokens(const ModelConfig& model)
{
    return !model.layers.empty() && model.layers.front().type == LayerType::Embedding;
}

SourceArrays loadSourceArrays(const RunConfig& config)
{
    const DataSourceConfig& source = config.data.source;
    const ElementKind inputKind =
        modelReadsTokens(config.model) ? ElementKind::Int64 : ElementKind::Float32;
    SourceArrays arrays;
    switch (source.type) {
        case DataSourceType::Npy: loadNpySource(source, inputKind, arrays); break;
        case DataSourceType::Npz: loadNpzSource(source, inputKind, arrays); break;
        case DataSourceType::Csv: loadCsvSource(source, arrays); break;
        case DataSourceType::SyntheticRegression:
        case DataSourceType::SyntheticTokens:
            throw std::logic_error("loadSourceArrays: data.source is generated, not read");
    }
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

}  // namespace es
