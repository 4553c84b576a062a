#pragma once

// How the diagnosis rules write numbers into findings, the same way in each: printf-style
// figures, shares as whole percents, and step ranges as `diagnose` and the app show them.
// Texts go through engineText() (i18n/translate.h): a rule formats its numbers with these,
// then fills them into a whole translated sentence.

#include "engine/core/phase.h"
#include "engine/i18n/phasename.h"
#include "engine/i18n/translate.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace es {

/// printf into a string of the length it needs.
template <typename... Args>
std::string formatText(const char* format, Args... args)
{
    const int length = std::snprintf(nullptr, 0, format, args...);
    if (length <= 0)
        return {};
    std::string text(static_cast<std::size_t>(length), '\0');
    std::snprintf(text.data(), text.size() + 1, format, args...);
    return text;
}

/// A share in [0, 1] as a whole percent: 0.456 -> "46%".
inline std::string sharePercent(double share)
{
    return formatText("%.0f%%", share * 100.0);
}

/// "step 7" or "steps 3-12" (1-based steps over the whole run).
inline std::string stepRangeText(std::int64_t first, std::int64_t last)
{
    if (first == last)
        return fillText(engineText("Diagnosis", "step %1"), {std::to_string(first)});
    return fillText(engineText("Diagnosis", "steps %1-%2"),
                    {std::to_string(first), std::to_string(last)});
}

/// "1 intra-op thread" or "4 intra-op threads", for the threads rule and the doctor's.
inline std::string intraOpThreadsText(int count)
{
    return countedText(count, engineText("Diagnosis", "%1 intra-op thread"),
                       engineText("Diagnosis", "%1 intra-op threads"));
}

/// "epoch 3" or "epochs 2-5".
inline std::string epochRangeText(std::int64_t first, std::int64_t last)
{
    if (first == last)
        return fillText(engineText("Diagnosis", "epoch %1"), {std::to_string(first)});
    return fillText(engineText("Diagnosis", "epochs %1-%2"),
                    {std::to_string(first), std::to_string(last)});
}

/// "Forward (55%)": a phase and its share of an excess.
inline std::string phaseShareText(Phase phase, double share)
{
    return fillText(engineText("Diagnosis", "%1 (%2)"), {phaseName(phase), sharePercent(share)});
}

}  // namespace es
