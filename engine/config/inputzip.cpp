#include "engine/config/inputzip.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <exception>
#include <string>

namespace es {

/// libzip's view of the file: a seekable source whose reads go through InputFile::readAt.
/// libzip is C: an exception must not cross it, so a failed read is kept here and the call
/// reports a plain read error, which InputZip's users turn back into the kept exception.
struct InputZip::Reader {
    const InputFile& file;
    std::uint64_t position = 0;
    zip_error_t error{};
    std::exception_ptr failedRead;

    explicit Reader(const InputFile& input) : file(input) { zip_error_init(&error); }
    ~Reader() { zip_error_fini(&error); }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    zip_int64_t read(void* data, zip_uint64_t length)
    {
        const std::uint64_t left = position < file.size() ? file.size() - position : 0;
        const std::uint64_t count = std::min<std::uint64_t>(length, left);
        try {
            file.readAt(position, data, static_cast<std::size_t>(count));
        } catch (...) {
            failedRead = std::current_exception();
            zip_error_set(&error, ZIP_ER_READ, 0);
            return -1;
        }
        position += count;
        return static_cast<zip_int64_t>(count);
    }

    zip_int64_t handle(void* data, zip_uint64_t length, zip_source_cmd_t command)
    {
        switch (command) {
            case ZIP_SOURCE_OPEN: position = 0; return 0;
            case ZIP_SOURCE_READ: return read(data, length);
            case ZIP_SOURCE_CLOSE: return 0;
            case ZIP_SOURCE_STAT: {
                if (length < sizeof(zip_stat_t)) {
                    zip_error_set(&error, ZIP_ER_INVAL, 0);
                    return -1;
                }
                auto* stat = static_cast<zip_stat_t*>(data);
                zip_stat_init(stat);
                stat->size = file.size();
                stat->valid |= ZIP_STAT_SIZE;
                return sizeof(zip_stat_t);
            }
            case ZIP_SOURCE_ERROR: return zip_error_to_data(&error, data, length);
            // The Reader belongs to InputZip, which frees it after libzip is done.
            case ZIP_SOURCE_FREE: return 0;
            case ZIP_SOURCE_SEEK: {
                const zip_int64_t target =
                    zip_source_seek_compute_offset(position, file.size(), data, length, &error);
                if (target < 0)
                    return -1;
                position = static_cast<std::uint64_t>(target);
                return 0;
            }
            case ZIP_SOURCE_TELL: return static_cast<zip_int64_t>(position);
            case ZIP_SOURCE_SUPPORTS: return ZIP_SOURCE_SUPPORTS_SEEKABLE;
            default: zip_error_set(&error, ZIP_ER_OPNOTSUPP, 0); return -1;
        }
    }

    static zip_int64_t callback(void* self, void* data, zip_uint64_t length,
                                zip_source_cmd_t command)
    {
        return static_cast<Reader*>(self)->handle(data, length, command);
    }
};

InputZip::InputZip(const InputFile& file, std::string_view notAnArchive)
    : m_reader(std::make_unique<Reader>(file))
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_function_create(&Reader::callback, m_reader.get(), &error);
    if (source != nullptr) {
        m_zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
        if (m_zip == nullptr)
            zip_source_free(source);
    }
    if (m_zip == nullptr) {
        const std::string reason = zip_error_strerror(&error);
        zip_error_fini(&error);
        rethrowReadError();
        throw ConfigError(file.path(), fillText(notAnArchive, {reason}));
    }
    zip_error_fini(&error);
}

InputZip::~InputZip()
{
    // Before m_reader goes: libzip may still close its source.
    if (m_zip != nullptr)
        zip_discard(m_zip);
}

void InputZip::rethrowReadError() const
{
    if (m_reader->failedRead)
        std::rethrow_exception(m_reader->failedRead);
}

}  // namespace es
