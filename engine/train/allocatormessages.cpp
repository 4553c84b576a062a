#include "engine/train/allocatormessages.h"

#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

namespace es {

std::string staticTlsRecord(const std::string& soname, const std::string& tunable)
{
    return fillText(markedText("RunRecord",
                               "%1 is installed, but a running process cannot load it: it needs "
                               "more static TLS than glibc set aside at start-up"),
                    {soname}) +
           "; " +
           fillText(markedText("RunRecord", "start EpochScope with %1 in its environment"),
                    {tunable});
}

std::string cannotLoadLibraryRecord(const std::string& soname, const std::string& error,
                                    const std::string& package)
{
    return fillText(markedText("RunRecord", "%1 cannot be loaded (%2)"), {soname, error}) + "; " +
           fillText(markedText("RunRecord", "install the Debian package %1 (apt-get install %1)"),
                    {package});
}

std::string jemallocIncompleteRecord(const std::string& library)
{
    return fillText(markedText("RunRecord", "%1 lacks mallocx, dallocx, sallocx or mallctl"),
                    {library});
}

std::string tcmallocIncompleteRecord(const std::string& library)
{
    return fillText(markedText("RunRecord",
                               "%1 lacks tc_memalign, tc_free, tc_malloc_size or "
                               "MallocExtension_ReleaseFreeMemory"),
                    {library});
}

std::string processMallocRecord(const std::string& file)
{
    return file.empty() ? std::string(markedText("RunRecord", "the process's malloc"))
                        : fillText(markedText("RunRecord", "the process's malloc, %1"), {file});
}

std::string glibcTunedRecord()
{
    return markedText("RunRecord", "glibc malloc with mallopt thresholds raised to 1 GiB");
}

std::string mallocNotGlibcRecord(const std::string& file)
{
    return fillText(markedText("RunRecord",
                               "the process's malloc is not glibc's (%1), so mallopt would tune "
                               "an allocator nothing uses"),
                    {file});
}

std::string allocatorSetInConfigRecord()
{
    return markedText("RunRecord", "set in the config");
}

std::string allocatorNotAvailableRecord(std::string_view allocator, const std::string& detail)
{
    return fillText(markedText("RunRecord", "%1 not available: %2"), {allocator, detail});
}

std::string autoAllocatorRecord(bool fastestMeasured)
{
    return fastestMeasured ? markedText("RunRecord", "auto: the fastest measured")
                           : markedText("RunRecord", "auto: the fastest available");
}

std::string autoAllocatorFallbackRecord()
{
    return markedText("RunRecord", "auto: nothing else is available");
}

std::string tensorsNotCountedRecord()
{
    return markedText("RunRecord",
                      "tensor memory not counted: another CPU allocator is set in this process");
}

std::string glibcStaysTunedRecord()
{
    return markedText("RunRecord",
                      "glibc stays tuned by an earlier glibc-tuned run in this process (mallopt "
                      "cannot be undone)");
}

std::string allocatorNotAppliedRecord()
{
    return markedText("RunRecord",
                      "not applied to tensors: another CPU allocator has priority in this "
                      "process");
}

std::string allocatorUnavailableText(std::string_view allocator, const std::string& detail)
{
    return fillText(engineText("Allocator", "\"%1\" is not available here: %2"),
                    {allocator, recordedText(detail)});
}

std::string glibcRefusedTuningText()
{
    return engineText("Allocator", "\"glibc-tuned\": glibc refused the mallopt thresholds");
}

}  // namespace es
