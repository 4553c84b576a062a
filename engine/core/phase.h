#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace es {

/// The parts one training step is split into (DESIGN §4). `Other` is what the named phases
/// do not cover (wall minus their sum); it is reported, never hidden. New phases (such as a
/// later `Communication`) are added before `Other`, which stays last. `WarmUp` is the time of the
/// warm-up steps (training.warmup_steps) run before the first step a run trains, recorded in
/// that step; it is zero in every other step.
enum class Phase { DataWait, HostToDevice, Forward, Backward, Optimizer, Callbacks, WarmUp, Other };

inline constexpr std::size_t kPhaseCount = 8;

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
    Phase::DataWait,  Phase::HostToDevice, Phase::Forward, Phase::Backward,
    Phase::Optimizer, Phase::Callbacks,    Phase::WarmUp,  Phase::Other};

}  // namespace es
