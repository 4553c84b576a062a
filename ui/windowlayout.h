#pragma once

// The window's size, place and dock layout, kept in the settings from one session to the next.

class QMainWindow;

namespace es::ui {

/// Puts `window` and its docks where the last session left them; a first start keeps the
/// layout the window built. Docks and toolbars need object names (saveState() matches by name).
void restoreWindowLayout(QMainWindow& window);
/// Remembers `window`'s geometry and dock layout for the next start.
void saveWindowLayout(const QMainWindow& window);

}  // namespace es::ui
