#pragma once

// Draws a report chart (reportcharts.h) with cairo and pango: the same drawing on a PNG for the
// HTML report and as vectors on a PDF page, so that both look alike.

#include "engine/report/reportcharts.h"

// As cairo.h declares it, so that including this header needs no cairo include path.
typedef struct _cairo cairo_t;

namespace es {

/// Where a chart goes, in the cairo context's user units (points on a PDF page).
struct ChartBox {
    double x = 0.0;
    double y = 0.0;
    double width = 0.0;
    double height = 0.0;
};

/// The width the charts are designed at: the text width of the PDF report's A4 page, in points.
/// The HTML scales the same drawing, so the text in a chart keeps its size relative to the chart.
inline constexpr double kChartWidth = 510.0;

/// The height that gives `chart` room at `width`: bar charts grow with their bars, the others
/// keep a landscape shape and grow with the rows their legend needs.
double chartHeight(const ChartSpec& chart, double width);

/// Draws `chart` inside `box` on a white ground: title, legend, axes with round ticks and
/// their labels, and the data. Run names too long for their place are cut with an ellipsis.
void paintChart(cairo_t* cr, const ChartSpec& chart, const ChartBox& box);

}  // namespace es
