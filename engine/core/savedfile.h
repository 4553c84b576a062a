#pragma once

// A file a callback wrote for the run (a model checkpoint, a backup), as the run database
// keeps it: enough to find it again (`runs show`, `--run ID`) and to tell whether it is still
// the file that was written (docs/runs.md#checkpoints).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace es {

enum class SavedFileKind {
    Model,   ///< model_checkpoint's save: the weights, and the optimizer's state unless weightsOnly
    Backup,  ///< backup_and_restore's backup: everything a resumed run needs
};

/// The store's key for `kind` ("model", "backup").
inline std::string_view savedFileKindKey(SavedFileKind kind)
{
    return kind == SavedFileKind::Backup ? "backup" : "model";
}

inline std::optional<SavedFileKind> savedFileKindFromKey(std::string_view key)
{
    if (key == "model")
        return SavedFileKind::Model;
    if (key == "backup")
        return SavedFileKind::Backup;
    return std::nullopt;
}

/// One save (or, with `removed`, the run deleting the file it saved), reported by the callback
/// as it happens and passed to the run's observers on the engine thread.
struct SavedFileRecord {
    SavedFileKind kind = SavedFileKind::Model;
    /// The callback's index in the run's callbacks (the config's order); the training loop
    /// fills it in. Tells two model_checkpoint callbacks of one run apart.
    int callback = 0;
    std::string path;  ///< absolute, lexically normal
    int epoch = 0;     ///< 1-based: the epoch the save was made in (or at the end of)
    /// 1-based step within the epoch for a save every N steps; nullopt for one at an epoch's end.
    std::optional<int> batch;
    std::string monitor;          ///< model_checkpoint's monitor ("val_loss"); empty for backups
    std::optional<double> value;  ///< the monitored value when saved; nullopt when not logged
    /// The monitored value was better (by the callback's mode) than at every earlier save of
    /// this callback: the newest such save is the run's best model.
    bool best = false;
    bool weightsOnly = false;  ///< save_weights_only: no optimizer state in the file
    std::int64_t bytes = 0;    ///< the file's size right after the write
    /// Its modification time right after the write, in nanoseconds since the Unix epoch; 0 when
    /// it could not be read (then only the size tells a changed file).
    std::int64_t mtimeNs = 0;
    /// Not a save: the run deleted the file at `path` (backup_and_restore when training
    /// completed), so that its record says so rather than "missing".
    bool removed = false;
};

}  // namespace es
