#include "tests/benchmarks/backends/benchcases.h"

#include "engine/config/presets.h"
#include "engine/model/modelsummary.h"

#include <algorithm>
#include <sstream>

namespace bench {

namespace {

const std::vector<std::string> kPresets = {"keras-lstm-regression", "imdb-lstm-sentiment"};
const std::vector<std::int64_t> kSweepUnits = {64, 128, 256, 512};
const std::vector<std::int64_t> kSweepSteps = {50, 200};
const std::vector<std::int64_t> kSweepBatches = {32, 64, 128};
const std::vector<std::int64_t> kQuickUnits = {64, 256};
const std::vector<std::int64_t> kQuickSteps = {50};
const std::vector<std::int64_t> kQuickBatches = {64};

/// The config trimmed to what one benchmark model needs: a few batches of its synthetic data,
/// no validation, no callbacks; validated as a run's config would be.
es::RunConfig trimmed(es::RunConfig config)
{
    config.data.source.samples = kDataBatches * config.data.batchSize;
    config.data.validationSplit = 0.0;
    config.training.epochs = 1;
    config.callbacks.clear();
    return es::parseRunConfig(es::toJson(config));
}

/// Fills the sizes and FLOPs from the config.
BenchCase described(std::string id, std::string group, es::RunConfig config)
{
    BenchCase benchCase;
    benchCase.id = std::move(id);
    benchCase.group = std::move(group);
    benchCase.config = trimmed(std::move(config));
    const es::RunConfig& c = benchCase.config;
    benchCase.steps = c.data.source.timesteps;
    benchCase.batch = c.data.batchSize;
    benchCase.inputs = c.data.source.features;
    for (const es::LayerConfig& layer : c.model.layers) {
        if (layer.type == es::LayerType::Embedding && benchCase.units == 0)
            benchCase.inputs = layer.outputDim;
        if (layer.type == es::LayerType::Lstm)
            benchCase.units = std::max(benchCase.units, layer.units);
    }
    benchCase.trainingFlopsPerStep = es::summarizeModel(c).trainingFlopsPerBatch(benchCase.batch);
    std::ostringstream shape;
    shape << "LSTM(" << benchCase.units << ") T" << benchCase.steps << " B" << benchCase.batch
          << " F" << benchCase.inputs;
    benchCase.shape = shape.str();
    return benchCase;
}

/// LSTM(units) > Dense(1) on (steps, features) regression, Adam and MSE: the quick-demo
/// preset's model at the sweep's sizes.
es::RunConfig sweepConfig(std::int64_t units, std::int64_t steps, std::int64_t batch,
                          std::int64_t features)
{
    es::RunConfig config = es::loadPreset("quick-demo");
    config.name = "backends-sweep";
    es::LayerConfig lstm;
    lstm.type = es::LayerType::Lstm;
    lstm.units = units;
    es::LayerConfig dense;
    dense.type = es::LayerType::Dense;
    dense.units = 1;
    config.model.layers = {lstm, dense};
    config.data.source.type = es::DataSourceType::SyntheticRegression;
    config.data.source.timesteps = steps;
    config.data.source.features = features;
    config.data.batchSize = batch;
    config.training.optimizer = es::OptimizerConfig();  // Adam, Keras' defaults
    config.training.loss = es::LossType::Mse;
    return config;
}

std::string sweepId(std::int64_t units, std::int64_t steps, std::int64_t batch)
{
    return "h" + std::to_string(units) + "-t" + std::to_string(steps) + "-b" +
           std::to_string(batch);
}

}  // namespace

bool caseKept(const std::string& id, const std::string& filter)
{
    if (filter.empty())
        return true;
    std::istringstream words(filter);
    std::string word;
    while (std::getline(words, word, ','))
        if (!word.empty() && id.find(word) != std::string::npos)
            return true;
    return false;
}

std::vector<BenchCase> benchmarkCases(bool quick, const std::string& filter)
{
    std::vector<BenchCase> cases;
    for (const std::string& preset : kPresets)
        if (caseKept(preset, filter))
            cases.push_back(described(preset, "preset", es::loadPreset(preset)));
    for (std::int64_t units : quick ? kQuickUnits : kSweepUnits)
        for (std::int64_t steps : quick ? kQuickSteps : kSweepSteps)
            for (std::int64_t batch : quick ? kQuickBatches : kSweepBatches) {
                const std::string id = sweepId(units, steps, batch);
                if (caseKept(id, filter))
                    cases.push_back(
                        described(id, "sweep", sweepConfig(units, steps, batch, kSweepFeatures)));
            }
    return cases;
}

BenchCase startupCase()
{
    constexpr std::int64_t kUnits = 16;
    constexpr std::int64_t kSteps = 5;
    constexpr std::int64_t kBatch = 8;
    constexpr std::int64_t kFeatures = 8;
    return described("startup", "startup", sweepConfig(kUnits, kSteps, kBatch, kFeatures));
}

}  // namespace bench
