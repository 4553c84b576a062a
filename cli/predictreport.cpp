#include "cli/predictreport.h"

#include "cli/progressbar.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/predict/predictiontexts.h"

#include <algorithm>
#include <cmath>

namespace es {

namespace {

nlohmann::json orNull(const std::string& text)
{
    return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text);
}

std::string metricText(const NamedValue& metric)
{
    return metric.name + ": " +
           (metric.value ? formatMetricValue(*metric.value)
                         : std::string(engineText("PredictCommand", "n/a")));
}

std::string scoreLine(const PredictionResult& result)
{
    std::string line = "loss: " + formatMetricValue(result.loss);
    for (const NamedValue& metric : result.metrics)
        line += " - " + metricText(metric);
    return line;
}

std::int64_t count(const PredictionResult& result, const char* name)
{
    for (const auto& [key, value] : result.counts)
        if (key == name)
            return value;
    return 0;
}

/// Where the predictions went, or, when they were not saved, their range.
std::string outputLine(const PredictionResult& result, const std::string& out)
{
    const std::string shape = bracketedList(result.shape);
    if (!out.empty())
        return fillText(engineText("PredictCommand", "Predictions %1 float32 written to %2"),
                        {shape, escapeControls(out)});
    double sum = 0.0;
    for (const float value : result.values)
        sum += value;
    const auto [lowest, highest] = std::minmax_element(result.values.begin(), result.values.end());
    const double mean =
        result.values.empty() ? 0.0 : sum / static_cast<double>(result.values.size());
    return fillText(engineText("PredictCommand",
                               "Predictions %1: min %2, mean %3, max %4 (not saved: --out "
                               "FILE.npy or FILE.csv saves them)"),
                    {shape, formatMetricValue(lowest == result.values.end() ? 0.0 : *lowest),
                     formatMetricValue(mean),
                     formatMetricValue(highest == result.values.end() ? 0.0 : *highest)});
}

/// How many raw texts are listed one per line; more are only summed up.
constexpr std::size_t kListedTexts = 20;

/// `  --text 1: 0.9312 pos (12 tokens, 1 [UNK])` for one raw text of a one-row-per-sample
/// prediction.
std::string textLine(const PredictionResult& result, std::size_t index)
{
    const PredictedText& text = result.texts[index];
    const auto sample = static_cast<std::int64_t>(index);
    std::string values;
    const std::int64_t units = result.shape[1];
    for (std::int64_t unit = 0; unit < units; ++unit)
        values += (unit > 0 ? " " : "") +
                  formatMetricValue(result.values[static_cast<std::size_t>(sample * units + unit)]);
    const std::string className = predictedClassName(result, sample);
    std::string line = "  " + escapeControls(text.origin) + ": " + values;
    if (!className.empty())
        line += " " + escapeControls(className);
    line += " " + fillText(text.cut ? engineText("PredictCommand", "(%1 tokens, %2 [UNK], cut)")
                                    : engineText("PredictCommand", "(%1 tokens, %2 [UNK])"),
                           {std::to_string(text.tokens), std::to_string(text.unknown)});
    return line;
}

}  // namespace

std::vector<std::string> predictionLines(const PredictionResult& result, const PredictFiles& files)
{
    std::vector<std::string> lines;
    lines.push_back(fillText(engineText("PredictCommand", "Checkpoint: %1 (%2)"),
                             {escapeControls(files.checkpoint), result.checkpointKind}));
    lines.push_back(
        fillText(engineText("PredictCommand", "Data: %1"), {escapeControls(result.data)}));
    // What loading converted or decided, as `train` says it (an int32 file read as int64).
    for (const std::string& note : result.notes)
        lines.push_back("  " + escapeControls(note));
    lines.push_back(fillText(engineText("PredictCommand",
                                        "Predicted %1 samples on %2 (%3 backend) in %4 batches "
                                        "of %5 in %6"),
                             {std::to_string(result.samples()), result.device, result.backend,
                              std::to_string(result.batches), std::to_string(result.batchSize),
                              formatDuration(result.predictSeconds)}));
    if (result.scored) {
        lines.push_back(scoreLine(result));
        if (!result.counts.empty())
            lines.push_back(fillText(
                engineText("PredictCommand",
                           "At threshold 0.5: %1 true positives, %2 false positives, %3 true "
                           "negatives, %4 false negatives"),
                {std::to_string(count(result, "true_positives")),
                 std::to_string(count(result, "false_positives")),
                 std::to_string(count(result, "true_negatives")),
                 std::to_string(count(result, "false_negatives"))}));
    }
    if (result.shape.size() == 2 && result.texts.size() <= kListedTexts &&
        static_cast<std::int64_t>(result.texts.size()) == result.samples())
        for (std::size_t i = 0; i < result.texts.size(); ++i)
            lines.push_back(textLine(result, i));
    lines.push_back(outputLine(result, files.out));
    return lines;
}

nlohmann::json predictionJson(const PredictionResult& result, const PredictFiles& files)
{
    nlohmann::json document = {
        {"checkpoint", files.checkpoint},
        {"x", orNull(files.x)},
        {"y", orNull(files.y)},
        {"out", orNull(files.out)},
        {"data", result.data},
        {"notes", result.notes},
        {"device", result.device},
        {"backend", result.backend},
        {"batch_size", result.batchSize},
        {"batches", result.batches},
        {"samples", result.samples()},
        {"output_shape", result.shape},
        {"load_seconds", result.loadSeconds},
        {"predict_seconds", result.predictSeconds},
        {"task", std::string(predictionTaskKey(result.task))},
        {"loss", nullptr},
        {"metrics", nullptr},
    };
    if (!result.texts.empty()) {
        nlohmann::json texts = nlohmann::json::array();
        for (std::size_t i = 0; i < result.texts.size(); ++i) {
            const PredictedText& text = result.texts[i];
            const std::string className = predictedClassName(result, static_cast<std::int64_t>(i));
            texts.push_back({{"origin", text.origin},
                             {"tokens", text.tokens},
                             {"unknown", text.unknown},
                             {"cut", text.cut},
                             {"class", orNull(className)}});
        }
        document["texts"] = std::move(texts);
        document["classes"] = result.classes;
    }
    if (!result.scored)
        return document;
    document["loss"] = result.loss;
    nlohmann::json metrics = nlohmann::json::object();
    for (const NamedValue& metric : result.metrics)
        metrics[metric.name] = metric.value && std::isfinite(*metric.value)
                                   ? nlohmann::json(*metric.value)
                                   : nlohmann::json(nullptr);
    document["metrics"] = std::move(metrics);
    if (!result.counts.empty()) {
        nlohmann::json confusion = nlohmann::json::object();
        for (const auto& [name, value] : result.counts)
            confusion[name] = value;
        document["confusion"] = std::move(confusion);
    }
    return document;
}

}  // namespace es
