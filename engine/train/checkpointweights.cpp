#include "engine/train/checkpointweights_torch.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/train/modelweights_torch.h"
#include "engine/train/trainingmessages.h"

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
        return backupCheckpointKindText();
    torch::serialize::InputArchive optimizer;
    if (archive.try_read("optimizer", optimizer))
        return weightsAndOptimizerCheckpointKindText();
    return weightsOnlyCheckpointKindText();
}

}  // namespace

void requireCheckpointFile(const std::string& path)
{
    std::error_code missing;
    if (!std::filesystem::exists(path, missing))
        throw ConfigError(kCheckpointField, noCheckpointFileText(path));
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
        throw ConfigError(kCheckpointField, unreadableCheckpointText(path, errorText(error)));
    }
    try {
        loadWeightsChecked(model, archive);
    } catch (const std::exception& error) {
        throw ConfigError(kCheckpointField, checkpointMisfitText(path, errorText(error)));
    }
    return checkpointKind(archive);
}

}  // namespace es
