#include "engine/report/chartpainter.h"

#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"
#include "engine/report/pangotext.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace es {

namespace {

constexpr double kPadding = 8.0;
// Room between the parts of a chart (title, legend, plot, axis labels).
constexpr double kGap = 5.0;
constexpr double kSwatch = 8.0;
// Between one legend entry and the next on the same row.
constexpr double kLegendSpacing = 14.0;
// A run name may take this share of the chart's width in a legend or beside a bar; longer
// ones are cut, so that one long name cannot squeeze the plot away.
constexpr double kMaxLabelShare = 0.34;
// Room a tick label needs, so that the axes get as many ticks as fit without crowding.
constexpr double kYTickSpacing = 26.0;
constexpr double kXTickSpacing = 60.0;
// Below this many units per point, markers would merge into a thick line.
constexpr double kMinMarkerSpacing = 6.0;
constexpr double kFullTurn = 6.283185307179586;  // radians

constexpr std::uint32_t kAxisRgb = 0x8A8F98;
constexpr std::uint32_t kGridRgb = 0xE3E5E9;
constexpr std::uint32_t kWhite = 0xFFFFFF;

const TextStyle kChartTitleStyle{10.5, true};
const TextStyle kLabelStyle{8.0};
const TextStyle kValueStyle{7.0};

/// An estimate of a text's width without measuring it, for chartHeight(), which has no
/// context to measure with.
double roughWidth(const std::string& text, double size)
{
    return 0.56 * size * static_cast<double>(text.size());
}

/// A histogram edge with three significant digits, but never in exponent form.
std::string edgeText(double value)
{
    if (value == 0.0)
        return "0";
    const int decimals =
        std::clamp(2 - static_cast<int>(std::floor(std::log10(std::fabs(value)))), 0, 3);
    return formatText("%.*f", decimals, value);
}

/// The series' value at `index`; unset past its end, so that a short series draws no further.
std::optional<double> valueAt(const ChartSeries& series, std::size_t index)
{
    return index < series.values.size() ? series.values[index] : std::nullopt;
}

/// Light fills get dark text, dark ones white text (sRGB luma).
std::uint32_t textOn(std::uint32_t rgb)
{
    const double luma =
        0.299 * ((rgb >> 16) & 0xFF) + 0.587 * ((rgb >> 8) & 0xFF) + 0.114 * (rgb & 0xFF);
    return luma > 150.0 ? kTextRgb : kWhite;
}

void fillRect(cairo_t* cr, double x, double y, double width, double height, std::uint32_t rgb)
{
    setColour(cr, rgb);
    cairo_rectangle(cr, x, y, width, height);
    cairo_fill(cr);
}

void line(cairo_t* cr, double x0, double y0, double x1, double y1, std::uint32_t rgb,
          double lineWidth)
{
    setColour(cr, rgb);
    cairo_set_line_width(cr, lineWidth);
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
}

/// Legend rows, estimated or measured: the entries' widths flowed into `width`.
int legendRows(const std::vector<double>& entryWidths, double width)
{
    int rows = entryWidths.empty() ? 0 : 1;
    double x = 0.0;
    for (double entry : entryWidths) {
        if (x > 0.0 && x + entry > width) {
            ++rows;
            x = 0.0;
        }
        x += entry + kLegendSpacing;
    }
    return rows;
}

class ChartDrawing {
public:
    ChartDrawing(cairo_t* cr, const ChartSpec& chart, const ChartBox& box)
        : m_cr(cr), m_text(cr), m_chart(chart), m_box(box)
    {
    }

    void paint()
    {
        fillRect(m_cr, m_box.x, m_box.y, m_box.width, m_box.height, kWhite);
        double y = m_box.y + kPadding;
        const LayoutPtr title =
            m_text.layout(m_chart.title, kChartTitleStyle, innerWidth(), TextAlign::Left, 2);
        m_text.draw(title.get(), left(), y, kTextRgb);
        y += TextPainter::height(title.get()) + kGap;
        y = drawLegend(y) + kGap;
        if (!hasData())
            return;
        switch (m_chart.kind) {
            case ChartKind::StackedBars: drawStackedBars(y); break;
            case ChartKind::Lines: drawLines(y); break;
            case ChartKind::Histogram: drawHistogram(y); break;
        }
    }

private:
    cairo_t* m_cr;
    TextPainter m_text;
    const ChartSpec& m_chart;
    ChartBox m_box;

    double left() const { return m_box.x + kPadding; }
    double right() const { return m_box.x + m_box.width - kPadding; }
    double bottom() const { return m_box.y + m_box.height - kPadding; }
    double innerWidth() const { return m_box.width - 2.0 * kPadding; }
    double maxLabelWidth() const { return m_box.width * kMaxLabelShare; }

    /// Whether the spec has the parts its kind needs (reportcharts.h leaves such charts out).
    bool hasData() const
    {
        switch (m_chart.kind) {
            case ChartKind::StackedBars: return !m_chart.categories.empty();
            case ChartKind::Lines: return !m_chart.x.empty() && !m_chart.series.empty();
            case ChartKind::Histogram: return m_chart.x.size() >= 2 && !m_chart.series.empty();
        }
        return false;
    }

    /// Returns the y below the legend.
    double drawLegend(double top)
    {
        std::vector<LayoutPtr> names;
        double rowHeight = kSwatch;
        for (const ChartSeries& series : m_chart.series) {
            names.push_back(
                m_text.layout(series.name, kLabelStyle, maxLabelWidth(), TextAlign::Left, 1));
            rowHeight = std::max(rowHeight, TextPainter::height(names.back().get()));
        }
        double x = left();
        double y = top;
        for (std::size_t i = 0; i < names.size(); ++i) {
            const double entry = kSwatch + 4.0 + TextPainter::width(names[i].get());
            if (x > left() && x + entry > right()) {
                x = left();
                y += rowHeight + 2.0;
            }
            fillRect(m_cr, x, y + (rowHeight - kSwatch) / 2.0, kSwatch, kSwatch,
                     m_chart.series[i].rgb);
            m_text.draw(names[i].get(), x + kSwatch + 4.0, y, kTextRgb);
            x += entry + kLegendSpacing;
        }
        return names.empty() ? top : y + rowHeight;
    }

    /// Tick labels under a horizontal axis at `axisY`, centred on their x; returns their height.
    double drawXTickLabel(const std::string& text, double x, double axisY)
    {
        const LayoutPtr label = m_text.layout(text, kLabelStyle);
        const double width = TextPainter::width(label.get());
        const double clampedX =
            std::clamp(x - width / 2.0, m_box.x + 1.0, m_box.x + m_box.width - width - 1.0);
        m_text.draw(label.get(), clampedX, axisY + 3.0, kMutedRgb);
        return TextPainter::height(label.get());
    }

    /// The axis title centred under the tick labels.
    void drawXAxisTitle(double plotLeft, double plotRight)
    {
        if (m_chart.xLabel.empty())
            return;
        const LayoutPtr label =
            m_text.layout(m_chart.xLabel, kLabelStyle, plotRight - plotLeft, TextAlign::Centre, 1);
        m_text.draw(label.get(), plotLeft, bottom() - TextPainter::height(label.get()), kTextRgb);
    }

    /// The height the value axis needs under the plot: tick labels and the axis title.
    double xAxisHeight() const
    {
        const double line = TextPainter::height(m_text.layout("0", kLabelStyle).get());
        return 3.0 + line + (m_chart.xLabel.empty() ? 0.0 : kGap + line);
    }

    void drawStackedBars(double top)
    {
        const std::size_t bars = m_chart.categories.size();
        std::vector<double> totals(bars, 0.0);
        for (const ChartSeries& series : m_chart.series)
            for (std::size_t b = 0; b < bars; ++b)
                totals[b] += valueAt(series, b).value_or(0.0);
        const double plotBottom = bottom() - xAxisHeight();

        std::vector<LayoutPtr> names;
        double namesWidth = 0.0;
        for (const std::string& category : m_chart.categories) {
            names.push_back(
                m_text.layout(category, kLabelStyle, maxLabelWidth(), TextAlign::Left, 1));
            namesWidth = std::max(namesWidth, TextPainter::width(names.back().get()));
        }
        const double plotLeft = left() + namesWidth + 6.0;
        const double plotRight = right() - 10.0;  // half a tick label may stick out
        const double plotWidth = plotRight - plotLeft;
        const ChartTicks ticks =
            niceTicks(0.0, *std::max_element(totals.begin(), totals.end()),
                      std::max(2, static_cast<int>(plotWidth / kXTickSpacing)));
        const double scale = plotWidth / ticks.values.back();

        for (double tick : ticks.values) {
            const double x = plotLeft + tick * scale;
            line(m_cr, x, top, x, plotBottom, kGridRgb, 0.6);
            drawXTickLabel(formatText("%.*f", ticks.decimals, tick), x, plotBottom);
        }
        line(m_cr, plotLeft, top, plotLeft, plotBottom, kAxisRgb, 0.8);
        drawXAxisTitle(plotLeft, plotRight);

        const double rowHeight =
            (plotBottom - top) / static_cast<double>(std::max<std::size_t>(1, bars));
        const double barHeight = std::min(18.0, rowHeight * 0.64);
        for (std::size_t b = 0; b < bars; ++b) {
            const double rowTop = top + rowHeight * static_cast<double>(b);
            const double barTop = rowTop + (rowHeight - barHeight) / 2.0;
            const double nameHeight = TextPainter::height(names[b].get());
            m_text.draw(names[b].get(), plotLeft - 6.0 - TextPainter::width(names[b].get()),
                        rowTop + (rowHeight - nameHeight) / 2.0, kTextRgb);
            bool drawn = false;
            double x = plotLeft;
            for (const ChartSeries& series : m_chart.series) {
                const std::optional<double> value = valueAt(series, b);
                if (!value || *value <= 0.0)
                    continue;
                const double width = *value * scale;
                fillRect(m_cr, x, barTop, width, barHeight, series.rgb);
                // A hairline between segments, so that neighbours of similar hue stay apart.
                line(m_cr, x + width, barTop, x + width, barTop + barHeight, kWhite, 0.75);
                drawSegmentValue(*value, x, width, barTop, barHeight, series.rgb);
                x += width;
                drawn = true;
            }
            if (!drawn) {
                const LayoutPtr none =
                    m_text.layout(engineText("ReportChart", "no warm steps"), kLabelStyle);
                m_text.draw(none.get(), plotLeft + 4.0,
                            rowTop + (rowHeight - TextPainter::height(none.get())) / 2.0,
                            kMutedRgb);
            }
        }
    }

    /// The segment's value inside it, where it fits.
    void drawSegmentValue(double value, double x, double width, double top, double height,
                          std::uint32_t fill)
    {
        const LayoutPtr text =
            m_text.layout(formatText("%.*f", value < 10.0 ? 2 : 1, value), kValueStyle);
        const double textWidth = TextPainter::width(text.get());
        const double textHeight = TextPainter::height(text.get());
        if (textWidth + 4.0 > width || textHeight > height)
            return;
        m_text.draw(text.get(), x + (width - textWidth) / 2.0, top + (height - textHeight) / 2.0,
                    textOn(fill));
    }

    struct ValueAxis {
        double top = 0.0;
        double bottom = 0.0;
        double left = 0.0;
        double scale = 0.0;  ///< units per value

        double y(double value) const { return bottom - value * scale; }
    };

    /// The vertical value axis from zero to the largest value: grid, tick labels and the axis
    /// title above it. Returns where the plot goes.
    ValueAxis drawYAxis(double top, double maxValue, bool integers)
    {
        double y = top;
        if (!m_chart.yLabel.empty()) {
            const LayoutPtr label =
                m_text.layout(m_chart.yLabel, kLabelStyle, innerWidth(), TextAlign::Left, 1);
            m_text.draw(label.get(), left(), y, kTextRgb);
            y += TextPainter::height(label.get()) + 2.0;
        }
        const double lineHeight = TextPainter::height(m_text.layout("0", kLabelStyle).get());
        ValueAxis axis;
        axis.top = y + lineHeight / 2.0;  // room for the top tick label's upper half
        axis.bottom = bottom() - xAxisHeight();
        const ChartTicks ticks = niceTicks(
            0.0, maxValue, std::max(2, static_cast<int>((axis.bottom - axis.top) / kYTickSpacing)),
            integers);
        std::vector<LayoutPtr> labels;
        double labelsWidth = 0.0;
        for (double tick : ticks.values) {
            labels.push_back(m_text.layout(formatText("%.*f", ticks.decimals, tick), kLabelStyle));
            labelsWidth = std::max(labelsWidth, TextPainter::width(labels.back().get()));
        }
        axis.left = left() + labelsWidth + 5.0;
        axis.scale = (axis.bottom - axis.top) / ticks.values.back();
        for (std::size_t i = 0; i < ticks.values.size(); ++i) {
            const double tickY = axis.y(ticks.values[i]);
            line(m_cr, axis.left, tickY, right(), tickY, kGridRgb, 0.6);
            m_text.draw(labels[i].get(), axis.left - 4.0 - TextPainter::width(labels[i].get()),
                        tickY - lineHeight / 2.0, kMutedRgb);
        }
        line(m_cr, axis.left, axis.bottom, right(), axis.bottom, kAxisRgb, 0.8);
        return axis;
    }

    double largestValue() const
    {
        double largest = 0.0;
        for (const ChartSeries& series : m_chart.series)
            for (const std::optional<double>& value : series.values)
                largest = std::max(largest, value.value_or(0.0));
        return largest;
    }

    void drawLines(double top)
    {
        const ValueAxis axis = drawYAxis(top, largestValue(), false);
        const double firstX = *std::min_element(m_chart.x.begin(), m_chart.x.end());
        const double lastX = *std::max_element(m_chart.x.begin(), m_chart.x.end());
        // Half a step of room at each end, so that the first and last points sit off the edges.
        const double margin = std::max(0.5, (lastX - firstX) * 0.02);
        const double low = firstX - margin;
        const double plotRight = right() - 4.0;
        const double scale = (plotRight - axis.left) / (lastX + margin - low);
        const auto xOf = [&](double x) { return axis.left + (x - low) * scale; };

        const ChartTicks ticks =
            niceTicks(firstX, lastX,
                      std::max(2, static_cast<int>((plotRight - axis.left) / kXTickSpacing)), true);
        for (double tick : ticks.values) {
            if (tick < firstX || tick > lastX)
                continue;
            line(m_cr, xOf(tick), axis.bottom, xOf(tick), axis.bottom + 3.0, kAxisRgb, 0.8);
            drawXTickLabel(formatText("%.*f", ticks.decimals, tick), xOf(tick), axis.bottom);
        }
        drawXAxisTitle(axis.left, plotRight);

        const bool markers =
            m_chart.x.size() < 2 ||
            (plotRight - axis.left) / static_cast<double>(m_chart.x.size()) >= kMinMarkerSpacing;
        cairo_set_line_join(m_cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_cap(m_cr, CAIRO_LINE_CAP_ROUND);
        for (const ChartSeries& series : m_chart.series) {
            setColour(m_cr, series.rgb);
            cairo_set_line_width(m_cr, 1.6);
            bool drawing = false;  // a missing value breaks the line
            for (std::size_t i = 0; i < m_chart.x.size(); ++i) {
                const std::optional<double> value = valueAt(series, i);
                if (!value) {
                    drawing = false;
                    continue;
                }
                const double x = xOf(m_chart.x[i]);
                const double y = axis.y(*value);
                if (drawing)
                    cairo_line_to(m_cr, x, y);
                else
                    cairo_move_to(m_cr, x, y);
                drawing = true;
            }
            cairo_stroke(m_cr);
            for (std::size_t i = 0; i < m_chart.x.size(); ++i) {
                const std::optional<double> value = valueAt(series, i);
                if (!value || !markers)
                    continue;
                cairo_arc(m_cr, xOf(m_chart.x[i]), axis.y(*value), 2.3, 0.0, kFullTurn);
                cairo_fill(m_cr);
            }
        }
    }

    void drawHistogram(double top)
    {
        const ValueAxis axis = drawYAxis(top, largestValue(), true);
        const std::size_t bins = m_chart.x.size() - 1;
        const double plotRight = right() - 4.0;
        const double slot = (plotRight - axis.left) / static_cast<double>(bins);

        // Every edge gets a tick mark; labels go to every n-th edge, as many as fit.
        double labelWidth = 0.0;
        for (double edge : m_chart.x)
            labelWidth = std::max(labelWidth, m_text.width(edgeText(edge), kLabelStyle));
        const auto stride = static_cast<std::size_t>(std::ceil((labelWidth + 8.0) / slot));
        for (std::size_t e = 0; e <= bins; ++e) {
            const double x = axis.left + slot * static_cast<double>(e);
            line(m_cr, x, axis.bottom, x, axis.bottom + 3.0, kAxisRgb, 0.8);
            if (e % stride == 0)
                drawXTickLabel(edgeText(m_chart.x[e]), x, axis.bottom);
        }
        drawXAxisTitle(axis.left, plotRight);

        const double group = slot * 0.84;
        const double barWidth = group / static_cast<double>(m_chart.series.size());
        for (std::size_t s = 0; s < m_chart.series.size(); ++s) {
            const ChartSeries& series = m_chart.series[s];
            for (std::size_t bin = 0; bin < bins; ++bin) {
                const double value = valueAt(series, bin).value_or(0.0);
                if (value <= 0.0)
                    continue;
                const double x = axis.left + slot * static_cast<double>(bin) +
                                 (slot - group) / 2.0 + barWidth * static_cast<double>(s);
                fillRect(m_cr, x, axis.y(value), barWidth, axis.bottom - axis.y(value), series.rgb);
            }
        }
    }
};

}  // namespace

double chartHeight(const ChartSpec& chart, double width)
{
    std::vector<double> entries;
    for (const ChartSeries& series : chart.series)
        entries.push_back(
            kSwatch + 4.0 +
            std::min(roughWidth(series.name, kLabelStyle.size), width * kMaxLabelShare));
    const double lineHeight = kLabelStyle.size * 1.3;
    const double fixed = 2.0 * kPadding + kChartTitleStyle.size * 1.3 + kGap +
                         legendRows(entries, width - 2.0 * kPadding) * (lineHeight + 2.0) + kGap +
                         3.0 + lineHeight + kGap + lineHeight;
    if (chart.kind == ChartKind::StackedBars)
        return fixed + 26.0 * static_cast<double>(chart.categories.size());
    // The value axis' title sits above the plot.
    return fixed + lineHeight + width * 0.34;
}

void paintChart(cairo_t* cr, const ChartSpec& chart, const ChartBox& box)
{
    cairo_save(cr);
    cairo_rectangle(cr, box.x, box.y, box.width, box.height);
    cairo_clip(cr);
    ChartDrawing(cr, chart, box).paint();
    cairo_restore(cr);
}

}  // namespace es
