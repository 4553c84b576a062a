#pragma once

// A path from a Qt widget as the engine opens it: the C library takes file names in the
// locale's encoding (as QFile would use), which is not always UTF-8.

#include <QtCore/QFile>
#include <QtCore/QString>

#include <string>

namespace es::ui {

inline std::string nativePath(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

}  // namespace es::ui
