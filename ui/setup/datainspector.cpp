#include "ui/setup/datainspector.h"

#include "engine/data/datafiledescription.h"
#include "engine/data/npzarchive.h"
#include "engine/data/textpreview.h"
#include "engine/data/textsource.h"
#include "ui/core/nativepath.h"
#include "ui/live/trainingidlegate.h"

#include <QtCore/QFile>

#include <exception>
#include <string>
#include <utility>
#include <vector>

namespace es::ui {

namespace {

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

/// The text source of `data` at `path` described into `inspection`: its lines as the text, and
/// its texts' lengths for the histogram; an error as the text, without lengths.
void describeText(DataConfig data, const QString& path, DataInspection& inspection)
{
    data.source.path = nativePath(path);
    try {
        TextPreview preview = describeTextSource(data);
        QStringList lines;
        for (const std::string& line : preview.lines)
            lines << QString::fromStdString(line);
        inspection.text = lines.join(QLatin1Char('\n'));
        inspection.textLengths = std::move(preview.lengths);
        inspection.sequenceLength = preview.sequenceLength;
        inspection.longestMarked = data.text.vectorizer.outputSequenceLength == 0;
    } catch (const std::exception& error) {
        inspection.text = QString::fromUtf8(error.what());
    }
}

/// Describes `paths` and lists `npzArchive`'s arrays, on the inspector's thread; stops between
/// files once a newer request has superseded this one (its result is dropped then).
DataInspection inspectFiles(const QStringList& paths, const QString& npzArchive,
                            const BackgroundJob::Ticket& ticket)
{
    DataInspection inspection;
    inspection.paths = paths;
    QStringList blocks;
    for (const QString& path : paths) {
        if (ticket.isStale())
            return inspection;
        blocks << describeFile(path);
    }
    inspection.text = blocks.join(QStringLiteral("\n\n"));
    if (!npzArchive.isEmpty() && !ticket.isStale())
        inspection.npzMembers = npzMemberNames(npzArchive);
    return inspection;
}

}  // namespace

// Started on first use: most setup sessions use generated data and never need its thread.
DataInspector::DataInspector(QObject* parent) : QObject(parent), m_job(this, "es-inspect") {}

DataInspector::~DataInspector() = default;  // m_job waits for the file being described

void DataInspector::inspect(const QStringList& paths, const QString& npzArchive)
{
    start({paths, npzArchive, std::nullopt});
}

void DataInspector::inspectText(const QString& path, const DataConfig& data)
{
    start({{path}, QString(), data});
}

void DataInspector::start(const Request& request)
{
    const QStringList& paths = request.paths;
    TrainingIdleGate& gate = TrainingIdleGate::instance();
    if (gate.trainingActive()) {
        // Reading a large file beside a training run would slow its steps: the latest request
        // waits for the run to end, and the preview says so meanwhile.
        m_deferred = request;
        if (!m_waitingForRun) {
            m_waitingForRun = true;
            gate.whenIdle(this, [this] {
                m_waitingForRun = false;
                start(m_deferred);
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
    // A request still being described is superseded: it stops after its current file, and
    // only the latest result is reported.
    m_job.run(
        [request](const BackgroundJob::Ticket& ticket) {
            if (!request.text)
                return inspectFiles(request.paths, request.npzArchive, ticket);
            DataInspection inspection;
            inspection.paths = request.paths;
            describeText(*request.text, request.paths.front(), inspection);
            return inspection;
        },
        [this](const DataInspection& inspection) { Q_EMIT inspected(inspection); });
}

void DataInspector::cancel()
{
    m_job.cancel();
}

}  // namespace es::ui
