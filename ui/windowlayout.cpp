#include "ui/windowlayout.h"

#include <QtCore/QSettings>
#include <QtWidgets/QMainWindow>

namespace es::ui {

namespace {

constexpr const char* kGeometryKey = "window/geometry";
constexpr const char* kStateKey = "window/state";

}  // namespace

void restoreWindowLayout(QMainWindow& window)
{
    QSettings settings;
    window.restoreGeometry(settings.value(kGeometryKey).toByteArray());
    window.restoreState(settings.value(kStateKey).toByteArray());
}

void saveWindowLayout(const QMainWindow& window)
{
    QSettings settings;
    settings.setValue(kGeometryKey, window.saveGeometry());
    settings.setValue(kStateKey, window.saveState());
}

}  // namespace es::ui
