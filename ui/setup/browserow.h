#pragma once

// A path field of the Data tab with a Browse… button beside it: the source pages' files and
// folders, and the tokenizer's vocabulary file.

#include <QtCore/QString>

#include <functional>

class QLineEdit;
class QWidget;

namespace es::ui {

/// `field` with a Browse… button beside it, in a row owned by `parent`. The button opens a
/// file dialog (a folder dialog when `filter` is empty) titled `title`, starting at the field's
/// file or else at `baseDirectory()`, asked at each click (where relative paths point, see
/// DataForm::setBaseDirectory; empty: the current directory); the choice is written into the
/// field relative to it when it lies inside (configPathFor).
QWidget* browseRow(QLineEdit* field, const QString& title, const QString& filter,
                   std::function<QString()> baseDirectory, QWidget* parent);

}  // namespace es::ui
