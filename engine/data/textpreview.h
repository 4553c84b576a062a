#pragma once

// What the Data tab's preview shows of a text source (describeTextSource(), textsource.h): its
// lines, each text's length in tokens and the sequence length marked on them, and those lengths
// binned for the histogram. LibTorch-free.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace es {

struct TextPreview {
    /// As the preview prints them: the texts and their classes, the lengths, the vocabulary's
    /// size and the first texts as tokens.
    std::vector<std::string> lines;
    /// Each text's length in tokens as data.text standardizes and splits it, in reading order.
    std::vector<std::int64_t> lengths;
    /// The tokens per sample: data.text.output_sequence_length, or the longest text's length
    /// when that is 0 (what training makes of the training texts).
    std::int64_t sequenceLength = 0;
};

/// How many of `lengths` are longer than `length`: the texts cut to it.
std::int64_t textsLongerThan(const std::vector<std::int64_t>& lengths, std::int64_t length);

/// Lengths in tokens counted in bins of a whole number of tokens, so that every bin holds as
/// many lengths as the others (bins of 2.5 tokens would alternate between two and three).
struct TextLengthBins {
    std::int64_t low = 0;    ///< the shortest length of the first bin
    std::int64_t width = 1;  ///< lengths per bin, at least 1
    std::vector<std::int64_t> counts;

    /// The shortest length of `bin`; the bin holds it and the width - 1 lengths after it.
    std::int64_t binStart(std::size_t bin) const
    {
        return low + static_cast<std::int64_t>(bin) * width;
    }
};

/// `lengths` (non-negative) in at most `maxBins` bins (at least 1) from the shortest to the
/// longest: one bin per length when they span no more than `maxBins`, else the narrowest width
/// that fits them. No lengths: no bins.
TextLengthBins binTextLengths(const std::vector<std::int64_t>& lengths, std::size_t maxBins);

}  // namespace es
