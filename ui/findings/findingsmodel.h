#pragma once

// A run's findings as a table: severity, rule, title and the steps its evidence is about.

#include "engine/core/finding.h"

#include <QtCore/QAbstractTableModel>

#include <vector>

namespace es::ui {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Severity, Rule, Title, Steps, ColumnCount };

    explicit FindingsModel(QObject* parent = nullptr);

    void setFindings(std::vector<Finding> findings);
    const std::vector<Finding>& findings() const { return m_findings; }
    /// The finding on `row`; `row` must be valid.
    const Finding& finding(int row) const { return m_findings.at(static_cast<std::size_t>(row)); }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<Finding> m_findings;
};

/// "steps 1-12", "step 40", or empty for a finding about the whole run.
QString stepRangeText(const Finding& finding);

}  // namespace es::ui
