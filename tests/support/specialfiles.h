#pragma once

// Inputs that are not regular files, made by the test in a directory of its own: what a user
// may name by mistake (or be handed) where a data file, a config or a model should be. Every
// reader must refuse each at once, naming it, rather than wait on it (a FIFO without a writer),
// stream it into memory (/dev/zero) or read it as an empty file (/dev/null).

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QString>

#include <cstring>
#include <vector>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace es::test {

struct SpecialFile {
    QString name;  ///< the row's name
    QString path;
    QString kind;  ///< what the refusal must call it ("a FIFO", "a directory")
};

/// A UNIX socket bound at `path`; the socket file stays when the descriptor is closed.
inline bool bindSocketFile(const QString& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray name = QFile::encodeName(path);
    if (static_cast<std::size_t>(name.size()) >= sizeof address.sun_path) {
        ::close(fd);
        return false;
    }
    std::memcpy(address.sun_path, name.constData(), static_cast<std::size_t>(name.size()));
    const bool bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return bound;
}

/// A FIFO nobody writes to, /dev/zero, /dev/null, a UNIX socket, a directory, and symbolic
/// links to a FIFO and to /dev/zero, made under `dir` (which must be short enough for a socket
/// path); empty when one cannot be made.
inline std::vector<SpecialFile> makeSpecialFiles(const QDir& dir)
{
    const QString fifo = dir.filePath("fifo");
    const QString socket = dir.filePath("socket");
    const QString directory = dir.filePath("directory");
    const QString fifoLink = dir.filePath("link-to-fifo");
    const QString zeroLink = dir.filePath("link-to-zero");
    if (::mkfifo(QFile::encodeName(fifo).constData(), 0600) != 0 || !bindSocketFile(socket) ||
        !dir.mkpath(directory) || !QFile::link(fifo, fifoLink) ||
        !QFile::link("/dev/zero", zeroLink))
        return {};
    return {
        {"FIFO without a writer", fifo, "a FIFO"},
        {"/dev/zero", "/dev/zero", "a character device"},
        {"/dev/null", "/dev/null", "a character device"},
        {"UNIX socket", socket, "a socket"},
        {"directory", directory, "a directory"},
        {"symlink to a FIFO", fifoLink, "a FIFO"},
        {"symlink to /dev/zero", zeroLink, "a character device"},
    };
}

}  // namespace es::test
