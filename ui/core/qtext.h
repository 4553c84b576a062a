#pragma once

// The engine's text (std::string and std::string_view, UTF-8) as Qt's QString: one helper for
// every panel, since QString::fromStdString() takes no std::string_view, and the engine hands
// out string_views (config keys, Keras names, report format names).

#include <QtCore/QString>

#include <string_view>

namespace es::ui {

/// The UTF-8 text `text` as a QString; takes a std::string as well.
inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

}  // namespace es::ui
