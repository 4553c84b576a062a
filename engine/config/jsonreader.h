#pragma once

#include "engine/config/configerror.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// Whether a key must be present.
enum class Need { Optional, Required };

/// Accepted integers, both ends inclusive.
struct IntRange {
    std::int64_t min = 1;
    std::int64_t max = std::numeric_limits<std::int64_t>::max();
};

/// Accepted numbers; each end is inclusive unless marked open.
struct NumberRange {
    double min = 0.0;
    double max = std::numeric_limits<double>::infinity();
    bool minOpen = false;
    bool maxOpen = false;
};

/// Reads typed values from one JSON object found at a JSON path (`model.layers[1]`) and records
/// an issue for every problem instead of stopping at the first, so that one ConfigError can
/// list them all. A getter writes its target only when the value is valid; an absent optional
/// key leaves the target, and so the default it was initialised with, as it is. Getters return
/// whether they wrote the target. Integers must be JSON integers: 64.0, 64.5 and "64" are
/// errors, as Keras would reject them too.
class JsonReader {
public:
    /// Records an issue at once when `value` is not an object; every getter then reads nothing.
    JsonReader(const nlohmann::json& value, std::string path, std::vector<ConfigIssue>& issues);

    bool isObject() const { return m_value->is_object(); }
    const std::string& path() const { return m_path; }
    /// `path.key`, or `path["odd key"]` for keys that are not plain identifiers.
    std::string pathOf(std::string_view key) const;

    /// The value at `key` or nullptr; either way `key` becomes a known key for finish().
    /// Every field is read through here, so here a string holding a NUL byte is refused, in
    /// the value itself or in an array of it (C and the file system would read the text only
    /// up to that byte: a path that names another file, a name stored cut): the issue is
    /// recorded at the string's path and the key reads as absent, without a second issue.
    const nlohmann::json* find(std::string_view key);

    bool integer(std::string_view key, IntRange range, std::int64_t& target,
                 Need need = Need::Optional);
    /// As above for `int` fields; the range is also limited to what an int holds.
    bool integer(std::string_view key, IntRange range, int& target, Need need = Need::Optional);
    bool unsignedInteger(std::string_view key, std::uint64_t& target, Need need = Need::Optional);
    bool number(std::string_view key, NumberRange range, double& target,
                Need need = Need::Optional);
    bool boolean(std::string_view key, bool& target, Need need = Need::Optional);
    bool string(std::string_view key, std::string& target, Need need = Need::Optional,
                bool allowEmpty = true);

    /// Index into `allowed` of the string at `key`; messages list the allowed values.
    std::optional<std::size_t> choiceIndex(std::string_view key,
                                           const std::vector<std::string_view>& allowed,
                                           Need need = Need::Optional);

    /// An enum read by its key, e.g. choice("loss", kAllLossTypes, lossKey, config.loss).
    template <typename Enum, std::size_t N>
    bool choice(std::string_view key, const std::array<Enum, N>& values,
                std::string_view (*keyOf)(Enum), Enum& target, Need need = Need::Optional)
    {
        std::vector<std::string_view> allowed;
        allowed.reserve(N);
        for (Enum value : values)
            allowed.push_back(keyOf(value));
        const std::optional<std::size_t> index = choiceIndex(key, allowed, need);
        if (!index)
            return false;
        target = values[*index];
        return true;
    }

    /// A reader for the object at `key`; nullopt when absent or not an object (reported).
    std::optional<JsonReader> object(std::string_view key, Need need = Need::Optional);
    /// The array at `key`; nullptr when absent or not an array (reported).
    const nlohmann::json* array(std::string_view key, Need need = Need::Optional);

    /// A reader, sharing this one's issue list, for element `index` of the array at `key`;
    /// call only after array(key) returned that array.
    JsonReader element(std::string_view key, std::size_t index);

    /// Records an issue at `pathOf(key)`.
    void addIssue(std::string_view key, std::string message);
    /// Records an issue at any path, e.g. an array element that is not an object.
    void addIssueAt(std::string path, std::string message);
    /// Reports every key of the object that no getter asked for, listing the known ones.
    void finish();

    /// The value for a "got ..." message: `-3`, `"abc"`, `64.5`, `an array of 3 values`.
    static std::string describe(const nlohmann::json& value);
    static std::string childPath(std::string_view parent, std::string_view key);
    static std::string elementPath(std::string_view arrayPath, std::size_t index);

private:
    /// Records `message` for a required key that is absent, unless this is not an object.
    void addMissing(std::string_view key, std::string message);
    /// Records an issue for each string in `value` (itself or an element of its arrays) that
    /// holds a NUL byte; whether there was one.
    bool refuseNulBytes(const nlohmann::json& value, const std::string& path);

    const nlohmann::json* m_value;
    std::string m_path;
    std::vector<ConfigIssue>* m_issues;
    std::vector<std::string> m_knownKeys;
    /// Paths refused by refuseNulBytes(): later issues there would only repeat it.
    std::vector<std::string> m_refusedPaths;
};

/// Shortest text that reads back as the same double: 0.2, 1e-05, 20000.
std::string formatNumber(double value);

/// `"a", "b", "c"`: the allowed values of a string enum, quoted as JSON, for messages such as
/// "expected one of %1".
std::string quotedChoices(const std::vector<std::string_view>& allowed);

/// `a, b, c`: for "expected one of: ..." lists.
std::string joinNames(const std::vector<std::string_view>& names);

}  // namespace es
