#pragma once

// The What-if dock's left column (whatif/whatifpanel.h): the baseline and its variants in a
// list (Add, Remove, Combine), the warm-up and measured windows and the repeats, Run and Stop,
// and a progress bar that says what the experiment is doing. It holds what is to be measured;
// the panel runs it.

#include "engine/config/runconfig.h"
#include "engine/whatif/measuredrun.h"
#include "engine/whatif/variantspec.h"
#include "ui/whatif/variantset.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

class QCheckBox;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace es::ui {

class WhatIfSetup : public QWidget {
    Q_OBJECT

public:
    explicit WhatIfSetup(QWidget* parent = nullptr);

    /// The config the variants are measured against, named `label`. Variants stay: settings
    /// varied over values apply to the new baseline as well.
    void setBaseline(const RunConfig& config, const QString& label);
    const std::optional<RunConfig>& baseline() const { return m_set.baseline(); }
    QString baselineLabel() const { return m_baselineLabel; }
    /// A variant given as a JSON merge patch on the baseline, named `label`.
    void addVariant(const QString& label, const nlohmann::json& patch);
    /// Varies `key` over `values` ("1, 2"); the engine's message when that is not possible (or
    /// an experiment runs), empty when the variants were added.
    QString addFactor(const QString& key, const QString& values);
    void clearVariants();
    void setCombine(bool combine);
    /// The variants the list shows, in order.
    const std::vector<Variant>& variants() const { return m_set.variants(); }
    /// What is wrong with the variants, empty when nothing is.
    const QString& problems() const { return m_set.problems(); }

    void setSettings(const ExperimentSettings& settings);
    ExperimentSettings settings() const;

    /// Why experiments cannot start now, empty when they can: Run is off and says why.
    void setBlockedReason(const QString& reason);
    const QString& blockedReason() const { return m_blockedReason; }
    /// While an experiment runs nothing to measure can change; Stop is on until it stops.
    void setRunState(bool running, bool stopping);

    /// What the experiment is doing, in the progress bar (the dock is short of rows).
    void setStatus(const QString& text);
    const QString& statusText() const { return m_statusText; }
    void setProgress(int value, int maximum);
    void setProgressValue(int value);
    int progressMaximum() const;

Q_SIGNALS:
    void runRequested();
    void stopRequested();
    /// The list changed; `problems` as problems() says them.
    void variantsChanged(const QString& problems);

private:
    void setUpVariantList();
    void setUpButtons();
    /// Shows the baseline and m_set's variants in the list.
    void refreshVariantList();
    /// The index into variants() of the list's current row; -1 for the baseline or none.
    int selectedVariant() const;
    void removeSelectedVariant();
    void addWithDialog();
    void updateControls();

    VariantSet m_set;
    QString m_baselineLabel;
    QString m_blockedReason;
    QString m_statusText;
    bool m_running = false;
    bool m_stopping = false;

    QTreeWidget* m_variantList;
    QPushButton* m_add;
    QPushButton* m_remove;
    QCheckBox* m_combine;
    QSpinBox* m_warmup;
    QSpinBox* m_measured;
    QSpinBox* m_repeats;
    QPushButton* m_run;
    QPushButton* m_stop;
    QProgressBar* m_progress;
};

}  // namespace es::ui
