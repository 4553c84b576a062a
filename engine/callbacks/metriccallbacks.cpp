#include "engine/callbacks/metriccallbacks.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/jsonreader.h"
#include "engine/core/loglevel.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/io/ownfiles.h"

#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace es {

namespace {

std::string loggedNames(const EpochLogs& logs)
{
    std::vector<std::string_view> names;
    for (const auto& [name, value] : logs)
        names.push_back(name);
    return joinNames(names);
}

/// Keras' warning, in `pattern`: %1 the monitor, %2 the metrics the run logs.
std::string missingMonitorWarning(const char* pattern, const std::string& monitor,
                                  const EpochLogs& logs)
{
    return fillText(pattern, {monitor, loggedNames(logs)});
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
                    missingMonitorWarning(engineText("EarlyStopping",
                                                     "Early stopping conditioned on metric `%1` "
                                                     "which is not available. Available metrics "
                                                     "are: %2"),
                                          m_options.monitor, logs));
    }
    if (decision.snapshotWeights)
        context.snapshotWeights();
    if (!decision.stop)
        return;
    if (decision.restoreBestWeights) {
        context.restoreWeights();
        context.log(LogLevel::Info,
                    fillText(engineText("EarlyStopping",
                                        "Restoring model weights from the end of the best epoch: "
                                        "%1."),
                             {std::to_string(m_rule.bestEpoch())}));
    }
    context.requestStop(fillText(
        markedText("RunRecord", "early_stopping at epoch %1 (%2 did not improve for %3 epochs)"),
        {std::to_string(epoch), m_options.monitor, std::to_string(m_options.patience)}));
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
                    missingMonitorWarning(engineText("ReduceLrOnPlateau",
                                                     "Learning rate reduction conditioned on "
                                                     "metric `%1` which is not available. "
                                                     "Available metrics are: %2"),
                                          m_monitor, logs));
    }
    if (!decision.newLearningRate)
        return;
    context.setLearningRate(*decision.newLearningRate);
    std::ostringstream rate;
    rate << *decision.newLearningRate;
    context.log(LogLevel::Info,
                fillText(engineText("ReduceLrOnPlateau",
                                    "Epoch %1: ReduceLROnPlateau reducing learning rate to %2."),
                         {std::to_string(epoch), rate.str()}));
}

void TerminateOnNaNCallback::onBatchEnd(CallbackContext& context, const BatchRecord& record)
{
    if (!lossIsInvalid(record.loss))
        return;
    context.log(
        LogLevel::Warning,
        fillText(engineText("TerminateOnNaN", "Batch %1: Invalid loss, terminating training"),
                 {std::to_string(record.batch)}));
    context.requestStop(
        fillText(markedText("RunRecord", "terminate_on_nan at batch %1 of epoch %2"),
                 {std::to_string(record.batch), std::to_string(record.epoch)}));
}

CsvLoggerCallback::CsvLoggerCallback(std::string filename, std::string separator, bool append,
                                     std::string field)
    : m_filename(std::move(filename)),
      m_separator(std::move(separator)),
      m_append(append),
      m_field(std::move(field))
{
}

void CsvLoggerCallback::onTrainBegin(CallbackContext&)
{
    m_content.clear();
    m_haveHeader = false;
    // Checked before the first step: a long run should not end with no log at all. Its
    // directory is created, as model_checkpoint creates its own.
    const std::string directory = std::filesystem::path(m_filename).parent_path().string();
    if (!directory.empty()) {
        if (const auto problem = createWritableDirectory(directory))
            throw ConfigError(
                m_field, fillText(engineText("CsvLogger",
                                             "%1: cannot create or write the log's directory: %2"),
                                  {directory, *problem}));
    }
    if (const auto problem = checkWritableTarget(m_filename))
        throw ConfigError(m_field, *problem);
    if (!m_append)
        return;
    // The log to append to is read like any input a user names: it is checked to be ours
    // before a run starts (callbackwrites), but it may have been swapped since, so it is read
    // only when it is a regular file of a bounded size, and never past the size it had.
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(m_filename, error)))
        return;  // nothing to append to yet
    const InputFile existing(m_filename,
                             engineText("CsvLogger", "cannot open the log to append to: %1"));
    if (existing.size() > kMaxEpochLogBytes)
        throw ConfigError(
            m_field,
            fillText(engineText("CsvLogger",
                                "%1: the log to append to holds %2 bytes, more than the %3 an "
                                "epoch log may hold; choose a new filename or set append to "
                                "false"),
                     {m_filename, std::to_string(existing.size()),
                      std::to_string(kMaxEpochLogBytes)}));
    m_content = existing.readAll();
    m_haveHeader = !m_content.empty();
    if (m_haveHeader && m_content.back() != '\n')
        m_content += '\n';
}

void CsvLoggerCallback::onEpochEnd(CallbackContext&, int epoch, const EpochLogs& logs)
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
        // The training loop fails the run with this reason, as for a checkpoint.
        throw std::runtime_error(fillText(
            markedText("RunRecord", "csv_logger cannot write its log: %1"), {error.what()}));
    }
    m_written.add(static_cast<std::int64_t>(m_content.size()));
}

}  // namespace es
