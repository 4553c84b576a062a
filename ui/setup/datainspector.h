#pragma once

// Describes data files (es::describeDataFile) on a thread of its own, so that scanning a large
// array for its value range never blocks the GUI. One worker serves every request, the latest
// one winning: a request that is superseded before its result arrives is never reported.

#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace es::ui {

/// What a request found, in the order of its paths.
struct DataInspection {
    QStringList paths;
    /// The describeDataFile() lines of each file, a blank line between files; a file that
    /// cannot be read contributes its error instead.
    QString text;
    /// The arrays of `npzArchive` when one was asked for and it could be listed.
    QStringList npzMembers;
};

class DataInspector : public QObject {
    Q_OBJECT

public:
    explicit DataInspector(QObject* parent = nullptr);
    /// Waits for the file being described, if any (one file at most), and ends the worker.
    ~DataInspector() override;

    /// Describes `paths` and, when `npzArchive` is not empty, lists its arrays. Supersedes any
    /// request not reported yet.
    void inspect(const QStringList& paths, const QString& npzArchive = QString());
    /// Drops the request in progress, if any: it will not be reported.
    void cancel();

Q_SIGNALS:
    /// The result of the latest request, on the thread that owns this object.
    void inspected(const es::ui::DataInspection& inspection);

private:
    struct Request {
        std::uint64_t generation = 0;
        QStringList paths;
        QString npzArchive;
    };

    void run();
    void deliver(std::uint64_t generation, const DataInspection& inspection);

    // Guards m_pending, m_hasPending, m_latest and m_stopping, shared with the worker.
    std::mutex m_mutex;
    std::condition_variable m_wake;
    Request m_pending;
    bool m_hasPending = false;
    // The generation the worker checks between files, so that a superseded request stops early.
    std::uint64_t m_latest = 0;
    bool m_stopping = false;
    std::thread m_worker;
    // GUI thread only: the request that waits for the training run to end.
    Request m_deferred;
    bool m_waitingForRun = false;
};

}  // namespace es::ui
