#include "engine/summary/statistics.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace es {

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        throw std::invalid_argument("percentile of an empty list");
    if (!(p >= 0.0 && p <= 100.0))
        throw std::invalid_argument("percentile outside [0, 100]");
    // p * n before dividing keeps whole-number ranks exact (0.95 * 20 is not exactly 19).
    const double n = static_cast<double>(values.size());
    const auto rank = static_cast<std::size_t>(std::ceil(p * n / 100.0));
    const std::size_t index = rank == 0 ? 0 : std::min(rank, values.size()) - 1;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index),
                     values.end());
    return values[index];
}

double median(std::vector<double> values)
{
    if (values.empty())
        throw std::invalid_argument("median of an empty list");
    const std::size_t middle = values.size() / 2;
    const auto middleIt = values.begin() + static_cast<std::ptrdiff_t>(middle);
    std::nth_element(values.begin(), middleIt, values.end());
    const double upper = *middleIt;
    if (values.size() % 2 == 1)
        return upper;
    // The lower middle value is the largest of the elements nth_element put before it.
    const double lower = *std::max_element(values.begin(), middleIt);
    return (lower + upper) / 2.0;
}

}  // namespace es
