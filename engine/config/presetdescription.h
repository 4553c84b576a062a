#pragma once

// A built-in preset's description in engineLanguage(). resources/presets/<name>.json holds the
// English text, which lupdate cannot read; presetdescription.cpp marks the same text for
// translations/epochscope_engine_*.ts, and tst_enginetext fails when the two drift apart.

#include <string>
#include <string_view>

namespace es {

/// `english`, the description in preset `name`'s JSON, in engineLanguage(): its translation
/// when `name` is a built-in preset whose marked text is exactly `english`, otherwise
/// `english` itself (an edited description stays English rather than show a stale
/// translation).
std::string presetDescriptionText(std::string_view name, const std::string& english);

}  // namespace es
