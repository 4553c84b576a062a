#include "setup/callbacksform.h"

#include "config/callbackspecs.h"
#include "setup/callbacksmodel.h"
#include "setup/formwidgets.h"

#include <QtCore/QItemSelectionModel>
#include <QtCore/QLocale>
#include <QtGui/QDoubleValidator>
#include <QtGui/QFont>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QListView>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace es::ui {

namespace {

using Json = nlohmann::json;
using Kind = CallbackParamKind;

// Enough places for the small deltas and learning rates these parameters take (ReduceLROnPlateau's
// min_delta defaults to 1e-4, min_lr values go down to 1e-7).
constexpr int kNumberDecimals = 8;
constexpr double kNumberStep = 1e-4;
// The parser accepts any non-negative number; a million is past every sensible delta or rate.
constexpr double kMaxNumber = 1e6;
// (0, 1) open at both ends, to the places shown.
constexpr int kFractionDecimals = 6;
constexpr double kFractionStep = 0.05;
constexpr char kEachEpoch[] = "epoch";
constexpr std::string_view kModes[] = {"auto", "min", "max"};

/// A double spin box that shows 0.0001 rather than 0.00010000: the many places it needs for
/// small values would otherwise trail every number with zeros.
class CompactDoubleSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;

protected:
    QString textFromValue(double value) const override
    {
        QString text = locale().toString(value, 'f', decimals());
        text.remove(locale().groupSeparator());
        const QString point = locale().decimalPoint();
        if (text.contains(point)) {
            while (text.endsWith(QLatin1Char('0')))
                text.chop(1);
            if (text.endsWith(point))
                text.chop(point.size());
        }
        return text;
    }
};

/// A number validator that also accepts an empty field, which stands for null.
class OptionalNumberValidator : public QDoubleValidator {
public:
    using QDoubleValidator::QDoubleValidator;

    State validate(QString& input, int& pos) const override
    {
        if (input.trimmed().isEmpty())
            return Acceptable;
        return QDoubleValidator::validate(input, pos);
    }
};

QString numberText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

bool isDirectoryParam(std::string_view name)
{
    constexpr std::string_view suffix = "_dir";
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

CallbacksForm::CallbacksForm(QWidget* parent)
    : ConfigForm(parent),
      m_model(new CallbacksModel(this)),
      m_list(new QListView(this)),
      m_title(new QLabel(this)),
      m_explanation(new QLabel(this)),
      m_editorHost(new QWidget(this))
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
    for (const ParamField& field : m_fields) {
        const auto value = callback.params.find(field.name);
        field.show(value == callback.params.end() ? Json() : *value);
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
            ParamField field = makeField(param, m_fieldsBox);
            form->addRow(keyText(param.name) + QLatin1Char(':'), field.cell);
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

CallbacksForm::ParamField CallbacksForm::makeField(const CallbackParamSpec& spec, QWidget* parent)
{
    ParamField field;
    field.name = std::string(spec.name);
    const std::string name = field.name;
    QString hint;
    switch (spec.kind) {
        case Kind::Path:
        case Kind::Text: {
            auto* edit = new QLineEdit(parent);
            field.input = edit;
            field.cell = edit;
            field.show = [edit](const Json& value) {
                edit->setText(value.is_string() ? QString::fromStdString(value.get<std::string>())
                                                : QString());
            };
            connect(edit, &QLineEdit::editingFinished, this,
                    [this, edit, name] { applyParam(name, edit->text().toStdString()); });
            hint = spec.kind == Kind::Path ? tr("A file or folder path, not empty.")
                                           : tr("Text, not empty.");
            if (spec.kind == Kind::Path) {
                auto* cell = new QWidget(parent);
                auto* row = new QHBoxLayout(cell);
                row->setContentsMargins(0, 0, 0, 0);
                auto* browse = new QPushButton(tr("Browse…"), cell);
                browse->setObjectName(keyText(spec.name) + QStringLiteral("_browse"));
                edit->setParent(cell);
                row->addWidget(edit, 1);
                row->addWidget(browse);
                field.cell = cell;
                const bool directory = isDirectoryParam(spec.name);
                connect(browse, &QPushButton::clicked, this, [this, edit, name, directory] {
                    // A file the run will write, often a template: nothing to overwrite yet.
                    const QString chosen =
                        directory ? QFileDialog::getExistingDirectory(this, tr("Choose a folder"),
                                                                      edit->text())
                                  : QFileDialog::getSaveFileName(this, tr("Choose a file"),
                                                                 edit->text(), QString(), nullptr,
                                                                 QFileDialog::DontConfirmOverwrite);
                    if (chosen.isEmpty())
                        return;
                    edit->setText(chosen);
                    applyParam(name, chosen.toStdString());
                });
            }
            break;
        }
        case Kind::Boolean: {
            auto* box = new QCheckBox(parent);
            field.input = box;
            field.show = [box](const Json& value) {
                box->setChecked(value.is_boolean() && value.get<bool>());
            };
            connect(box, &QCheckBox::toggled, this,
                    [this, name](bool checked) { applyParam(name, checked); });
            break;
        }
        case Kind::NonNegativeInt: {
            auto* box = new QSpinBox(parent);
            box->setRange(0, std::numeric_limits<int>::max());
            // One change per finished entry, not one per digit typed.
            box->setKeyboardTracking(false);
            field.input = box;
            field.show = [box](const Json& value) {
                box->setValue(value.is_number() ? static_cast<int>(std::clamp<double>(
                                                      value.get<double>(), 0, box->maximum()))
                                                : 0);
            };
            connect(box, &QSpinBox::valueChanged, this,
                    [this, name](int value) { applyParam(name, std::int64_t{value}); });
            hint = tr("An integer, 0 or more.");
            break;
        }
        case Kind::NonNegativeNumber:
        case Kind::OpenFraction: {
            auto* box = new CompactDoubleSpinBox(parent);
            if (spec.kind == Kind::OpenFraction) {
                const double smallest = std::pow(10.0, -kFractionDecimals);
                box->setDecimals(kFractionDecimals);
                box->setRange(smallest, 1.0 - smallest);
                box->setSingleStep(kFractionStep);
                hint = tr("A number between 0 and 1, both excluded.");
            } else {
                box->setDecimals(kNumberDecimals);
                box->setRange(0.0, kMaxNumber);
                box->setSingleStep(kNumberStep);
                hint = tr("A number, 0 or more.");
            }
            box->setKeyboardTracking(false);
            field.input = box;
            field.show = [box](const Json& value) {
                if (value.is_number())
                    box->setValue(value.get<double>());
            };
            connect(box, &QDoubleSpinBox::valueChanged, this,
                    [this, name](double value) { applyParam(name, value); });
            break;
        }
        case Kind::Mode: {
            auto* combo = new QComboBox(parent);
            for (std::string_view mode : kModes)
                combo->addItem(keyText(mode));
            field.input = combo;
            field.show = [combo](const Json& value) {
                combo->setCurrentIndex(std::max(
                    0, combo->findText(value.is_string()
                                           ? QString::fromStdString(value.get<std::string>())
                                           : QString())));
            };
            connect(combo, &QComboBox::currentIndexChanged, this,
                    [this, combo, name] { applyParam(name, combo->currentText().toStdString()); });
            hint =
                tr("min: lower is better; max: higher is better; auto: decided from the "
                   "monitored name.");
            break;
        }
        case Kind::SaveFrequency: {
            auto* combo = new QComboBox(parent);
            combo->setEditable(true);
            combo->setInsertPolicy(QComboBox::NoInsert);
            combo->addItem(QString::fromLatin1(kEachEpoch));
            field.input = combo;
            field.show = [combo](const Json& value) {
                if (value.is_number_integer())
                    combo->setEditText(QString::number(value.get<std::int64_t>()));
                else
                    combo->setEditText(value.is_string()
                                           ? QString::fromStdString(value.get<std::string>())
                                           : QString());
            };
            // Anything else goes to the config as typed, for the parser to name what it expects.
            const auto apply = [this, combo, name] {
                const QString text = combo->currentText().trimmed();
                bool isNumber = false;
                const qlonglong batches = text.toLongLong(&isNumber);
                if (isNumber)
                    applyParam(name, std::int64_t{batches});
                else
                    applyParam(name, text.toStdString());
            };
            connect(combo->lineEdit(), &QLineEdit::editingFinished, this, apply);
            connect(combo, &QComboBox::activated, this, apply);
            hint = tr("\"epoch\" saves after every epoch; a number saves every that many batches.");
            break;
        }
        case Kind::Verbosity: {
            auto* combo = new QComboBox(parent);
            combo->addItem(tr("0 (silent)"), 0);
            combo->addItem(tr("1 (a line per save)"), 1);
            field.input = combo;
            field.show = [combo](const Json& value) {
                combo->setCurrentIndex(
                    std::max(0, combo->findData(value.is_number() ? value.get<int>() : 0)));
            };
            connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, name] {
                applyParam(name, std::int64_t{combo->currentData().toInt()});
            });
            break;
        }
        case Kind::NumberOrNull: {
            auto* edit = new QLineEdit(parent);
            auto* validator = new OptionalNumberValidator(edit);
            // The C locale both ways, so that what is shown parses back whatever the UI language.
            validator->setLocale(QLocale::c());
            edit->setValidator(validator);
            field.input = edit;
            field.cell = edit;
            field.show = [edit](const Json& value) {
                edit->setText(value.is_number() ? numberText(value.get<double>()) : QString());
            };
            connect(edit, &QLineEdit::editingFinished, this, [this, edit, name] {
                const QString text = edit->text().trimmed();
                bool isNumber = false;
                const double number = QLocale::c().toDouble(text, &isNumber);
                applyParam(name, isNumber ? Json(number) : Json());
            });
            hint = tr("A number, or empty for none.");
            break;
        }
    }
    if (!field.cell)
        field.cell = field.input;
    field.input->setObjectName(keyText(spec.name));
    if (spec.name == "monitor")
        hint =
            tr("A value the run logs: loss or a metric, with val_ in front for the "
               "validation value.");
    else if (spec.name == "filepath")
        hint =
            tr("The checkpoint file; {epoch:02d} and logged values such as {val_loss:.4f} "
               "are filled in.");
    field.input->setToolTip(hint);
    return field;
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
