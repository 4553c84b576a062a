#pragma once

// The Device tab's "Several processes" group: how many processes train the run together
// (the config's `distributed` section) and, for a run started on several machines, which rank
// this window trains (RunConfig::rank, which no config file holds), where the ranks meet and
// the network interface. Several on this machine: the window trains rank 0 and starts the
// others itself (ui/live/localrankprocesses.h); joining: it trains one rank and the group says
// how to start the others with epochscope-cli.

#include "engine/config/runconfigfwd.h"

#include <QtWidgets/QGroupBox>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace es::ui {

class DistributedFields : public QGroupBox {
    Q_OBJECT

public:
    /// How the run's processes are started, as the group offers it.
    enum class Mode {
        Single,  ///< one process: this window (world_size 1)
        Local,   ///< several on this machine: the window starts ranks 1..N-1 (no init)
        Join,    ///< several on one or more machines; this window is one rank of them
    };

    explicit DistributedFields(QWidget* parent = nullptr);

    /// Fills the fields from `config`. A run of several processes that names no meeting point
    /// is Local, unless the user chose Join and has not typed the address yet.
    void showConfig(const RunConfig& config);
    /// Writes the fields into `config`'s distributed section and rank.
    void applyTo(RunConfig& config) const;
    Mode mode() const;

    /// `distributed.init` for what was typed as rank 0's address: "HOST:PORT" becomes
    /// "tcp://HOST:PORT"; a `tcp://` or `file:` meeting point is kept as written; "" stays "".
    static QString initFromAddress(const QString& address);

Q_SIGNALS:
    void edited();

private:
    void updateRows();

    bool m_filling = false;
    QFormLayout* m_form;
    QComboBox* m_mode;
    QSpinBox* m_worldSize;
    QSpinBox* m_rank;
    QLineEdit* m_master;
    QLineEdit* m_interface;
    QLabel* m_note;
};

}  // namespace es::ui
