#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/trainingconfig.h"
#include "engine/train/losses_torch.h"

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace es {

/// Running sums for an epoch's loss and metrics, weighted by samples as Keras averages.
struct EpochAccumulator {
    double lossSum = 0.0;
    std::int64_t samples = 0;
    std::map<Metric, double> metricSums;

    void add(double batchLoss, std::int64_t batchSamples, const std::vector<Metric>& metrics,
             const torch::Tensor& prediction, const torch::Tensor& target)
    {
        lossSum += batchLoss * static_cast<double>(batchSamples);
        samples += batchSamples;
        for (Metric metric : metrics)
            metricSums[metric] += metricSum(metric, prediction, target);
    }

    double meanLoss() const { return samples > 0 ? lossSum / static_cast<double>(samples) : 0.0; }

    void writeMetrics(std::map<std::string, double>& out, const std::string& prefix) const
    {
        for (const auto& [metric, sum] : metricSums)
            out[prefix + std::string(metricKey(metric))] =
                samples > 0 ? sum / static_cast<double>(samples) : 0.0;
    }

    /// The sums exactly (JSON doubles read back bit for bit), for a backup; backupmeta.h
    /// reads them back, checking each field.
    nlohmann::json toJson() const
    {
        nlohmann::json metrics = nlohmann::json::object();
        for (const auto& [metric, sum] : metricSums)
            metrics[std::string(metricKey(metric))] = sum;
        return {{"loss_sum", lossSum}, {"samples", samples}, {"metric_sums", metrics}};
    }
};

}  // namespace es
