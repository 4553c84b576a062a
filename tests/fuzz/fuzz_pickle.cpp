// libFuzzer target for the pickle scanner alone (es::scanPickle): the data.pkl of a checkpoint
// or backup, whose storage references and tensor views decide what LibTorch's loader reads.
// fuzz_checkpoint reaches the scanner only through zip records whose CRC a mutation almost
// always breaks, so the pickles are fuzzed here directly; the seeds are the data.pkl records of
// the archives in corpus/checkpoint/.
//
// Only es::PickleError may come out (anything else escapes and libFuzzer reports it). A scan
// that succeeds must hand archivecheck.cpp what it indexes without checking: every tensor's
// storage index in range, as many strides as sizes, no more dimensions than LibTorch has, known
// storage types and non-negative storage sizes. A broken invariant traps.

#include "engine/train/picklescan.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// Mirrors picklescan.cpp's bounds: 64 dimensions; names of at most 64 labels of 200 bytes
// ("..." added when cut) joined by dots.
constexpr std::size_t kMaxDimensions = 64;
constexpr std::size_t kMaxNameBytes = 64 * (200 + 3 + 1);

void checkScan(const es::PickleScan& scan)
{
    for (const es::PickledStorage& storage : scan.storages) {
        if (storage.elements < 0 || es::storageElementBytes(storage.type) <= 0)
            __builtin_trap();
    }
    for (const es::PickledTensor& tensor : scan.tensors) {
        if (tensor.storage >= scan.storages.size() ||
            tensor.sizes.size() != tensor.strides.size() || tensor.sizes.size() > kMaxDimensions ||
            tensor.name.size() > kMaxNameBytes)
            __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        checkScan(es::scanPickle(bytes));
    } catch (const es::PickleError& error) {
        // The opcode at fault is in the input, or the input's end where STOP is missing.
        if (error.offset() > size)
            __builtin_trap();
    }
    return 0;
}
