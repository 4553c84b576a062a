// Compiled with OpenMP (engine/CMakeLists.txt), as train/denormals.cpp is: the region below
// must be one of the OpenMP runtime that LibTorch and oneDNN use (libgomp), so that their
// parallel loops inside it see it and stay on the piece's thread. ATen's at::parallel_for
// cannot do this here: it is a header template whose OpenMP pragma the engine's other files,
// compiled without OpenMP, drop, and it then runs every piece on the calling thread.

#include "engine/model/parallelparts.h"

#include <exception>
#include <mutex>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace es {

void runInParallel(std::size_t count, const std::function<void(std::size_t)>& run)
{
    if (count <= 1) {
        if (count == 1)
            run(0);
        return;
    }
    std::exception_ptr firstError;
    std::mutex errorMutex;
    const auto pieces = static_cast<long>(count);
    // An exception may not leave a parallel region: each piece keeps the first one.
#pragma omp parallel for num_threads(static_cast <int>(count)) schedule(static, 1)
    for (long i = 0; i < pieces; ++i) {
        try {
            run(static_cast<std::size_t>(i));
        } catch (...) {
            const std::lock_guard<std::mutex> lock(errorMutex);
            if (!firstError)
                firstError = std::current_exception();
        }
    }
    if (firstError)
        std::rethrow_exception(firstError);
}

}  // namespace es
