#pragma once

// Facts a run records in words ("auto: fused oneDNN LSTM on the CPU", "on: cuDNN 91002 fused
// LSTM kernels") stay English in the run: the summary JSON and the run database are read by
// programs, and a run brought home from a server must read the same everywhere. They are shown
// in the reader's language instead: each such text is made from an English template marked
// with markedText(), whose translation recordedText() finds by matching the recorded words
// against the templates.

#include <string>
#include <string_view>

namespace es {

/// `source` as it is: marks an English template (with %1 ... %9 for values) for lupdate
/// (`-tr-function-alias QT_TRANSLATE_NOOP+=markedText`, translations/README.md), to be filled
/// in English with fillText() and recorded. Templates whose record recordedText() should
/// translate use the context "RunRecord".
constexpr const char* markedText(const char* /*context*/, const char* source)
{
    return source;
}

/// `recorded` in engineLanguage(): the translation of the "RunRecord" template it was made
/// from, with the same values; when none matches whole, each "; "-separated part on its own.
/// What matches no template comes back as it is (an older run's words, a library's message).
std::string recordedText(std::string_view recorded);

}  // namespace es
