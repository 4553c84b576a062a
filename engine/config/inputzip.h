#pragma once

// A zip archive (.npz, .keras) read by libzip out of an InputFile (engine/config/inputfile.h):
// libzip never opens the path itself, so the archive is the regular file that was checked, it
// is read only up to the size validated when it was opened, and a truncation while it is read
// is the InputFile's error naming the byte, not libzip's bare "Read error".

#include "engine/config/inputfile.h"

#include <cstdint>
#include <memory>
#include <string_view>

#include <zip.h>

namespace es {

/// Whether `claimedBytes` can come out of `deflatedBytes` of deflate data. Deflate cannot expand
/// data more than 1032:1 (plus a few bytes of block overhead in tiny members), so a member that
/// claims more is corrupt; the bound also keeps a forged size from making a reader allocate far
/// beyond the archive's size.
inline bool deflateCanHold(std::uint64_t deflatedBytes, std::uint64_t claimedBytes)
{
    constexpr std::uint64_t kMaxDeflateRatio = 1032;
    constexpr std::uint64_t kDeflateSlackBytes = 1024;
    return claimedBytes <= deflatedBytes * kMaxDeflateRatio + kDeflateSlackBytes;
}

/// The archive of `file`, opened read-only with libzip's consistency checks (ZIP_CHECKCONS:
/// local headers against the central directory). `file` must outlive it.
class InputZip {
public:
    /// Throws ConfigError at file.path(): `notAnArchive` (translated, %1 for libzip's reason)
    /// when libzip cannot read the file as a zip archive, or the InputFile's error when a read
    /// failed meanwhile.
    InputZip(const InputFile& file, std::string_view notAnArchive);
    ~InputZip();
    InputZip(const InputZip&) = delete;
    InputZip& operator=(const InputZip&) = delete;

    zip_t* get() const { return m_zip; }

    /// After a libzip call failed: throws the ConfigError of the read that made it fail (the
    /// file truncated while it was read, an I/O error), when that was the cause; returns
    /// otherwise, for the caller to report libzip's own error.
    void rethrowReadError() const;

private:
    struct Reader;
    std::unique_ptr<Reader> m_reader;
    zip_t* m_zip = nullptr;
};

}  // namespace es
