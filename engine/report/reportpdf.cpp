#include "engine/report/reportpdf.h"

#include "engine/i18n/translate.h"
#include "engine/report/runcomparison.h"

#include <stdexcept>

#if EPOCHSCOPE_WITH_CAIRO
#include "engine/i18n/evidencetext.h"
#include "engine/report/chartpainter.h"
#include "engine/report/pangotext.h"
#include "engine/report/reportcharts.h"
#include "engine/report/reporttables.h"
#include "engine/report/reporttext.h"
#include "engine/report/sourcedate.h"

#include <cairo-pdf.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <numeric>
#include <optional>
#include <vector>
#endif

namespace es {

namespace {

std::string withoutCairoText()
{
    return engineText("Report",
                      "PDF reports need cairo and pango, and this build of EpochScope was made "
                      "without them (EPOCHSCOPE_WITH_CAIRO=OFF); rebuild with "
                      "-DEPOCHSCOPE_WITH_CAIRO=ON (Debian: libcairo2-dev libpango1.0-dev), or "
                      "write .html or .md");
}

}  // namespace

#if EPOCHSCOPE_WITH_CAIRO

namespace {

// A4 portrait in points; the text width is the charts' design width (chartpainter.h), so a
// chart is drawn at its own size.
constexpr double kPageWidth = 595.276;
constexpr double kPageHeight = 841.89;
constexpr double kMarginX = (kPageWidth - kChartWidth) / 2.0;
constexpr double kTextWidth = kChartWidth;
constexpr double kTop = 50.0;
constexpr double kBottom = kPageHeight - 58.0;
constexpr double kFooterY = kPageHeight - 38.0;

constexpr std::uint32_t kHeadingRgb = 0x1F2A44;
constexpr std::uint32_t kLineRgb = 0xC8CCD2;
constexpr std::uint32_t kHeaderFillRgb = 0xE8ECF2;
constexpr std::uint32_t kStripeRgb = 0xF5F6F8;
constexpr std::uint32_t kBarRgb = 0x4A7FC1;  // the HTML report's --bar

const TextStyle kTitleStyle{15.0, true, false, kHeadingRgb};
const TextStyle kHeadingStyle{12.0, true, false, kHeadingRgb};
const TextStyle kCaptionStyle{9.0, true};
const TextStyle kBodyStyle{9.0};
const TextStyle kNoteStyle{8.0, false, false, kMutedRgb};
const TextStyle kFooterStyle{7.5, false, false, kMutedRgb};

// Table text starts at this size and shrinks in steps down to the last one when a table's
// figures would otherwise have to wrap; at each size the bars in cells (shares, like the HTML's)
// are tried at full and at half width. Where even that does not fit, the bars go: the figures
// beside them say the same.
constexpr double kTableSizes[] = {8.0, 7.5, 7.0, 6.5, 6.0};
constexpr double kCellBarWidths[] = {24.0, 12.0};
// Padding left and right of a cell's text, per unit of text size.
constexpr double kCellPadShare = 0.5;
constexpr double kCellPadY = 2.5;
constexpr double kCellBarHeight = 5.5;
constexpr double kCellBarGap = 4.0;
// A cell longer than this many lines ends with an ellipsis, so that one row always fits a
// page; the HTML and Markdown reports hold the whole text.
constexpr int kMaxCellLines = 30;
// A heading without a chart or a table after it needs this much room below it on its page, so
// that it never ends a page alone.
constexpr double kKeepWithHeading = 60.0;
// A table up to this tall is kept on one page; a longer one starts on a page only where this
// many of its rows fit under its header.
constexpr double kKeepTogether = (kBottom - kTop) / 3.0;
constexpr std::size_t kRowsBeforeBreak = 3;
constexpr double kTableSpaceBefore = 4.0;

cairo_status_t discard(void*, const unsigned char*, unsigned int)
{
    return CAIRO_STATUS_SUCCESS;
}

void checkPdf(cairo_status_t status)
{
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(fillText(engineText("Report", "cannot write the PDF: %1"),
                                          {cairo_status_to_string(status)}));
}

bool isNumeric(const ReportTable& table, std::size_t column)
{
    return column < table.numeric.size() && table.numeric[column];
}

TextStyle cellStyle(double size, bool code)
{
    return {size, false, code, kTextRgb};
}

/// Column widths for a table: the narrow columns get what they need, the wide ones share the
/// rest equally (never below what is left for each).
std::vector<double> sharedWidths(const std::vector<double>& needs, double available)
{
    std::vector<std::size_t> order(needs.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return needs[a] < needs[b]; });
    std::vector<double> widths(needs.size(), 0.0);
    double remaining = available;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const double share = remaining / static_cast<double>(order.size() - i);
        widths[order[i]] = std::min(needs[order[i]], share);
        remaining -= widths[order[i]];
    }
    return widths;
}

/// The longest word of `text`, where a header may wrap.
double longestWord(const TextPainter& text, const std::string& words, const TextStyle& style)
{
    double longest = 0.0;
    std::size_t start = 0;
    while (start <= words.size()) {
        const std::size_t end = std::min(words.find(' ', start), words.size());
        if (end > start)
            longest = std::max(longest, text.width(words.substr(start, end - start), style));
        start = end + 1;
    }
    return longest;
}

/// A table's font size, cell padding, bar width (0: no bars) and column widths.
struct TableFit {
    double size = kTableSizes[0];
    double padX = kTableSizes[0] * kCellPadShare;
    double barWidth = kCellBarWidths[0];
    std::vector<double> widths;

    /// The room a bar takes in a cell that has one.
    double barRoom(const ReportCell& cell) const
    {
        return cell.bar && barWidth > 0.0 ? barWidth + kCellBarGap : 0.0;
    }

    /// The width left for a cell's text, never zero (which pango takes for "do not wrap").
    double textWidth(std::size_t column, double bar) const
    {
        return std::max(1.0, widths[column] - 2.0 * padX - bar);
    }
};

class PdfPages {
public:
    PdfPages(cairo_surface_t* surface, int pageCount)
        : m_surface(surface),
          m_cr(cairo_create(surface)),
          m_text(m_cr.get()),
          m_pageCount(pageCount)
    {
    }

    void title(const std::string& title)
    {
        paragraph(title, kTitleStyle, 4.0);
        paragraph(engineText("Report",
                             "Written by EpochScope; docs/reports.md says what each section "
                             "means."),
                  kNoteStyle, 6.0);
    }

    void section(const ReportSection& section, const std::vector<ChartSpec>& charts)
    {
        m_y += 10.0;
        const LayoutPtr heading = m_text.layout(section.title, kHeadingStyle, kTextWidth);
        const double height = TextPainter::height(heading.get());
        // The heading goes with what follows it: its first paragraph, and its chart or the
        // start of its first table.
        double following = section.paragraphs.empty()
                               ? 0.0
                               : paragraphHeight(section.paragraphs.front(), kBodyStyle);
        double chartsHeight = 0.0;
        for (const ChartSpec& chart : charts)
            if (chart.section == section.anchor)
                chartsHeight += chartHeight(chart, kTextWidth);
        if (chartsHeight > 0.0)
            following += chartsHeight;
        else if (!section.tables.empty() && !section.tables.front().headers.empty())
            following += kTableSpaceBefore + planTable(section.tables.front()).start;
        else
            following += kKeepWithHeading;
        need(height + following);
        const std::string destination = formatText(
            "page=%d pos=[%d %d]", m_page, static_cast<int>(kMarginX), static_cast<int>(m_y));
        cairo_pdf_surface_add_outline(m_surface, CAIRO_PDF_OUTLINE_ROOT, section.title.c_str(),
                                      destination.c_str(), CAIRO_PDF_OUTLINE_FLAG_OPEN);
        m_text.draw(heading.get(), kMarginX, m_y, kHeadingStyle.rgb);
        m_y += height + 2.0;
        rule(m_y, kMarginX + kTextWidth, 0.6);
        m_y += 5.0;
        for (const std::string& text : section.paragraphs)
            paragraph(text, kBodyStyle, 5.0);
        for (const ChartSpec& chart : charts)
            if (chart.section == section.anchor)
                drawChart(chart);
        for (const ReportTable& table : section.tables)
            drawTable(table);
    }

    /// Ends the last page; returns how many there are.
    int finish()
    {
        endPage();
        checkPdf(cairo_status(m_cr.get()));
        return m_page;
    }

private:
    cairo_surface_t* m_surface;
    ContextPtr m_cr;
    TextPainter m_text;
    int m_pageCount;
    int m_page = 1;
    double m_y = kTop;

    bool fits(double height) const { return m_y + height <= kBottom; }

    /// A new page unless `height` fits on this one (or this one is still empty: what does not
    /// fit an empty page goes on it anyway).
    void need(double height)
    {
        if (!fits(height) && m_y > kTop)
            newPage();
    }

    void endPage()
    {
        const std::string footer =
            fillText(engineText("Report", "EpochScope comparison report · page %1 of %2"),
                     {std::to_string(m_page), std::to_string(m_pageCount)});
        const LayoutPtr layout = m_text.layout(footer, kFooterStyle, kTextWidth, TextAlign::Centre);
        m_text.draw(layout.get(), kMarginX, kFooterY, kFooterStyle.rgb);
        cairo_show_page(m_cr.get());
    }

    void newPage()
    {
        endPage();
        ++m_page;
        m_y = kTop;
    }

    void rule(double y, double right, double width, std::uint32_t rgb = kLineRgb)
    {
        setColour(m_cr.get(), rgb);
        cairo_set_line_width(m_cr.get(), width);
        cairo_move_to(m_cr.get(), kMarginX, y);
        cairo_line_to(m_cr.get(), right, y);
        cairo_stroke(m_cr.get());
    }

    void fill(double x, double y, double width, double height, std::uint32_t rgb)
    {
        setColour(m_cr.get(), rgb);
        cairo_rectangle(m_cr.get(), x, y, width, height);
        cairo_fill(m_cr.get());
    }

    LayoutPtr paragraphLayout(const std::string& text, const TextStyle& style) const
    {
        // At most a page of lines, so that the text never runs off the foot of a page.
        const int pageLines = static_cast<int>((kBottom - kTop) / (style.size * 1.25));
        return m_text.layout(text, style, kTextWidth, TextAlign::Left, pageLines);
    }

    double paragraphHeight(const std::string& text, const TextStyle& style) const
    {
        return TextPainter::height(paragraphLayout(text, style).get());
    }

    void paragraph(const std::string& text, const TextStyle& style, double spaceAfter)
    {
        const LayoutPtr layout = paragraphLayout(text, style);
        const double height = TextPainter::height(layout.get());
        need(height);
        m_text.draw(layout.get(), kMarginX, m_y, style.rgb);
        m_y += height + spaceAfter;
    }

    void drawChart(const ChartSpec& chart)
    {
        const double height = chartHeight(chart, kTextWidth);
        need(height);
        paintChart(m_cr.get(), chart, {kMarginX, m_y, kTextWidth, height});
        setColour(m_cr.get(), kLineRgb);
        cairo_set_line_width(m_cr.get(), 0.5);
        cairo_rectangle(m_cr.get(), kMarginX, m_y, kTextWidth, height);
        cairo_stroke(m_cr.get());
        m_y += height + 8.0;
    }

    /// The largest table size (and widest bars) at which every figure fits its column on one
    /// line, or the smallest size without bars, and the columns' widths.
    TableFit fitTable(const ReportTable& table) const
    {
        // Unhinted text scales with its size: measure once, scale for each size.
        const double reference = kTableSizes[0];
        const std::size_t columns = table.headers.size();
        std::vector<double> cells(columns, 0.0);
        std::vector<bool> bars(columns, false);
        std::vector<double> headerWords(columns, 0.0);
        std::vector<double> headers(columns, 0.0);
        for (std::size_t c = 0; c < columns; ++c) {
            const TextStyle header{reference, true};
            headerWords[c] = longestWord(m_text, table.headers[c], header);
            headers[c] = m_text.width(table.headers[c], header);
        }
        for (const std::vector<ReportCell>& row : table.rows) {
            for (std::size_t c = 0; c < std::min(columns, row.size()); ++c) {
                const ReportCell& cell = row[c];
                cells[c] =
                    std::max(cells[c], m_text.width(cell.text, cellStyle(reference, cell.code)));
                bars[c] = bars[c] || cell.bar.has_value();
            }
        }
        std::vector<TableFit> tries;
        for (double size : kTableSizes)
            for (double bar : kCellBarWidths)
                tries.push_back({size, size * kCellPadShare, bar, {}});
        const double smallest = kTableSizes[std::size(kTableSizes) - 1];
        tries.push_back({smallest, smallest * kCellPadShare, 0.0, {}});

        for (TableFit& fit : tries) {
            const double scale = fit.size / reference;
            const double pad = 2.0 * fit.padX + 0.5;
            const double bar = fit.barWidth > 0.0 ? fit.barWidth + kCellBarGap : 0.0;
            std::vector<double> figures(columns);
            std::vector<double> needs(columns);
            for (std::size_t c = 0; c < columns; ++c) {
                figures[c] = cells[c] * scale + (bars[c] ? bar : 0.0) + pad;
                // A header may wrap between words (and, as a last resort, inside one).
                needs[c] = std::max(figures[c], headerWords[c] * scale + pad);
            }
            fit.widths = sharedWidths(needs, kTextWidth);
            bool figuresFit = true;
            for (std::size_t c = 0; c < columns; ++c)
                figuresFit = figuresFit && (!isNumeric(table, c) || fit.widths[c] >= figures[c]);
            if (!figuresFit && &fit != &tries.back())
                continue;
            // Room to spare goes to headers that would otherwise wrap.
            double spare = kTextWidth - std::accumulate(fit.widths.begin(), fit.widths.end(), 0.0);
            for (std::size_t c = 0; c < columns && spare > 0.0; ++c) {
                const double more =
                    std::min(spare, std::max(0.0, headers[c] * scale + pad - fit.widths[c]));
                fit.widths[c] += more;
                spare -= more;
            }
            return fit;
        }
        return tries.back();
    }

    /// The laid-out cells of one row and its height.
    struct RowLayout {
        std::vector<LayoutPtr> cells;
        double height = 0.0;
    };

    RowLayout headerLayout(const ReportTable& table, const TableFit& fit) const
    {
        RowLayout row;
        for (std::size_t c = 0; c < table.headers.size(); ++c) {
            row.cells.push_back(m_text.layout(
                table.headers[c], {fit.size, true}, fit.textWidth(c, 0.0),
                isNumeric(table, c) ? TextAlign::Right : TextAlign::Left, kMaxCellLines));
            row.height = std::max(row.height, TextPainter::height(row.cells.back().get()));
        }
        row.height += 2.0 * kCellPadY;
        return row;
    }

    RowLayout cellsLayout(const ReportTable& table, const std::vector<ReportCell>& cells,
                          const TableFit& fit) const
    {
        RowLayout row;
        for (std::size_t c = 0; c < table.headers.size(); ++c) {
            const ReportCell empty;
            const ReportCell& cell = c < cells.size() ? cells[c] : empty;
            row.cells.push_back(m_text.layout(
                cell.text, cellStyle(fit.size, cell.code), fit.textWidth(c, fit.barRoom(cell)),
                isNumeric(table, c) ? TextAlign::Right : TextAlign::Left, kMaxCellLines));
            row.height = std::max(row.height, TextPainter::height(row.cells.back().get()));
        }
        row.height += 2.0 * kCellPadY;
        return row;
    }

    void drawRow(const std::vector<ReportCell>* cells, const RowLayout& row, const TableFit& fit,
                 std::uint32_t background)
    {
        const double width = std::accumulate(fit.widths.begin(), fit.widths.end(), 0.0);
        if (background != 0xFFFFFF)
            fill(kMarginX, m_y, width, row.height, background);
        double x = kMarginX;
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            double textX = x + fit.padX;
            const ReportCell* cell = cells && c < cells->size() ? &(*cells)[c] : nullptr;
            if (cell && fit.barRoom(*cell) > 0.0) {
                // Centred on the first line of the text beside it.
                const double lineHeight = fit.size * 1.17;
                const double barY = m_y + kCellPadY + (lineHeight - kCellBarHeight) / 2.0;
                fill(textX, barY, fit.barWidth * std::clamp(*cell->bar, 0.0, 1.0), kCellBarHeight,
                     kBarRgb);
                setColour(m_cr.get(), kLineRgb);
                cairo_set_line_width(m_cr.get(), 0.5);
                cairo_rectangle(m_cr.get(), textX, barY, fit.barWidth, kCellBarHeight);
                cairo_stroke(m_cr.get());
                textX += fit.barRoom(*cell);
            }
            m_text.draw(row.cells[c].get(), textX, m_y + kCellPadY, kTextRgb);
            x += fit.widths[c];
        }
        m_y += row.height;
        rule(m_y, kMarginX + width, 0.4);
    }

    void drawHeader(const ReportTable& table, const RowLayout& header, const TableFit& fit,
                    bool continued)
    {
        if (!table.caption.empty()) {
            const LayoutPtr caption = m_text.layout(
                table.caption + (continued ? " (continued)" : ""), kCaptionStyle, kTextWidth);
            m_text.draw(caption.get(), kMarginX, m_y, kCaptionStyle.rgb);
            m_y += TextPainter::height(caption.get()) + 3.0;
        }
        const double width = std::accumulate(fit.widths.begin(), fit.widths.end(), 0.0);
        drawRow(nullptr, header, fit, kHeaderFillRgb);
        rule(m_y, kMarginX + width, 0.8, kMutedRgb);
    }

    /// A table laid out, and the height that has to fit where it starts.
    struct TablePlan {
        TableFit fit;
        RowLayout header;
        std::vector<RowLayout> rows;
        double start = 0.0;
    };

    TablePlan planTable(const ReportTable& table) const
    {
        TablePlan plan;
        plan.fit = fitTable(table);
        plan.header = headerLayout(table, plan.fit);
        double rowsHeight = 0.0;
        for (const std::vector<ReportCell>& cells : table.rows) {
            plan.rows.push_back(cellsLayout(table, cells, plan.fit));
            rowsHeight += plan.rows.back().height;
        }
        plan.start = plan.header.height;
        if (!table.caption.empty())
            plan.start +=
                TextPainter::height(m_text.layout(table.caption, kCaptionStyle, kTextWidth).get()) +
                3.0;
        if (plan.start + rowsHeight <= kKeepTogether) {
            plan.start += rowsHeight;
        } else {
            for (std::size_t r = 0; r < std::min(kRowsBeforeBreak, plan.rows.size()); ++r)
                plan.start += plan.rows[r].height;
        }
        return plan;
    }

    void drawTable(const ReportTable& table)
    {
        if (table.headers.empty())
            return;
        const TablePlan plan = planTable(table);
        m_y += kTableSpaceBefore;
        need(plan.start);
        drawHeader(table, plan.header, plan.fit, false);
        for (std::size_t r = 0; r < plan.rows.size(); ++r) {
            if (!fits(plan.rows[r].height)) {
                newPage();
                drawHeader(table, plan.header, plan.fit, true);
            }
            drawRow(&table.rows[r], plan.rows[r], plan.fit, r % 2 == 1 ? kStripeRgb : 0xFFFFFF);
        }
        m_y += 8.0;
    }
};

/// Lays the report out onto `surface`; returns the number of pages.
int render(cairo_surface_t* surface, const RunComparison& comparison, int pageCount)
{
    PdfPages pages(surface, pageCount);
    pages.title(reportTitle(comparison));
    const std::vector<ChartSpec> charts = reportCharts(comparison);
    for (const ReportSection& section : reportSections(comparison))
        pages.section(section, charts);
    return pages.finish();
}

}  // namespace

bool pdfReportsAvailable()
{
    return true;
}

std::string writePdf(const RunComparison& comparison)
{
    // "page N of M" needs M before page 1 is drawn: lay everything out once to count the
    // pages, then again for real. Both passes measure the same text, so they break alike.
    int pages = 0;
    {
        SurfacePtr counting(
            cairo_pdf_surface_create_for_stream(discard, nullptr, kPageWidth, kPageHeight));
        checkPdf(cairo_surface_status(counting.get()));
        pages = render(counting.get(), comparison, 0);
    }
    std::string pdf;
    SurfacePtr surface(
        cairo_pdf_surface_create_for_stream(appendToString, &pdf, kPageWidth, kPageHeight));
    checkPdf(cairo_surface_status(surface.get()));
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE,
                                   withPlainIsolates(reportTitle(comparison)).c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "EpochScope");
    // Without it cairo writes the current time, inside a compressed object stream since
    // cairo 1.17.6: no two PDFs of the same runs would be alike.
    if (const std::optional<std::string> date = sourceDateEpoch()) {
        cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE,
                                       date->c_str());
        cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, date->c_str());
    }
    render(surface.get(), comparison, pages);
    cairo_surface_finish(surface.get());
    checkPdf(cairo_surface_status(surface.get()));
    return pdf;
}

#else

bool pdfReportsAvailable()
{
    return false;
}

std::string writePdf(const RunComparison&)
{
    throw std::runtime_error(withoutCairoText());
}

#endif

std::string pdfUnavailableReason()
{
    return pdfReportsAvailable() ? std::string() : withoutCairoText();
}

}  // namespace es
