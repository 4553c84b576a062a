// epochscope: the desktop app. Argument parsing and wiring only; the window lives in ui/.
#include "config/configerror.h"
#include "mainwindow.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QTimer>
#include <QtWidgets/QApplication>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace {

/// LibTorch's OpenMP threads spin while they wait for the next parallel region. Next to the
/// window's own thread (and, under Xvfb, the X server) they then fight for the cores: on 2
/// cores a quick-demo step took about 2 s instead of 55 ms, measured with and without
/// OMP_WAIT_POLICY=PASSIVE. libgomp reads the variable when it is loaded, before main(), so it
/// is set here and the program starts again. A value the user set is left alone.
void preferPassiveOpenMpThreads(char** argv)
{
    if (std::getenv("OMP_WAIT_POLICY") != nullptr)
        return;
    // The program's real path, not /proc/self/exe: the process keeps its name ("epochscope")
    // in ps and in the per-thread CPU chart.
    char path[4096];
    const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0)
        return;  // no /proc: go on with spinning threads, slower but correct
    path[length] = '\0';
    ::setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    ::execv(path, argv);
}

}  // namespace

int main(int argc, char** argv)
{
    preferPassiveOpenMpThreads(argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("EpochScope");
    QApplication::setApplicationName("EpochScope");
    QApplication::setApplicationVersion(EPOCHSCOPE_VERSION);

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
        "delay", QApplication::translate("main", "Seconds before --screenshot (default 5)"),
        QApplication::translate("main", "seconds"), "5");
    parser.addOptions({demo, preset, config, database, screenshot, delay});
    parser.process(app);

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
    if (parser.isSet(demo))
        QTimer::singleShot(0, &window, &es::ui::MainWindow::startRun);
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        constexpr int kMillisecondsPerSecond = 1000;
        QTimer::singleShot(
            static_cast<int>(parser.value(delay).toDouble() * kMillisecondsPerSecond), &window,
            [&window, path] {
                const bool saved = window.grab().save(path);
                std::fprintf(saved ? stdout : stderr, "%s %s\n",
                             saved ? "screenshot saved to" : "cannot save the screenshot to",
                             qPrintable(path));
                // exit(), not quit(): quit() would ask the window to close, which asks first
                // when a run is going.
                QApplication::exit(saved ? 0 : 1);
            });
    }
    return QApplication::exec();
}
