#pragma once

// The backends benchmark's output: the tables on stdout, the targets checked against
// what was measured, and the JSON file.

#include "tests/benchmarks/backends/measurements.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace bench {

/// What the run was, for the header and the JSON.
struct RunHeader {
    std::string command;
    std::string cpu;
    int physicalCores = 0;
    int threads = 0;
    int repeats = 0;
    int minSteps = 0;
    double roundMs = 0.0;
    int warmupSteps = 0;
    std::string libtorchVersion;
    std::string blas;
    std::string oneDnn;     ///< "2.6.3 (avx2)"
    std::string allocator;  ///< the engine variants' host allocator and why
    /// /proc/loadavg's 1, 5 and 15 minute averages before and after the cases: anything much
    /// above zero on this machine means other work shared the cores and the figures are noisy.
    std::string loadBefore;
    std::string loadAfter;
    double libtorchSgemmGflops = 0.0;
    std::string python;  ///< "torch 1.13.0a0, Python 3.11.2" or why it is n/a
    nlohmann::json pythonVersions;
    /// The first step of a tiny model in the fresh process, per variant: the process's own
    /// start-up cost (thread pools, lazy initialisation), kept apart from the cases'.
    std::vector<std::pair<Variant, VariantResult>> startup;
};

/// One target of issue 8 (items 5 and 6), checked on the cases of this run.
struct TargetCheck {
    std::string target;       ///< "onednn >= 3x faster than libtorch at H >= 256"
    std::string measured;     ///< the figures it was judged on, or why there are none
    std::optional<bool> met;  ///< nullopt: not measured in this run
};

std::vector<TargetCheck> checkTargets(const std::vector<CaseResult>& cases);

void printHeader(std::FILE* out, const RunHeader& header);
void printTables(std::FILE* out, const std::vector<CaseResult>& cases);
void printTargets(std::FILE* out, const std::vector<TargetCheck>& targets);
void printLoad(std::FILE* out, const RunHeader& header);

nlohmann::json reportJson(const RunHeader& header, const std::vector<CaseResult>& cases,
                          const std::vector<TargetCheck>& targets);

}  // namespace bench
