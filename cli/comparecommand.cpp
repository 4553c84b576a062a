#include "cli/comparecommand.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/report/reportformats.h"
#include "engine/report/runcomparison.h"

#include <cstdio>
#include <optional>
#include <set>

namespace es {

namespace {

/// Why the ids cannot be compared, or nullopt.
std::optional<std::string> idProblem(const std::vector<std::int64_t>& ids)
{
    if (ids.size() < 2)
        return std::string(engineText("CompareCommand",
                                      "compare needs at least two run ids (the first is the "
                                      "baseline); `epochscope-cli runs list` shows them"));
    std::set<std::int64_t> seen;
    for (std::int64_t id : ids)
        if (!seen.insert(id).second)
            return fillText(
                engineText("CompareCommand", "run %1 is given twice; compare distinct runs"),
                {std::to_string(id)});
    return std::nullopt;
}

/// The format `out` asks for, or nullopt after saying why there is none.
std::optional<ReportFormat> formatOrComplain(const std::string& out)
{
    const std::optional<ReportFormat> format = reportFormatFromPath(out);
    if (!format) {
        printError(fillText(engineText("CompareCommand",
                                       "--out %1: the extension picks the format: .html (or "
                                       ".htm), .pdf, .md, .csv or .json"),
                            {out}));
        return std::nullopt;
    }
    if (*format == ReportFormat::Pdf && !pdfReportsAvailable()) {
        printError("--out " + out + ": " + pdfUnavailableReason());
        return std::nullopt;
    }
    return format;
}

int writeComparison(const RunComparison& comparison, const CompareOptions& options,
                    std::optional<ReportFormat> format)
{
    if (!format) {
        std::fputs(writeMarkdown(comparison).c_str(), stdout);
        return kExitFinished;
    }
    try {
        writeFileAtomically(options.out, writeReport(comparison, *format));
    } catch (const std::exception& error) {
        printError(fillText(engineText("CompareCommand", "cannot write %1: %2"),
                            {options.out, error.what()}));
        return kExitBadInput;
    }
    std::printf("%s\n", fillText(engineText("CompareCommand", "Wrote %1 (%2, %3 runs)"),
                                 {options.out, reportFormatName(*format),
                                  std::to_string(comparison.runs.size())})
                            .c_str());
    for (const Attribution& attribution : comparison.attributions)
        std::printf("%s\n", attribution.sentence.c_str());
    return kExitFinished;
}

}  // namespace

int runCompareCommand(const CompareOptions& options)
{
    if (const auto problem = idProblem(options.runIds)) {
        printError(*problem);
        return kExitBadInput;
    }
    std::optional<ReportFormat> format;
    if (!options.out.empty()) {
        format = formatOrComplain(options.out);
        if (!format)
            return kExitBadInput;
        // Checked before loading, which can take a while for long runs.
        if (const auto problem = checkWritableTarget(options.out)) {
            printError("--out " + *problem);
            return kExitBadInput;
        }
    }
    return withStore(options.database, StoreAccess::ReadOnly, [&](RunStore& store) -> int {
        std::vector<StoredRun> runs;
        for (std::int64_t id : options.runIds) {
            std::optional<StoredRun> run = loadOrComplain(store, id);
            if (!run)
                return kExitBadInput;
            runs.push_back(std::move(*run));
        }
        return writeComparison(compareRuns(runs), options, format);
    });
}

}  // namespace es
