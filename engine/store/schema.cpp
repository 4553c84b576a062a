#include "engine/store/schema.h"

namespace es {

const std::vector<std::string_view>& schemaMigrations()
{
    // Never edit a migration once released: databases in the wild already ran it. Add one.
    static const std::vector<std::string_view> kMigrations = {
        // 1: runs with their epochs, steps and system samples.
        R"sql(
CREATE TABLE runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    status TEXT NOT NULL,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    config_json TEXT NOT NULL,
    info_json TEXT,
    summary_json TEXT,
    error TEXT,
    notes TEXT NOT NULL DEFAULT '',
    pid INTEGER,
    process_start INTEGER,
    host TEXT
);
CREATE TABLE epochs (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    epoch INTEGER NOT NULL,
    start_s REAL NOT NULL,
    batches INTEGER NOT NULL,
    wall_s REAL NOT NULL,
    train_s REAL NOT NULL,
    validation_s REAL NOT NULL,
    data_wait_s REAL NOT NULL,
    host_to_device_s REAL NOT NULL,
    forward_s REAL NOT NULL,
    backward_s REAL NOT NULL,
    optimizer_s REAL NOT NULL,
    callbacks_s REAL NOT NULL,
    other_s REAL NOT NULL,
    samples INTEGER NOT NULL,
    train_loss REAL,
    val_loss REAL,
    metrics_json TEXT NOT NULL,
    PRIMARY KEY (run_id, epoch)
);
CREATE TABLE batches (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    epoch INTEGER NOT NULL,
    batch INTEGER NOT NULL,
    end_s REAL NOT NULL,
    wall_ms REAL NOT NULL,
    data_wait_ms REAL NOT NULL,
    host_to_device_ms REAL NOT NULL,
    forward_ms REAL NOT NULL,
    backward_ms REAL NOT NULL,
    optimizer_ms REAL NOT NULL,
    callbacks_ms REAL NOT NULL,
    other_ms REAL NOT NULL,
    loss REAL,
    samples INTEGER NOT NULL,
    h2d_bytes INTEGER NOT NULL,
    PRIMARY KEY (run_id, epoch, batch)
) WITHOUT ROWID;
CREATE TABLE samples (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    t_s REAL NOT NULL,
    process_cpu_pct REAL NOT NULL,
    machine_cpu_pct REAL NOT NULL,
    rss_mb REAL NOT NULL,
    threads_json TEXT NOT NULL,
    gpus_json TEXT NOT NULL
);
CREATE INDEX samples_by_run ON samples(run_id, t_s);
)sql",
        // 2: page faults per step, the per-callback breakdown and diagnosis findings.
        R"sql(
ALTER TABLE batches ADD COLUMN minor_faults INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN major_faults INTEGER NOT NULL DEFAULT 0;
CREATE TABLE epoch_callbacks (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    epoch INTEGER NOT NULL,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (run_id, epoch, position)
);
CREATE TABLE findings (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    rule TEXT NOT NULL,
    severity TEXT NOT NULL,
    title TEXT NOT NULL,
    evidence TEXT NOT NULL,
    recommendation TEXT NOT NULL,
    patch_json TEXT,
    first_batch INTEGER,
    last_batch INTEGER,
    PRIMARY KEY (run_id, position)
);
)sql",
        // 3: the files each callback wrote in an epoch (checkpoints, backups, CSV logs).
        R"sql(
ALTER TABLE epoch_callbacks ADD COLUMN bytes_written INTEGER NOT NULL DEFAULT 0;
ALTER TABLE epoch_callbacks ADD COLUMN files_written INTEGER NOT NULL DEFAULT 0;
)sql",
        // 4: what-if experiments: a baseline and variants, each measured over several runs.
        R"sql(
CREATE TABLE experiments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    settings_json TEXT NOT NULL,
    baseline_config_json TEXT NOT NULL
);
CREATE TABLE experiment_runs (
    experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    variant_index INTEGER NOT NULL,
    variant_label TEXT NOT NULL,
    patch_json TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, run_id)
);
CREATE INDEX experiment_runs_by_run ON experiment_runs(run_id);
)sql",
        // 5: the Warm-up phase (training.warmup_steps); runs recorded before it had none.
        R"sql(
ALTER TABLE epochs ADD COLUMN warm_up_s REAL NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN warm_up_ms REAL NOT NULL DEFAULT 0;
)sql",
        // 6: the numbers a diagnosis measured besides its findings (the SGEMM peak), so that
        // its findings can be written again in another language; null before.
        R"sql(
ALTER TABLE runs ADD COLUMN diagnosis_json TEXT;
)sql",
        // 7: the Communication phase (a distributed run's wait for its averaged gradients);
        // runs recorded before it ran in one process, where it is 0.
        R"sql(
ALTER TABLE epochs ADD COLUMN communication_s REAL NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN communication_ms REAL NOT NULL DEFAULT 0;
)sql",
        // 8: a distributed run's gradient bytes per step, and the steps of its ranks other
        // than 0 (whose own stay in `batches`), gathered by rank 0 at each epoch's end.
        R"sql(
ALTER TABLE batches ADD COLUMN reduced_bytes INTEGER NOT NULL DEFAULT 0;
CREATE TABLE rank_batches (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    rank INTEGER NOT NULL,
    epoch INTEGER NOT NULL,
    batch INTEGER NOT NULL,
    end_s REAL NOT NULL,
    wall_ms REAL NOT NULL,
    data_wait_ms REAL NOT NULL,
    host_to_device_ms REAL NOT NULL,
    forward_ms REAL NOT NULL,
    backward_ms REAL NOT NULL,
    optimizer_ms REAL NOT NULL,
    callbacks_ms REAL NOT NULL,
    warm_up_ms REAL NOT NULL,
    communication_ms REAL NOT NULL,
    other_ms REAL NOT NULL,
    loss REAL,
    samples INTEGER NOT NULL,
    h2d_bytes INTEGER NOT NULL,
    minor_faults INTEGER NOT NULL,
    major_faults INTEGER NOT NULL,
    reduced_bytes INTEGER NOT NULL,
    PRIMARY KEY (run_id, rank, epoch, batch)
) WITHOUT ROWID;
)sql",
        // 9: the files a run's callbacks wrote: every save of model_checkpoint, and the backup
        // of backup_and_restore (one row per file, its latest save), with the file's size and
        // modification time right after the write, so that `runs show` and `--run ID` find a
        // run's checkpoints and tell one moved, deleted or rewritten since. Runs recorded
        // before have none.
        R"sql(
CREATE TABLE checkpoints (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    callback INTEGER NOT NULL,
    path TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    batch INTEGER,
    monitor TEXT NOT NULL,
    value REAL,
    best INTEGER NOT NULL,
    weights_only INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    removed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX checkpoints_by_run ON checkpoints(run_id, id);
)sql",
        // 10: a distributed step's communication hidden behind its backward (its gradients
        // are all-reduced in buckets while backward runs), beside the exposed wait that is
        // communication_ms; 0 for the steps recorded before, which reduced after backward.
        R"sql(
ALTER TABLE batches ADD COLUMN overlapped_ms REAL NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN overlapped_ms REAL NOT NULL DEFAULT 0;
)sql",
        // 11: the share of a step's time steps that were padding (token ids 0), which batches
        // by length cut; 0 for the steps recorded before and for float features.
        R"sql(
ALTER TABLE batches ADD COLUMN padding_share REAL NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN padding_share REAL NOT NULL DEFAULT 0;
)sql",
        // 12: a text source's tokenizer (engine/data/tokenizerfile.h: the vocabulary, the
        // sequence length, the classes), kept apart from info_json, which every runs list
        // reads, because a vocabulary is hundreds of kilobytes; NULL for other runs and for
        // those recorded before.
        R"sql(
ALTER TABLE runs ADD COLUMN tokenizer_json TEXT;
)sql",
        // 13: the time steps of a step's batch as trained (its width when batched by length),
        // which with its samples is the shape the kernels built primitives for; 0 for the
        // steps recorded before.
        R"sql(
ALTER TABLE batches ADD COLUMN timesteps INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN timesteps INTEGER NOT NULL DEFAULT 0;
)sql",
        // 14: a step's CPU tensor memory per phase (the most bytes held at once during it, and
        // at its end) and the blocks it allocated (engine/core/records.h, StepMemory); 0 for
        // the steps recorded before.
        R"sql(
ALTER TABLE batches ADD COLUMN data_wait_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN host_to_device_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN forward_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN backward_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN optimizer_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN callbacks_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN warm_up_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN communication_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN other_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN data_wait_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN host_to_device_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN forward_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN backward_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN optimizer_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN callbacks_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN warm_up_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN communication_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN other_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batches ADD COLUMN allocations INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN data_wait_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN host_to_device_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN forward_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN backward_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN optimizer_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN callbacks_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN warm_up_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN communication_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN other_peak_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN data_wait_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN host_to_device_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN forward_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN backward_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN optimizer_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN callbacks_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN warm_up_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN communication_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN other_end_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rank_batches ADD COLUMN allocations INTEGER NOT NULL DEFAULT 0;
)sql",
    };
    return kMigrations;
}

}  // namespace es
