#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace es {

/// Where the ranks of a distributed run meet before training (PyTorch's init_method): a TCP
/// store served by rank 0, or a file on a file system that every rank sees.
struct Rendezvous {
    enum class Kind { Tcp, File };
    Kind kind = Kind::Tcp;
    std::string host;        ///< Tcp: a host name, an IPv4 address or an IPv6 address (no brackets)
    std::uint16_t port = 0;  ///< Tcp: 1 to 65535
    std::string path;        ///< File: the store's file
};

/// Parses `tcp://HOST:PORT` (an IPv6 host in brackets: `tcp://[::1]:29500`) or `file:PATH`
/// (`file:///shared/rdzv` also). Throws ConfigError at `field` saying what is wrong and what
/// was expected; nothing is looked up or opened here.
Rendezvous parseRendezvous(std::string_view text, const std::string& field);

/// The text parseRendezvous() reads back to the same value.
std::string rendezvousText(const Rendezvous& rendezvous);

}  // namespace es
