// Precompiled header for the engine's LibTorch translation units (~40 s each without it).
#pragma once

#include <torch/torch.h>
