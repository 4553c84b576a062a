#include "engine/data/dataset_torch.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace es {

namespace {

/// Per-step decay of the regression target's memory: recent steps matter most, as in the
/// sensor series Keras users fit, yet the whole window contributes.
constexpr double kRegressionDecay = 0.9;
/// Share of a review's words that carry sentiment, and how strongly they favour the label.
constexpr double kSentimentWordShare = 0.2;
constexpr double kSentimentAgreement = 0.8;
/// Reviews are between a quarter and all of the window long, pre-padded with token 0 as
/// keras.utils.pad_sequences does.
constexpr double kShortestReviewShare = 0.25;

Dataset generateRegression(const DataSourceConfig& source, at::Generator& generator)
{
    const std::int64_t n = source.samples;
    const std::int64_t t = source.timesteps;
    const std::int64_t f = source.features;
    Dataset data;
    data.x = at::normal(0.0, 1.0, {n, t, f}, generator);
    // Target: tanh of a decayed sum of one fixed projection of the features, scaled to unit
    // variance before the tanh, plus noise. Learnable, not trivially linear.
    const auto projection =
        at::normal(0.0, 1.0, {f}, generator) / std::sqrt(static_cast<double>(f));
    auto steps = torch::arange(t, torch::kFloat64);
    auto weights = torch::pow(kRegressionDecay, (t - 1) - steps);
    weights = (weights / weights.pow(2).sum().sqrt()).to(torch::kFloat32);  // (T)
    const auto projected = torch::matmul(data.x, projection);               // (N, T)
    const auto signal = torch::matmul(projected, weights);                  // (N)
    const auto noise = at::normal(0.0, source.noise, {n}, generator);
    data.y = (torch::tanh(signal) + noise).unsqueeze(1).contiguous();
    return data;
}

Dataset generateTokens(const DataSourceConfig& source, at::Generator& generator)
{
    const std::int64_t n = source.samples;
    const std::int64_t t = source.timesteps;
    const std::int64_t vocab = source.vocabSize;
    // Token 0 pads; then a band of positive words, a band of negative words, and the rest
    // are neutral. A band is 1% of the vocabulary (at least one word).
    const std::int64_t band = std::max<std::int64_t>(1, vocab / 100);
    const std::int64_t positiveBegin = 1;
    const std::int64_t negativeBegin = positiveBegin + band;
    const std::int64_t neutralBegin = negativeBegin + band;
    if (neutralBegin >= vocab)
        throw std::invalid_argument("synthetic_tokens: vocab_size too small for its word bands");

    const auto labels = at::bernoulli(torch::full({n}, 0.5, torch::kFloat64), generator);
    auto tokens = torch::randint(neutralBegin, vocab, {n, t}, generator, torch::kInt64);
    const auto minLength =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(t * kShortestReviewShare));
    const auto lengths = torch::randint(minLength, t + 1, {n}, generator, torch::kInt64);
    const auto positions = torch::rand({n, t}, generator, torch::kFloat64);
    const auto agrees = torch::rand({n, t}, generator, torch::kFloat64);
    const auto bandWord = torch::randint(0, band, {n, t}, generator, torch::kInt64);

    auto tokenAccess = tokens.accessor<std::int64_t, 2>();
    const auto labelAccess = labels.accessor<double, 1>();
    const auto lengthAccess = lengths.accessor<std::int64_t, 1>();
    const auto positionAccess = positions.accessor<double, 2>();
    const auto agreeAccess = agrees.accessor<double, 2>();
    const auto bandAccess = bandWord.accessor<std::int64_t, 2>();
    for (std::int64_t i = 0; i < n; ++i) {
        const bool positive = labelAccess[i] > 0.5;
        const std::int64_t padding = t - lengthAccess[i];
        for (std::int64_t j = 0; j < t; ++j) {
            if (j < padding) {
                tokenAccess[i][j] = 0;
                continue;
            }
            if (positionAccess[i][j] >= kSentimentWordShare)
                continue;
            const bool saysPositive = (agreeAccess[i][j] < kSentimentAgreement) == positive;
            tokenAccess[i][j] = (saysPositive ? positiveBegin : negativeBegin) + bandAccess[i][j];
        }
    }
    Dataset data;
    data.x = tokens;
    data.y = labels.to(torch::kFloat32).unsqueeze(1).contiguous();
    return data;
}

}  // namespace

Dataset generateSynthetic(const DataSourceConfig& source, std::uint64_t seed)
{
    at::Generator generator = at::make_generator<at::CPUGeneratorImpl>(seed);
    switch (source.type) {
        case DataSourceType::SyntheticRegression: return generateRegression(source, generator);
        case DataSourceType::SyntheticTokens: return generateTokens(source, generator);
        case DataSourceType::Npy:
        case DataSourceType::Npz:
        case DataSourceType::Csv: break;  // read by loadSourceArrays(), not generated
    }
    throw std::logic_error("unhandled synthetic data source");
}

}  // namespace es
