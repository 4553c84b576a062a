#include "engine/train/trainingmessages.h"

#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

namespace es {

std::string cudnnOffByConfigRecord()
{
    return markedText("RunRecord", "off: device.cudnn is false (unfused LSTM kernels)");
}

std::string cudnnUnavailableRecord()
{
    return markedText("RunRecord", "off: cuDNN is not available to this LibTorch");
}

std::string cudnnOnRecord(long version)
{
    return fillText(markedText("RunRecord", "on: cuDNN %1 fused LSTM kernels"),
                    {std::to_string(version)});
}

std::string denormalsCannotFlushRecord()
{
    return markedText("RunRecord", "not applied: this CPU cannot flush denormals");
}

std::string denormalsAppliedToSomeRecord(int threadsAsAsked, int threads)
{
    return fillText(markedText("RunRecord", "applied to %1 of %2 threads"),
                    {std::to_string(threadsAsAsked), std::to_string(threads)});
}

std::string cannotSaveModelRecord(const std::string& error)
{
    return fillText(markedText("RunRecord", "cannot save the model: %1"), {error});
}

std::string cannotWriteBackupRecord(const std::string& path, const std::string& error)
{
    return fillText(markedText("RunRecord", "cannot write the backup %1: %2"), {path, error});
}

std::string cannotWriteBackupRecord(const std::string& error)
{
    return fillText(markedText("RunRecord", "cannot write the backup: %1"), {error});
}

std::string resumedFromRecord(int epoch, std::int64_t batchesDone, std::int64_t batchesPerEpoch,
                              const std::string& path)
{
    return fillText(markedText("RunRecord", "epoch %1, step %2 of %3 (%4)"),
                    {std::to_string(epoch), std::to_string(batchesDone),
                     std::to_string(batchesPerEpoch), path});
}

std::string resumingFromBackupText(const std::string& resumedFrom)
{
    return fillText(engineText("Trainer", "Resuming from the backup: %1"),
                    {recordedText(resumedFrom)});
}

std::string backupAfterLastEpochText()
{
    return engineText("Trainer",
                      "The backup was taken after the last epoch: nothing is left to train");
}

std::string trainingEndedByText(const std::string& stopReason)
{
    return fillText(engineText("Trainer", "Training ended by %1"), {recordedText(stopReason)});
}

std::string ncclUnsupportedText()
{
    return engineText("Trainer",
                      "\"nccl\" is not supported by this EpochScope yet: its ranks average "
                      "gradients over Gloo; use \"gloo\" or \"auto\"");
}

std::string meetingOtherRanksText(int rank, int worldSize, const std::string& init)
{
    return fillText(engineText("Trainer", "rank %1 of %2: meeting the others at %3"),
                    {std::to_string(rank), std::to_string(worldSize), init});
}

std::string ranksShareMachineText(int ranksHere, int intraOpThreads, int physicalCores)
{
    return fillText(
        engineText("Trainer",
                   "%1 ranks train on this machine: %2 intra-op threads each of its "
                   "%3 physical cores"),
        {std::to_string(ranksHere), std::to_string(intraOpThreads), std::to_string(physicalCores)});
}

namespace {

/// What a rank that would resume elsewhere must fix.
const char* sharedBackupDirText()
{
    return engineText("Trainer",
                      "backup_and_restore's backup_dir must be on a file system every rank sees");
}

}  // namespace

std::string ranksResumeElsewhereText(int differing, std::int64_t epoch, std::int64_t batchesDone)
{
    return fillText(engineText("Trainer",
                               "%1 of the ranks would not resume where rank 0 does (epoch %2, "
                               "step %3): %4"),
                    {std::to_string(differing), std::to_string(epoch), std::to_string(batchesDone),
                     sharedBackupDirText()});
}

std::string rankResumesElsewhereText(int rank, int hereEpoch, std::int64_t hereBatchesDone,
                                     std::int64_t epoch, std::int64_t batchesDone)
{
    return fillText(
        engineText("Trainer",
                   "rank %1 would start at epoch %2, step %3, but rank 0 resumes at "
                   "epoch %4, step %5: %6"),
        {std::to_string(rank), std::to_string(hereEpoch), std::to_string(hereBatchesDone),
         std::to_string(epoch), std::to_string(batchesDone), sharedBackupDirText()});
}

std::string otherRankStopsText()
{
    return engineText("Trainer",
                      "another rank was asked to stop: every rank stops after this step");
}

std::string dataStagedText(const std::string& device, double megabytes, double seconds)
{
    return fillText(engineText("Trainer", "data staged on %1 once: %2 MB in %3 s"),
                    {device, std::to_string(megabytes), std::to_string(seconds)});
}

std::string pinnedCopiesRecord(const std::string& device)
{
    return fillText(markedText("RunRecord",
                               "pinned: the loader thread copies each batch to %1 ahead of its "
                               "step, on a CUDA stream of its own"),
                    {device});
}

std::string paddingNotAtTheEndText(const std::string& layer, std::int64_t batches,
                                   std::int64_t trainingBatches)
{
    return fillText(engineText("Trainer",
                               "%1 ran %2 of %3 training batches on the step loop instead of its "
                               "whole-sequence kernel: their mask_zero padding was not all on "
                               "the right (a padding token 0 before a real one); pad every "
                               "sample at its end"),
                    {layer, std::to_string(batches), std::to_string(trainingBatches)});
}

std::string interOpThreadsFixedText(int requested, int current)
{
    return fillText(engineText("Threading",
                               "device.inter_op_threads=%1 could not be applied: LibTorch sets "
                               "the inter-op pool once per process and it already has %2 "
                               "threads"),
                    {std::to_string(requested), std::to_string(current)});
}

std::string noCudaDeviceText(const std::string& device)
{
    return fillText(engineText("Preflight",
                               "%1 requested, but no CUDA device is available to this LibTorch "
                               "build; use \"cpu\""),
                    {device});
}

std::string tooFewCudaDevicesText(const std::string& device, int count)
{
    return fillText(engineText("Preflight", "%1 requested, but only %2 CUDA device(s) exist"),
                    {device, std::to_string(count)});
}

std::string backupCheckpointKindText()
{
    return engineText("CheckpointWeights", "BackupAndRestore backup");
}

std::string weightsAndOptimizerCheckpointKindText()
{
    return engineText("CheckpointWeights", "weights and optimizer state");
}

std::string weightsOnlyCheckpointKindText()
{
    return engineText("CheckpointWeights", "weights only");
}

std::string noCheckpointFileText(const std::string& path)
{
    return fillText(engineText("CheckpointWeights", "%1: no such file"), {path});
}

std::string unreadableCheckpointText(const std::string& path, const std::string& error)
{
    return fillText(engineText("CheckpointWeights",
                               "%1: not a LibTorch archive EpochScope can read (corrupt, "
                               "truncated, or not written by EpochScope's model_checkpoint or "
                               "backup_and_restore): %2"),
                    {path, error});
}

std::string checkpointMisfitText(const std::string& path, const std::string& error)
{
    return fillText(engineText("CheckpointWeights", "%1 does not fit the config's model: %2"),
                    {path, error});
}

}  // namespace es
