// Comparison reports from the desktop app (docs/gui.md): the export dialog over runs recorded in
// a real database shows a preview with the runs and the engine's attribution, recomputes when
// the baseline changes, shows a hostile run name as text, saves every format with exactly the
// engine's bytes (atomically, remembering where), says why a save failed without closing,
// decodes the charts the HTML embeds as data: URLs and follows only in-report links. The Runs
// panel's Compare action needs two selected runs. A screenshot goes to the build directory.

#include "engine/i18n/language.h"
#include "engine/report/reportformats.h"
#include "engine/report/runcomparison.h"
#include "engine/store/runstore.h"
#include "tests/support/recordedruns.h"
#include "ui/core/qtext.h"
#include "ui/history/runsmodel.h"
#include "ui/history/runspanel.h"
#include "ui/reports/reportexportdialog.h"
#include "ui/reports/reportpreview.h"
#include "ui/settings/appsettings.h"

#include <QtCore/QBuffer>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QPointer>
#include <QtCore/QScopeGuard>
#include <QtCore/QSet>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtGui/QAction>
#include <QtGui/QImage>
#include <QtGui/QTextDocument>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QScrollBar>
#include <QtWidgets/QTableView>

#include <optional>
#include <string>
#include <vector>

using es::ReportFormat;
using es::ui::ReportExportDialog;

Q_DECLARE_METATYPE(ReportFormat)

namespace {

/// Reading and comparing runs of 40 steps takes milliseconds; this is for a loaded machine.
constexpr int kComparisonTimeoutMs = 30'000;

es::test::StepPhases phases(double dataWaitMs, double forwardMs)
{
    es::test::StepPhases p;
    p.dataWaitMs = dataWaitMs;
    p.forwardMs = forwardMs;
    return p;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

/// Whether a grabbed widget shows something: an unpainted or empty one is one or two flat
/// colours; text, a table or a chart brings many more (anti-aliasing included).
bool isPainted(const QImage& image)
{
    constexpr int kEnoughColours = 16;
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) {
            colours.insert(image.pixel(x, y));
            if (colours.size() >= kEnoughColours)
                return true;
        }
    return false;
}

/// A `width` x `height` PNG of one colour, as a data: URL.
QUrl pngDataUrl(int width, int height, QColor colour)
{
    QImage image(width, height, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QUrl(QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64()));
}

}  // namespace

class TestReportExport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_database;
    qint64 m_slow = 0;
    qint64 m_fast = 0;
    qint64 m_hostile = 0;

    /// The engine's comparison of `ids` in that order, as the CLI makes it.
    es::RunComparison engineComparison(const QList<qint64>& ids) const
    {
        es::RunStore store(m_database.toStdString());
        std::vector<es::StoredRun> runs;
        for (qint64 id : ids)
            runs.push_back(*store.loadRun(id));
        return es::compareRuns(runs);
    }

    static bool waitForComparison(ReportExportDialog& dialog)
    {
        return QTest::qWaitFor([&dialog] { return !dialog.isBusy(); }, kComparisonTimeoutMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_database = m_dir.filePath("runs.sqlite");
        es::RunStore store(m_database.toStdString());
        m_slow = es::test::recordMadeUpRun(store, "slow input", phases(6.0, 30.0));
        m_fast = es::test::recordMadeUpRun(store, "fast input", phases(1.0, 10.0));
        m_hostile =
            es::test::recordMadeUpRun(store, "<script>alert(1)</script>", phases(2.0, 12.0));
    }

    void previewShowsTheRunsAndTheAttribution()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        QVERIFY(dialog.isBusy());
        QVERIFY(!dialog.saveButton()->isEnabled());  // nothing to save before the comparison
        QVERIFY(waitForComparison(dialog));
        QVERIFY2(!dialog.messageIsError(), qPrintable(dialog.message()));
        QVERIFY(dialog.saveButton()->isEnabled());

        const QString shown = dialog.preview()->toPlainText();
        QVERIFY(shown.contains("slow input"));
        QVERIFY(shown.contains("fast input"));
        const es::RunComparison expected = engineComparison({m_slow, m_fast});
        QCOMPARE(expected.attributions.size(), std::size_t(1));
        QVERIFY2(shown.contains(QString::fromStdString(expected.attributions[0].sentence)),
                 expected.attributions[0].sentence.c_str());
        QCOMPARE(dialog.runList()->count(), 2);
        QVERIFY(dialog.runList()->item(0)->text().contains("slow input"));
        QVERIFY(dialog.runList()->item(1)->text().contains("fast input"));
        QCOMPARE(dialog.defaultFileName(),
                 QString("comparison-%1-%2.html").arg(m_slow).arg(m_fast));
    }

    /// The format choice and the names of new files come from the engine's table
    /// (engine/report/reportformat.h), the one `epochscope-cli compare --out` reads: every
    /// format in the table's order, a new file with the format's first extension.
    void formatsAreTheEnginesTable()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        QVERIFY(waitForComparison(dialog));
        auto* choice = dialog.findChild<QComboBox*>("reportFormat");
        QVERIFY(choice);
        QCOMPARE(static_cast<std::size_t>(choice->count()), es::kReportFormats.size());
        for (int i = 0; i < choice->count(); ++i) {
            const es::ReportFormatInfo& info = es::kReportFormats.at(static_cast<std::size_t>(i));
            QCOMPARE(choice->itemData(i).toInt(), static_cast<int>(info.format));
            dialog.setFormat(info.format);
            const QString extension = es::ui::toQString(info.extensions.front());
            QCOMPARE(dialog.defaultFileName(),
                     QString("comparison-%1-%2.%3").arg(m_slow).arg(m_fast).arg(extension));
        }
    }

    void changingTheBaselineRecomputes()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        QVERIFY(waitForComparison(dialog));
        const std::string before = engineComparison({m_slow, m_fast}).attributions[0].sentence;
        const std::string after = engineComparison({m_fast, m_slow}).attributions[0].sentence;
        QVERIFY(before != after);

        QSignalSpy finished(&dialog, &ReportExportDialog::comparisonFinished);
        QPushButton* makeBaseline = nullptr;
        for (QPushButton* button : dialog.findChildren<QPushButton*>())
            if (button->text() == ReportExportDialog::tr("Make &baseline"))
                makeBaseline = button;
        QVERIFY(makeBaseline);
        QVERIFY(!makeBaseline->isEnabled() || dialog.runList()->currentRow() > 0);
        dialog.runList()->setCurrentRow(1);
        QVERIFY(makeBaseline->isEnabled());
        makeBaseline->click();
        QVERIFY(dialog.isBusy());
        QCOMPARE(dialog.runOrder(), QList<qint64>({m_fast, m_slow}));
        QVERIFY(dialog.runList()->item(0)->text().contains("fast input"));
        QVERIFY(waitForComparison(dialog));
        QCOMPARE(finished.count(), 1);
        const QString shown = dialog.preview()->toPlainText();
        QVERIFY2(shown.contains(QString::fromStdString(after)), after.c_str());
        QVERIFY(!shown.contains(QString::fromStdString(before)));
        QCOMPARE(dialog.defaultFileName(),
                 QString("comparison-%1-%2.html").arg(m_fast).arg(m_slow));

        // Two quick changes: only the last order's comparison is shown.
        dialog.moveRun(0, +1);
        dialog.moveRun(1, -1);
        dialog.moveRun(0, +1);
        QCOMPARE(dialog.runOrder(), QList<qint64>({m_slow, m_fast}));
        QVERIFY(waitForComparison(dialog));
        QVERIFY(dialog.preview()->toPlainText().contains(QString::fromStdString(before)));
    }

    /// Regression guard: a run's name is text in the preview, never markup.
    void hostileRunNameShowsAsText()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_hostile});
        QVERIFY(waitForComparison(dialog));
        QVERIFY(dialog.preview()->toPlainText().contains("<script>alert(1)</script>"));
        QVERIFY(dialog.runList()->item(1)->text().contains("<script>alert(1)</script>"));
        // The body as the preview holds it (Qt writes the <title> it read back unescaped, but
        // that is the document's title as text, never shown as markup).
        const QString html = dialog.preview()->toHtml();
        const QString body = html.mid(html.indexOf("</head>"));
        QVERIFY(!body.contains("<script", Qt::CaseInsensitive));
        QVERIFY(body.contains("&lt;script&gt;"));
        QVERIFY(dialog.preview()->documentTitle().contains("<script>alert(1)</script>"));
    }

    void savesEachFormatAsTheEngineWritesIt_data()
    {
        QTest::addColumn<ReportFormat>("format");
        QTest::addColumn<QString>("fileName");
        QTest::newRow("markdown") << ReportFormat::Markdown << "report.md";
        QTest::newRow("csv") << ReportFormat::Csv << "report.csv";
        QTest::newRow("json") << ReportFormat::Json << "report.json";
        QTest::newRow("html") << ReportFormat::Html << "report.html";
        QTest::newRow("htm") << ReportFormat::Html << "report.htm";
        // The extension a user typed wins over the format chosen before.
        QTest::newRow("typed .md while HTML is chosen") << ReportFormat::Markdown << "typed.md";
    }

    void savesEachFormatAsTheEngineWritesIt()
    {
        QFETCH(ReportFormat, format);
        QFETCH(QString, fileName);
        ReportExportDialog dialog(m_database, {m_fast, m_slow});
        QVERIFY(waitForComparison(dialog));
        if (QByteArray(QTest::currentDataTag()).startsWith("typed"))
            dialog.setFormat(ReportFormat::Html);
        else
            dialog.setFormat(format);
        QVERIFY(!dialog.openButton()->isEnabled());

        QTemporaryDir out;
        QVERIFY(out.isValid());
        const QString path = out.filePath(fileName);
        QSignalSpy saved(&dialog, &ReportExportDialog::saved);
        QVERIFY2(dialog.saveTo(path), qPrintable(dialog.message()));
        QCOMPARE(saved.count(), 1);
        QCOMPARE(dialog.format(), format);
        QCOMPARE(dialog.savedPath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(dialog.openButton()->isEnabled());
        QVERIFY(dialog.message().contains(fileName));
        QVERIFY(!QFileInfo::exists(path + ".tmp"));

        const std::string expected = es::writeReport(engineComparison({m_fast, m_slow}), format);
        const QByteArray written = readAll(path);
        QCOMPARE(written.size(), static_cast<qsizetype>(expected.size()));
        QVERIFY(written == QByteArray::fromStdString(expected));

        // The next export starts where and as this one ended.
        const es::ui::ReportExportSettings remembered = es::ui::ReportExportSettings::load();
        QCOMPARE(remembered.directory, QFileInfo(path).absolutePath());
        QCOMPARE(remembered.format,
                 QString::fromStdString(std::string(es::reportFormatName(format))));
        ReportExportDialog next(m_database, {m_fast, m_slow});
        QCOMPARE(next.format(), format);
    }

    /// The report's language: the app's at first, Chinese when chosen, in the preview and in
    /// the saved file, and the same bytes as the engine writes in that language.
    void writesTheReportInTheChosenLanguage()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        QVERIFY(waitForComparison(dialog));
        QCOMPARE(dialog.language(), QString::fromStdString(es::engineLanguage()));
        auto* language = dialog.findChild<QComboBox*>("reportLanguage");
        QVERIFY(language);
        QCOMPARE(language->findData(QString("zh_CN")) >= 0, true);
        QVERIFY(dialog.preview()->toPlainText().contains("Attribution to phases"));

        dialog.setLanguage("zh_CN");
        QVERIFY(dialog.isBusy());  // the preview is made again in Chinese
        QVERIFY(waitForComparison(dialog));
        QVERIFY2(!dialog.messageIsError(), qPrintable(dialog.message()));
        const QString shown = dialog.preview()->toPlainText();
        QVERIFY2(shown.contains(QString::fromUtf8("按阶段归因")), qPrintable(shown.left(400)));
        QVERIFY(!shown.contains("Attribution to phases"));

        QTemporaryDir out;
        QVERIFY(out.isValid());
        const QString path = out.filePath("chinese.md");
        QVERIFY2(dialog.saveTo(path), qPrintable(dialog.message()));
        std::string expected;
        {
            const es::LanguageScope chinese("zh_CN");
            expected = es::writeReport(engineComparison({m_slow, m_fast}), ReportFormat::Markdown);
        }
        QVERIFY(readAll(path) == QByteArray::fromStdString(expected));
        QVERIFY(readAll(path).contains(QByteArray("## 运行")));
        // The app's own language is left as it was.
        QCOMPARE(QString::fromStdString(es::engineLanguage()), QString("en"));
    }

    /// PDF is whatever the engine makes of it: its bytes, or its reason shown in the dialog.
    void pdfIsTheEnginesOrItsReason()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        dialog.show();
        QVERIFY(waitForComparison(dialog));
        dialog.setFormat(ReportFormat::Pdf);
        QTemporaryDir out;
        const QString path = out.filePath("report.pdf");
        // The same date in both, or each would carry the second it was written in.
        qputenv("SOURCE_DATE_EPOCH", "1700000000");
        const auto unsetDate = qScopeGuard([] { qunsetenv("SOURCE_DATE_EPOCH"); });
        std::optional<std::string> expected;
        QString reason;
        try {
            expected = es::writeReport(engineComparison({m_slow, m_fast}), ReportFormat::Pdf);
        } catch (const std::exception& error) {
            reason = QString::fromUtf8(error.what());
        }
        if (expected) {
            QVERIFY2(dialog.saveTo(path), qPrintable(dialog.message()));
            const QByteArray written = readAll(path);
            QVERIFY(written.startsWith("%PDF-"));
            QVERIFY(written == QByteArray::fromStdString(*expected));
        } else {
            QVERIFY(!dialog.saveTo(path));
            QVERIFY(dialog.messageIsError());
            QVERIFY2(dialog.message().contains(reason), qPrintable(dialog.message()));
            QVERIFY(!QFileInfo::exists(path));
            QVERIFY(dialog.isVisible());
        }
    }

    /// Ctrl+S asks for a file named for the runs in the remembered folder and format, and
    /// saves there; Esc closes the dialog.
    void keyboardSavesAndCloses()
    {
        QTemporaryDir out;
        QVERIFY(out.isValid());
        es::ui::ReportExportSettings remembered;
        remembered.directory = out.path();
        remembered.format = "csv";
        remembered.save();

        QPointer<ReportExportDialog> dialog = new ReportExportDialog(m_database, {m_fast, m_slow});
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
        dialog->activateWindow();  // shortcuts go to the active window only
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        QVERIFY(waitForComparison(*dialog));
        QCOMPARE(dialog->format(), ReportFormat::Csv);

        QString offered;
        QString suffix;
        QStringList filters;
        QTimer::singleShot(0, this, [&] {
            auto* chooser = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!chooser)
                return;
            offered = chooser->selectedFiles().value(0);
            suffix = chooser->defaultSuffix();
            filters = chooser->nameFilters();
            static_cast<QDialog*>(chooser)->accept();  // as pressing Save does
        });
        QTest::keyClick(dialog, Qt::Key_S, Qt::ControlModifier);
        const QString expected =
            out.filePath(QString("comparison-%1-%2.csv").arg(m_fast).arg(m_slow));
        QCOMPARE(offered, expected);
        QCOMPARE(suffix, QString("csv"));
        QVERIFY(!filters.isEmpty() && filters.front().contains("*.csv"));
        QCOMPARE(dialog->savedPath(), expected);
        QVERIFY(readAll(expected) == QByteArray::fromStdString(es::writeReport(
                                         engineComparison({m_fast, m_slow}), ReportFormat::Csv)));

        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY(dialog.isNull());
    }

    void saveIntoAMissingDirectoryKeepsTheDialogOpen()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        dialog.show();
        QVERIFY(waitForComparison(dialog));
        dialog.setFormat(ReportFormat::Markdown);
        const QString path = m_dir.filePath("no-such-directory/report.md");
        QSignalSpy saved(&dialog, &ReportExportDialog::saved);
        QVERIFY(!dialog.saveTo(path));
        QCOMPARE(saved.count(), 0);
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.messageIsError());
        QVERIFY2(dialog.message().contains("no-such-directory") &&
                     dialog.message().contains("does not exist"),
                 qPrintable(dialog.message()));
        QVERIFY(!dialog.openButton()->isEnabled());
        QVERIFY(!QFileInfo::exists(path));
        // And it still saves once given a place that exists.
        QVERIFY(dialog.saveTo(m_dir.filePath("after-a-failure.md")));
        QVERIFY(!dialog.messageIsError());
    }

    void missingRunIsReported()
    {
        ReportExportDialog dialog(m_database, {m_slow, 9999});
        QVERIFY(waitForComparison(dialog));
        QVERIFY(dialog.messageIsError());
        QVERIFY2(dialog.message().contains("9999"), qPrintable(dialog.message()));
        QVERIFY(!dialog.saveButton()->isEnabled());
    }

    void previewDecodesDataImages()
    {
        es::ui::ReportPreview preview;
        preview.resize(400, 300);
        const QUrl url = pngDataUrl(3, 2, Qt::red);
        const QVariant loaded = preview.loadResource(QTextDocument::ImageResource, url);
        QVERIFY(loaded.canConvert<QImage>());
        const QImage image = loaded.value<QImage>();
        QCOMPARE(image.size(), QSize(3, 2));
        QCOMPARE(image.pixelColor(1, 1), QColor(Qt::red));

        // Through the document, as an <img> in the report asks for it.
        preview.setHtml(QStringLiteral("<p>chart</p><img src=\"%1\">").arg(url.toString()));
        const QVariant fromDocument =
            preview.document()->resource(QTextDocument::ImageResource, url);
        QVERIFY(fromDocument.canConvert<QImage>());
        QCOMPARE(fromDocument.value<QImage>().size(), QSize(3, 2));

        // A chart wider than the preview fits it, its pixels kept.
        const QImage wide =
            preview.loadResource(QTextDocument::ImageResource, pngDataUrl(2000, 10, Qt::blue))
                .value<QImage>();
        QCOMPARE(wide.width(), 2000);
        QVERIFY(wide.deviceIndependentSize().width() <= preview.viewport()->width());

        // Nothing else is loaded: no files, nothing remote, no broken data.
        QVERIFY(!preview.loadResource(QTextDocument::ImageResource, QUrl("file:///etc/hosts"))
                     .isValid());
        QVERIFY(
            !preview
                 .loadResource(QTextDocument::ImageResource, QUrl("https://example.com/chart.png"))
                 .isValid());
        QVERIFY(!preview
                     .loadResource(QTextDocument::ImageResource,
                                   QUrl("data:image/png;base64,not*base64"))
                     .isValid());
        QVERIFY(!preview
                     .loadResource(QTextDocument::StyleSheetResource,
                                   QUrl("data:text/css;base64,cCB7fQ=="))
                     .isValid());
    }

    void linksStayInTheReport()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast});
        dialog.resize(900, 500);
        dialog.show();
        QVERIFY(waitForComparison(dialog));
        es::ui::ReportPreview* preview = dialog.preview();
        QScrollBar* scroll = preview->verticalScrollBar();
        QVERIFY(scroll->maximum() > 0);
        QCOMPARE(scroll->value(), 0);
        // The last section the report's navigation links to.
        Q_EMIT preview->anchorClicked(QUrl("#findings"));
        QTRY_VERIFY(scroll->value() > 0);

        QSignalSpy refused(preview, &es::ui::ReportPreview::externalLinkRefused);
        const int before = scroll->value();
        Q_EMIT preview->anchorClicked(QUrl("https://example.com/elsewhere"));
        QCOMPARE(refused.count(), 1);
        QCOMPARE(scroll->value(), before);
        QVERIFY(dialog.message().contains("https://example.com/elsewhere"));
        QVERIFY(preview->source().isEmpty());
    }

    void runsPanelComparesTwoOrMoreRuns()
    {
        es::ui::RunsPanel panel;
        panel.setDatabasePath(m_database);
        QCOMPARE(panel.model()->rowCount(), 3);
        QAction* compare = panel.compareAction();
        QVERIFY(!compare->isEnabled());
        QCOMPARE(compare->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));

        QTableView* view = panel.view();
        view->selectRow(0);
        QCOMPARE(panel.selectedRunIds().size(), 1);
        QVERIFY(!compare->isEnabled());
        QVERIFY(!panel.compareSelected());

        // Newest first in the table; the dialog gets them in id order.
        view->selectionModel()->select(view->model()->index(2, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(panel.selectedRunIds().size(), 2);
        QVERIFY(compare->isEnabled());
        ReportExportDialog* dialog = panel.compareSelected();
        QVERIFY(dialog);
        QCOMPARE(dialog->runOrder(), QList<qint64>({m_slow, m_hostile}));
        QVERIFY(dialog->isVisible());
        QVERIFY(waitForComparison(*dialog));
        dialog->close();  // deletes itself

        view->clearSelection();
        QVERIFY(!compare->isEnabled());
    }

    /// The dialog as a user sees it, at the top of the report and at its phase chart, and the
    /// Runs panel with runs selected to compare: saved for people to look at, and checked for
    /// what each picture must show (a picture of an empty or unpainted widget fails).
    void screenshots()
    {
        ReportExportDialog dialog(m_database, {m_slow, m_fast, m_hostile});
        dialog.show();
        QVERIFY(waitForComparison(dialog));
        QVERIFY2(!dialog.messageIsError(), qPrintable(dialog.message()));
        dialog.runList()->setCurrentRow(1);
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);

        // The three runs in order, the first the baseline, the second selected; the preview
        // holds the report of all three from its top.
        QListWidget* runs = dialog.runList();
        QCOMPARE(runs->count(), 3);
        QVERIFY2(runs->item(0)->text().contains("slow input") &&
                     runs->item(0)->text().endsWith(" - baseline"),
                 qPrintable(runs->item(0)->text()));
        QVERIFY(runs->item(1)->text().contains("fast input"));
        QVERIFY(runs->item(2)->text().contains("<script>alert(1)</script>"));
        QCOMPARE(runs->currentRow(), 1);
        const QString shown = dialog.preview()->toPlainText();
        for (const char* name : {"slow input", "fast input", "<script>alert(1)</script>"})
            QVERIFY2(shown.contains(name), name);
        QScrollBar* scroll = dialog.preview()->verticalScrollBar();
        QCOMPARE(scroll->value(), 0);
        const QImage top = dialog.grab().toImage();
        QVERIFY(isPainted(top));
        QVERIFY(top.save(QDir(directory).filePath("report-export.png")));

        // At the phase chart: the preview scrolled there, so the picture differs from the top.
        Q_EMIT dialog.preview()->anchorClicked(QUrl("#phases"));
        QTRY_VERIFY(scroll->value() > 0);
        const QImage atPhases = dialog.grab().toImage();
        QVERIFY(isPainted(atPhases));
        QVERIFY(atPhases != top);
        QVERIFY(atPhases.save(QDir(directory).filePath("report-export-phases.png")));

        // Every run listed and selected, so Compare is on.
        es::ui::RunsPanel panel;
        panel.resize(1000, 220);
        panel.setDatabasePath(m_database);
        panel.view()->selectAll();
        panel.show();
        QCOMPARE(panel.view()->model()->rowCount(), 3);
        QCOMPARE(panel.selectedRunIds().size(), 3);
        QVERIFY(panel.compareAction()->isEnabled());
        QStringList names;
        const QAbstractItemModel* listed = panel.view()->model();
        for (int row = 0; row < listed->rowCount(); ++row)
            for (int column = 0; column < listed->columnCount(); ++column)
                names << listed->index(row, column).data().toString();
        for (const char* name : {"slow input", "fast input", "<script>alert(1)</script>"})
            QVERIFY2(names.join('|').contains(name), qPrintable(names.join('|')));
        const QImage list = panel.grab().toImage();
        QVERIFY(isPainted(list));
        QVERIFY(list.save(QDir(directory).filePath("runs-compare.png")));
    }
};

QTEST_MAIN(TestReportExport)
#include "tst_reportexport.moc"
