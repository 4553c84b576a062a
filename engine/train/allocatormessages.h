#pragma once

// The words of allocator.cpp, a LibTorch source, composed in allocatormessages.cpp, which
// includes no LibTorch (trainingmessages.h says why). Functions named *Record return English,
// as the run records it (shown through recordedText()); the others return text in
// engineLanguage().

#include <string>
#include <string_view>

namespace es {

// Why a library-backed allocator cannot be used: each names what to do about it.
/// The library is installed but a running process cannot load it: start with `tunable` set.
std::string staticTlsRecord(const std::string& soname, const std::string& tunable);
std::string cannotLoadLibraryRecord(const std::string& soname, const std::string& error,
                                    const std::string& package);
std::string jemallocIncompleteRecord(const std::string& library);
std::string tcmallocIncompleteRecord(const std::string& library);

// What an allocator is, and how it was chosen.
/// The process's malloc, with the file it comes from when known (empty when not).
std::string processMallocRecord(const std::string& file);
std::string glibcTunedRecord();
std::string mallocNotGlibcRecord(const std::string& file);
std::string allocatorSetInConfigRecord();
std::string allocatorNotAvailableRecord(std::string_view allocator, const std::string& detail);
/// `auto`'s choice: the fastest measured allocator, or only the fastest this machine has.
std::string autoAllocatorRecord(bool fastestMeasured);
std::string autoAllocatorFallbackRecord();

// What a run's allocator lease could not do.
std::string tensorsNotCountedRecord();
std::string glibcStaysTunedRecord();
std::string allocatorNotAppliedRecord();

/// device.allocator names `allocator`, which is not available: `detail` (a record) says why.
std::string allocatorUnavailableText(std::string_view allocator, const std::string& detail);
std::string glibcRefusedTuningText();

}  // namespace es
