#include "ui/reports/reportpreview.h"

#include <QtCore/QByteArray>
#include <QtCore/QUrl>
#include <QtGui/QTextDocument>
#include <QtWidgets/QScrollBar>

namespace es::ui {

namespace {

/// What the report's own style sheet asks for and Qt's rich text does not render from it (it
/// does not understand the sheet's CSS variables): cell borders and padding, figures aligned
/// right.
constexpr const char* kPreviewStyle =
    "table { border-collapse: collapse; }"
    "th, td { border: 1px solid #b8bcc4; padding: 2px 6px; }"
    "td.num, th.num { text-align: right; }";

}  // namespace

QImage imageFromDataUrl(const QUrl& url)
{
    if (url.scheme().compare(QLatin1String("data"), Qt::CaseInsensitive) != 0)
        return {};
    // data:[<media type>][;base64],<data>; the path is all after "data:".
    const QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
    const qsizetype comma = path.indexOf(',');
    if (comma < 0)
        return {};
    const QByteArray header = path.left(comma).toLower();
    if (!header.startsWith("image/") || !header.endsWith(";base64"))
        return {};
    const QByteArray encoded = QByteArray::fromPercentEncoding(path.mid(comma + 1));
    const auto decoded =
        QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return {};
    return QImage::fromData(*decoded);
}

ReportPreview::ReportPreview(QWidget* parent) : QTextBrowser(parent)
{
    document()->setDefaultStyleSheet(QString::fromLatin1(kPreviewStyle));
    // Anchors are followed by hand: QTextBrowser would otherwise try to load other targets
    // as documents (a file next to nothing) or hand them to the desktop.
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &ReportPreview::followLink);
}

void ReportPreview::showReport(const std::string& html)
{
    QString text = QString::fromStdString(html);
    // Qt's rich text predates HTML5's <figure>: it would put a chart inline at the end of the
    // paragraph before it. A <div> is the block the report means. (Text from a run is escaped,
    // so a literal tag here is always the report's own.)
    text.replace(QLatin1String("<figure>"), QLatin1String("<div>"));
    text.replace(QLatin1String("</figure>"), QLatin1String("</div>"));
    // The navigation's links sit side by side with a CSS margin between them, which Qt's rich
    // text ignores: without a separator they would read as one long word.
    const qsizetype navStart = text.indexOf(QLatin1String("<nav>"));
    const qsizetype navEnd = text.indexOf(QLatin1String("</nav>"), navStart);
    if (navStart >= 0 && navEnd > navStart) {
        QString nav = text.mid(navStart, navEnd - navStart);
        nav.replace(QLatin1String("</a><a "), QLatin1String("</a> &nbsp;&middot;&nbsp; <a "));
        text.replace(navStart, navEnd - navStart, nav);
    }
    const int scrolled = verticalScrollBar()->value();
    setHtml(text);
    verticalScrollBar()->setValue(scrolled);
}

QVariant ReportPreview::loadResource(int type, const QUrl& name)
{
    if (type != QTextDocument::ImageResource)
        return {};
    QImage image = imageFromDataUrl(name);
    if (image.isNull())
        return {};
    // A chart wider than the preview is shown scaled to fit, at full resolution: a higher
    // device pixel ratio makes it smaller on screen without dropping pixels.
    const int available = viewport()->width() - 2 * static_cast<int>(document()->documentMargin());
    if (available > 0 && image.width() > available)
        image.setDevicePixelRatio(static_cast<qreal>(image.width()) / available);
    return image;
}

void ReportPreview::followLink(const QUrl& url)
{
    if (url.scheme().isEmpty() && url.path().isEmpty() && url.hasFragment())
        scrollToAnchor(url.fragment());
    else
        Q_EMIT externalLinkRefused(url);
}

}  // namespace es::ui
