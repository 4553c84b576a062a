#pragma once

// The one look of an error message in a panel or dialog (a label that says what went wrong):
// the same red everywhere, readable on light and dark palettes.

#include <QtCore/QString>

namespace es::ui {

/// A style sheet for a QLabel that shows an error.
inline QString errorTextStyle()
{
    return QStringLiteral("color: #c0392b;");
}

}  // namespace es::ui
