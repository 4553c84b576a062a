#include "callbacks/metriccallbacks.h"

#include "callbacks/modelcheckpoint.h"
#include "config/jsonreader.h"
#include "core/atomicfile.h"
#include "train/runobserver.h"

#include <fstream>
#include <sstream>

namespace es {

namespace {

std::string loggedNames(const EpochLogs& logs)
{
    std::vector<std::string_view> names;
    for (const auto& [name, value] : logs)
        names.push_back(name);
    return joinNames(names);
}

std::string missingMonitorWarning(const std::string& callback, const std::string& monitor,
                                  const EpochLogs& logs)
{
    return callback + " conditioned on metric `" + monitor +
           "` which is not available. Available metrics are: " + loggedNames(logs);
}

}  // namespace

EarlyStoppingCallback::EarlyStoppingCallback(const EarlyStoppingOptions& options)
    : m_options(options), m_rule(options)
{
}

void EarlyStoppingCallback::onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs)
{
    const EarlyStoppingRule::Decision decision = m_rule.onEpochEnd(epoch, logs);
    if (decision.monitorMissing && !m_warned) {
        m_warned = true;  // Keras warns every epoch; once says it
        context.log(LogLevel::Warning,
                    missingMonitorWarning("Early stopping", m_options.monitor, logs));
    }
    if (decision.snapshotWeights)
        context.snapshotWeights();
    if (!decision.stop)
        return;
    if (decision.restoreBestWeights) {
        context.restoreWeights();
        context.log(LogLevel::Info, "Restoring model weights from the end of the best epoch: " +
                                        std::to_string(m_rule.bestEpoch()) + ".");
    }
    context.requestStop("early_stopping at epoch " + std::to_string(epoch) + " (" +
                        m_options.monitor + " did not improve for " +
                        std::to_string(m_options.patience) + " epochs)");
}

ReduceLrOnPlateauCallback::ReduceLrOnPlateauCallback(const ReduceLrOptions& options)
    : m_monitor(options.monitor), m_rule(options)
{
}

void ReduceLrOnPlateauCallback::onEpochEnd(CallbackContext& context, int epoch,
                                           const EpochLogs& logs)
{
    const ReduceLrOnPlateauRule::Decision decision =
        m_rule.onEpochEnd(logs, context.learningRate());
    if (decision.monitorMissing && !m_warned) {
        m_warned = true;
        context.log(LogLevel::Warning,
                    missingMonitorWarning("Learning rate reduction", m_monitor, logs));
    }
    if (!decision.newLearningRate)
        return;
    context.setLearningRate(*decision.newLearningRate);
    std::ostringstream message;
    message << "Epoch " << epoch << ": ReduceLROnPlateau reducing learning rate to "
            << *decision.newLearningRate << ".";
    context.log(LogLevel::Info, message.str());
}

void TerminateOnNaNCallback::onBatchEnd(CallbackContext& context, const BatchRecord& record)
{
    if (!lossIsInvalid(record.loss))
        return;
    context.log(LogLevel::Warning,
                "Batch " + std::to_string(record.batch) + ": Invalid loss, terminating training");
    context.requestStop("terminate_on_nan at batch " + std::to_string(record.batch) + " of epoch " +
                        std::to_string(record.epoch));
}

CsvLoggerCallback::CsvLoggerCallback(std::string filename, std::string separator, bool append)
    : m_filename(std::move(filename)), m_separator(std::move(separator)), m_append(append)
{
}

void CsvLoggerCallback::onTrainBegin(CallbackContext&)
{
    m_content.clear();
    m_haveHeader = false;
    if (!m_append)
        return;
    std::ifstream existing(m_filename, std::ios::binary);
    if (!existing)
        return;  // nothing to append to yet
    std::ostringstream text;
    text << existing.rdbuf();
    m_content = text.str();
    m_haveHeader = !m_content.empty();
    if (m_haveHeader && m_content.back() != '\n')
        m_content += '\n';
}

void CsvLoggerCallback::onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs)
{
    if (!m_haveHeader) {
        m_content += "epoch";
        for (const auto& [name, value] : logs)
            m_content += m_separator + name;
        m_content += '\n';
        m_haveHeader = true;
    }
    m_content += std::to_string(epoch - 1);
    for (const auto& [name, value] : logs)
        m_content += m_separator + formatNumber(value);
    m_content += '\n';
    try {
        writeFileAtomically(m_filename, m_content);
    } catch (const std::exception& error) {
        context.log(LogLevel::Error, "csv_logger: " + std::string(error.what()));
    }
}

std::vector<std::unique_ptr<Callback>> makeCallbacks(const std::vector<CallbackConfig>& configs,
                                                     std::vector<std::string>& notRun)
{
    std::vector<std::unique_ptr<Callback>> callbacks;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const CallbackConfig& config = configs[i];
        const nlohmann::json& p = config.params;
        if (config.type == "early_stopping") {
            EarlyStoppingOptions options;
            options.monitor = p.at("monitor").get<std::string>();
            options.minDelta = p.at("min_delta").get<double>();
            options.patience = p.at("patience").get<int>();
            options.mode = p.at("mode").get<std::string>();
            if (!p.at("baseline").is_null())
                options.baseline = p.at("baseline").get<double>();
            options.restoreBestWeights = p.at("restore_best_weights").get<bool>();
            options.startFromEpoch = p.at("start_from_epoch").get<int>();
            callbacks.push_back(std::make_unique<EarlyStoppingCallback>(options));
        } else if (config.type == "reduce_lr_on_plateau") {
            ReduceLrOptions options;
            options.monitor = p.at("monitor").get<std::string>();
            options.factor = p.at("factor").get<double>();
            options.patience = p.at("patience").get<int>();
            options.minDelta = p.at("min_delta").get<double>();
            options.cooldown = p.at("cooldown").get<int>();
            options.minLr = p.at("min_lr").get<double>();
            options.mode = p.at("mode").get<std::string>();
            callbacks.push_back(std::make_unique<ReduceLrOnPlateauCallback>(options));
        } else if (config.type == "terminate_on_nan") {
            callbacks.push_back(std::make_unique<TerminateOnNaNCallback>());
        } else if (config.type == "model_checkpoint") {
            ModelCheckpointOptions options;
            options.filepath = p.at("filepath").get<std::string>();
            options.monitor = p.at("monitor").get<std::string>();
            options.mode = p.at("mode").get<std::string>();
            options.saveBestOnly = p.at("save_best_only").get<bool>();
            options.saveWeightsOnly = p.at("save_weights_only").get<bool>();
            const nlohmann::json& frequency = p.at("save_freq");
            options.saveFreq = frequency.is_number_integer() ? frequency.get<std::int64_t>() : 0;
            options.verbose = p.at("verbose").get<int>() > 0;
            callbacks.push_back(std::make_unique<ModelCheckpointCallback>(options));
        } else if (config.type == "csv_logger") {
            callbacks.push_back(std::make_unique<CsvLoggerCallback>(
                p.at("filename").get<std::string>(), p.at("separator").get<std::string>(),
                p.at("append").get<bool>()));
        } else {
            notRun.push_back("callbacks[" + std::to_string(i) + "] " + config.type +
                             " is checked but not run by this version yet; the run goes on "
                             "without it");
        }
    }
    return callbacks;
}

}  // namespace es
