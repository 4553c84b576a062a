#include "ui/predict/predictionmetricstable.h"

#include "engine/predict/predictionmetrics.h"

#include <QtWidgets/QHeaderView>

#include <array>
#include <exception>
#include <string>
#include <utility>

namespace es::ui {

namespace {

// Significant digits shown: enough to compare with the CLI's four decimals.
constexpr int kDigits = 5;

/// The binary metrics the threshold changes, by the names taskMetrics() gives them.
std::optional<double> atThreshold(const BinaryMetrics& metrics, const std::string& name)
{
    if (name == "accuracy")
        return metrics.accuracy;
    if (name == "precision")
        return metrics.precision;
    if (name == "recall")
        return metrics.recall;
    if (name == "f1")
        return metrics.f1;
    return std::nullopt;
}

}  // namespace

PredictionMetricsTable::PredictionMetricsTable(QWidget* parent) : QTableWidget(0, 2, parent)
{
    setObjectName("predictionMetrics");
    setHorizontalHeaderLabels({tr("Metric"), tr("Value")});
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
}

void PredictionMetricsTable::clearMetrics()
{
    setRowCount(0);
}

void PredictionMetricsTable::showResult(const PredictionResult& result, double threshold)
{
    clearMetrics();
    if (!result.scored)
        return;
    std::optional<BinaryMetrics> binary;
    if (result.task == PredictionTask::Binary && result.targetWidth == 1 &&
        !result.targets.empty() && result.targets.size() == result.values.size()) {
        try {
            binary = binaryMetrics(result.values, result.targets, threshold);
        } catch (const std::exception&) {
            binary.reset();  // the engine's own numbers at 0.5 stay
        }
    }
    const QString thresholdNote = tr("at the threshold %1").arg(threshold, 0, 'f', 2);
    addRow("loss", tr("loss"), result.loss, false,
           tr("The config's loss with its L2 penalties, as Keras' evaluate reports it"));
    for (const NamedValue& metric : result.metrics) {
        std::optional<double> shown = metric.value;
        QString toolTip;
        if (binary) {
            if (const std::optional<double> recomputed = atThreshold(*binary, metric.name)) {
                shown = recomputed;
                toolTip = thresholdNote;
            }
        }
        const QString name = QString::fromStdString(metric.name);
        addRow(name, name, shown, false, toolTip);
    }
    if (binary) {
        const std::array<std::pair<const char*, std::int64_t>, 4> counts = {{
            {"true_positives", binary->truePositives},
            {"false_positives", binary->falsePositives},
            {"true_negatives", binary->trueNegatives},
            {"false_negatives", binary->falseNegatives},
        }};
        const std::array<QString, 4> labels = {tr("true positives"), tr("false positives"),
                                               tr("true negatives"), tr("false negatives")};
        for (std::size_t i = 0; i < counts.size(); ++i)
            addRow(counts[i].first, labels[i], static_cast<double>(counts[i].second), true,
                   thresholdNote);
    } else {
        for (const auto& [name, count] : result.counts)
            addRow(QString::fromStdString(name), QString::fromStdString(name),
                   static_cast<double>(count), true);
    }
}

void PredictionMetricsTable::addRow(const QString& name, const QString& label,
                                    std::optional<double> value, bool count, const QString& toolTip)
{
    const int row = rowCount();
    insertRow(row);
    auto* nameItem = new QTableWidgetItem(label);
    nameItem->setData(kNameRole, name);
    nameItem->setToolTip(toolTip);
    QString text = tr("n/a", "a metric that is not defined");
    if (value)
        text = count ? QString::number(static_cast<qint64>(*value))
                     : QString::number(*value, 'g', kDigits);
    auto* valueItem = new QTableWidgetItem(text);
    if (value)
        valueItem->setData(kValueRole, *value);
    valueItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    valueItem->setToolTip(toolTip);
    setItem(row, 0, nameItem);
    setItem(row, 1, valueItem);
}

std::optional<double> PredictionMetricsTable::value(const QString& name) const
{
    for (int row = 0; row < rowCount(); ++row) {
        if (item(row, 0)->data(kNameRole).toString() != name)
            continue;
        const QVariant stored = item(row, 1)->data(kValueRole);
        return stored.isValid() ? std::optional<double>(stored.toDouble()) : std::nullopt;
    }
    return std::nullopt;
}

bool PredictionMetricsTable::hasRow(const QString& name) const
{
    for (int row = 0; row < rowCount(); ++row) {
        if (item(row, 0)->data(kNameRole).toString() == name)
            return true;
    }
    return false;
}

}  // namespace es::ui
