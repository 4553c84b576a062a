#pragma once

// Which threads a test process has, by name: the app's workers name theirs ("es-doctor").

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QStringList>

namespace es::test {

/// The names of this process's threads (Linux: /proc/self/task/*/comm).
inline QStringList threadNames()
{
    QStringList names;
    for (const QString& task :
         QDir("/proc/self/task").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm("/proc/self/task/" + task + "/comm");
        if (comm.open(QIODevice::ReadOnly))
            names << QString::fromUtf8(comm.readAll()).trimmed();
    }
    return names;
}

}  // namespace es::test
