#pragma once

// A rank's connection to the TCP rendezvous store that rank 0 serves (storeserver.h).

#include "engine/distributed/keyvaluestore.h"
#include "engine/distributed/storesocket.h"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace es {

struct StoreClientOptions {
    std::string host;
    std::uint16_t port = 0;
    /// How long it tries to connect (rank 0 may start later), and how long each request may
    /// take.
    std::chrono::milliseconds timeout{std::chrono::seconds(30)};
    /// Asked every kMeetingPollInterval while it connects or waits for an answer.
    StopRequest stop;
};

/// Connects at construction, trying again until the timeout (RendezvousError naming the address;
/// StopRequested when asked to stop), and checks that an EpochScope store of this protocol
/// answers. Every request is bounded by the timeout; safe to call from several threads.
class StoreClient : public KeyValueStore {
public:
    explicit StoreClient(const StoreClientOptions& options);

    void set(const std::string& key, const std::string& value) override;
    std::optional<std::string> get(const std::string& key) override;
    std::int64_t add(const std::string& key, std::int64_t delta) override;
    std::string compareSet(const std::string& key, const std::string& expected,
                           const std::string& desired) override;
    bool remove(const std::string& key) override;
    std::vector<bool> check(const std::vector<std::string>& keys) override;
    std::int64_t keyCount() override;
    std::string where() const override { return m_where; }

private:
    struct Answer {
        std::uint8_t status = 0;
        std::string body;
    };
    void connect();
    /// Sends one request and reads its answer, within the timeout.
    Answer request(std::uint8_t type, const std::string& body);
    /// Sends all of `bytes` before `deadline`.
    void sendAll(const std::string& bytes, std::chrono::steady_clock::time_point deadline);
    /// Reads exactly `count` bytes before `deadline`.
    std::string receiveExactly(std::size_t count, std::chrono::steady_clock::time_point deadline);
    /// Waits until the socket is ready for `events`; RendezvousError when `deadline` passed,
    /// StopRequested when asked to stop.
    void awaitReady(short events, std::chrono::steady_clock::time_point deadline,
                    const char* waitingFor);

    StoreClientOptions m_options;
    std::string m_where;
    OwnedDescriptor m_socket;
    std::mutex m_mutex;
};

}  // namespace es
