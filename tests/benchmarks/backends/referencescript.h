#pragma once

namespace bench {

/// backends_reference.py in the source tree, the default of --reference. Compiled into a file
/// of its own: the path is absolute and differs from one clone to the next, so only this tiny
/// object misses the compiler cache in a clone in another folder.
const char* defaultReferenceScript();

}  // namespace bench
