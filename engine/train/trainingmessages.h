#pragma once

// The words of the training loop's LibTorch sources (trainer.cpp, threading.cpp,
// preflight.cpp, checkpointweights.cpp), composed in trainingmessages.cpp, which includes no
// LibTorch: an edit of engine/i18n/translate.h, which most of the engine includes, then
// recompiles none of the LibTorch sources (CONTRIBUTING.md, "Build times"). The same holds for
// allocatormessages.h, engine/predict/predictionmessages.h,
// engine/distributed/distributedmessages.h and engine/model/modelmessages.h.
//
// A function named *Record returns English, as the run records it (a markedText() template,
// shown in the reader's language through recordedText()); the others return text in
// engineLanguage().

#include <cstdint>
#include <string>

namespace es {

// What the run records about cuDNN on a CUDA device.
std::string cudnnOffByConfigRecord();
std::string cudnnUnavailableRecord();
std::string cudnnOnRecord(long version);

// What the run records about flushing denormals, after the reason for the choice.
std::string denormalsCannotFlushRecord();
std::string denormalsAppliedToSomeRecord(int threadsAsAsked, int threads);

// Saving and resuming.
std::string cannotSaveModelRecord(const std::string& error);
std::string cannotWriteBackupRecord(const std::string& path, const std::string& error);
std::string cannotWriteBackupRecord(const std::string& error);
/// Where a resumed run started: "epoch 3, step 10 of 40 (backup/run.pt)".
std::string resumedFromRecord(int epoch, std::int64_t batchesDone, std::int64_t batchesPerEpoch,
                              const std::string& path);
/// The log line for a resumed run, `resumedFrom` being resumedFromRecord()'s words.
std::string resumingFromBackupText(const std::string& resumedFrom);
std::string backupAfterLastEpochText();
std::string trainingEndedByText(const std::string& stopReason);

// Several ranks.
std::string ncclUnsupportedText();
std::string meetingOtherRanksText(int rank, int worldSize, const std::string& init);
std::string ranksShareMachineText(int ranksHere, int intraOpThreads, int physicalCores);
/// `differing` ranks would resume elsewhere than rank 0 (at `epoch`, `batchesDone`).
std::string ranksResumeElsewhereText(int differing, std::int64_t epoch, std::int64_t batchesDone);
/// This rank would start at (`hereEpoch`, `hereBatchesDone`), rank 0 at (`epoch`,
/// `batchesDone`).
std::string rankResumesElsewhereText(int rank, int hereEpoch, std::int64_t hereBatchesDone,
                                     std::int64_t epoch, std::int64_t batchesDone);
std::string otherRankStopsText();

// Data.
std::string dataStagedText(const std::string& device, double megabytes, double seconds);
std::string pinnedCopiesRecord(const std::string& device);
/// `layer` ran `batches` of `trainingBatches` on the step loop: mask_zero padding not at the
/// end.
std::string paddingNotAtTheEndText(const std::string& layer, std::int64_t batches,
                                   std::int64_t trainingBatches);

// Threads and devices.
std::string interOpThreadsFixedText(int requested, int current);
std::string noCudaDeviceText(const std::string& device);
std::string tooFewCudaDevicesText(const std::string& device, int count);

// Checkpoints.
std::string backupCheckpointKindText();
std::string weightsAndOptimizerCheckpointKindText();
std::string weightsOnlyCheckpointKindText();
std::string noCheckpointFileText(const std::string& path);
std::string unreadableCheckpointText(const std::string& path, const std::string& error);
std::string checkpointMisfitText(const std::string& path, const std::string& error);

}  // namespace es
