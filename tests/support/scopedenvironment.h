#pragma once

// An environment variable set for one scope of a test, such as XDG_DATA_HOME pointed at a
// temporary folder so that loading the preset text-sentiment-demo writes its corpus there
// rather than into the user's data folder.

#include <QtCore/QByteArray>
#include <QtCore/QtGlobal>

namespace es::test {

/// Sets `name` to `value` until the end of the scope, then puts back what was there.
class ScopedEnvironment {
public:
    ScopedEnvironment(const char* name, const QByteArray& value)
        : m_name(name), m_saved(qgetenv(name)), m_wasSet(qEnvironmentVariableIsSet(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnvironment()
    {
        if (m_wasSet)
            qputenv(m_name, m_saved);
        else
            qunsetenv(m_name);
    }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    const char* m_name;
    QByteArray m_saved;
    bool m_wasSet;
};

}  // namespace es::test
