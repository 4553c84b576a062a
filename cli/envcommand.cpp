#include "cli/envcommand.h"

#include "cli/exitstatus.h"
#include "engine/config/jsondocument.h"
#include "engine/diagnosis/doctorfindings.h"
#include "engine/doctor/doctorjson.h"
#include "engine/doctor/doctortext.h"

#include <cstdio>

namespace es {

int runEnvCommand(const DoctorOptions& options, bool json)
{
    const DoctorReport report = runDoctor(options);
    if (json) {
        std::printf("%s\n", doctorJson(report).dump(kJsonIndent).c_str());
    } else {
        for (const std::string& line : formatDoctorReport(report))
            std::printf("%s\n", line.c_str());
    }
    std::fflush(stdout);
    return kExitFinished;
}

}  // namespace es
