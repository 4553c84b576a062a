#pragma once

// The comparison as a PDF document: A4 portrait pages with the sections, paragraphs and tables
// every readable report shows (reporttables.h) and the charts drawn as vectors, laid out by
// pango and drawn by cairo. Builds without cairo (EPOCHSCOPE_WITH_CAIRO=OFF) have no PDF.

#include <string>

namespace es {

struct RunComparison;

/// Whether this build can write PDF reports and chart images (EPOCHSCOPE_WITH_CAIRO).
bool pdfReportsAvailable();

/// Why this build cannot write PDF reports, naming the build option; empty when it can.
std::string pdfUnavailableReason();

/// The PDF bytes: the title, each section with its charts and tables (a table that runs over
/// a page goes on with its header repeated) and "page N of M" at the foot of every page.
/// Throws std::runtime_error without cairo (pdfUnavailableReason()) or when cairo fails.
std::string writePdf(const RunComparison& comparison);

}  // namespace es
