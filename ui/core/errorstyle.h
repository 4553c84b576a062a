#pragma once

// The one look of an error message in a panel or dialog (a label that says what went wrong),
// and of the field it is about: the same red everywhere, readable on light and dark palettes.

#include <QtCore/QString>

namespace es::ui {

/// A style sheet for a QLabel that shows an error.
inline QString errorTextStyle()
{
    return QStringLiteral("color: #c0392b;");
}

/// A style sheet that frames a field with a problem in that red: it works for line edits, spin
/// boxes and combo boxes alike, in light and dark palettes.
inline QString invalidFieldStyle()
{
    return QStringLiteral("border: 2px solid #c0392b; border-radius: 3px;");
}

}  // namespace es::ui
