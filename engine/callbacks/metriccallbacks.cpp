#include "callbacks/metriccallbacks.h"

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
        m_written.add(static_cast<std::int64_t>(m_content.size()));
    } catch (const std::exception& error) {
        context.log(LogLevel::Error, "csv_logger: " + std::string(error.what()));
    }
}

}  // namespace es
