#include "engine/callbacks/savedfiles.h"

#include "engine/io/filestamp.h"

#include <filesystem>
#include <system_error>

namespace es {

SavedFileRecord savedFileAt(SavedFileKind kind, const std::string& path, std::int64_t bytesWritten)
{
    SavedFileRecord file;
    file.kind = kind;
    // Absolute: `--run ID` may be used from another directory than the run's.
    std::error_code failed;
    const std::filesystem::path absolute = std::filesystem::absolute(path, failed);
    file.path = (failed ? std::filesystem::path(path) : absolute).lexically_normal().string();
    const FileStamp stamp = stampOf(file.path);
    const bool stamped = stamp.found == FileStamp::Found::RegularFile;
    file.bytes = stamped ? stamp.bytes : bytesWritten;
    file.mtimeNs = stamped ? stamp.mtimeNs : 0;
    return file;
}

}  // namespace es
