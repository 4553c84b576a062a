#include "engine/keras/kerasarchive.h"

#include "engine/config/configerror.h"
#include "engine/config/inputzip.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>

#include <zip.h>

namespace es {

namespace {

// A Keras model's config.json is a few kB, a few MB for the largest models; more is not a
// model config, and the bound keeps a forged size from making us allocate it.
constexpr std::uint64_t kMaxConfigBytes = 16 * 1024 * 1024;
// metadata.json holds two short strings.
constexpr std::uint64_t kMaxMetadataBytes = 64 * 1024;
constexpr const char* kConfigMember = "config.json";
constexpr const char* kMetadataMember = "metadata.json";
// Where Keras 3 saves the weights (keras/src/saving/saving_lib.py, _VARS_FNAME_H5/_NPZ).
constexpr std::array<std::string_view, 2> kWeightMembers = {"model.weights.h5",
                                                            "model.weights.npz"};
// Members named when config.json is missing, so that the user sees what the file is.
constexpr zip_int64_t kMaxListedMembers = 8;
constexpr std::string_view kZipLocalHeader = "PK\x03\x04";
constexpr std::string_view kZipEmptyArchive = "PK\x05\x06";

struct ZipCloser {
    void operator()(zip_t* zip) const { zip_discard(zip); }
};
using ZipHandle = std::unique_ptr<zip_t, ZipCloser>;

struct ZipFileCloser {
    void operator()(zip_file_t* file) const { zip_fclose(file); }
};

std::string zipErrorText(zip_error_t& error)
{
    std::string text = zip_error_strerror(&error);
    zip_error_fini(&error);
    return text;
}

[[noreturn]] void throwNotAnArchive(const std::string& origin, const std::string& reason)
{
    throw ConfigError(
        origin,
        fillText(engineText("KerasArchive", "cannot read as a .keras archive (a zip file): %1"),
                 {reason}));
}

/// The archive over `source` (taken over, freed on failure), opened read-only with libzip's
/// consistency checks (local headers against the central directory).
ZipHandle openSource(zip_source_t* source, zip_error_t& error, const std::string& origin)
{
    if (source == nullptr)
        throwNotAnArchive(origin, zipErrorText(error));
    zip_t* zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (zip == nullptr) {
        zip_source_free(source);
        throwNotAnArchive(origin, zipErrorText(error));
    }
    zip_error_fini(&error);
    return ZipHandle(zip);
}

/// Checks a member's sizes, compression and encryption, so that what is read next is
/// bounded by what the archive can hold and by `maxBytes`; returns its size.
std::uint64_t checkedMemberSize(zip_t* zip, zip_uint64_t index, std::uint64_t archiveBytes,
                                std::uint64_t maxBytes, const std::string& origin)
{
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(zip, index, 0, &stat) != 0)
        throw ConfigError(origin, fillText(engineText("KerasArchive", "corrupt archive entry: %1"),
                                           {zip_strerror(zip)}));
    const zip_uint64_t needed = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD;
    if ((stat.valid & needed) != needed)
        throw ConfigError(origin, engineText("KerasArchive",
                                             "corrupt archive entry: sizes or "
                                             "compression method missing"));
    if ((stat.valid & ZIP_STAT_ENCRYPTION_METHOD) != 0 && stat.encryption_method != ZIP_EM_NONE)
        throw ConfigError(
            origin,
            engineText("KerasArchive", "encrypted member: Keras never encrypts its archives"));
    if (stat.comp_size > archiveBytes)
        throw ConfigError(origin,
                          fillText(engineText("KerasArchive",
                                              "corrupt archive entry: compressed size %1 exceeds "
                                              "the %2-byte archive"),
                                   {std::to_string(stat.comp_size), std::to_string(archiveBytes)}));
    if (stat.comp_method == ZIP_CM_STORE) {
        if (stat.size != stat.comp_size)
            throw ConfigError(
                origin, fillText(engineText("KerasArchive",
                                            "corrupt archive entry: stored member of %1 bytes "
                                            "claims %2 bytes of data"),
                                 {std::to_string(stat.comp_size), std::to_string(stat.size)}));
    } else if (stat.comp_method == ZIP_CM_DEFLATE) {
        if (!deflateCanHold(stat.comp_size, stat.size))
            throw ConfigError(
                origin, fillText(engineText("KerasArchive",
                                            "corrupt archive entry: %1 deflated bytes cannot "
                                            "hold the %2 bytes claimed"),
                                 {std::to_string(stat.comp_size), std::to_string(stat.size)}));
    } else {
        throw ConfigError(origin,
                          fillText(engineText("KerasArchive",
                                              "compression method %1 is not supported: "
                                              "expected stored or deflate, as Python's zipfile "
                                              "writes them"),
                                   {std::to_string(stat.comp_method)}));
    }
    if (stat.size > maxBytes)
        throw ConfigError(origin, fillText(engineText("KerasArchive",
                                                      "declares %1 bytes, more than the %2 "
                                                      "bytes this member of a Keras model "
                                                      "ever needs"),
                                           {std::to_string(stat.size), std::to_string(maxBytes)}));
    return stat.size;
}

/// The whole member, exactly as many bytes as checkedMemberSize() allowed: a member that ends
/// early or goes on past its size is corrupt, and reading to its end makes libzip check its
/// CRC.
std::string readMember(zip_t* zip, const InputZip* input, zip_uint64_t index, std::uint64_t size,
                       const std::string& origin)
{
    // A read of the file that failed under libzip (a truncation) is reported as what it was.
    const auto rethrowReadError = [input] {
        if (input != nullptr)
            input->rethrowReadError();
    };
    std::unique_ptr<zip_file_t, ZipFileCloser> file(zip_fopen_index(zip, index, 0));
    if (!file)
        rethrowReadError();
    if (!file)
        throw ConfigError(origin, fillText(engineText("KerasArchive", "cannot read member: %1"),
                                           {zip_strerror(zip)}));
    std::string bytes(static_cast<std::size_t>(size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const zip_int64_t n = zip_fread(file.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0)
            rethrowReadError();
        if (n < 0)
            throw ConfigError(origin + "@byte " + std::to_string(done),
                              fillText(engineText("KerasArchive", "corrupt member: %1"),
                                       {zip_file_strerror(file.get())}));
        if (n == 0)
            throw ConfigError(origin + "@byte " + std::to_string(done),
                              fillText(engineText("KerasArchive",
                                                  "corrupt member: it ended after %1 of its %2 "
                                                  "bytes"),
                                       {std::to_string(done), std::to_string(size)}));
        done += static_cast<std::size_t>(n);
    }
    char extra = 0;
    const zip_int64_t after = zip_fread(file.get(), &extra, 1);
    if (after < 0)
        rethrowReadError();
    if (after < 0)
        throw ConfigError(origin + "@byte " + std::to_string(done),
                          fillText(engineText("KerasArchive", "corrupt member: %1"),
                                   {zip_file_strerror(file.get())}));
    if (after > 0)
        throw ConfigError(origin + "@byte " + std::to_string(done),
                          fillText(engineText("KerasArchive",
                                              "corrupt member: it holds more than the %1 bytes "
                                              "its entry declares"),
                                   {std::to_string(size)}));
    return bytes;
}

/// `name`'s index, or -1 when the archive has no member of that exact name.
zip_int64_t locate(zip_t* zip, const char* name)
{
    return zip_name_locate(zip, name, ZIP_FL_ENC_RAW);
}

/// "a, b, c and 3 more": what the archive holds, for the message that config.json is missing.
std::string listMembers(zip_t* zip)
{
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    std::vector<std::string> names;
    for (zip_int64_t i = 0; i < std::min(count, kMaxListedMembers); ++i) {
        const char* name = zip_get_name(zip, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
        names.push_back(name == nullptr ? std::string("?") : std::string(name));
    }
    if (count > kMaxListedMembers)
        names.push_back(fillText(engineText("KerasArchive", "%1 more"),
                                 {std::to_string(count - kMaxListedMembers)}));
    return listText(names);
}

/// `input`: the file libzip reads, or null when it reads bytes in memory.
KerasArchive readArchive(zip_t* zip, const InputZip* input, std::uint64_t archiveBytes,
                         const std::string& origin)
{
    KerasArchive archive;
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    archive.members = count > 0 ? static_cast<std::size_t>(count) : 0;
    const zip_int64_t config = locate(zip, kConfigMember);
    if (config < 0) {
        throw ConfigError(
            origin,
            count <= 0
                ? std::string(engineText("KerasArchive",
                                         "no config.json in the archive (it is empty): not a "
                                         "model saved by Keras 3 (model.save(\"model.keras\"))"))
                : fillText(engineText("KerasArchive",
                                      "no config.json in the archive (it holds %1): not a model "
                                      "saved by Keras 3 (model.save(\"model.keras\"))"),
                           {listMembers(zip)}));
    }
    const std::string configOrigin = origin + ":" + kConfigMember;
    const auto configIndex = static_cast<zip_uint64_t>(config);
    archive.config =
        readMember(zip, input, configIndex,
                   checkedMemberSize(zip, configIndex, archiveBytes, kMaxConfigBytes, configOrigin),
                   configOrigin);
    if (const zip_int64_t metadata = locate(zip, kMetadataMember); metadata >= 0) {
        const std::string metadataOrigin = origin + ":" + kMetadataMember;
        const auto metadataIndex = static_cast<zip_uint64_t>(metadata);
        archive.metadata = readMember(
            zip, input, metadataIndex,
            checkedMemberSize(zip, metadataIndex, archiveBytes, kMaxMetadataBytes, metadataOrigin),
            metadataOrigin);
    }
    for (std::string_view weights : kWeightMembers) {
        if (locate(zip, std::string(weights).c_str()) >= 0)
            archive.weightMembers.emplace_back(weights);
    }
    return archive;
}

}  // namespace

bool looksLikeZip(std::string_view bytes)
{
    return bytes.substr(0, kZipLocalHeader.size()) == kZipLocalHeader ||
           bytes.substr(0, kZipEmptyArchive.size()) == kZipEmptyArchive;
}

KerasArchive readKerasArchive(std::string_view bytes, const std::string& origin)
{
    zip_error_t error;
    zip_error_init(&error);
    // libzip reads the bytes where they are (freep 0: they stay the caller's).
    const ZipHandle zip =
        openSource(zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error), error, origin);
    return readArchive(zip.get(), nullptr, bytes.size(), origin);
}

KerasArchive readKerasArchiveFile(const InputFile& file)
{
    const InputZip zip(
        file, engineText("KerasArchive", "cannot read as a .keras archive (a zip file): %1"));
    return readArchive(zip.get(), &zip, file.size(), file.path());
}

}  // namespace es
