#include "engine/distributed/storesocket.h"

#include "engine/distributed/keyvaluestore.h"
#include "engine/i18n/translate.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cstring>
#include <memory>

namespace es {

OwnedDescriptor& OwnedDescriptor::operator=(OwnedDescriptor&& other) noexcept
{
    if (this != &other)
        reset(other.release());
    return *this;
}

int OwnedDescriptor::release()
{
    const int fd = m_fd;
    m_fd = -1;
    return fd;
}

void OwnedDescriptor::reset(int fd)
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
}

std::vector<SocketAddress> resolveStoreHost(const std::string& host, std::uint16_t port)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const int failed = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
    if (failed != 0)
        throw RendezvousError(fillText(engineText("RendezvousStore", "cannot resolve %1: %2"),
                                       {host, ::gai_strerror(failed)}));
    const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owned(found, ::freeaddrinfo);
    std::vector<SocketAddress> addresses;
    for (const addrinfo* entry = found; entry != nullptr; entry = entry->ai_next) {
        if (entry->ai_addrlen > sizeof(sockaddr_storage))
            continue;
        SocketAddress address;
        std::memcpy(&address.storage, entry->ai_addr, entry->ai_addrlen);
        address.length = entry->ai_addrlen;
        address.family = entry->ai_family;
        addresses.push_back(address);
    }
    if (addresses.empty())
        throw RendezvousError(
            fillText(engineText("RendezvousStore", "cannot resolve %1: no address"), {host}));
    return addresses;
}

std::string socketAddressText(const SocketAddress& address)
{
    char text[INET6_ADDRSTRLEN] = {};
    if (address.family == AF_INET6) {
        const auto* ipv6 = reinterpret_cast<const sockaddr_in6*>(&address.storage);
        ::inet_ntop(AF_INET6, &ipv6->sin6_addr, text, sizeof text);
        return "[" + std::string(text) + "]:" + std::to_string(ntohs(ipv6->sin6_port));
    }
    const auto* ipv4 = reinterpret_cast<const sockaddr_in*>(&address.storage);
    ::inet_ntop(AF_INET, &ipv4->sin_addr, text, sizeof text);
    return std::string(text) + ":" + std::to_string(ntohs(ipv4->sin_port));
}

bool makeNonBlocking(int fd)
{
    const int flags = ::fcntl(fd, F_GETFL);
    return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 &&
           ::fcntl(fd, F_SETFD, FD_CLOEXEC) == 0;
}

}  // namespace es
