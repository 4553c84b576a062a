#pragma once

// oneDNN's RNN inference, checked once per process before anything else uses oneDNN.
//
// oneDNN 3.7.2 (Debian 13, and the PyTorch 2.6 built on it) computes LSTM and GRU inference
// wrongly on some CPUs: on an AMD EPYC with AVX-512, its `brgemm:avx512_core` forward_inference
// kernels return outputs off by up to 0.5 for hidden sizes such as 8, 33 and 48, while the
// forward_training kernels, and every kernel capped at AVX2, are right. Which CPUs are
// affected is not known here, so nothing guesses from the vendor: before main() each EpochScope
// program runs a small LSTM and GRU through oneDNN in a child process (a crash there cannot take
// the program down, and the ISA choice, which oneDNN fixes at its first primitive, stays open
// here) and compares them with a reference. When they are wrong, the program caps oneDNN at
// AVX2 (ONEDNN_MAX_CPU_ISA) before its first primitive, checks again, and the doctor says what
// it found. The cap is process-wide, so LibTorch's own LSTM and a Python child (the PyTorch
// export's check) are right too. A user who sets ONEDNN_MAX_CPU_ISA chooses for themselves:
// then nothing is checked. The guard's object is linked into every program that links the
// engine (engine/CMakeLists.txt), so that no program can skip it.

#include <string>

namespace es::onednn {

/// How far oneDNN's RNN inference is from what it should be, in this process.
struct RnnInferenceProbe {
    /// The largest |LSTM forward_inference - a plain C++ LSTM| over the probe's shapes.
    double lstmError = 0.0;
    /// The largest |GRU forward_inference - GRU forward_training| (the latter is right where
    /// the inference kernels are not; the GRU has no reference of its own here).
    double gruError = 0.0;
    /// The ISA oneDNN's kernels used ("avx512_core").
    std::string isa;
    /// Why the probe could not run; the errors mean nothing then.
    std::string failure;
};

/// Outputs further apart than this are wrong: float32 sums of a few dozen products.
constexpr double kRnnProbeTolerance = 1e-4;

/// Runs the probe in this process. Creating its primitives fixes oneDNN's ISA for the
/// process, so the guard runs it in a child; tests run it directly.
RnnInferenceProbe probeRnnInference();

/// Whether the probe ran and found every output within kRnnProbeTolerance.
bool probeIsRight(const RnnInferenceProbe& probe);

/// What the guard did in this process.
struct RnnGuardReport {
    enum class Outcome {
        NotBuilt,         ///< built without oneDNN (EPOCHSCOPE_WITH_ONEDNN=OFF)
        UserChoice,       ///< ONEDNN_MAX_CPU_ISA (or DNNL_MAX_CPU_ISA) was set: not checked
        Right,            ///< the probe found the kernels right
        CappedToAvx2,     ///< wrong at first, right once capped at AVX2
        WrongWhenCapped,  ///< wrong even at AVX2: the cap was taken back, the doctor warns
        ProbeFailed,      ///< the probe's child failed (crashed, timed out): nothing changed
    };
    Outcome outcome = Outcome::NotBuilt;
    RnnInferenceProbe first;   ///< the probe as oneDNN chose its ISA
    RnnInferenceProbe capped;  ///< the probe at AVX2, when it ran
    std::string userCap;       ///< the user's setting, for UserChoice
    /// The outcome came from the EpochScope program that started this one, which probed.
    bool inherited = false;
};

/// Checks, caps and records, once per process before main(): onednnrnnguardstart.cpp calls it
/// from a static initializer. Calling it again probes again.
void guardRnnInference();

/// The guard's report; the guard itself ran before main().
const RnnGuardReport& rnnGuardReport();

/// The outcome as the doctor's JSON keeps it: "not-built", "user-choice", "right",
/// "capped-to-avx2", "wrong-when-capped", "probe-failed".
const char* outcomeKey(RnnGuardReport::Outcome outcome);

}  // namespace es::onednn
