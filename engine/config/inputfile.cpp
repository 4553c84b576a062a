#include "engine/config/inputfile.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace es {

namespace {

// Linux moves at most this much in one read(2) or pread(2) (MAX_RW_COUNT): larger ranges are
// read in several calls anyway, and asking for more than it looks like a short read.
constexpr std::size_t kMaxReadBytes = 0x7ffff000;

/// What a file that is not a regular one is, in words.
const char* kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return engineText("InputFile", "a directory");
    if (S_ISFIFO(mode))
        return engineText("InputFile", "a FIFO (named pipe)");
    if (S_ISCHR(mode))
        return engineText("InputFile", "a character device");
    if (S_ISBLK(mode))
        return engineText("InputFile", "a block device");
    if (S_ISSOCK(mode))
        return engineText("InputFile", "a socket");
    return engineText("InputFile", "a special file");
}

[[noreturn]] void throwNotRegular(const std::string& path, mode_t mode)
{
    throw ConfigError(path, fillText(engineText("InputFile",
                                                "is %1, not a regular file: only regular files "
                                                "are read"),
                                     {kindOf(mode)}));
}

std::string atByte(const std::string& path, std::uint64_t offset)
{
    return path + "@byte " + std::to_string(offset);
}

}  // namespace

InputFile::InputFile(std::string path, std::string_view cannotOpen) : m_path(std::move(path))
{
    // O_NONBLOCK: opening a FIFO would otherwise wait for a writer, forever if none comes.
    // O_NOCTTY: a terminal named by mistake must not become the process's controlling one.
    m_fd = ::open(m_path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (m_fd < 0) {
        const int error = errno;  // before anything else can change it
        // A UNIX socket cannot be opened at all (ENXIO); say what it is rather than the
        // system's puzzling "No such device or address".
        struct stat status {};
        if (::stat(m_path.c_str(), &status) == 0 && !S_ISREG(status.st_mode))
            throwNotRegular(m_path, status.st_mode);
        const std::string reason = std::strerror(error);
        throw ConfigError(m_path, fillText(cannotOpen.empty()
                                               ? engineText("InputFile", "cannot open the file: %1")
                                               : cannotOpen,
                                           {reason}));
    }
    // A constructor that throws runs no destructor: each refusal below closes the descriptor.
    struct stat status {};
    if (::fstat(m_fd, &status) != 0) {
        const std::string reason = std::strerror(errno);
        ::close(m_fd);
        throw ConfigError(
            m_path,
            fillText(engineText("InputFile", "cannot read the file's status: %1"), {reason}));
    }
    if (!S_ISREG(status.st_mode)) {
        ::close(m_fd);
        throwNotRegular(m_path, status.st_mode);
    }
    // A regular file never blocks, but reads should behave as on any ordinary descriptor.
    const int flags = ::fcntl(m_fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(m_fd, F_SETFL, flags & ~O_NONBLOCK);
    m_size = static_cast<std::uint64_t>(status.st_size);
}

InputFile::~InputFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

InputFile::InputFile(InputFile&& other) noexcept
    : m_path(std::move(other.m_path)),
      m_fd(std::exchange(other.m_fd, -1)),
      m_size(std::exchange(other.m_size, 0))
{
}

InputFile& InputFile::operator=(InputFile&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_path = std::move(other.m_path);
        m_fd = std::exchange(other.m_fd, -1);
        m_size = std::exchange(other.m_size, 0);
    }
    return *this;
}

void InputFile::readAt(std::uint64_t offset, void* buffer, std::size_t length) const
{
    if (offset > m_size || length > m_size - offset)
        throw std::logic_error("InputFile::readAt: bytes " + std::to_string(offset) + " to " +
                               std::to_string(offset + length) + " of " + m_path +
                               " reach past the " + std::to_string(m_size) +
                               " bytes it held when opened");
    auto* bytes = static_cast<std::uint8_t*>(buffer);
    std::size_t done = 0;
    while (done < length) {
        const std::size_t wanted = std::min(length - done, kMaxReadBytes);
        const ssize_t got = ::pread(m_fd, bytes + done, wanted, static_cast<off_t>(offset + done));
        if (got < 0) {
            if (errno == EINTR)
                continue;
            const std::string reason = std::strerror(errno);
            throw ConfigError(
                atByte(m_path, offset + done),
                fillText(engineText("InputFile", "cannot read the file: %1"), {reason}));
        }
        if (got == 0) {
            // fstat promised these bytes when the file was opened: someone cut the file since.
            const std::uint64_t ended = offset + done;
            throw ConfigError(atByte(m_path, ended),
                              fillText(engineText("InputFile",
                                                  "the file was truncated while it was read: got "
                                                  "%1 of %2 bytes"),
                                       {std::to_string(ended), std::to_string(m_size)}));
        }
        done += static_cast<std::size_t>(got);
    }
}

std::string InputFile::readStart(std::size_t length) const
{
    std::string bytes(static_cast<std::size_t>(std::min<std::uint64_t>(length, m_size)), '\0');
    readAt(0, bytes.data(), bytes.size());
    return bytes;
}

std::string InputFile::readAll() const
{
    std::string bytes(static_cast<std::size_t>(m_size), '\0');
    readAt(0, bytes.data(), bytes.size());
    return bytes;
}

}  // namespace es
