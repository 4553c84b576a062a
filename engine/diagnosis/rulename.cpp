#include "engine/diagnosis/rulename.h"

#include "engine/i18n/translate.h"

namespace es {

std::string ruleName(std::string_view id)
{
    // Each name's source text is the id, so that English shows ids as it always has; one
    // literal per id, for lupdate.
    // diagnosis rules (diagnosis.cpp)
    if (id == "warm-up")
        return engineText("RuleName", "warm-up");
    if (id == "input-bound")
        return engineText("RuleName", "input-bound");
    if (id == "transfer-bound")
        return engineText("RuleName", "transfer-bound");
    if (id == "callback-heavy")
        return engineText("RuleName", "callback-heavy");
    if (id == "unfused-lstm")
        return engineText("RuleName", "unfused-lstm");
    if (id == "unfused-recurrent")
        return engineText("RuleName", "unfused-recurrent");
    if (id == "threads")
        return engineText("RuleName", "threads");
    if (id == "stragglers")
        return engineText("RuleName", "stragglers");
    if (id == "low-efficiency")
        return engineText("RuleName", "low-efficiency");
    if (id == "allocator-churn")
        return engineText("RuleName", "allocator-churn");
    if (id == "communication-bound")
        return engineText("RuleName", "communication-bound");
    if (id == "straggler-rank")
        return engineText("RuleName", "straggler-rank");
    if (id == "padding-waste")
        return engineText("RuleName", "padding-waste");
    if (id == "memory-growth")
        return engineText("RuleName", "memory-growth");
    if (id == "memory-headroom")
        return engineText("RuleName", "memory-headroom");
    // the environment doctor's (diagnosis/doctorfindings.cpp)
    if (id == "reference-blas")
        return engineText("RuleName", "reference-blas");
    if (id == "slow-blas")
        return engineText("RuleName", "slow-blas");
    if (id == "too-few-threads")
        return engineText("RuleName", "too-few-threads");
    if (id == "oversubscribed-threads")
        return engineText("RuleName", "oversubscribed-threads");
    if (id == "omp-num-threads")
        return engineText("RuleName", "omp-num-threads");
    if (id == "gpu-unused")
        return engineText("RuleName", "gpu-unused");
    if (id == "pageable-copies")
        return engineText("RuleName", "pageable-copies");
    return std::string(id);
}

}  // namespace es
