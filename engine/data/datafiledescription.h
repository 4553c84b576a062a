#pragma once

#include <string>
#include <vector>

namespace es {

/// What a data file holds and what training would do with it, as the lines
/// `epochscope-cli inspect` prints and the app's data preview shows: for .npy files and each
/// .npz member the shape, dtype, byte and memory order, value range, NaN and infinity counts
/// (with the first index), and the role the array can play (features for an LSTM, token ids for
/// an Embedding, targets) with the conversion loading applies; for an archive also which members
/// training picks by name; for CSV files the delimiter and header found, each numeric column's
/// range, the text columns left out, and how many samples a window gives. The kind of file
/// comes from its extension, else from its first bytes. Throws ConfigError when the file cannot
/// be read.
std::vector<std::string> describeDataFile(const std::string& path);

}  // namespace es
