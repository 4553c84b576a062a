#pragma once

// Which writer a report file gets, chosen by its extension.

#include "report/reportcsv.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/reportpdf.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// Pdf needs a build with cairo (pdfReportsAvailable()); the others are always there.
enum class ReportFormat { Markdown, Csv, Json, Html, Pdf };

/// The format the extension of `path` names (.md, .csv, .json, .html or .htm, .pdf; any
/// case); nullopt for anything else.
inline std::optional<ReportFormat> reportFormatFromPath(std::string_view path)
{
    const std::size_t slash = path.find_last_of('/');
    const std::size_t dot = path.find_last_of('.');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return std::nullopt;
    std::string extension(path.substr(dot + 1));
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == "md")
        return ReportFormat::Markdown;
    if (extension == "csv")
        return ReportFormat::Csv;
    if (extension == "json")
        return ReportFormat::Json;
    if (extension == "html" || extension == "htm")
        return ReportFormat::Html;
    if (extension == "pdf")
        return ReportFormat::Pdf;
    return std::nullopt;
}

inline std::string_view reportFormatName(ReportFormat format)
{
    switch (format) {
        case ReportFormat::Markdown: return "markdown";
        case ReportFormat::Csv: return "csv";
        case ReportFormat::Json: return "json";
        case ReportFormat::Html: return "html";
        case ReportFormat::Pdf: return "pdf";
    }
    return "markdown";
}

/// The report's bytes (text, or a PDF document); throws std::runtime_error for Pdf in a build
/// without cairo (pdfUnavailableReason() says why).
inline std::string writeReport(const RunComparison& comparison, ReportFormat format)
{
    switch (format) {
        case ReportFormat::Markdown: return writeMarkdown(comparison);
        case ReportFormat::Csv: return writeCsv(comparison);
        case ReportFormat::Json: return writeJson(comparison);
        case ReportFormat::Html: return writeHtml(comparison);
        case ReportFormat::Pdf: return writePdf(comparison);
    }
    return writeMarkdown(comparison);
}

}  // namespace es
