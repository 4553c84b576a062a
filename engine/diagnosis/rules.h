#pragma once

// The diagnosis rules, each a pure function of a run's evidence in a file of its own
// (`<name>rule.cpp`), with its thresholds documented in docs/diagnosis.md. A rule returns
// nothing when its cause is absent or the evidence cannot show it (too few steps, a run
// that stopped early); it never guesses.

#include "engine/core/finding.h"
#include "engine/diagnosis/runevidence.h"

#include <vector>

namespace es {

/// "warm-up": epoch 1 or the first steps far above the steady state, and which phases hold
/// the excess.
std::vector<Finding> diagnoseWarmup(const RunEvidence& evidence);
/// "input-bound": the steps wait for their data (DataWait share).
std::vector<Finding> diagnoseInputBound(const RunEvidence& evidence);
/// "transfer-bound": host-to-device copies take a large share (bytes per step, placement).
std::vector<Finding> diagnoseTransferBound(const RunEvidence& evidence);
/// "callback-heavy": one finding per callback whose cost per epoch is large (seconds, MB).
std::vector<Finding> diagnoseCallbackHeavy(const RunEvidence& evidence);
/// "unfused-lstm": the LSTMs ran on an unfused backend, and why the fused one was not used.
std::vector<Finding> diagnoseUnfusedLstm(const RunEvidence& evidence);
/// "unfused-recurrent": one finding per recurrent layer that ran on the step loop because of
/// an option no fused kernel runs, with its share of the step and the patch back; and one per
/// layer on a whole-sequence kernel whose training batches fell back to the step loop because
/// their mask_zero padding was not all on the right, with the fix (a patch for
/// synthetic_tokens, the padding of the files otherwise).
/// A profiled script's run gets diagnoseScriptRecurrent's findings instead.
std::vector<Finding> diagnoseUnfusedRecurrent(const RunEvidence& evidence);
/// "unfused-recurrent" for a profiled script: one finding per recurrent module its forward
/// passes called that PyTorch ran unfused on the CPU (nn.GRU and nn.RNN always, nn.LSTM with a
/// PackedSequence input or on PyTorch 1.x), with why and the change in code that fuses it.
std::vector<Finding> diagnoseScriptRecurrent(const RunEvidence& evidence);
/// "threads": intra-op threads against the cores, and threads the sampler saw idle.
std::vector<Finding> diagnoseThreads(const RunEvidence& evidence);
/// "stragglers": p99 far above p50, and periodic spikes with their period.
std::vector<Finding> diagnoseStragglers(const RunEvidence& evidence);
/// "low-efficiency": achieved training GFLOP/s far below the machine's measured SGEMM rate.
std::vector<Finding> diagnoseLowEfficiency(const RunEvidence& evidence);
/// "allocator-churn": minor page faults per step (memory handed back and touched again).
std::vector<Finding> diagnoseAllocatorChurn(const RunEvidence& evidence);
/// "communication-bound": a distributed run's steps wait long for their averaged gradients.
std::vector<Finding> diagnoseCommunicationBound(const RunEvidence& evidence);
/// "padding-waste": a large share of the time steps trained on are padding, with the fix
/// that fits the run (batches by length, or a sequence length at the 95th percentile).
std::vector<Finding> diagnosePaddingWaste(const RunEvidence& evidence);
/// "straggler-rank": one rank of a distributed run computes consistently longer than the
/// others, which wait for it.
std::vector<Finding> diagnoseStragglerRank(const RunEvidence& evidence);
/// "memory-growth": the tensor memory held at the end of a step rises through the run (a leak:
/// a loss kept with its graph, a history that grows), with the steps and the rate.
std::vector<Finding> diagnoseMemoryGrowth(const RunEvidence& evidence);
/// "memory-headroom": the highest tensor peak of the warm steps against the memory the run's
/// tensors could have (what they held when training began plus the machine's MemAvailable then),
/// a warning from 80%; with evidence.batchPeaks, the largest batch that fits and its patch.
std::vector<Finding> diagnoseMemoryHeadroom(const RunEvidence& evidence);

}  // namespace es
