// The oneDNN half of gemmbench.h: no LibTorch here.

#include "engine/doctor/gemmbench.h"

#if EPOCHSCOPE_WITH_ONEDNN
#include "engine/doctor/gemmtiming.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <vector>
#endif

namespace es {

#if EPOCHSCOPE_WITH_ONEDNN

namespace {

std::string isaName(dnnl::cpu_isa isa)
{
    switch (isa) {
        case dnnl::cpu_isa::sse41: return "sse41";
        case dnnl::cpu_isa::avx: return "avx";
        case dnnl::cpu_isa::avx2: return "avx2";
        case dnnl::cpu_isa::avx2_vnni: return "avx2_vnni";
        case dnnl::cpu_isa::avx512_mic: return "avx512_mic";
        case dnnl::cpu_isa::avx512_mic_4ops: return "avx512_mic_4ops";
        case dnnl::cpu_isa::avx512_core: return "avx512_core";
        case dnnl::cpu_isa::avx512_core_vnni: return "avx512_core_vnni";
        case dnnl::cpu_isa::avx512_core_bf16: return "avx512_core_bf16";
        case dnnl::cpu_isa::avx512_core_amx: return "avx512_core_amx";
        case dnnl::cpu_isa::all: return "all";
    }
    return "unknown";
}

}  // namespace

GemmMeasurement measureOneDnnSgemm(int n, double budgetS)
{
    try {
        const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
        dnnl::stream stream(engine);
        const dnnl::memory::dims shape = {n, n};
        const dnnl::memory::desc desc(shape, dnnl::memory::data_type::f32,
                                      dnnl::memory::format_tag::ab);
        const auto elements = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
        std::vector<float> a(elements, 0.5F);
        std::vector<float> b(elements, 0.25F);
        std::vector<float> c(elements, 0.0F);
        dnnl::memory aMemory(desc, engine, a.data());
        dnnl::memory bMemory(desc, engine, b.data());
        dnnl::memory cMemory(desc, engine, c.data());
        const dnnl::matmul::primitive_desc primitive(dnnl::matmul::desc(desc, desc, desc), engine);
        const dnnl::matmul matmul(primitive);
        return timeSquareGemm(n, budgetS, [&] {
            matmul.execute(
                stream,
                {{DNNL_ARG_SRC, aMemory}, {DNNL_ARG_WEIGHTS, bMemory}, {DNNL_ARG_DST, cMemory}});
            stream.wait();
        });
    } catch (const dnnl::error& error) {
        GemmMeasurement failed;
        failed.n = n;
        failed.error = std::string("oneDNN: ") + error.what();
        return failed;
    }
}

OneDnnInfo oneDnnInfo()
{
    const dnnl_version_t* version = dnnl_version();
    OneDnnInfo info;
    info.version = std::to_string(version->major) + "." + std::to_string(version->minor) + "." +
                   std::to_string(version->patch);
    info.isa = isaName(dnnl::get_effective_cpu_isa());
    return info;
}

#else  // built without oneDNN (EPOCHSCOPE_WITH_ONEDNN=OFF): say so where the numbers would be

GemmMeasurement measureOneDnnSgemm(int n, double)
{
    GemmMeasurement missing;
    missing.n = n;
    missing.error = "oneDNN: not in this build (configured with EPOCHSCOPE_WITH_ONEDNN=OFF)";
    return missing;
}

OneDnnInfo oneDnnInfo()
{
    return {"none", "-"};
}

#endif

}  // namespace es
