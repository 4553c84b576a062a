#pragma once

// The recurrent kernel cases of the backends benchmark: one recurrent layer's training step
// (forward, then the gradients of x and of every parameter) on three implementations side by
// side: the fused oneDNN primitives (model/onednnlstm_torch.h, model/onednngru_torch.h; a
// bidirectional layer as two fused single-direction calls, the second on x flipped in time),
// LibTorch's own torch::nn::LSTM / GRU, and a plain loop over time steps written with LibTorch
// ops (steploop_torch.h), which stands for EpochScope's step-loop path. No LibTorch here.

#include "tests/benchmarks/backends/report.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

/// MaskedLstm: an LSTM on right-padded sequences of different lengths (mask_zero's case; in
/// PyTorch, pack_padded_sequence).
enum class RecurrentLayer { Gru, BiLstm, BiGru, MaskedLstm };
/// "GRU", "BiLSTM", "BiGRU", "MaskedLSTM"
std::string_view recurrentLayerName(RecurrentLayer layer);

struct KernelCase {
    std::string id;  ///< "kernel-bigru-h256-t50-b64"; what --cases matches
    RecurrentLayer layer = RecurrentLayer::Gru;
    std::int64_t units = 0;     ///< per direction
    std::int64_t steps = 0;     ///< time steps per sample
    std::int64_t batch = 0;     ///< samples per step
    std::int64_t inputs = 0;    ///< input features
    std::string shape() const;  ///< "BiGRU(256) T50 B64 I64"
    /// Each sample's unpadded steps for MaskedLstm, spread evenly from steps / 4 to steps in a
    /// fixed shuffled order (empty for the other layers): every variant pads alike.
    std::vector<std::int64_t> lengths() const;
};

/// The implementations compared on every kernel case: the last is PyTorch's nn.GRU / nn.LSTM
/// from Python (tests/benchmarks/backends_reference.py), the outside reference.
enum class KernelVariant { Fused, Module, StepLoop, Python };
inline constexpr std::array<KernelVariant, 4> kKernelVariants = {
    KernelVariant::Fused, KernelVariant::Module, KernelVariant::StepLoop, KernelVariant::Python};
std::string_view kernelVariantKey(KernelVariant variant);  ///< "fused", "nn", "loop", "python"

/// The kernel cases whose id contains one of the comma-separated words of `filter` (all when
/// empty): GRU, BiLSTM, BiGRU and MaskedLSTM at H 128 and 256, T 50, B 64, 64 input features.
/// May be empty.
std::vector<KernelCase> kernelCases(const std::string& filter);

/// How the kernel cases are measured: the driver's --repeats, --steps, --round-ms, --warmup.
struct KernelMethod {
    int repeats = 5;
    int minSteps = 3;
    double roundMs = 300.0;
    int warmup = 2;
};

struct KernelVariantResult {
    std::string error;  ///< why there are no numbers; empty if measured
    double firstMs = 0.0;
    /// max |output - nn's output| / max |nn's output| on the first batch: the variant computes
    /// the same layer (the module's own row reads 0).
    double outputDifference = 0.0;
    std::vector<std::vector<double>> rounds;  ///< measured steps' ms, one list per round

    bool measured() const { return error.empty() && !rounds.empty(); }
    double steadyMs() const;  ///< median over rounds of each round's median
};

struct KernelResult {
    KernelCase kernelCase;
    std::array<KernelVariantResult, kKernelVariants.size()> variants;

    const KernelVariantResult& operator[](KernelVariant variant) const
    {
        return variants[static_cast<std::size_t>(variant)];
    }
    KernelVariantResult& operator[](KernelVariant variant)
    {
        return variants[static_cast<std::size_t>(variant)];
    }
    /// `slower`'s steady ms over the fused one's: how many times faster the fused kernel is;
    /// 0 when either is not measured.
    double fusedSpeedup(KernelVariant slower) const;
};

class PythonReference;

/// One case: per variant a fresh layer (the same parameters and batches for the three in this
/// process; Python draws its own of the same shapes), its first step, the warm-up steps; then
/// the rounds, the variants taking turns. Without `python` (or with one that is not available)
/// the Python variant reads n/a.
KernelResult measureKernelCase(const KernelCase& kernelCase, const KernelMethod& method,
                               PythonReference* python);

/// The targets: the fused bidirectional LSTM and GRU at least 2x the step loop at H >= 128
/// (issue 8), and the fused GRU, BiLSTM, BiGRU and masked LSTM at least 2x PyTorch's from
/// Python at H >= 128 (issue 33).
std::vector<TargetCheck> checkKernelTargets(const std::vector<KernelResult>& results);

void printKernelTable(std::FILE* out, const std::vector<KernelResult>& results);
nlohmann::json kernelJson(const std::vector<KernelResult>& results);

}  // namespace bench
