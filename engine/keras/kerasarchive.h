#pragma once

// Keras 3's .keras archive (model.save("m.keras")): a zip of config.json (the model, as
// model.to_json() writes it), metadata.json (keras_version, date_saved), the weights
// (model.weights.h5 or .npz) and assets/. Only the two JSON members are read, through libzip,
// each checked (size, compression, encryption) before a byte of it is read: the archive is a
// file people share, so it is hostile input. The weights are never opened.

#include "engine/config/inputfile.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// What an archive holds that the import uses.
struct KerasArchive {
    std::string config;    ///< config.json, whole
    std::string metadata;  ///< metadata.json, whole; empty when the archive has none
    /// Members that hold weights (model.weights.h5, model.weights.npz), in archive order.
    std::vector<std::string> weightMembers;
    std::size_t members = 0;  ///< all members, weights and assets included
};

/// Whether `bytes` start like a zip archive (a local file header, or the end record of an
/// empty archive) rather than JSON text.
bool looksLikeZip(std::string_view bytes);

/// Reads the archive in `bytes` (which must outlive the call); errors are ConfigErrors at
/// `origin` ("model.keras") or at a member (`model.keras:config.json`).
KerasArchive readKerasArchive(std::string_view bytes, const std::string& origin);

/// As readKerasArchive, from an opened file read in place (through libzip, never past the
/// size it had when opened): a .keras file holds the weights too, which may be gigabytes
/// that the import never needs in memory. Errors are at file.path().
KerasArchive readKerasArchiveFile(const InputFile& file);

}  // namespace es
