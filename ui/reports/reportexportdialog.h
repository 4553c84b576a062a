#pragma once

// Comparison reports from the desktop app (docs/reports.md, docs/gui.md): the chosen runs in
// order with the baseline first, a preview of the HTML report, and Save in any report format.
// Loading the runs and comparing them happen on a thread of their own (reports/reportcomparer.h);
// the dialog stays responsive and shows that it is working. The run order is
// reports/reportrunorder.h, the preview reports/reportpreview.h.

#include "engine/report/reportformats.h"
#include "ui/jobs/backgroundjob.h"
#include "ui/reports/reportcomparer.h"

#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QtGlobal>
#include <QtWidgets/QDialog>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLayout;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace es {
struct RunComparison;
struct StoredRun;
}  // namespace es

namespace es::ui {

class ReportPreview;
class ReportRunOrder;

class ReportExportDialog : public QDialog {
    Q_OBJECT

public:
    /// Compares the runs `runIds` (two or more) of the run database at `databasePath`, the
    /// first as the baseline.
    ReportExportDialog(const QString& databasePath, const QList<qint64>& runIds,
                       QWidget* parent = nullptr);
    ~ReportExportDialog() override;

    /// The runs in report order: the baseline (A) first, then B, C, ...
    QList<qint64> runOrder() const;
    /// Makes `runId` the baseline (moved to the top, the others keep their order).
    void setBaseline(qint64 runId);
    /// Moves the run at `row` up (delta -1) or down (+1) in the order.
    void moveRun(int row, int delta);

    ReportFormat format() const;
    void setFormat(ReportFormat format);
    /// The language the report is written in ("en", "zh_CN"); the app's at first.
    QString language() const;
    /// Writes the report in `code` from now on (the preview is made again).
    void setLanguage(const QString& code);
    /// "comparison-<ids in report order>.<extension>".
    QString defaultFileName() const;

    /// Writes the report to `path` atomically, in the chosen format or, when the extension
    /// of `path` names another report format, in that one (the format choice follows). False
    /// with the reason shown in the dialog, which stays open.
    bool saveTo(const QString& path);
    /// The file the last successful save wrote; empty before one.
    QString savedPath() const { return m_savedPath; }

    /// True while the runs are read and compared.
    bool isBusy() const { return m_working; }
    /// The line under the preview: progress, the last save, or what went wrong.
    QString message() const;
    bool messageIsError() const { return m_messageIsError; }
    ReportPreview* preview() const { return m_preview; }
    QListWidget* runList() const;
    QPushButton* saveButton() const { return m_save; }
    QPushButton* openButton() const { return m_open; }

public Q_SLOTS:
    /// Asks for a file (the format's filter and suffix, the last directory) and saves there.
    void chooseFileAndSave();
    /// Opens the last saved file with the desktop's application for it.
    void openSaved();

Q_SIGNALS:
    /// A comparison finished and the preview shows it (or the message says why not).
    void comparisonFinished(bool succeeded);
    void saved(const QString& path);

private:
    void setUpPreview();
    /// The busy bar, the icon and the message under the preview.
    QLayout* createMessageRow();
    /// Format, language, Save, Open and Close at the bottom.
    QLayout* createSaveRow();
    QLabel* setUpFormatChoice();
    QLabel* setUpLanguageChoice();
    void setUpSaveButtons();

    void startComparison();
    void finishComparison(std::uint64_t generation, const ReportComparer::Outcome& outcome);
    void updateActions();
    void showMessage(const QString& text, bool error);
    /// The report's bytes in `format`; null with the reason shown when it cannot be made.
    std::shared_ptr<const std::string> reportBytes(ReportFormat format);

    QString m_databasePath;
    /// Counts order and language changes; a stale result is dropped.
    std::uint64_t m_generation = 0;
    bool m_working = false;        ///< the preview is not yet of runOrder()
    bool m_waitingForRun = false;  ///< the comparison waits for the training run to end
    std::shared_ptr<const std::vector<StoredRun>> m_loaded;  ///< read once, reordered after
    std::shared_ptr<const RunComparison> m_comparison;       ///< for runOrder(), when not busy
    std::string m_comparisonLanguage;                        ///< what m_comparison is written in
    std::shared_ptr<const std::string> m_html;               ///< writeHtml of m_comparison
    /// The last report made for saving, kept for a second save of the same comparison.
    ReportFormat m_madeFormat = ReportFormat::Html;
    std::shared_ptr<const std::string> m_made;
    QString m_savedPath;
    bool m_messageIsError = false;

    ReportRunOrder* m_runOrder;
    ReportPreview* m_preview;
    QProgressBar* m_busy;
    QLabel* m_messageIcon;
    QLabel* m_message;
    QComboBox* m_format;
    QComboBox* m_language;
    QPushButton* m_save;
    QPushButton* m_open;
    BackgroundJob m_comparer;  ///< declared last, so gone first: waits for a comparison
};

}  // namespace es::ui
