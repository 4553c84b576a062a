#include "engine/report/sourcedate.h"

#include "engine/i18n/translate.h"

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <string_view>

namespace es {

namespace {

constexpr const char* kVariable = "SOURCE_DATE_EPOCH";
// 9999-12-31T23:59:59Z: PDF dates and ISO 8601 without extension have four-digit years.
constexpr std::int64_t kLastSecond = 253402300799;

[[noreturn]] void throwMalformed(std::string_view value)
{
    throw std::runtime_error(
        fillText(engineText("Report",
                            "%1 is \"%2\"; it must be a whole number of seconds since "
                            "1970-01-01 UTC (for example 1700000000), or unset"),
                 {kVariable, std::string(value)}));
}

}  // namespace

std::optional<std::string> sourceDateEpoch()
{
    return sourceDateEpoch(std::getenv(kVariable));
}

std::optional<std::string> sourceDateEpoch(const char* value)
{
    if (value == nullptr || *value == '\0')
        return std::nullopt;
    const std::string_view text(value);
    std::int64_t seconds = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (error != std::errc() || end != text.data() + text.size() || seconds < 0 ||
        seconds > kLastSecond)
        throwMalformed(text);
    const std::time_t whole = static_cast<std::time_t>(seconds);
    std::tm utc{};
    if (::gmtime_r(&whole, &utc) == nullptr)
        throwMalformed(text);
    char iso[32];
    std::strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return std::string(iso);
}

}  // namespace es
