#pragma once

// NumPy .npz archives (np.savez, np.savez_compressed): zip files of .npy members, stored or
// deflate-compressed, read through libzip. Members are streamed from the archive straight
// into the converted array.

#include "engine/data/npyfile.h"
#include "engine/data/npyheader.h"

#include <string>
#include <vector>

namespace es {

/// One array in an archive.
struct NpzMember {
    /// The member name without `.npy`, as np.load(...)[name] spells it.
    std::string name;
    NpyArrayInfo info;
};

/// The arrays of an archive in archive order, after reading each member's header and checking
/// its size against its shape. Members not named *.npy are skipped (NumPy writes none).
/// Errors name the archive and the member (`data.npz:x_train.npy@byte 80`).
std::vector<NpzMember> listNpzArrays(const std::string& path);

/// Loads one array (named with or without `.npy`), converted to `target`. A missing name is an
/// error that lists the names present.
HostArray loadNpzArray(const std::string& path, const std::string& name, ElementKind target);

/// The arrays training uses by default, by Keras' names; empty strings where absent.
struct DefaultArrays {
    std::string xTrain;
    std::string yTrain;
    /// x_val/y_val when both exist, else x_test/y_test when both exist.
    std::string xVal;
    std::string yVal;
};

DefaultArrays pickDefaultArrays(const std::vector<std::string>& names);

}  // namespace es
