#pragma once

// The Model tab: a layer editor for the Sequential model (add, remove, reorder, each layer's
// properties in LayerFields) with the parameter count and training FLOPs per batch recomputed
// from the config on every change, as the CLI's summary computes them.

#include "engine/config/runconfig.h"
#include "ui/setup/configform.h"

#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace es::ui {

class LayerFields;
class LayersModel;

class ModelForm : public ConfigForm {
    Q_OBJECT

public:
    explicit ModelForm(QWidget* parent = nullptr);

    void showConfig(const RunConfig& config) override;
    int markProblems(const std::vector<ConfigIssue>& issues) override;

    /// Where relative data paths point, for reading the input shape from .npy/.npz headers.
    void setBaseDirectory(const QString& directory) { m_baseDirectory = directory; }

    /// Adds a layer of `type` with usable defaults after the selected layer (at the end when
    /// none is selected) and selects it; a recurrent layer that comes to feed another returns
    /// its whole sequence, as Keras needs.
    void addLayer(LayerType type);
    void removeSelectedLayer();
    /// Moves the selected layer up (-1) or down (+1).
    void moveSelectedLayer(int offset);
    void selectLayer(int row);
    int selectedLayer() const;

    LayersModel* layersModel() const { return m_layers; }
    /// The totals line under the table: parameters and FLOPs, or why they are unknown.
    QString totalsText() const;

private:
    void refresh(int selectRow);
    void showSelectedLayer();
    void applyLayer(const LayerConfig& layer);
    void applyInputShape();
    void emitEdited();
    /// The shape of one sample: declared in the config, else read from the data files' headers.
    std::optional<std::vector<std::int64_t>> inputShape() const;

    RunConfig m_config;
    QString m_baseDirectory;
    bool m_filling = false;
    std::vector<ConfigIssue> m_issues;

    LayersModel* m_layers;
    QTableView* m_table;
    QLineEdit* m_inputShape;
    QToolButton* m_add;
    QToolButton* m_remove;
    QToolButton* m_up;
    QToolButton* m_down;
    QLabel* m_totals;
    QLabel* m_layerTitle;
    LayerFields* m_fields;
};

}  // namespace es::ui
