#pragma once

// Whether a text the engine wrote (a finding's title, evidence or fix) holds a part, for a
// QVERIFY that says what the text was when it does not.

#include <QtCore/QtGlobal>

#include <string>

namespace es::test {

/// Whether `text` contains `part`; when it does not, a warning shows both before the failure.
inline bool contains(const std::string& text, const std::string& part)
{
    if (text.find(part) != std::string::npos)
        return true;
    qWarning("\"%s\" not found in: %s", part.c_str(), text.c_str());
    return false;
}

}  // namespace es::test
