#include "ui/setup/datapaths.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>

namespace es::ui {

QString configPathFor(const QString& file, const QString& baseDirectory)
{
    QString absolute = QFileInfo(file).absoluteFilePath();
    if (baseDirectory.isEmpty())
        return absolute;
    QString relative = QDir(baseDirectory).relativeFilePath(absolute);
    if (relative.startsWith(QLatin1String("../")) || relative == QLatin1String("..") ||
        QDir::isAbsolutePath(relative))
        return absolute;
    return relative;
}

QString resolvedPath(const std::string& configPath, const QString& baseDirectory)
{
    QString path = QString::fromStdString(configPath);
    if (baseDirectory.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QDir::cleanPath(QDir(baseDirectory).filePath(path));
}

}  // namespace es::ui
