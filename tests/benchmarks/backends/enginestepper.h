#pragma once

// EpochScope's own training step on one backend, for the backends benchmark. LibTorch stays in
// the .cpp file.

#include "engine/config/runconfig.h"
#include "tests/benchmarks/backends/measurements.h"

#include <memory>
#include <vector>

namespace bench {

/// A fresh model of the config on `backend` (libtorch or onednn), its optimizer and
/// kDataBatches batches of the config's synthetic data, built as the engine's trainer builds
/// them (model/sequentialmodel_torch.h, train/optimizers_torch.h, the seed). run() does what
/// the trainer does per step: forward, loss plus the L2 penalties, backward, optimizer step
/// and zero_grad, and reading the loss.
class EngineStepper {
public:
    EngineStepper(const es::RunConfig& config, es::Backend backend);
    ~EngineStepper();
    EngineStepper(const EngineStepper&) = delete;
    EngineStepper& operator=(const EngineStepper&) = delete;

    /// `count` training steps on the calling thread, after switching its threads' denormal
    /// flushing to what a run on this backend does (device.flush_denormals auto).
    std::vector<StepSample> run(int count);

    double buildMs() const;                   ///< constructing model, optimizer and data
    PrimitiveBuilds primitiveBuilds() const;  ///< oneDNN primitive sets built so far
    bool flushDenormals() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bench
