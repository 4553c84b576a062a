#pragma once

// A value from a stored run's JSON (its info, summary or config), read as evidence: a run
// database may come from someone else or from another version, so a member that is missing,
// null or of another type gives the fallback instead of an exception.

#include <nlohmann/json.hpp>

namespace es {

template <typename Value>
Value recordedValueOr(const nlohmann::json& object, const char* key, Value fallback)
{
    if (!object.is_object())
        return fallback;
    const auto found = object.find(key);
    if (found == object.end() || found->is_null())
        return fallback;
    try {
        return found->get<Value>();
    } catch (const nlohmann::json::exception&) {
        return fallback;  // a field of another type: an older or newer format; not evidence
    }
}

}  // namespace es
