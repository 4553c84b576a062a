#include "console/inspectcommand.h"

#include "config/configerror.h"
#include "config/jsonreader.h"
#include "console/exitstatus.h"
#include "console/messages.h"
#include "console/runbanner.h"
#include "data/csvtable.h"
#include "data/npyfile.h"
#include "data/npzarchive.h"
#include "data/sourcearrays.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

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
    // No telling extension: the magic bytes of .npy and of a zip archive, else text.
    char magic[6] = {};
    std::ifstream file(path, std::ios::binary);
    file.read(magic, sizeof magic);
    const std::string start(magic, static_cast<std::size_t>(file.gcount()));
    if (start == "\x93NUMPY")
        return FileKind::Npy;
    if (start.rfind("PK\x03\x04", 0) == 0)
        return FileKind::Npz;
    return FileKind::Csv;
}

std::string line(const std::string& label, const std::string& text)
{
    std::string padded = "  " + label;
    padded.resize(std::max(padded.size() + 1, kLabelWidth + 3), ' ');
    return padded + text;
}

std::string fileSizeText(const std::string& path)
{
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    return error ? std::string("size unknown") : formatSi(static_cast<double>(bytes), "B");
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
        text += info.bigEndian ? ", big-endian" : ", little-endian";
    if (info.shape.size() >= 2)
        text += info.fortranOrder ? ", Fortran order" : ", C order";
    return text;
}

std::string valuesText(const NpyArrayInfo& info, const ArrayStats& stats)
{
    if (info.elementCount == 0)
        return "no values";
    std::string text;
    if (std::isnan(stats.min))
        text = "no finite values";
    else
        text = "min " + shortNumber(stats.min) + ", max " + shortNumber(stats.max);
    if (stats.firstNonFiniteIndex < 0)
        return text + (integerDtype(info.dtype) ? "" : "; no NaN or infinity");
    return text + "; " + std::to_string(stats.nanCount) + " NaN and " +
           std::to_string(stats.infCount) + " infinite values, the first at " +
           elementIndexText(info.shape, stats.firstNonFiniteIndex) +
           " (training refuses them: fill or drop those samples)";
}

std::string withConversion(std::string text, const NpyArrayInfo& info, ElementKind kind)
{
    const std::string conversion = describeConversion(info, kind);
    return conversion.empty() ? text : text + "; " + conversion;
}

/// The part the array can play in training, from its rank and dtype.
std::vector<std::string> usageLines(const NpyArrayInfo& info, const ArrayStats& stats)
{
    const std::vector<std::int64_t>& shape = info.shape;
    const std::string samples = shape.empty() ? "" : formatCount(shape[0]);
    switch (shape.size()) {
        case 3:
            return {
                line("as x", withConversion("float features for an LSTM: " + samples +
                                                " samples of " + npyShapeText({shape[1], shape[2]}),
                                            info, ElementKind::Float32))};
        case 2: {
            std::vector<std::string> lines;
            if (shape[1] == 1)
                lines.push_back(
                    line("as y", withConversion(samples + " targets", info, ElementKind::Float32)));
            if (integerDtype(info.dtype)) {
                const std::string cover = std::isnan(stats.max)
                                              ? std::string()
                                              : "; the Embedding's input_dim must be at least " +
                                                    formatNumber(stats.max + 1.0);
                lines.push_back(line(
                    "as x", withConversion("token ids for an Embedding: " + samples +
                                               " sequences of " + std::to_string(shape[1]) + cover,
                                           info, ElementKind::Int64)));
            } else if (shape[1] != 1) {
                lines.push_back(line("as x",
                                     "an LSTM needs a feature axis: save "
                                     "x[..., np.newaxis] for " +
                                         npyShapeText({shape[0], shape[1], 1})));
            }
            return lines;
        }
        case 1: {
            std::string text = samples + " targets";
            if (!std::isnan(stats.min) && stats.min >= 0.0 && stats.max <= 1.0)
                text += ", all in [0, 1] (fit for binary_crossentropy)";
            return {line("as y", withConversion(text, info, ElementKind::Float32))};
        }
        default:
            return {line("usable",
                         "not as x or y: training reads (samples, timesteps, features) "
                         "features, (samples, timesteps) token ids or (samples,) "
                         "targets")};
    }
}

void appendArray(std::vector<std::string>& lines, const std::string& label,
                 const NpyArrayInfo& info, const ArrayStats& stats)
{
    lines.push_back(line(label, layoutText(info)));
    lines.push_back(line("values", valuesText(info, stats)));
    for (std::string& usage : usageLines(info, stats))
        lines.push_back(std::move(usage));
}

std::vector<std::string> describeNpy(const std::string& path)
{
    const NpyArrayInfo info = inspectNpyFile(path);
    std::vector<std::string> lines{path + ": NumPy .npy, format " +
                                   std::to_string(info.versionMajor) + "." +
                                   std::to_string(info.versionMinor) + ", " + fileSizeText(path)};
    appendArray(lines, "array", info, scanNpyFile(path));
    return lines;
}

std::string pickedText(const std::vector<std::string>& names)
{
    const DefaultArrays picked = pickDefaultArrays(names);
    if (picked.xTrain.empty() || picked.yTrain.empty())
        return "no x_train/y_train pair: name the arrays in data.source.x and data.source.y";
    std::string text = "x = " + picked.xTrain + ", y = " + picked.yTrain;
    if (!picked.xVal.empty())
        text += ", validation x = " + picked.xVal + ", y = " + picked.yVal;
    else
        text += ", validation from data.validation_split (no x_val/y_val pair)";
    return text;
}

std::vector<std::string> describeNpz(const std::string& path)
{
    const std::vector<NpzMember> members = listNpzArrays(path);
    std::vector<std::string> lines{
        path + ": NumPy .npz archive, " + std::to_string(members.size()) +
        (members.size() == 1 ? " array, " : " arrays, ") + fileSizeText(path)};
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
    lines.push_back(line("training", pickedText(names)));
    return lines;
}

std::string delimiterText(char delimiter)
{
    return delimiter == '\t' ? std::string("tab") : "'" + std::string(1, delimiter) + "'";
}

std::vector<std::string> describeCsv(const std::string& path)
{
    CsvOptions options;
    options.skipTextColumns = true;
    const CsvTable table = readCsvFile(path, options);
    const std::size_t columns = table.columnNames.size();
    std::vector<std::string> lines{path + ": CSV, " + fileSizeText(path)};
    lines.push_back(line("layout", "delimiter " + delimiterText(table.delimiter) + ", " +
                                       (table.hadHeader ? "header row" : "no header row") + ", " +
                                       formatCount(table.rows) + " data rows"));
    for (std::size_t c = 0; c < columns; ++c) {
        float low = std::numeric_limits<float>::infinity();
        float high = -low;
        for (std::int64_t r = 0; r < table.rows; ++r) {
            const float value = table.values[static_cast<std::size_t>(r) * columns + c];
            low = std::min(low, value);
            high = std::max(high, value);
        }
        lines.push_back(line("column", std::to_string(table.columnPositions[c]) + " \"" +
                                           table.columnNames[c] + "\": min " + shortNumber(low) +
                                           ", max " + shortNumber(high)));
    }
    for (const std::string& skipped : table.skippedColumns)
        lines.push_back(line("skipped", "\"" + skipped +
                                            "\": text in the first data row, so not a feature "
                                            "or target"));
    const std::int64_t example = table.rows - kExampleWindow - kExampleHorizon + 1;
    std::string windows =
        "choose features and target columns by name or 0-based index; a "
        "window of T rows with the target H rows later, every S rows, gives "
        "floor((" +
        std::to_string(table.rows) + " - T - H) / S) + 1 samples";
    if (example > 0)
        windows += " (" + formatCount(example) + " for T = " + std::to_string(kExampleWindow) +
                   ", H = " + std::to_string(kExampleHorizon) + ", S = 1)";
    lines.push_back(line("as data", windows));
    return lines;
}

}  // namespace

std::vector<std::string> describeDataFile(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        throw ConfigError(path, "no such file");
    if (std::filesystem::is_directory(path, error))
        throw ConfigError(path, "is a directory; expected a .npy, .npz or .csv file");
    switch (kindOf(path)) {
        case FileKind::Npy: return describeNpy(path);
        case FileKind::Npz: return describeNpz(path);
        case FileKind::Csv: return describeCsv(path);
    }
    return {};
}

int runInspectCommand(const std::vector<std::string>& paths)
{
    int status = kExitFinished;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (i > 0)
            std::printf("\n");
        try {
            for (const std::string& text : describeDataFile(paths[i]))
                std::printf("%s\n", text.c_str());
        } catch (const ConfigError& error) {
            printConfigIssues(error);
            status = kExitBadInput;
        }
    }
    std::fflush(stdout);
    return status;
}

}  // namespace es
