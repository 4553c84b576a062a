#pragma once

// Made-up runs that between them reach every text the diagnosis rules write: each rule's
// severities aside, every branch of its title, evidence and recommendation. The English
// regression test compares their findings with the texts the rules wrote before they were
// translated (tests/data/diagnosis_english.json); the Chinese test looks for English left in
// them.

#include "engine/diagnosis/doctorfindings.h"
#include "engine/doctor/doctorjson.h"
#include "engine/doctor/doctortext.h"
#include "engine/script/scriptrecorder.h"
#include "tests/support/evidencebuilder.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace es::test {

struct DiagnosisScenario {
    std::string name;
    RunEvidence evidence;
};

/// A machine the environment doctor judges (doctorFindings()), for its findings' texts.
struct DoctorScenario {
    std::string name;
    DoctorReport report;
};

namespace scenariodetail {

/// Default steps (makeEvidence) whose forward phase `forwardMs(epoch, batch)` gives.
inline RunEvidence withSlowSteps(int epochs, int steps,
                                 const std::function<double(int, int)>& forwardMs)
{
    return makeEvidence(epochs, steps, [&forwardMs](int epoch, int batch) {
        StepPhases phases;
        phases.forwardMs = forwardMs(epoch, batch);
        return phases;
    });
}

inline void setH2d(RunEvidence& evidence, double ms, std::int64_t bytes)
{
    for (BatchRecord& batch : evidence.batches) {
        batch.phaseMs[phaseIndex(Phase::HostToDevice)] = ms;
        batch.wallMs += ms;
        batch.h2dBytes = bytes;
    }
}

inline RunEvidence withCallback(const std::string& type, nlohmann::json callback, double seconds,
                                std::int64_t bytes, int writes, bool saveSteps)
{
    RunEvidence evidence = makeEvidence(3, 20, [saveSteps](int, int batch) {
        StepPhases phases;
        phases.callbacksMs = 0.1;
        if (saveSteps && batch % 5 == 0)
            phases.callbacksMs = 200.0;
        return phases;
    });
    callback["type"] = type;
    evidence.config["callbacks"] = nlohmann::json::array({callback});
    for (EpochRecord& epoch : evidence.epochs) {
        epoch.callbacks.push_back({type, seconds, bytes, writes});
        epoch.wallS += seconds;
    }
    return evidence;
}

inline RunEvidence withThreads(int intraOp, int physical, int logical, int configured)
{
    RunEvidence evidence = makeSteadyEvidence(3, 20);
    evidence.facts.intraOpThreads = intraOp;
    evidence.facts.physicalCores = physical;
    evidence.facts.logicalCores = logical;
    if (configured >= 0)
        evidence.config["device"] = {{"intra_op_threads", configured}};
    return evidence;
}

/// Samples over the whole run in which `idle` of `team` es-train threads idle.
inline RunEvidence withIdleThreads(int team, int idle)
{
    RunEvidence evidence = makeSteadyEvidence(3, 40);
    evidence.facts.intraOpThreads = team;
    evidence.facts.physicalCores = team;
    evidence.facts.logicalCores = team;
    const double endS = evidence.batches.back().endS;
    for (int i = 1; i <= 30; ++i) {
        SystemSample sample;
        sample.tS = endS * i / 31.0;
        sample.processCpuPct = 150.0;
        for (int t = 0; t < team; ++t)
            sample.threads.push_back({4100 + t, "es-train", t < team - idle ? 90.0 : 10.0 + t});
        evidence.samples.push_back(sample);
    }
    return evidence;
}

/// 3 epochs of `perEpoch` steps whose steps are far slower every `period` steps (at batch 1 when
/// `atEpochStart`), from the callbacks phase.
inline RunEvidence withSpikes(int period, bool atEpochStart, int perEpoch = 60)
{
    return makeEvidence(3, perEpoch, [=](int, int batch) {
        StepPhases phases;
        const bool spike = atEpochStart ? batch == 1 : batch % period == 0;
        if (spike)
            phases.callbacksMs = 150.0;
        return phases;
    });
}

inline RunEvidence withFaults(std::int64_t minor, std::int64_t major, const std::string& allocator)
{
    RunEvidence evidence = makeSteadyEvidence(3, 30);
    evidence.facts.allocator = allocator;
    for (std::size_t i = 0; i < evidence.batches.size(); ++i) {
        evidence.batches[i].minorFaults = minor;
        evidence.batches[i].majorFaults = i % 4 == 0 ? major : 0;
    }
    return evidence;
}

}  // namespace scenariodetail

/// Every scenario, by name.
inline std::vector<DiagnosisScenario> diagnosisScenarios()
{
    using namespace scenariodetail;
    std::vector<DiagnosisScenario> all;
    const auto add = [&all](std::string name, RunEvidence evidence) {
        all.push_back({std::move(name), std::move(evidence)});
    };

    // warm-up, and on the same runs unfused-lstm and low-efficiency
    {
        RunEvidence e = withSlowSteps(
            4, 20, [](int epoch, int batch) { return epoch == 1 && batch <= 3 ? 150.0 : 10.0; });
        e.peakGflops = 1000.0;
        e.peakSource = "SGEMM 1024^3 through oneDNN, measured by the test";
        add("warm-up over later epochs, slow first steps", std::move(e));
    }
    add("warm-up in a one-epoch run",
        withSlowSteps(1, 60, [](int, int batch) { return batch == 1 ? 400.0 : 10.0; }));
    {
        RunEvidence e = withSlowSteps(4, 20, [](int epoch, int batch) {
            return epoch == 1 && (batch == 1 || batch == 2 || batch == 4) ? 150.0 : 10.0;
        });
        e.facts.backend = "onednn";
        e.config["training"] = {{"warmup_steps", 1}};
        add("warm-up with one warm-up step, some slow steps", std::move(e));
    }
    {
        RunEvidence e = withSlowSteps(
            4, 20, [](int epoch, int batch) { return epoch == 1 && batch <= 4 ? 100.0 : 10.0; });
        e.config["training"] = {{"warmup_steps", 3}};
        add("warm-up with three warm-up steps", std::move(e));
    }
    add("warm-up spread over the epoch",
        withSlowSteps(4, 20, [](int epoch, int) { return epoch == 1 ? 18.0 : 10.0; }));
    add("warm-up with a second step slow only", withSlowSteps(4, 20, [](int epoch, int batch) {
            return epoch == 1 && batch == 2 ? 400.0 : 10.0;
        }));
    {
        RunEvidence e = makeEvidence(4, 20, [](int epoch, int batch) {
            StepPhases phases;
            if (epoch == 1 && batch <= 2) {
                phases.forwardMs = 80.0;
                phases.backwardMs = 90.0;
                phases.optimizerMs = 40.0;
            }
            if (epoch == 1 && batch == 1)
                phases.warmUpMs = 500.0;
            return phases;
        });
        add("warm-up with its phase recorded", std::move(e));
    }
    {
        RunEvidence e = withSlowSteps(
            6, 20, [](int epoch, int batch) { return epoch == 1 && batch <= 3 ? 150.0 : 10.0; });
        e.epochs.erase(e.epochs.begin() + 2);  // epochs 2, 4, 5, 6: not contiguous
        add("warm-up against later epochs with a gap", std::move(e));
    }
    {
        // Batches by length: four widths in turn, each slow the first time the kernels see it.
        RunEvidence e = withSlowSteps(
            4, 20, [](int epoch, int batch) { return epoch == 1 && batch <= 4 ? 150.0 : 10.0; });
        for (BatchRecord& step : e.batches)
            step.timesteps = 16 * (1 + (step.batch - 1) % 4);
        e.facts.backend = "onednn";
        add("warm-up with new batch shapes by length", std::move(e));
    }

    // input-bound
    for (int prefetch : {0, 4, 64}) {
        RunEvidence e = makeEvidence(3, 20, [](int, int batch) {
            StepPhases phases;
            phases.dataWaitMs = batch == 7 ? 60.0 : 8.0;
            return phases;
        });
        e.facts.prefetch = prefetch;
        add("input-bound with prefetch " + std::to_string(prefetch), std::move(e));
    }
    {
        RunEvidence e = makeSteadyEvidence(3, 20, StepPhases{5.0});
        e.facts.placement.clear();
        add("input-bound spread evenly, placement not recorded", std::move(e));
    }

    // transfer-bound
    const auto transfer = [](std::string device, std::string placement, int prefetch,
                             bool shuffle) {
        RunEvidence e = makeSteadyEvidence(3, 20);
        setH2d(e, 6.0, 2'500'000);
        e.facts.device = std::move(device);
        e.facts.placement = placement;
        e.facts.prefetch = prefetch;
        e.config["data"] = {{"placement", placement}, {"shuffle", shuffle}};
        return e;
    };
    add("transfer-bound on CUDA from host", transfer("cuda:0", "host", 0, true));
    add("transfer-bound on CUDA from pinned", transfer("cuda:0", "pinned", 0, true));
    add("transfer-bound on CUDA from pinned with prefetch", transfer("cuda:0", "pinned", 2, true));
    add("transfer-bound on CUDA, placement unknown", transfer("cuda:0", "", 0, true));
    add("transfer-bound on the CPU without shuffle", transfer("cpu", "host", 0, false));
    add("transfer-bound on the CPU with shuffle", transfer("cpu", "host", 0, true));

    // callback-heavy
    add("callback-heavy checkpoint every 5 steps naming {batch}",
        withCallback("model_checkpoint",
                     {{"save_freq", 5}, {"filepath", "ckpt/model-{epoch}_{batch:03d}.pt"}}, 1.5,
                     40'000'000, 4, true));
    add("callback-heavy backup every 20 steps",
        withCallback("backup_and_restore", {{"save_freq", 20}, {"backup_dir", "backup"}}, 0.8,
                     10'000'000, 1, false));
    add("callback-heavy checkpoint with optimizer state",
        withCallback("model_checkpoint", {{"save_freq", "epoch"}, {"save_weights_only", false}},
                     0.5, 5'000'000, 1, false));
    add("callback-heavy checkpoint saving the best only",
        withCallback("model_checkpoint", {{"save_best_only", true}}, 0.5, 2'500'000, 1, false));
    add("callback-heavy checkpoint",
        withCallback("model_checkpoint", nlohmann::json::object(), 0.5, 2'500'000, 1, false));
    add("callback-heavy backup every epoch",
        withCallback("backup_and_restore", nlohmann::json::object(), 0.5, 2'500'000, 1, false));
    add("callback-heavy csv logger",
        withCallback("csv_logger", {{"filename", "log.csv"}}, 0.2, 1000, 1, false));
    add("callback-heavy early stopping",
        withCallback("early_stopping", nlohmann::json::object(), 0.2, 0, 0, false));

    // unfused-lstm on CUDA (the CPU case is in the warm-up runs above)
    for (const char* cudnn : {"off: device.cudnn is false", "off: cuDNN did not load"}) {
        RunEvidence e = makeSteadyEvidence(3, 20);
        e.facts.device = "cuda:0";
        e.facts.cudnn = cudnn;
        e.facts.backendReason.clear();
        add(std::string("unfused-lstm on CUDA, cudnn ") + cudnn, std::move(e));
    }

    // unfused-recurrent: measured, not measured, and a stored config it cannot patch
    for (const bool measured : {true, false}) {
        RunEvidence e = makeSteadyEvidence(3, 20);
        e.facts.backend = "onednn";
        RecurrentLayerFact layer;
        layer.layer = "lstm_1";
        layer.kernel = "step_loop";
        layer.reason = "step loop: recurrent_activation \"hard_sigmoid_keras2\" is not fused";
        layer.optionKey = "recurrent_activation";
        layer.optionValue = "\"hard_sigmoid_keras2\"";
        layer.fusedValue = "\"sigmoid\"";
        e.facts.recurrentLayers = {layer};
        e.config["model"] = {
            {"layers",
             {{{"type", "lstm"}, {"units", 32}, {"recurrent_activation", "hard_sigmoid_keras2"}},
              {{"type", "dense"}, {"units", 1}}}}};
        if (measured) {
            e.layerForwardSeconds = {{"lstm_1", 2.0}, {"dense_1", 0.1}};
            e.layerForwardSteps = 60;
        }
        add(std::string("unfused-recurrent, share ") + (measured ? "measured" : "not measured"),
            std::move(e));
    }
    {
        RunEvidence e = makeSteadyEvidence(3, 20);
        RecurrentLayerFact layer;
        layer.layer = "gru_2";
        layer.index = 4;
        layer.kernel = "step_loop";
        layer.reason = "step loop: reset_after false is not fused";
        layer.optionKey = "reset_after";
        layer.optionValue = "false";
        layer.fusedValue = "true";
        e.facts.recurrentLayers = {layer};
        add("unfused-recurrent without a layer to patch", std::move(e));
    }

    // threads
    add("threads: fewer than the cores", withThreads(1, 4, 8, 1));
    add("threads: fewer than the cores, configured 0", withThreads(1, 4, 8, 0));
    add("threads: oversubscribed", withThreads(8, 2, 4, 8));
    add("threads: on hyper-threads", withThreads(4, 2, 4, -1));
    add("threads: one idle of two", withIdleThreads(2, 1));
    add("threads: eight idle of nine", withIdleThreads(9, 8));

    // stragglers
    {
        RunEvidence e = withSpikes(10, false);
        e.config["callbacks"] =
            nlohmann::json::array({{{"type", "model_checkpoint"}, {"save_freq", 10}},
                                   {{"type", "backup_and_restore"}, {"save_freq", 10}}});
        add("stragglers from two callbacks every 10 steps", std::move(e));
    }
    {
        RunEvidence e = withSpikes(60, false);
        e.config["callbacks"] =
            nlohmann::json::array({{{"type", "model_checkpoint"}, {"save_freq", 60}}});
        add("stragglers from a callback once per epoch", std::move(e));
    }
    add("stragglers at each epoch start", withSpikes(60, true));
    add("stragglers every 7 steps", withSpikes(7, false));
    {
        RunEvidence e = makeEvidence(3, 60, [](int, int batch) {
            StepPhases phases;
            if (batch == 13 || batch == 31)
                phases.forwardMs = 400.0;
            return phases;
        });
        add("stragglers now and then", std::move(e));
    }

    // low-efficiency with small batches
    // Batch 16 in epochs of 3 steps: too few samples for the patch to batch 64.
    for (std::int64_t batch : {16, 48}) {
        const int steps = batch == 16 ? 3 : 20;
        RunEvidence e = makeSteadyEvidence(4, steps);
        e.facts.batchSize = batch;
        e.facts.batchesPerEpoch = steps;
        e.facts.backend = "onednn";
        e.peakGflops = 2000.0;
        add("low-efficiency with batch " + std::to_string(batch), std::move(e));
    }

    // allocator-churn
    add("allocator-churn before device.allocator", withFaults(3000, 0, ""));
    add("allocator-churn with the best allocator", withFaults(300, 2, "jemalloc"));
    add("allocator-churn with system", withFaults(300, 0, "system"));
    add("major faults only", withFaults(10, 3, "tcmalloc"));

    // communication-bound: buckets too small, with ranks sharing a machine; one bucket, one
    // rank per machine; no batch size recorded
    add("communication-bound in several buckets", makeDistributedEvidence(2, 1, 15.0, 60 << 20));
    add("communication-bound in one bucket", makeDistributedEvidence(2, 2, 15.0, 4 << 20));
    {
        RunEvidence e = makeDistributedEvidence(2, 2, 15.0, 4 << 20);
        e.facts.batchSize = 0;
        add("communication-bound without a batch size", std::move(e));
    }

    // straggler-rank, on a known and an unknown host
    const ExtraBusy rankOneSlow = [](int rank, int, int) { return rank == 1 ? 10.0 : 0.0; };
    add("straggler-rank", makeDistributedEvidence(2, 2, 2.0, 1 << 20, rankOneSlow));
    {
        RunEvidence e = makeDistributedEvidence(2, 2, 2.0, 1 << 20, rankOneSlow);
        e.ranks.clear();
        add("straggler-rank on an unknown host", std::move(e));
    }

    // padding-waste: batches by length proposed, the 95th percentile proposed, no patch
    const auto padded = [](bool textSource, bool maskZero) {
        RunEvidence e = makeSteadyEvidence(3, 20);
        for (BatchRecord& step : e.batches)
            step.paddingShare = 0.6;
        e.facts.sequences.textSource = textSource;
        e.facts.sequences.maskZero = maskZero;
        e.facts.sequences.outputSequenceLength = 400;
        if (textSource)
            e.facts.sequences.lengths = {40, 150, 1390};
        return e;
    };
    add("padding-waste, batches by length", padded(true, true));
    add("padding-waste, the 95th percentile", padded(true, false));
    add("padding-waste, token arrays", padded(false, false));

    // memory-growth: a loss kept with its graph every step, 64 kB a step on 1.5 MB held.
    {
        RunEvidence e = makeSteadyEvidence(3, 20);
        std::int64_t step = 0;
        for (BatchRecord& batch : e.batches) {
            for (std::size_t p = 0; p < kPhaseCount; ++p) {
                batch.memory.peakBytes[p] = 2'000'000 + 64'000 * step;
                batch.memory.endBytes[p] = 1'500'000 + 64'000 * step;
            }
            batch.memory.allocations = 120;
            ++step;
        }
        add("memory-growth", std::move(e));
    }

    // memory-headroom: 200 MB at batch 64 of 4 GB (or 3.4 GB, 85%), measured alone or with runs
    // at other batch sizes; one scenario per text the rule writes.
    const auto headroom = [](std::int64_t peakMb, std::vector<BatchPeak> peaks) {
        constexpr std::int64_t kMb = 1'000'000;
        RunEvidence e = makeSteadyEvidence(3, 20);
        for (BatchRecord& batch : e.batches) {
            batch.memory.peakBytes.fill(peakMb * kMb);
            batch.memory.endBytes.fill(peakMb * kMb - 20 * kMb);
            batch.memory.allocations = 120;
        }
        e.facts.batchSize = 64;
        e.facts.trainSamples = 10000;
        e.facts.memoryAvailableBytes = 3900 * kMb;
        e.facts.tensorBytesAtStart = 100 * kMb;
        for (BatchPeak& peak : peaks)
            peak.peakBytes *= kMb;
        e.batchPeaks = std::move(peaks);
        return e;
    };
    add("memory-headroom, one batch size", headroom(200, {}));
    add("memory-headroom, one batch size, tight", headroom(3400, {}));
    add("memory-headroom, a larger batch fits", headroom(200, {{64, 200, 3}, {128, 328, 4}}));
    add("memory-headroom, the whole split fits", headroom(200, {{64, 200, 3}, {128, 201, 4}}));
    add("memory-headroom, a smaller batch", headroom(3400, {{32, 1800, 5}, {64, 3400, 6}}));
    add("memory-headroom, not even one sample", headroom(3900, {{32, 3880, 5}, {64, 3900, 6}}));
    add("memory-headroom, the largest", headroom(3136, {{63, 3072, 5}, {64, 3136, 6}}));
    {
        RunEvidence e = headroom(200, {{64, 150, 7}, {128, 278, 8}});
        e.facts.validationSamples = 2500;
        add("memory-headroom, from a what-if of a run that validates", std::move(e));
    }

    // A profiled script's run: every finding in the script's terms (scriptfindings.cpp).
    const auto script = [](const std::string& torch, std::vector<ProbeRecurrentModule> modules,
                           std::vector<ProbeConversionSite> conversions) {
        RunEvidence e = makeEvidence(3, 20, [](int epoch, int batch) {
            StepPhases phases;
            phases.dataWaitMs = 20.0;
            phases.hostToDeviceMs = 10.0;
            if (epoch == 1 && batch <= 3)
                phases.forwardMs += 200.0;
            return phases;
        });
        e.config = scriptRunConfig("train.py", {"python3", "train.py"}, "/work");
        e.facts.backend = "pytorch";
        e.facts.backendReason = "the script's own PyTorch " + torch + " on Python 3.11.2";
        e.facts.placement.clear();
        e.facts.intraOpThreads = 1;
        e.facts.modelHasLstm = false;
        e.facts.trainingFlopsPerBatch = 0.0;
        for (BatchRecord& step : e.batches) {
            step.h2dBytes = 4096;
            step.minorFaults = 5000;
        }
        e.facts.script = ScriptFacts{
            {"python3", "train.py"}, "3.11.2", torch, std::move(modules), std::move(conversions)};
        return e;
    };
    const ProbeConversionSite site{
        "torch.tensor", "train.py", 18, "xb = torch.tensor(X[i:i + 64])", 60, 983040, 0.6, 60};
    add("script: NumPy per step, GRU, PyTorch 2.6",
        script("2.6.0", {{"GRU", "cpu", false, false, 60}}, {site}));
    add("script: packed LSTM, PyTorch 2.6, no conversion site",
        script("2.6.0", {{"LSTM", "cpu", true, true, 60}}, {}));
    add("script: LSTM on PyTorch 1.13",
        script("1.13.0", {{"LSTM", "cpu", false, false, 60}}, {site}));
    {
        RunEvidence e = script("2.6.0", {}, {});
        e.facts.device = "cuda";
        add("script: copies to a GPU", std::move(e));
    }
    return all;
}

/// Machines that between them reach every finding of the environment doctor.
inline std::vector<DoctorScenario> doctorScenarios()
{
    std::vector<DoctorScenario> all;
    // The reference BLAS, too few threads, OMP_NUM_THREADS, a GPU without CUDA, slow pageable
    // copies.
    DoctorReport starved;
    starved.libtorchVersion = "1.13.1";
    starved.blas = {BlasKind::Reference, "/usr/lib/x86_64-linux-gnu/libblas.so.3",
                    "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0", ""};
    starved.libtorchSgemm = {1024, 3, 0.36, 6.0, ""};
    starved.onednnSgemm = {1024, 3, 0.0074, 290.0, ""};
    starved.physicalCores = 4;
    starved.logicalCores = 8;
    starved.intraOpThreads = 1;
    starved.threadVariables = {{"OMP_NUM_THREADS", "4"}};
    starved.nvmlStatus = "loaded";
    starved.gpus = {{0, "H200", 141000.0}, {1, "H200", 141000.0}};
    starved.pageableCopyGBs = 3.0;
    starved.pinnedCopyGBs = 12.5;
    all.push_back({"doctor: reference BLAS, one thread, two GPUs", starved});
    // The reference BLAS unmeasured; one GPU.
    DoctorReport unmeasured = starved;
    unmeasured.libtorchSgemm = {};
    unmeasured.onednnSgemm = {};
    unmeasured.gpus.resize(1);
    unmeasured.intraOpThreads = 2;
    unmeasured.physicalCores = 2;
    all.push_back({"doctor: reference BLAS unmeasured, one GPU", unmeasured});
    // A slow optimised BLAS and more threads than cores.
    DoctorReport oversubscribed;
    oversubscribed.blas = {BlasKind::OpenBlas, "/usr/lib/x86_64-linux-gnu/libblas.so.3",
                           "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3", "pthread"};
    oversubscribed.libtorchSgemm = {1024, 3, 0.05, 43.0, ""};
    oversubscribed.onednnSgemm = {1024, 3, 0.0074, 290.0, ""};
    oversubscribed.physicalCores = 2;
    oversubscribed.logicalCores = 4;
    oversubscribed.intraOpThreads = 16;
    all.push_back({"doctor: slow BLAS, oversubscribed", oversubscribed});
    return all;
}

}  // namespace es::test
