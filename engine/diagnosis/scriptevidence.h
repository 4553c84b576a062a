#pragma once

// The facts of a profiled script's run (ScriptFacts) read from what the run database stored:
// its config marks it a script's, its info holds what the probe reported. Every field is
// checked as evidence from a file someone else may have written: an entry of another shape is
// left out, never guessed at.

#include "engine/diagnosis/runevidence.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace es {

/// The script's facts, or nothing for a run of the engine.
std::optional<ScriptFacts> scriptFactsFrom(const nlohmann::json& config,
                                           const nlohmann::json& info);

}  // namespace es
