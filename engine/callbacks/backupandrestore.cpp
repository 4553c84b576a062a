#include "engine/callbacks/backupandrestore.h"

#include "engine/callbacks/savedfiles.h"
#include "engine/config/configerror.h"
#include "engine/core/loglevel.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"

#include <filesystem>
#include <stdexcept>
#include <utility>

namespace es {

BackupAndRestoreCallback::BackupAndRestoreCallback(BackupOptions options)
    : m_options(std::move(options))
{
}

std::string BackupAndRestoreCallback::backupPath() const
{
    return (std::filesystem::path(m_options.backupDir) / kFileName).string();
}

void BackupAndRestoreCallback::onTrainBegin(CallbackContext& context)
{
    if (!m_options.writes) {
        restoreIfPresent(context);
        return;
    }
    if (const auto problem = createWritableDirectory(m_options.backupDir))
        throw ConfigError(
            m_options.field,
            fillText(engineText("BackupAndRestore",
                                "%1: cannot create or write the backup directory: %2"),
                     {m_options.backupDir, *problem}));
    restoreIfPresent(context);
}

void BackupAndRestoreCallback::restoreIfPresent(CallbackContext& context)
{
    const std::string path = backupPath();
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        return;
    if (m_options.ignoreExisting) {
        context.log(LogLevel::Warning,
                    fillText(engineText("BackupAndRestore",
                                        "backup_and_restore: ignoring the backup in %1 "
                                        "(--ignore-backup); training starts fresh and replaces it "
                                        "at the first save"),
                             {path}));
        return;
    }
    context.restoreTrainingState(path, m_options.field);
}

void BackupAndRestoreCallback::onBatchEnd(CallbackContext& context, const BatchRecord& record)
{
    if (m_options.saveFreq <= 0)
        return;
    if (++m_stepsSinceSave < m_options.saveFreq)
        return;
    m_stepsSinceSave = 0;
    save(context, record.epoch, record.batch);
}

void BackupAndRestoreCallback::onEpochEnd(CallbackContext& context, int epoch, const EpochLogs&)
{
    if (m_options.saveFreq <= 0)
        save(context, epoch, std::nullopt);
}

void BackupAndRestoreCallback::save(CallbackContext& context, int epoch, std::optional<int> batch)
{
    if (!m_options.writes)
        return;
    std::int64_t bytes = 0;
    try {
        bytes = context.saveTrainingState(backupPath());
    } catch (const std::exception& error) {
        // The previous backup is still whole (atomic rename), so say so: the user decides
        // whether to free space and resume from it.
        throw std::runtime_error(
            "backup_and_restore: " + std::string(error.what()) + "; " +
            fillText(markedText("RunRecord",
                                "the previous backup (if any) in %1 is intact, and a "
                                "restart resumes from it"),
                     {m_options.backupDir}));
    }
    m_written.add(bytes);
    SavedFileRecord file = savedFileAt(SavedFileKind::Backup, backupPath(), bytes);
    file.epoch = epoch;
    file.batch = batch;
    context.recordSavedFile(*this, std::move(file));
}

void BackupAndRestoreCallback::onTrainEnd(CallbackContext& context, bool completed)
{
    if (!completed || !m_options.deleteCheckpoint || !m_options.writes)
        return;
    std::error_code error;
    const bool removed = std::filesystem::remove(backupPath(), error);
    if (removed) {
        // Its last save's record says the run deleted it, not that it went missing.
        SavedFileRecord file = savedFileAt(SavedFileKind::Backup, backupPath(), 0);
        file.removed = true;
        context.recordSavedFile(*this, std::move(file));
    }
    if (error)
        context.log(LogLevel::Warning, fillText(engineText("BackupAndRestore",
                                                           "backup_and_restore: cannot delete %1 "
                                                           "after the finished run: %2"),
                                                {backupPath(), error.message()}));
}

}  // namespace es
