#include "engine/profile/pagefaults.h"

#include <sys/resource.h>

namespace es {

namespace {

PageFaults read(int who)
{
    rusage usage{};
    ::getrusage(who, &usage);
    return {usage.ru_minflt, usage.ru_majflt};
}

}  // namespace

PageFaults PageFaults::ofThisThread()
{
    return read(RUSAGE_THREAD);
}

PageFaults PageFaults::ofProcess()
{
    return read(RUSAGE_SELF);
}

}  // namespace es
