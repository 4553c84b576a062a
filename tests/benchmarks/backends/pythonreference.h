#pragma once

// The outside reference of the backends benchmark: PyTorch from Python
// (tests/benchmarks/backends_reference.py) in a child process that stays up for the whole
// run, so that its steps can alternate with the engine's, round by round.

#include "tests/benchmarks/backends/measurements.h"

#include <nlohmann/json.hpp>

#include <sys/types.h>

#include <string>
#include <vector>

namespace bench {

class PythonReference {
public:
    /// Starts `python script --serve` and sets its intra-op threads. Never throws: when the
    /// interpreter, the script or torch is missing, available() is false and reason() says why.
    PythonReference(const std::string& python, const std::string& script, int threads);
    /// Closes the child's input, which ends it, and reaps it.
    ~PythonReference();
    PythonReference(const PythonReference&) = delete;
    PythonReference& operator=(const PythonReference&) = delete;

    bool available() const { return m_reason.empty(); }
    const std::string& reason() const { return m_reason; }
    /// What the child reported about itself: torch and Python versions, threads.
    const nlohmann::json& versions() const { return m_versions; }

    /// A fresh model of `config` under `id`: its first step and `warmup` steps more.
    /// Throws std::runtime_error with the child's message; a child that died makes
    /// available() false.
    StepSample prepare(const std::string& id, const nlohmann::json& config, int warmup,
                       std::vector<StepSample>& warmupSteps);
    /// A fresh recurrent layer of a kernel case (`kernel`: layer, units, steps, batch, inputs)
    /// under `id`, likewise; its steps are the layer's forward and gradients.
    StepSample prepareKernel(const std::string& id, const nlohmann::json& kernel, int warmup,
                             std::vector<StepSample>& warmupSteps);
    /// `count` steps of the model or layer prepared under `id`.
    std::vector<StepSample> run(const std::string& id, int count);
    /// Frees the model under `id`.
    void drop(const std::string& id);

private:
    nlohmann::json request(const nlohmann::json& message);
    /// A "prepare" of either kind: `what` names the description's key ("config", "kernel").
    StepSample prepareAs(const char* op, const char* what, const std::string& id,
                         const nlohmann::json& description, int warmup,
                         std::vector<StepSample>& warmupSteps);
    void stop();

    pid_t m_child = -1;
    int m_toChild = -1;
    FILE* m_fromChild = nullptr;
    std::string m_reason;
    nlohmann::json m_versions;
};

}  // namespace bench
