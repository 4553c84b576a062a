#include "engine/whatif/jsonpath.h"

#include "engine/i18n/translate.h"

#include <cctype>
#include <stdexcept>

namespace es {

namespace {

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

/// `pattern`: "'%1' at character %2: what is wrong".
[[noreturn]] void badPath(std::string_view path, std::size_t at, const char* pattern)
{
    throw std::invalid_argument(fillText(pattern, {path, std::to_string(at + 1)}));
}

void describeInto(const nlohmann::json& patch, const std::string& prefix, std::string& text)
{
    for (const auto& [key, value] : patch.items()) {
        const std::string path = prefix.empty() ? key : prefix + "." + key;
        if (value.is_object() && !value.empty()) {
            describeInto(value, path, text);
            continue;
        }
        text += (text.empty() ? "" : ", ") + path + "=" + valueText(value);
    }
}

}  // namespace

std::vector<JsonPathStep> parseJsonPath(std::string_view path)
{
    std::vector<JsonPathStep> steps;
    std::size_t at = 0;
    const auto readKey = [&] {
        const std::size_t start = at;
        while (at < path.size() && isNameChar(path[at]))
            ++at;
        if (at == start)
            badPath(path, start,
                    engineText("JsonPath",
                               "'%1' at character %2: expected a key (letters, digits, '_')"));
        JsonPathStep step;
        step.key = std::string(path.substr(start, at - start));
        steps.push_back(std::move(step));
    };
    const auto readIndex = [&] {
        const std::size_t close = path.find(']', at);
        const std::string_view digits = close == std::string_view::npos
                                            ? std::string_view{}
                                            : path.substr(at + 1, close - at - 1);
        // Nine digits: far more entries than a config has, and no overflow.
        if (digits.empty() || digits.size() > 9 ||
            digits.find_first_not_of("0123456789") != std::string_view::npos)
            badPath(path, at,
                    engineText("JsonPath",
                               "'%1' at character %2: expected an array index such as [0]"));
        JsonPathStep step;
        step.isIndex = true;
        step.index = std::stoul(std::string(digits));
        steps.push_back(step);
        at = close + 1;
    };
    readKey();
    while (at < path.size()) {
        if (path[at] == '.') {
            ++at;
            readKey();
        } else if (path[at] == '[') {
            readIndex();
        } else {
            badPath(path, at, engineText("JsonPath", "'%1' at character %2: expected '.' or '['"));
        }
    }
    return steps;
}

std::string jsonPathText(const std::vector<JsonPathStep>& steps)
{
    std::string text;
    for (const JsonPathStep& step : steps) {
        if (step.isIndex)
            text += "[" + std::to_string(step.index) + "]";
        else
            text += (text.empty() ? "" : ".") + step.key;
    }
    return text;
}

const nlohmann::json* findJsonValue(const nlohmann::json& document,
                                    const std::vector<JsonPathStep>& steps)
{
    const nlohmann::json* node = &document;
    for (const JsonPathStep& step : steps) {
        if (step.isIndex) {
            if (!node->is_array() || step.index >= node->size())
                return nullptr;
            node = &(*node)[step.index];
        } else {
            if (!node->is_object())
                return nullptr;
            const auto found = node->find(step.key);
            if (found == node->end())
                return nullptr;
            node = &*found;
        }
    }
    return node;
}

nlohmann::json mergePatchSetting(const nlohmann::json& document,
                                 const std::vector<JsonPathStep>& steps,
                                 const nlohmann::json& value)
{
    if (steps.empty() || steps.front().isIndex)
        throw std::invalid_argument("a path starts with a key");
    // Set the value in a copy, then keep the objects along the path down to the first array,
    // which the patch has to carry whole.
    nlohmann::json changed = document;
    nlohmann::json* node = &changed;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const JsonPathStep& step = steps[i];
        const std::string where =
            jsonPathText({steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(i) + 1});
        if (step.isIndex) {
            if (!node->is_array() || step.index >= node->size())
                throw std::invalid_argument(
                    fillText(engineText("JsonPath", "%1 is not there (the config has %2 entries)"),
                             {where, std::to_string(node->is_array() ? node->size() : 0)}));
            node = &(*node)[step.index];
        } else {
            if (node->is_null())
                *node = nlohmann::json::object();
            if (!node->is_object())
                throw std::invalid_argument(
                    fillText(engineText("JsonPath", "%1: its parent is not an object"), {where}));
            node = &(*node)[step.key];
        }
    }
    *node = value;

    nlohmann::json patch = nlohmann::json::object();
    nlohmann::json* out = &patch;
    const nlohmann::json* in = &changed;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string& key = steps[i].key;
        const bool last = i + 1 == steps.size() || steps[i + 1].isIndex;
        if (last) {
            (*out)[key] = (*in)[key];
            break;
        }
        out = &((*out)[key] = nlohmann::json::object());
        in = &(*in)[key];
    }
    return patch;
}

std::string describeMergePatch(const nlohmann::json& patch)
{
    std::string text;
    if (patch.is_object())
        describeInto(patch, "", text);
    return text.empty() ? patch.dump() : text;
}

std::string valueText(const nlohmann::json& value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace es
