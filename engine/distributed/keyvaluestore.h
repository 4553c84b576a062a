#pragma once

// The key-value store the ranks of a distributed run meet at, LibTorch-free: served over TCP
// by rank 0 (storeserver.h, storeclient.h) or kept in a file every rank opens
// (rendezvousfile.h). engine/distributed/rendezvousstore_torch.h presents it to c10d.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace es {

/// Asked between the short waits of a meeting (about every 100 ms): true ends the wait at
/// once with StopRequested. Empty: nothing asks to stop.
using StopRequest = std::function<bool()>;

/// The store could not be reached or read, or a wait on it ran past its time; what() names
/// the address or file and what was waited for.
class RendezvousError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A wait at the meeting ended because the StopRequest asked so (a stop signal).
class StopRequested : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The operations that c10d's Store and Gloo's rendezvous need, none of which waits for a key
/// to appear (awaitKeys() does that, in short polls that can be stopped). Values are bytes.
class KeyValueStore {
public:
    virtual ~KeyValueStore() = default;

    virtual void set(const std::string& key, const std::string& value) = 0;
    /// The value of `key`, nullopt when no one set it.
    virtual std::optional<std::string> get(const std::string& key) = 0;
    /// Adds `delta` to the integer stored (as decimal text) at `key`, 0 when absent; returns
    /// the sum.
    virtual std::int64_t add(const std::string& key, std::int64_t delta) = 0;
    /// c10d's compareSet: sets `desired` when the value is `expected` (or when `key` is absent
    /// and `expected` is empty) and returns the value it holds afterwards; `expected` when
    /// `key` is absent and `expected` is not empty.
    virtual std::string compareSet(const std::string& key, const std::string& expected,
                                   const std::string& desired) = 0;
    /// Removes `key`; false when it was not there.
    virtual bool remove(const std::string& key) = 0;
    /// For each key, whether it is set.
    virtual std::vector<bool> check(const std::vector<std::string>& keys) = 0;
    virtual std::int64_t keyCount() = 0;
    /// Where the store is, for messages: "tcp://127.0.0.1:29500", "file:/shared/rdzv".
    virtual std::string where() const = 0;
};

/// How often a wait asks the store again and asks `stop`: short enough that a stop signal
/// ends a meeting at once for a person, long enough that a thousand ranks polling one store
/// cost it little.
constexpr std::chrono::milliseconds kMeetingPollInterval{100};

/// Waits until every key in `keys` is set, polling every kMeetingPollInterval. Returns the
/// keys still missing when `deadline` passed (empty when all came); throws StopRequested as
/// soon as `stop` asks, and the store's own errors.
std::vector<std::string> awaitKeys(KeyValueStore& store, const std::vector<std::string>& keys,
                                   std::chrono::steady_clock::time_point deadline,
                                   const StopRequest& stop);

/// Throws StopRequested when `stop` asks to stop.
void throwIfStopRequested(const StopRequest& stop);

/// Whole seconds of `duration`, rounded up, for messages ("within 5 s").
std::string meetingSeconds(std::chrono::milliseconds duration);

}  // namespace es
