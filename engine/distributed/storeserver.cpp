#include "engine/distributed/storeserver.h"

#include "engine/distributed/keyvaluestore.h"
#include "engine/distributed/storeprotocol.h"
#include "engine/i18n/translate.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <list>
#include <optional>
#include <stdexcept>
#include <vector>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

// Connections beyond this many are closed as they come: a world of 4096 ranks needs 4096,
// and a flood of strangers must not exhaust the descriptors of rank 0.
constexpr std::size_t kMaxConnections = 8192;
// Bytes read from one connection per turn, so that one sender cannot starve the others.
constexpr std::size_t kReadChunkBytes = 64 * 1024;
// The longest poll() sleep: deadlines are checked at least this often.
constexpr int kMaxPollMs = 1000;
constexpr int kListenBacklog = 512;

}  // namespace

struct StoreServer::Connection {
    OwnedDescriptor fd;
    std::size_t helloSeen = 0;
    std::string input;
    std::string output;
    /// When it last had nothing pending; unset while idle and complete.
    std::optional<Clock::time_point> busySince;
    bool closing = false;

    bool complete() const
    {
        return helloSeen == kStoreHello.size() && input.empty() && output.empty();
    }
};

StoreServer::StoreServer(const StoreServerOptions& options) : m_options(options)
{
    const bool ipv6 = options.host.find(':') != std::string::npos;
    const std::string wanted =
        (ipv6 ? "[" + options.host + "]" : options.host) + ":" + std::to_string(options.port);
    int lastError = 0;
    for (const SocketAddress& address : resolveStoreHost(options.host, options.port)) {
        OwnedDescriptor fd(::socket(address.family, SOCK_STREAM | SOCK_CLOEXEC, 0));
        if (!fd.valid()) {
            lastError = errno;
            continue;
        }
        // A port left in TIME_WAIT by the previous run can be listened on again at once; a
        // port another program listens on still cannot.
        const int on = 1;
        ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (address.family == AF_INET6)
            ::setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
        if (::bind(fd.get(), reinterpret_cast<const sockaddr*>(&address.storage), address.length) !=
                0 ||
            ::listen(fd.get(), kListenBacklog) != 0 || !makeNonBlocking(fd.get())) {
            lastError = errno;
            continue;
        }
        SocketAddress bound;
        bound.length = sizeof bound.storage;
        ::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&bound.storage), &bound.length);
        bound.family = bound.storage.ss_family;
        m_address = socketAddressText(bound);
        m_port = bound.family == AF_INET6
                     ? ntohs(reinterpret_cast<const sockaddr_in6*>(&bound.storage)->sin6_port)
                     : ntohs(reinterpret_cast<const sockaddr_in*>(&bound.storage)->sin_port);
        m_listener = std::move(fd);
        break;
    }
    if (!m_listener.valid()) {
        if (lastError == EADDRINUSE)
            throw RendezvousError(
                fillText(engineText("RendezvousStore",
                                    "cannot listen at %1: another program holds the port"),
                         {wanted}));
        if (lastError == EADDRNOTAVAIL)
            throw RendezvousError(fillText(
                engineText("RendezvousStore",
                           "cannot listen at %1: %2 is not an address of this machine (rank 0 "
                           "serves the meeting at the address given, so give one of its own)"),
                {wanted, options.host}));
        throw RendezvousError(fillText(engineText("RendezvousStore", "cannot listen at %1: %2"),
                                       {wanted, std::strerror(lastError)}));
    }
    int pipe[2];
    if (::pipe2(pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        throw RendezvousError(fillText(engineText("RendezvousStore", "cannot listen at %1: %2"),
                                       {wanted, std::strerror(errno)}));
    m_wakeRead.reset(pipe[0]);
    m_wakeWrite.reset(pipe[1]);
    m_thread = std::thread([this] { serve(); });
}

StoreServer::~StoreServer()
{
    const char wake = 1;
    [[maybe_unused]] const ssize_t written = ::write(m_wakeWrite.get(), &wake, 1);
    if (m_thread.joinable())
        m_thread.join();
}

void StoreServer::serve()
{
    ::pthread_setname_np(::pthread_self(), "es-rendezvous");
    std::list<Connection> connections;

    // Answers one request; false when it cannot be ours (an unknown type, a malformed body),
    // which drops the connection.
    const auto answer = [this](const StoreFrame& frame, std::string& out) {
        BodyReader body(frame.body);
        BodyWriter reply;
        StoreReply status = StoreReply::Ok;
        switch (static_cast<StoreRequest>(frame.type)) {
            case StoreRequest::Set: {
                std::string key = body.text(kMaxStoreKeyBytes);
                std::string value = body.text(kMaxStoreValueBytes);
                body.end();
                m_values[std::move(key)] = std::move(value);
                break;
            }
            case StoreRequest::Get: {
                const std::string key = body.text(kMaxStoreKeyBytes);
                body.end();
                const auto found = m_values.find(key);
                if (found == m_values.end())
                    status = StoreReply::Missing;
                else
                    reply.text(found->second);
                break;
            }
            case StoreRequest::Add: {
                const std::string key = body.text(kMaxStoreKeyBytes);
                const std::int64_t delta = body.integer();
                body.end();
                std::int64_t value = 0;
                const auto found = m_values.find(key);
                if (found != m_values.end() && !parseWholeInteger(found->second, value)) {
                    status = StoreReply::Refused;
                    reply.text("the value of \"" + key + "\" is not an integer");
                    break;
                }
                value = static_cast<std::int64_t>(static_cast<std::uint64_t>(value) +
                                                  static_cast<std::uint64_t>(delta));
                m_values[key] = std::to_string(value);
                reply.integer(value);
                break;
            }
            case StoreRequest::CompareSet: {
                const std::string key = body.text(kMaxStoreKeyBytes);
                const std::string expected = body.text(kMaxStoreValueBytes);
                const std::string desired = body.text(kMaxStoreValueBytes);
                body.end();
                const auto found = m_values.find(key);
                if (found == m_values.end()) {
                    if (expected.empty())
                        m_values[key] = desired;
                    reply.text(expected.empty() ? desired : expected);
                } else {
                    if (found->second == expected)
                        found->second = desired;
                    reply.text(found->second);
                }
                break;
            }
            case StoreRequest::Remove: {
                const std::string key = body.text(kMaxStoreKeyBytes);
                body.end();
                reply.count(m_values.erase(key) > 0 ? 1 : 0);
                break;
            }
            case StoreRequest::Check: {
                const std::uint32_t count = body.count();
                if (count > kMaxCheckedKeys)
                    return false;
                std::string present;
                for (std::uint32_t i = 0; i < count; ++i)
                    present.push_back(m_values.count(body.text(kMaxStoreKeyBytes)) > 0 ? 1 : 0);
                body.end();
                reply.text(present);
                break;
            }
            case StoreRequest::KeyCount:
                body.end();
                reply.integer(static_cast<std::int64_t>(m_values.size()));
                break;
            default: return false;
        }
        appendFrame(out, static_cast<std::uint8_t>(status), reply.body());
        return true;
    };

    // Reads what `connection` sent and answers every complete request; marks it closing when
    // it ended, or sent what no client of ours sends.
    const auto receive = [&](Connection& connection) {
        char chunk[kReadChunkBytes];
        const ssize_t got = ::recv(connection.fd.get(), chunk, sizeof chunk, 0);
        if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
            connection.closing = true;
            return;
        }
        if (got < 0)
            return;
        std::string_view data(chunk, static_cast<std::size_t>(got));
        // The hello byte by byte: the first byte that differs refuses the stranger at once.
        while (connection.helloSeen < kStoreHello.size() && !data.empty()) {
            if (data.front() != kStoreHello[connection.helloSeen]) {
                connection.closing = true;
                return;
            }
            ++connection.helloSeen;
            data.remove_prefix(1);
            if (connection.helloSeen == kStoreHello.size())
                connection.output.append(kStoreHello);
        }
        connection.input.append(data);
        try {
            while (const auto frame = takeFrame(connection.input)) {
                if (!answer(*frame, connection.output)) {
                    connection.closing = true;
                    return;
                }
            }
        } catch (const std::length_error&) {
            connection.closing = true;
        }
    };

    const auto send = [](Connection& connection) {
        const ssize_t sent = ::send(connection.fd.get(), connection.output.data(),
                                    connection.output.size(), MSG_NOSIGNAL);
        if (sent > 0)
            connection.output.erase(0, static_cast<std::size_t>(sent));
        else if (sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            connection.closing = true;
    };

    for (;;) {
        std::vector<pollfd> polled{{m_wakeRead.get(), POLLIN, 0}, {m_listener.get(), POLLIN, 0}};
        const Clock::time_point now = Clock::now();
        int sleepMs = kMaxPollMs;
        for (Connection& connection : connections) {
            // A connection that does not read its answers is not read from either, so that
            // its answers cannot pile up.
            const short events = connection.output.empty() ? POLLIN : POLLOUT;
            polled.push_back({connection.fd.get(), events, 0});
            if (connection.busySince) {
                const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    *connection.busySince + m_options.incompleteTimeout - now);
                sleepMs = std::clamp<int>(static_cast<int>(left.count()) + 1, 0, sleepMs);
            }
        }
        if (::poll(polled.data(), polled.size(), sleepMs) < 0 && errno != EINTR)
            return;
        if (polled[0].revents != 0)
            return;
        auto entry = polled.begin() + 2;
        for (Connection& connection : connections) {
            if (entry->revents & (POLLIN | POLLHUP | POLLERR))
                receive(connection);
            if (!connection.closing && !connection.output.empty())
                send(connection);
            ++entry;
        }
        const Clock::time_point after = Clock::now();
        for (auto it = connections.begin(); it != connections.end();) {
            if (it->complete())
                it->busySince.reset();
            else if (!it->busySince)
                it->busySince = after;
            const bool late =
                it->busySince && after - *it->busySince >= m_options.incompleteTimeout;
            it = it->closing || late ? connections.erase(it) : std::next(it);
        }
        if (polled[1].revents & POLLIN) {
            for (;;) {
                const int fd =
                    ::accept4(m_listener.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (fd < 0)
                    break;
                if (connections.size() >= kMaxConnections) {
                    ::close(fd);
                    continue;
                }
                Connection& connection = connections.emplace_back();
                connection.fd.reset(fd);
                connection.busySince = after;
            }
        }
    }
}

}  // namespace es
