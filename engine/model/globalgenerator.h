#pragma once

// Models draw their first weights from LibTorch's one global generator. Training seeds it and
// builds its model while holding this lock, and so does everything else that builds a model in
// the same process (what-if variants, the app predicting or exporting beside a run): otherwise
// a model built at the same moment would take draws from a training run's seeded stream, and
// the run's weights, hence its losses, would no longer follow from its seed.

#include <mutex>

namespace es {

std::mutex& globalGeneratorLock();

}  // namespace es
