#include "engine/i18n/runstatusname.h"

#include "engine/i18n/translate.h"

namespace es {

std::string runStatusName(std::string_view key)
{
    // One literal per status, so that lupdate sees each; the English equals the key.
    if (key == "running")
        return engineText("RunStatus", "running");
    if (key == "completed")
        return engineText("RunStatus", "completed");
    if (key == "failed")
        return engineText("RunStatus", "failed");
    if (key == "stopped")
        return engineText("RunStatus", "stopped");
    if (key == "interrupted")
        return engineText("RunStatus", "interrupted");
    return std::string(key);
}

}  // namespace es
