#pragma once

// Telling a file EpochScope wrote from one it did not, by what it holds: a run may replace its
// own checkpoints and extend its own logs, and nothing else (engine/io/writetarget.h). Reads
// an already opened regular file, never past the size its caller validated. LibTorch-free.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace es {

/// Largest epoch log recognised: a row is well under 1 KiB, so this is a million epochs. A
/// larger file is not read to find out.
constexpr std::uint64_t kMaxEpochLogBytes = std::uint64_t(64) << 20;

/// Whether `text` is an epoch log as csv_logger (and Keras' CSVLogger) writes it with
/// `separator`: a header `epoch<sep>name<sep>name...` of metric names (letters, digits, `_`),
/// then rows of numbers (`nan`, `inf` and `-inf` included) with the same number of fields;
/// lines end with `\n` (or `\r\n`). An empty text is not a log.
bool isEpochLogText(std::string_view text, char separator);

/// Whether the regular file open at `fd`, `size` bytes long, holds an epoch log (read with
/// pread, at most kMaxEpochLogBytes).
bool holdsEpochLog(int fd, std::uint64_t size, char separator);

/// Whether the regular file open at `fd` is a LibTorch archive: a zip holding a `data.pkl`
/// record, as every checkpoint and backup (and PyTorch's torch.save) is. Reads the zip's
/// directory only.
bool holdsTorchArchive(int fd);

}  // namespace es
