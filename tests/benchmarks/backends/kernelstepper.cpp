#include "tests/benchmarks/backends/kernelstepper.h"

#include "engine/model/onednngru_torch.h"
#include "engine/model/onednnlstm_torch.h"
#include "engine/model/recurrentlayer_torch.h"
#include "engine/train/denormals.h"
#include "tests/benchmarks/backends/steploop_torch.h"

#include <torch/torch.h>

#include <chrono>
#include <string>

namespace bench {

namespace {

using Clock = std::chrono::steady_clock;

/// Every variant of a case starts from this seed: the same parameters, batches and loss.
constexpr std::uint64_t kSeed = 20240807;

/// One direction's parameters, as torch::nn names them ("_reverse" for the backward one).
struct Direction {
    torch::Tensor weightIh, weightHh, biasIh, biasHh;
};

bool isLstm(RecurrentLayer layer)
{
    return layer == RecurrentLayer::BiLstm || layer == RecurrentLayer::MaskedLstm;
}

bool isBidirectional(RecurrentLayer layer)
{
    return layer == RecurrentLayer::BiLstm || layer == RecurrentLayer::BiGru;
}

/// The engine's config of the masked case's layer: an LSTM returning its sequence.
es::LayerConfig maskedLstmConfig(const KernelCase& kernelCase)
{
    es::LayerConfig config;
    config.type = es::LayerType::Lstm;
    config.units = kernelCase.units;
    config.returnSequences = true;
    return config;
}

}  // namespace

struct KernelStepper::Impl {
    KernelCase kernelCase;
    KernelVariant variant = KernelVariant::Fused;
    torch::nn::LSTM lstm{nullptr};
    torch::nn::GRU gru{nullptr};
    std::vector<Direction> directions;
    std::vector<torch::Tensor> parameters;
    std::vector<torch::Tensor> batches;  ///< (B, T, I), requiring gradients
    /// The loss is sum(output * upstream); upstream is 0 at padded steps.
    torch::Tensor upstream;
    torch::Tensor mask;     ///< (B, T) bool, true at unpadded steps; undefined if not masked
    torch::Tensor lengths;  ///< (B) int64, each sample's unpadded steps; undefined likewise
    es::OneDnnCaches layerCaches;
    es::OneDnnLstmCache lstmCache;
    es::OneDnnGruCache gruCache;
    std::size_t next = 0;
    double outputDifference = 0.0;

    torch::Tensor moduleForward(const torch::Tensor& x)
    {
        if (mask.defined()) {
            // As PyTorch users feed padded batches: packed, so that no padded step is computed.
            namespace rnn = torch::nn::utils::rnn;
            const rnn::PackedSequence packed = rnn::pack_padded_sequence(
                x, lengths, /*batch_first=*/true, /*enforce_sorted=*/false);
            return std::get<0>(
                rnn::pad_packed_sequence(std::get<0>(lstm->forward_with_packed_input(packed)),
                                         /*batch_first=*/true,
                                         /*padding_value=*/0.0,
                                         /*total_length=*/x.size(1)));
        }
        if (lstm)
            return std::get<0>(lstm->forward(x));
        return std::get<0>(gru->forward(x));
    }

    /// One direction on the fused kernel: the backward direction runs forward in time on x
    /// flipped, and its output is flipped back, as a bidirectional layer on the onednn
    /// backend runs it.
    torch::Tensor fusedDirection(const torch::Tensor& x, const Direction& p, bool reverse)
    {
        const torch::Tensor input = reverse ? x.flip(1) : x;
        const torch::Tensor output =
            isLstm(kernelCase.layer)
                ? es::oneDnnLstm(input, p.weightIh, p.weightHh, p.biasIh, p.biasHh, lstmCache)
                      .output
                : es::oneDnnGru(input, p.weightIh, p.weightHh, p.biasIh, p.biasHh, gruCache).output;
        return reverse ? output.flip(1) : output;
    }

    /// The masked case on the engine's own recurrent layer, mask and all, as a model with
    /// mask_zero runs it on `kernel`.
    torch::Tensor engineLayerForward(const torch::Tensor& x, es::RecurrentKernel kernel)
    {
        const Direction& p = directions.front();
        return es::runRecurrentLayer(maskedLstmConfig(kernelCase), kernel,
                                     {{p.weightIh, p.weightHh, p.biasIh, p.biasHh}}, x, mask,
                                     /*training=*/true, layerCaches)
            .output;
    }

    torch::Tensor forward(const torch::Tensor& x)
    {
        if (variant == KernelVariant::Module)
            return moduleForward(x);
        if (mask.defined())
            return engineLayerForward(x, variant == KernelVariant::Fused
                                             ? es::RecurrentKernel::Fused
                                             : es::RecurrentKernel::StepLoop);
        std::vector<torch::Tensor> outputs;
        for (std::size_t d = 0; d < directions.size(); ++d) {
            const Direction& p = directions[d];
            const bool reverse = d == 1;
            if (variant == KernelVariant::Fused)
                outputs.push_back(fusedDirection(x, p, reverse));
            else if (isLstm(kernelCase.layer))
                outputs.push_back(
                    stepLoopLstm(x, p.weightIh, p.weightHh, p.biasIh, p.biasHh, reverse));
            else
                outputs.push_back(
                    stepLoopGru(x, p.weightIh, p.weightHh, p.biasIh, p.biasHh, reverse));
        }
        return outputs.size() == 1 ? outputs.front() : torch::cat(outputs, 2);
    }

    double step()
    {
        const torch::Tensor& x = batches[next++ % batches.size()];
        std::vector<torch::Tensor> inputs = {x};
        inputs.insert(inputs.end(), parameters.begin(), parameters.end());
        const auto start = Clock::now();
        const torch::Tensor loss = (forward(x) * upstream).sum();
        const torch::autograd::variable_list gradients = torch::autograd::grad({loss}, inputs);
        const auto end = Clock::now();
        TORCH_CHECK(gradients.size() == inputs.size() && gradients.back().defined(),
                    "a parameter got no gradient");
        return std::chrono::duration<double, std::milli>(end - start).count();
    }
};

KernelStepper::KernelStepper(const KernelCase& kernelCase, KernelVariant variant)
    : m_impl(std::make_unique<Impl>())
{
    Impl& d = *m_impl;
    d.kernelCase = kernelCase;
    d.variant = variant;
    torch::manual_seed(kSeed);
    const bool bidirectional = isBidirectional(kernelCase.layer);
    torch::OrderedDict<std::string, torch::Tensor> named;
    if (isLstm(kernelCase.layer)) {
        d.lstm = torch::nn::LSTM(torch::nn::LSTMOptions(kernelCase.inputs, kernelCase.units)
                                     .batch_first(true)
                                     .bidirectional(bidirectional));
        named = d.lstm->named_parameters();
    } else {
        d.gru = torch::nn::GRU(torch::nn::GRUOptions(kernelCase.inputs, kernelCase.units)
                                   .batch_first(true)
                                   .bidirectional(bidirectional));
        named = d.gru->named_parameters();
    }
    for (const std::string suffix : {"_l0", "_l0_reverse"}) {
        if (suffix != "_l0" && !bidirectional)
            break;
        d.directions.push_back({named["weight_ih" + suffix], named["weight_hh" + suffix],
                                named["bias_ih" + suffix], named["bias_hh" + suffix]});
    }
    for (const auto& item : named)
        d.parameters.push_back(item.value());
    for (std::int64_t i = 0; i < kDataBatches; ++i)
        d.batches.push_back(
            torch::randn({kernelCase.batch, kernelCase.steps, kernelCase.inputs}).requires_grad_());
    const std::int64_t features = kernelCase.units * (bidirectional ? 2 : 1);
    d.upstream = torch::randn({kernelCase.batch, kernelCase.steps, features});
    if (const std::vector<std::int64_t> lengths = kernelCase.lengths(); !lengths.empty()) {
        d.lengths = torch::tensor(lengths, torch::kInt64);
        d.mask = torch::arange(kernelCase.steps).unsqueeze(0) < d.lengths.unsqueeze(1);
        d.upstream = d.upstream * d.mask.unsqueeze(2);
    }

    // Padded steps are compared as 0: the engine carries the last output there, PyTorch's
    // packed path pads with 0, and the loss counts neither.
    const auto unpadded = [&d](const torch::Tensor& output) {
        return d.mask.defined() ? output * d.mask.unsqueeze(2) : output;
    };
    const torch::Tensor reference = unpadded(d.moduleForward(d.batches.front()).detach());
    const torch::Tensor output = unpadded(d.forward(d.batches.front()).detach());
    d.outputDifference = (output - reference).abs().max().item<double>() /
                         std::max(1e-6, reference.abs().max().item<double>());
}

KernelStepper::~KernelStepper() = default;

std::vector<double> KernelStepper::run(int count)
{
    // Every variant alike, as a run on the onednn backend sets it (device.flush_denormals auto).
    if (!es::flushingDenormals())
        es::applyFlushDenormals(true);
    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        samples.push_back(m_impl->step());
    return samples;
}

double KernelStepper::outputDifference() const
{
    return m_impl->outputDifference;
}

}  // namespace bench
