#include "engine/train/archivecheck.h"

#include "engine/core/text.h"
#include "engine/train/picklescan.h"

#include <zip.h>

#include <map>
#include <memory>
#include <vector>

namespace es {

namespace {

// The zip end-of-central-directory record without a comment: 22 bytes starting "PK\5\6",
// its comment length in the last two.
constexpr std::size_t kEndRecordBytes = 22;
constexpr std::string_view kEndRecordSignature = "PK\x05\x06";
// LibTorch's pickles of a model are kilobytes; this bounds what a hostile one makes us read.
constexpr std::uint64_t kMaxPickleBytes = std::uint64_t{16} << 20;
constexpr std::string_view kPickleSuffix = ".pkl";
constexpr std::string_view kDebugPickleSuffix = ".debug_pkl";

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string zipErrorText(zip_error_t* error)
{
    std::string text = zip_error_strerror(error);
    zip_error_fini(error);
    return text;
}

/// Refuses a file whose zip end record is not its last 22 bytes: junk or a comment after it
/// lets two zip readers find two different directories.
void checkEndRecordIsLast(std::string_view tail)
{
    if (tail.size() != kEndRecordBytes || tail.substr(0, 4) != kEndRecordSignature ||
        tail[20] != '\0' || tail[21] != '\0')
        throw ArchiveError(
            "the zip end record is not the last 22 bytes of the file (a comment or data after "
            "it): not an archive LibTorch wrote");
}

struct ZipCloser {
    void operator()(zip_t* zip) const { zip_discard(zip); }
};
using ZipHandle = std::unique_ptr<zip_t, ZipCloser>;

struct ZipFileCloser {
    void operator()(zip_file_t* file) const { zip_fclose(file); }
};

ZipHandle openSource(zip_source_t* source, zip_error_t* error)
{
    if (source == nullptr)
        throw ArchiveError("cannot read the file: " + zipErrorText(error));
    zip_t* zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, error);
    if (zip == nullptr) {
        zip_source_free(source);
        throw ArchiveError("not a zip archive: " + zipErrorText(error));
    }
    zip_error_fini(error);
    return ZipHandle(zip);
}

struct Record {
    zip_uint64_t index = 0;
    std::uint64_t bytes = 0;
};

class ArchiveChecker {
public:
    ArchiveChecker(zip_t* zip, std::uint64_t maxRecordBytes)
        : m_zip(zip), m_maxRecordBytes(maxRecordBytes)
    {
    }

    ArchiveContents run()
    {
        readDirectory();
        bool haveData = false;
        for (const auto& [name, record] : m_records) {
            if (endsWith(name, kDebugPickleSuffix)) {
                checkPickle(name, record, /*mayHoldTensors=*/false);
            } else if (endsWith(name, kPickleSuffix)) {
                checkPickle(name, record, /*mayHoldTensors=*/true);
                haveData = haveData || endsWith(name, "/data.pkl");
            }
        }
        if (!haveData)
            throw ArchiveError("no data.pkl record: not an archive LibTorch wrote");
        return m_contents;
    }

private:
    void readDirectory()
    {
        const zip_int64_t count = zip_get_num_entries(m_zip, 0);
        for (zip_int64_t i = 0; i < count; ++i) {
            const auto index = static_cast<zip_uint64_t>(i);
            zip_stat_t stat;
            zip_stat_init(&stat);
            constexpr zip_uint64_t kNeeded =
                ZIP_STAT_NAME | ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD;
            if (zip_stat_index(m_zip, index, 0, &stat) != 0 || (stat.valid & kNeeded) != kNeeded)
                throw ArchiveError("entry " + std::to_string(i) +
                                   " of the zip directory is "
                                   "unreadable");
            const std::string name = stat.name;
            // LibTorch deflates its code records and stores the rest. A deflated record is
            // inflated into a buffer of the size it declares, so bounding the declared sizes
            // below bounds what a record can become (3 GB from 3 MB of zeros, say).
            if ((stat.comp_method != ZIP_CM_STORE && stat.comp_method != ZIP_CM_DEFLATE) ||
                (stat.comp_method == ZIP_CM_STORE && stat.comp_size != stat.size))
                throw ArchiveError("record " + name + " is compressed with method " +
                                   std::to_string(stat.comp_method) +
                                   "; LibTorch stores records or deflates them");
            if (!m_records.emplace(name, Record{index, stat.size}).second)
                throw ArchiveError("record " + name + " is in the zip directory twice");
            m_contents.recordBytes += stat.size;
            if (stat.size > m_maxRecordBytes || m_contents.recordBytes > m_maxRecordBytes)
                throw ArchiveError("record " + name + " takes the archive's records past " +
                                   std::to_string(m_maxRecordBytes) +
                                   " bytes, more than this model's checkpoint can hold");
        }
    }

    std::string readRecord(const std::string& name, const Record& record)
    {
        if (record.bytes > kMaxPickleBytes)
            throw ArchiveError("record " + name + " holds " + std::to_string(record.bytes) +
                               " bytes; a pickle of a model holds at most " +
                               std::to_string(kMaxPickleBytes));
        std::unique_ptr<zip_file_t, ZipFileCloser> file(zip_fopen_index(m_zip, record.index, 0));
        std::string bytes(static_cast<std::size_t>(record.bytes), '\0');
        if (!file || zip_fread(file.get(), bytes.data(), record.bytes) !=
                         static_cast<zip_int64_t>(record.bytes))
            throw ArchiveError("record " + name + " cannot be read whole: " + zip_strerror(m_zip));
        return bytes;
    }

    void checkPickle(const std::string& name, const Record& record, bool mayHoldTensors)
    {
        PickleScan scan;
        try {
            scan = scanPickle(readRecord(name, record));
        } catch (const PickleError& error) {
            throw ArchiveError("record " + name + ", " + error.what());
        }
        if (!mayHoldTensors && !scan.storages.empty())
            throw ArchiveError("record " + name + " refers to a storage; debug pickles hold none");
        // "archive/data.pkl" keeps its storages in "archive/data/<key>".
        const std::string folder = name.substr(0, name.size() - kPickleSuffix.size()) + "/";
        // A storage is named by the first tensor laid over it.
        std::vector<std::string> storageNames(scan.storages.size());
        for (auto tensor = scan.tensors.rbegin(); tensor != scan.tensors.rend(); ++tensor)
            storageNames[tensor->storage] = tensor->name;
        std::vector<std::uint64_t> storageElements;
        for (std::size_t i = 0; i < scan.storages.size(); ++i)
            storageElements.push_back(checkStorage(folder, scan.storages[i], storageNames[i]));
        for (const PickledTensor& tensor : scan.tensors)
            checkTensor(folder, scan.storages[tensor.storage], storageElements[tensor.storage],
                        tensor);
        m_contents.storages += scan.storages.size();
        m_contents.tensors += scan.tensors.size();
    }

    /// The storage's elements, once they are known to fit in its record.
    std::uint64_t checkStorage(const std::string& folder, const PickledStorage& storage,
                               const std::string& tensorName)
    {
        const std::string recordName =
            folder + storage.key + (tensorName.empty() ? "" : " (" + tensorName + ")");
        const auto record = m_records.find(folder + storage.key);
        if (record == m_records.end())
            throw ArchiveError("record " + recordName + " is missing; the pickle keeps a " +
                               storage.type + " there");
        const auto elementBytes = static_cast<std::uint64_t>(storageElementBytes(storage.type));
        const auto elements = static_cast<std::uint64_t>(storage.elements);
        std::uint64_t bytes = 0;
        if (__builtin_mul_overflow(elements, elementBytes, &bytes) || bytes > record->second.bytes)
            throw ArchiveError(
                "record " + recordName + " holds " + std::to_string(record->second.bytes) +
                " bytes, but the pickle "
                "makes it a " +
                storage.type + " of " + std::to_string(storage.elements) + " elements");
        return elements;
    }

    static void checkTensor(const std::string& folder, const PickledStorage& storage,
                            std::uint64_t storageElements, const PickledTensor& tensor)
    {
        const std::string where = "record " + folder + storage.key + " (" +
                                  (tensor.name.empty() ? "unnamed tensor" : tensor.name) + "): ";
        const std::string view = "a " + bracketedList(tensor.sizes) + " tensor with strides " +
                                 bracketedList(tensor.strides) + " at offset " +
                                 std::to_string(tensor.offset);
        bool empty = false;
        bool negative = tensor.offset < 0;
        for (std::size_t i = 0; i < tensor.sizes.size(); ++i) {
            empty = empty || tensor.sizes[i] == 0;
            negative = negative || tensor.sizes[i] < 0 || tensor.strides[i] < 0;
        }
        if (negative)
            throw ArchiveError(where + view + ": negative sizes, strides or offset");
        if (empty)
            return;
        // The last element the view reaches: offset + sum((size - 1) * stride).
        auto last = static_cast<std::uint64_t>(tensor.offset);
        bool overflow = false;
        std::uint64_t elements = 1;
        for (std::size_t i = 0; i < tensor.sizes.size(); ++i) {
            std::uint64_t reach = 0;
            overflow =
                overflow ||
                __builtin_mul_overflow(static_cast<std::uint64_t>(tensor.sizes[i] - 1),
                                       static_cast<std::uint64_t>(tensor.strides[i]), &reach) ||
                __builtin_add_overflow(last, reach, &last) ||
                __builtin_mul_overflow(elements, static_cast<std::uint64_t>(tensor.sizes[i]),
                                       &elements);
        }
        if (overflow || elements > static_cast<std::uint64_t>(INT64_MAX) || last >= storageElements)
            throw ArchiveError(where + view + " reaches past its " + storage.type + " of " +
                               std::to_string(storageElements) + " elements");
    }

    zip_t* m_zip;
    std::uint64_t m_maxRecordBytes;
    std::map<std::string, Record> m_records;  // sorted: the first problem is always the same
    ArchiveContents m_contents;
};

}  // namespace

ArchiveContents checkArchiveBytes(std::string_view bytes, std::uint64_t maxRecordBytes)
{
    if (bytes.size() < kEndRecordBytes)
        throw ArchiveError("the file holds " + std::to_string(bytes.size()) +
                           " bytes, too few for a zip archive");
    checkEndRecordIsLast(bytes.substr(bytes.size() - kEndRecordBytes));
    zip_error_t error;
    zip_error_init(&error);
    const ZipHandle zip = openSource(
        zip_source_buffer_create(bytes.data(), bytes.size(), /*freep=*/0, &error), &error);
    return ArchiveChecker(zip.get(), maxRecordBytes).run();
}

}  // namespace es
