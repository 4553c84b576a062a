#pragma once

#include "engine/store/runstore.h"

#include <nlohmann/json.hpp>

namespace es {

/// A stored run as a Chrome Trace Event Format document, which Perfetto (ui.perfetto.dev) and
/// chrome://tracing open. One process, with tracks (threads): "epochs" (each epoch, with its
/// training and validation parts nested inside), "steps" (each step), one track per phase
/// (each step's time in that phase) and "callbacks" (each callback's epoch-end time, by name);
/// counters for process and machine CPU %, RSS and, per GPU, SM utilisation and memory, and
/// for each counted step the tensor memory: each phase's peak and the bytes held at its end.
/// Times are the run clock in microseconds. Within a step the phases are laid end to end in
/// loop order from the step's start (data wait, host-to-device, forward, backward, optimizer,
/// callbacks, then other): their lengths are measured, their order within the step is the
/// loop's.
nlohmann::json chromeTrace(const StoredRun& run);

}  // namespace es
