#pragma once

// The Data tab's preview: what the chosen files hold and what training would do with them (as
// `epochscope-cli inspect` prints it), described off the GUI thread, or what a generator
// would make; for a text source also the histogram of its texts' lengths in tokens, with the
// sequence length marked.

#include "engine/config/dataconfig.h"

#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtWidgets/QGroupBox>

class QPlainTextEdit;
class QTimer;

namespace es::ui {

class DataInspector;
class TextLengthChart;
struct DataInspection;

class DataPreview : public QGroupBox {
    Q_OBJECT

public:
    explicit DataPreview(QWidget* parent = nullptr);

    /// Where relative data paths point (see DataForm::setBaseDirectory); takes effect with the
    /// next description.
    void setBaseDirectory(const QString& directory) { m_baseDirectory = directory; }

    /// Describes `data` now. Files already described (the same type and files) are not
    /// described again.
    void describe(const DataConfig& data);
    /// Describes `data` once the typing pauses: each call restarts the wait.
    void describeLater(const DataConfig& data);
    /// Describes `data` now, unless a describeLater() still waits: it then describes this data
    /// when the wait ends, so that the editor echoing each keystroke back does not describe a
    /// file per keystroke.
    void follow(const DataConfig& data);

Q_SIGNALS:
    /// The arrays of the described .npz archive, once listed; empty when no file is chosen.
    void archiveListed(const QStringList& members);

private:
    /// What a generator makes: the arrays' shapes, the targets and the padding; `use` says
    /// how the samples split.
    static QString generatedDescription(const DataSourceConfig& source, const QString& use);
    void refresh();
    void showInspection(const DataInspection& inspection);

    DataConfig m_data;
    QString m_baseDirectory;
    /// What the preview shows (the source type and the resolved files).
    QStringList m_key;
    QString m_archive;

    QPlainTextEdit* m_text;
    /// Shown for a text source whose texts could be read.
    TextLengthChart* m_lengths;
    QTimer* m_delay;
    DataInspector* m_inspector;
};

}  // namespace es::ui
