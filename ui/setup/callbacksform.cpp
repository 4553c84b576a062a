#include "ui/setup/callbacksform.h"

#include "engine/config/callbackspecs.h"
#include "engine/config/runconfig.h"
#include "ui/core/qtext.h"
#include "ui/setup/callbacksmodel.h"
#include "ui/setup/formwidgets.h"

#include <QtCore/QItemSelectionModel>
#include <QtGui/QFont>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QListView>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QVBoxLayout>

#include <string>
#include <utility>

namespace es::ui {

CallbacksForm::CallbacksForm(QWidget* parent)
    : ConfigForm(parent),
      m_model(new CallbacksModel(this)),
      m_list(new QListView(this)),
      m_title(new QLabel(this)),
      m_explanation(new QLabel(this)),
      m_editorHost(new QWidget(this)),
      m_fieldFactory(this, [this](const std::string& name, const nlohmann::json& value) {
          applyParam(name, value);
      })
{
    m_list->setObjectName("callbacks");
    m_title->setObjectName("callbackTitle");
    m_explanation->setObjectName("callbackExplanation");
    m_list->setModel(m_model);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Long paths in a row's summary are cut in the middle, keeping the file name in view,
    // rather than widening the list.
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setSpacing(2);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_explanation->setWordWrap(true);

    auto* hostLayout = new QVBoxLayout(m_editorHost);
    hostLayout->setContentsMargins(0, 0, 0, 0);
    auto* editor = new QWidget(this);
    auto* editorLayout = new QVBoxLayout(editor);
    editorLayout->addWidget(m_title);
    editorLayout->addWidget(m_explanation);
    editorLayout->addWidget(m_editorHost);
    editorLayout->addStretch(1);

    // One above the other: the Run setup dock is narrow, and both the names and the fields need
    // its width.
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_list);
    splitter->addWidget(editor);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_model, &CallbacksModel::callbacksEdited, this, &CallbacksForm::emitEdited);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CallbacksForm::updateEditor);
    selectRow(0);
}

void CallbacksForm::showConfig(const RunConfig& config)
{
    m_config = config;
    m_filling = true;
    // Rows are laid out afresh only when the callbacks differ: after the user's own change
    // comes back from the editor, a row just unchecked stays where it was.
    if (m_model->callbacks() != config.callbacks) {
        const int selected = selectedRow();
        std::string type;
        int sameTypeBefore = 0;
        if (selected >= 0) {
            type = m_model->callbackAt(selected).type;
            for (int row = 0; row < selected; ++row)
                sameTypeBefore += m_model->callbackAt(row).type == type ? 1 : 0;
        }
        m_model->setCallbacks(config.callbacks);
        int reselect = m_model->rowCount() > 0 ? 0 : -1;
        for (int row = 0, seen = 0; row < m_model->rowCount() && !type.empty(); ++row) {
            if (m_model->callbackAt(row).type == type && seen++ == sameTypeBefore) {
                reselect = row;
                break;
            }
        }
        selectRow(reselect);
    }
    updateEditor();
    m_filling = false;
}

int CallbacksForm::markProblems(const std::vector<ConfigIssue>& issues)
{
    ConfigForm::markProblems(issues);
    // The only tagged fields are the selected callback's, so every issue a field shows is
    // also on its row: the rows' count is the number shown.
    return m_model->setIssues(issues);
}

void CallbacksForm::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        m_list->selectionModel()->clear();
        updateEditor();
        return;
    }
    m_list->setCurrentIndex(m_model->index(row));
}

int CallbacksForm::selectedRow() const
{
    const QModelIndex current = m_list->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void CallbacksForm::updateEditor()
{
    const int row = selectedRow();
    if (row < 0) {
        dropFields();
        m_title->setText(tr("No callback selected"));
        m_explanation->setText(tr("Pick a callback in the list to see its parameters."));
        return;
    }
    const CallbackConfig& callback = m_model->callbackAt(row);
    if (row != m_fieldsRow || callback.type != m_fieldsType)
        rebuildFields(row);

    const bool checked = m_model->isChecked(row);
    const int configIndex = m_model->configIndex(row);
    // Marks are cleared while the fields still carry their old paths: markFieldProblems()
    // only reaches tagged fields, and a field may lose its tag below.
    markFieldProblems(m_fieldsBox, {});
    const bool wasFilling = m_filling;
    m_filling = true;
    for (const CallbackParamField& field : m_fields) {
        const auto value = callback.params.find(field.name);
        field.show(value == callback.params.end() ? nlohmann::json() : *value);
        setConfigPath(field.input, checked ? QStringLiteral("callbacks[%1].%2")
                                                 .arg(configIndex)
                                                 .arg(QString::fromStdString(field.name))
                                           : QString());
    }
    m_filling = wasFilling;
    m_fieldsBox->setEnabled(checked);
    markFieldProblems(m_fieldsBox, m_model->issues(row));

    const QModelIndex index = m_model->index(row);
    m_title->setText(tr("%1 (%2)").arg(index.data(CallbacksModel::KerasNameRole).toString(),
                                       index.data(CallbacksModel::TypeRole).toString()));
    QString explanation;
    if (callback.type == "model_checkpoint")
        explanation =
            tr("Saves the model, and unless weights only also the optimizer, to a file "
               "after every epoch or every N batches; the file name can hold the epoch "
               "and logged values.");
    else if (callback.type == "backup_and_restore")
        explanation =
            tr("Keeps a backup of the whole training state so that a run that was "
               "interrupted resumes where it stopped, with the same results.");
    else if (callback.type == "early_stopping")
        explanation =
            tr("Ends training when the monitored value has not improved by min_delta "
               "for patience epochs.");
    else if (callback.type == "reduce_lr_on_plateau")
        explanation =
            tr("Multiplies the learning rate by factor when the monitored value has not "
               "improved for patience epochs.");
    else if (callback.type == "csv_logger")
        explanation = tr("Writes each epoch's losses and metrics as a row of a CSV file.");
    else if (callback.type == "terminate_on_nan")
        explanation = tr("Ends training as soon as the loss becomes NaN.");
    if (!checked)
        explanation = tr("%1 %2", "two sentences: what the callback does, that it is not used")
                          .arg(explanation, tr("Not in this run: check it in the list to add it."));
    m_explanation->setText(explanation.trimmed());
}

void CallbacksForm::rebuildFields(int row)
{
    dropFields();
    m_fieldsBox = new QWidget(m_editorHost);
    auto* form = new QFormLayout(m_fieldsBox);
    form->setContentsMargins(0, 0, 0, 0);
    const std::string& type = m_model->callbackAt(row).type;
    const CallbackSpec* spec = findCallbackSpec(type);
    if (!spec || spec->params.empty())
        form->addRow(new QLabel(tr("This callback has no parameters."), m_fieldsBox));
    if (spec) {
        for (const CallbackParamSpec& param : spec->params) {
            CallbackParamField field = m_fieldFactory.make(param, m_fieldsBox);
            form->addRow(toQString(param.name) + QLatin1Char(':'), field.cell);
            m_fields.push_back(std::move(field));
        }
    }
    m_editorHost->layout()->addWidget(m_fieldsBox);
    m_fieldsRow = row;
    m_fieldsType = type;
}

void CallbacksForm::dropFields()
{
    // Detached before deletion so that neither findChild() nor markFieldProblems() meets the
    // old fields, and deleted later in case one of them is still emitting.
    if (m_fieldsBox) {
        m_fieldsBox->hide();
        m_fieldsBox->setParent(nullptr);
        m_fieldsBox->deleteLater();
        m_fieldsBox = nullptr;
    }
    m_fields.clear();
    m_fieldsRow = -1;
    m_fieldsType.clear();
}

void CallbacksForm::applyParam(const std::string& name, const nlohmann::json& value)
{
    if (m_filling)
        return;
    // The row the fields were made for, even if the selection is already moving on.
    m_model->setParam(m_fieldsRow, name, value);
}

void CallbacksForm::emitEdited()
{
    if (m_filling)
        return;
    m_config.callbacks = m_model->callbacks();
    updateEditor();
    Q_EMIT edited(m_config);
}

}  // namespace es::ui
