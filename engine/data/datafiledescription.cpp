#include "engine/data/datafiledescription.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/jsonreader.h"
#include "engine/core/siunits.h"
#include "engine/core/text.h"
#include "engine/data/csvtable.h"
#include "engine/data/npyfile.h"
#include "engine/data/npzarchive.h"
#include "engine/data/sourcearrays.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>

// The texts keep the context of `epochscope-cli inspect`, which printed them first: their
// translations are filed under it (translations/epochscope_engine_zh_CN.ts).

namespace es {

namespace {

enum class FileKind { Npy, Npz, Csv };

// The width labels are padded to, so that the values line up.
constexpr std::size_t kLabelWidth = 8;
// An example window for the CSV sample count, as a daily series with a week's window might use.
constexpr std::int64_t kExampleWindow = 7;
constexpr std::int64_t kExampleHorizon = 1;

FileKind kindOf(const std::string& path)
{
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".npy")
        return FileKind::Npy;
    if (extension == ".npz")
        return FileKind::Npz;
    if (extension == ".csv" || extension == ".tsv" || extension == ".txt")
        return FileKind::Csv;
    // No telling extension: the magic bytes of .npy and of a zip archive, else text. Opened
    // as the readers open it, so that a FIFO or a device is refused here too, not waited on.
    const std::string start = InputFile(path).readStart(kFileKindMagicBytes);
    if (start == "\x93NUMPY")
        return FileKind::Npy;
    if (start.rfind("PK\x03\x04", 0) == 0)
        return FileKind::Npz;
    return FileKind::Csv;
}

std::string line(const std::string& label, const std::string& text)
{
    const std::string indented = "  " + label;
    // Padded by the label's width on screen, so that translated labels line up too.
    return paddedText(indented, std::max(displayWidth(indented) + 1, kLabelWidth + 3)) + text;
}

std::string fileSizeText(const std::string& path)
{
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    return error ? std::string(engineText("InspectCommand", "size unknown"))
                 : formatSi(static_cast<double>(bytes), "B");
}

/// Four significant digits: enough to judge a range, short enough to read.
std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

bool integerDtype(NpyDType dtype)
{
    return dtype != NpyDType::Float16 && dtype != NpyDType::Float32 && dtype != NpyDType::Float64;
}

std::string layoutText(const NpyArrayInfo& info)
{
    std::string text = npyShapeText(info.shape) + " " + std::string(npyDTypeName(info.dtype));
    if (npyDTypeSize(info.dtype) > 1)
        text = fillText(info.bigEndian ? engineText("InspectCommand", "%1, big-endian")
                                       : engineText("InspectCommand", "%1, little-endian"),
                        {text});
    if (info.shape.size() >= 2)
        text = fillText(info.fortranOrder ? engineText("InspectCommand", "%1, Fortran order")
                                          : engineText("InspectCommand", "%1, C order"),
                        {text});
    return text;
}

std::string valuesText(const NpyArrayInfo& info, const ArrayStats& stats)
{
    if (info.elementCount == 0)
        return engineText("InspectCommand", "no values");
    std::string text;
    if (std::isnan(stats.min))
        text = engineText("InspectCommand", "no finite values");
    else
        text = fillText(engineText("InspectCommand", "min %1, max %2"),
                        {shortNumber(stats.min), shortNumber(stats.max)});
    if (stats.firstNonFiniteIndex < 0)
        return integerDtype(info.dtype)
                   ? text
                   : fillText(engineText("InspectCommand", "%1; no NaN or infinity"), {text});
    return fillText(engineText("InspectCommand",
                               "%1; %2 NaN and %3 infinite values, the first at %4 (training "
                               "refuses them: fill or drop those samples)"),
                    {text, std::to_string(stats.nanCount), std::to_string(stats.infCount),
                     elementIndexText(info.shape, stats.firstNonFiniteIndex)});
}

std::string withConversion(std::string text, const NpyArrayInfo& info, ElementKind kind)
{
    // The words a run records for its data notes, in the reader's language.
    const std::string conversion = recordedText(describeConversion(info, kind));
    return conversion.empty()
               ? text
               : fillText(engineText("InspectCommand", "%1; %2"), {text, conversion});
}

/// The part the array can play in training, from its rank and dtype.
std::vector<std::string> usageLines(const NpyArrayInfo& info, const ArrayStats& stats)
{
    const std::vector<std::int64_t>& shape = info.shape;
    const std::string samples = shape.empty() ? "" : formatCount(shape[0]);
    switch (shape.size()) {
        case 3:
            return {line(engineText("InspectCommand", "as x"),
                         withConversion(fillText(engineText("InspectCommand",
                                                            "float features for an LSTM: %1 "
                                                            "samples of %2"),
                                                 {samples, npyShapeText({shape[1], shape[2]})}),
                                        info, ElementKind::Float32))};
        case 2: {
            std::vector<std::string> lines;
            if (shape[1] == 1)
                lines.push_back(line(
                    engineText("InspectCommand", "as y"),
                    withConversion(fillText(engineText("InspectCommand", "%1 targets"), {samples}),
                                   info, ElementKind::Float32)));
            if (integerDtype(info.dtype)) {
                const std::string tokens =
                    std::isnan(stats.max)
                        ? fillText(engineText("InspectCommand",
                                              "token ids for an Embedding: %1 sequences of %2"),
                                   {samples, std::to_string(shape[1])})
                        : fillText(
                              engineText("InspectCommand",
                                         "token ids for an Embedding: %1 sequences of %2; "
                                         "the Embedding's input_dim must be at least %3"),
                              {samples, std::to_string(shape[1]), formatNumber(stats.max + 1.0)});
                lines.push_back(line(engineText("InspectCommand", "as x"),
                                     withConversion(tokens, info, ElementKind::Int64)));
            } else if (shape[1] != 1) {
                lines.push_back(line(engineText("InspectCommand", "as x"),
                                     fillText(engineText("InspectCommand",
                                                         "an LSTM needs a feature axis: "
                                                         "save x[..., np.newaxis] for %1"),
                                              {npyShapeText({shape[0], shape[1], 1})})));
            }
            return lines;
        }
        case 1: {
            const std::string text =
                !std::isnan(stats.min) && stats.min >= 0.0 && stats.max <= 1.0
                    ? fillText(engineText("InspectCommand",
                                          "%1 targets, all in [0, 1] (fit for "
                                          "binary_crossentropy)"),
                               {samples})
                    : fillText(engineText("InspectCommand", "%1 targets"), {samples});
            return {line(engineText("InspectCommand", "as y"),
                         withConversion(text, info, ElementKind::Float32))};
        }
        default:
            return {line(engineText("InspectCommand", "usable"),
                         engineText("InspectCommand",
                                    "not as x or y: training reads (samples, timesteps, features) "
                                    "features, (samples, timesteps) token ids or (samples,) "
                                    "targets"))};
    }
}

void appendArray(std::vector<std::string>& lines, const std::string& label,
                 const NpyArrayInfo& info, const ArrayStats& stats)
{
    lines.push_back(line(label, layoutText(info)));
    lines.push_back(line(engineText("InspectCommand", "values"), valuesText(info, stats)));
    for (std::string& usage : usageLines(info, stats))
        lines.push_back(std::move(usage));
}

std::vector<std::string> describeNpy(const std::string& path)
{
    const NpyArrayInfo info = inspectNpyFile(path);
    std::vector<std::string> lines{
        fillText(engineText("InspectCommand", "%1: NumPy .npy, format %2.%3, %4"),
                 {path, std::to_string(info.versionMajor), std::to_string(info.versionMinor),
                  fileSizeText(path)})};
    appendArray(lines, engineText("InspectCommand", "array"), info, scanNpyFile(path));
    return lines;
}

std::string pickedText(const std::vector<std::string>& names)
{
    const DefaultArrays picked = pickDefaultArrays(names);
    if (picked.xTrain.empty() || picked.yTrain.empty())
        return engineText(
            "InspectCommand",
            "no x_train/y_train pair: name the arrays in data.source.x and data.source.y");
    if (!picked.xVal.empty())
        return fillText(engineText("InspectCommand", "x = %1, y = %2, validation x = %3, y = %4"),
                        {picked.xTrain, picked.yTrain, picked.xVal, picked.yVal});
    return fillText(engineText("InspectCommand",
                               "x = %1, y = %2, validation from data.validation_split (no "
                               "x_val/y_val pair)"),
                    {picked.xTrain, picked.yTrain});
}

std::vector<std::string> describeNpz(const std::string& path)
{
    const std::vector<NpzMember> members = listNpzArrays(path);
    std::vector<std::string> lines{fillText(
        members.size() == 1 ? engineText("InspectCommand", "%1: NumPy .npz archive, %2 array, %3")
                            : engineText("InspectCommand", "%1: NumPy .npz archive, %2 arrays, %3"),
        {path, std::to_string(members.size()), fileSizeText(path)})};
    std::vector<std::string> names;
    for (const NpzMember& member : members) {
        const ElementKind kind =
            integerDtype(member.info.dtype) && member.info.dtype != NpyDType::UInt64
                ? ElementKind::Int64
                : ElementKind::Float32;
        const ArrayStats stats = computeArrayStats(loadNpzArray(path, member.name, kind));
        appendArray(lines, member.name, member.info, stats);
        names.push_back(member.name);
    }
    lines.push_back(line(engineText("InspectCommand", "training"), pickedText(names)));
    return lines;
}

std::string delimiterText(char delimiter)
{
    return delimiter == '\t' ? std::string(engineText("InspectCommand", "tab"))
                             : "'" + std::string(1, delimiter) + "'";
}

std::vector<std::string> describeCsv(const std::string& path)
{
    CsvOptions options;
    options.skipTextColumns = true;
    const CsvTable table = readCsvFile(path, options);
    const std::size_t columns = table.columnNames.size();
    std::vector<std::string> lines{
        fillText(engineText("InspectCommand", "%1: CSV, %2"), {path, fileSizeText(path)})};
    lines.push_back(line(
        engineText("InspectCommand", "layout"),
        fillText(table.hadHeader
                     ? engineText("InspectCommand", "delimiter %1, header row, %2 data rows")
                     : engineText("InspectCommand", "delimiter %1, no header row, %2 data rows"),
                 {delimiterText(table.delimiter), formatCount(table.rows)})));
    for (std::size_t c = 0; c < columns; ++c) {
        float low = std::numeric_limits<float>::infinity();
        float high = -low;
        for (std::int64_t r = 0; r < table.rows; ++r) {
            const float value = table.values[static_cast<std::size_t>(r) * columns + c];
            low = std::min(low, value);
            high = std::max(high, value);
        }
        lines.push_back(
            line(engineText("InspectCommand", "column"),
                 fillText(engineText("InspectCommand", "%1 \"%2\": min %3, max %4"),
                          {std::to_string(table.columnPositions[c]), table.columnNames[c],
                           shortNumber(low), shortNumber(high)})));
    }
    for (const std::string& skipped : table.skippedColumns)
        lines.push_back(line(engineText("InspectCommand", "skipped"),
                             fillText(engineText("InspectCommand",
                                                 "\"%1\": text in the first data row, so not a "
                                                 "feature or target"),
                                      {skipped})));
    const std::int64_t example = table.rows - kExampleWindow - kExampleHorizon + 1;
    const std::string windows =
        example > 0
            ? fillText(engineText("InspectCommand",
                                  "choose features and target columns by name or 0-based index; "
                                  "a window of T rows with the target H rows later, every S "
                                  "rows, gives floor((%1 - T - H) / S) + 1 samples (%2 for T = "
                                  "%3, H = %4, S = 1)"),
                       {std::to_string(table.rows), formatCount(example),
                        std::to_string(kExampleWindow), std::to_string(kExampleHorizon)})
            : fillText(engineText("InspectCommand",
                                  "choose features and target columns by name or 0-based index; "
                                  "a window of T rows with the target H rows later, every S "
                                  "rows, gives floor((%1 - T - H) / S) + 1 samples"),
                       {std::to_string(table.rows)});
    lines.push_back(line(engineText("InspectCommand", "as data"), windows));
    return lines;
}

}  // namespace

std::vector<std::string> describeDataFile(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        throw ConfigError(path, engineText("InspectCommand", "no such file"));
    if (std::filesystem::is_directory(path, error))
        throw ConfigError(path, engineText("InspectCommand",
                                           "is a directory; expected a .npy, .npz or .csv file"));
    switch (kindOf(path)) {
        case FileKind::Npy: return describeNpy(path);
        case FileKind::Npz: return describeNpz(path);
        case FileKind::Csv: return describeCsv(path);
    }
    return {};
}

}  // namespace es
