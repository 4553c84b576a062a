#include "ui/setup/droppedfiles.h"

#include <QtCore/QFileInfo>
#include <QtCore/QMimeData>
#include <QtCore/QRegularExpression>
#include <QtCore/QUrl>

#include <algorithm>

namespace es::ui {

DroppedKind droppedKind(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("npy"))
        return DroppedKind::Npy;
    if (suffix == QLatin1String("npz"))
        return DroppedKind::Npz;
    if (suffix == QLatin1String("csv"))
        return DroppedKind::Csv;
    return DroppedKind::Other;
}

// Words rather than any letter y, which "x_history" has.
bool namedLikeTargets(const QString& path)
{
    const QString base = QFileInfo(path).completeBaseName().toLower();
    if (base.contains(QLatin1String("label")) || base.contains(QLatin1String("target")))
        return true;
    static const QRegularExpression kWordSeparators(QStringLiteral("[^a-z0-9]+"));
    static const QRegularExpression kYWord(QStringLiteral("^y[0-9]*$"));
    const QStringList words = base.split(kWordSeparators, Qt::SkipEmptyParts);
    return std::any_of(words.begin(), words.end(),
                       [](const QString& word) { return kYWord.match(word).hasMatch(); });
}

QStringList localFiles(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    QStringList files;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile())
            return {};
        files << url.toLocalFile();
    }
    return files;
}

}  // namespace es::ui
