#include "tests/benchmarks/backends/pythonreference.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace bench {

namespace {

/// The exit status of a child whose exec failed (as a shell reports a missing command).
constexpr int kExecFailed = 127;

StepSample sampleFrom(const nlohmann::json& json)
{
    StepSample sample;
    sample.totalMs = json.at("total_ms").get<double>();
    sample.forwardMs = json.at("forward_ms").get<double>();
    sample.backwardMs = json.at("backward_ms").get<double>();
    sample.optimizerMs = json.at("optimizer_ms").get<double>();
    sample.minorFaults = json.at("minor_faults").get<double>();
    return sample;
}

std::vector<StepSample> samplesFrom(const nlohmann::json& list)
{
    std::vector<StepSample> samples;
    for (const nlohmann::json& item : list)
        samples.push_back(sampleFrom(item));
    return samples;
}

bool writeAll(int fd, const std::string& text)
{
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t written = ::write(fd, text.data() + done, text.size() - done);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return false;
        done += static_cast<std::size_t>(written);
    }
    return true;
}

}  // namespace

PythonReference::PythonReference(const std::string& python, const std::string& script, int threads)
{
    if (::access(python.c_str(), X_OK) != 0) {
        m_reason = python + " not found or not executable";
        return;
    }
    if (::access(script.c_str(), R_OK) != 0) {
        m_reason = script + " not readable";
        return;
    }
    int input[2];   // parent writes, child reads
    int output[2];  // child writes, parent reads
    if (::pipe2(input, O_CLOEXEC) != 0 || ::pipe2(output, O_CLOEXEC) != 0) {
        m_reason = std::string("pipe: ") + std::strerror(errno);
        return;
    }
    m_child = ::fork();
    if (m_child < 0) {
        m_reason = std::string("fork: ") + std::strerror(errno);
        return;
    }
    if (m_child == 0) {
        ::dup2(input[0], STDIN_FILENO);
        ::dup2(output[1], STDOUT_FILENO);
        const char* argv[] = {python.c_str(), script.c_str(), "--serve", nullptr};
        ::execv(python.c_str(), const_cast<char* const*>(argv));
        std::fprintf(stderr, "backends_bench: cannot run %s: %s\n", python.c_str(),
                     std::strerror(errno));
        ::_exit(kExecFailed);
    }
    ::close(input[0]);
    ::close(output[1]);
    m_toChild = input[1];
    m_fromChild = ::fdopen(output[0], "r");
    try {
        m_versions = request({{"op", "hello"}, {"threads", threads}});
        m_versions.erase("ok");
    } catch (const std::exception& error) {
        m_reason = error.what();
        stop();
    }
}

PythonReference::~PythonReference()
{
    stop();
}

void PythonReference::stop()
{
    if (m_toChild >= 0)
        ::close(m_toChild);
    m_toChild = -1;
    if (m_fromChild != nullptr)
        std::fclose(m_fromChild);
    m_fromChild = nullptr;
    if (m_child > 0) {
        int status = 0;
        ::waitpid(m_child, &status, 0);
    }
    m_child = -1;
}

nlohmann::json PythonReference::request(const nlohmann::json& message)
{
    if (m_fromChild == nullptr)
        throw std::runtime_error("python reference: " + m_reason);
    std::string line;
    if (writeAll(m_toChild, message.dump() + "\n")) {
        char* buffer = nullptr;
        std::size_t capacity = 0;
        const ssize_t length = ::getline(&buffer, &capacity, m_fromChild);
        if (length > 0)
            line.assign(buffer, static_cast<std::size_t>(length));
        std::free(buffer);
    }
    if (line.empty()) {
        m_reason = "the python reference process ended (see its messages above)";
        stop();
        throw std::runtime_error(m_reason);
    }
    nlohmann::json answer = nlohmann::json::parse(line, nullptr, false);
    if (answer.is_discarded() || !answer.is_object())
        throw std::runtime_error("python reference: not a JSON object: " + line);
    if (!answer.value("ok", false))
        throw std::runtime_error("python reference: " + answer.value("error", line));
    return answer;
}

StepSample PythonReference::prepare(const std::string& id, const nlohmann::json& config, int warmup,
                                    std::vector<StepSample>& warmupSteps)
{
    return prepareAs("prepare", "config", id, config, warmup, warmupSteps);
}

StepSample PythonReference::prepareKernel(const std::string& id, const nlohmann::json& kernel,
                                          int warmup, std::vector<StepSample>& warmupSteps)
{
    return prepareAs("prepare_kernel", "kernel", id, kernel, warmup, warmupSteps);
}

StepSample PythonReference::prepareAs(const char* op, const char* what, const std::string& id,
                                      const nlohmann::json& description, int warmup,
                                      std::vector<StepSample>& warmupSteps)
{
    const nlohmann::json answer = request({{"op", op},
                                           {"case", id},
                                           {what, description},
                                           {"batches", kDataBatches},
                                           {"warmup", warmup}});
    warmupSteps = samplesFrom(answer.at("warmup"));
    return sampleFrom(answer.at("first"));
}

std::vector<StepSample> PythonReference::run(const std::string& id, int count)
{
    return samplesFrom(request({{"op", "run"}, {"case", id}, {"steps", count}}).at("steps"));
}

void PythonReference::drop(const std::string& id)
{
    if (available())
        request({{"op", "drop"}, {"case", id}});
}

}  // namespace bench
