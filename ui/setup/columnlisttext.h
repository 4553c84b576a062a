#pragma once

// CSV column lists as a user types them in one line edit: "open, close, 4" is two columns by
// name and one by 0-based index; a name that would read as an index or as two columns is
// written in double quotes ("2020", "a,b"), with doubled quotes inside it.

#include "engine/data/csvtable.h"

#include <QtCore/QString>

#include <vector>

namespace es::ui {

/// One column as the user types it.
QString columnText(const ColumnRef& column);
/// Columns joined with ", ".
QString columnsText(const std::vector<ColumnRef>& columns);
/// The inverse of columnsText(); empty entries are skipped.
std::vector<ColumnRef> parseColumns(const QString& text);
/// One column; several are kept as one name, which the engine then reports as a column the
/// file does not have.
ColumnRef parseColumn(const QString& text);

}  // namespace es::ui
