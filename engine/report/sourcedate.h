#pragma once

// The date a written document carries. Reproducible-builds' convention: with SOURCE_DATE_EPOCH
// set (whole seconds since 1970-01-01 UTC), a document made from the same runs is the same
// bytes whenever it is made, so reports can be compared, cached and checked in.

#include <optional>
#include <string>

namespace es {

/// SOURCE_DATE_EPOCH as "YYYY-MM-DDThh:mm:ssZ" (UTC), the form cairo's PDF metadata takes;
/// nothing when the variable is unset or empty (the document then has the current time).
/// Throws std::runtime_error naming the variable and its value when it is not a whole,
/// non-negative number of seconds up to the year 9999.
std::optional<std::string> sourceDateEpoch();

/// The same for a given value of the variable (nullptr: unset).
std::optional<std::string> sourceDateEpoch(const char* value);

}  // namespace es
