#include "engine/distributed/storeclient.h"

#include "engine/distributed/storeprotocol.h"
#include "engine/i18n/translate.h"

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

std::string hostAndPort(const std::string& host, std::uint16_t port)
{
    const bool ipv6 = host.find(':') != std::string::npos;
    return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

/// The milliseconds poll() may sleep: until `deadline`, at most one kMeetingPollInterval.
int sliceUntil(Clock::time_point deadline)
{
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<std::int64_t>(left, 0, kMeetingPollInterval.count()));
}

}  // namespace

StoreClient::StoreClient(const StoreClientOptions& options)
    : m_options(options), m_where("tcp://" + hostAndPort(options.host, options.port))
{
    connect();
}

void StoreClient::awaitReady(short events, Clock::time_point deadline, const char* waitingFor)
{
    for (;;) {
        throwIfStopRequested(m_options.stop);
        pollfd polled{m_socket.get(), events, 0};
        const int ready = ::poll(&polled, 1, sliceUntil(deadline));
        if (ready > 0)
            return;
        if (ready < 0 && errno != EINTR)
            throw RendezvousError(
                fillText(engineText("RendezvousStore", "%1: %2"), {m_where, std::strerror(errno)}));
        if (Clock::now() >= deadline)
            throw RendezvousError(
                fillText(engineText("RendezvousStore", "%1 did not answer within %2 s while %3"),
                         {hostAndPort(m_options.host, m_options.port),
                          meetingSeconds(m_options.timeout), waitingFor}));
    }
}

void StoreClient::connect()
{
    const Clock::time_point deadline = Clock::now() + m_options.timeout;
    const std::string address = hostAndPort(m_options.host, m_options.port);
    std::string reason;
    for (;;) {
        for (const SocketAddress& candidate : resolveStoreHost(m_options.host, m_options.port)) {
            throwIfStopRequested(m_options.stop);
            m_socket.reset(::socket(candidate.family, SOCK_STREAM | SOCK_CLOEXEC, 0));
            if (!m_socket.valid() || !makeNonBlocking(m_socket.get())) {
                reason = std::strerror(errno);
                continue;
            }
            int error = 0;
            if (::connect(m_socket.get(), reinterpret_cast<const sockaddr*>(&candidate.storage),
                          candidate.length) != 0) {
                error = errno;
                if (error == EINPROGRESS) {
                    // Bounded by a poll interval, so that the next address and the next round
                    // are tried: a SYN to a machine not up yet may get no answer at all.
                    pollfd polled{m_socket.get(), POLLOUT, 0};
                    const Clock::time_point slice = std::min(
                        deadline, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                     kMeetingPollInterval * 10));
                    error = ETIMEDOUT;
                    do {
                        throwIfStopRequested(m_options.stop);
                        if (::poll(&polled, 1, sliceUntil(slice)) > 0) {
                            socklen_t length = sizeof error;
                            ::getsockopt(m_socket.get(), SOL_SOCKET, SO_ERROR, &error, &length);
                            break;
                        }
                    } while (Clock::now() < slice);
                }
            }
            if (error != 0) {
                reason = std::strerror(error);
                continue;
            }
            sendAll(std::string(kStoreHello), deadline);
            const std::string hello = receiveExactly(kStoreHello.size(), deadline);
            if (hello != kStoreHello)
                throw RendezvousError(
                    fillText(engineText("RendezvousStore",
                                        "what answers at %1 is not the rendezvous store of this "
                                        "EpochScope (another program, or another version)"),
                             {address}));
            return;
        }
        if (Clock::now() >= deadline)
            throw RendezvousError(
                fillText(engineText("RendezvousStore",
                                    "nothing answered at %1 within %2 s (rank 0 serves the meeting "
                                    "there): %3"),
                         {address, meetingSeconds(m_options.timeout), reason}));
        const Clock::time_point retry = std::min(deadline, Clock::now() + kMeetingPollInterval);
        while (Clock::now() < retry) {
            throwIfStopRequested(m_options.stop);
            std::this_thread::sleep_until(retry);
        }
    }
}

void StoreClient::sendAll(const std::string& bytes, Clock::time_point deadline)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        awaitReady(POLLOUT, deadline, engineText("RendezvousStore", "sending to it"));
        const ssize_t sent =
            ::send(m_socket.get(), bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            throw RendezvousError(
                fillText(engineText("RendezvousStore", "%1: %2"), {m_where, std::strerror(errno)}));
        if (sent > 0)
            done += static_cast<std::size_t>(sent);
    }
}

std::string StoreClient::receiveExactly(std::size_t count, Clock::time_point deadline)
{
    std::string bytes(count, '\0');
    std::size_t done = 0;
    while (done < count) {
        awaitReady(POLLIN, deadline, engineText("RendezvousStore", "waiting for its answer"));
        const ssize_t got = ::recv(m_socket.get(), bytes.data() + done, count - done, 0);
        if (got == 0)
            throw RendezvousError(
                fillText(engineText("RendezvousStore", "%1 closed the connection (rank 0 ended?)"),
                         {m_where}));
        if (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            throw RendezvousError(
                fillText(engineText("RendezvousStore", "%1: %2"), {m_where, std::strerror(errno)}));
        if (got > 0)
            done += static_cast<std::size_t>(got);
    }
    return bytes;
}

StoreClient::Answer StoreClient::request(std::uint8_t type, const std::string& body)
{
    const std::lock_guard lock(m_mutex);
    const Clock::time_point deadline = Clock::now() + m_options.timeout;
    std::string frame;
    appendFrame(frame, type, body);
    sendAll(frame, deadline);
    std::string header = receiveExactly(kStoreFrameHeaderBytes, deadline);
    std::uint64_t length = 0;
    for (std::size_t i = 1; i < kStoreFrameHeaderBytes; ++i)
        length = (length << 8) | static_cast<unsigned char>(header[i]);
    if (length > kMaxStoreFrameBytes)
        throw RendezvousError(
            fillText(engineText("RendezvousStore", "%1 sent an answer of %2 bytes, more than any"),
                     {m_where, std::to_string(length)}));
    Answer answer;
    answer.status = static_cast<std::uint8_t>(header[0]);
    answer.body = receiveExactly(static_cast<std::size_t>(length), deadline);
    if (answer.status == static_cast<std::uint8_t>(StoreReply::Refused)) {
        BodyReader reason(answer.body);
        throw RendezvousError(fillText(engineText("RendezvousStore", "%1 refused a request: %2"),
                                       {m_where, reason.text(kMaxStoreValueBytes)}));
    }
    return answer;
}

namespace {

/// Refuses a key or value beyond the protocol's bounds before it is sent.
void checkSizes(const std::string& key, const std::string& value = {})
{
    if (key.size() > kMaxStoreKeyBytes || value.size() > kMaxStoreValueBytes)
        throw RendezvousError(fillText(
            engineText("RendezvousStore",
                       "a key of %1 bytes or a value of %2 bytes is beyond the store's bounds"),
            {std::to_string(key.size()), std::to_string(value.size())}));
}

template <typename Read>
auto parsed(const std::string& where, const std::string& body, Read&& read)
{
    try {
        BodyReader reader(body);
        auto value = read(reader);
        reader.end();
        return value;
    } catch (const std::length_error&) {
        throw RendezvousError(
            fillText(engineText("RendezvousStore", "%1 sent a malformed answer"), {where}));
    }
}

}  // namespace

void StoreClient::set(const std::string& key, const std::string& value)
{
    checkSizes(key, value);
    request(static_cast<std::uint8_t>(StoreRequest::Set),
            BodyWriter().text(key).text(value).body());
}

std::optional<std::string> StoreClient::get(const std::string& key)
{
    checkSizes(key);
    const Answer answer =
        request(static_cast<std::uint8_t>(StoreRequest::Get), BodyWriter().text(key).body());
    if (answer.status == static_cast<std::uint8_t>(StoreReply::Missing))
        return std::nullopt;
    return parsed(m_where, answer.body,
                  [](BodyReader& reader) { return reader.text(kMaxStoreValueBytes); });
}

std::int64_t StoreClient::add(const std::string& key, std::int64_t delta)
{
    checkSizes(key);
    const Answer answer = request(static_cast<std::uint8_t>(StoreRequest::Add),
                                  BodyWriter().text(key).integer(delta).body());
    return parsed(m_where, answer.body, [](BodyReader& reader) { return reader.integer(); });
}

std::string StoreClient::compareSet(const std::string& key, const std::string& expected,
                                    const std::string& desired)
{
    checkSizes(key, std::max(expected, desired, [](const std::string& a, const std::string& b) {
                   return a.size() < b.size();
               }));
    const Answer answer = request(static_cast<std::uint8_t>(StoreRequest::CompareSet),
                                  BodyWriter().text(key).text(expected).text(desired).body());
    return parsed(m_where, answer.body,
                  [](BodyReader& reader) { return reader.text(kMaxStoreValueBytes); });
}

bool StoreClient::remove(const std::string& key)
{
    checkSizes(key);
    const Answer answer =
        request(static_cast<std::uint8_t>(StoreRequest::Remove), BodyWriter().text(key).body());
    return parsed(m_where, answer.body, [](BodyReader& reader) { return reader.count() != 0; });
}

std::vector<bool> StoreClient::check(const std::vector<std::string>& keys)
{
    if (keys.size() > kMaxCheckedKeys)
        throw RendezvousError(
            fillText(engineText("RendezvousStore", "a check of %1 keys is too many"),
                     {std::to_string(keys.size())}));
    BodyWriter body;
    body.count(static_cast<std::uint32_t>(keys.size()));
    for (const std::string& key : keys) {
        checkSizes(key);
        body.text(key);
    }
    const Answer answer = request(static_cast<std::uint8_t>(StoreRequest::Check), body.body());
    const std::string present = parsed(
        m_where, answer.body, [&](BodyReader& reader) { return reader.text(kMaxCheckedKeys); });
    if (present.size() != keys.size())
        throw RendezvousError(
            fillText(engineText("RendezvousStore", "%1 sent a malformed answer"), {m_where}));
    std::vector<bool> found;
    for (char c : present)
        found.push_back(c != 0);
    return found;
}

std::int64_t StoreClient::keyCount()
{
    const Answer answer = request(static_cast<std::uint8_t>(StoreRequest::KeyCount), {});
    return parsed(m_where, answer.body, [](BodyReader& reader) { return reader.integer(); });
}

}  // namespace es
