#pragma once

// Names the calling thread, so that per-thread CPU in the dashboard, the doctor, `top -H` and
// debuggers say which thread is the engine, the loader or the sampler instead of repeating the
// program's name. Threads a thread starts (LibTorch's OpenMP workers) inherit its name.

#include <pthread.h>

namespace es {

/// `name` is cut to the 15 characters Linux keeps.
inline void nameThisThread(const char* name)
{
    char shortName[16] = {};
    for (int i = 0; i < 15 && name[i] != '\0'; ++i)
        shortName[i] = name[i];
    pthread_setname_np(pthread_self(), shortName);
}

}  // namespace es
