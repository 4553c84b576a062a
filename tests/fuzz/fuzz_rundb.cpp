// libFuzzer target for the run database as the reading commands open it (es::RunStore with
// StoreAccess::ReadOnly: `runs list`, `runs show`, and `--run ID` through
// es::resolveRunCheckpoint): a database file may come from someone else, so any bytes may be
// there. The seeds (corpus/rundb/) are small databases of the current schema and of version 8,
// whose runs have epochs, steps and recorded checkpoints.
//
// Only es::StoreError and es::RunCheckpointError may come out (anything else escapes and
// libFuzzer reports it). What the checkpoint code says of a hostile database's rows (a
// describeCheckpointState clause, a RunCheckpointError) is printable UTF-8: paths, names and
// monitors from the file are escaped before they reach a terminal. A checkpoint resolved for
// `--run ID` is a model_checkpoint save at an absolute path, present on disk as recorded. A
// broken invariant traps.

#include "engine/store/runcheckpoints.h"
#include "engine/store/runstore.h"
#include "tests/fuzz/printableutf8.h"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

// A database can hold any number of runs; a handful is enough to reach every reader.
constexpr std::size_t kMostRunsRead = 8;

/// This process's scratch database path, in a directory of its own (SQLite may put a -shm and
/// a -wal beside it).
const std::string& databasePath()
{
    static const std::string kPath = [] {
        const std::filesystem::path directory =
            std::filesystem::temp_directory_path() / ("fuzz_rundb-" + std::to_string(::getpid()));
        std::filesystem::create_directories(directory);
        return (directory / "runs.sqlite").string();
    }();
    return kPath;
}

void removeDatabase(const std::string& path)
{
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(path + suffix, ignored);
}

void check(bool holds)
{
    if (!holds)
        __builtin_trap();
}

void readCheckpointsOf(const es::RunStore& store, std::int64_t id)
{
    const std::optional<es::StoredRunCheckpoints> run = store.loadRunCheckpoints(id);
    if (!run)
        return;
    const std::vector<es::CheckpointEntry> entries = es::inspectCheckpoints(run->checkpoints);
    check(entries.size() == run->checkpoints.size());
    for (const es::CheckpointEntry& entry : entries) {
        check(!entry.file.path.empty() && entry.file.path.front() == '/');
        check(es::fuzz::printableUtf8(es::describeCheckpointState(entry, entries)));
    }
    for (const auto which : {es::CheckpointChoice::Best, es::CheckpointChoice::Last}) {
        try {
            const es::RunCheckpoint chosen = es::resolveRunCheckpoint(store, id, which);
            check(chosen.checkpoint.state == es::CheckpointState::Present);
            check(chosen.checkpoint.file.kind == es::SavedFileKind::Model);
            check(chosen.path().front() == '/');
        } catch (const es::RunCheckpointError& error) {
            check(es::fuzz::printableUtf8(error.what()));
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = databasePath();
    removeDatabase(path);
    {
        std::FILE* file = std::fopen(path.c_str(), "wb");
        if (file == nullptr)
            std::abort();
        if (size > 0 && std::fwrite(data, 1, size, file) != size)
            std::abort();
        std::fclose(file);
    }
    try {
        const es::RunStore store(path, es::StoreAccess::ReadOnly);
        std::size_t read = 0;
        for (const es::StoredRunHeader& header : store.listRuns()) {
            if (++read > kMostRunsRead)
                break;
            try {
                store.loadRun(header.id);
            } catch (const es::StoreError&) {
                // A run's rows that cannot be read; the next one may be.
            }
            try {
                readCheckpointsOf(store, header.id);
            } catch (const es::StoreError&) {
            }
        }
    } catch (const es::StoreError&) {
        // Refused: not a database, another program's, a newer schema, damaged.
    }
    removeDatabase(path);
    return 0;
}
