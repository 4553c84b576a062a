#pragma once

// The Data tab preview's histogram of a text source's lengths in tokens: how many texts have
// how many tokens, the part of each bar that output_sequence_length cuts in a colour of its
// own, and a line at the sequence length labelled with the share of texts it cuts (at the
// longest text's length when output_sequence_length is 0). Built on RunChart for the shared
// palette, tooltip and export; it has no timeline and draws whatever setLengths() was given.

#include "engine/data/textpreview.h"
#include "ui/plots/runchart.h"

#include <cstdint>
#include <vector>

class QCPBars;
class QCPItemStraightLine;
class QCPItemText;

namespace es::ui {

class TextLengthChart : public RunChart {
    Q_OBJECT

public:
    explicit TextLengthChart(QWidget* parent = nullptr);

    /// Draws `lengths` (one per text, in tokens) with the marker at `sequenceLength`, which is
    /// the longest text's length when `longest` (output_sequence_length 0). Replaces what was
    /// drawn and fits the view.
    void setLengths(std::vector<std::int64_t> lengths, std::int64_t sequenceLength, bool longest);

    const std::vector<std::int64_t>& lengths() const { return m_lengths; }
    const TextLengthBins& bins() const { return m_bins; }
    /// The tokens per sample the marker stands for.
    std::int64_t markedLength() const { return m_sequenceLength; }
    /// Where the marker is drawn: half a token after markedLength(), between the lengths kept
    /// whole and those cut.
    double markerPosition() const;
    /// The share of the texts longer than markedLength(), in [0, 1].
    double cutShare() const;
    /// The marker's label as drawn.
    QString markerText() const;
    QCPBars* keptBars() const { return m_kept; }
    QCPBars* cutBars() const { return m_cut; }

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;

private:
    /// The bin under `x` (plot coordinates); bins().counts.size() when none.
    std::size_t binAt(double x) const;
    /// Puts the label on a side of the marker with room for it, once the axes are laid out.
    void placeMarkerText();

    std::vector<std::int64_t> m_lengths;
    std::int64_t m_sequenceLength = 0;
    bool m_longest = false;
    TextLengthBins m_bins;
    /// Per bin, the texts longer than the sequence length.
    std::vector<std::int64_t> m_cutCounts;
    QCPBars* m_kept = nullptr;
    QCPBars* m_cut = nullptr;
    QCPItemStraightLine* m_marker = nullptr;
    QCPItemText* m_markerText = nullptr;
};

}  // namespace es::ui
