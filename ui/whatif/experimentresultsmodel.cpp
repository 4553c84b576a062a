#include "ui/whatif/experimentresultsmodel.h"

#include "engine/i18n/phasename.h"
#include "engine/i18n/recordedtext.h"
#include "ui/core/qtext.h"

#include <QtGui/QFont>

#include <cmath>

namespace es::ui {

namespace {

// Below 10 ms a tenth of a millisecond is too coarse to tell configurations apart (the CLI's
// rule, so the two print the same digits).
constexpr double kFineBelowMs = 10.0;

bool isNumeric(int column)
{
    switch (column) {
        case ExperimentResultsModel::Runs:
        case ExperimentResultsModel::MinMs:
        case ExperimentResultsModel::MedianMs:
        case ExperimentResultsModel::MaxMs:
        case ExperimentResultsModel::FirstStep:
        case ExperimentResultsModel::ProjectedEpoch:
        case ExperimentResultsModel::Speedup:
        case ExperimentResultsModel::Loss:
        case ExperimentResultsModel::TensorPeak: return true;
        default: return false;
    }
}

}  // namespace

ExperimentResultsModel::ExperimentResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ExperimentResultsModel::setResults(std::vector<VariantResult> results)
{
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

int ExperimentResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_results.size());
}

int ExperimentResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ExperimentResultsModel::millisecondsText(double ms)
{
    return QString::number(ms, 'f', std::fabs(ms) < kFineBelowMs ? 2 : 1);
}

QString ExperimentResultsModel::changesText(const std::vector<PhaseChange>& changes)
{
    QStringList parts;
    for (const PhaseChange& change : changes) {
        // Signed both ways, as the CLI writes it: "+1.20 ms" reads as slower at a glance.
        const QString delta =
            QString::number(std::fabs(change.deltaMs), 'f',
                            std::fabs(change.deltaMs) < kFineBelowMs ? 2 : 1)
                .prepend(change.deltaMs < 0.0 ? QLatin1Char('-') : QLatin1Char('+'));
        parts << tr("%1 %2 ms").arg(toQString(phaseName(change.phase)), delta);
    }
    return parts.join(QStringLiteral(", "));
}

QVariant ExperimentResultsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const VariantResult& row = m_results[static_cast<std::size_t>(index.row())];
    switch (role) {
        case Qt::DisplayRole: return display(row, index.column());
        case kValueRole: return value(row, index.column());
        case Qt::ToolTipRole: return toolTip(row, index.column());
        case Qt::TextAlignmentRole:
            return isNumeric(index.column()) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                             : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        case Qt::FontRole: {
            // The baseline is what every other row is read against; projections are not
            // measurements, and look it.
            if (row.index != 0 && index.column() != ProjectedEpoch)
                return {};
            QFont font;
            font.setBold(row.index == 0);
            font.setItalic(index.column() == ProjectedEpoch);
            return font;
        }
        default: return {};
    }
}

QVariant ExperimentResultsModel::display(const VariantResult& row, int column) const
{
    switch (column) {
        case Configuration:
            return row.index == 0 ? tr("baseline") : QString::fromStdString(row.label);
        case Runs: return QStringLiteral("%1/%2").arg(row.runsMeasured).arg(row.runsPlanned);
        case MinMs: return row.measured() ? millisecondsText(row.minMs) : QString();
        case MedianMs: return row.measured() ? millisecondsText(row.medianMs) : QString();
        case MaxMs: return row.measured() ? millisecondsText(row.maxMs) : QString();
        case FirstStep:
            if (!row.measured())
                return QString();
            if (row.firstStepWarmUpMs > 0.0)
                return tr("%1 + %2 warm-up", "first step ms + the warm-up steps' ms")
                    .arg(millisecondsText(row.firstStepMs),
                         millisecondsText(row.firstStepWarmUpMs));
            return millisecondsText(row.firstStepMs);
        case ProjectedEpoch:
            return row.projectedEpochS ? tr("%1 s").arg(*row.projectedEpochS, 0, 'f', 2)
                                       : QString();
        case Speedup: return row.speedup ? tr("%1\u00d7").arg(*row.speedup, 0, 'f', 2) : QString();
        case Loss:
            return row.measured() && std::isfinite(row.meanLoss)
                       ? QString::number(row.meanLoss, 'g', 4)
                       : QString();
        case TensorPeak:
            return row.measured() && row.tensorPeakBytes > 0
                       ? tr("%1 MB").arg(static_cast<double>(row.tensorPeakBytes) / 1e6, 0, 'f', 1)
                       : QString();
        case Changes:
            if (!row.error.empty())
                return tr("failed: %1").arg(QString::fromStdString(recordedText(row.error)));
            if (!row.measured())
                return tr("not measured");
            return row.index == 0 ? QString() : changesText(row.largestChanges);
        default: return {};
    }
}

QVariant ExperimentResultsModel::value(const VariantResult& row, int column) const
{
    const bool measured = row.measured();
    switch (column) {
        case Runs: return row.runsMeasured;
        case MinMs: return measured ? QVariant(row.minMs) : QVariant();
        case MedianMs: return measured ? QVariant(row.medianMs) : QVariant();
        case MaxMs: return measured ? QVariant(row.maxMs) : QVariant();
        case FirstStep: return measured ? QVariant(row.firstStepMs) : QVariant();
        case ProjectedEpoch:
            return row.projectedEpochS ? QVariant(*row.projectedEpochS) : QVariant();
        case Speedup: return row.speedup ? QVariant(*row.speedup) : QVariant();
        case Loss: return measured ? QVariant(row.meanLoss) : QVariant();
        case TensorPeak:
            return measured && row.tensorPeakBytes > 0
                       ? QVariant(static_cast<double>(row.tensorPeakBytes))
                       : QVariant();
        default: return {};
    }
}

QString ExperimentResultsModel::toolTip(const VariantResult& row, int column) const
{
    if (!row.error.empty())
        return tr("Failed: %1").arg(QString::fromStdString(recordedText(row.error)));
    switch (column) {
        case Configuration:
            return row.index == 0 ? tr("The config every variant is compared with")
                                  : tr("JSON merge patch on the baseline: %1")
                                        .arg(QString::fromStdString(row.patch.dump()));
        case Runs:
            return tr(
                "Runs measured (completed, with a measured window) of those planned; a "
                "stopped run is kept in the database but not counted");
        case ProjectedEpoch:
            if (!row.projectedEpochS)
                return {};
            return tr("Projected, not measured: %1 ms per step \u00d7 %2 steps per epoch of the "
                      "full config")
                .arg(millisecondsText(row.medianMs))
                .arg(row.epochSteps);
        case Changes:
            // The cell is often cut; its tooltip has it whole.
            return row.measured() && row.index != 0 ? changesText(row.largestChanges) : QString();
        case Speedup:
            return row.speedup ? tr("The baseline's projected epoch time over this one's: above "
                                    "1 is faster")
                               : QString();
        default:
            if (row.measured() && row.windowSteps > 0)
                return tr(
                    "Measured: the median step time of each run's %n measured step(s); "
                    "min, median and max over the runs",
                    nullptr, row.windowSteps);
            return {};
    }
}

QVariant ExperimentResultsModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole)
        return isNumeric(section) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                  : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case MinMs:
            case MedianMs:
            case MaxMs:
                return tr(
                    "Milliseconds per step, measured: over the runs' median step times (each "
                    "run's steps after the warm-up)");
            case ProjectedEpoch:
                return tr(
                    "Projected, not measured: median ms per step \u00d7 steps per epoch of "
                    "the configuration's full config");
            case FirstStep:
                return tr(
                    "Milliseconds of the runs' first step (median), which the measured window "
                    "leaves out: the configuration's one-time cost. Warm-up steps "
                    "(training.warmup_steps) take it out of step 1 and show after the +");
            case Speedup: return tr("The baseline's projected epoch time over the row's");
            case Loss:
                return tr(
                    "Mean training loss of the measured steps (median over the runs): a "
                    "variant that changes the model, such as a layer's options, changes it");
            case TensorPeak:
                return tr(
                    "The most tensor memory a measured step held (median over the runs). With "
                    "two batch sizes measured, diagnosing a run projects the largest batch that "
                    "fits (memory-headroom)");
            case Changes: return tr("The phases whose medians changed most against the baseline");
            default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
        case Configuration: return tr("Configuration");
        case Runs: return tr("Runs", "column: runs measured of those planned");
        // Short: the dock is narrow next to its chart; the tooltips say "per step".
        case MinMs: return tr("Min ms");
        case MedianMs: return tr("Median ms");
        case MaxMs: return tr("Max ms");
        case FirstStep: return tr("First step ms");
        case ProjectedEpoch: return tr("Epoch (projected)");
        case Speedup: return tr("Speedup");
        case Loss: return tr("Loss");
        case TensorPeak: return tr("Tensor peak");
        case Changes: return tr("Largest changes");
        default: return {};
    }
}

}  // namespace es::ui
