#include "ui/setup/distributedfields.h"

#include "engine/config/runconfig.h"
#include "ui/setup/configform.h"

#include <QtCore/QSignalBlocker>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QSpinBox>

#include <algorithm>

namespace es::ui {

namespace {
// distributed.world_size's range in the config parser (docs/config.md).
constexpr int kMaxWorldSize = 4096;
// What "several processes" starts at when chosen for a run of one.
constexpr int kDefaultWorldSize = 2;
constexpr char kTcpScheme[] = "tcp://";
}  // namespace

DistributedFields::DistributedFields(QWidget* parent)
    : QGroupBox(tr("Several processes (distributed training)"), parent),
      m_form(new QFormLayout(this)),
      m_mode(new QComboBox(this)),
      m_worldSize(new QSpinBox(this)),
      m_rank(new QSpinBox(this)),
      m_master(new QLineEdit(this)),
      m_interface(new QLineEdit(this)),
      m_note(new QLabel(this))
{
    m_mode->setObjectName("distributed_mode");
    m_worldSize->setObjectName("world_size");
    m_rank->setObjectName("rank");
    m_master->setObjectName("master");
    m_interface->setObjectName("interface");
    m_note->setObjectName("distributed_note");
    setConfigPath(m_worldSize, "distributed.world_size");
    setConfigPath(m_rank, "rank");
    setConfigPath(m_master, "distributed.init");
    setConfigPath(m_interface, "distributed.interface");

    m_mode->addItem(tr("One: this window"), static_cast<int>(Mode::Single));
    m_mode->addItem(tr("Several on this machine"), static_cast<int>(Mode::Local));
    m_mode->addItem(tr("Join a distributed run"), static_cast<int>(Mode::Join));
    m_mode->setToolTip(
        tr("How many processes train the run together, each on its own share of "
           "every step's samples (docs/distributed.md)"));
    m_worldSize->setRange(kDefaultWorldSize, kMaxWorldSize);
    m_worldSize->setToolTip(
        tr("distributed.world_size: every process of the run, on every "
           "machine; data.batch_size is per process"));
    m_rank->setRange(0, kMaxWorldSize - 1);
    m_rank->setToolTip(
        tr("The rank this window trains, 0 to the processes in all less one. "
           "Not saved in the config: each process is given its own"));
    m_master->setPlaceholderText(tr("HOST:PORT, e.g. 10.0.0.1:29500"));
    m_master->setToolTip(
        tr("distributed.init: where rank 0 serves the meeting point (an "
           "address of rank 0's machine and a free port); a file:PATH on a "
           "file system every rank sees also works"));
    m_interface->setPlaceholderText(tr("empty: loopback, for ranks on this machine only"));
    m_interface->setToolTip(
        tr("distributed.interface: the network interface (eth0) or this "
           "machine's address the ranks send gradients over; needed when "
           "the ranks are on several machines"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_form->addRow(tr("&Processes:"), m_mode);
    m_form->addRow(tr("Processes in &all:"), m_worldSize);
    m_form->addRow(tr("This window's &rank:"), m_rank);
    m_form->addRow(tr("Rank 0's a&ddress:"), m_master);
    m_form->addRow(tr("Network &interface:"), m_interface);
    m_form->addRow(m_note);

    const auto changed = [this] {
        updateRows();
        if (!m_filling)
            Q_EMIT edited();
    };
    connect(m_mode, &QComboBox::currentIndexChanged, this, changed);
    connect(m_worldSize, &QSpinBox::valueChanged, this, changed);
    connect(m_rank, &QSpinBox::valueChanged, this, changed);
    connect(m_master, &QLineEdit::textEdited, this, changed);
    connect(m_interface, &QLineEdit::textEdited, this, changed);
    updateRows();
}

DistributedFields::Mode DistributedFields::mode() const
{
    return static_cast<Mode>(m_mode->currentData().toInt());
}

QString DistributedFields::initFromAddress(const QString& address)
{
    const QString text = address.trimmed();
    if (text.isEmpty() || text.startsWith(QLatin1String(kTcpScheme)) ||
        text.startsWith(QLatin1String("file:")))
        return text;
    return QLatin1String(kTcpScheme) + text;
}

void DistributedFields::showConfig(const RunConfig& config)
{
    m_filling = true;
    const DistributedConfig& distributed = config.distributed;
    Mode shown = Mode::Single;
    if (distributed.worldSize > 1) {
        // The same config is Local or Join while no address is typed: the user's choice stays.
        shown = !distributed.init.empty() || mode() == Mode::Join ? Mode::Join : Mode::Local;
    }
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(shown)));
    if (distributed.worldSize > 1)
        m_worldSize->setValue(distributed.worldSize);
    m_rank->setValue(config.rank);
    QString init = QString::fromStdString(distributed.init);
    if (init.startsWith(QLatin1String(kTcpScheme)))
        init.remove(0, QLatin1String(kTcpScheme).size());
    m_master->setText(init);
    m_interface->setText(QString::fromStdString(distributed.interface));
    updateRows();
    m_filling = false;
}

void DistributedFields::applyTo(RunConfig& config) const
{
    DistributedConfig& distributed = config.distributed;
    switch (mode()) {
        case Mode::Single:
            // The other keys change nothing in a run of one process: kept for a change back.
            distributed.worldSize = 1;
            config.rank = 0;
            return;
        case Mode::Local:
            // The window starts the other ranks and gives them their meeting point.
            distributed.worldSize = m_worldSize->value();
            distributed.init.clear();
            config.rank = 0;
            return;
        case Mode::Join:
            distributed.worldSize = m_worldSize->value();
            distributed.init = initFromAddress(m_master->text()).toStdString();
            distributed.interface = m_interface->text().trimmed().toStdString();
            config.rank = std::min(m_rank->value(), m_worldSize->value() - 1);
            return;
    }
}

void DistributedFields::updateRows()
{
    const Mode shown = mode();
    const int processes = m_worldSize->value();
    m_form->setRowVisible(m_worldSize, shown != Mode::Single);
    for (QWidget* field : {static_cast<QWidget*>(m_rank), static_cast<QWidget*>(m_master),
                           static_cast<QWidget*>(m_interface)})
        m_form->setRowVisible(field, shown == Mode::Join);
    if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(m_worldSize)))
        label->setText(shown == Mode::Local ? tr("Processes on this &machine:")
                                            : tr("Processes in &all:"));
    {
        // Its range follows the processes; clamping is not the user's edit.
        const QSignalBlocker quiet(m_rank);
        m_rank->setMaximum(processes - 1);
    }
    switch (shown) {
        case Mode::Single:
            m_note->setText(tr("This window trains the run as one process."));
            return;
        case Mode::Local:
            m_note->setText(
                tr("Start trains rank 0 in this window and starts ranks 1 to %2 itself, each "
                   "running epochscope-cli, with a share of this machine's cores. Rank 0 "
                   "records the run with every rank's steps; the others' warnings and errors "
                   "appear in the Log. From a terminal the same run is:\n"
                   "epochscope-cli train --config FILE --nproc %1")
                    .arg(processes)
                    .arg(processes - 1));
            return;
        case Mode::Join: {
            const QString address =
                m_master->text().trimmed().isEmpty() ? tr("HOST:PORT") : m_master->text().trimmed();
            const QString others = tr("Start every other rank R on its machine with the same "
                                      "config:\nepochscope-cli train --config FILE --rank R "
                                      "--world-size %1 --master %2 --interface IFACE")
                                       .arg(processes)
                                       .arg(address);
            m_note->setText(
                m_rank->value() == 0
                    ? tr("This window trains rank 0 of %1 and no other: it serves the meeting "
                         "point at %2 (an address of this machine) and records the run with "
                         "every rank's steps.")
                              .arg(processes)
                              .arg(address) +
                          QLatin1Char('\n') + others
                    : tr("This window trains rank %1 of %2 and no other; rank 0, at %3, records "
                         "the run and this window does not.")
                              .arg(m_rank->value())
                              .arg(processes)
                              .arg(address) +
                          QLatin1Char('\n') + others);
            return;
        }
    }
}

}  // namespace es::ui
