#pragma once

#include <string>
#include <string_view>

namespace es {

struct RunComparison;

/// The comparison as one self-contained HTML file: inline CSS, no scripts, nothing loaded
/// from elsewhere (its Content-Security-Policy forbids it too). Every text that came from a
/// run goes through htmlEscaped().
std::string writeHtml(const RunComparison& comparison);

/// `text` safe inside an element and inside a quoted attribute: & < > " ' as entities.
std::string htmlEscaped(std::string_view text);

}  // namespace es
