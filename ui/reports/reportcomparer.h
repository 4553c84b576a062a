#pragma once

// The comparison behind the report dialog (reports/reportexportdialog.h): the chosen runs read
// from the run database, compared in the dialog's order and written as the HTML report the
// preview shows. Made off the GUI thread: a long run's steps take a moment to read and
// compare, and the report's charts to draw.

#include <QtCore/QCoreApplication>
#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QtGlobal>

#include <memory>
#include <string>
#include <vector>

namespace es {
struct RunComparison;
struct StoredRun;
}  // namespace es

namespace es::ui {

class ReportComparer {
    Q_DECLARE_TR_FUNCTIONS(es::ui::ReportComparer)

public:
    /// What one comparison produced.
    struct Outcome {
        /// The runs as read, for the next comparison of the same runs in another order.
        std::shared_ptr<const std::vector<StoredRun>> loaded;
        std::shared_ptr<const RunComparison> comparison;
        std::shared_ptr<const std::string> html;  ///< writeHtml of `comparison`
        QString error;                            ///< why there is no comparison; empty if there is
    };

    /// Compares the runs `order`, the first as the baseline, in the language `language` (its
    /// sentences and the report). The runs come from `loaded` when they were read before, in
    /// any order, else from the run database at `database`, opened on the calling thread.
    static Outcome compare(const QString& database,
                           std::shared_ptr<const std::vector<StoredRun>> loaded,
                           const QList<qint64>& order, const std::string& language);
};

}  // namespace es::ui
