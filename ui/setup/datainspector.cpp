#include "setup/datainspector.h"

#include "console/inspectcommand.h"
#include "core/threadname.h"
#include "data/npzarchive.h"
#include "live/trainingidlegate.h"

#include <QtCore/QFile>
#include <QtCore/QMetaObject>

#include <exception>
#include <string>
#include <utility>
#include <vector>

namespace es::ui {

namespace {

/// The file name as the C library opens it (the locale's encoding, not always UTF-8).
std::string nativePath(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

QString describeFile(const QString& path)
{
    try {
        QStringList lines;
        for (const std::string& line : describeDataFile(nativePath(path)))
            lines << QString::fromStdString(line);
        return lines.join(QLatin1Char('\n'));
    } catch (const std::exception& error) {
        // ConfigError names the file; anything else (an allocation that failed) may not.
        return QString::fromUtf8(error.what());
    }
}

QStringList npzMemberNames(const QString& path)
{
    QStringList names;
    try {
        for (const NpzMember& member : listNpzArrays(nativePath(path)))
            names << QString::fromStdString(member.name);
    } catch (const std::exception&) {
        // The description of the same file already shows why it cannot be read.
    }
    return names;
}

}  // namespace

DataInspector::DataInspector(QObject* parent) : QObject(parent) {}

DataInspector::~DataInspector()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
        ++m_latest;
    }
    m_wake.notify_all();
    if (m_worker.joinable())
        m_worker.join();
}

void DataInspector::inspect(const QStringList& paths, const QString& npzArchive)
{
    TrainingIdleGate& gate = TrainingIdleGate::instance();
    if (gate.trainingActive()) {
        // Reading a large file beside a training run would slow its steps: the latest request
        // waits for the run to end, and the preview says so meanwhile.
        m_deferred = {0, paths, npzArchive};
        if (!m_waitingForRun) {
            m_waitingForRun = true;
            gate.whenIdle(this, [this] {
                m_waitingForRun = false;
                inspect(m_deferred.paths, m_deferred.npzArchive);
            });
        }
        DataInspection waiting;
        waiting.paths = paths;
        waiting.text =
            tr("Waiting for the training run to end: reading data files beside it "
               "would slow its steps.");
        Q_EMIT inspected(waiting);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_pending = Request{++m_latest, paths, npzArchive};
        m_hasPending = true;
        // Started on first use: most setup sessions use generated data and never need it.
        if (!m_worker.joinable())
            m_worker = std::thread([this] {
                nameThisThread("es-inspect");
                run();
            });
    }
    m_wake.notify_one();
}

void DataInspector::cancel()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    ++m_latest;
    m_hasPending = false;
}

void DataInspector::run()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stopping || m_hasPending; });
        if (m_stopping)
            return;
        const Request request = std::move(m_pending);
        m_hasPending = false;
        lock.unlock();

        DataInspection inspection;
        inspection.paths = request.paths;
        QStringList blocks;
        bool superseded = false;
        for (const QString& path : request.paths) {
            {
                std::lock_guard<std::mutex> check(m_mutex);
                superseded = request.generation != m_latest;
            }
            if (superseded)
                break;
            blocks << describeFile(path);
        }
        inspection.text = blocks.join(QStringLiteral("\n\n"));
        if (!superseded && !request.npzArchive.isEmpty())
            inspection.npzMembers = npzMemberNames(request.npzArchive);

        lock.lock();
        if (!superseded && !m_stopping && request.generation == m_latest)
            deliver(request.generation, inspection);
    }
}

void DataInspector::deliver(std::uint64_t generation, const DataInspection& inspection)
{
    // Posted to this object: the destructor joins the worker before the object goes, and Qt
    // drops events still queued for a deleted object, so the call never reaches a dead one.
    QMetaObject::invokeMethod(
        this,
        [this, generation, inspection] {
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                if (generation != m_latest)
                    return;  // a newer request is on its way
            }
            Q_EMIT inspected(inspection);
        },
        Qt::QueuedConnection);
}

}  // namespace es::ui
