#include "ui/mainwindow.h"

#include "ui/setup/configeditor.h"

#include <QtCore/QFileInfo>
#include <QtCore/QSettings>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>

// Run setup's config from a preset or a file, saved to a file, and the recently used files.

namespace es::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
constexpr const char* kRecentKey = "files/recent";

}  // namespace

void MainWindow::loadPreset(const QString& name)
{
    m_editor->loadPreset(name);
    m_configPath.clear();
    setWindowTitle(tr("EpochScope - %1").arg(name));
}

void MainWindow::choosePreset(const QString& name)
{
    if (!m_editor->choosePreset(name))
        return;
    m_configPath.clear();
    setWindowTitle(tr("EpochScope - %1").arg(name));
}

bool MainWindow::openConfig(const QString& path)
{
    QString error;
    if (!m_editor->openFile(path, &error)) {
        QMessageBox::warning(this, tr("Open run config"), error);
        return false;
    }
    m_configPath = path;
    addRecentFile(path);
    setWindowTitle(tr("EpochScope - %1").arg(QFileInfo(path).fileName()));
    return true;
}

void MainWindow::saveConfig(bool askForPath)
{
    QString path = m_configPath;
    if (askForPath || path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save run config"), path,
                                            tr("Run configs (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_editor->saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Save run config"), error);
        return;
    }
    m_configPath = path;
    addRecentFile(path);
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& path : recent)
        m_recentMenu->addAction(path, this, [this, path] { openConfig(path); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

}  // namespace es::ui
