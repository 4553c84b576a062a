#pragma once

// The What-if dock's "Add..." dialog: a setting to vary (threads, batch size, placement,
// prefetch, backend, device, checkpoint frequency, or any config path) and its values as a
// comma list, as `epochscope-cli whatif --vary KEY=V1,V2` takes them. The dock checks them
// with the engine's own parser before the dialog closes, so a mistake is shown with the
// engine's message and the dialog stays open to fix it.

#include "engine/config/runconfig.h"

#include <QtCore/QString>
#include <QtWidgets/QDialog>

#include <functional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;

namespace es::ui {

/// A setting the dialog offers.
struct WhatIfKnob {
    QString title;  ///< "Threads"
    /// What `--vary` takes: an alias ("threads") or a config path ("callbacks[1].save_freq");
    /// empty for "another config path", typed by the user.
    QString key;
    QString hint;  ///< example values
    /// Why the baseline cannot vary it (no model_checkpoint callback); empty when it can.
    QString unavailable;
};

/// The settings offered for `baseline`, in menu order.
std::vector<WhatIfKnob> whatIfKnobs(const RunConfig& baseline);

class VariantDialog : public QDialog {
    Q_OBJECT

public:
    /// Adds KEY varied over VALUES, or returns why not (the engine's message).
    using AddFactor = std::function<QString(const QString& key, const QString& values)>;

    VariantDialog(const RunConfig& baseline, AddFactor add, QWidget* parent = nullptr);

    QComboBox* knobs() const { return m_knobs; }
    QLineEdit* path() const { return m_path; }
    QLineEdit* values() const { return m_values; }
    QString errorText() const;

    /// Adds the factor; stays open with the engine's message when it is refused.
    void accept() override;

private:
    void showKnob();
    QString key() const;

    RunConfig m_baseline;
    AddFactor m_add;
    std::vector<WhatIfKnob> m_offered;
    QComboBox* m_knobs;
    QLineEdit* m_path;
    QLineEdit* m_values;
    QLabel* m_current;
    QLabel* m_error;
};

}  // namespace es::ui
