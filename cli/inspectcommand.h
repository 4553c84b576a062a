#pragma once

#include <string>
#include <vector>

namespace es {

/// `epochscope-cli inspect FILE...`: prints describeDataFile() (engine/data/datafiledescription.h)
/// for each path, a blank line between files. A file that cannot be read gets its error printed
/// and the others are still inspected. Returns the exit status: 0 when every file was read, 2
/// otherwise.
int runInspectCommand(const std::vector<std::string>& paths);

}  // namespace es
