#include "engine/data/npzarchive.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/inputzip.h"
#include "engine/data/npydata.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

#include <zip.h>

namespace es {

namespace {

// Bytes converted per step while streaming a member: large enough that zip_fread's per-call
// cost vanishes, small enough to stay in cache; a multiple of every element size.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
constexpr std::string_view kNpySuffix = ".npy";

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

/// An archive opened read-only, closed without writing anything back. libzip reads the
/// regular file checked when it was opened (InputZip), never the path again.
class ZipArchive {
public:
    explicit ZipArchive(const std::string& path)
        : m_file(path, engineText("NpzArchive", "cannot open: %1")),
          m_zip(checkedNotEmpty(m_file),
                engineText("NpzArchive", "cannot read as a zip archive (.npz): %1"))
    {
    }

    zip_t* get() const { return m_zip.get(); }
    const std::string& path() const { return m_file.path(); }
    std::uint64_t fileSize() const { return m_file.size(); }
    /// Throws the error of the read that failed a libzip call (a truncated file), if it was one.
    void rethrowReadError() const { m_zip.rethrowReadError(); }

private:
    static const InputFile& checkedNotEmpty(const InputFile& file)
    {
        // libzip opens an empty file as an empty archive; a real one has a directory record.
        if (file.size() == 0)
            throw ConfigError(
                file.path(), engineText("NpzArchive", "empty file: expected a zip archive (.npz)"));
        return file;
    }

    InputFile m_file;
    InputZip m_zip;
};

/// One member being read front to back; counts bytes for error offsets.
class MemberReader {
public:
    MemberReader(const ZipArchive& archive, zip_uint64_t index, std::string origin)
        : m_archive(archive), m_origin(std::move(origin))
    {
        m_file = zip_fopen_index(archive.get(), index, 0);
        if (m_file == nullptr) {
            archive.rethrowReadError();
            throw ConfigError(m_origin, fillText(engineText("NpzArchive", "cannot read member: %1"),
                                                 {zip_strerror(archive.get())}));
        }
    }
    ~MemberReader() { zip_fclose(m_file); }
    MemberReader(const MemberReader&) = delete;
    MemberReader& operator=(const MemberReader&) = delete;

    /// Reads up to `size` bytes, fewer only at the end of the member.
    std::size_t read(void* buffer, std::size_t size)
    {
        std::size_t done = 0;
        while (done < size) {
            const zip_int64_t n =
                zip_fread(m_file, static_cast<std::uint8_t*>(buffer) + done, size - done);
            if (n < 0) {
                m_archive.rethrowReadError();
                throw ConfigError(m_origin + "@byte " + std::to_string(m_position + done),
                                  fillText(engineText("NpzArchive", "corrupt member: %1"),
                                           {zip_file_strerror(m_file)}));
            }
            if (n == 0)
                break;
            done += static_cast<std::size_t>(n);
        }
        m_position += done;
        return done;
    }

    /// Reads `size` bytes or throws: the member ended before its shape said it would.
    void readExactly(void* buffer, std::size_t size, const NpyArrayInfo& info)
    {
        if (read(buffer, size) == size)
            return;
        requireNpyData(info, m_position - info.dataOffset, m_origin);
        throw ConfigError(m_origin + "@byte " + std::to_string(m_position),
                          engineText("NpzArchive", "corrupt member: data ended early"));
    }

    /// Reads whatever is left, so that libzip reaches the end and checks the CRC.
    void drain(std::vector<std::uint8_t>& scratch)
    {
        scratch.resize(std::max<std::size_t>(scratch.size(), 4096));
        while (read(scratch.data(), scratch.size()) == scratch.size()) {
        }
    }

private:
    const ZipArchive& m_archive;
    std::string m_origin;
    zip_file_t* m_file = nullptr;
    std::size_t m_position = 0;
};

/// Size, compression and encryption of a member, checked so that later allocations are
/// bounded by what the archive can really hold.
zip_uint64_t checkedMemberSize(const ZipArchive& archive, zip_uint64_t index,
                               const std::string& origin)
{
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(archive.get(), index, 0, &stat) != 0)
        throw ConfigError(origin, fillText(engineText("NpzArchive", "corrupt archive entry: %1"),
                                           {zip_strerror(archive.get())}));
    const zip_uint64_t needed = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD;
    if ((stat.valid & needed) != needed)
        throw ConfigError(origin, engineText("NpzArchive",
                                             "corrupt archive entry: sizes or "
                                             "compression method missing"));
    if ((stat.valid & ZIP_STAT_ENCRYPTION_METHOD) != 0 && stat.encryption_method != ZIP_EM_NONE)
        throw ConfigError(origin, engineText("NpzArchive",
                                             "encrypted member: NumPy archives are "
                                             "never encrypted"));
    if (stat.comp_size > archive.fileSize())
        throw ConfigError(
            origin, fillText(engineText("NpzArchive",
                                        "corrupt archive entry: compressed size %1 "
                                        "exceeds the %2-byte archive"),
                             {std::to_string(stat.comp_size), std::to_string(archive.fileSize())}));
    if (stat.comp_method == ZIP_CM_STORE) {
        if (stat.size != stat.comp_size)
            throw ConfigError(
                origin, fillText(engineText("NpzArchive",
                                            "corrupt archive entry: stored member of "
                                            "%1 bytes claims %2 bytes of data"),
                                 {std::to_string(stat.comp_size), std::to_string(stat.size)}));
    } else if (stat.comp_method == ZIP_CM_DEFLATE) {
        if (!deflateCanHold(stat.comp_size, stat.size))
            throw ConfigError(
                origin, fillText(engineText("NpzArchive",
                                            "corrupt archive entry: %1 deflated "
                                            "bytes cannot hold the %2 bytes claimed"),
                                 {std::to_string(stat.comp_size), std::to_string(stat.size)}));
    } else {
        throw ConfigError(origin, fillText(engineText("NpzArchive",
                                                      "compression method %1 is not supported: "
                                                      "expected stored (np.savez) or deflate "
                                                      "(np.savez_compressed)"),
                                           {std::to_string(stat.comp_method)}));
    }
    return stat.size;
}

/// Reads and parses the member's .npy header, leaving `reader` at the start of the data.
NpyArrayInfo readMemberHeader(MemberReader& reader, zip_uint64_t memberSize,
                              const std::string& origin)
{
    std::vector<std::uint8_t> header(
        static_cast<std::size_t>(std::min<zip_uint64_t>(memberSize, kNpyPreambleBytes)));
    std::size_t got = reader.read(header.data(), header.size());
    header.resize(got);
    const std::size_t dataOffset = npyDataOffset(header.data(), header.size(), origin);
    // Only a version 1.0 header of under two bytes ends inside the preamble read: too short
    // for a dict, so parsing it reports the problem.
    if (dataOffset < got) {
        parseNpyHeader(header.data(), dataOffset, origin);
        throw ConfigError(
            origin + "@byte " + std::to_string(dataOffset),
            engineText("NpzArchive",
                       "header dict syntax error: the header is too short for a dict"));
    }
    const std::size_t wanted =
        static_cast<std::size_t>(std::min<zip_uint64_t>(dataOffset, memberSize));
    header.resize(wanted);
    got += reader.read(header.data() + got, wanted - got);
    NpyArrayInfo info = parseNpyHeader(header.data(), got, origin);
    requireNpyData(info, static_cast<std::size_t>(memberSize - info.dataOffset), origin);
    return info;
}

std::string memberOrigin(const ZipArchive& archive, const char* memberName)
{
    return archive.path() + ":" + memberName;
}

template <typename T>
void streamInto(MemberReader& reader, const NpyArrayInfo& info, T* dst, const std::string& origin)
{
    const std::size_t itemSize = npyDTypeSize(info.dtype);
    std::vector<std::uint8_t> chunk;
    const bool direct = (std::is_same_v<T, float> ? info.dtype == NpyDType::Float32
                                                  : info.dtype == NpyDType::Int64) &&
                        !info.bigEndian && !(info.fortranOrder && info.shape.size() >= 2);
    if (direct) {
        // Already the destination's bytes: read straight into it, no chunk buffer.
        reader.readExactly(dst, info.dataBytes, info);
    } else {
        const std::int64_t perChunk = static_cast<std::int64_t>(kChunkBytes / itemSize);
        chunk.resize(kChunkBytes);
        for (std::int64_t first = 0; first < info.elementCount; first += perChunk) {
            const std::int64_t count = std::min(perChunk, info.elementCount - first);
            reader.readExactly(chunk.data(), static_cast<std::size_t>(count) * itemSize, info);
            convertNpyChunk(info, chunk.data(), first, count, dst, origin);
        }
    }
    reader.drain(chunk);
}

}  // namespace

std::vector<NpzMember> listNpzArrays(const std::string& path)
{
    const ZipArchive archive(path);
    const zip_int64_t entries = zip_get_num_entries(archive.get(), 0);
    std::vector<NpzMember> members;
    for (zip_int64_t i = 0; i < entries; ++i) {
        const auto index = static_cast<zip_uint64_t>(i);
        const char* name = zip_get_name(archive.get(), index, 0);
        if (name == nullptr || !endsWith(name, kNpySuffix))
            continue;
        const std::string origin = memberOrigin(archive, name);
        const zip_uint64_t size = checkedMemberSize(archive, index, origin);
        MemberReader reader(archive, index, origin);
        NpzMember member;
        member.name = std::string(name, std::strlen(name) - kNpySuffix.size());
        member.info = readMemberHeader(reader, size, origin);
        members.push_back(std::move(member));
    }
    return members;
}

HostArray loadNpzArray(const std::string& path, const std::string& name, ElementKind target)
{
    const ZipArchive archive(path);
    const std::string memberName = endsWith(name, kNpySuffix) ? name : name + ".npy";
    const zip_int64_t found = zip_name_locate(archive.get(), memberName.c_str(), 0);
    if (found < 0) {
        std::string present;
        const zip_int64_t entries = zip_get_num_entries(archive.get(), 0);
        for (zip_int64_t i = 0; i < entries; ++i) {
            const char* entry = zip_get_name(archive.get(), static_cast<zip_uint64_t>(i), 0);
            if (entry == nullptr || !endsWith(entry, kNpySuffix))
                continue;
            present += present.empty() ? "" : ", ";
            present.append(entry, std::strlen(entry) - kNpySuffix.size());
        }
        throw ConfigError(
            path, present.empty()
                      ? fillText(engineText("NpzArchive",
                                            "no array named '%1' in the archive; it holds: no "
                                            "arrays"),
                                 {name})
                      : fillText(engineText("NpzArchive",
                                            "no array named '%1' in the archive; it holds: %2"),
                                 {name, present}));
    }
    const auto index = static_cast<zip_uint64_t>(found);
    const std::string origin = memberOrigin(archive, memberName.c_str());
    const zip_uint64_t size = checkedMemberSize(archive, index, origin);
    MemberReader reader(archive, index, origin);
    const NpyArrayInfo info = readMemberHeader(reader, size, origin);
    HostArray array = allocateHostArray(info, target, origin);
    if (target == ElementKind::Float32)
        streamInto(reader, info, array.floats.data(), origin);
    else
        streamInto(reader, info, array.ints.data(), origin);
    return array;
}

DefaultArrays pickDefaultArrays(const std::vector<std::string>& names)
{
    const auto has = [&names](const char* name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    DefaultArrays picked;
    if (has("x_train"))
        picked.xTrain = "x_train";
    if (has("y_train"))
        picked.yTrain = "y_train";
    if (has("x_val") && has("y_val")) {
        picked.xVal = "x_val";
        picked.yVal = "y_val";
    } else if (has("x_test") && has("y_test")) {
        picked.xVal = "x_test";
        picked.yVal = "y_test";
    }
    return picked;
}

}  // namespace es
