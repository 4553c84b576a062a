// Allocator benchmark (issue 8, item 6). Trains the reference presets through the engine
// (TrainingSession, as `train` does) with each device.allocator and both LSTM backends, and
// prints, side by side, the median step time and minor page faults per step.
//
// Each measurement runs in a fresh process (this program with --child): glibc-tuned cannot be
// undone inside a process (mallopt switches glibc's dynamic threshold off for good), and each
// allocator's cached memory would flatter whichever ran after it. The allocators take turns in
// every round, starting one later each round, so that drift in a noisy machine does not always
// favour the same one. Children start with more static TLS for libraries loaded later
// (GLIBC_TUNABLES), without which a running process cannot load Debian's jemalloc; it changes
// nothing else, and every child gets it.
//
// Usage: allocators_bench [--rounds N] [--warmup STEPS] [--steps STEPS]
//                         [--presets a,b] [--backends a,b] [--allocators a,b] [--json FILE]

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/profile/pagefaults.h"
#include "engine/summary/statistics.h"
#include "engine/train/trainingsession.h"
#include "tests/benchmarks/wholenumber.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// A running process can load libjemalloc.so.2 only with this much static TLS set aside
// (see engine/train/allocator.cpp); the default surplus is 1664 bytes, jemalloc needs 2632.
constexpr const char* kChildEnvironment = "GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096";

struct Options {
    int rounds = 5;
    int warmupSteps = 10;
    int measuredSteps = 30;
    std::vector<std::string> presets = {"keras-lstm-regression", "imdb-lstm-sentiment"};
    std::vector<std::string> backends = {"libtorch", "onednn"};
    std::vector<std::string> allocators = {"system", "glibc-tuned", "jemalloc", "tcmalloc"};
    std::string json;
    // --child: measure this one combination here and print it
    bool child = false;
    std::string preset;
    std::string backend;
    std::string allocator;
};

/// One measurement: medians over the measured steps of one run.
struct Measurement {
    double msPerStep = 0.0;           ///< median wall time of a step
    double engineMinorFaults = 0.0;   ///< median minor faults of a step, engine thread (recorded)
    double processMinorFaults = 0.0;  ///< minor faults of the whole process per measured step
    std::string allocator;            ///< as the run recorded it
    std::string allocatorReason;
};

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ','))
        if (!item.empty())
            items.push_back(item);
    return items;
}

void printUsage()
{
    std::printf(
        "usage: allocators_bench [--rounds N] [--warmup STEPS] [--steps STEPS]\n"
        "                        [--presets a,b] [--backends a,b] [--allocators a,b]\n"
        "                        [--json FILE]\n"
        "  --rounds      rounds; each runs every configuration once (default 5)\n"
        "  --warmup      steps per run that are not measured (default 10)\n"
        "  --steps       measured steps per run, at least 3 (default 30)\n"
        "  --presets     default keras-lstm-regression,imdb-lstm-sentiment\n"
        "  --backends    default libtorch,onednn\n"
        "  --allocators  default system,glibc-tuned,jemalloc,tcmalloc\n"
        "  --json        also write every measurement to FILE\n");
}

Options parseOptions(int argc, char** argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            printUsage();
            std::exit(0);
        }
        if (flag == "--child") {
            options.child = true;
            continue;
        }
        if (i + 1 >= argc)
            throw std::runtime_error(flag + " needs a value");
        const std::string value = argv[++i];
        if (flag == "--rounds")
            options.rounds = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--warmup")
            options.warmupSteps = bench::wholeNumberAtLeast(flag, value, 1);
        else if (flag == "--steps")
            options.measuredSteps = bench::wholeNumberAtLeast(flag, value, 3);
        else if (flag == "--presets")
            options.presets = splitList(value);
        else if (flag == "--backends")
            options.backends = splitList(value);
        else if (flag == "--allocators")
            options.allocators = splitList(value);
        else if (flag == "--json")
            options.json = value;
        else if (flag == "--preset")
            options.preset = value;
        else if (flag == "--backend")
            options.backend = value;
        else if (flag == "--allocator")
            options.allocator = value;
        else
            throw std::runtime_error("unknown option " + flag + " (see --help)");
    }
    return options;
}

/// The preset with the backend and allocator asked for, one epoch of exactly warm-up +
/// measured steps, and no validation (the steps train the same as in the full preset).
es::RunConfig childConfig(const Options& options)
{
    nlohmann::json document = es::toJson(es::loadPreset(options.preset));
    document["backend"] = options.backend;
    document["device"]["allocator"] = options.allocator;
    document["training"]["epochs"] = 1;
    document["training"]["steps_per_epoch"] = options.warmupSteps + options.measuredSteps;
    document["data"]["validation_split"] = 0.0;
    // Enough samples for the steps: the step's work does not depend on the set's size.
    document["data"]["source"]["samples"] = document["data"]["batch_size"].get<std::int64_t>() *
                                            (options.warmupSteps + options.measuredSteps);
    document["callbacks"] = nlohmann::json::array();
    return es::parseRunConfig(document);
}

/// Reads the process's fault count when the warm-up ends and after the last step (on the
/// engine thread, inside the steps' own accounting).
class FaultWindow : public es::RunObserver {
public:
    explicit FaultWindow(int warmupSteps) : m_warmupSteps(warmupSteps) {}
    void onBatch(const es::BatchRecord& record) override
    {
        if (record.batch == m_warmupSteps)
            m_start = es::PageFaults::ofProcess().minor;
        m_end = es::PageFaults::ofProcess().minor;
    }
    std::int64_t faults() const { return m_end - m_start; }

private:
    int m_warmupSteps;
    std::int64_t m_start = 0;
    std::int64_t m_end = 0;
};

int measureHere(const Options& options)
{
    es::TrainingSession session(childConfig(options));
    FaultWindow window(options.warmupSteps);
    session.addObserver(&window);
    session.start();
    session.wait();
    const es::RunResult& result = session.result();
    if (result.state != es::RunState::Finished)
        throw std::runtime_error(options.preset + "/" + options.backend + "/" + options.allocator +
                                 ": the run failed: " + result.error);
    std::vector<double> stepMs;
    std::vector<double> faults;
    for (const es::BatchRecord& batch : result.batches) {
        if (batch.batch <= options.warmupSteps)
            continue;
        stepMs.push_back(batch.wallMs);
        faults.push_back(static_cast<double>(batch.minorFaults));
    }
    const nlohmann::json line = {
        {"ms_per_step", es::median(stepMs)},
        {"engine_minor_faults", es::median(faults)},
        {"process_minor_faults",
         static_cast<double>(window.faults()) / static_cast<double>(stepMs.size())},
        {"allocator", result.info.allocator},
        {"allocator_reason", result.info.allocatorReason},
    };
    std::printf("%s\n", line.dump().c_str());
    return 0;
}

Measurement measureInChild(const char* self, const Options& options, const std::string& preset,
                           const std::string& backend, const std::string& allocator)
{
    const std::string command = std::string(kChildEnvironment) + " " + self + " --child --preset " +
                                preset + " --backend " + backend + " --allocator " + allocator +
                                " --warmup " + std::to_string(options.warmupSteps) + " --steps " +
                                std::to_string(options.measuredSteps);
    FILE* child = ::popen(command.c_str(), "r");
    if (child == nullptr)
        throw std::runtime_error("cannot start " + command);
    std::string output;
    char buffer[4096];
    while (std::fgets(buffer, sizeof(buffer), child) != nullptr)
        output += buffer;
    const int status = ::pclose(child);
    if (status != 0)
        throw std::runtime_error(preset + "/" + backend + "/" + allocator +
                                 ": the measurement failed (" + command + ")");
    // The result is the child's last line; the engine may have logged before it.
    const std::size_t lastLine = output.find_last_of('{');
    const nlohmann::json line = nlohmann::json::parse(output.substr(lastLine));
    Measurement measurement;
    measurement.msPerStep = line.at("ms_per_step").get<double>();
    measurement.engineMinorFaults = line.at("engine_minor_faults").get<double>();
    measurement.processMinorFaults = line.at("process_minor_faults").get<double>();
    measurement.allocator = line.at("allocator").get<std::string>();
    measurement.allocatorReason = line.at("allocator_reason").get<std::string>();
    if (measurement.allocator != allocator)
        throw std::runtime_error(preset + "/" + backend + ": asked for " + allocator +
                                 ", the run recorded " + measurement.allocator);
    return measurement;
}

using Key = std::string;  // "preset/backend/allocator"

Key keyOf(const std::string& preset, const std::string& backend, const std::string& allocator)
{
    return preset + "/" + backend + "/" + allocator;
}

std::vector<double> field(const std::vector<Measurement>& runs, double Measurement::*member)
{
    std::vector<double> values;
    for (const Measurement& run : runs)
        values.push_back(run.*member);
    return values;
}

/// "0.62x" against the system allocator's time, "-" without it.
std::string ratioText(double ms, double systemMs)
{
    if (systemMs <= 0.0)
        return "-";
    char text[32];
    std::snprintf(text, sizeof(text), "%.2fx", ms / systemMs);
    return text;
}

int runParent(const char* self, const Options& options)
{
    std::printf(
        "allocators: %d rounds, %d warm-up + %d measured steps per run, each run in a fresh "
        "process; medians over the rounds of each run's median step\n",
        options.rounds, options.warmupSteps, options.measuredSteps);
    std::map<Key, std::vector<Measurement>> runs;
    std::map<std::string, std::string> reasons;
    const std::size_t count = options.allocators.size();
    for (int round = 0; round < options.rounds; ++round) {
        for (const std::string& preset : options.presets) {
            for (const std::string& backend : options.backends) {
                for (std::size_t i = 0; i < count; ++i) {
                    const std::string& allocator =
                        options.allocators[(i + static_cast<std::size_t>(round)) % count];
                    const Measurement measurement =
                        measureInChild(self, options, preset, backend, allocator);
                    runs[keyOf(preset, backend, allocator)].push_back(measurement);
                    reasons[allocator] = measurement.allocatorReason;
                    std::printf(
                        "  round %d %-22s %-8s %-11s %8.2f ms/step %9.0f faults/step "
                        "(engine thread) %9.0f (process)\n",
                        round + 1, preset.c_str(), backend.c_str(), allocator.c_str(),
                        measurement.msPerStep, measurement.engineMinorFaults,
                        measurement.processMinorFaults);
                    std::fflush(stdout);
                }
            }
        }
    }

    nlohmann::json results = nlohmann::json::array();
    std::printf(
        "\n| preset | backend | allocator | ms/step | vs system | minor faults/step "
        "(engine thread) | minor faults/step (process) |\n");
    std::printf("| --- | --- | --- | ---: | ---: | ---: | ---: |\n");
    for (const std::string& preset : options.presets) {
        for (const std::string& backend : options.backends) {
            const auto system = runs.find(keyOf(preset, backend, "system"));
            const double systemMs = system != runs.end()
                                        ? es::median(field(system->second, &Measurement::msPerStep))
                                        : 0.0;
            for (const std::string& allocator : options.allocators) {
                const std::vector<Measurement>& measured = runs[keyOf(preset, backend, allocator)];
                const double ms = es::median(field(measured, &Measurement::msPerStep));
                const double engineFaults =
                    es::median(field(measured, &Measurement::engineMinorFaults));
                const double processFaults =
                    es::median(field(measured, &Measurement::processMinorFaults));
                const std::vector<double> all = field(measured, &Measurement::msPerStep);
                std::printf("| %s | %s | %s | %.1f (%.1f-%.1f) | %s | %.0f | %.0f |\n",
                            preset.c_str(), backend.c_str(), allocator.c_str(), ms,
                            *std::min_element(all.begin(), all.end()),
                            *std::max_element(all.begin(), all.end()),
                            ratioText(ms, systemMs).c_str(), engineFaults, processFaults);
                results.push_back({{"preset", preset},
                                   {"backend", backend},
                                   {"allocator", allocator},
                                   {"ms_per_step", ms},
                                   {"ms_per_step_runs", all},
                                   {"engine_minor_faults_per_step", engineFaults},
                                   {"process_minor_faults_per_step", processFaults}});
            }
        }
    }
    std::printf("\nWhat each allocator was (as the runs recorded it):\n");
    for (const auto& [allocator, reason] : reasons)
        std::printf("  %-11s %s\n", allocator.c_str(), reason.c_str());
    if (!options.json.empty()) {
        std::ofstream out(options.json);
        out << nlohmann::json{{"rounds", options.rounds},
                              {"warmup_steps", options.warmupSteps},
                              {"measured_steps", options.measuredSteps},
                              {"results", results},
                              {"allocators", reasons}}
                   .dump(2)
            << "\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    try {
        const Options options = parseOptions(argc, argv);
        if (options.child)
            return measureHere(options);
        return runParent(argv[0], options);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "allocators_bench: %s\n", error.what());
        return 1;
    }
}
