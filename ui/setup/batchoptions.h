#pragma once

// The Data tab's options that hold for every source type: the validation split and how the
// training samples are batched, placed and prefetched.

#include "engine/config/runconfigfwd.h"
#include "ui/setup/datafields.h"

#include <QtWidgets/QGroupBox>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace es::ui {

class BatchOptions : public QGroupBox {
    Q_OBJECT

public:
    explicit BatchOptions(QWidget* parent = nullptr);

    /// Shows the options of `data` without emitting changed().
    void showData(const DataConfig& data);

Q_SIGNALS:
    /// The user edited one option: `change` writes it into the config.
    void changed(const es::ui::DataChange& change);

private:
    void change(const DataChange& change);

    bool m_filling = false;
    QDoubleSpinBox* m_validationSplit;
    QCheckBox* m_shuffle;
    QSpinBox* m_batchSize;
    QCheckBox* m_dropLast;
    QComboBox* m_placement;
    QSpinBox* m_prefetch;
    QComboBox* m_batching;
};

}  // namespace es::ui
