#include "core/phase.h"

namespace es {

namespace {
constexpr std::array<std::string_view, kPhaseCount> kKeys = {
    "data_wait", "host_to_device", "forward", "backward", "optimizer", "callbacks", "other"};
constexpr std::array<std::string_view, kPhaseCount> kLabels = {
    "Data wait", "Host to device", "Forward", "Backward", "Optimizer", "Callbacks", "Other"};
// Tableau 10 hues: tell-apart for most colour-vision deficiencies and print well in grey.
// Compute phases are the cool colours, waiting and copying the warm ones, so a warm chart
// reads as "the machine is starved" at a glance. The app's charts and the reports use these.
constexpr std::array<std::uint32_t, kPhaseCount> kColours = {
    0xF28E2B,  // DataWait: orange
    0xE15759,  // HostToDevice: red
    0x4E79A7,  // Forward: blue
    0x76B7B2,  // Backward: teal
    0x59A14F,  // Optimizer: green
    0xB07AA1,  // Callbacks: purple
    0xBAB0AC,  // Other: grey (the remainder, shown but quiet)
};
}  // namespace

std::string_view phaseKey(Phase phase)
{
    return kKeys[phaseIndex(phase)];
}

std::string_view phaseLabel(Phase phase)
{
    return kLabels[phaseIndex(phase)];
}

std::uint32_t phaseColour(Phase phase)
{
    return kColours[phaseIndex(phase)];
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
