#include "tests/benchmarks/backends/referencescript.h"

namespace bench {

const char* defaultReferenceScript()
{
    return EPOCHSCOPE_BACKENDS_REFERENCE;
}

}  // namespace bench
