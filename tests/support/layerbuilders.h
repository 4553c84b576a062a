#pragma once

// Short ways to write a layer list in tests: lstm(8, true), dense(1), dropout(0.2).

#include "engine/config/modelconfig.h"

#include <cstdint>

namespace es::test {

inline LayerConfig lstm(std::int64_t units, bool returnSequences = false, double inputDropout = 0.0)
{
    LayerConfig layer;
    layer.type = LayerType::Lstm;
    layer.units = units;
    layer.returnSequences = returnSequences;
    layer.dropout = inputDropout;
    return layer;
}

inline LayerConfig dense(std::int64_t units, Activation activation = Activation::Linear)
{
    LayerConfig layer;
    layer.type = LayerType::Dense;
    layer.units = units;
    layer.activation = activation;
    return layer;
}

inline LayerConfig dropout(double rate)
{
    LayerConfig layer;
    layer.type = LayerType::Dropout;
    layer.rate = rate;
    return layer;
}

}  // namespace es::test
