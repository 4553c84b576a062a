#pragma once

// Short, bounded SGEMM micro-benchmarks: how fast this process multiplies float matrices
// through LibTorch (its BLAS) and through oneDNN, with the calling thread's thread settings.

#include <string>

namespace es {

struct GemmMeasurement {
    int n = 0;            ///< square matrices of n x n
    int repeats = 0;      ///< multiplications timed (after one untimed warm-up)
    double bestS = 0.0;   ///< fastest single multiplication
    double gflops = 0.0;  ///< 2 n^3 / bestS / 1e9
    std::string error;    ///< why there is no measurement; empty when measured
};

/// Times torch::mm on n x n float32 until `budgetS` seconds are spent (at least one timed
/// repeat).
GemmMeasurement measureLibTorchSgemm(int n, double budgetS);

/// The same through a oneDNN matmul primitive on the CPU engine.
GemmMeasurement measureOneDnnSgemm(int n, double budgetS);

struct OneDnnInfo {
    std::string version;  ///< "2.6.3"
    std::string isa;      ///< the instruction set oneDNN's kernels use here ("avx512_core")
    /// What the RNN guard found and did (model/onednnrnnguard.h): its outcome's key
    /// ("right", "capped-to-avx2", ...), the first probe's worst error and ISA, and the
    /// user's ONEDNN_MAX_CPU_ISA when that decided.
    std::string rnnCheck;
    double rnnError = 0.0;
    std::string rnnIsa;
    std::string rnnDetail;
};
OneDnnInfo oneDnnInfo();

/// Whether the measurement produced a rate (no error, a positive rate).
inline bool gemmMeasured(const GemmMeasurement& measurement)
{
    return measurement.error.empty() && measurement.gflops > 0.0;
}

}  // namespace es
