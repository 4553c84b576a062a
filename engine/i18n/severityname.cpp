#include "engine/i18n/severityname.h"

#include "engine/i18n/translate.h"

namespace es {

std::string severityName(Severity severity)
{
    // One literal per severity, so that lupdate sees each; the English equals severityKey().
    switch (severity) {
        case Severity::Critical: return engineText("Severity", "critical");
        case Severity::Warning: return engineText("Severity", "warning");
        case Severity::Info: return engineText("Severity", "info");
    }
    return std::string(severityKey(severity));
}

}  // namespace es
