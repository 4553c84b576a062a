#include "ui/setup/layersmodel.h"

#include "engine/config/configerror.h"
#include "engine/core/text.h"
#include "engine/model/recurrentpath.h"
#include "ui/core/qtext.h"
#include "ui/setup/formwidgets.h"

#include <QtCore/QLocale>
#include <QtGui/QColor>
#include <QtWidgets/QApplication>
#include <QtWidgets/QStyle>

#include <cstdlib>
#include <string_view>

namespace es::ui {

namespace {

const QColor kIssueColour(0xc0, 0x39, 0x2b);

QString shapeText(const std::vector<std::int64_t>& shape)
{
    QStringList dims{LayersModel::tr("batch", "output shape's first dimension: (batch, 64)")};
    for (std::int64_t dim : shape)
        dims << QString::number(dim);
    return QStringLiteral("(%1)").arg(dims.join(QStringLiteral(", ")));
}

}  // namespace

int layerIndexOfPath(const std::string& path)
{
    constexpr std::string_view kPrefix = "model.layers[";
    if (path.rfind(kPrefix, 0) != 0)
        return -1;
    const char* digits = path.c_str() + kPrefix.size();
    char* end = nullptr;
    const long index = std::strtol(digits, &end, 10);
    return end != digits && *end == ']' ? static_cast<int>(index) : -1;
}

LayersModel::LayersModel(QObject* parent) : QAbstractTableModel(parent) {}

void LayersModel::setLayers(const ModelConfig& model, const std::optional<ModelSummary>& summary,
                            std::int64_t batchSize)
{
    beginResetModel();
    m_model = model;
    m_summary = summary;
    if (m_summary && m_summary->layers.size() != m_model.layers.size())
        m_summary.reset();  // not the summary of these layers
    m_batchSize = batchSize;
    m_issues.assign(m_model.layers.size(), QString());
    endResetModel();
}

void LayersModel::setIssues(const std::vector<ConfigIssue>& issues)
{
    std::vector<QString> rows(m_model.layers.size());
    for (const ConfigIssue& issue : issues) {
        const int row = layerIndexOfPath(issue.path);
        if (row >= 0 && row < static_cast<int>(rows.size()) && rows[row].isEmpty())
            rows[row] = QString::fromStdString(configIssueText(issue));
    }
    m_issues = std::move(rows);
    if (!m_issues.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString LayersModel::issue(int row) const
{
    return row >= 0 && row < static_cast<int>(m_issues.size()) ? m_issues[row] : QString();
}

QString LayersModel::stepLoopNote(const LayerConfig& layer)
{
    QStringList lines;
    for (const UnfusedOption& option : unfusedOptions(layer))
        lines << tr("Step loop: %1 %2 is not fused (%1 %3 is)")
                     .arg(toQString(option.key), toQString(option.value),
                          toQString(option.fusedValue));
    return lines.join('\n');
}

int LayersModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_model.layers.size());
}

int LayersModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LayersModel::layerName(int row) const
{
    if (m_summary)
        return QString::fromStdString(m_summary->layers[row].name);
    // Keras numbers layers per type: lstm_1, lstm_2, dense_1.
    const LayerType type = m_model.layers[row].type;
    int ordinal = 0;
    for (int other = 0; other <= row; ++other)
        ordinal += m_model.layers[other].type == type ? 1 : 0;
    return QStringLiteral("%1_%2").arg(toQString(layerTypeKey(type))).arg(ordinal);
}

QVariant LayersModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const bool hasIssue = !m_issues[row].isEmpty();
    // The issue comes first: a layer the engine refuses does not run on any kernel.
    const auto note = [&] { return hasIssue ? m_issues[row] : stepLoopNote(m_model.layers[row]); };
    switch (role) {
        case Qt::DisplayRole: {
            const LayerSummary* summary = m_summary ? &m_summary->layers[row] : nullptr;
            switch (index.column()) {
                case Name: return layerName(row);
                case OutputShape:
                    return summary ? shapeText(summary->outputShape) : QStringLiteral("?");
                case Params:
                    return summary ? QLocale().toString(static_cast<qlonglong>(summary->params))
                                   : QStringLiteral("?");
                case TrainingFlops:
                    if (!summary)
                        return QStringLiteral("?");
                    // Training is forward + backward: 3 x the forward FLOPs (ModelSummary).
                    return QString::fromStdString(formatDecimalUnits(
                        3.0 * summary->forwardFlopsPerSample * static_cast<double>(m_batchSize),
                        "FLOP"));
                default: return {};
            }
        }
        case Qt::TextAlignmentRole:
            return index.column() == Params || index.column() == TrainingFlops
                       ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                       : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        case Qt::ToolTipRole:
        case Qt::AccessibleDescriptionRole: {
            const QString text = note();
            return text.isEmpty() ? QVariant() : text;
        }
        case Qt::ForegroundRole: return hasIssue ? QVariant(kIssueColour) : QVariant();
        case Qt::DecorationRole:
            if (index.column() != Name || note().isEmpty())
                return {};
            return QApplication::style()->standardIcon(hasIssue ? QStyle::SP_MessageBoxWarning
                                                                : QStyle::SP_MessageBoxInformation);
        default: return {};
    }
}

QVariant LayersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
        case Name: return tr("Layer");
        case OutputShape: return tr("Output shape");
        case Params: return tr("Parameters");
        case TrainingFlops:
            return tr("Training / batch", "FLOPs of one batch, forward and backward");
        default: return {};
    }
}

}  // namespace es::ui
