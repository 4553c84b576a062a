#include "engine/io/ownfiles.h"

#include <zip.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <string>

namespace es {

namespace {

bool isNameCharacter(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

/// A number as csv_logger and Python's csv write one: digits with an optional sign, point and
/// exponent, or nan/inf.
bool isNumberField(std::string_view field)
{
    if (field == "nan" || field == "inf" || field == "-inf")
        return true;
    if (!field.empty() && (field.front() == '-' || field.front() == '+'))
        field.remove_prefix(1);
    bool digits = false;
    bool point = false;
    bool exponent = false;
    for (std::size_t i = 0; i < field.size(); ++i) {
        const char c = field[i];
        if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
            digits = true;
        } else if (c == '.' && !point && !exponent) {
            point = true;
        } else if ((c == 'e' || c == 'E') && digits && !exponent) {
            exponent = true;
            digits = false;  // the exponent needs digits of its own
            if (i + 1 < field.size() && (field[i + 1] == '-' || field[i + 1] == '+'))
                ++i;
        } else {
            return false;
        }
    }
    return digits;
}

/// Splits `line` at `separator`, calling `accept` on each field; false as soon as one is
/// refused. Returns the field count through `count`.
template <typename Accept>
bool eachField(std::string_view line, char separator, std::size_t& count, Accept&& accept)
{
    count = 0;
    while (true) {
        const std::size_t end = line.find(separator);
        ++count;
        if (!accept(line.substr(0, end), count - 1))
            return false;
        if (end == std::string_view::npos)
            return true;
        line.remove_prefix(end + 1);
    }
}

}  // namespace

bool isEpochLogText(std::string_view text, char separator)
{
    if (text.empty() || text.back() != '\n')
        return false;  // csv_logger ends every row, so a cut file is not one of its logs
    std::size_t headerFields = 0;
    bool header = true;
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        std::size_t fields = 0;
        const bool accepted =
            header ? eachField(line, separator, fields,
                               [](std::string_view name, std::size_t index) {
                                   if (index == 0)
                                       return name == "epoch";
                                   return !name.empty() &&
                                          std::all_of(name.begin(), name.end(), isNameCharacter);
                               })
                   : eachField(line, separator, fields, [](std::string_view value, std::size_t) {
                         return isNumberField(value);
                     });
        if (!accepted || (!header && fields != headerFields))
            return false;
        if (header)
            headerFields = fields;
        header = false;
    }
    return true;
}

bool holdsEpochLog(int fd, std::uint64_t size, char separator)
{
    if (size == 0 || size > kMaxEpochLogBytes)
        return false;
    std::string text(static_cast<std::size_t>(size), '\0');
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t got =
            ::pread(fd, text.data() + done, text.size() - done, static_cast<off_t>(done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;  // unreadable, or cut short since it was measured
        done += static_cast<std::size_t>(got);
    }
    return isEpochLogText(text, separator);
}

bool holdsTorchArchive(int fd)
{
    // libzip closes the descriptor it is given; the caller keeps its own.
    const int own = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (own < 0)
        return false;
    // The duplicate shares the caller's file offset; libzip reads from the start.
    ::lseek(own, 0, SEEK_SET);
    int error = 0;
    zip_t* archive = ::zip_fdopen(own, ZIP_RDONLY, &error);
    if (archive == nullptr) {
        ::close(own);  // libzip owns the descriptor only once it opened the archive
        return false;
    }
    bool found = false;
    const zip_int64_t entries = ::zip_get_num_entries(archive, 0);
    for (zip_int64_t i = 0; i < entries && !found; ++i) {
        const char* name = ::zip_get_name(archive, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
        if (name == nullptr)
            continue;
        const std::string_view entry(name);
        constexpr std::string_view kPickle = "data.pkl";
        found = entry == kPickle || (entry.size() > kPickle.size() &&
                                     entry.substr(entry.size() - kPickle.size()) == kPickle &&
                                     entry[entry.size() - kPickle.size() - 1] == '/');
    }
    ::zip_discard(archive);
    return found;
}

}  // namespace es
