#pragma once

// Runs Python scripts that write test files with NumPy itself, so that readers are tested on
// what NumPy really writes.

#include "tests/support/testpaths.h"

#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace es::test {

/// Runs `script` with `arguments`; returns an empty string on success, else what went wrong
/// and how to fix it (for QVERIFY2).
inline QString runNumPyScript(const char* script, const QStringList& arguments)
{
    constexpr int kTimeoutMs = 120000;
    if (!QFileInfo::exists(kPython))
        return "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh";
    QProcess python;
    python.start(kPython, QStringList{"-c", script} + arguments);
    if (!python.waitForFinished(kTimeoutMs))
        return "the NumPy script did not finish within 2 minutes";
    const QString errors = QString::fromUtf8(python.readAllStandardError());
    if (errors.contains("No module named 'numpy'"))
        return "NumPy is missing for /usr/bin/python3: run scripts/bootstrap-debian.sh";
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0)
        return "the NumPy script failed: " + errors;
    return {};
}

}  // namespace es::test
