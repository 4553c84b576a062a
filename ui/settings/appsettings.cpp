#include "ui/settings/appsettings.h"

#include "engine/store/runstore.h"

#include <QtCore/QFileInfo>
#include <QtCore/QSettings>
#include <QtGui/QPalette>
#include <QtWidgets/QApplication>
#include <QtWidgets/QStyle>
#include <QtWidgets/QStyleFactory>

#include <initializer_list>
#include <utility>

namespace es::ui {

namespace {

constexpr const char* kDatabaseKey = "store/databasePath";
constexpr const char* kWindowStepsKey = "charts/windowSteps";
constexpr const char* kSampleIntervalKey = "profiling/sampleIntervalMs";
constexpr const char* kThemeKey = "appearance/theme";
constexpr const char* kLanguageKey = "appearance/language";
constexpr const char* kReportDirectoryKey = "reports/lastDirectory";
constexpr const char* kReportFormatKey = "reports/lastFormat";
constexpr const char* kPredictDirectoryKey = "predict/lastDataDirectory";
constexpr const char* kPredictBatchKey = "predict/batchSize";
constexpr const char* kPyTorchExportFolderKey = "predict/exportFolder";
constexpr const char* kScriptInterpreterKey = "profileScript/interpreter";
constexpr const char* kScriptKey = "profileScript/script";
constexpr const char* kScriptArgumentsKey = "profileScript/arguments";
constexpr const char* kScriptFolderKey = "profileScript/workingFolder";
constexpr const char* kScriptRunNameKey = "profileScript/name";

/// Debian's own Python, which has its PyTorch (python3-torch), where it is; else the first
/// python3 on PATH.
QString defaultInterpreter()
{
    const QString debian = QStringLiteral("/usr/bin/python3");
    return QFileInfo(debian).isExecutable() ? debian : QStringLiteral("python3");
}

/// Writes each key's value, so that a group's save() is the list of what it keeps.
void saveValues(std::initializer_list<std::pair<const char*, QVariant>> values)
{
    QSettings settings;
    for (const auto& [key, value] : values)
        settings.setValue(key, value);
}

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(45, 45, 48);
    const QColor base(30, 30, 32);
    const QColor text(220, 220, 220);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::Highlight, QColor(42, 130, 218));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
    return palette;
}

}  // namespace

AppSettings AppSettings::load()
{
    const QSettings settings;
    AppSettings loaded;
    loaded.databasePath =
        settings.value(kDatabaseKey, QString::fromStdString(RunStore::defaultPath())).toString();
    loaded.chartWindowSteps = settings.value(kWindowStepsKey, loaded.chartWindowSteps).toInt();
    loaded.sampleIntervalMs = settings.value(kSampleIntervalKey, loaded.sampleIntervalMs).toInt();
    loaded.theme =
        static_cast<Theme>(settings.value(kThemeKey, static_cast<int>(Theme::System)).toInt());
    loaded.language = settings.value(kLanguageKey).toString();
    return loaded;
}

void AppSettings::save() const
{
    saveValues({{kDatabaseKey, databasePath},
                {kWindowStepsKey, chartWindowSteps},
                {kSampleIntervalKey, sampleIntervalMs},
                {kThemeKey, static_cast<int>(theme)},
                {kLanguageKey, language}});
}

ReportExportSettings ReportExportSettings::load()
{
    const QSettings settings;
    ReportExportSettings loaded;
    loaded.directory = settings.value(kReportDirectoryKey).toString();
    loaded.format = settings.value(kReportFormatKey, loaded.format).toString();
    return loaded;
}

void ReportExportSettings::save() const
{
    saveValues({{kReportDirectoryKey, directory}, {kReportFormatKey, format}});
}

PyTorchExportSettings PyTorchExportSettings::load()
{
    const QSettings settings;
    PyTorchExportSettings loaded;
    loaded.folder = settings.value(kPyTorchExportFolderKey).toString();
    return loaded;
}

void PyTorchExportSettings::save() const
{
    saveValues({{kPyTorchExportFolderKey, folder}});
}

PredictSettings PredictSettings::load()
{
    const QSettings settings;
    PredictSettings loaded;
    loaded.dataDirectory = settings.value(kPredictDirectoryKey).toString();
    loaded.batchSize = settings.value(kPredictBatchKey, loaded.batchSize).toInt();
    return loaded;
}

void PredictSettings::save() const
{
    saveValues({{kPredictDirectoryKey, dataDirectory}, {kPredictBatchKey, batchSize}});
}

ScriptProfileSettings ScriptProfileSettings::load()
{
    const QSettings settings;
    ScriptProfileSettings loaded;
    loaded.interpreter = settings.value(kScriptInterpreterKey).toString();
    if (loaded.interpreter.isEmpty())
        loaded.interpreter = defaultInterpreter();
    loaded.script = settings.value(kScriptKey).toString();
    loaded.arguments = settings.value(kScriptArgumentsKey).toString();
    loaded.workingFolder = settings.value(kScriptFolderKey).toString();
    loaded.name = settings.value(kScriptRunNameKey).toString();
    return loaded;
}

void ScriptProfileSettings::save() const
{
    saveValues({{kScriptInterpreterKey, interpreter},
                {kScriptKey, script},
                {kScriptArgumentsKey, arguments},
                {kScriptFolderKey, workingFolder},
                {kScriptRunNameKey, name}});
}

void applyTheme(AppSettings::Theme theme)
{
    static const QString systemStyle = QApplication::style()->name();
    switch (theme) {
        case AppSettings::Theme::System:
            QApplication::setStyle(QStyleFactory::create(systemStyle));
            QApplication::setPalette(QApplication::style()->standardPalette());
            break;
        case AppSettings::Theme::Light:
            QApplication::setStyle(QStyleFactory::create("Fusion"));
            QApplication::setPalette(QApplication::style()->standardPalette());
            break;
        case AppSettings::Theme::Dark:
            QApplication::setStyle(QStyleFactory::create("Fusion"));
            QApplication::setPalette(darkPalette());
            break;
    }
}

}  // namespace es::ui
