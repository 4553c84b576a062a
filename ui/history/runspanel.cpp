#include "ui/history/runspanel.h"

#include "engine/store/runstore.h"
#include "engine/store/storewritability.h"
#include "ui/history/runsmodel.h"
#include "ui/reports/reportexportdialog.h"

#include <QtCore/QSortFilterProxyModel>
#include <QtGui/QAction>
#include <QtGui/QPalette>
#include <QtWidgets/QFrame>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QInputDialog>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTableView>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>

namespace es::ui {

RunsPanel::RunsPanel(QWidget* parent)
    : QWidget(parent),
      m_model(new RunsModel(this)),
      m_filter(new QSortFilterProxyModel(this)),
      m_view(new QTableView(this)),
      m_filterEdit(new QLineEdit(this)),
      m_compare(new QAction(tr("Co&mpare..."), this)),
      m_predict(new QAction(tr("&Predict..."), this)),
      m_exportPyTorch(new QAction(tr("E&xport for PyTorch..."), this)),
      m_problemBanner(new QFrame(this)),
      m_problemText(new QLabel(m_problemBanner))
{
    m_filter->setSourceModel(m_model);
    m_filter->setSortRole(Qt::EditRole);
    m_filter->setFilterKeyColumn(-1);  // any column
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunsModel::Id, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several runs at once for Compare (and Delete); Ctrl- and Shift-click as everywhere.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    connect(m_view, &QTableView::doubleClicked, this, [this] {
        if (const qint64 id = selectedRunId())
            Q_EMIT openRequested(id);
    });

    m_filterEdit->setPlaceholderText(tr("Filter runs (name, device, status, ...)"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter,
            &QSortFilterProxyModel::setFilterFixedString);

    auto* open = new QPushButton(tr("&Open"), this);
    open->setToolTip(tr("Show the selected run in the dashboard"));
    connect(open, &QPushButton::clicked, this, [this] {
        if (const qint64 id = selectedRunId())
            Q_EMIT openRequested(id);
    });
    auto* rename = new QPushButton(tr("Re&name..."), this);
    rename->setToolTip(tr("Give the selected run a new name (F2)"));
    connect(rename, &QPushButton::clicked, this, &RunsPanel::renameSelected);
    auto* annotate = new QPushButton(tr("&Notes..."), this);
    connect(annotate, &QPushButton::clicked, this, &RunsPanel::annotateSelected);
    auto* remove = new QPushButton(tr("&Delete"), this);
    connect(remove, &QPushButton::clicked, this, &RunsPanel::deleteSelected);
    annotate->setToolTip(tr("Write notes on the selected run"));
    remove->setToolTip(tr("Delete the selected runs and all their records (Delete)"));
    rename->setObjectName(QStringLiteral("renameRunButton"));
    annotate->setObjectName(QStringLiteral("runNotesButton"));
    remove->setObjectName(QStringLiteral("deleteRunButton"));
    m_editButtons = {rename, annotate, remove};
    for (QPushButton* button : std::as_const(m_editButtons))
        button->setProperty("editToolTip", button->toolTip());  // shown again once writable
    auto* refresh = new QPushButton(tr("&Refresh"), this);
    connect(refresh, &QPushButton::clicked, this, &RunsPanel::reload);
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_compare->setToolTip(
        tr("Compare the selected runs (two or more) in a report with a preview, and save it "
           "as HTML, PDF, Markdown, CSV or JSON (Ctrl+E)"));
    m_compare->setStatusTip(m_compare->toolTip());
    connect(m_compare, &QAction::triggered, this, [this] { compareSelected(); });
    // On the panel with the window's context: Ctrl+E works wherever the focus is in the
    // window while the panel is shown, and a menu can show the same action.
    addAction(m_compare);
    // A button for an action: it triggers the action and is enabled with it.
    const auto actionButton = [this](QAction* action, const QString& text) {
        auto* button = new QPushButton(text, this);
        button->setToolTip(action->toolTip());
        connect(button, &QPushButton::clicked, action, &QAction::trigger);
        connect(action, &QAction::changed, button,
                [action, button] { button->setEnabled(action->isEnabled()); });
        return button;
    };
    // No mnemonic on the button: every letter of "Compare" is taken elsewhere in the window
    // (Alt+M checks the machine in Findings); Ctrl+E is the key.
    QPushButton* compare = actionButton(m_compare, tr("Compare..."));

    // Using what a run trained (docs/predict.md): one run at a time, from a checkpoint it saved.
    // The window opens the Predict view or the export dialog on the run the signal names.
    m_predict->setObjectName(QStringLiteral("predictAction"));
    m_predict->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_predict->setToolTip(
        tr("Predict with the selected run's trained model, from a checkpoint it saved "
           "(Ctrl+Shift+P)"));
    m_predict->setStatusTip(m_predict->toolTip());
    connect(m_predict, &QAction::triggered, this, [this] {
        if (const QList<qint64> ids = selectedRunIds(); ids.size() == 1)
            Q_EMIT predictRequested(ids.front());
    });
    addAction(m_predict);
    m_exportPyTorch->setObjectName(QStringLiteral("exportPyTorchAction"));
    m_exportPyTorch->setToolTip(
        tr("Write the selected run's trained model as a PyTorch module with its weights, "
           "for use without EpochScope"));
    m_exportPyTorch->setStatusTip(m_exportPyTorch->toolTip());
    connect(m_exportPyTorch, &QAction::triggered, this, [this] {
        if (const QList<qint64> ids = selectedRunIds(); ids.size() == 1)
            Q_EMIT exportPyTorchRequested(ids.front());
    });
    addAction(m_exportPyTorch);
    // As with Compare, no mnemonics on the buttons (the window's Alt keys are shared by every
    // panel): Ctrl+Shift+P is Predict's key; the actions' own mnemonics are for a menu.
    QPushButton* predict = actionButton(m_predict, tr("Predict..."));
    QPushButton* exportPyTorch = actionButton(m_exportPyTorch, tr("Export for PyTorch..."));

    auto* buttons = new QHBoxLayout();
    buttons->addWidget(m_filterEdit, 1);
    buttons->addWidget(open);
    buttons->addWidget(rename);
    buttons->addWidget(annotate);
    buttons->addWidget(remove);
    buttons->addWidget(compare);
    buttons->addWidget(predict);
    buttons->addWidget(exportPyTorch);
    buttons->addWidget(refresh);
    // The keys file managers use, while the table has the focus.
    const auto viewShortcut = [this](const QKeySequence& keys, void (RunsPanel::*slot)()) {
        auto* action = new QAction(m_view);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_view->addAction(action);
    };
    viewShortcut(QKeySequence(Qt::Key_F2), &RunsPanel::renameSelected);
    viewShortcut(QKeySequence::Delete, &RunsPanel::deleteSelected);

    // Above the table, while the database cannot be read: what is wrong, what to do, and the
    // way to do it. An empty table alone would look like a history with no runs.
    m_problemBanner->setObjectName("databaseProblem");
    m_problemBanner->setFrameShape(QFrame::StyledPanel);
    m_problemBanner->setAutoFillBackground(true);
    QPalette warning = m_problemBanner->palette();
    warning.setColor(QPalette::Window, QColor(255, 236, 179));
    warning.setColor(QPalette::WindowText, Qt::black);
    m_problemBanner->setPalette(warning);
    m_problemText->setObjectName("databaseProblemText");
    m_problemText->setWordWrap(true);
    m_problemText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* choose = new QPushButton(tr("Choose another run database..."), m_problemBanner);
    choose->setObjectName("chooseDatabaseButton");
    connect(choose, &QPushButton::clicked, this, &RunsPanel::chooseDatabaseRequested);
    auto* bannerLayout = new QHBoxLayout(m_problemBanner);
    bannerLayout->addWidget(m_problemText, 1);
    bannerLayout->addWidget(choose, 0, Qt::AlignTop);
    m_problemBanner->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_problemBanner);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RunsPanel::updateActions);
    // Filtering and reloading drop selected rows without always saying so through the
    // selection model.
    connect(m_filter, &QAbstractItemModel::modelReset, this, &RunsPanel::updateActions);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &RunsPanel::updateActions);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &RunsPanel::updateActions);
    updateActions();
}

void RunsPanel::setDatabasePath(const QString& path)
{
    m_databasePath = path;
    reload();
}

void RunsPanel::reload()
{
    QString error;
    if (m_model->reload(m_databasePath, &error)) {
        // Read, but perhaps not writable: said before Start, not after a run went unrecorded.
        const std::optional<std::string> unwritable =
            m_databasePath.isEmpty() ? std::nullopt
                                     : databaseWriteProblem(m_databasePath.toStdString());
        m_readOnlyReason = unwritable ? QString::fromStdString(*unwritable) : QString();
        showDatabaseProblem(
            unwritable ? tr("Read-only run database: %1.\nThe history below is read from the file "
                            "as it is. Choose another run database (File > Run database...), or "
                            "make the file and its folder writable.")
                             .arg(m_readOnlyReason)
                       : QString());
    } else {
        m_readOnlyReason.clear();  // nothing shown, so nothing to edit either
        // Said once, by databaseProblemChanged (the window logs it), not on every reload.
        showDatabaseProblem(
            tr("The run history cannot be shown, and runs are not recorded: %1\n"
               "EpochScope does not change or replace this file. Choose another run database "
               "(File > Run database...) to record and browse runs; the file stays as it is "
               "for you to update EpochScope, restore or move it.")
                .arg(error));
    }
    for (QPushButton* button : std::as_const(m_editButtons)) {
        button->setEnabled(m_readOnlyReason.isEmpty());
        button->setToolTip(m_readOnlyReason.isEmpty()
                               ? button->property("editToolTip").toString()
                               : tr("The run database cannot be written: %1").arg(m_readOnlyReason));
    }
    m_view->resizeColumnsToContents();
}

bool RunsPanel::canEditRuns()
{
    if (m_readOnlyReason.isEmpty())
        return true;
    Q_EMIT problem(tr("Runs cannot be changed: %1").arg(m_readOnlyReason));
    return false;
}

void RunsPanel::showRecordingProblem(const QString& reason)
{
    showDatabaseProblem(tr("This run is not recorded: %1\nChoose another run database (File > Run "
                           "database...) to record the next one.")
                            .arg(reason));
}

void RunsPanel::showDatabaseProblem(const QString& problem)
{
    m_problemText->setText(problem);
    m_problemBanner->setVisible(!problem.isEmpty());
    if (problem == m_databaseProblem)
        return;
    m_databaseProblem = problem;
    Q_EMIT databaseProblemChanged(problem);
}

qint64 RunsPanel::selectedRunId() const
{
    QItemSelectionModel* selection = m_view->selectionModel();
    const QModelIndex current = selection->currentIndex();
    if (current.isValid() && selection->isRowSelected(current.row(), current.parent()))
        return m_filter->index(current.row(), 0).data(RunsModel::kRunIdRole).toLongLong();
    const QModelIndexList rows = selection->selectedRows();
    if (rows.isEmpty())
        return 0;
    return m_filter->data(rows.first(), RunsModel::kRunIdRole).toLongLong();
}

QList<qint64> RunsPanel::selectedRunIds() const
{
    QList<qint64> ids;
    for (const QModelIndex& row : m_view->selectionModel()->selectedRows())
        ids << m_filter->data(row, RunsModel::kRunIdRole).toLongLong();
    std::sort(ids.begin(), ids.end());
    return ids;
}

void RunsPanel::updateActions()
{
    const qsizetype selected = selectedRunIds().size();
    m_compare->setEnabled(selected >= 2);
    m_predict->setEnabled(selected == 1);
    m_exportPyTorch->setEnabled(selected == 1);
}

ReportExportDialog* RunsPanel::compareSelected()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.size() < 2)
        return nullptr;
    auto* dialog = new ReportExportDialog(m_databasePath, ids, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void RunsPanel::deleteSelected()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.isEmpty() || !canEditRuns())
        return;
    QStringList names;
    for (qint64 id : ids)
        names << QString::number(id);
    const QString question =
        ids.size() == 1
            ? tr("Delete run %1 and all its records? This cannot be undone.").arg(ids.front())
            : tr("Delete %n runs (%1) and all their records? This cannot be undone.", nullptr,
                 static_cast<int>(ids.size()))
                  .arg(names.join(QLatin1String(", ")));
    if (QMessageBox::question(this, ids.size() == 1 ? tr("Delete run") : tr("Delete runs"),
                              question) != QMessageBox::Yes)
        return;
    qint64 deleting = ids.front();
    try {
        RunStore store(m_databasePath.toStdString());
        for (qint64 id : ids) {
            deleting = id;
            store.deleteRun(id);
        }
    } catch (const StoreError& error) {
        Q_EMIT problem(tr("Cannot delete run %1: %2").arg(deleting).arg(error.what()));
    }
    reload();
}

void RunsPanel::annotateSelected()
{
    const qint64 id = selectedRunId();
    if (id == 0 || !canEditRuns())
        return;
    const QModelIndex notesIndex =
        m_filter->index(m_view->selectionModel()->selectedRows().first().row(), RunsModel::Notes);
    bool ok = false;
    const QString notes = QInputDialog::getMultiLineText(
        this, tr("Run notes"), tr("Notes for run %1:").arg(id), notesIndex.data().toString(), &ok);
    if (!ok)
        return;
    try {
        RunStore store(m_databasePath.toStdString());
        store.setNotes(id, notes.toStdString());
    } catch (const StoreError& error) {
        Q_EMIT problem(tr("Cannot save the notes of run %1: %2").arg(id).arg(error.what()));
    }
    reload();
}

void RunsPanel::renameSelected()
{
    const qint64 id = selectedRunId();
    if (id == 0 || !canEditRuns())
        return;
    const QModelIndex nameIndex =
        m_filter->index(m_view->selectionModel()->selectedRows().first().row(), RunsModel::Name);
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename run"), tr("New name for run %1:").arg(id),
                              QLineEdit::Normal, nameIndex.data().toString(), &ok);
    if (ok)
        renameRun(id, name);
}

bool RunsPanel::renameRun(qint64 runId, const QString& name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        Q_EMIT problem(
            tr("Run %1 keeps its name: a run needs a name that is not empty.").arg(runId));
        return false;
    }
    bool renamed = false;
    try {
        RunStore store(m_databasePath.toStdString());
        renamed = store.renameRun(runId, trimmed.toStdString());
        if (!renamed)
            Q_EMIT problem(tr("Cannot rename run %1: it is no longer in the history.").arg(runId));
    } catch (const StoreError& error) {
        Q_EMIT problem(tr("Cannot rename run %1: %2").arg(runId).arg(error.what()));
    }
    reload();
    return renamed;
}

}  // namespace es::ui
