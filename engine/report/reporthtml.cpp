#include "engine/report/reporthtml.h"

#include "engine/i18n/language.h"
#include "engine/i18n/translate.h"
#include "engine/report/reportcharts.h"
#include "engine/report/reporttables.h"
#include "engine/report/reporttext.h"

#if EPOCHSCOPE_WITH_CAIRO
#include "engine/report/chartimage.h"
#include "engine/report/chartpainter.h"
#endif

#include <algorithm>
#include <cmath>

namespace es {

namespace {

// Light and dark follow the reader's system; bars are plain boxes, so printing keeps them.
constexpr const char* kStyle = R"css(
:root { color-scheme: light dark; --line: #c8ccd2; --bar: #4a7fc1; --muted: #667; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.8em; } h3 { font-size: 1em; }
nav a { margin-right: 0.8em; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid var(--line); padding: 0.2em 0.6em; vertical-align: top; }
th { text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td { white-space: pre-wrap; }
code { font: 13px ui-monospace, monospace; }
.bar { display: inline-block; width: 6em; height: 0.7em; margin-right: 0.5em;
       border: 1px solid var(--line); vertical-align: middle; }
.bar span { display: block; height: 100%; background: var(--bar); }
p.summary { font-size: 1.05em; }
p.note { color: var(--muted); }
figure { margin: 0.8em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid var(--line); }
footer { margin-top: 3em; color: var(--muted); font-size: 0.9em; }
)css";

// No script, frame, plug-in or remote file can run or load, whatever a run's text holds.
constexpr const char* kContentPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/// Text between tags: escaped, with the user text the report marked isolated in <bdi>, so
/// that a right-to-left name keeps its own direction without reordering what is around it.
std::string htmlText(std::string_view text)
{
    return withIsolates(text, htmlEscaped, "<bdi>", "</bdi>");
}

/// Text in an attribute or the <title>, where no element can go.
std::string htmlAttribute(std::string_view text)
{
    return htmlEscaped(withoutIsolates(text));
}

#if EPOCHSCOPE_WITH_CAIRO
// The charts' width on the page, in CSS pixels (about the tables' width with two runs).
constexpr double kChartCssWidth = 720.0;
// Pixels per CSS pixel in the image: sharp on high-density screens and in print.
constexpr double kChartPixelRatio = 2.0;

/// The chart as an image inside the file: nothing is loaded from elsewhere.
std::string chartHtml(const ChartSpec& chart)
{
    const double cssPerUnit = kChartCssWidth / kChartWidth;
    const std::string png = chartPng(chart, kChartWidth, cssPerUnit * kChartPixelRatio);
    const auto cssHeight =
        static_cast<long>(std::lround(chartHeight(chart, kChartWidth) * cssPerUnit));
    return "<figure><img alt=\"" + htmlAttribute(chartDescription(chart)) + "\" width=\"" +
           std::to_string(static_cast<long>(kChartCssWidth)) + "\" height=\"" +
           std::to_string(cssHeight) + "\" src=\"data:image/png;base64," + base64Text(png) +
           "\"></figure>\n";
}
#endif

std::string cellHtml(const ReportCell& cell, bool numeric)
{
    std::string html = numeric ? "<td class=\"num\">" : "<td>";
    if (cell.bar) {
        const double percent = std::clamp(*cell.bar, 0.0, 1.0) * 100.0;
        html += "<span class=\"bar\"><span style=\"width:" + fixedText(percent, 1) +
                "%\"></span></span>";
    }
    const std::string text = htmlText(cell.text);
    html += cell.code ? "<code>" + text + "</code>" : text;
    return html + "</td>";
}

std::string tableHtml(const ReportTable& table)
{
    std::string html;
    if (!table.caption.empty())
        html += "<h3>" + htmlText(table.caption) + "</h3>\n";
    html += "<table>\n<thead><tr>";
    for (std::size_t c = 0; c < table.headers.size(); ++c)
        html += std::string(table.numeric[c] ? "<th class=\"num\">" : "<th>") +
                htmlText(table.headers[c]) + "</th>";
    html += "</tr></thead>\n<tbody>\n";
    for (const std::vector<ReportCell>& row : table.rows) {
        html += "<tr>";
        for (std::size_t c = 0; c < row.size(); ++c)
            html += cellHtml(row[c], c < table.numeric.size() && table.numeric[c]);
        html += "</tr>\n";
    }
    return html + "</tbody>\n</table>\n";
}

std::string sectionHtml(const ReportSection& section, const std::vector<ChartSpec>& charts)
{
    std::string html = "<section id=\"" + htmlAttribute(section.anchor) + "\">\n<h2>" +
                       htmlText(section.title) + "</h2>\n";
    const char* paragraphClass = section.anchor == "summary" ? " class=\"summary\"" : "";
    for (const std::string& paragraph : section.paragraphs)
        html += std::string("<p") + paragraphClass + ">" + htmlText(paragraph) + "</p>\n";
#if EPOCHSCOPE_WITH_CAIRO
    for (const ChartSpec& chart : charts)
        if (chart.section == section.anchor)
            html += chartHtml(chart);
#else
    (void)charts;
#endif
    for (const ReportTable& table : section.tables)
        html += tableHtml(table);
    return html + "</section>\n";
}

}  // namespace

std::string htmlEscaped(std::string_view text)
{
    std::string escaped;
    escaped.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': escaped += "&amp;"; break;
            case '<': escaped += "&lt;"; break;
            case '>': escaped += "&gt;"; break;
            case '"': escaped += "&quot;"; break;
            case '\'': escaped += "&#39;"; break;
            default: escaped += c;
        }
    }
    return escaped;
}

std::string writeHtml(const RunComparison& comparison)
{
    const std::vector<ReportSection> sections = reportSections(comparison);
    const std::vector<ChartSpec> charts = reportCharts(comparison);
    const std::string title = reportTitle(comparison);
    // The language of the texts, for screen readers and the browser's fonts and hyphenation.
    std::string language = engineLanguage();
    std::replace(language.begin(), language.end(), '_', '-');
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"" + language + "\">\n<head>\n<meta charset=\"utf-8\">\n";
    html += "<meta http-equiv=\"Content-Security-Policy\" content=\"" +
            htmlEscaped(kContentPolicy) + "\">\n";
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    html += "<title>" + htmlAttribute(title) + "</title>\n<style>" + kStyle +
            "</style>\n</head>\n<body>\n";
    html += "<h1>" + htmlText(title) + "</h1>\n<nav>";
    for (const ReportSection& section : sections)
        html += "<a href=\"#" + htmlAttribute(section.anchor) + "\">" + htmlText(section.title) +
                "</a>";
    html += "</nav>\n";
#if !EPOCHSCOPE_WITH_CAIRO
    if (!charts.empty())
        html +=
            "<p class=\"note\">" +
            htmlEscaped(engineText("Report",
                                   "No charts: this build of EpochScope was made without cairo "
                                   "(EPOCHSCOPE_WITH_CAIRO=OFF). The tables hold every figure.")) +
            "</p>\n";
#endif
    for (const ReportSection& section : sections)
        html += sectionHtml(section, charts);
    html += "<footer>" +
            htmlEscaped(engineText("Report",
                                   "Written by epochscope-cli compare; docs/reports.md says what "
                                   "each section means.")) +
            "</footer>\n</body>\n</html>\n";
    return html;
}

}  // namespace es
