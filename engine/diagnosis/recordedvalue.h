#pragma once

// A value from a stored run's JSON (its info, summary or config), read as evidence: a run
// database may come from someone else or from another version, so a member that is missing,
// null or of another type gives the fallback instead of an exception.

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

namespace es {

namespace detail {

/// `value` as an Integer when it is a whole number the Integer can hold: a number of another
/// kind (2.5, 1e300, -1 for an unsigned) is not a count this program wrote, and converting it
/// would truncate or overflow.
template <typename Integer>
std::optional<Integer> recordedInteger(const nlohmann::json& value)
{
    using Limits = std::numeric_limits<Integer>;
    if (value.is_number_unsigned()) {
        const std::uint64_t number = value.get<std::uint64_t>();
        if (number > static_cast<std::uint64_t>(Limits::max()))
            return std::nullopt;
        return static_cast<Integer>(number);
    }
    if (value.is_number_integer()) {
        const std::int64_t number = value.get<std::int64_t>();
        if (number < 0 && !Limits::is_signed)
            return std::nullopt;
        if (Limits::is_signed && (number < static_cast<std::int64_t>(Limits::min()) ||
                                  number > static_cast<std::int64_t>(Limits::max())))
            return std::nullopt;
        if (!Limits::is_signed &&
            static_cast<std::uint64_t>(number) > static_cast<std::uint64_t>(Limits::max()))
            return std::nullopt;
        return static_cast<Integer>(number);
    }
    if (value.is_number_float()) {
        const double number = value.get<double>();
        // Bounds as doubles: max() of a 64-bit type rounds up to 2^63 (or 2^64), so the test
        // is strict there.
        if (!std::isfinite(number) || std::trunc(number) != number ||
            number < static_cast<double>(Limits::min()) ||
            number >= static_cast<double>(Limits::max()))
            return std::nullopt;
        return static_cast<Integer>(number);
    }
    return std::nullopt;
}

}  // namespace detail

template <typename Value>
Value recordedValueOr(const nlohmann::json& object, const char* key, Value fallback)
{
    if (!object.is_object())
        return fallback;
    const auto found = object.find(key);
    if (found == object.end() || found->is_null())
        return fallback;
    if constexpr (std::is_integral_v<Value> && !std::is_same_v<Value, bool>) {
        return detail::recordedInteger<Value>(*found).value_or(fallback);
    } else {
        try {
            return found->get<Value>();
        } catch (const nlohmann::json::exception&) {
            return fallback;  // a field of another type: an older or newer format; not evidence
        }
    }
}

}  // namespace es
