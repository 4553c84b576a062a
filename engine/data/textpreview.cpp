#include "engine/data/textpreview.h"

#include <algorithm>

namespace es {

std::int64_t textsLongerThan(const std::vector<std::int64_t>& lengths, std::int64_t length)
{
    return std::count_if(lengths.begin(), lengths.end(),
                         [length](std::int64_t one) { return one > length; });
}

TextLengthBins binTextLengths(const std::vector<std::int64_t>& lengths, std::size_t maxBins)
{
    TextLengthBins bins;
    if (lengths.empty())
        return bins;
    const auto [shortest, longest] = std::minmax_element(lengths.begin(), lengths.end());
    const std::int64_t span = *longest - *shortest + 1;
    const auto most = static_cast<std::int64_t>(std::max<std::size_t>(maxBins, 1));
    bins.low = *shortest;
    bins.width = (span + most - 1) / most;
    bins.counts.assign(static_cast<std::size_t>((span + bins.width - 1) / bins.width), 0);
    for (const std::int64_t one : lengths)
        ++bins.counts[static_cast<std::size_t>((one - bins.low) / bins.width)];
    return bins;
}

}  // namespace es
