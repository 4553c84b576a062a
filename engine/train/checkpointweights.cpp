#include "engine/train/checkpointweights_torch.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/i18n/translate.h"
#include "engine/train/modelweights_torch.h"

#include <algorithm>
#include <filesystem>

namespace es {

namespace {

constexpr const char* kCheckpointField = "--checkpoint";
// A backup's shuffle order: one int64 per training sample.
constexpr std::uint64_t kShuffleBytesPerSample = 8;

std::string checkpointKind(torch::serialize::InputArchive& archive)
{
    c10::IValue meta;
    if (archive.try_read("epochscope_backup", meta))
        return engineText("CheckpointWeights", "BackupAndRestore backup");
    torch::serialize::InputArchive optimizer;
    if (archive.try_read("optimizer", optimizer))
        return engineText("CheckpointWeights", "weights and optimizer state");
    return engineText("CheckpointWeights", "weights only");
}

}  // namespace

void requireCheckpointFile(const std::string& path)
{
    std::error_code missing;
    if (!std::filesystem::exists(path, missing))
        throw ConfigError(kCheckpointField,
                          fillText(engineText("CheckpointWeights", "%1: no such file"), {path}));
    // Something there that cannot be read, or is not a regular file (a FIFO, a device), is
    // refused now, saying what it is, as loading it would refuse it later.
    const InputFile opened(path);
}

std::string loadCheckpointWeights(torch::nn::Module& model, const std::string& path,
                                  std::int64_t trainingSamples)
{
    requireCheckpointFile(path);
    torch::serialize::InputArchive archive;
    try {
        const auto samples = static_cast<std::uint64_t>(std::max<std::int64_t>(0, trainingSamples));
        loadArchiveChecked(archive, path,
                           archiveByteBudget(model, kShuffleBytesPerSample * samples));
    } catch (const std::exception& error) {
        throw ConfigError(kCheckpointField,
                          fillText(engineText("CheckpointWeights",
                                              "%1: not a LibTorch archive EpochScope can read "
                                              "(corrupt, truncated, or not written by "
                                              "EpochScope's model_checkpoint or "
                                              "backup_and_restore): %2"),
                                   {path, errorText(error)}));
    }
    try {
        loadWeightsChecked(model, archive);
    } catch (const std::exception& error) {
        throw ConfigError(
            kCheckpointField,
            fillText(engineText("CheckpointWeights", "%1 does not fit the config's model: %2"),
                     {path, errorText(error)}));
    }
    return checkpointKind(archive);
}

}  // namespace es
