#pragma once

// Internal to the engine (LibTorch): the rendezvous store (keyvaluestore.h) as the c10d::Store
// that Gloo's rendezvous through ProcessGroupGloo meets at. The whole adapter is this one
// class, so that a build on another LibTorch (2.x, whose Store has more methods, with default
// implementations) changes one file.

#include "engine/distributed/keyvaluestore.h"

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace es {

/// A c10d::Store over a KeyValueStore. Every wait (wait(), and get() of a key not yet set)
/// polls the store every kMeetingPollInterval, ends at the store's timeout at the latest (a
/// longer one asked by the caller included: distributed.timeout_s bounds every wait of the
/// meeting) with a RendezvousError naming the address and the keys it waited for, and ends at once
/// with StopRequested when `stop` asks.
class RendezvousStore : public c10d::Store {
public:
    RendezvousStore(std::unique_ptr<KeyValueStore> store, std::chrono::milliseconds timeout,
                    StopRequest stop);

    void set(const std::string& key, const std::vector<std::uint8_t>& value) override;
    std::vector<std::uint8_t> compareSet(const std::string& key,
                                         const std::vector<std::uint8_t>& expected,
                                         const std::vector<std::uint8_t>& desired) override;
    std::vector<std::uint8_t> get(const std::string& key) override;
    std::int64_t add(const std::string& key, std::int64_t value) override;
    bool deleteKey(const std::string& key) override;
    bool check(const std::vector<std::string>& keys) override;
    std::int64_t getNumKeys() override;
    void wait(const std::vector<std::string>& keys) override;
    void wait(const std::vector<std::string>& keys,
              const std::chrono::milliseconds& timeout) override;

    /// The store underneath, for the meeting's own keys.
    KeyValueStore& keys() { return *m_store; }
    const StopRequest& stopRequest() const { return m_stop; }

private:
    std::unique_ptr<KeyValueStore> m_store;
    StopRequest m_stop;
};

}  // namespace es
