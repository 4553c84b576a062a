#include "core/phase.h"

namespace es {

namespace {
constexpr std::array<std::string_view, kPhaseCount> kKeys = {
    "data_wait", "host_to_device", "forward", "backward", "optimizer", "callbacks", "other"};
constexpr std::array<std::string_view, kPhaseCount> kLabels = {
    "Data wait", "Host to device", "Forward", "Backward", "Optimizer", "Callbacks", "Other"};
}  // namespace

std::string_view phaseKey(Phase phase)
{
    return kKeys[phaseIndex(phase)];
}

std::string_view phaseLabel(Phase phase)
{
    return kLabels[phaseIndex(phase)];
}

std::optional<Phase> phaseFromKey(std::string_view key)
{
    for (Phase phase : kAllPhases) {
        if (kKeys[phaseIndex(phase)] == key)
            return phase;
    }
    return std::nullopt;
}

}  // namespace es
