#pragma once

// The comparison report's preview in the export dialog (reports/reportexportdialog.h): the
// HTML report as Qt's rich text can show it, its charts decoded from the data: URLs the report
// embeds them as, and nothing loaded from anywhere else.

#include <QtCore/QVariant>
#include <QtGui/QImage>
#include <QtWidgets/QTextBrowser>

#include <string>

class QUrl;

namespace es::ui {

/// The image a `data:image/...;base64,...` URL holds (PNG, JPEG, ... as Qt reads them); a
/// null image for any other URL or undecodable data.
QImage imageFromDataUrl(const QUrl& url);

/// The report preview: a QTextBrowser that shows the images embedded in the report as `data:`
/// URLs and loads nothing else (no files, nothing remote). Links to `#anchors` scroll within
/// the preview; links anywhere else are never opened, only reported with externalLinkRefused.
class ReportPreview : public QTextBrowser {
    Q_OBJECT

public:
    explicit ReportPreview(QWidget* parent = nullptr);

    /// Shows the HTML report `html`, keeping the scroll position.
    void showReport(const std::string& html);

    Q_INVOKABLE QVariant loadResource(int type, const QUrl& name) override;

Q_SIGNALS:
    void externalLinkRefused(const QUrl& url);

private:
    void followLink(const QUrl& url);
};

}  // namespace es::ui
