#pragma once

// The other ranks of a run of several processes on this machine ("Several on this machine" on
// the Device tab): the window trains rank 0 in-process and starts ranks 1..N-1 as children
// running epochscope-cli, as `epochscope-cli train --nproc N` would. They meet at a `file:`
// rendezvous in a temporary directory of their own, so that no port has to be found free.

#include "engine/config/runconfigfwd.h"
#include "engine/core/loglevel.h"

#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>

#include <memory>
#include <vector>

class QProcess;

namespace es::ui {

class LocalRankProcesses : public QObject {
    Q_OBJECT

public:
    /// How long the other ranks may take to end after rank 0 has: they stop at the same step
    /// (the stop reaches them through the training), so one still running then hangs.
    static constexpr int kGraceMs = 10000;

    explicit LocalRankProcesses(QObject* parent = nullptr);
    ~LocalRankProcesses() override;  ///< kills the ranks still running and waits for them

    /// True for a config this class starts: several processes, no meeting point, rank 0.
    static bool wanted(const RunConfig& config);
    /// The CLI the ranks run: epochscope-cli next to the app, unless a test set another.
    static QString cliProgram();
    static void setCliProgram(const QString& program);

    /// Writes `config` for the other ranks, picks the meeting point and makes `config` rank 0's:
    /// rank 0, its meeting point and, for intra_op_threads 0, its share of the cores. False,
    /// with the reason in `error`, when the CLI is missing or the file cannot be written.
    bool prepare(RunConfig& config, QString* error);
    /// Starts ranks 1..N-1 (after prepare); their stderr lines come as logLine.
    void startOthers();
    /// Rank 0 has ended: the others get kGraceMs to end too, then are killed.
    void rankZeroEnded();
    /// The ranks whose process has not ended.
    int running() const;

Q_SIGNALS:
    void logLine(es::LogLevel level, const QString& message);
    /// A rank could not start or ended with a failure while rank 0 trains.
    void rankFailed(int rank);

private:
    struct Rank {
        int rank = 0;
        QProcess* process = nullptr;
        QByteArray pending;  ///< stderr not yet ended by a newline
    };
    void readErrors(Rank& rank, bool flush);
    void killRunning();

    QTemporaryDir m_dir;
    QString m_configPath;
    QString m_init;
    int m_worldSize = 1;
    bool m_rankZeroEnded = false;
    std::vector<std::unique_ptr<Rank>> m_ranks;
    QTimer m_grace;
};

}  // namespace es::ui
