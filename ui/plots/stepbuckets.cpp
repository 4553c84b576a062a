#include "ui/plots/stepbuckets.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

StepSums::StepSums(std::size_t channels) : m_channels(channels), m_prefix(channels, 0.0) {}

void StepSums::clear()
{
    m_steps = 0;
    m_prefix.assign(m_channels, 0.0);
}

void StepSums::append(const double* values)
{
    const std::size_t last = m_prefix.size() - m_channels;
    m_prefix.resize(m_prefix.size() + m_channels);
    for (std::size_t c = 0; c < m_channels; ++c)
        m_prefix[last + m_channels + c] = m_prefix[last + c] + values[c];
    ++m_steps;
}

double StepSums::sum(std::size_t channel, std::size_t first, std::size_t end) const
{
    end = std::min(end, m_steps);
    if (first >= end)
        return 0.0;
    return m_prefix[end * m_channels + channel] - m_prefix[first * m_channels + channel];
}

BucketGrid bucketGridFor(double lo, double hi, std::size_t steps, std::size_t maxBuckets)
{
    BucketGrid grid;
    if (steps == 0 || maxBuckets == 0 || !(hi >= lo))
        return grid;
    // Step i covers x in [i - 0.5, i + 0.5); index = i - 1.
    const double firstX = std::max(1.0, std::floor(lo + 0.5));
    const double lastX = std::min(static_cast<double>(steps), std::ceil(hi - 0.5));
    if (lastX < firstX)
        return grid;
    const auto firstVisible = static_cast<std::size_t>(firstX) - 1;
    const auto endVisible = static_cast<std::size_t>(lastX);
    const std::size_t span = endVisible - firstVisible;
    std::size_t width = std::max<std::size_t>(1, (span + maxBuckets - 1) / maxBuckets);
    for (;; ++width) {
        grid.width = width;
        grid.first = firstVisible / width * width;
        grid.end = std::min(steps, (endVisible + width - 1) / width * width);
        // Aligning the edges can add one bucket; widen until it fits.
        if (grid.bucketCount() <= maxBuckets)
            return grid;
    }
}

}  // namespace es::ui
