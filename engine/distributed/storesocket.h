#pragma once

// What the rendezvous store's server and client share about sockets: an owned descriptor,
// a host resolved to its addresses, an address as text.

#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <vector>

namespace es {

/// A file descriptor closed when it goes.
class OwnedDescriptor {
public:
    OwnedDescriptor() = default;
    explicit OwnedDescriptor(int fd) : m_fd(fd) {}
    ~OwnedDescriptor() { reset(); }
    OwnedDescriptor(OwnedDescriptor&& other) noexcept : m_fd(other.release()) {}
    OwnedDescriptor& operator=(OwnedDescriptor&& other) noexcept;
    OwnedDescriptor(const OwnedDescriptor&) = delete;
    OwnedDescriptor& operator=(const OwnedDescriptor&) = delete;

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release();
    void reset(int fd = -1);

private:
    int m_fd = -1;
};

struct SocketAddress {
    sockaddr_storage storage{};
    socklen_t length = 0;
    int family = 0;
};

/// Every address `host` (a name, an IPv4 or an IPv6 address without brackets) resolves to
/// for a TCP stream at `port`, in the resolver's order. Throws RendezvousError naming the host and
/// the resolver's reason when there is none.
std::vector<SocketAddress> resolveStoreHost(const std::string& host, std::uint16_t port);

/// "127.0.0.1:29500", "[::1]:29500".
std::string socketAddressText(const SocketAddress& address);

/// Makes `fd` non-blocking and close-on-exec; false when fcntl failed.
bool makeNonBlocking(int fd);

}  // namespace es
