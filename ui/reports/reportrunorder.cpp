#include "ui/reports/reportrunorder.h"

#include "engine/i18n/runstatusname.h"
#include "engine/report/runcomparison.h"
#include "engine/store/runstore.h"
#include "ui/core/qtext.h"

#include <QtGui/QAction>
#include <QtGui/QKeySequence>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <utility>

namespace es::ui {

namespace {

constexpr int kRunIdRole = Qt::UserRole + 1;

}  // namespace

ReportRunOrder::ReportRunOrder(const QList<qint64>& runIds, QWidget* parent)
    : QWidget(parent),
      m_list(new QListWidget(this)),
      m_baseline(new QPushButton(tr("Make &baseline"), this)),
      m_up(new QPushButton(tr("&Up", "button: move the run up"), this)),
      m_down(new QPushButton(tr("Do&wn", "button: move the run down"), this))
{
    for (qint64 id : runIds) {
        if (!m_order.contains(id))
            m_order << id;
    }
    auto* heading = new QLabel(
        tr("The first run is the baseline (A); every other run is compared with it."), this);
    heading->setWordWrap(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setMinimumWidth(kWidth / 2);
    m_baseline->setToolTip(tr("Compare the other runs with the selected one"));
    m_up->setToolTip(tr("Move the selected run up (Ctrl+Up)"));
    m_down->setToolTip(tr("Move the selected run down (Ctrl+Down)"));
    for (QPushButton* button : {m_baseline, m_up, m_down})
        button->setAutoDefault(false);
    connect(m_baseline, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = m_list->currentItem())
            setBaseline(item->data(kRunIdRole).toLongLong());
    });
    connect(m_up, &QPushButton::clicked, this, [this] { moveRun(m_list->currentRow(), -1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveRun(m_list->currentRow(), +1); });
    connect(m_list, &QListWidget::currentRowChanged, this, &ReportRunOrder::updateButtons);
    connect(m_list, &QListWidget::itemDoubleClicked, this,
            [this](QListWidgetItem* item) { setBaseline(item->data(kRunIdRole).toLongLong()); });
    // The keys the Model tab's layer list uses for the same thing.
    const auto listShortcut = [this](const QKeySequence& keys, int delta) {
        auto* action = new QAction(m_list);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this,
                [this, delta] { moveRun(m_list->currentRow(), delta); });
        m_list->addAction(action);
    };
    listShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up), -1);
    listShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down), +1);

    auto* buttons = new QHBoxLayout();
    buttons->addWidget(m_baseline);
    buttons->addStretch(1);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    showRuns();
}

void ReportRunOrder::setLoadedRuns(std::shared_ptr<const std::vector<StoredRun>> loaded)
{
    m_loaded = std::move(loaded);
    showRuns();  // with their names now
}

void ReportRunOrder::setBaseline(qint64 runId)
{
    const qsizetype row = m_order.indexOf(runId);
    if (row <= 0)
        return;
    m_order.move(row, 0);
    showRuns();
    m_list->setCurrentRow(0);
    Q_EMIT orderChanged();
}

void ReportRunOrder::moveRun(int row, int delta)
{
    const int target = row + delta;
    if (row < 0 || row >= m_order.size() || target < 0 || target >= m_order.size() || delta == 0)
        return;
    m_order.move(row, target);
    showRuns();
    m_list->setCurrentRow(target);
    Q_EMIT orderChanged();
}

void ReportRunOrder::showRuns()
{
    const int current = m_list->currentRow();
    m_list->clear();
    for (int row = 0; row < m_order.size(); ++row) {
        const qint64 id = m_order[row];
        const QString label = QString::fromStdString(runLabel(static_cast<std::size_t>(row)));
        const StoredRun* run = nullptr;
        if (m_loaded) {
            const auto found =
                std::find_if(m_loaded->begin(), m_loaded->end(),
                             [id](const StoredRun& stored) { return stored.header.id == id; });
            if (found != m_loaded->end())
                run = &*found;
        }
        auto* item = new QListWidgetItem(m_list);
        item->setData(kRunIdRole, id);
        if (run) {
            item->setText(tr("%1   %2 (run %3)")
                              .arg(label, QString::fromStdString(run->header.name))
                              .arg(id));
            item->setToolTip(tr("Run %1: %2, started %3, %n step(s)", nullptr,
                                static_cast<int>(run->header.batches))
                                 .arg(id)
                                 .arg(toQString(runStatusName(runStatusKey(run->header.status))),
                                      QString::fromStdString(run->header.startedAt)));
        } else {
            item->setText(tr("%1   run %2").arg(label).arg(id));
        }
        if (row == 0) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
            item->setText(item->text() + tr(" - baseline"));
        }
    }
    m_list->setCurrentRow(std::min(current, static_cast<int>(m_order.size()) - 1));
    updateButtons();
}

void ReportRunOrder::updateButtons()
{
    const int row = m_list->currentRow();
    m_baseline->setEnabled(row > 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < m_order.size());
}

}  // namespace es::ui
