#include "cli/commandline/versiontext.h"

#include "engine/env/environment.h"

namespace es {

std::string versionText()
{
    return std::string("epochscope-cli ") + EPOCHSCOPE_VERSION + "\nLibTorch " +
           collectEnvironment().libtorchVersion;
}

}  // namespace es
