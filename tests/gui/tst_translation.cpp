// The app in Simplified Chinese, offscreen: the zh_CN translation built into the app loads, and
// the main window's menus, dock titles, setup tabs and their fields, buttons, table headers and
// charts show no English left, apart from names that stay as they are (LSTM, CPU, JSON, config
// keys, preset names); Settings offers the languages. Guards against a string that bypasses
// tr() or that the .ts lacks; the translations_ts test checks the .ts against the sources.

#include "engine/config/callbackspecs.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/phasename.h"
#include "ui/dashboard/dashboardview.h"
#include "ui/history/runspanel.h"
#include "ui/mainwindow.h"
#include "ui/plots/batchphasechart.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/plots/runchart.h"
#include "ui/settings/appsettings.h"
#include "ui/settings/language.h"
#include "ui/settings/settingsdialog.h"
#include "ui/setup/configeditor.h"

#include <QtCore/QRegularExpression>
#include <QtCore/QSet>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtTest/QtTest>
#include <QtWidgets/QAbstractButton>
#include <QtWidgets/QAbstractItemView>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QGroupBox>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QTabWidget>

namespace {

/// Words that stay as they are in the Chinese UI: product and format names, units, Keras' names
/// of layers, callbacks, their parameters and metrics, and the config's own values and keys
/// (docs/config.md), which the user types as they are.
const QSet<QString>& keptWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> kept = {
            "EpochScope", "LSTM",    "CPU",     "GPU",    "CUDA",      "cuDNN",   "JSON",
            "CSV",        "HTML",    "PDF",     "PNG",    "Markdown",  "NumPy",   "LibTorch",
            "ID",         "ms",      "MB",      "GB",     "s",         "FLOP",    "kFLOP",
            "MFLOP",      "GFLOP",   "RSS",     "L2",     "x",         "y",       "input_dim",
            "output_dim", "dropout", "Dropout", "Dense",  "Embedding", "cpu",     "Ctrl",
            "Shift",      "Up",      "Down",    "Delete", "Insert",    "F2",      "F5",
            "Del",        "npy",     "npz",     "csv",    "EN",        "English", "X",
            "Y",
        };
        for (const es::PresetInfo& preset : es::builtinPresets())
            kept.insert(QString::fromStdString(preset.name));
        // Keras' names, which the explanations and docs/config.md use: callbacks, their
        // parameters, metrics.
        const auto text = [](std::string_view name) {
            return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        };
        for (const es::CallbackSpec& spec : es::callbackSpecs()) {
            kept.insert(text(spec.kerasName));
            for (const es::CallbackParamSpec& param : spec.params)
                kept.insert(text(param.name));
        }
        for (es::Metric metric : es::kAllMetrics)
            kept.insert(text(es::metricKey(metric)));
        return kept;
    }();
    return words;
}

/// True when `text` still reads as English: it has a Latin word that is not one of the kept
/// names and no CJK character at all.
bool englishLeft(const QString& shown)
{
    QString text = shown;
    text.remove(QLatin1Char('&'));
    static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    if (text.contains(cjk))
        return false;
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9_\\-]*"));
    for (auto match = word.globalMatch(text); match.hasNext();) {
        const QString found = match.next().captured();
        // Layer names (lstm_1, dense_2) and other config values with an underscore or digit.
        if (!keptWords().contains(found) && !found.contains(QLatin1Char('_')) &&
            !found.contains(QRegularExpression(QStringLiteral("[0-9]"))))
            return true;
    }
    return false;
}

}  // namespace

class TestTranslation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QVERIFY(m_dir.isValid());
        QVERIFY(es::ui::availableLanguages().contains("zh_CN"));
        QCOMPARE(es::ui::installTranslators("zh_CN"), QString("zh_CN"));
    }

    void languagesAreListedInTheirOwnWords()
    {
        QCOMPARE(es::ui::languageNativeName("en"), QString("English"));
        QCOMPARE(es::ui::languageNativeName("zh_CN"), QString::fromUtf8("简体中文"));
    }

    /// Settings > Language: System default and each language in its own words; a change says
    /// that it applies from the next start, and is what the dialog gives back to be saved.
    void settingsOfferTheLanguages()
    {
        es::ui::AppSettings current;
        current.language = "en";
        es::ui::SettingsDialog dialog(current);
        auto* language = dialog.findChild<QComboBox*>("language");
        QVERIFY(language);
        QCOMPARE(language->count(), 3);
        QCOMPARE(language->currentData().toString(), QString("en"));
        QCOMPARE(language->itemText(2), QString::fromUtf8("简体中文"));
        QVERIFY(!englishLeft(language->itemText(0)));  // System default, translated
        auto* note = dialog.findChild<QLabel*>("languageNote");
        QVERIFY(note);
        QVERIFY(note->isHidden());
        language->setCurrentIndex(language->findData(QString("zh_CN")));
        QVERIFY(!note->isHidden());
        QVERIFY(!englishLeft(note->text()));
        QCOMPARE(dialog.settings().language, QString("zh_CN"));
        language->setCurrentIndex(0);
        QCOMPARE(dialog.settings().language, QString());  // follows the system
    }

    /// Every phase has its own name, translated: the engine's (es::phaseName()), in the
    /// language installTranslators() set for the engine too; the legends and the what-if table
    /// show it.
    void phaseNamesAreTranslated()
    {
        QSet<QString> names;
        for (es::Phase phase : es::kAllPhases) {
            const QString name = QString::fromStdString(es::phaseName(phase));
            QVERIFY2(!englishLeft(name), qPrintable(name));
            names.insert(name);
        }
        QCOMPARE(static_cast<std::size_t>(names.size()), es::kAllPhases.size());
        QCOMPARE(QString::fromStdString(es::phaseName(es::Phase::WarmUp)),
                 QString::fromUtf8("预热"));
        QCOMPARE(QString::fromStdString(es::phaseName(es::Phase::Communication)),
                 QString::fromUtf8("通信"));
        const es::ui::BatchPhaseChart chart;
        QCOMPARE(chart.phaseGraph(es::Phase::HostToDevice)->name(),
                 QString::fromUtf8("主机到设备"));
    }

    void mainWindowHasNoEnglishLeft()
    {
        es::ui::MainWindow window(m_dir.filePath("zh.sqlite"));
        window.loadPreset("quick-demo");
        window.resize(1500, 950);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QStringList left;
        const auto check = [&left](const QString& where, const QString& text) {
            if (!text.isEmpty() && englishLeft(text))
                left << QStringLiteral("%1: \"%2\"").arg(where, text);
        };
        // Menus and their actions; the Presets menu lists preset names and Open recent file
        // paths, which stay as they are.
        for (QAction* menuAction : window.menuBar()->actions()) {
            check("menu", menuAction->text());
            QMenu* menu = menuAction->menu();
            if (!menu || menu->actions().isEmpty() ||
                keptWords().contains(menu->actions().front()->text()))
                continue;
            for (QAction* action : menu->actions()) {
                if (action->menu() && !action->menu()->isEnabled())
                    continue;  // Open recent, empty here
                check("menu item", action->text());
                check("status tip", action->statusTip());
            }
        }
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            check("dock", dock->windowTitle());
        QTabWidget* tabs = window.configEditor()->tabs();
        for (int index = 0; index < tabs->count(); ++index)
            check("setup tab", tabs->tabText(index));
        // Everything the docks and the status bar show as fixed text.
        for (QLabel* label : window.findChildren<QLabel*>())
            check("label " + label->objectName(), label->text());
        for (QAbstractButton* button : window.findChildren<QAbstractButton*>()) {
            if (button->objectName().startsWith("qt_"))
                continue;  // Qt's own (dock float and close buttons)
            check("button " + button->objectName(), button->text());
            check("tooltip of " + button->text(), button->toolTip());
        }
        for (QGroupBox* box : window.findChildren<QGroupBox*>())
            check("group box", box->title());
        for (QAbstractItemView* view : window.findChildren<QAbstractItemView*>()) {
            const auto* table = qobject_cast<QTableView*>(view);
            if (!table || !view->model())
                continue;
            for (int column = 0; column < view->model()->columnCount(); ++column)
                check("column", view->model()->headerData(column, Qt::Horizontal).toString());
        }
        // The charts: titles, axes and legends.
        for (es::ui::RunChart* chart : window.dashboard()->charts()) {
            QCustomPlot* plot = chart->plot();
            for (QCPAxis* axis : plot->axisRect()->axes())
                check("axis", axis->label());
            for (int i = 0; i < plot->plottableCount(); ++i)
                check("legend", plot->plottable(i)->name());
            for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
                if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
                    check("chart title", title->text());
            }
        }
        QVERIFY2(left.isEmpty(), qPrintable("English left:\n" + left.join('\n')));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
