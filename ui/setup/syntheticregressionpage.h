#pragma once

// The Data tab's page for synthetic_regression: sequences of random features generated in
// memory, each with a noisy target.

#include "ui/setup/datasourcepage.h"

class QDoubleSpinBox;
class QSpinBox;

namespace es::ui {

class SyntheticRegressionPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit SyntheticRegressionPage(QWidget* parent = nullptr);

    DataSourceConfig defaultSource() const override;

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QSpinBox* m_samples;
    QSpinBox* m_timesteps;
    QSpinBox* m_features;
    QDoubleSpinBox* m_noise;
    QSpinBox* m_classes;
};

}  // namespace es::ui
