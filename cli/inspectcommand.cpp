#include "cli/inspectcommand.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/config/configerror.h"
#include "engine/core/text.h"
#include "engine/data/datafiledescription.h"

#include <cstdio>

namespace es {

int runInspectCommand(const std::vector<std::string>& paths)
{
    int status = kExitFinished;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (i > 0)
            std::printf("\n");
        try {
            // A file's array names and column heads are whatever its writer put there.
            for (const std::string& text : describeDataFile(paths[i]))
                std::printf("%s\n", escapeControls(text).c_str());
        } catch (const ConfigError& error) {
            printConfigIssues(error);
            status = kExitBadInput;
        }
    }
    std::fflush(stdout);
    return status;
}

}  // namespace es
