#pragma once

#include <vector>

namespace es {

/// Nearest-rank percentile: the smallest value such that at least `p` percent of the values
/// are at or below it, so the result is always one of the inputs. `p` is in [0, 100]; p = 0
/// gives the minimum. The values need not be sorted. Throws std::invalid_argument for an
/// empty list or `p` outside [0, 100].
double percentile(std::vector<double> values, double p);

/// The middle value, or the mean of the two middle values for an even count. Throws
/// std::invalid_argument for an empty list.
double median(std::vector<double> values);

}  // namespace es
