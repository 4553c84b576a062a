#pragma once

// Predictions saved for other programs: a NumPy .npy array or a CSV table, written atomically
// (io/atomicfile.h) so that a reader never sees half a file. LibTorch-free.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

enum class PredictionFormat { Npy, Csv };

/// The format the extension of `path` names (.npy or .csv, any case); nullopt for others.
std::optional<PredictionFormat> predictionFormatOf(const std::string& path);

/// A float32 .npy file (format 1.0, little-endian, C order) of `values` shaped `shape`, as
/// np.save writes it: np.load reads it back unchanged. Throws std::invalid_argument when the
/// shape does not hold exactly the values.
std::string npyFloat32Bytes(const std::vector<float>& values,
                            const std::vector<std::int64_t>& shape);

/// A CSV table of one row per sample (the first axis of `shape`): a header naming the columns,
/// `prediction` for one value per sample, else `output_0`, `output_1`, ... for each value of a
/// sample in C order; each value with the 9 significant digits that give the float32 back.
std::string predictionCsv(const std::vector<float>& values, const std::vector<std::int64_t>& shape);

/// Writes the predictions to `path` in `format`, atomically. Throws std::system_error naming
/// the file when it cannot be written.
void writePredictionFile(const std::string& path, PredictionFormat format,
                         const std::vector<float>& values, const std::vector<std::int64_t>& shape);

}  // namespace es
