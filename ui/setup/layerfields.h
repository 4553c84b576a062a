#pragma once

// The fields of the Model tab's selected layer: one page per kind of layer (embedding, the
// recurrent layers lstm, gru and bidirectional, dropout, dense), each with the options people
// change first and the rarely changed ones (bias, initializers, L2, unroll, go backwards) in a
// collapsed section whose title counts those the layer changes.
// Each field writes only its own key, so a layer that is shown and edited back is the layer it
// was, to the last digit of a value the field rounds for display.

#include "engine/config/configerror.h"
#include "engine/config/modelconfig.h"

#include <QtWidgets/QWidget>

#include <array>
#include <memory>
#include <vector>

class QLabel;
class QStackedWidget;

namespace es::ui {

// One field of a page and one page of LayerFields (defined in layerfields.cpp).
struct LayerField;
struct LayerPage;

class LayerFields : public QWidget {
    Q_OBJECT

public:
    explicit LayerFields(QWidget* parent = nullptr);
    ~LayerFields() override;

    /// Shows `layer` on its type's page without emitting edited(). The fields that apply to it
    /// are tagged with their config paths under `path` ("model.layers[2]"; a bidirectional
    /// layer's recurrent options under "model.layers[2].layer"), so that the engine's issues
    /// land on them.
    void showLayer(const LayerConfig& layer, const QString& path);
    /// Shows the hint to select a layer.
    void showNothing();
    /// Opens the shown page's advanced section when one of `issues` names a field in it.
    void revealIssues(const std::vector<ConfigIssue>& issues);

    /// The layer as shown, with the user's edits.
    const LayerConfig& layer() const { return m_layer; }

Q_SIGNALS:
    /// The shown layer with one field's edit applied.
    void edited(const es::LayerConfig& layer);

private:
    enum PageIndex { EmbeddingPage, RecurrentPage, DropoutPage, DensePage, PageCount };

    /// A page with an advanced section holding `advancedOptions` (named in its tooltip; no
    /// section when empty).
    LayerPage& newPage(PageIndex index, const QString& advancedOptions);
    /// Adds `field` as a row of `page` (`label` empty: the widget spans the row) and applies
    /// the widget's edits to the shown layer.
    void addRow(LayerPage& page, const QString& label, LayerField field);
    void buildEmbeddingPage();
    void buildRecurrentPage();
    void buildDropoutPage();
    void buildDensePage();
    /// The shown page's rows for the shown layer: which apply, their config paths, the
    /// advanced section's title and the kernel note.
    void updatePage();
    void applyEdit(const LayerField& field);
    static PageIndex pageOf(LayerType type);

    LayerConfig m_layer;
    QString m_path;
    bool m_filling = false;
    QStackedWidget* m_pages;
    QLabel* m_kernelNote;
    std::array<std::unique_ptr<LayerPage>, PageCount> m_pageFields;
};

}  // namespace es::ui
