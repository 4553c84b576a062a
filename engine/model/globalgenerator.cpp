#include "engine/model/globalgenerator.h"

namespace es {

std::mutex& globalGeneratorLock()
{
    static std::mutex lock;
    return lock;
}

}  // namespace es
