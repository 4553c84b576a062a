#pragma once

// The report formats and the file extensions that name them: the one table that the CLI's
// `compare --out` and the app's report dialog read (which format a file name asks for, which
// extension a new file gets, the patterns of a file chooser). Writing a format is
// reportformats.h's job. Header-only: a table and look-ups, nothing to compile on its own.

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// Pdf needs a build with cairo (pdfReportsAvailable()); the others are always there.
enum class ReportFormat { Markdown, Csv, Json, Html, Pdf };

/// A format's key and file extensions.
struct ReportFormatInfo {
    ReportFormat format;
    /// The key settings keep and the CLI prints ("markdown").
    std::string_view name;
    /// Lowercase, without the dot. The first is the one a new file gets; "" fills the rest.
    std::array<std::string_view, 2> extensions;
};

/// Every format, in the order the CLI's help and the app's choice list them: HTML first, the
/// richest (charts, and the app previews it).
inline constexpr std::array<ReportFormatInfo, 5> kReportFormats = {{
    {ReportFormat::Html, "html", {"html", "htm"}},
    {ReportFormat::Pdf, "pdf", {"pdf", ""}},
    {ReportFormat::Markdown, "markdown", {"md", ""}},
    {ReportFormat::Csv, "csv", {"csv", ""}},
    {ReportFormat::Json, "json", {"json", ""}},
}};

inline const ReportFormatInfo& reportFormatInfo(ReportFormat format)
{
    for (const ReportFormatInfo& info : kReportFormats)
        if (info.format == format)
            return info;
    return kReportFormats.front();  // unreachable: every enumerator has its row
}

/// "html", "pdf", "markdown", "csv", "json".
inline std::string_view reportFormatName(ReportFormat format)
{
    return reportFormatInfo(format).name;
}

/// The format whose reportFormatName() is `name`; nullopt for anything else.
inline std::optional<ReportFormat> reportFormatFromName(std::string_view name)
{
    for (const ReportFormatInfo& info : kReportFormats)
        if (info.name == name)
            return info.format;
    return std::nullopt;
}

/// The extension a new file of `format` gets, without the dot: "html", "md".
inline std::string_view reportFormatExtension(ReportFormat format)
{
    return reportFormatInfo(format).extensions.front();
}

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
    if (extension.empty())
        return std::nullopt;  // "report." names no format, and must not match the "" fillers
    for (const ReportFormatInfo& info : kReportFormats)
        if (std::find(info.extensions.begin(), info.extensions.end(), extension) !=
            info.extensions.end())
            return info.format;
    return std::nullopt;
}

/// Every format's extensions with their dots, in the table's order: ".html, .htm, .pdf, .md,
/// .csv, .json", for a message that says which ones pick a format.
inline std::string reportExtensionList()
{
    std::string list;
    for (const ReportFormatInfo& info : kReportFormats)
        for (std::string_view extension : info.extensions)
            if (!extension.empty())
                list += (list.empty() ? "." : ", .") + std::string(extension);
    return list;
}

}  // namespace es
