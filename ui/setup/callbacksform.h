#pragma once

// The Callbacks tab of the Run setup panel: every callback type in a checklist (checked = in
// the run, in config order) and, next to it, the parameters of the selected one as fields made
// from its spec (engine/config/callbackspecs.h) by CallbackFieldFactory. Checking adds a
// callback, unchecking removes it and keeps its parameters for later.

#include "engine/config/runconfig.h"
#include "ui/setup/callbackfieldfactory.h"
#include "ui/setup/configform.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

class QLabel;
class QListView;
class QWidget;

namespace es::ui {

class CallbacksModel;

class CallbacksForm : public ConfigForm {
    Q_OBJECT

public:
    explicit CallbacksForm(QWidget* parent = nullptr);

    void showConfig(const RunConfig& config) override;

    /// Marks the selected callback's fields and every row with an issue at `callbacks[i]`.
    /// Returns how many issues found a row (each field issue is also a row issue).
    int markProblems(const std::vector<ConfigIssue>& issues) override;

    CallbacksModel* model() const { return m_model; }

    /// Shows the row's parameters in the editor; -1 clears the selection.
    void selectRow(int row);
    /// The row whose parameters the editor shows, -1 when none is selected.
    int selectedRow() const;

private:
    void updateEditor();
    void rebuildFields(int row);
    void dropFields();
    void applyParam(const std::string& name, const nlohmann::json& value);
    void emitEdited();

    RunConfig m_config;
    bool m_filling = false;
    CallbacksModel* m_model;
    QListView* m_list;
    QLabel* m_title;
    QLabel* m_explanation;
    QWidget* m_editorHost;
    CallbackFieldFactory m_fieldFactory;
    QWidget* m_fieldsBox = nullptr;
    std::vector<CallbackParamField> m_fields;
    /// The row and type the fields were made for: a refill keeps them (and the focus) when
    /// only values changed.
    int m_fieldsRow = -1;
    std::string m_fieldsType;
};

}  // namespace es::ui
