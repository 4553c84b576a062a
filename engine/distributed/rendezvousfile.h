#pragma once

// The file rendezvous (`distributed.init` = file:PATH), LibTorch-free: a key-value store kept in
// one file that every rank opens. c10d's FileStore opens its path again for every operation,
// creating it and following links, and waits forever on a file it cannot read; this one trusts
// nothing that already lies at the path, opens the file once and keeps that descriptor, so a
// link or file put there later changes nothing, and every wait keeps to the timeout.

#include "engine/distributed/keyvaluestore.h"
#include "engine/distributed/storesocket.h"

#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace es {

struct RendezvousFileOptions {
    std::string path;
    /// One rank (rank 0) creates the file; the others wait for it to appear.
    bool create = false;
    /// How long a rank waits for the file to appear, and for a lock on it.
    std::chrono::milliseconds timeout{std::chrono::seconds(30)};
    StopRequest stop;
};

/// The creator makes the file exclusively, without following a link (O_CREAT | O_EXCL |
/// O_NOFOLLOW, mode 0600), and refuses anything already at the path, naming it and saying to
/// remove it if no run uses it; it removes the file when it is destroyed. The others wait (to
/// the timeout) for it to appear and refuse it unless it is a regular file, not a link, owned
/// by this user, writable by no one else and one of ours. Throws RendezvousError, StopRequested.
class RendezvousFile : public KeyValueStore {
public:
    explicit RendezvousFile(const RendezvousFileOptions& options);
    ~RendezvousFile() override;

    void set(const std::string& key, const std::string& value) override;
    std::optional<std::string> get(const std::string& key) override;
    std::int64_t add(const std::string& key, std::int64_t delta) override;
    std::string compareSet(const std::string& key, const std::string& expected,
                           const std::string& desired) override;
    bool remove(const std::string& key) override;
    std::vector<bool> check(const std::vector<std::string>& keys) override;
    std::int64_t keyCount() override;
    std::string where() const override { return "file:" + m_options.path; }

private:
    using Values = std::map<std::string, std::string>;
    void create();
    void join();
    /// Locks the file (shared or exclusive, flock), within the timeout.
    void lock(int operation);
    void unlock();
    /// Every record of the file, replayed; RendezvousError when it is not one of ours or damaged.
    Values readValues();
    void appendRecord(char kind, const std::string& key, const std::string& value);
    /// Runs `body` on the values with the file locked by `operation` (LOCK_SH to read, LOCK_EX
    /// to read and append).
    template <typename Body>
    auto withValues(int operation, Body&& body);

    RendezvousFileOptions m_options;
    OwnedDescriptor m_file;
    std::mutex m_mutex;
};

}  // namespace es
