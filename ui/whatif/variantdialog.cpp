#include "ui/whatif/variantdialog.h"

#include "engine/whatif/jsonpath.h"
#include "engine/whatif/variantspec.h"
#include "ui/core/errorstyle.h"
#include "ui/core/qtext.h"

#include <QtGui/QStandardItemModel>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace es::ui {

namespace {

QString backendChoices()
{
    QStringList keys;
    for (Backend backend : kAllBackends)
        keys << toQString(backendKey(backend));
    return keys.join(QStringLiteral(", "));
}

/// The config path `key` stands for (an alias such as threads, or the path itself).
QString aliasPath(const QString& key)
{
    const std::string text = key.toStdString();
    return toQString(resolveVaryAlias(text));
}

/// The index of the baseline's first model_checkpoint callback, or -1.
int checkpointIndex(const RunConfig& baseline)
{
    for (std::size_t i = 0; i < baseline.callbacks.size(); ++i) {
        if (baseline.callbacks[i].type == "model_checkpoint")
            return static_cast<int>(i);
    }
    return -1;
}

}  // namespace

std::vector<WhatIfKnob> whatIfKnobs(const RunConfig& baseline)
{
    // A free function: the dialog's context is named, since lupdate files a bare tr() here
    // under the namespace, where the translator never looks.
    std::vector<WhatIfKnob> knobs = {
        {VariantDialog::tr("Threads"),
         QStringLiteral("threads"),
         VariantDialog::tr("for example 1, 2, 4 (0: one per physical core)"),
         {}},
        {VariantDialog::tr("Batch size"),
         QStringLiteral("batch_size"),
         VariantDialog::tr("for example 32, 64, 128"),
         {}},
        {VariantDialog::tr("Placement"),
         QStringLiteral("placement"),
         VariantDialog::tr("host, device (pinned: CUDA devices only)"),
         {}},
        {VariantDialog::tr("Prefetch"),
         QStringLiteral("prefetch"),
         VariantDialog::tr("batches prepared ahead, for example 0, 2, 4"),
         {}},
        {VariantDialog::tr("LSTM backend"), QStringLiteral("backend"), backendChoices(), {}},
        {VariantDialog::tr("Device"),
         QStringLiteral("device"),
         VariantDialog::tr("cpu, cuda, cuda:1"),
         {}},
        {VariantDialog::tr("Warm-up steps"),
         QStringLiteral("warmup"),
         VariantDialog::tr("0 (off) or steps before step 1, for example 0, 1, 3"),
         {}},
    };
    // A merge patch replaces the callbacks array whole, so the path names the checkpoint's
    // own entry; the engine carries the other callbacks over unchanged.
    const int checkpoint = checkpointIndex(baseline);
    knobs.push_back(
        {VariantDialog::tr("Checkpoint frequency"),
         checkpoint >= 0 ? QStringLiteral("callbacks[%1].save_freq").arg(checkpoint) : QString(),
         VariantDialog::tr("epoch, or every N steps: epoch, 100, 10"),
         checkpoint >= 0 ? QString()
                         : VariantDialog::tr("The baseline has no model_checkpoint callback")});
    knobs.push_back(
        {VariantDialog::tr("Another config path"),
         QString(),
         VariantDialog::tr("values as JSON or bare text: 64, true, \"x\", null (the default)"),
         {}});
    return knobs;
}

VariantDialog::VariantDialog(const RunConfig& baseline, AddFactor add, QWidget* parent)
    : QDialog(parent),
      m_baseline(baseline),
      m_add(std::move(add)),
      m_offered(whatIfKnobs(baseline)),
      m_knobs(new QComboBox(this)),
      m_path(new QLineEdit(this)),
      m_values(new QLineEdit(this)),
      m_current(new QLabel(this)),
      m_error(new QLabel(this))
{
    setWindowTitle(tr("Add variants"));
    for (const WhatIfKnob& knob : m_offered) {
        const QString shown = knob.key.isEmpty() || knob.key.contains(QLatin1Char('.'))
                                  ? knob.title
                                  : tr("%1 (%2)").arg(knob.title, aliasPath(knob.key));
        m_knobs->addItem(shown);
        if (!knob.unavailable.isEmpty()) {
            auto* items = qobject_cast<QStandardItemModel*>(m_knobs->model());
            QStandardItem* item = items->item(m_knobs->count() - 1);
            item->setEnabled(false);
            item->setToolTip(knob.unavailable);
        }
    }
    m_path->setObjectName("variantPath");
    m_path->setPlaceholderText(tr("a dotted config path, such as model.layers[0].units"));
    m_values->setObjectName("variantValues");
    m_error->setObjectName("variantError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet(errorTextStyle());
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Add"));
    connect(buttons, &QDialogButtonBox::accepted, this, &VariantDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &VariantDialog::reject);

    auto* form = new QFormLayout();
    form->addRow(tr("&Setting:"), m_knobs);
    form->addRow(tr("Config &path:"), m_path);
    form->addRow(tr("&Values:"), m_values);
    form->addRow(QString(), m_current);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * 70);

    connect(m_knobs, &QComboBox::currentIndexChanged, this, &VariantDialog::showKnob);
    connect(m_path, &QLineEdit::textChanged, this, &VariantDialog::showKnob);
    showKnob();
    m_values->setFocus();
}

QString VariantDialog::key() const
{
    const int index = m_knobs->currentIndex();
    if (index < 0 || index >= static_cast<int>(m_offered.size()))
        return {};
    const WhatIfKnob& knob = m_offered[static_cast<std::size_t>(index)];
    return knob.key.isEmpty() ? m_path->text().trimmed() : knob.key;
}

void VariantDialog::showKnob()
{
    const int index = m_knobs->currentIndex();
    const WhatIfKnob& knob = m_offered[static_cast<std::size_t>(std::max(index, 0))];
    // The path field is for "another config path"; for the others it shows what they mean.
    const bool typed = knob.key.isEmpty() && knob.unavailable.isEmpty();
    m_path->setReadOnly(!typed);
    if (!typed) {
        const QSignalBlocker quiet(m_path);
        m_path->setText(aliasPath(knob.key));
    }
    m_values->setPlaceholderText(knob.hint);
    QString current;
    try {
        const std::vector<JsonPathStep> steps = parseJsonPath(aliasPath(key()).toStdString());
        if (const nlohmann::json* value = findJsonValue(toJson(m_baseline), steps))
            current = tr("The baseline has %1.").arg(QString::fromStdString(valueText(*value)));
        else
            current = tr("The baseline does not set it.");
    } catch (const std::invalid_argument&) {
        // Not a path yet (still being typed): nothing to show.
    }
    m_current->setText(current);
}

QString VariantDialog::errorText() const
{
    return m_error->text();
}

void VariantDialog::accept()
{
    const QString error = m_add(key(), m_values->text());
    if (error.isEmpty()) {
        QDialog::accept();
        return;
    }
    m_error->setText(error);
    m_error->show();
}

}  // namespace es::ui
