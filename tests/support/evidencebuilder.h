#pragma once

// Runs made up in a test for the diagnosis rules: epochs of steps whose phases the test sets,
// with the epoch records the engine would have written for them.

#include "engine/core/phase.h"
#include "engine/diagnosis/runevidence.h"

#include <algorithm>
#include <functional>
#include <string>

namespace es::test {

/// Phase milliseconds of one step.
struct StepPhases {
    double dataWaitMs = 0.0;
    double hostToDeviceMs = 0.0;
    double forwardMs = 10.0;
    double backwardMs = 20.0;
    double optimizerMs = 2.0;
    double callbacksMs = 0.0;
    double otherMs = 0.5;
    // The phases added later come last, so that positional initialisers above keep their meaning.
    double warmUpMs = 0.0;
    double communicationMs = 0.0;  ///< a distributed step's wait for its averaged gradients
};

/// A CPU run of `epochs` x `stepsPerEpoch` steps of batch 64 on a 2-core machine, 2 threads,
/// libtorch backend, host placement; `phasesOf(epoch, batch)` (both 1-based) gives each
/// step's phases. Steps end one after the other on the run clock; epochs have no validation.
inline RunEvidence makeEvidence(int epochs, int stepsPerEpoch,
                                const std::function<StepPhases(int, int)>& phasesOf)
{
    RunEvidence evidence;
    evidence.name = "made-up";
    RunFacts& facts = evidence.facts;
    facts.device = "cpu";
    facts.backend = "libtorch";
    facts.backendReason = "the only backend this build has";
    facts.placement = "host";
    facts.intraOpThreads = 2;
    facts.interOpThreads = 1;
    facts.batchSize = 64;
    facts.batchesPerEpoch = stepsPerEpoch;
    facts.trainingFlopsPerBatch = 1e9;
    facts.physicalCores = 2;
    facts.logicalCores = 2;
    facts.modelHasLstm = true;
    evidence.config = {{"name", "made-up"}, {"data", {{"placement", "host"}, {"prefetch", 0}}}};
    double clockS = 0.0;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        EpochRecord record;
        record.epoch = epoch;
        record.startS = clockS;
        for (int batch = 1; batch <= stepsPerEpoch; ++batch) {
            const StepPhases p = phasesOf(epoch, batch);
            BatchRecord step;
            step.epoch = epoch;
            step.batch = batch;
            step.phaseMs[phaseIndex(Phase::DataWait)] = p.dataWaitMs;
            step.phaseMs[phaseIndex(Phase::HostToDevice)] = p.hostToDeviceMs;
            step.phaseMs[phaseIndex(Phase::Forward)] = p.forwardMs;
            step.phaseMs[phaseIndex(Phase::Backward)] = p.backwardMs;
            step.phaseMs[phaseIndex(Phase::Optimizer)] = p.optimizerMs;
            step.phaseMs[phaseIndex(Phase::Callbacks)] = p.callbacksMs;
            step.phaseMs[phaseIndex(Phase::Other)] = p.otherMs;
            step.phaseMs[phaseIndex(Phase::WarmUp)] = p.warmUpMs;
            step.phaseMs[phaseIndex(Phase::Communication)] = p.communicationMs;
            for (double ms : step.phaseMs)
                step.wallMs += ms;
            step.samples = facts.batchSize;
            step.loss = 1.0 / (1.0 + clockS);
            clockS += step.wallMs / 1000.0;
            step.endS = clockS;
            for (std::size_t phase = 0; phase < step.phaseMs.size(); ++phase)
                record.phaseS[phase] += step.phaseMs[phase] / 1000.0;
            record.trainS += step.wallMs / 1000.0;
            record.samples += step.samples;
            ++record.batches;
            evidence.batches.push_back(step);
        }
        record.wallS = record.trainS;
        record.trainLoss = evidence.batches.back().loss;
        evidence.epochs.push_back(record);
    }
    return evidence;
}

/// How long rank `rank` computes in step (`epoch`, `batch`) beyond the others.
using ExtraBusy = std::function<double(int rank, int epoch, int batch)>;

/// A distributed run of `ranks` ranks on `hosts` machines (rank r on host "node-<r % hosts>")
/// in lockstep, each rank `epochs` x `stepsPerEpoch` default steps: a step's wall time is the
/// slowest rank's work plus `communicationMs`, and each rank waits for the slowest in its
/// Communication phase. Every step all-reduces `bytes`; distributed.bucket_mb is 25.
inline RunEvidence makeDistributedEvidence(
    int ranks, int hosts, double communicationMs, std::int64_t bytes,
    const ExtraBusy& extraBusy = [](int, int, int) { return 0.0; }, int epochs = 3,
    int stepsPerEpoch = 40)
{
    const auto slowest = [&](int epoch, int batch) {
        double most = 0.0;
        for (int rank = 0; rank < ranks; ++rank)
            most = std::max(most, extraBusy(rank, epoch, batch));
        return most;
    };
    const auto stepsOf = [&](int rank) {
        RunEvidence run = makeEvidence(epochs, stepsPerEpoch, [&](int epoch, int batch) {
            StepPhases phases;
            const double mine = extraBusy(rank, epoch, batch);
            phases.forwardMs += mine;
            phases.communicationMs = communicationMs + slowest(epoch, batch) - mine;
            return phases;
        });
        for (BatchRecord& step : run.batches)
            step.reducedBytes = bytes;
        return run;
    };
    RunEvidence evidence = stepsOf(0);
    evidence.config["distributed"] = {{"world_size", ranks}, {"bucket_mb", 25}};
    evidence.facts.worldSize = ranks;
    evidence.facts.bucketMb = 25.0;
    for (int rank = 0; rank < ranks; ++rank) {
        evidence.ranks.push_back({rank, "node-" + std::to_string(rank % hosts), 1000 + rank});
        if (rank > 0)
            evidence.rankBatches[rank] = stepsOf(rank).batches;
    }
    return evidence;
}

/// Every step alike.
inline RunEvidence makeSteadyEvidence(int epochs, int stepsPerEpoch, StepPhases phases = {})
{
    return makeEvidence(epochs, stepsPerEpoch, [phases](int, int) { return phases; });
}

}  // namespace es::test
