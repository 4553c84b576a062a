#pragma once

// Takes a LibTorch archive (a zip) apart into its records and puts it back together, so that
// a test can build hostile variants of a real checkpoint: a pickle changed, a record cut
// short, removed, compressed or added.

#include <zip.h>

#include <string>
#include <utility>
#include <vector>

namespace {

struct ZipRecord {
    std::string name;
    std::string bytes;
    bool compressed = false;  ///< deflate it when writing (LibTorch never does)
};

/// The records of the zip at `path` in directory order; empty when it cannot be read.
[[maybe_unused]] std::vector<ZipRecord> readZipRecords(const std::string& path)
{
    std::vector<ZipRecord> records;
    int code = 0;
    zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY, &code);
    if (zip == nullptr)
        return records;
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t stat;
        if (zip_stat_index(zip, static_cast<zip_uint64_t>(i), 0, &stat) != 0)
            break;
        ZipRecord record{stat.name, std::string(stat.size, '\0')};
        zip_file_t* file = zip_fopen_index(zip, static_cast<zip_uint64_t>(i), 0);
        if (file == nullptr)
            break;
        zip_fread(file, record.bytes.data(), stat.size);
        zip_fclose(file);
        records.push_back(std::move(record));
    }
    zip_discard(zip);
    return records;
}

/// Writes `records` as a zip at `path`, stored unless a record asks to be compressed.
[[maybe_unused]] bool writeZipRecords(const std::string& path,
                                      const std::vector<ZipRecord>& records)
{
    int code = 0;
    zip_t* zip = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (zip == nullptr)
        return false;
    for (const ZipRecord& record : records) {
        zip_source_t* source = zip_source_buffer(zip, record.bytes.data(), record.bytes.size(), 0);
        const zip_int64_t index =
            source == nullptr ? -1 : zip_file_add(zip, record.name.c_str(), source, 0);
        if (index < 0 ||
            zip_set_file_compression(zip, static_cast<zip_uint64_t>(index),
                                     record.compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0) != 0) {
            zip_source_free(source);
            zip_discard(zip);
            return false;
        }
    }
    return zip_close(zip) == 0;
}

/// The record whose name ends with `suffix`, or nullptr.
[[maybe_unused]] ZipRecord* findRecord(std::vector<ZipRecord>& records, const std::string& suffix)
{
    for (ZipRecord& record : records) {
        if (record.name.size() >= suffix.size() &&
            record.name.compare(record.name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return &record;
    }
    return nullptr;
}

/// Replaces the one occurrence of `from` in `text` by `to`; false when it is not there once.
[[maybe_unused]] bool replaceOnce(std::string& text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
        return false;
    text.replace(at, from.size(), to);
    return true;
}

}  // namespace
