#include "engine/config/rendezvous.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cctype>

namespace es {

namespace {

constexpr std::string_view kTcpScheme = "tcp://";
constexpr std::string_view kFileScheme = "file:";
// A host name is at most 253 characters (RFC 1035); anything longer is not one.
constexpr std::size_t kMaxHostLength = 253;
constexpr unsigned kMaxPort = 65535;

[[noreturn]] void refuse(const std::string& field, const std::string& message)
{
    throw ConfigError(field, message);
}

std::string expectedForms()
{
    return engineText("Rendezvous", "expected tcp://HOST:PORT or file:PATH");
}

bool isHostCharacter(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.' || c == '_';
}

bool isIpv6Character(char c)
{
    return std::isxdigit(static_cast<unsigned char>(c)) != 0 || c == ':' || c == '.';
}

std::uint16_t parsePort(std::string_view digits, const std::string& field)
{
    // Six digits or more cannot be a port; checked before the value, which could overflow.
    const bool allDigits = !digits.empty() && digits.size() <= 5 &&
                           std::all_of(digits.begin(), digits.end(), [](char c) {
                               return std::isdigit(static_cast<unsigned char>(c)) != 0;
                           });
    unsigned value = 0;
    for (char c : allDigits ? digits : std::string_view())
        value = value * 10 + static_cast<unsigned>(c - '0');
    if (value == 0 || value > kMaxPort)
        refuse(field, fillText(engineText("Rendezvous", "port \"%1\" is not a number from 1 to %2"),
                               {std::string(digits), std::to_string(kMaxPort)}));
    return static_cast<std::uint16_t>(value);
}

Rendezvous parseTcp(std::string_view rest, const std::string& field)
{
    Rendezvous rendezvous;
    rendezvous.kind = Rendezvous::Kind::Tcp;
    std::string_view host;
    std::string_view port;
    if (!rest.empty() && rest.front() == '[') {
        const std::size_t close = rest.find(']');
        if (close == std::string_view::npos)
            refuse(field, engineText("Rendezvous", "an IPv6 address in brackets lacks its \"]\""));
        host = rest.substr(1, close - 1);
        if (host.empty() || !std::all_of(host.begin(), host.end(), isIpv6Character))
            refuse(field, fillText(engineText("Rendezvous", "\"%1\" is not an IPv6 address"),
                                   {std::string(host)}));
        const std::string_view after = rest.substr(close + 1);
        if (after.empty() || after.front() != ':')
            refuse(field, engineText("Rendezvous", "the port is missing: tcp://HOST:PORT"));
        port = after.substr(1);
    } else {
        const std::size_t colon = rest.rfind(':');
        if (colon == std::string_view::npos)
            refuse(field, engineText("Rendezvous", "the port is missing: tcp://HOST:PORT"));
        host = rest.substr(0, colon);
        port = rest.substr(colon + 1);
        if (host.empty())
            refuse(field, engineText("Rendezvous", "the host is missing: tcp://HOST:PORT"));
        if (host.size() > kMaxHostLength || !std::all_of(host.begin(), host.end(), isHostCharacter))
            refuse(field,
                   fillText(engineText("Rendezvous",
                                       "\"%1\" is not a host name or address (an IPv6 address "
                                       "goes in brackets: tcp://[::1]:29500)"),
                            {std::string(host.substr(0, std::min(host.size(), kMaxHostLength)))}));
    }
    rendezvous.host = std::string(host);
    rendezvous.port = parsePort(port, field);
    return rendezvous;
}

Rendezvous parseFile(std::string_view rest, const std::string& field)
{
    // file:///shared/rdzv is the URL form of file:/shared/rdzv; file://HOST/... would name a
    // file on another machine, which a rank cannot open.
    if (rest.substr(0, 2) == "//") {
        rest.remove_prefix(2);
        if (!rest.empty() && rest.front() != '/')
            refuse(field, engineText("Rendezvous",
                                     "file://HOST/PATH names another machine's file; write "
                                     "file:///PATH for a file every rank can open"));
    }
    if (rest.empty())
        refuse(field, engineText("Rendezvous", "the file is missing: file:PATH"));
    if (rest.find('\0') != std::string_view::npos)
        refuse(field, engineText("Rendezvous", "the file name contains a NUL character"));
    Rendezvous rendezvous;
    rendezvous.kind = Rendezvous::Kind::File;
    rendezvous.path = std::string(rest);
    return rendezvous;
}

}  // namespace

Rendezvous parseRendezvous(std::string_view text, const std::string& field)
{
    if (text.substr(0, kTcpScheme.size()) == kTcpScheme)
        return parseTcp(text.substr(kTcpScheme.size()), field);
    if (text.substr(0, kFileScheme.size()) == kFileScheme)
        return parseFile(text.substr(kFileScheme.size()), field);
    refuse(field, expectedForms());
}

std::string rendezvousText(const Rendezvous& rendezvous)
{
    if (rendezvous.kind == Rendezvous::Kind::File)
        return std::string(kFileScheme) + rendezvous.path;
    const bool ipv6 = rendezvous.host.find(':') != std::string::npos;
    const std::string host = ipv6 ? "[" + rendezvous.host + "]" : rendezvous.host;
    return std::string(kTcpScheme) + host + ":" + std::to_string(rendezvous.port);
}

}  // namespace es
