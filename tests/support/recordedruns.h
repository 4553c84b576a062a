#pragma once

// Finished runs recorded into a real run database without training: made-up steps whose
// phases the test sets (evidencebuilder.h), with the facts, summary and a system sample the
// engine would have stored, so that comparisons and reports over them have every section.

#include "engine/store/runstore.h"
#include "tests/support/evidencebuilder.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace es::test {

/// Records a completed CPU run named `name` of `epochs` x `stepsPerEpoch` steps, each with
/// `phases`, into `store`; returns its id.
inline std::int64_t recordMadeUpRun(RunStore& store, const std::string& name, StepPhases phases,
                                    int epochs = 2, int stepsPerEpoch = 20)
{
    const RunEvidence evidence = makeSteadyEvidence(epochs, stepsPerEpoch, phases);
    nlohmann::json config = evidence.config;
    config["name"] = name;
    const std::int64_t id = store.beginRun(name, config);
    store.setRunInfo(id, {{"device", "cpu"},
                          {"backend", "libtorch"},
                          {"placement", "host"},
                          {"intra_op_threads", 2},
                          {"inter_op_threads", 1},
                          {"batch_size", 64},
                          {"data_source", "synthetic_regression"}});
    SystemSample sample;
    sample.tS = 0.1;
    sample.processCpuPct = 150.0;
    sample.machineCpuPct = 75.0;
    sample.rssMb = 512.0;
    store.append(id, evidence.batches, evidence.epochs, {sample});
    double trainingS = 0.0;
    for (const BatchRecord& batch : evidence.batches)
        trainingS += batch.wallMs / 1000.0;
    const nlohmann::json environment = {{"cpu_model", "AMD EPYC"},
                                        {"libtorch_version", "1.13.0"},
                                        {"physical_cores", 2},
                                        {"logical_cores", 2}};
    store.finishRun(
        id, RunStatus::Completed, "",
        {{"status", "finished"}, {"total_s", trainingS + 1.5}, {"environment", environment}});
    return id;
}

}  // namespace es::test
