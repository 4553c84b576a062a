// The LibTorch half of gemmbench.h.

#include "engine/doctor/gemmbench.h"
#include "engine/doctor/gemmtiming.h"

#include <torch/torch.h>

namespace es {

GemmMeasurement measureLibTorchSgemm(int n, double budgetS)
{
    try {
        torch::NoGradGuard noGrad;
        const auto a = torch::full({n, n}, 0.5F);
        const auto b = torch::full({n, n}, 0.25F);
        auto c = torch::empty({n, n});
        return timeSquareGemm(n, budgetS, [&] { torch::mm_out(c, a, b); });
    } catch (const c10::Error& error) {
        GemmMeasurement failed;
        failed.n = n;
        failed.error = std::string("LibTorch: ") + error.what_without_backtrace();
        return failed;
    }
}

}  // namespace es
