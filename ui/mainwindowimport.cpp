#include "ui/mainwindow.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfigtext.h"
#include "engine/keras/kerasimport.h"
#include "ui/core/qtext.h"
#include "ui/setup/configeditor.h"
#include "ui/setup/droppedfiles.h"

#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QMimeData>
#include <QtCore/QSettings>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QStatusBar>
#include <QtWidgets/QTabWidget>

// Keras models brought into Run setup (File > Import Keras model...) and files dropped on the
// window: a Keras model goes to the importer, a run config opens as File > Open opens it.

namespace es::ui {

namespace {

constexpr const char* kKerasDirectoryKey = "files/kerasDirectory";
/// Long enough to read one line in the status bar; the Log keeps it.
constexpr int kStatusMessageMs = 8000;

enum class DroppedFile { KerasModel, RunConfig, Other };

/// What a dropped file is. model.to_json() writes one Keras object at the top: Keras 2's
/// {"class_name": "Sequential", "config": ...}, Keras 3's with "module" as well; a run config
/// has none of these keys.
DroppedFile droppedFileKind(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("keras"))
        return DroppedFile::KerasModel;
    if (suffix != QLatin1String("json"))
        return DroppedFile::Other;
    // Read as the config's reader reads it, so that a FIFO or a device named .json is refused
    // rather than waited on or read without end.
    std::string text;
    try {
        text = readRunConfigFile(QFile::encodeName(path).toStdString());
    } catch (const ConfigError&) {
        return DroppedFile::RunConfig;  // Open says why it cannot be read
    }
    const QJsonObject top = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    const bool keras =
        (top.contains(QLatin1String("class_name")) && top.contains(QLatin1String("config"))) ||
        top.contains(QLatin1String("module"));
    return keras ? DroppedFile::KerasModel : DroppedFile::RunConfig;
}

/// The one file a drag carries when the window can open it.
QString droppableFile(const QMimeData* mime)
{
    const QStringList files = localFiles(mime);
    if (files.size() != 1)
        return {};
    const QString suffix = QFileInfo(files.front()).suffix().toLower();
    return suffix == QLatin1String("json") || suffix == QLatin1String("keras") ? files.front()
                                                                               : QString();
}

}  // namespace

void MainWindow::chooseKerasModel()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import Keras model"), settings.value(kKerasDirectoryKey).toString(),
        tr("Keras models (*.json *.keras);;model.to_json() (*.json);;Keras archives (*.keras)"));
    if (path.isEmpty())
        return;
    settings.setValue(kKerasDirectoryKey, QFileInfo(path).absolutePath());
    importKerasModel(path);
}

bool MainWindow::importKerasModel(const QString& path)
{
    const QString fileName = QFileInfo(path).fileName();
    KerasImport imported;
    try {
        imported = importKerasModelFile(path.toStdString());
    } catch (const std::exception& error) {
        // ConfigError names the layer, its class and the option; anything else is the reader's.
        appendLog(LogLevel::Error,
                  tr("Keras model %1 not imported: %2").arg(fileName, toQString(error.what())));
        QMessageBox::warning(
            this, tr("Import Keras model"),
            tr("%1 cannot be imported:\n\n%2").arg(fileName, toQString(error.what())));
        return false;
    }
    // Synthetic data shaped like the model's input: no paths to resolve. Not a file of ours
    // yet, so Save asks where to write it rather than overwriting the Keras file.
    m_editor->setConfig(imported.config);
    m_configPath.clear();
    const QString name = toQString(imported.config.name);
    setWindowTitle(tr("EpochScope - %1").arg(name));
    const int layers = static_cast<int>(imported.config.model.layers.size());
    const QString summary =
        tr("Imported %1 (%2): %n layer(s) in Run setup as config %3", nullptr, layers)
            .arg(fileName, toQString(imported.kerasVersion), name);
    appendLog(LogLevel::Info, summary);
    for (const std::string& note : imported.notes)
        appendLog(LogLevel::Info, tr("Keras import: %1").arg(toQString(note)));
    statusBar()->showMessage(imported.notes.empty() ? summary
                                                    : tr("%1; %n note(s) in the Log", nullptr,
                                                         static_cast<int>(imported.notes.size()))
                                                          .arg(summary),
                             kStatusMessageMs);
    // The imported layers are what to look at first.
    m_editor->tabs()->setCurrentIndex(0);
    if (auto* setup = findChild<QDockWidget*>("setupDock")) {
        setup->show();
        setup->raise();
    }
    return true;
}

bool MainWindow::openDroppedFile(const QString& path)
{
    switch (droppedFileKind(path)) {
        case DroppedFile::KerasModel: return importKerasModel(path);
        case DroppedFile::RunConfig: return openConfig(path);
        case DroppedFile::Other: return false;
    }
    return false;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppableFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = droppableFile(event->mimeData());
    if (path.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    openDroppedFile(path);
}

}  // namespace es::ui
