#pragma once

#include "engine/doctor/gemmbench.h"

#include <algorithm>
#include <chrono>

namespace es {

/// Times `multiply` (one n x n x n float multiplication, finished when it returns) after an
/// untimed warm-up, repeating until `budgetS` seconds are spent, and keeps the fastest.
template <typename Multiply>
GemmMeasurement timeSquareGemm(int n, double budgetS, Multiply multiply)
{
    using Clock = std::chrono::steady_clock;
    constexpr double kFlopsPerMultiplyAdd = 2.0;
    constexpr double kFlopsPerGflop = 1e9;
    GemmMeasurement measurement;
    measurement.n = n;
    multiply();  // kernel selection or generation, first touch of the pages
    const auto start = Clock::now();
    double best = 0.0;
    do {
        const auto before = Clock::now();
        multiply();
        const double seconds = std::chrono::duration<double>(Clock::now() - before).count();
        best = measurement.repeats == 0 ? seconds : std::min(best, seconds);
        ++measurement.repeats;
    } while (std::chrono::duration<double>(Clock::now() - start).count() < budgetS);
    measurement.bestS = best;
    const double flops = kFlopsPerMultiplyAdd * static_cast<double>(n) * n * n;
    measurement.gflops = best > 0.0 ? flops / best / kFlopsPerGflop : 0.0;
    return measurement;
}

}  // namespace es
