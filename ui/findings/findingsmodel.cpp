#include "ui/findings/findingsmodel.h"

#include "engine/diagnosis/rulename.h"
#include "engine/i18n/severityname.h"
#include "ui/core/qtext.h"

#include <QtWidgets/QApplication>
#include <QtWidgets/QStyle>

namespace es::ui {

namespace {

QIcon severityIcon(es::Severity severity)
{
    QStyle* style = QApplication::style();
    switch (severity) {
        case es::Severity::Critical: return style->standardIcon(QStyle::SP_MessageBoxCritical);
        case es::Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
        case es::Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

}  // namespace

QString stepRangeText(const Finding& finding)
{
    if (!finding.firstStep)
        return {};
    const qint64 first = *finding.firstStep;
    const qint64 last = finding.lastStep.value_or(first);
    return first == last ? FindingsModel::tr("step %1").arg(first)
                         : FindingsModel::tr("steps %1-%2").arg(first).arg(last);
}

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setFindings(std::vector<Finding> findings)
{
    beginResetModel();
    m_findings = std::move(findings);
    endResetModel();
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Finding& shown = finding(index.row());
    switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
                case Severity: return toQString(severityName(shown.severity));
                case Rule: return QString::fromStdString(ruleName(shown.id));
                case Title: return QString::fromStdString(shown.title);
                case Steps: return stepRangeText(shown);
                default: return {};
            }
        case Qt::DecorationRole:
            return index.column() == Severity ? QVariant(severityIcon(shown.severity)) : QVariant();
        case Qt::ToolTipRole: return QString::fromStdString(shown.evidence);
        case Qt::EditRole:
            // Sorting by severity sorts by how bad, not alphabetically.
            return index.column() == Severity ? QVariant(static_cast<int>(shown.severity))
                                              : data(index, Qt::DisplayRole);
        default: return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
        case Severity: return tr("Severity");
        case Rule: return tr("Rule");
        case Title: return tr("Finding", "column: the finding's title");
        case Steps: return tr("Where", "column: the steps a finding is about");
        default: return {};
    }
}

}  // namespace es::ui
