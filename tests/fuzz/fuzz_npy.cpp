// libFuzzer target for the .npy parser: any bytes must give an NpyArrayInfo or a ConfigError,
// never a crash, a hang, a sanitizer report or an allocation beyond the input's size.

#include "engine/config/configerror.h"
#include "engine/data/npydata.h"
#include "engine/data/npyheader.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

// The destination is elementCount values; each source element is at least one byte, so a
// parsed header whose data fits in the input bounds the allocation to 8x the input.
template <typename T>
void convertAll(const es::NpyArrayInfo& info, const std::uint8_t* data, std::size_t size)
{
    std::vector<T> out(static_cast<std::size_t>(info.elementCount));
    es::convertNpyData(info, data + info.dataOffset, size - info.dataOffset, out.data(),
                       "fuzz.npy");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    es::NpyArrayInfo info;
    try {
        info = es::parseNpyHeader(data, size, "fuzz.npy");
        es::requireNpyData(info, size - info.dataOffset, "fuzz.npy");
    } catch (const es::ConfigError&) {
        return 0;
    }
    try {
        convertAll<float>(info, data, size);
    } catch (const es::ConfigError&) {
    }
    try {
        convertAll<std::int64_t>(info, data, size);
    } catch (const es::ConfigError&) {
    }
    try {
        es::computeArrayStats(info, data + info.dataOffset, size - info.dataOffset, "fuzz.npy");
    } catch (const es::ConfigError&) {
    }
    return 0;
}
