// libFuzzer target for a backup's metadata (es::parseBackupMeta): the JSON string a backup
// carries beside its tensors (where training stands, the epoch's sums, the learning rates, the
// generators, the run's fingerprint), which readBackup checks field by field before LibTorch
// reads anything else. A backup may come from someone else, so any bytes may be there. The
// seeds are metadata of real backups (corpus/backupmeta/), checked against their own run: the
// quick-demo preset, 2 epochs of 3 steps, one parameter group.
//
// Only es::ConfigError may come out (anything else escapes and libFuzzer reports it), with one
// issue for the backup's config field whose message names the file and ends with the advice,
// printable UTF-8. Metadata that is accepted must hold what readBackup relies on without
// checking: a position inside the run, finite sums of no fewer than 0 samples, one positive
// finite learning rate per parameter group, one or two known generators. A broken invariant
// traps.

#include "engine/config/configerror.h"
#include "engine/train/backupmeta.h"
#include "tests/fuzz/printableutf8.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

constexpr const char* kPath = "backup/epochscope-backup.pt";
constexpr const char* kField = "callbacks[0].backup_dir";
constexpr const char* kAdvice = "; move it away to keep it, or start fresh with --ignore-backup";
constexpr int kEpochs = 2;
constexpr std::int64_t kBatchesPerEpoch = 3;

/// The seeds' run, as backupFingerprint writes it.
const es::BackupMetaContext& context()
{
    static const es::BackupMetaContext kContext{
        kPath,
        kField,
        kAdvice,
        nlohmann::json::parse(
            R"({"batch_size":64,"batches_per_epoch":3,"loss":"mse","model":{"input_shape":null,)"
            R"("layers":[{"dropout":0.0,"kernel_l2":0.0,"recurrent_l2":0.0,)"
            R"("return_sequences":false,"type":"lstm","units":64},{"activation":"linear",)"
            R"("type":"dense","units":1}]},"optimizer":{"beta_1":0.9,"beta_2":0.999,)"
            R"("epsilon":1e-07,"learning_rate":0.005,"type":"adam"},"seed":42,"shuffle":true,)"
            R"("train_samples":4915})"),
        kEpochs,
        1};
    return kContext;
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

void checkError(const es::ConfigError& error)
{
    if (error.issues().size() != 1)
        __builtin_trap();
    const es::ConfigIssue& issue = error.issues().front();
    if (issue.path != kField || !startsWith(issue.message, kPath) ||
        !endsWith(issue.message, kAdvice) || !es::fuzz::printableUtf8(issue.message))
        __builtin_trap();
}

void checkMeta(const es::BackupMeta& meta)
{
    if (meta.epoch < 1 || meta.epoch > kEpochs + 1 || meta.batchesDone < 0 ||
        meta.batchesDone > kBatchesPerEpoch)
        __builtin_trap();
    if (!std::isfinite(meta.lossSum) || meta.samples < 0)
        __builtin_trap();
    for (const auto& [metric, sum] : meta.metricSums) {
        if (!std::isfinite(sum))
            __builtin_trap();
    }
    if (meta.learningRates.size() != context().learningRates)
        __builtin_trap();
    for (const double rate : meta.learningRates) {
        if (!std::isfinite(rate) || rate <= 0)
            __builtin_trap();
    }
    if (meta.rngNames.empty() || meta.rngNames.size() > 2)
        __builtin_trap();
    for (const std::string& name : meta.rngNames) {
        if (name != "cpu" && !startsWith(name, "cuda:"))
            __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        checkMeta(es::parseBackupMeta(text, context()));
    } catch (const es::ConfigError& error) {
        // Refused with a message: the expected outcome for most inputs.
        checkError(error);
    }
    return 0;
}
