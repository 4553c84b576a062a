#pragma once

// The model checkpoints of one recorded run, to choose the one Predict and "Export for
// PyTorch..." load: what the run database recorded of model_checkpoint's saves, each looked at
// on disk again, so that a file that is no longer the one the run wrote can be seen but not
// chosen (docs/runs.md#checkpoints).

#include "engine/config/runconfig.h"
#include "engine/store/runcheckpoints.h"

#include <QtCore/QString>
#include <QtWidgets/QComboBox>

#include <vector>

namespace es::ui {

/// A run's model checkpoints as a combo box: each recorded model_checkpoint save, newest first,
/// as "epoch 3 · val_loss 0.1234 · best" (step saves "epoch 3, step 40 · ..."), the one
/// chooseCheckpoint(Best) names preselected (else Last); files that are not there as the run
/// wrote them (missing, changed, overwritten, removed, unreachable) listed but disabled, with
/// describeCheckpointState() as their tooltip and the state in the text.
class CheckpointPicker : public QComboBox {
    Q_OBJECT

public:
    explicit CheckpointPicker(QWidget* parent = nullptr);

    /// Reads run `runId` from `databasePath` (read-only, RunStore::loadRunCheckpoints) and lists
    /// its checkpoints. False, with problem() saying why in words for the user (no such run, the
    /// run saved no model checkpoint — add model_checkpoint in Run setup > Callbacks, the
    /// database cannot be read, the run's config no longer parses), when there is nothing to
    /// pick: the list is then empty, or (when none of the files is still as the run wrote it)
    /// holds only disabled entries.
    bool setRun(const QString& databasePath, qint64 runId);
    /// Empties the list and forgets the run (runId() 0, no problem()).
    void clearRun();

    /// The run setRun() read; 0 when none.
    qint64 runId() const { return m_runId; }
    /// Its name as recorded; empty when none was read.
    QString runName() const { return m_runName; }
    /// The run's config as recorded, parsed (parseRunConfig); valid after setRun() returned true.
    const es::RunConfig& config() const { return m_config; }
    /// The tokenizer its run recorded, for a model trained on text (tokenizerJsonText()); empty
    /// otherwise.
    const std::string& tokenizerJson() const { return m_tokenizerJson; }

    /// The chosen checkpoint's file; empty when none can be chosen (no run, or the current entry
    /// is a file that is no longer as the run wrote it).
    QString selectedPath() const;
    /// Why the current entry cannot be used (describeCheckpointState(), e.g. the best checkpoint
    /// was deleted since: it stays preselected, and nothing else is chosen in its place); empty
    /// when it can, or when nothing is listed.
    QString selectionProblem() const;
    /// Selects the entry with this path if it is listed and usable; false otherwise.
    bool selectPath(const QString& path);
    /// True when some listed checkpoint can be chosen (a file still as the run wrote it).
    bool hasUsableCheckpoint() const;

    /// Why setRun() returned false; empty after it returned true, and after clearRun().
    QString problem() const { return m_problem; }

Q_SIGNALS:
    /// The selection changed (setRun() included); `path` is selectedPath().
    void checkpointChanged(const QString& path);

private:
    void fill(const std::vector<es::CheckpointEntry>& entries);
    void emitChanged();

    qint64 m_runId = 0;
    QString m_runName;
    es::RunConfig m_config;
    std::string m_tokenizerJson;
    QString m_problem;
    bool m_filling = false;
};

}  // namespace es::ui
