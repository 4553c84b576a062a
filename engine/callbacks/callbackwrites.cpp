#include "engine/callbacks/callbackwrites.h"

#include "engine/callbacks/backupandrestore.h"
#include "engine/config/jsonreader.h"
#include "engine/config/pathtemplate.h"
#include "engine/config/runconfig.h"

#include <filesystem>
#include <map>
#include <stdexcept>

namespace es {

namespace {

std::string callbackField(std::size_t index, const char* parameter)
{
    return JsonReader::elementPath("callbacks", index) + "." + parameter;
}

/// The file a checkpoint template names with every field 1 ("m-{epoch:02d}.pt" is "m-01.pt").
std::string firstCheckpoint(const std::string& filepath)
{
    try {
        const PathTemplate path(filepath);
        std::map<std::string, double> values;
        for (const std::string& key : path.keys())
            values[key] = 1.0;
        return path.format(values);
    } catch (const std::exception&) {
        return filepath;  // the parser refused it already; the literal text is what is left
    }
}

}  // namespace

std::vector<PlannedWrite> plannedWrites(const RunConfig& config)
{
    std::vector<PlannedWrite> writes;
    for (std::size_t i = 0; i < config.callbacks.size(); ++i) {
        const CallbackConfig& callback = config.callbacks[i];
        const nlohmann::json& p = callback.params;
        if (callback.type == "csv_logger") {
            PlannedWrite write;
            write.field = callbackField(i, "filename");
            write.path = p.value("filename", std::string());
            write.content = WrittenContent::EpochLog;
            write.separator = p.value("separator", std::string(","));
            writes.push_back(write);
        } else if (callback.type == "model_checkpoint") {
            writes.push_back({callbackField(i, "filepath"),
                              firstCheckpoint(p.value("filepath", std::string())),
                              WrittenContent::TorchArchive, ","});
        } else if (callback.type == "backup_and_restore") {
            const std::filesystem::path file =
                std::filesystem::path(p.value("backup_dir", std::string())) /
                BackupAndRestoreCallback::kFileName;
            writes.push_back({callbackField(i, "backup_dir"), file.string(),
                              WrittenContent::TorchArchive, ",", false});
        }
    }
    return writes;
}

std::optional<WriteRefusal> refusalOf(const PlannedWrite& write,
                                      const WritePermissions& permissions)
{
    WritePermissions checked = permissions;
    checked.foreignFiles = checked.foreignFiles || !write.checkExisting;
    return checkWriteTarget(write.path, write.content, checked, write.separator);
}

std::vector<ConfigIssue> checkRunWrites(const RunConfig& config)
{
    std::vector<ConfigIssue> issues;
    for (const PlannedWrite& write : plannedWrites(config)) {
        if (const auto refusal = refusalOf(write, config.writes))
            issues.push_back({write.field, refusal->message});
    }
    return issues;
}

}  // namespace es
