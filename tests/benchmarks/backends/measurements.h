#pragma once

// What the backends benchmark measures: per case, per variant, per step. No LibTorch here, so
// the driver and the report compile without it.

#include "tests/benchmarks/backends/benchcases.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

/// The three implementations compared side by side on every case.
enum class Variant { LibTorch, OneDnn, Python };
inline constexpr std::array<Variant, 3> kVariants = {Variant::LibTorch, Variant::OneDnn,
                                                     Variant::Python};
std::string_view variantKey(Variant variant);  ///< "libtorch", "onednn", "python"

/// One training step, split the way the engine's trainer splits it (docs/summary.md), with the
/// minor page faults the whole process took during it (getrusage(RUSAGE_SELF): the OpenMP
/// workers touch fresh pages too, and nothing else runs in the process meanwhile).
struct StepSample {
    double totalMs = 0.0;
    double forwardMs = 0.0;  ///< forward and loss
    double backwardMs = 0.0;
    double optimizerMs = 0.0;  ///< step and zero_grad
    double minorFaults = 0.0;
};

/// The oneDNN primitive sets a model built (one per shape and kind) and how long that took.
struct PrimitiveBuilds {
    std::size_t sets = 0;
    double ms = 0.0;
};

struct VariantResult {
    std::string error;     ///< why there are no numbers ("n/a" in the table); empty if measured
    double buildMs = 0.0;  ///< constructing the model and its optimizer (engine variants)
    StepSample first;      ///< a fresh model's first step
    PrimitiveBuilds firstBuilds;     ///< during the first step (onednn)
    std::vector<StepSample> warmup;  ///< the steps after the first, excluded from steady state
    std::vector<std::vector<StepSample>> rounds;  ///< measured steps, one list per round
    bool flushDenormals = false;                  ///< the threads flushed denormals

    bool measured() const { return error.empty() && !rounds.empty(); }
    /// Each round's median step.
    std::vector<double> roundMediansMs() const;
    /// The median over rounds of each round's median step: noise that hits one round (a
    /// build next door) moves one value, not the result.
    double steadyMs() const;
    /// Field by field medians over every measured step: what a steady step consists of.
    StepSample steadyStep() const;
    /// The first step minus the steady step, field by field.
    StepSample firstExcess() const;
};

struct CaseResult {
    BenchCase benchCase;
    /// oneDNN's SGEMM rate measured once per round next to the case, GFLOP/s.
    std::vector<double> sgemmGflops;
    std::string sgemmError;  ///< why there is none (a build without oneDNN)
    std::array<VariantResult, kVariants.size()> variants;

    VariantResult& operator[](Variant variant)
    {
        return variants[static_cast<std::size_t>(variant)];
    }
    const VariantResult& operator[](Variant variant) const
    {
        return variants[static_cast<std::size_t>(variant)];
    }
    /// Median of sgemmGflops; 0 when there is none.
    double sgemmMedian() const;
    /// Training GFLOP/s of a variant at its steady step; 0 when not measured.
    double achievedGflops(Variant variant) const;
};

}  // namespace bench
