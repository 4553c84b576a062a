#pragma once

// The Data tab's page for npy: the inputs, the targets and optionally a validation set, each
// a NumPy .npy file.

#include "ui/setup/datasourcepage.h"

class QLineEdit;

namespace es::ui {

class NpyPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit NpyPage(QWidget* parent = nullptr);

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QLineEdit* m_x;
    QLineEdit* m_y;
    QLineEdit* m_xVal;
    QLineEdit* m_yVal;
};

}  // namespace es::ui
