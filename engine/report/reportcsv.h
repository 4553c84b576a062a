#pragma once

#include <string>
#include <string_view>

namespace es {

struct RunComparison;

/// The comparison as one long CSV table with the header `section,key,run,value,unit`: one row
/// per figure, for a spreadsheet's filter or pivot table. docs/reports.md lists the sections
/// and keys. Numbers keep full precision; an empty value is one the run did not record.
std::string writeCsv(const RunComparison& comparison);

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with its
/// quotes doubled.
std::string csvField(std::string_view text);

}  // namespace es
