#pragma once

// What differs between JSON documents of the same kind (configs, environments): each document
// flattened to dotted paths, `callbacks[0].params.save_freq` (a list of plain values stays one
// value), and the paths whose value is not the same in all of them. Header-only: small, and used by
// the comparison alone.

#include "engine/report/runcomparison.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace es {

namespace jsondiffdetail {

inline std::string_view digitRun(std::string_view text, std::size_t from)
{
    std::size_t end = from;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])))
        ++end;
    std::string_view digits = text.substr(from, end - from);
    while (digits.size() > 1 && digits.front() == '0')
        digits.remove_prefix(1);
    return digits;
}

inline std::size_t digitRunEnd(std::string_view text, std::size_t from)
{
    while (from < text.size() && std::isdigit(static_cast<unsigned char>(text[from])))
        ++from;
    return from;
}

/// Orders numbers inside keys by value, so that `callbacks[2]` comes before `callbacks[10]`.
struct NaturalLess {
    bool operator()(std::string_view a, std::string_view b) const
    {
        std::size_t i = 0;
        std::size_t j = 0;
        while (i < a.size() && j < b.size()) {
            const bool digitA = std::isdigit(static_cast<unsigned char>(a[i])) != 0;
            const bool digitB = std::isdigit(static_cast<unsigned char>(b[j])) != 0;
            if (digitA && digitB) {
                const std::string_view numberA = digitRun(a, i);
                const std::string_view numberB = digitRun(b, j);
                if (numberA.size() != numberB.size())
                    return numberA.size() < numberB.size();
                if (numberA != numberB)
                    return numberA < numberB;
                i = digitRunEnd(a, i);
                j = digitRunEnd(b, j);
                continue;
            }
            if (a[i] != b[j])
                return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i;
            ++j;
        }
        if (a.size() - i != b.size() - j)
            return a.size() - i < b.size() - j;
        return a < b;  // equal up to leading zeros: any fixed order will do
    }
};

inline bool allScalars(const nlohmann::json& array)
{
    for (const nlohmann::json& element : array)
        if (element.is_structured())
            return false;
    return true;
}

inline void flattenInto(const nlohmann::json& value, const std::string& path,
                        std::map<std::string, nlohmann::json>& leaves)
{
    if (value.is_object() && !value.empty()) {
        for (const auto& item : value.items())
            flattenInto(item.value(), path.empty() ? item.key() : path + "." + item.key(), leaves);
        return;
    }
    if (value.is_array() && !value.empty() && !allScalars(value)) {
        for (std::size_t i = 0; i < value.size(); ++i)
            flattenInto(value[i], path + "[" + std::to_string(i) + "]", leaves);
        return;
    }
    // An empty object or array is a value of its own (a run without callbacks has
    // `callbacks` = [] where another has `callbacks[0].type`), and so is a list of plain
    // values: `input_shape` = [50,8] reads better than one row per element.
    leaves[path] = value;
}

}  // namespace jsondiffdetail

/// Every leaf of `document` by dotted path; nothing for null, a non-container or an empty one.
inline std::map<std::string, nlohmann::json> flattenJson(const nlohmann::json& document)
{
    std::map<std::string, nlohmann::json> leaves;
    if ((document.is_object() || document.is_array()) && !document.empty())
        jsondiffdetail::flattenInto(document, "", leaves);
    return leaves;
}

/// A value as a user types it: strings bare, anything else compact JSON.
inline std::string jsonValueText(const nlohmann::json& value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

/// The paths whose value is not the same in every document (one missing counts as a
/// difference), in natural order, with `missing` as the text where a document has none.
inline std::vector<DiffRow> jsonDiff(const std::vector<nlohmann::json>& documents,
                                     const char* missing)
{
    std::vector<std::map<std::string, nlohmann::json>> flat;
    std::set<std::string, jsondiffdetail::NaturalLess> paths;
    for (const nlohmann::json& document : documents) {
        flat.push_back(flattenJson(document));
        for (const auto& leaf : flat.back())
            paths.insert(leaf.first);
    }
    std::vector<DiffRow> rows;
    for (const std::string& path : paths) {
        DiffRow row;
        row.key = path;
        bool same = true;
        for (const auto& leaves : flat) {
            const auto found = leaves.find(path);
            DiffValue value;
            value.present = found != leaves.end();
            value.value = value.present ? found->second : nlohmann::json();
            value.text = value.present ? jsonValueText(found->second) : std::string(missing);
            if (!row.values.empty())
                same = same && value.present == row.values.front().present &&
                       value.value == row.values.front().value;
            row.values.push_back(std::move(value));
        }
        if (!same)
            rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace es
