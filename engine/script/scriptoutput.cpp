#include "engine/script/scriptoutput.h"

#include "engine/core/utf8.h"

namespace es {

namespace {

/// U+2026 HORIZONTAL ELLIPSIS: the line went on.
constexpr std::string_view kCutMark = "\xE2\x80\xA6";

bool isContinuationByte(char byte)
{
    return (static_cast<unsigned char>(byte) & 0xC0) == 0x80;
}

}  // namespace

std::string scriptOutputLine(std::string_view line)
{
    bool cut = false;
    if (line.size() > kMaxScriptOutputLineBytes) {
        // Back to the first byte of the character the bound falls in, so that the cut leaves
        // no half of one (a run of stray continuation bytes is cut at the bound).
        std::size_t end = kMaxScriptOutputLineBytes;
        for (int back = 0; back < 3 && end > 0 && isContinuationByte(line[end]); ++back)
            --end;
        if (isContinuationByte(line[end]))
            end = kMaxScriptOutputLineBytes;
        line = line.substr(0, end);
        cut = true;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(line.size() + kCutMark.size());
    std::size_t at = 0;
    while (at < line.size()) {
        const auto byte = static_cast<unsigned char>(line[at]);
        if (byte < 0x80) {
            if ((byte < 0x20 && byte != '\t') || byte == 0x7F) {
                out += "\\x";
                out += kHex[byte >> 4];
                out += kHex[byte & 0xF];
            } else {
                out += static_cast<char>(byte);
            }
            ++at;
            continue;
        }
        const std::size_t length = utf8SequenceLength(line, at);
        if (length == 0) {
            out += kReplacementCharacter;
            at += utf8MaximalSubpartLength(line, at);
            continue;
        }
        out.append(line.substr(at, length));
        at += length;
    }
    if (cut)
        out += kCutMark;
    return out;
}

}  // namespace es
