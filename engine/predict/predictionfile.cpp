#include "engine/predict/predictionfile.h"

#include "engine/data/npyheader.h"
#include "engine/io/atomicfile.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace es {

namespace {

// np.save pads the header so that the data starts at a multiple of 64 bytes (aligned loads).
constexpr std::size_t kNpyAlignment = 64;
// The magic string, the version (1.0) and the 2-byte header length before the dict.
constexpr std::size_t kNpyVersion1Preamble = 10;
// printf's %.9g gives back every float32 exactly (FLT_DECIMAL_DIG).
constexpr const char* kFloatFormat = "%.9g";

std::int64_t elementCount(const std::vector<std::int64_t>& shape)
{
    std::int64_t count = 1;
    for (const std::int64_t extent : shape)
        count *= extent;
    return count;
}

void requireShape(const std::vector<float>& values, const std::vector<std::int64_t>& shape)
{
    const bool negative =
        std::any_of(shape.begin(), shape.end(), [](std::int64_t extent) { return extent < 0; });
    if (shape.empty() || negative ||
        elementCount(shape) != static_cast<std::int64_t>(values.size()))
        throw std::invalid_argument("predictions: the shape does not hold the values");
}

}  // namespace

std::optional<PredictionFormat> predictionFormatOf(const std::string& path)
{
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".npy")
        return PredictionFormat::Npy;
    if (extension == ".csv")
        return PredictionFormat::Csv;
    return std::nullopt;
}

std::string npyFloat32Bytes(const std::vector<float>& values,
                            const std::vector<std::int64_t>& shape)
{
    requireShape(values, shape);
    std::string dict =
        "{'descr': '<f4', 'fortran_order': False, 'shape': " + npyShapeText(shape) + ", }";
    // Spaces, then the newline NumPy ends every header with, up to the alignment.
    const std::size_t unpadded = kNpyVersion1Preamble + dict.size() + 1;
    dict.append((kNpyAlignment - unpadded % kNpyAlignment) % kNpyAlignment, ' ');
    dict.push_back('\n');
    const auto headerLength = static_cast<std::uint16_t>(dict.size());

    std::string bytes("\x93NUMPY\x01\x00", 8);
    bytes.push_back(static_cast<char>(headerLength & 0xff));
    bytes.push_back(static_cast<char>(headerLength >> 8));
    bytes += dict;
    const std::size_t dataStart = bytes.size();
    bytes.resize(dataStart + values.size() * sizeof(float));
    if (!values.empty())
        std::memcpy(&bytes[dataStart], values.data(), values.size() * sizeof(float));
    if (hostIsBigEndian()) {
        for (std::size_t i = dataStart; i < bytes.size(); i += sizeof(float))
            std::reverse(bytes.begin() + static_cast<std::ptrdiff_t>(i),
                         bytes.begin() + static_cast<std::ptrdiff_t>(i + sizeof(float)));
    }
    return bytes;
}

std::string predictionCsv(const std::vector<float>& values, const std::vector<std::int64_t>& shape)
{
    requireShape(values, shape);
    const auto samples = static_cast<std::size_t>(shape.front());
    const auto width = static_cast<std::size_t>(elementCount({shape.begin() + 1, shape.end()}));
    std::string text;
    if (width == 1) {
        text = "prediction";
    } else {
        for (std::size_t column = 0; column < width; ++column)
            text += (column > 0 ? ",output_" : "output_") + std::to_string(column);
    }
    text += '\n';
    char number[32];
    for (std::size_t sample = 0; sample < samples; ++sample) {
        for (std::size_t column = 0; column < width; ++column) {
            if (column > 0)
                text += ',';
            std::snprintf(number, sizeof number, kFloatFormat,
                          static_cast<double>(values[sample * width + column]));
            text += number;
        }
        text += '\n';
    }
    return text;
}

void writePredictionFile(const std::string& path, PredictionFormat format,
                         const std::vector<float>& values, const std::vector<std::int64_t>& shape)
{
    writeFileAtomically(path, format == PredictionFormat::Npy ? npyFloat32Bytes(values, shape)
                                                              : predictionCsv(values, shape));
}

}  // namespace es
