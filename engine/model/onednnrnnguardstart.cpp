// Runs the guard of onednnrnnguard.h before main(). This object is linked into every program
// that links the engine (engine/CMakeLists.txt: an object library on the engine's interface),
// not archived in the engine: from an archive the linker would keep it only if something
// referenced it, and nothing does. The libraries' static constructors (LibTorch's, oneDNN's)
// have run before it: this is the executable's own.
#include "engine/model/onednnrnnguard.h"

namespace {

// NOLINTNEXTLINE(cert-err58-cpp): the guard reports failures in its report, it does not throw.
const bool kGuarded = (es::onednn::guardRnnInference(), true);

}  // namespace
