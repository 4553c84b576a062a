#pragma once

// The Data tab's page for csv: a time series in a CSV file, cut into windows of rows, each
// predicting a later row's target column.

#include "ui/setup/datasourcepage.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace es::ui {

class CsvPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit CsvPage(QWidget* parent = nullptr);

    DataSourceConfig defaultSource() const override;

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QLineEdit* m_path;
    QComboBox* m_delimiter;
    QComboBox* m_header;
    QLineEdit* m_features;
    QLineEdit* m_target;
    QSpinBox* m_window;
    QSpinBox* m_horizon;
    QSpinBox* m_stride;
};

}  // namespace es::ui
