#include "engine/core/phase.h"

namespace es {

namespace {
constexpr std::array<std::string_view, kPhaseCount> kKeys = {
    "data_wait", "host_to_device", "forward",       "backward", "optimizer",
    "callbacks", "warm_up",        "communication", "other"};
constexpr std::array<std::string_view, kPhaseCount> kLabels = {
    "Data wait", "Host to device", "Forward",       "Backward", "Optimizer",
    "Callbacks", "Warm-up",        "Communication", "Other"};
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
    // WarmUp: dark gold (Tableau 20's B6992D darkened to the 3:1 contrast on white that WCAG
    // asks of chart marks): a one-time cost, neither a compute phase nor validation's yellow.
    0xA58A28,
    // Communication: brown, warm like the other waits; Tableau 10's 9C755F.
    0x9C755F,
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
