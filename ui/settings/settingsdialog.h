#pragma once

// Settings: where runs are recorded, how much of a live run the step charts follow, the
// theme and the language.

#include "ui/settings/appsettings.h"

#include <QtWidgets/QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace es::ui {

class SettingsDialog : public QDialog {
    Q_OBJECT

public:
    explicit SettingsDialog(const AppSettings& settings, QWidget* parent = nullptr);

    AppSettings settings() const;

private:
    QLineEdit* m_database;
    QSpinBox* m_windowSteps;
    QSpinBox* m_sampleInterval;
    QComboBox* m_theme;
    QComboBox* m_language;
    QLabel* m_languageNote;
};

}  // namespace es::ui
