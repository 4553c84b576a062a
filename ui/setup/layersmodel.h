#pragma once

// The layers of the model being set up, one row each, with what the model summary says about
// them (output shape, parameters, training FLOPs per batch), the engine's issues for them, and
// a mark on the recurrent layers whose options keep them off the fused kernel.

#include "engine/config/configerror.h"
#include "engine/config/modelconfig.h"
#include "engine/model/modelsummary.h"

#include <QtCore/QAbstractTableModel>

#include <optional>
#include <vector>

namespace es::ui {

class LayersModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Name, OutputShape, Params, TrainingFlops, ColumnCount };

    explicit LayersModel(QObject* parent = nullptr);

    /// The layers and, when the input shape is known and the stack is valid, their summary
    /// (its layers line up with `model.layers`).
    void setLayers(const ModelConfig& model, const std::optional<ModelSummary>& summary,
                   std::int64_t batchSize);
    /// Keeps the issues at `model.layers[i]...` and shows each on its row.
    void setIssues(const std::vector<ConfigIssue>& issues);
    /// The issue shown on `row`, empty when none.
    QString issue(int row) const;
    /// Why the recurrent layer `layer` runs on the step loop instead of a fused kernel, one
    /// line per option that rules the fused kernel out (unfusedOptions()); empty when none
    /// does. Shown as the tooltip of the layer's mark and on its page.
    static QString stepLoopNote(const LayerConfig& layer);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString layerName(int row) const;

    ModelConfig m_model;
    std::optional<ModelSummary> m_summary;
    std::int64_t m_batchSize = 1;
    std::vector<QString> m_issues;  ///< one per row
};

/// "model.layers[3].units" -> 3; -1 for paths outside the layers.
int layerIndexOfPath(const std::string& path);

}  // namespace es::ui
