// epochscope: the desktop app. Argument parsing and wiring only; the window lives in ui/.
#include "engine/config/configerror.h"
#include "engine/script/scriptprocess.h"
#include "engine/script/scriptsession.h"
#include "ui/env/environmentpanel.h"
#include "ui/history/runsmodel.h"
#include "ui/history/runspanel.h"
#include "ui/live/runcontroller.h"
#include "ui/mainwindow.h"
#include "ui/predict/predictpanel.h"
#include "ui/reports/reportexportdialog.h"
#include "ui/script/profilescriptdialog.h"
#include "ui/settings/appsettings.h"
#include "ui/settings/language.h"
#include "ui/setup/configeditor.h"
#include "ui/whatif/whatifpanel.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QItemSelectionModel>
#include <QtCore/QTimer>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QTableView>

#include <csignal>
#include <cstdio>

namespace {

/// The value of --lang (`--lang zh_CN` or `--lang=zh_CN`); null when it is not given.
QString languageArgument(const QStringList& arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (argument == QLatin1String("--"))
            break;
        if (argument == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments[i + 1];
        if (argument.startsWith(QLatin1String("--lang=")))
            return argument.mid(static_cast<qsizetype>(sizeof("--lang=") - 1));
    }
    return {};
}

/// --tab's names for Run setup's tabs, in the order ConfigEditor adds them.
const QStringList kSetupTabs = {"model", "data", "training", "device", "callbacks", "json"};

/// --show's names for the docks MainWindow makes (object name "<name>Dock").
const QStringList kDocks = {"setup", "environment", "runs", "log", "findings", "whatIf", "predict"};

/// Whether `option` is unset or names one of `choices`; says on stderr what it expected when
/// not.
bool isOneOf(const QCommandLineParser& parser, const QCommandLineOption& option,
             const QStringList& choices)
{
    const QString value = parser.value(option);
    if (!parser.isSet(option) || choices.contains(value))
        return true;
    std::fprintf(stderr, "epochscope: --%s %s: expected one of %s\n",
                 qPrintable(option.names().constFirst()), qPrintable(value),
                 qPrintable(choices.join(QStringLiteral(", "))));
    return false;
}

/// Raises the dock `name` (one of kDocks) above those it shares its place with.
void raiseDock(es::ui::MainWindow& window, const QString& name)
{
    if (auto* dock = window.findChild<QDockWidget*>(name + QStringLiteral("Dock")))
        dock->raise();
}

/// Selects the runs `ids` in the Runs panel and opens Compare... on them, as a user would;
/// nullptr when fewer than two of them are in the database.
es::ui::ReportExportDialog* compareRuns(es::ui::RunsPanel* runs, const QList<qint64>& ids)
{
    QAbstractItemModel* model = runs->view()->model();
    QItemSelectionModel* selection = runs->view()->selectionModel();
    selection->clearSelection();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (ids.contains(model->data(index, es::ui::RunsModel::kRunIdRole).toLongLong()))
            selection->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    return runs->compareSelected();
}

/// The session `--profile -- python3 train.py ARGS` asks for: run in the current folder, as
/// `epochscope-cli profile` runs it, named after the script. False, with the reason on stderr,
/// for a command the probe cannot run.
bool profileOptions(const QStringList& command, es::ScriptSessionOptions& options)
{
    for (const QString& word : command)
        options.command.push_back(QFile::encodeName(word).toStdString());
    std::vector<std::string> probed;
    try {
        probed = es::probedCommand(options.command);
    } catch (const es::ScriptCommandError& error) {
        std::fprintf(stderr, "epochscope: --profile: %s\n", error.what());
        return false;
    }
    // The probed command has the script right after the probe's module.
    for (std::size_t i = 0; i + 1 < probed.size(); ++i)
        if (probed[i] == "epochscope.run")
            options.name =
                QFileInfo(QFile::decodeName(probed[i + 1].c_str())).fileName().toStdString();
    options.workingFolder = QFile::encodeName(QDir::currentPath()).toStdString();
    return true;
}

}  // namespace

int main(int argc, char** argv)
{
    // As in epochscope-cli: a file-size limit fails the write that meets it (reported and
    // recorded), it does not end the app (SIGXFSZ).
    std::signal(SIGXFSZ, SIG_IGN);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("EpochScope");
    QApplication::setApplicationName("EpochScope");
    QApplication::setApplicationVersion(EPOCHSCOPE_VERSION);

    // The language is needed before the parser (its --help is translated) and before any
    // window, so --lang is looked for ahead of the parser, which checks it again below.
    const QString chosenLanguage = languageArgument(QApplication::arguments());
    es::ui::installTranslators(chosenLanguage.isNull() ? es::ui::AppSettings::load().language
                                                       : chosenLanguage);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Train LSTM models and find out why training is slow"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(
        "demo", QApplication::translate("main", "Load the quick-demo preset and start it"));
    const QCommandLineOption preset("preset",
                                    QApplication::translate("main", "Load a built-in preset"),
                                    QApplication::translate("main", "name"));
    const QCommandLineOption config("config",
                                    QApplication::translate("main", "Open a run config file"),
                                    QApplication::translate("main", "file"));
    const QCommandLineOption database(
        "db", QApplication::translate("main", "Run database to record into and browse"),
        QApplication::translate("main", "file"));
    // For the user guide's pictures and for looking at the app under Xvfb: grab the window
    // after a delay, save it as PNG and quit (a run in progress is stopped).
    const QCommandLineOption screenshot(
        "screenshot", QApplication::translate("main", "Save the window as PNG after --delay"),
        QApplication::translate("main", "file"));
    const QCommandLineOption delay(
        "delay",
        QApplication::translate("main",
                                "Seconds before --screenshot (default 5; with --whatif or "
                                "--predict, counted from the end of the experiment or the "
                                "prediction)"),
        QApplication::translate("main", "seconds"), "5");
    const QCommandLineOption exitWhenDone(
        "exit-when-done",
        QApplication::translate("main", "Quit when the run ends (status 0 when it finished)"));
    const QCommandLineOption openRun(
        "run", QApplication::translate("main", "Show a recorded run in the dashboard"),
        QApplication::translate("main", "id"));
    // A what-if experiment on the loaded config, as `epochscope-cli whatif --vary` takes it
    // (repeatable), shown in the What-if dock as it measures.
    const QCommandLineOption whatIf(
        "whatif",
        QApplication::translate("main",
                                "Measure the loaded config against KEY varied over the values "
                                "(threads=1,2) in the What-if dock"),
        QApplication::translate("main", "KEY=V1,V2"));
    // A recorded run's model on its validation data or on files, in the Predict dock.
    const QCommandLineOption predict(
        "predict",
        QApplication::translate("main",
                                "Predict with recorded run ID's best checkpoint on its validation "
                                "data (or --predict-x) in the Predict dock; --screenshot then "
                                "saves the dock"),
        QApplication::translate("main", "id"));
    const QCommandLineOption predictX(
        "predict-x",
        QApplication::translate("main",
                                "With --predict: the inputs instead (.npy, archive.npz:NAME or "
                                "a CSV file)"),
        QApplication::translate("main", "file"));
    const QCommandLineOption predictY(
        "predict-y",
        QApplication::translate("main", "With --predict-x: the targets to score against"),
        QApplication::translate("main", "file"));
    // For scripted screenshots of either language, whatever the system and Settings say.
    const QCommandLineOption language(
        "lang",
        QApplication::translate("main",
                                "User interface language: %1 (default: Settings, or "
                                "the system's)")
            .arg(es::ui::availableLanguages().join(QStringLiteral(", "))),
        QApplication::translate("main", "code"));
    // For the user guide's pictures: a Run setup tab other than Model, and the comparison
    // dialog, which the screenshot then shows instead of the window.
    const QCommandLineOption setupTab("tab",
                                      QApplication::translate("main", "Show this Run setup tab: %1")
                                          .arg(kSetupTabs.join(QStringLiteral(", "))),
                                      QApplication::translate("main", "name"));
    const QCommandLineOption compare(
        "compare",
        QApplication::translate("main",
                                "Compare recorded runs (two or more ids: 1,2) in the report "
                                "dialog; --screenshot then saves the dialog"),
        QApplication::translate("main", "ids"));
    const QCommandLineOption showDockOption(
        "show",
        QApplication::translate("main",
                                "Bring this dock to the front: %1 (environment also "
                                "checks this machine)")
            .arg(kDocks.join(QStringLiteral(", "))),
        QApplication::translate("main", "name"));
    // A Python script profiled: the command after -- at once, as `epochscope-cli profile`
    // takes it; without one, the dialog, which --screenshot then saves.
    const QCommandLineOption profile(
        "profile", QApplication::translate(
                       "main",
                       "Profile the Python script given after -- (python3 train.py ARGS) at once "
                       "(--delay then counts from its end); without one, open File > Profile a "
                       "Python script... (--screenshot then saves the dialog)"));
    parser.addPositionalArgument(
        "command", QApplication::translate("main", "With --profile: python3 SCRIPT [ARGS...]"),
        "[-- python3 SCRIPT ARGS...]");
    parser.addOptions({demo, preset, config, database, screenshot, delay, exitWhenDone, openRun,
                       whatIf, predict, predictX, predictY, language, setupTab, compare,
                       showDockOption, profile});
    parser.process(app);
    if (!isOneOf(parser, language, es::ui::availableLanguages()) ||
        !isOneOf(parser, setupTab, kSetupTabs) || !isOneOf(parser, showDockOption, kDocks))
        return 2;

    es::ui::applyTheme(es::ui::AppSettings::load().theme);
    es::ui::MainWindow window(parser.value(database));
    try {
        if (parser.isSet(config))
            window.openConfig(parser.value(config));
        else
            window.loadPreset(parser.isSet(preset) ? parser.value(preset) : QString("quick-demo"));
    } catch (const es::ConfigError& error) {
        std::fprintf(stderr, "epochscope: %s\n", error.what());
        return 2;
    }
    window.show();
    if (parser.isSet(setupTab))
        window.configEditor()->tabs()->setCurrentIndex(
            static_cast<int>(kSetupTabs.indexOf(parser.value(setupTab))));
    const QString dockShown = parser.value(showDockOption);
    if (!dockShown.isEmpty())
        raiseDock(window, dockShown);
    // The Environment dock measures, as its Check button does.
    if (dockShown == QLatin1String("environment")) {
        if (auto* panel = window.findChild<es::ui::EnvironmentPanel*>())
            panel->check();
    }
    QWidget* shown = &window;
    if (parser.isSet(compare)) {
        QList<qint64> ids;
        for (const QString& id : parser.value(compare).split(','))
            ids << id.trimmed().toLongLong();
        es::ui::ReportExportDialog* dialog = compareRuns(window.runsPanel(), ids);
        if (dialog == nullptr) {
            std::fprintf(stderr,
                         "epochscope: --compare %s: expected two or more run ids of the "
                         "database\n",
                         qPrintable(parser.value(compare)));
            return 2;
        }
        shown = dialog;
    }
    if (parser.isSet(openRun))
        window.openStoredRun(parser.value(openRun).toLongLong());
    if (parser.isSet(demo))
        QTimer::singleShot(0, &window, &es::ui::MainWindow::startRun);
    const bool profilesCommand = parser.isSet(profile) && !parser.positionalArguments().isEmpty();
    if (parser.isSet(profile)) {
        const QStringList command = parser.positionalArguments();
        if (command.isEmpty()) {
            es::ui::ProfileScriptDialog* dialog = window.profileScript();
            if (parser.isSet(screenshot))
                shown = dialog;
        } else {
            es::ScriptSessionOptions options;
            if (!profileOptions(command, options))
                return 2;
            QTimer::singleShot(0, &window, [&window, options] { window.startScript(options); });
        }
    }
    if (parser.isSet(whatIf)) {
        window.openWhatIf();
        es::ui::WhatIfPanel* panel = window.whatIfPanel();
        for (const QString& factor : parser.values(whatIf)) {
            const int equals = factor.indexOf('=');
            const QString error =
                equals < 0 ? QApplication::translate("main", "expected KEY=V1,V2 (threads=1,2)")
                           : panel->addFactor(factor.left(equals), factor.mid(equals + 1));
            if (!error.isEmpty()) {
                std::fprintf(stderr, "epochscope: --whatif %s: %s\n", qPrintable(factor),
                             qPrintable(error));
                return 2;
            }
        }
        QTimer::singleShot(0, panel, &es::ui::WhatIfPanel::start);
    }
    if (parser.isSet(predict)) {
        bool isNumber = false;
        const qint64 runId = parser.value(predict).toLongLong(&isNumber);
        if (!isNumber || !window.openPredict(runId)) {
            std::fprintf(stderr, "epochscope: --predict %s: %s\n",
                         qPrintable(parser.value(predict)),
                         isNumber ? qPrintable(window.predictPanel()->errorText())
                                  : "expected the id of a recorded run");
            return 2;
        }
        es::ui::PredictPanel* panel = window.predictPanel();
        if (parser.isSet(predictX))
            panel->setInputFiles(parser.value(predictX), parser.value(predictY));
        else
            panel->useValidationData();
        QTimer::singleShot(0, panel, [panel] { panel->startPrediction(); });
        // The picture of the view is the dock on its own, as large as a window: docked under
        // the dashboard it gets a few hundred pixels.
        if (parser.isSet(screenshot)) {
            constexpr int kPictureWidth = 1400;
            constexpr int kPictureHeight = 760;
            QDockWidget* dock = window.predictDock();
            dock->setFloating(true);
            dock->resize(kPictureWidth, kPictureHeight);
            shown = dock;
        }
    } else if (parser.isSet(predictX) || parser.isSet(predictY)) {
        std::fprintf(stderr, "epochscope: --predict-x and --predict-y need --predict ID\n");
        return 2;
    }
    if (parser.isSet(exitWhenDone))
        QObject::connect(window.controller(), &es::ui::RunController::finished, &app,
                         [](es::RunState state) {
                             QApplication::exit(state == es::RunState::Finished ? 0 : 1);
                         });
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        constexpr int kMillisecondsPerSecond = 1000;
        const int delayMs =
            static_cast<int>(parser.value(delay).toDouble() * kMillisecondsPerSecond);
        // The dock is raised again: a finished run brings its findings to the front.
        const auto takeScreenshot = [shown, path, &window, dockShown] {
            if (!dockShown.isEmpty())
                raiseDock(window, dockShown);
            const bool saved = shown->grab().save(path);
            std::fprintf(saved ? stdout : stderr, "%s %s\n",
                         saved ? "screenshot saved to" : "cannot save the screenshot to",
                         qPrintable(path));
            // exit(), not quit(): quit() would ask the window to close, which asks first when
            // a run is going.
            QApplication::exit(saved ? 0 : 1);
        };
        // An experiment's (or a script's) length depends on the machine's load: the picture
        // waits for its table and chart to be complete.
        if (parser.isSet(whatIf))
            QObject::connect(window.whatIfPanel(), &es::ui::WhatIfPanel::experimentFinished,
                             &window, [&window, delayMs, takeScreenshot] {
                                 QTimer::singleShot(delayMs, &window, takeScreenshot);
                             });
        else if (parser.isSet(predict))
            QObject::connect(window.predictPanel(), &es::ui::PredictPanel::predictionFinished,
                             &window, [&window, delayMs, takeScreenshot] {
                                 QTimer::singleShot(delayMs, &window, takeScreenshot);
                             });
        else if (profilesCommand)
            QObject::connect(window.controller(), &es::ui::RunController::finished, &window,
                             [&window, delayMs, takeScreenshot] {
                                 QTimer::singleShot(delayMs, &window, takeScreenshot);
                             });
        else
            QTimer::singleShot(delayMs, &window, takeScreenshot);
    }
    return QApplication::exec();
}
