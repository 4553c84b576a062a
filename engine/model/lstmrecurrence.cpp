#include "engine/model/lstmrecurrence.h"

// Compiled on its own with -O3 and OpenMP's simd pragmas (engine/CMakeLists.txt): the cell
// loops below are written to vectorise, and each is built for AVX-512, AVX2 and the baseline,
// the machine choosing at load time (GCC's target_clones).

#if EPOCHSCOPE_WITH_ONEDNN

#include <oneapi/dnnl/dnnl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
// Each clone inlines the helpers below (ES_INLINED), so they too are built for its ISA.
#define ES_VECTOR_CLONES \
    __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define ES_INLINED inline __attribute__((always_inline))
#else
#define ES_VECTOR_CLONES
#define ES_INLINED inline
#endif

namespace es::onednn {

namespace {

// exp, the logistic function and tanh as loops vectorise them: no calls, no branches.

/// e^x to about one ulp: x = n ln 2 + r with |r| <= ln 2 / 2, e^r by Cephes' degree-6
/// polynomial, 2^n from the exponent bits. Clamped to [-87, 88], where e^x stays a normal
/// float; NaN stays NaN.
ES_INLINED float expOf(float x)
{
    const bool number = x == x;
    const float clamped = std::min(std::max(number ? x : 0.0f, -87.0f), 88.0f);
    // round(clamped / ln 2), through a positive value so that truncation rounds down
    const auto n = static_cast<std::int32_t>(clamped * 1.44269504088896341f + 128.5f) - 128;
    const auto nf = static_cast<float>(n);
    const float r = (clamped - nf * 0.693359375f) + nf * 2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const float er = p * r * r + r + 1.0f;
    const std::int32_t bits = (n + 127) << 23;
    float scale = 0.0f;
    std::memcpy(&scale, &bits, sizeof scale);
    return number ? er * scale : x;
}

ES_INLINED float logisticOf(float x)
{
    return 1.0f / (1.0f + expOf(-x));
}

/// tanh: Cephes' odd polynomial below |x| 0.625, where 1 - 2 / (e^2|x| + 1) would lose
/// digits to cancellation; that form above it.
ES_INLINED float tanhOf(float x)
{
    const float z = x * x;
    float p = -5.70498872745e-3f;
    p = p * z + 2.06390887954e-2f;
    p = p * z - 5.37397155531e-2f;
    p = p * z + 1.33314422036e-1f;
    p = p * z - 3.33332819422e-1f;
    const float small = p * z * x + x;
    const float magnitude = std::fabs(x);
    const float large = std::copysign(1.0f - 2.0f / (expOf(2.0f * magnitude) + 1.0f), x);
    return magnitude < 0.625f ? small : large;
}

/// One step of every sample, at the step's own positions in the (B, T, ...) arrays.
struct StepRows {
    std::int64_t batch = 0;
    std::int64_t units = 0;
    std::int64_t gateStride = 0;   ///< from one sample's gates to the next's: T x 4H
    std::int64_t stateStride = 0;  ///< from one sample's h or c to the next's: T x H
    bool first = false;            ///< the first step: the state before it is zero
};

/// The cells of one step (forward): gate pre-activations in (the products; the bias is added
/// here), activations out, and c, tanh(c) and h.
template <bool kFirst>
ES_INLINED void forwardRow(std::int64_t units, const float* __restrict bias,
                           float* __restrict gates, float* __restrict cell,
                           float* __restrict cellTanh, float* __restrict h)
{
    float* __restrict gi = gates;
    float* __restrict gf = gates + units;
    float* __restrict gg = gates + 2 * units;
    float* __restrict go = gates + 3 * units;
    const float* __restrict previous = kFirst ? cell : cell - units;
#pragma omp simd
    for (std::int64_t j = 0; j < units; ++j) {
        const float i = logisticOf(gi[j] + bias[j]);
        const float f = logisticOf(gf[j] + bias[units + j]);
        const float g = tanhOf(gg[j] + bias[2 * units + j]);
        const float o = logisticOf(go[j] + bias[3 * units + j]);
        const float c = kFirst ? i * g : f * previous[j] + i * g;
        const float t = tanhOf(c);
        gi[j] = i;
        gf[j] = f;
        gg[j] = g;
        go[j] = o;
        cell[j] = c;
        cellTanh[j] = t;
        h[j] = o * t;
    }
}

ES_VECTOR_CLONES void forwardCells(const StepRows& rows, const float* bias, float* gates,
                                   float* cell, float* cellTanh, float* h)
{
    for (std::int64_t b = 0; b < rows.batch; ++b) {
        const std::int64_t gate = b * rows.gateStride;
        const std::int64_t state = b * rows.stateStride;
        if (rows.first)
            forwardRow<true>(rows.units, bias, gates + gate, cell + state, cellTanh + state,
                             h + state);
        else
            forwardRow<false>(rows.units, bias, gates + gate, cell + state, cellTanh + state,
                              h + state);
    }
}

/// The cells of one step (backward): the gradients of the gates' pre-activations from those of
/// h (upstream plus the next step's) and c (the next step's), which it updates for the step
/// before.
template <bool kFirst>
ES_INLINED void backwardRow(std::int64_t units, const float* __restrict gates,
                            const float* __restrict cell, const float* __restrict cellTanh,
                            const float* __restrict outputGradient, float* __restrict hGradient,
                            float* __restrict cGradient, float* __restrict gateGradients)
{
    const float* __restrict gi = gates;
    const float* __restrict gf = gates + units;
    const float* __restrict gg = gates + 2 * units;
    const float* __restrict go = gates + 3 * units;
    const float* __restrict previous = kFirst ? cell : cell - units;
    float* __restrict di = gateGradients;
    float* __restrict df = gateGradients + units;
    float* __restrict dg = gateGradients + 2 * units;
    float* __restrict dout = gateGradients + 3 * units;
#pragma omp simd
    for (std::int64_t j = 0; j < units; ++j) {
        const float i = gi[j];
        const float f = gf[j];
        const float g = gg[j];
        const float o = go[j];
        const float t = cellTanh[j];
        const float dh = outputGradient[j] + hGradient[j];
        const float dc = cGradient[j] + dh * o * (1.0f - t * t);
        const float before = kFirst ? 0.0f : previous[j];
        cGradient[j] = dc * f;
        di[j] = dc * g * i * (1.0f - i);
        df[j] = dc * before * f * (1.0f - f);
        dg[j] = dc * i * (1.0f - g * g);
        dout[j] = dh * t * o * (1.0f - o);
    }
}

ES_VECTOR_CLONES void backwardCells(const StepRows& rows, const float* gates, const float* cell,
                                    const float* cellTanh, const float* outputGradient,
                                    float* hGradient, float* cGradient, float* gateGradients)
{
    for (std::int64_t b = 0; b < rows.batch; ++b) {
        const std::int64_t gate = b * rows.gateStride;
        const std::int64_t state = b * rows.stateStride;
        const std::int64_t carried = b * rows.units;
        if (rows.first)
            backwardRow<true>(rows.units, gates + gate, cell + state, cellTanh + state,
                              outputGradient + state, hGradient + carried, cGradient + carried,
                              gateGradients + gate);
        else
            backwardRow<false>(rows.units, gates + gate, cell + state, cellTanh + state,
                               outputGradient + state, hGradient + carried, cGradient + carried,
                               gateGradients + gate);
    }
}

/// sums[k] = the sum over `count` rows of row[k]: the bias gradient, one pass over the gates'.
ES_VECTOR_CLONES void sumRows(const float* rows, std::int64_t count, std::int64_t width,
                              float* sums)
{
    std::fill(sums, sums + width, 0.0f);
    for (std::int64_t r = 0; r < count; ++r) {
        const float* __restrict row = rows + r * width;
        float* __restrict out = sums;
#pragma omp simd
        for (std::int64_t k = 0; k < width; ++k)
            out[k] += row[k];
    }
}

/// C = A B + beta C, row-major, through oneDNN's GEMM; 'T' reads A or B transposed.
void multiply(char transposeA, char transposeB, std::int64_t m, std::int64_t n, std::int64_t k,
              const float* a, std::int64_t lda, const float* b, std::int64_t ldb, float beta,
              float* c, std::int64_t ldc)
{
    if (m == 0 || n == 0)
        return;
    if (k == 0) {  // no products to add: C = beta C, and beta is 0 or 1 here
        if (beta == 0.0f)
            for (std::int64_t row = 0; row < m; ++row)
                std::fill(c + row * ldc, c + row * ldc + n, 0.0f);
        return;
    }
    const dnnl_status_t status =
        dnnl_sgemm(transposeA, transposeB, m, n, k, 1.0f, a, lda, b, ldb, beta, c, ldc);
    if (status != dnnl_success)
        throw std::runtime_error("onednn LSTM: oneDNN's GEMM refused a " + std::to_string(m) + "x" +
                                 std::to_string(k) + " by " + std::to_string(k) + "x" +
                                 std::to_string(n) + " product (status " +
                                 std::to_string(static_cast<int>(status)) + ")");
}

}  // namespace

void lstmRecurrenceForward(const LstmRecurrenceShape& shape, const LstmForwardInputs& inputs,
                           const LstmSavedSteps& saved)
{
    const std::int64_t batch = shape.batch, steps = shape.steps, units = shape.units;
    const std::int64_t gates = 4 * units;
    // Every step's input products at once, then step by step the recurrent ones added.
    multiply('N', 'N', batch * steps, gates, shape.inputs, inputs.x, shape.inputs,
             inputs.weightIhTransposed, gates, 0.0f, saved.gates, gates);
    StepRows rows{batch, units, steps * gates, steps * units, true};
    for (std::int64_t t = 0; t < steps; ++t) {
        rows.first = t == 0;
        float* stepGates = saved.gates + t * gates;
        if (t > 0)
            multiply('N', 'N', batch, gates, units, saved.output + (t - 1) * units, steps * units,
                     inputs.weightHhTransposed, gates, 1.0f, stepGates, steps * gates);
        forwardCells(rows, inputs.bias, stepGates, saved.cell + t * units,
                     saved.cellTanh + t * units, saved.output + t * units);
    }
}

void lstmRecurrenceBackward(const LstmRecurrenceShape& shape, const LstmBackwardInputs& inputs,
                            const LstmSavedSteps& saved, const LstmGradients& gradients)
{
    const std::int64_t batch = shape.batch, steps = shape.steps, units = shape.units;
    const std::int64_t gates = 4 * units;
    float* hGradient = gradients.stateGradients;
    float* cGradient = gradients.stateGradients + batch * units;
    std::memcpy(hGradient, inputs.hnGradient, sizeof(float) * batch * units);
    std::memcpy(cGradient, inputs.cnGradient, sizeof(float) * batch * units);
    StepRows rows{batch, units, steps * gates, steps * units, false};
    for (std::int64_t t = steps - 1; t >= 0; --t) {
        rows.first = t == 0;
        float* stepGradients = gradients.gateGradients + t * gates;
        backwardCells(rows, saved.gates + t * gates, saved.cell + t * units,
                      saved.cellTanh + t * units, inputs.outputGradient + t * units, hGradient,
                      cGradient, stepGradients);
        if (t > 0)  // h's gradient for the step before: through weight_hh
            multiply('N', 'N', batch, units, gates, stepGradients, steps * gates, inputs.weightHh,
                     units, 0.0f, hGradient, units);
    }
    // Over all steps at once: x's gradient, weight_ih's and the bias'.
    const std::int64_t rowsInAll = batch * steps;
    multiply('N', 'N', rowsInAll, shape.inputs, gates, gradients.gateGradients, gates,
             inputs.weightIh, shape.inputs, 0.0f, gradients.x, shape.inputs);
    multiply('T', 'N', gates, shape.inputs, rowsInAll, gradients.gateGradients, gates, inputs.x,
             shape.inputs, 0.0f, gradients.weightIh, shape.inputs);
    sumRows(gradients.gateGradients, rowsInAll, gates, gradients.bias);
    // weight_hh's: step t's gate gradients times h of step t - 1, summed. Row r of the gate
    // gradients pairs with row r - 1 of h in one product once each sample's first step (whose
    // state before is zero, and whose row r - 1 is the sample before's last step) is zeroed.
    for (std::int64_t b = 0; b < batch; ++b)
        std::fill_n(gradients.gateGradients + b * steps * gates, gates, 0.0f);
    multiply('T', 'N', gates, units, rowsInAll - 1, gradients.gateGradients + gates, gates,
             saved.output, units, 0.0f, gradients.weightHh, units);
}

}  // namespace es::onednn

#endif  // EPOCHSCOPE_WITH_ONEDNN
