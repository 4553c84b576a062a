#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace es {

/// The parts one training step is split into (docs/summary.md). `Other` is what the named phases
/// do not cover (wall minus their sum); it is reported, never hidden. New phases are added
/// before `Other`, which stays last, so that a phase's index never changes. `WarmUp` is the
/// time of the warm-up steps (training.warmup_steps) run before the first step a run trains,
/// recorded in that step; it is zero in every other step. `Communication` is the time a step
/// of a distributed run waits for its gradients to be averaged over the ranks after its own
/// backward pass (exposed communication); zero in a run of one process.
enum class Phase {
    DataWait,
    HostToDevice,
    Forward,
    Backward,
    Optimizer,
    Callbacks,
    WarmUp,
    Communication,
    Other
};

inline constexpr std::size_t kPhaseCount = 9;

using PhaseArray = std::array<double, kPhaseCount>;

inline constexpr std::size_t phaseIndex(Phase phase)
{
    return static_cast<std::size_t>(phase);
}

/// Stable snake_case identifier used in JSON, CSV and the run store.
std::string_view phaseKey(Phase phase);

/// Human-readable name ("Host to device").
std::string_view phaseLabel(Phase phase);

std::optional<Phase> phaseFromKey(std::string_view key);

/// The phase's colour as 0xRRGGBB: the app's charts (ui/plots/phasepalette.cpp) and the
/// report charts both draw with it, so a phase looks the same in a report as on the dashboard.
std::uint32_t phaseColour(Phase phase);

inline constexpr std::array<Phase, kPhaseCount> kAllPhases = {
    Phase::DataWait,  Phase::HostToDevice, Phase::Forward,       Phase::Backward, Phase::Optimizer,
    Phase::Callbacks, Phase::WarmUp,       Phase::Communication, Phase::Other};

}  // namespace es
