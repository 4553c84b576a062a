#include "engine/i18n/phasename.h"

#include "engine/i18n/translate.h"

#include <string>

namespace es {

std::string phaseName(Phase phase)
{
    // One literal per phase, so that lupdate sees each; the English equals phaseLabel().
    switch (phase) {
        case Phase::DataWait: return engineText("Phase", "Data wait");
        case Phase::HostToDevice: return engineText("Phase", "Host to device");
        case Phase::Forward: return engineText("Phase", "Forward");
        case Phase::Backward: return engineText("Phase", "Backward");
        case Phase::Optimizer: return engineText("Phase", "Optimizer");
        case Phase::Callbacks: return engineText("Phase", "Callbacks");
        case Phase::WarmUp: return engineText("Phase", "Warm-up");
        case Phase::Communication: return engineText("Phase", "Communication");
        case Phase::Other: return engineText("Phase", "Other");
    }
    // Not a phase (a value cast from bad data): its number, never a read past phaseLabel()'s table.
    return "phase " + std::to_string(static_cast<int>(phase));
}

}  // namespace es
