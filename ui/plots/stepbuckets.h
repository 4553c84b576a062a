#pragma once

// Display decimation for per-step charts. A long run has hundreds of thousands of steps and a
// chart has about a thousand pixels: the charts keep running sums of every step (appending is
// O(new steps)) and draw the mean of consecutive steps per bucket, which costs O(buckets)
// for any visible range, so zooming and following live stay fluid at any run length.

#include <cstddef>
#include <vector>

namespace es::ui {

/// Running sums of a fixed number of per-step channels.
class StepSums {
public:
    explicit StepSums(std::size_t channels);

    void clear();
    /// Appends one step; `values` holds one value per channel.
    void append(const double* values);

    std::size_t steps() const { return m_steps; }
    std::size_t channels() const { return m_channels; }
    /// Sum of `channel` over steps [first, end) (0-based indices).
    double sum(std::size_t channel, std::size_t first, std::size_t end) const;

private:
    std::size_t m_channels;
    std::size_t m_steps = 0;
    /// (steps + 1) rows of `m_channels` running totals; row 0 is all zeros.
    std::vector<double> m_prefix;
};

/// Consecutive steps drawn as one bucket each: [first, end) in 0-based step indices, cut into
/// buckets of `width` steps (the last one may be shorter).
struct BucketGrid {
    std::size_t first = 0;
    std::size_t end = 0;
    std::size_t width = 1;

    std::size_t bucketCount() const { return width ? (end - first + width - 1) / width : 0; }
    bool operator==(const BucketGrid& other) const
    {
        return first == other.first && end == other.end && width == other.width;
    }
    bool operator!=(const BucketGrid& other) const { return !(*this == other); }
};

/// The buckets covering the steps visible in [lo, hi] of an axis where step i (1-based) sits
/// at x = i, with at most `maxBuckets` buckets. Bucket edges sit on multiples of the width, so
/// panning moves whole buckets instead of re-cutting them (no shimmer).
BucketGrid bucketGridFor(double lo, double hi, std::size_t steps, std::size_t maxBuckets);

}  // namespace es::ui
