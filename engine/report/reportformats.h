#pragma once

// Which writer a report file gets: the format its extension names (reportformat.h).

#include "engine/report/reportcsv.h"
#include "engine/report/reportformat.h"
#include "engine/report/reporthtml.h"
#include "engine/report/reportjson.h"
#include "engine/report/reportmarkdown.h"
#include "engine/report/reportpdf.h"

#include <string>

namespace es {

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
