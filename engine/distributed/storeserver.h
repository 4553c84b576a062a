#pragma once

// The TCP rendezvous store that rank 0 serves (LibTorch-free). c10d's TCPStore of LibTorch 1.13
// listens on every interface and blocks on a partial message; this one listens on the address
// it is given only and serves every connection from one thread that never blocks on any.

#include "engine/distributed/storesocket.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <thread>

namespace es {

struct StoreServerOptions {
    /// The address to listen on: a host name or address of this machine, resolved; the first
    /// of its addresses that can be bound is used ("127.0.0.1" listens on loopback alone).
    std::string host;
    /// 0: a port the kernel chooses (port() says which).
    std::uint16_t port = 0;
    /// A connection that has not sent the hello, or holds part of a frame, or does not read
    /// its answers, for this long is dropped.
    std::chrono::milliseconds incompleteTimeout{std::chrono::seconds(30)};
};

/// Listens at construction (RendezvousError naming the address when it cannot: the port is taken,
/// the host is not an address of this machine) and serves on the thread `es-rendezvous` until
/// destroyed. The store is not authenticated: anyone who can reach the address can read and
/// write it, which is why it listens on the address given only.
class StoreServer {
public:
    explicit StoreServer(const StoreServerOptions& options);
    ~StoreServer();
    StoreServer(const StoreServer&) = delete;
    StoreServer& operator=(const StoreServer&) = delete;

    /// The port it listens on.
    std::uint16_t port() const { return m_port; }
    /// The address it listens on, as getsockname() gives it: "127.0.0.1:29500".
    const std::string& address() const { return m_address; }

private:
    struct Connection;
    void serve();

    StoreServerOptions m_options;
    OwnedDescriptor m_listener;
    /// Written to by the destructor, to wake the poll() of serve().
    OwnedDescriptor m_wakeRead;
    OwnedDescriptor m_wakeWrite;
    std::uint16_t m_port = 0;
    std::string m_address;
    /// The keys and values; touched by the serving thread only.
    std::map<std::string, std::string> m_values;
    std::thread m_thread;
};

}  // namespace es
