#pragma once

// A run's status in the engine's language (i18n/language.h): "completed", "已完成". The key
// (runStatusKey(), store/runstore.h) stays what files and the database keep.

#include <string>
#include <string_view>

namespace es {

/// The status `key` ("running", "completed", "failed", "stopped", "interrupted") in
/// engineLanguage(); the key itself for one this version does not know.
std::string runStatusName(std::string_view key);

}  // namespace es
