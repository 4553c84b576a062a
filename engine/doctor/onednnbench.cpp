// The oneDNN half of gemmbench.h: no LibTorch here.

#include "engine/doctor/gemmbench.h"
#include "engine/model/onednnrnnguard.h"

#include <algorithm>

#if EPOCHSCOPE_WITH_ONEDNN
#include "engine/doctor/gemmtiming.h"

#include "engine/model/onednnapi.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <vector>
#endif

namespace es {

namespace {

void addRnnGuard(OneDnnInfo& info)
{
    const onednn::RnnGuardReport& guard = onednn::rnnGuardReport();
    info.rnnCheck = onednn::outcomeKey(guard.outcome);
    info.rnnError = std::max(guard.first.lstmError, guard.first.gruError);
    info.rnnIsa = guard.first.isa;
    info.rnnDetail = guard.outcome == onednn::RnnGuardReport::Outcome::UserChoice ? guard.userCap
                     : guard.first.failure.empty() ? guard.capped.failure
                                                   : guard.first.failure;
}

}  // namespace

#if EPOCHSCOPE_WITH_ONEDNN

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
        const dnnl::matmul::primitive_desc primitive = onednn::matmulDesc(desc, desc, desc, engine);
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
    info.isa = onednn::isaName(dnnl::get_effective_cpu_isa());
    addRnnGuard(info);
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
    OneDnnInfo info{"none", "-"};
    addRnnGuard(info);
    return info;
}

#endif

}  // namespace es
