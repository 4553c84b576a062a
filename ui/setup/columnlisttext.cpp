#include "ui/setup/columnlisttext.h"

#include <QtCore/QStringList>

#include <algorithm>

namespace es::ui {

namespace {

bool isIndexText(const QString& text)
{
    return !text.isEmpty() &&
           std::all_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
}

}  // namespace

/// A column as the user types it: an index as a number, a name as it is, quoted when it would
/// read back as an index or as two columns.
QString columnText(const ColumnRef& column)
{
    if (column.name.empty())
        return column.index >= 0 ? QString::number(column.index) : QString();
    QString name = QString::fromStdString(column.name);
    const bool ambiguous = isIndexText(name) || name.contains(QLatin1Char(',')) ||
                           name.contains(QLatin1Char('"')) || name != name.trimmed();
    if (!ambiguous)
        return name;
    name.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return QLatin1Char('"') + name + QLatin1Char('"');
}

QString columnsText(const std::vector<ColumnRef>& columns)
{
    QStringList parts;
    for (const ColumnRef& column : columns)
        parts << columnText(column);
    return parts.join(QStringLiteral(", "));
}

/// The inverse of columnsText(): comma-separated columns, a bare run of digits an index,
/// anything else a name ("" quotes a name, doubled quotes inside it). Empty entries are skipped.
std::vector<ColumnRef> parseColumns(const QString& text)
{
    std::vector<ColumnRef> columns;
    qsizetype at = 0;
    const qsizetype size = text.size();
    while (at < size) {
        while (at < size && text.at(at).isSpace())
            ++at;
        if (at < size && text.at(at) == QLatin1Char('"')) {
            QString name;
            ++at;
            while (at < size) {
                if (text.at(at) == QLatin1Char('"')) {
                    if (at + 1 < size && text.at(at + 1) == QLatin1Char('"')) {
                        name += QLatin1Char('"');
                        at += 2;
                        continue;
                    }
                    ++at;
                    break;
                }
                name += text.at(at++);
            }
            while (at < size && text.at(at) != QLatin1Char(','))
                ++at;
            ++at;
            columns.push_back(ColumnRef::byName(name.toStdString()));
            continue;
        }
        qsizetype end = text.indexOf(QLatin1Char(','), at);
        if (end < 0)
            end = size;
        const QString item = text.mid(at, end - at).trimmed();
        at = end + 1;
        if (item.isEmpty())
            continue;
        bool isNumber = false;
        const int index = item.toInt(&isNumber);
        if (isIndexText(item) && isNumber)
            columns.push_back(ColumnRef::byIndex(index));
        else
            columns.push_back(ColumnRef::byName(item.toStdString()));
    }
    return columns;
}

ColumnRef parseColumn(const QString& text)
{
    const std::vector<ColumnRef> columns = parseColumns(text);
    if (columns.empty())
        return {};
    if (columns.size() == 1)
        return columns.front();
    // Several columns where one is expected: kept as one name, which the engine then reports
    // as a column the file does not have, at data.source.target.
    return ColumnRef::byName(text.trimmed().toStdString());
}

}  // namespace es::ui
