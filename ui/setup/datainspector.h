#pragma once

// Describes data files (es::describeDataFile) on a thread of its own, so that scanning a large
// array for its value range never blocks the GUI. One worker serves every request, the latest
// one winning: a request that is superseded before its result arrives is never reported.

#include "engine/config/dataconfig.h"
#include "ui/jobs/backgroundjob.h"

#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace es::ui {

/// What a request found, in the order of its paths.
struct DataInspection {
    QStringList paths;
    /// The describeDataFile() lines of each file, a blank line between files; a file that
    /// cannot be read contributes its error instead.
    QString text;
    /// The arrays of `npzArchive` when one was asked for and it could be listed.
    QStringList npzMembers;
    /// A text source's lengths in tokens, one per text, and the tokens per sample marked on
    /// them (es::TextPreview); empty for files, and when the texts could not be read.
    std::vector<std::int64_t> textLengths;
    std::int64_t sequenceLength = 0;
    /// Whether sequenceLength is the longest text's, output_sequence_length being 0.
    bool longestMarked = false;
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
    /// Describes the text source of `data` (es::describeTextSource): its lines and its texts'
    /// lengths, data.source.path being `path` resolved; supersedes any request not reported
    /// yet.
    void inspectText(const QString& path, const DataConfig& data);
    /// Drops the request in progress, if any: it will not be reported.
    void cancel();

Q_SIGNALS:
    /// The result of the latest request, on the thread that owns this object.
    void inspected(const es::ui::DataInspection& inspection);

private:
    struct Request {
        QStringList paths;
        QString npzArchive;
        std::optional<DataConfig> text;  ///< set for a text source
    };

    void start(const Request& request);

    // GUI thread only: the request that waits for the training run to end.
    Request m_deferred;
    bool m_waitingForRun = false;
    BackgroundJob m_job;  ///< declared last, so gone first: waits for the file being described
};

}  // namespace es::ui
