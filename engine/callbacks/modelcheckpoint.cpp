#include "engine/callbacks/modelcheckpoint.h"

#include "engine/callbacks/savedfiles.h"
#include "engine/config/configerror.h"
#include "engine/core/loglevel.h"
#include "engine/core/text.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/io/writetarget.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <utility>

namespace es {

namespace {

std::string fiveDecimals(double value)
{
    char text[48];
    std::snprintf(text, sizeof text, "%0.5f", value);
    return text;
}

/// Keras' zero-padded epoch number in its checkpoint messages ("00003").
std::string paddedEpoch(int epoch)
{
    char text[24];
    std::snprintf(text, sizeof text, "%05d", epoch);
    return text;
}

}  // namespace

ModelCheckpointCallback::ModelCheckpointCallback(ModelCheckpointOptions options)
    : m_options(std::move(options)),
      m_path(m_options.filepath),
      m_mode(resolveMonitorModeByAcc(m_options.mode, m_options.monitor))
{
}

void ModelCheckpointCallback::onTrainBegin(CallbackContext&)
{
    const std::string fixedPart = m_options.filepath.substr(0, m_options.filepath.find('{'));
    const std::string directory = std::filesystem::path(fixedPart).parent_path().string();
    if (directory.empty())
        return;  // the current directory; the first save reports a problem with it
    if (const auto problem = createWritableDirectory(directory))
        throw ConfigError(
            "model_checkpoint.filepath",
            fillText(engineText("ModelCheckpoint",
                                "%1: cannot create or write the checkpoint directory: %2"),
                     {directory, *problem}));
}

void ModelCheckpointCallback::onBatchEnd(CallbackContext& context, const BatchRecord& record)
{
    if (m_options.saveFreq <= 0)
        return;
    if (++m_stepsSinceSave < m_options.saveFreq)
        return;
    m_stepsSinceSave = 0;
    EpochLogs logs = m_lastLogs;
    logs["loss"] = record.loss;
    save(context, record.epoch, record.batch, logs);
}

void ModelCheckpointCallback::onEpochEnd(CallbackContext& context, int epoch, const EpochLogs& logs)
{
    m_lastLogs = logs;
    if (m_options.saveFreq <= 0)
        save(context, epoch, std::nullopt, logs);
}

void ModelCheckpointCallback::save(CallbackContext& context, int epoch, std::optional<int> batch,
                                   const EpochLogs& logs)
{
    std::map<std::string, double> values(logs.begin(), logs.end());
    values["epoch"] = epoch;
    if (batch)
        values["batch"] = *batch;
    std::string path;
    try {
        path = m_path.format(values);
    } catch (const std::out_of_range&) {
        // A key the run does not log yet (val_loss in the middle of the first epoch).
        context.log(LogLevel::Warning, fillText(engineText("ModelCheckpoint",
                                                           "model_checkpoint: %1 names a value not "
                                                           "logged yet; skipping this save"),
                                                {m_options.filepath}));
        return;
    }
    const auto current = logs.find(m_options.monitor);
    // Keras' rule, kept for every save: the run store marks the saves that improved, so that
    // the best model is found without save_best_only too. A NaN never improves (Keras starts
    // from an infinite best, which NaN does not beat).
    const bool better = current != logs.end() && !std::isnan(current->second) &&
                        (!m_best || (m_mode == MonitorMode::Max ? current->second > *m_best
                                                                : current->second < *m_best));
    if (m_options.saveBestOnly) {
        if (current == logs.end()) {
            context.log(
                LogLevel::Warning,
                fillText(engineText("ModelCheckpoint",
                                    "Can save best model only with %1 available, skipping."),
                         {m_options.monitor}));
            return;
        }
        if (!better) {
            if (m_options.verbose)
                context.log(
                    LogLevel::Info,
                    fillText(engineText("ModelCheckpoint", "Epoch %1: %2 did not improve from %3"),
                             {paddedEpoch(epoch), m_options.monitor, fiveDecimals(*m_best)}));
            return;
        }
    }
    // The run's first file was checked before training; this one may differ in its fields.
    if (const auto refusal = checkWriteTarget(path, WrittenContent::TorchArchive, m_options.writes))
        throw std::runtime_error(fillText(
            markedText("RunRecord", "model_checkpoint refused to save: %1"), {refusal->message}));
    const std::string from = m_best ? fiveDecimals(*m_best) : std::string("inf");
    const std::int64_t bytes = context.saveModel(path, m_options.saveWeightsOnly);
    m_written.add(bytes);
    if (better)
        m_best = current->second;
    report(context, path, epoch, batch,
           current == logs.end() ? std::nullopt : std::optional(current->second), better, bytes);
    if (!m_options.verbose)
        return;
    if (m_options.saveBestOnly)
        context.log(LogLevel::Info,
                    fillText(engineText("ModelCheckpoint",
                                        "Epoch %1: %2 improved from %3 to "
                                        "%4, saving model to %5 (%6)"),
                             {paddedEpoch(epoch), m_options.monitor, from,
                              fiveDecimals(current->second), path, formatBytes(bytes)}));
    else
        context.log(LogLevel::Info,
                    fillText(engineText("ModelCheckpoint", "Epoch %1: saving model to %2 (%3)"),
                             {paddedEpoch(epoch), path, formatBytes(bytes)}));
}

void ModelCheckpointCallback::report(CallbackContext& context, const std::string& path, int epoch,
                                     std::optional<int> batch, std::optional<double> value,
                                     bool best, std::int64_t bytes)
{
    SavedFileRecord file = savedFileAt(SavedFileKind::Model, path, bytes);
    file.epoch = epoch;
    file.batch = batch;
    file.monitor = m_options.monitor;
    file.value = value;
    file.best = best;
    file.weightsOnly = m_options.saveWeightsOnly;
    context.recordSavedFile(*this, std::move(file));
}

}  // namespace es
