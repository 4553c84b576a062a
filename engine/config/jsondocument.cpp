#include "engine/config/jsondocument.h"

#include "engine/config/configerror.h"
#include "engine/config/jsonreader.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

using Json = nlohmann::json;

// A run config nests four levels deep; a limit keeps a hostile "[[[[..." from costing memory
// in proportion to its length before it is rejected.
constexpr std::size_t kMaxDepth = 64;

struct SyntaxError {
    std::size_t byte = 0;
    std::string detail;
};

/// Walks the document once to find what the DOM parser hides or cannot locate: duplicate keys
/// (with their JSON path) and the byte offset of every kind of syntax error.
class DocumentScanner final : public nlohmann::json_sax<Json> {
public:
    bool null() override { return onValue(); }
    bool boolean(bool) override { return onValue(); }
    bool number_integer(number_integer_t) override { return onValue(); }
    bool number_unsigned(number_unsigned_t) override { return onValue(); }
    bool number_float(number_float_t, const string_t&) override { return onValue(); }
    bool string(string_t&) override { return onValue(); }
    bool binary(binary_t&) override { return onValue(); }

    bool start_object(std::size_t) override { return enter(false); }
    bool end_object() override { return leave(); }
    bool start_array(std::size_t) override { return enter(true); }
    bool end_array() override { return leave(); }

    bool key(string_t& key) override
    {
        Frame& frame = m_frames.back();
        if (std::find(frame.keys.begin(), frame.keys.end(), key) != frame.keys.end()) {
            m_issues.push_back({JsonReader::childPath(pathOf(m_frames.size() - 1), key),
                                engineText("JsonDocument",
                                           "duplicate key; JSON keeps only the last value, so "
                                           "the earlier ones would be silently ignored")});
        }
        frame.keys.push_back(key);
        frame.key = key;
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& error) override
    {
        m_syntaxError = SyntaxError{position, error.what()};
        return false;
    }

    const std::optional<SyntaxError>& syntaxError() const { return m_syntaxError; }
    bool tooDeep() const { return m_tooDeep; }
    std::vector<ConfigIssue> takeIssues() { return std::move(m_issues); }

private:
    struct Frame {
        bool array = false;
        std::size_t elements = 0;       // arrays: elements started so far
        std::string key;                // objects: the key being read
        std::vector<std::string> keys;  // objects: every key seen
    };

    /// The path of the value that frame `depth` holds (the root for depth 0).
    std::string pathOf(std::size_t depth) const
    {
        std::string path;
        for (std::size_t i = 0; i < depth; ++i) {
            const Frame& frame = m_frames[i];
            path = frame.array ? JsonReader::elementPath(path, frame.elements - 1)
                               : JsonReader::childPath(path, frame.key);
        }
        return path;
    }

    bool onValue()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().elements;
        return true;
    }

    bool enter(bool array)
    {
        onValue();
        if (m_frames.size() == kMaxDepth) {
            m_tooDeep = true;
            return false;
        }
        m_frames.push_back(Frame{array, 0, {}, {}});
        return true;
    }

    bool leave()
    {
        m_frames.pop_back();
        return true;
    }

    std::vector<Frame> m_frames;
    std::vector<ConfigIssue> m_issues;
    std::optional<SyntaxError> m_syntaxError;
    bool m_tooDeep = false;
};

/// "parse error at line 1, column 6: syntax error while parsing value - unexpected '}'; ..."
/// without nlohmann's "[json.exception.parse_error.101]" prefix and position, which the
/// caller states in its own words.
std::string syntaxDetail(const std::string& what)
{
    std::string detail = what;
    const std::size_t idEnd = detail.find("] ");
    if (detail.rfind("[json.exception.", 0) == 0 && idEnd != std::string::npos)
        detail.erase(0, idEnd + 2);
    if (detail.rfind("parse error", 0) == 0) {
        const std::size_t colon = detail.find(": ");
        if (colon != std::string::npos)
            detail.erase(0, colon + 2);
    }
    return detail;
}

/// "line 3, column 6: " + `detail` (nlohmann's words, which stay English), with the line and
/// column (both from 1) of the 1-based byte position `byte`, which is one past the end of the
/// text when the input ended too early.
std::string syntaxMessage(std::string_view text, std::size_t byte, const std::string& detail)
{
    const std::size_t index = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < index; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return fillText(engineText("JsonDocument", "line %1, column %2: %3"),
                    {std::to_string(line), std::to_string(index - lineStart + 1), detail});
}

}  // namespace

Json parseJsonDocument(std::string_view text, std::string_view origin)
{
    // Said in EpochScope's words rather than nlohmann's, whose message for an empty input
    // changed between releases (3.10: "unexpected end of input", 3.11: "attempting to parse an
    // empty input"): the same text gets the same error on every system.
    if (text.find_first_not_of(" \t\n\r") == std::string_view::npos) {
        const std::size_t end = text.size() + 1;
        throw ConfigError(
            std::string(origin) + "@byte " + std::to_string(end),
            syntaxMessage(text, end,
                          engineText("JsonDocument",
                                     "unexpected end of input: the text is empty, and a JSON "
                                     "value was expected")));
    }
    DocumentScanner scanner;
    Json::sax_parse(text.begin(), text.end(), &scanner);
    if (const auto& syntax = scanner.syntaxError()) {
        throw ConfigError(std::string(origin) + "@byte " + std::to_string(syntax->byte),
                          syntaxMessage(text, syntax->byte, syntaxDetail(syntax->detail)));
    }
    if (scanner.tooDeep()) {
        throw ConfigError(std::string(origin),
                          fillText(engineText("JsonDocument",
                                              "JSON nested more than %1 levels deep; a run config "
                                              "needs four"),
                                   {std::to_string(kMaxDepth)}));
    }
    std::vector<ConfigIssue> duplicates = scanner.takeIssues();
    if (!duplicates.empty())
        throw ConfigError(std::move(duplicates));
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const Json::exception& error) {
        // The scan accepted the text, so this cannot happen short of a parser bug; still a
        // ConfigError rather than an exception type callers do not expect.
        throw ConfigError(std::string(origin), syntaxDetail(error.what()));
    }
}

}  // namespace es
