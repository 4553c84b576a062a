#pragma once

// The Data tab's page for synthetic_tokens: reviews of random token ids generated in memory,
// each labelled 0 or 1, or with one of several classes.

#include "ui/setup/datasourcepage.h"

class QComboBox;
class QSpinBox;

namespace es::ui {

class SyntheticTokensPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit SyntheticTokensPage(QWidget* parent = nullptr);

    DataSourceConfig defaultSource() const override;

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QSpinBox* m_samples;
    QSpinBox* m_timesteps;
    QSpinBox* m_vocabSize;
    QSpinBox* m_classes;
    QComboBox* m_padding;
};

}  // namespace es::ui
