#pragma once

// The Data tab's page for npz: one NumPy archive and the names of the arrays in it to train
// and validate on, offered from the archive once the preview has listed it.

#include "ui/setup/datasourcepage.h"

#include <QtCore/QStringList>

class QComboBox;
class QLineEdit;

namespace es::ui {

class NpzPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit NpzPage(QWidget* parent = nullptr);

    /// Offers `members` (the archive's arrays) in the array fields, keeping what they show;
    /// empty offers nothing.
    void setMembers(const QStringList& members);

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QComboBox* memberField(const QString& configPath, const QString& objectName,
                           const QString& defaultName);

    QLineEdit* m_path;
    QComboBox* m_x;
    QComboBox* m_y;
    QComboBox* m_xVal;
    QComboBox* m_yVal;
};

}  // namespace es::ui
