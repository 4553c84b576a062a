#include "engine/config/jsonreader.h"

#include "engine/i18n/translate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

// Long strings are cut in messages: a pasted paragraph would bury the issue list.
constexpr std::size_t kMaxQuotedChars = 40;
// A suggestion further away than this is more likely a different word than a typo.
constexpr std::size_t kMaxSuggestionDistance = 2;

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

std::string quote(std::string_view text)
{
    // `replace`: a value built in code may hold bytes that are not UTF-8; dump() would throw.
    return Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool isIdentifier(std::string_view key)
{
    if (key.empty())
        return false;
    return std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    });
}

// Each message is a whole sentence, one for each kind of value and each case (a required key
// that is missing; a value of the wrong type or out of range), so that a translation can order
// its words freely. The value found is the last placeholder.

std::string missingInteger(IntRange range)
{
    if (range.min == 1)
        return engineText("JsonReader", "required key is missing; expected a positive integer");
    if (range.min == 0)
        return engineText("JsonReader", "required key is missing; expected a non-negative integer");
    return fillText(engineText("JsonReader", "required key is missing; expected an integer >= %1"),
                    {std::to_string(range.min)});
}

/// "expected a positive integer, got -3"; the upper end of the range is named when `withMax`.
std::string wrongInteger(IntRange range, bool withMax, const std::string& got)
{
    const bool bounded = withMax && range.max != kInt64Max;
    const std::string min = std::to_string(range.min);
    const std::string max = std::to_string(range.max);
    if (range.min == 1 && bounded)
        return fillText(
            engineText("JsonReader", "expected a positive integer no larger than %1, got %2"),
            {max, got});
    if (range.min == 1)
        return fillText(engineText("JsonReader", "expected a positive integer, got %1"), {got});
    if (range.min == 0 && bounded)
        return fillText(
            engineText("JsonReader", "expected a non-negative integer no larger than %1, got %2"),
            {max, got});
    if (range.min == 0)
        return fillText(engineText("JsonReader", "expected a non-negative integer, got %1"), {got});
    if (bounded)
        return fillText(engineText("JsonReader", "expected an integer in [%1, %2], got %3"),
                        {min, max, got});
    return fillText(engineText("JsonReader", "expected an integer >= %1, got %2"), {min, got});
}

/// `[0, 1)`: a bounded range in interval notation.
std::string intervalText(const NumberRange& range)
{
    return std::string(range.minOpen ? "(" : "[") + formatNumber(range.min) + ", " +
           formatNumber(range.max) + (range.maxOpen ? ")" : "]");
}

std::string missingNumber(const NumberRange& range)
{
    if (!std::isinf(range.max))
        return fillText(
            engineText("JsonReader", "required key is missing; expected a number in %1"),
            {intervalText(range)});
    if (range.min == 0.0 && range.minOpen)
        return engineText("JsonReader", "required key is missing; expected a positive number");
    if (range.min == 0.0)
        return engineText("JsonReader", "required key is missing; expected a non-negative number");
    if (range.minOpen)
        return fillText(engineText("JsonReader", "required key is missing; expected a number > %1"),
                        {formatNumber(range.min)});
    return fillText(engineText("JsonReader", "required key is missing; expected a number >= %1"),
                    {formatNumber(range.min)});
}

std::string wrongNumber(const NumberRange& range, const std::string& got)
{
    if (!std::isinf(range.max))
        return fillText(engineText("JsonReader", "expected a number in %1, got %2"),
                        {intervalText(range), got});
    if (range.min == 0.0 && range.minOpen)
        return fillText(engineText("JsonReader", "expected a positive number, got %1"), {got});
    if (range.min == 0.0)
        return fillText(engineText("JsonReader", "expected a non-negative number, got %1"), {got});
    if (range.minOpen)
        return fillText(engineText("JsonReader", "expected a number > %1, got %2"),
                        {formatNumber(range.min), got});
    return fillText(engineText("JsonReader", "expected a number >= %1, got %2"),
                    {formatNumber(range.min), got});
}

bool inRange(double value, const NumberRange& range)
{
    if (!std::isfinite(value))
        return false;
    const bool aboveMin = range.minOpen ? value > range.min : value >= range.min;
    const bool belowMax = range.maxOpen ? value < range.max : value <= range.max;
    return aboveMin && belowMax;
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

JsonReader::JsonReader(const Json& value, std::string path, std::vector<ConfigIssue>& issues)
    : m_value(&value), m_path(std::move(path)), m_issues(&issues)
{
    if (!m_value->is_object())
        m_issues->push_back(
            {m_path, fillText(engineText("JsonReader", "expected an object, got %1"),
                              {describe(*m_value)})});
}

std::string JsonReader::pathOf(std::string_view key) const
{
    return childPath(m_path, key);
}

const Json* JsonReader::find(std::string_view key)
{
    if (std::find(m_knownKeys.begin(), m_knownKeys.end(), key) == m_knownKeys.end())
        m_knownKeys.emplace_back(key);
    if (!isObject())
        return nullptr;
    const auto it = m_value->find(key);
    if (it == m_value->end())
        return nullptr;
    const std::string path = pathOf(key);
    if (std::find(m_refusedPaths.begin(), m_refusedPaths.end(), path) != m_refusedPaths.end() ||
        refuseNulBytes(*it, path))
        return nullptr;
    return &*it;
}

bool JsonReader::refuseNulBytes(const Json& value, const std::string& path)
{
    bool refused = false;
    if (value.is_string()) {
        const auto& text = value.get_ref<const std::string&>();
        const std::size_t at = text.find('\0');
        if (at == std::string::npos)
            return false;
        m_issues->push_back(
            {path, fillText(engineText("JsonReader",
                                       "contains a NUL byte (\\u0000) at character %1, where a "
                                       "file name or a run name would be cut short; remove it"),
                            {std::to_string(at + 1)})});
        refused = true;
    } else if (value.is_array()) {
        // Objects in arrays (layers, callbacks) are read by readers of their own.
        for (std::size_t i = 0; i < value.size(); ++i)
            refused = refuseNulBytes(value[i], elementPath(path, i)) || refused;
    }
    if (refused)
        m_refusedPaths.push_back(path);
    return refused;
}

bool JsonReader::integer(std::string_view key, IntRange range, std::int64_t& target, Need need)
{
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key, missingInteger(range));
        return false;
    }
    const bool tooLargeForInt64 =
        value->is_number_unsigned() && value->get<std::uint64_t>() > std::uint64_t(kInt64Max);
    if (!value->is_number_integer() || tooLargeForInt64) {
        addIssue(key, wrongInteger(range, false, describe(*value)));
        return false;
    }
    const std::int64_t number = value->get<std::int64_t>();
    if (number < range.min || number > range.max) {
        addIssue(key, wrongInteger(range, number > range.max, std::to_string(number)));
        return false;
    }
    target = number;
    return true;
}

bool JsonReader::integer(std::string_view key, IntRange range, int& target, Need need)
{
    range.min = std::max<std::int64_t>(range.min, std::numeric_limits<int>::min());
    range.max = std::min<std::int64_t>(range.max, std::numeric_limits<int>::max());
    std::int64_t wide = target;
    if (!integer(key, range, wide, need))
        return false;
    target = static_cast<int>(wide);
    return true;
}

bool JsonReader::unsignedInteger(std::string_view key, std::uint64_t& target, Need need)
{
    static constexpr std::string_view kMax = "18446744073709551615";
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key, fillText(engineText("JsonReader",
                                                "required key is missing; expected an integer "
                                                "in [%1, %2]"),
                                     {"0", kMax}));
        return false;
    }
    const bool negative = value->is_number_integer() && !value->is_number_unsigned() &&
                          value->get<std::int64_t>() < 0;
    if (!value->is_number_integer() || negative) {
        addIssue(key, fillText(engineText("JsonReader", "expected an integer in [%1, %2], got %3"),
                               {"0", kMax, describe(*value)}));
        return false;
    }
    target = value->get<std::uint64_t>();
    return true;
}

bool JsonReader::number(std::string_view key, NumberRange range, double& target, Need need)
{
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key, missingNumber(range));
        return false;
    }
    if (!value->is_number() || !inRange(value->get<double>(), range)) {
        addIssue(key, wrongNumber(range, describe(*value)));
        return false;
    }
    target = value->get<double>();
    return true;
}

bool JsonReader::boolean(std::string_view key, bool& target, Need need)
{
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key,
                       engineText("JsonReader", "required key is missing; expected true or false"));
        return false;
    }
    if (!value->is_boolean()) {
        addIssue(key, fillText(engineText("JsonReader", "expected true or false, got %1"),
                               {describe(*value)}));
        return false;
    }
    target = value->get<bool>();
    return true;
}

bool JsonReader::string(std::string_view key, std::string& target, Need need, bool allowEmpty)
{
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key, allowEmpty ? engineText("JsonReader",
                                                    "required key is missing; expected a string")
                                       : engineText("JsonReader",
                                                    "required key is missing; "
                                                    "expected a non-empty string"));
        return false;
    }
    if (!value->is_string() || (!allowEmpty && value->get_ref<const std::string&>().empty())) {
        const char* pattern = allowEmpty
                                  ? engineText("JsonReader", "expected a string, got %1")
                                  : engineText("JsonReader", "expected a non-empty string, got %1");
        addIssue(key, fillText(pattern, {describe(*value)}));
        return false;
    }
    target = value->get<std::string>();
    return true;
}

std::optional<std::size_t> JsonReader::choiceIndex(std::string_view key,
                                                   const std::vector<std::string_view>& allowed,
                                                   Need need)
{
    const std::string choices = quotedChoices(allowed);
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key, fillText(engineText("JsonReader",
                                                "required key is missing; expected one of %1"),
                                     {choices}));
        return std::nullopt;
    }
    if (value->is_string()) {
        const auto& text = value->get_ref<const std::string&>();
        const auto it = std::find(allowed.begin(), allowed.end(), text);
        if (it != allowed.end())
            return static_cast<std::size_t>(it - allowed.begin());
    }
    addIssue(key, fillText(engineText("JsonReader", "expected one of %1, got %2"),
                           {choices, describe(*value)}));
    return std::nullopt;
}

std::optional<JsonReader> JsonReader::object(std::string_view key, Need need)
{
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key,
                       engineText("JsonReader", "required key is missing; expected an object"));
        return std::nullopt;
    }
    JsonReader child(*value, pathOf(key), *m_issues);
    if (!child.isObject())
        return std::nullopt;
    return child;
}

const Json* JsonReader::array(std::string_view key, Need need)
{
    const Json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required)
            addMissing(key, engineText("JsonReader", "required key is missing; expected an array"));
        return nullptr;
    }
    if (!value->is_array()) {
        addIssue(key, fillText(engineText("JsonReader", "expected an array, got %1"),
                               {describe(*value)}));
        return nullptr;
    }
    return value;
}

JsonReader JsonReader::element(std::string_view key, std::size_t index)
{
    const Json& items = *find(key);
    return JsonReader(items.at(index), elementPath(pathOf(key), index), *m_issues);
}

void JsonReader::addIssue(std::string_view key, std::string message)
{
    addIssueAt(pathOf(key), std::move(message));
}

void JsonReader::addIssueAt(std::string path, std::string message)
{
    // A key refused for a NUL byte reads as absent; "required key is missing" would be wrong.
    for (const std::string& refused : m_refusedPaths) {
        if (path == refused || (path.rfind(refused, 0) == 0 && path.size() > refused.size() &&
                                path[refused.size()] == '['))
            return;
    }
    m_issues->push_back({std::move(path), std::move(message)});
}

void JsonReader::addMissing(std::string_view key, std::string message)
{
    // A value that is not an object has no keys; the constructor reported it already.
    if (!isObject())
        return;
    addIssue(key, std::move(message));
}

void JsonReader::finish()
{
    if (!isObject())
        return;
    std::vector<std::string_view> known(m_knownKeys.begin(), m_knownKeys.end());
    const std::string knownText = joinNames(known);
    for (const auto& item : m_value->items()) {
        const std::string& key = item.key();
        if (std::find(known.begin(), known.end(), key) != known.end())
            continue;
        std::string_view closest;
        std::size_t closestDistance = kMaxSuggestionDistance + 1;
        for (std::string_view candidate : known) {
            const std::size_t distance = editDistance(key, candidate);
            if (distance < closestDistance) {
                closest = candidate;
                closestDistance = distance;
            }
        }
        if (closest.empty())
            addIssue(key, fillText(engineText("JsonReader", "unknown key; expected one of: %1"),
                                   {knownText}));
        else
            addIssue(key, fillText(engineText("JsonReader",
                                              "unknown key; expected one of: %1; did you mean %2?"),
                                   {knownText, quote(closest)}));
    }
}

std::string JsonReader::describe(const Json& value)
{
    switch (value.type()) {
        case Json::value_t::array:
            // Noun phrases for "got %1": the value found, described.
            return value.size() == 1 ? std::string(engineText("JsonReader", "an array of 1 value"))
                                     : fillText(engineText("JsonReader", "an array of %1 values"),
                                                {std::to_string(value.size())});
        case Json::value_t::object: return engineText("JsonReader", "an object");
        case Json::value_t::binary: return engineText("JsonReader", "binary data");
        case Json::value_t::string: {
            const auto& text = value.get_ref<const std::string&>();
            if (text.size() <= kMaxQuotedChars)
                return quote(text);
            // Cut on a UTF-8 character boundary so that the quote stays valid text.
            std::size_t cut = kMaxQuotedChars;
            while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
                --cut;
            std::string quoted = quote(text.substr(0, cut));
            quoted.insert(quoted.size() - 1, "...");
            return quoted;
        }
        case Json::value_t::number_float:
            // JSON has no NaN or infinity; a document built in code might.
            if (!std::isfinite(value.get<double>()))
                return formatNumber(value.get<double>());
            return value.dump();
        default: return value.dump();
    }
}

std::string JsonReader::childPath(std::string_view parent, std::string_view key)
{
    if (!isIdentifier(key))
        return std::string(parent) + "[" + quote(key) + "]";
    if (parent.empty())
        return std::string(key);
    return std::string(parent) + "." + std::string(key);
}

std::string JsonReader::elementPath(std::string_view arrayPath, std::size_t index)
{
    return std::string(arrayPath) + "[" + std::to_string(index) + "]";
}

std::string formatNumber(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "Infinity" : "-Infinity";
    // to_chars: shortest round trip and, unlike printf, deaf to the locale (Qt sets one).
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

std::string quotedChoices(const std::vector<std::string_view>& allowed)
{
    std::string text;
    for (std::size_t i = 0; i < allowed.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += quote(allowed[i]);
    }
    return text;
}

std::string joinNames(const std::vector<std::string_view>& names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += names[i];
    }
    return text;
}

}  // namespace es
