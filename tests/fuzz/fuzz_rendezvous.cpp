// libFuzzer target for the TCP rendezvous store's server (es::StoreServer): the bytes anyone who
// reaches rank 0's address may send it, on a connection of their own. Each input goes to one
// server on one connection, which the fuzzer then closes for writing; the server must answer or
// drop it and close it (never hold it: the read below would hang, and libFuzzer's -timeout
// reports that), and a client connected before the first input must still be served after it:
// a stranger's bytes never change what the ranks see, except through the operations any client
// may ask for. A broken invariant traps.
//
// The seeds (corpus/rendezvous/) are what es::StoreClient sends: the hello, then each request.

#include "engine/distributed/storeclient.h"
#include "engine/distributed/storeserver.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>

namespace {

/// One server for the whole run and a client connected to it, made at the first input.
struct Served {
    es::StoreServer server;
    es::StoreClient client;

    static es::StoreServerOptions serverOptions()
    {
        es::StoreServerOptions options;
        options.host = "127.0.0.1";
        options.port = 0;
        // Far beyond an input's time: a connection is only ever dropped for its bytes here.
        options.incompleteTimeout = std::chrono::minutes(10);
        return options;
    }

    Served() : server(serverOptions()), client(clientOptions(server.port())) {}

    static es::StoreClientOptions clientOptions(std::uint16_t port)
    {
        es::StoreClientOptions options;
        options.host = "127.0.0.1";
        options.port = port;
        options.timeout = std::chrono::seconds(20);
        return options;
    }
};

Served& served()
{
    static Served instance;
    return instance;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Served& store = served();
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(store.server.port());
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    // Thousands of connections a second would use up the loopback's ephemeral ports while
    // those closed wait out TIME_WAIT: each input comes from the next of 253 loopback source
    // addresses (127.0.0.2 to 127.0.0.254), and a port not available yet is waited for. A
    // connect interrupted by libFuzzer's own timer (SIGALRM, which -timeout arms) is tried again
    // on a new socket. A connection the server refuses is a finding.
    static unsigned next = 0;
    sockaddr_in source{};
    source.sin_family = AF_INET;
    source.sin_addr.s_addr = htonl(INADDR_LOOPBACK + 1 + (next++ % 253));
    int fd = -1;
    for (int attempt = 0; fd < 0; ++attempt) {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&source), sizeof source) == 0 &&
            ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
            break;
        const int error = errno;
        if (fd >= 0)
            ::close(fd);
        fd = -1;
        if ((error != EADDRNOTAVAIL && error != EADDRINUSE && error != EINTR) || attempt > 1000) {
            std::fprintf(stderr, "fuzz_rendezvous: cannot connect: %s\n", std::strerror(error));
            __builtin_trap();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    // Closed with a reset, so that this side leaves nothing in TIME_WAIT.
    const linger reset{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    std::size_t sent = 0;
    while (sent < size) {
        const ssize_t wrote = ::send(fd, data + sent, size - sent, MSG_NOSIGNAL);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            break;  // the server closed it on a byte it refused
        sent += static_cast<std::size_t>(wrote);
    }
    ::shutdown(fd, SHUT_WR);
    // Until the server closes it: answers, if any, are read and dropped.
    char answer[4096];
    for (;;) {
        const ssize_t got = ::recv(fd, answer, sizeof answer, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
    }
    ::close(fd);
    // The client connected first is still served, and reads back what it writes.
    const std::string key = "fuzz/" + std::to_string(size);
    store.client.set(key, "value");
    const auto value = store.client.get(key);
    if (!value || *value != "value") {
        std::fprintf(stderr, "fuzz_rendezvous: the client was not served after the input\n");
        __builtin_trap();
    }
    return 0;
}
