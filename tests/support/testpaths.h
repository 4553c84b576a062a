#pragma once

// Paths a test needs from the build, given by ctest in the environment (tests/CMakeLists.txt)
// rather than compiled in: a test compiled with an absolute path differs from one folder to
// the next, so a clone elsewhere (CI's) could not reuse its compiled object from ccache.

#include <QtCore/QString>
#include <QtCore/QtGlobal>

namespace es::test {

/// The environment variable `name`, which ctest sets; ends the test with a message saying how
/// to run it when it is missing.
inline QString pathFromCtest(const char* name)
{
    const QString path = qEnvironmentVariable(name);
    if (path.isEmpty())
        qFatal(
            "%s is not set: run this test through ctest (ctest --test-dir build/dev -R NAME), "
            "or set it as tests/CMakeLists.txt does",
            name);
    return path;
}

/// Debian's interpreter, which has python3-numpy and python3-torch (scripts/bootstrap-debian.sh).
/// A `python3` on PATH may be a pyenv without them.
inline const char* const kPython = "/usr/bin/python3";

/// A file under tests/data (`name` relative to it).
inline QString testDataPath(const QString& name)
{
    return pathFromCtest("EPOCHSCOPE_TEST_DATA") + QLatin1Char('/') + name;
}

/// The epochscope-cli under test (the launcher in app/).
inline QString cliPath()
{
    return pathFromCtest("EPOCHSCOPE_CLI_PATH");
}

}  // namespace es::test
