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
/// Reviews are between a quarter and all of the window long, padded with token 0 as
/// keras.utils.pad_sequences does: before the review by default, after it with "post".
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
    if (source.classes == 0) {
        data.y = (torch::tanh(signal) + noise).unsqueeze(1).contiguous();
        return data;
    }
    // Class k holds the k-th of `classes` equally likely ranges of the noisy signal. Divided
    // by the projection's norm, the signal is a standard normal (unit step weights, independent
    // steps), so with the noise the cut points are the quantiles k / classes of a normal of
    // variance 1 + noise^2: sqrt(1 + noise^2) sqrt(2) erfinv(2k / classes - 1).
    const auto standardSignal = signal / projection.norm();
    const auto quantiles =
        torch::arange(1, source.classes, torch::kFloat64) / static_cast<double>(source.classes);
    const double spread = std::sqrt(2.0 * (1.0 + source.noise * source.noise));
    const auto cuts = (spread * torch::erfinv(2.0 * quantiles - 1.0)).to(torch::kFloat32);
    const auto ids = torch::bucketize(standardSignal + noise, cuts);
    data.y = ids.to(torch::kFloat32).unsqueeze(1).contiguous();
    return data;
}

/// Rewrites pre-padded reviews as post-padded ones: the same words first, then the padding.
void movePaddingToEnd(torch::Tensor& tokens, const torch::Tensor& lengths)
{
    const std::int64_t t = tokens.size(1);
    auto tokenAccess = tokens.accessor<std::int64_t, 2>();
    const auto lengthAccess = lengths.accessor<std::int64_t, 1>();
    for (std::int64_t i = 0; i < tokens.size(0); ++i) {
        const std::int64_t padding = t - lengthAccess[i];
        for (std::int64_t j = 0; j < t; ++j)
            tokenAccess[i][j] = j + padding < t ? tokenAccess[i][j + padding] : 0;
    }
}

/// Each review's label: 0/1 with equal odds for two classes (the stream the generator has
/// always drawn), a uniform id otherwise.
torch::Tensor drawLabels(std::int64_t n, std::int64_t classes, at::Generator& generator)
{
    if (classes == 2)
        return at::bernoulli(torch::full({n}, 0.5, torch::kFloat64), generator).to(torch::kInt64);
    return torch::randint(0, classes, {n}, generator, torch::kInt64);
}

Dataset generateTokens(const DataSourceConfig& source, at::Generator& generator)
{
    const std::int64_t n = source.samples;
    const std::int64_t t = source.timesteps;
    const std::int64_t vocab = source.vocabSize;
    const std::int64_t classes = targetClasses(source);
    // Token 0 pads; then a band of words per class (the first two: positive and negative),
    // and the rest are neutral.
    const std::int64_t band = syntheticWordBand(vocab, classes);
    const std::int64_t firstBand = 1;
    const std::int64_t neutralBegin = firstBand + classes * band;
    if (neutralBegin >= vocab)
        throw std::invalid_argument("synthetic_tokens: vocab_size too small for its word bands");

    const auto labels = drawLabels(n, classes, generator);
    auto tokens = torch::randint(neutralBegin, vocab, {n, t}, generator, torch::kInt64);
    const auto minLength =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(t * kShortestReviewShare));
    const auto lengths = torch::randint(minLength, t + 1, {n}, generator, torch::kInt64);
    const auto positions = torch::rand({n, t}, generator, torch::kFloat64);
    const auto agrees = torch::rand({n, t}, generator, torch::kFloat64);
    const auto bandWord = torch::randint(0, band, {n, t}, generator, torch::kInt64);
    // A word that disagrees with its review's class names another class: with two classes
    // the other one, with more one of the others at random (an offset of 1..classes-1).
    const auto otherOffset = classes == 2
                                 ? torch::ones({n, t}, torch::kInt64)
                                 : torch::randint(1, classes, {n, t}, generator, torch::kInt64);

    auto tokenAccess = tokens.accessor<std::int64_t, 2>();
    const auto labelAccess = labels.accessor<std::int64_t, 1>();
    const auto lengthAccess = lengths.accessor<std::int64_t, 1>();
    const auto positionAccess = positions.accessor<double, 2>();
    const auto agreeAccess = agrees.accessor<double, 2>();
    const auto bandAccess = bandWord.accessor<std::int64_t, 2>();
    const auto otherAccess = otherOffset.accessor<std::int64_t, 2>();
    for (std::int64_t i = 0; i < n; ++i) {
        // Class ids count the positive band first for two classes, as the 0/1 labels always
        // have (1 = positive, the first band).
        const std::int64_t label = labelAccess[i];
        const std::int64_t ownBand = classes == 2 ? 1 - label : label;
        const std::int64_t padding = t - lengthAccess[i];
        for (std::int64_t j = 0; j < t; ++j) {
            if (j < padding) {
                tokenAccess[i][j] = 0;
                continue;
            }
            if (positionAccess[i][j] >= kSentimentWordShare)
                continue;
            const bool agrees = agreeAccess[i][j] < kSentimentAgreement;
            const std::int64_t bandIndex =
                agrees ? ownBand : (ownBand + otherAccess[i][j]) % classes;
            tokenAccess[i][j] = firstBand + bandIndex * band + bandAccess[i][j];
        }
    }
    if (source.padding == Padding::Post)
        movePaddingToEnd(tokens, lengths);
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
        case DataSourceType::Csv:
        case DataSourceType::TextCsv:
        case DataSourceType::TextFolder: break;  // read by loadSourceArrays(), not generated
    }
    throw std::logic_error("unhandled synthetic data source");
}

}  // namespace es
