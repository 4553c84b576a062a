// libFuzzer target for a line of a profiled script's probe records
// (engine/script/proberecord.h, issue 36): the bytes are the line. Only es::ProbeRecordError
// may come out; a step that is accepted has finite, non-negative times whose named phases fit
// its wall time and an Other that is what they leave of it; a hello's clock_s, when there, is a
// finite, non-negative reading of the monotonic clock.

#include "engine/script/proberecord.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    es::ProbeRecord record;
    try {
        record = es::parseProbeRecord(line);
    } catch (const es::ProbeRecordError&) {
        return 0;
    }
    if (const auto* hello = std::get_if<es::ProbeHello>(&record)) {
        if (hello->clockS && (!std::isfinite(*hello->clockS) || *hello->clockS < 0.0))
            std::abort();
    }
    if (const auto* step = std::get_if<es::ProbeStep>(&record)) {
        const es::BatchRecord& batch = step->step;
        double named = 0.0;
        for (es::Phase phase : es::kAllPhases) {
            const double ms = batch.phaseMs[es::phaseIndex(phase)];
            if (!std::isfinite(ms) || ms < 0.0)
                std::abort();
            if (phase != es::Phase::Other)
                named += ms;
        }
        if (!std::isfinite(batch.wallMs) || named > batch.wallMs + 0.01 || batch.epoch < 1 ||
            batch.batch < 1 || batch.samples < 0)
            std::abort();
        if (std::abs(batch.phaseMs[es::phaseIndex(es::Phase::Other)] -
                     std::max(0.0, batch.wallMs - named)) > 1e-9)
            std::abort();
    }
    return 0;
}
