// The onednn backend against the libtorch one: outputs, final states and every gradient on
// random shapes, the primitive cache, the model built on either backend, denormal flushing on
// the training threads, and the presets trained with both.

#include "engine/config/presets.h"
#include "engine/model/backendchoice.h"
#include "engine/model/onednnlstm_torch.h"
#include "engine/model/onednnrnn_torch.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/train/denormals.h"
#include "tests/support/cellparameters_torch.h"
#include "tests/support/runtoend.h"
#include "tests/support/shapeseed.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/tensorcompare_torch.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

namespace {

/// The bound for float32: the two backends sum in different orders, nothing more.
constexpr double kLstmTolerance = 1e-4;

using es::test::Comparison;
using es::test::relativeDifference;

/// One LSTM layer's parameters, as torch::nn::LSTM holds them.
using LayerParameters = es::test::CellParameters<torch::nn::LSTM>;

std::vector<LayerParameters> makeStack(std::int64_t inputs, std::int64_t units, int layers)
{
    std::vector<LayerParameters> stack;
    for (int i = 0; i < layers; ++i) {
        LayerParameters layer(torch::nn::LSTM(
            torch::nn::LSTMOptions(i == 0 ? inputs : units, units).batch_first(true)));
        {
            // LibTorch's default init gives biases of the weights' small scale; larger biases
            // push some gates towards saturation, where the two backends must agree as well.
            torch::NoGradGuard noGrad;
            layer.biasIh.uniform_(-1.0, 1.0);
        }
        stack.push_back(layer);
    }
    return stack;
}

/// Every layer's results; a layer's output sequence is the next one's input.
std::vector<es::LstmResult> runStack(const torch::Tensor& x,
                                     const std::vector<LayerParameters>& stack,
                                     es::OneDnnLstmCache* oneDnn)
{
    std::vector<es::LstmResult> results;
    torch::Tensor input = x;
    for (const LayerParameters& layer : stack) {
        es::LstmResult result;
        if (oneDnn != nullptr) {
            result = es::oneDnnLstm(input, layer.weightIh, layer.weightHh, layer.biasIh,
                                    layer.biasHh, *oneDnn);
        } else {
            torch::nn::LSTM module = layer.module;  // forward() is not const
            auto [output, state] = module->forward(input);
            result = {output, std::get<0>(state).squeeze(0), std::get<1>(state).squeeze(0)};
        }
        input = result.output;
        results.push_back(result);
    }
    return results;
}

struct LstmShape {
    std::int64_t batch = 1;
    std::int64_t partialBatch = 1;  ///< a last, smaller batch through the same cache
    std::int64_t steps = 1;
    std::int64_t inputs = 1;
    std::int64_t units = 1;
    int layers = 1;
    bool returnSequences = true;
    bool stateGradients = true;  ///< the loss also reads the final h and c of every layer

    std::string text() const
    {
        std::ostringstream out;
        out << "B" << batch << "/" << partialBatch << " T" << steps << " I" << inputs << " H"
            << units << " L" << layers << (returnSequences ? " seq" : " last")
            << (stateGradients ? " +states" : "");
        return out.str();
    }
};

/// The seeded shapes: the bounds first (batch 1, one step, one input, one unit, the largest
/// of each), then random ones.
std::vector<LstmShape> randomShapes()
{
    constexpr std::uint32_t kFixedSeed = 20240806;
    const std::uint32_t seed = es::test::shapeSeed(kFixedSeed);
    qInfo("random shapes from seed %u (EPOCHSCOPE_SHAPE_SEED)", seed);
    std::mt19937 generator(seed);
    const auto uniform = [&](std::int64_t low, std::int64_t high) {
        return std::uniform_int_distribution<std::int64_t>(low, high)(generator);
    };
    std::vector<LstmShape> shapes;
    shapes.push_back({1, 1, 5, 3, 4, 1, true, true});
    shapes.push_back({4, 3, 1, 7, 5, 2, false, true});
    shapes.push_back({3, 2, 9, 1, 1, 3, true, false});
    shapes.push_back({8, 5, 60, 96, 160, 1, false, true});
    for (int i = 0; i < 20; ++i) {
        LstmShape shape;
        shape.batch = uniform(1, 48);
        shape.partialBatch = uniform(1, shape.batch);
        shape.steps = uniform(1, 60);
        shape.inputs = uniform(1, 96);
        shape.units = uniform(1, 160);
        shape.layers = static_cast<int>(uniform(1, 3));
        shape.returnSequences = uniform(0, 1) == 1;
        shape.stateGradients = uniform(0, 1) == 1;
        shapes.push_back(shape);
    }
    return shapes;
}

/// The prediction a model takes from the last layer (Keras' return_sequences).
torch::Tensor prediction(const std::vector<es::LstmResult>& results, bool returnSequences)
{
    const torch::Tensor& output = results.back().output;
    return returnSequences ? output : output.select(1, output.size(1) - 1);
}

/// Runs one batch of `shape` through both backends with the same parameters and the same
/// upstream gradients; compares every layer's output and final states, the input gradient
/// and every parameter gradient.
Comparison compareBatch(const LstmShape& shape, std::int64_t batch,
                        const std::vector<LayerParameters>& stack, es::OneDnnLstmCache& cache)
{
    const auto x = torch::randn({batch, shape.steps, shape.inputs}).requires_grad_(true);
    const auto reference = runStack(x, stack, nullptr);
    const auto fused = runStack(x, stack, &cache);

    // A random linear loss: its gradient with respect to each result is that random tensor.
    const auto upstream = torch::randn_like(prediction(reference, shape.returnSequences));
    std::vector<torch::Tensor> stateUpstream;
    for (const auto& layer : reference) {
        stateUpstream.push_back(torch::randn_like(layer.hn));
        stateUpstream.push_back(torch::randn_like(layer.cn));
    }
    const auto lossOf = [&](const std::vector<es::LstmResult>& results) {
        torch::Tensor loss = (prediction(results, shape.returnSequences) * upstream).sum();
        if (shape.stateGradients) {
            for (std::size_t i = 0; i < results.size(); ++i)
                loss = loss + (results[i].hn * stateUpstream[2 * i]).sum() +
                       (results[i].cn * stateUpstream[2 * i + 1]).sum();
        }
        return loss;
    };
    std::vector<torch::Tensor> inputs = {x};
    for (const LayerParameters& layer : stack)
        for (const torch::Tensor& parameter : layer.all())
            inputs.push_back(parameter);
    const auto referenceGradients = torch::autograd::grad({lossOf(reference)}, inputs);
    const auto fusedGradients = torch::autograd::grad({lossOf(fused)}, inputs);

    Comparison comparison;
    for (std::size_t i = 0; i < stack.size(); ++i) {
        const std::string layer = "layer " + std::to_string(i) + " ";
        comparison.add(layer + "output", fused[i].output, reference[i].output);
        comparison.add(layer + "h_n", fused[i].hn, reference[i].hn);
        comparison.add(layer + "c_n", fused[i].cn, reference[i].cn);
    }
    static const char* const kNames[] = {"d weight_ih", "d weight_hh", "d bias_ih", "d bias_hh"};
    comparison.add("d x", fusedGradients[0], referenceGradients[0]);
    for (std::size_t i = 1; i < inputs.size(); ++i)
        comparison.add("layer " + std::to_string((i - 1) / 4) + " " + kNames[(i - 1) % 4],
                       fusedGradients[i], referenceGradients[i]);
    return comparison;
}

/// The training runs a cache counts for compareBatch at `shape`'s full, partial and full batch:
/// one per layer and per part of each batch, as batchParts() splits it over the intra-op
/// threads (a batch of 16 or more samples runs in parts where there are two threads or more).
std::size_t expectedLstmTrainingRuns(const LstmShape& shape)
{
    std::size_t runs = 0;
    for (std::int64_t batch : {shape.batch, shape.partialBatch, shape.batch})
        runs += es::onednn::batchParts(batch).size() * static_cast<std::size_t>(shape.layers);
    return runs;
}

double lastLoss(const es::RunResult& result)
{
    return result.epochs.empty() ? std::nan("") : result.epochs.back().trainLoss;
}

/// A preset as it is (model, batch size, sequence length, optimizer, seed), trained 3 epochs
/// of `steps` batches with one batch of validation: the whole comparison of the three presets
/// on both backends stays within about a minute on 2 cores. One intra-op thread: with two,
/// every parallel region waits for both cores, and a build or another test on the same
/// machine stretches the run several times over (the numbers do not depend on it).
es::RunConfig shrunkPreset(const std::string& name, std::int64_t steps)
{
    es::RunConfig config = es::loadPreset(name);
    constexpr std::int64_t kValidationBatches = 1;
    config.device.intraOpThreads = 1;
    config.training.epochs = 3;
    config.training.stepsPerEpoch = steps;
    config.data.source.samples = (steps + kValidationBatches) * config.data.batchSize;
    config.data.validationSplit =
        static_cast<double>(kValidationBatches) / static_cast<double>(steps + kValidationBatches);
    return config;
}

}  // namespace

class TestOneDnnLstm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!es::oneDnnBuilt())
            QSKIP("this build has no oneDNN (EPOCHSCOPE_WITH_ONEDNN=OFF)");
    }

    // Outputs, final states, the input gradient and every parameter gradient agree with
    // LibTorch's LSTM, for a full batch and a last partial batch through the same cache, and
    // each distinct shape (each part of a batch split over the threads) builds its primitives
    // once.
    void matchesLibTorchOnRandomShapes()
    {
        const std::vector<LstmShape> shapes = randomShapes();
        QVERIFY(shapes.size() >= 20);
        double worst = 0.0;
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            const LstmShape& shape = shapes[i];
            torch::manual_seed(1000 + i);
            const auto stack = makeStack(shape.inputs, shape.units, shape.layers);
            es::OneDnnLstmCache cache;
            for (std::int64_t batch : {shape.batch, shape.partialBatch, shape.batch}) {
                const Comparison comparison = compareBatch(shape, batch, stack, cache);
                worst = std::max(worst, comparison.worst);
                const std::string message = shape.text() + ", batch " + std::to_string(batch) +
                                            ": " + comparison.where + " differs by " +
                                            std::to_string(comparison.worst);
                QVERIFY2(comparison.worst <= kLstmTolerance, message.c_str());
            }
            QCOMPARE(cache.stats().trainingRuns, expectedLstmTrainingRuns(shape));
            QCOMPARE(cache.stats().inference, std::size_t(0));
        }
        qInfo("%zu shapes, largest relative difference %.2e", shapes.size(), worst);
    }

    // Training builds no primitives and counts its runs. Inference builds a set per shape
    // once: a second call takes the cached one, a new batch size builds its own.
    void cachesInferencePrimitivesPerShape()
    {
        torch::manual_seed(3);
        const auto stack = makeStack(6, 10, 1);
        const LayerParameters& layer = stack.front();
        es::OneDnnLstmCache cache;
        const auto train = [&](std::int64_t batch) {
            const auto x = torch::randn({batch, 7, 6}, torch::requires_grad());
            es::oneDnnLstm(x, layer.weightIh, layer.weightHh, layer.biasIh, layer.biasHh, cache)
                .output.sum()
                .backward();
        };
        const auto infer = [&](std::int64_t batch) {
            torch::NoGradGuard noGrad;
            es::oneDnnLstm(torch::randn({batch, 7, 6}), layer.weightIh, layer.weightHh,
                           layer.biasIh, layer.biasHh, cache);
        };
        train(8);
        train(3);
        QCOMPARE(cache.stats().trainingRuns, std::size_t(2));  // one part each
        QCOMPARE(cache.stats().inference, std::size_t(0));
        infer(8);
        QCOMPARE(cache.stats().inference, std::size_t(1));
        infer(8);
        infer(8);
        QCOMPARE(cache.stats().inference, std::size_t(1));
        infer(3);  // the last, partial batch of a validation pass
        QCOMPARE(cache.stats().inference, std::size_t(2));
        infer(8);
        infer(3);
        QCOMPARE(cache.stats().inference, std::size_t(2));
        QCOMPARE(cache.stats().trainingRuns, std::size_t(2));
    }

    // Each backward overwrites its gradients: the second must give the same gradients as the
    // first, not twice them.
    void gradientsDoNotAccumulate()
    {
        torch::manual_seed(5);
        const auto stack = makeStack(5, 12, 1);
        const LayerParameters& layer = stack.front();
        es::OneDnnLstmCache cache;
        const auto x = torch::randn({4, 9, 5});
        const auto gradients = [&] {
            const auto result = es::oneDnnLstm(x, layer.weightIh, layer.weightHh, layer.biasIh,
                                               layer.biasHh, cache);
            return torch::autograd::grad({result.output.pow(2).sum() + result.cn.sum()},
                                         layer.all());
        };
        const auto first = gradients();
        const auto second = gradients();
        for (std::size_t i = 0; i < first.size(); ++i)
            QVERIFY2(torch::equal(first[i], second[i]), std::to_string(i).c_str());

        // Through .grad as the trainer uses it: backward, zero_grad, backward.
        for (const torch::Tensor& parameter : layer.all())
            parameter.mutable_grad() = torch::Tensor();
        const auto step = [&] {
            const auto result = es::oneDnnLstm(x, layer.weightIh, layer.weightHh, layer.biasIh,
                                               layer.biasHh, cache);
            (result.output.pow(2).sum() + result.cn.sum()).backward();
        };
        step();
        std::vector<torch::Tensor> once;
        for (const torch::Tensor& parameter : layer.all()) {
            once.push_back(parameter.grad().clone());
            parameter.mutable_grad().zero_();
        }
        step();
        for (std::size_t i = 0; i < once.size(); ++i) {
            QVERIFY2(torch::equal(layer.all()[i].grad(), once[i]), std::to_string(i).c_str());
            QVERIFY(torch::equal(once[i], first[i]));
        }
        // The two biases get equal gradients in tensors of their own.
        QVERIFY(layer.biasIh.grad().data_ptr() != layer.biasHh.grad().data_ptr());
    }

    // With two intra-op threads a batch runs as two parts at once, one per thread (batchParts:
    // sizes within one of each other, none under kMinPartSamples); outputs, states and every
    // gradient still match LibTorch's LSTM and the one-part run of one thread, for training
    // and for inference.
    void batchPartsMatchOneThread()
    {
        using es::onednn::BatchPart;
        const auto partsText = [](const std::vector<BatchPart>& parts) {
            std::string text;
            for (const BatchPart& part : parts)
                text += std::to_string(part.start) + "+" + std::to_string(part.size) + " ";
            return text;
        };
        torch::manual_seed(21);
        const LstmShape shape{37, 37, 23, 11, 29, 2, true, true};
        const auto stack = makeStack(shape.inputs, shape.units, shape.layers);
        std::map<std::pair<int, std::int64_t>, std::string> parts;
        Comparison twoThreads;
        std::size_t trainingRuns = 0;
        std::vector<torch::Tensor> outputs;  // [threads 1, threads 2]: inference, last layer
        for (int threads : {1, 2}) {
            std::thread training([&] {
                at::set_num_threads(threads);
                for (std::int64_t batch : {37, 16, 15, 7})
                    parts[{threads, batch}] = partsText(es::onednn::batchParts(batch));
                es::OneDnnLstmCache cache;
                torch::manual_seed(22);  // the same batch and upstream gradients each time
                const Comparison comparison = compareBatch(shape, shape.batch, stack, cache);
                if (threads == 2) {
                    twoThreads = comparison;
                    trainingRuns = cache.stats().trainingRuns;
                }
                torch::NoGradGuard noGrad;
                outputs.push_back(
                    runStack(torch::ones({shape.batch, shape.steps, shape.inputs}), stack, &cache)
                        .back()
                        .output);
            });
            training.join();
        }
        QCOMPARE(parts[std::make_pair(1, std::int64_t(37))], std::string("0+37 "));
        QCOMPARE(parts[std::make_pair(2, std::int64_t(37))], std::string("0+19 19+18 "));
        QCOMPARE(parts[std::make_pair(2, std::int64_t(16))], std::string("0+8 8+8 "));
        QCOMPARE(parts[std::make_pair(2, std::int64_t(15))], std::string("0+15 "));
        QCOMPARE(parts[std::make_pair(2, std::int64_t(7))], std::string("0+7 "));
        QVERIFY2(twoThreads.worst <= kLstmTolerance,
                 (twoThreads.where + " differs by " + std::to_string(twoThreads.worst)).c_str());
        // Two parts in each of the two layers.
        QCOMPARE(trainingRuns, std::size_t(4));
        QCOMPARE(outputs.size(), std::size_t(2));
        QVERIFY(relativeDifference(outputs[1], outputs[0]) <= 1e-6);
    }

    // Without gradients (validation, evaluate) the forward_inference primitive runs, and gives
    // LibTorch's results.
    void inferenceWithoutGradients()
    {
        torch::manual_seed(9);
        const auto stack = makeStack(11, 17, 2);
        es::OneDnnLstmCache cache;
        torch::NoGradGuard noGrad;
        for (std::int64_t batch : {6, 6, 2}) {
            const auto x = torch::randn({batch, 13, 11});
            const auto reference = runStack(x, stack, nullptr);
            const auto fused = runStack(x, stack, &cache);
            for (std::size_t i = 0; i < stack.size(); ++i) {
                QVERIFY(relativeDifference(fused[i].output, reference[i].output) <= kLstmTolerance);
                QVERIFY(relativeDifference(fused[i].hn, reference[i].hn) <= kLstmTolerance);
                QVERIFY(relativeDifference(fused[i].cn, reference[i].cn) <= kLstmTolerance);
                QVERIFY(!fused[i].output.requires_grad());
            }
        }
        QCOMPARE(cache.stats().inference, std::size_t(4));  // 2 layer shapes x 2 batch sizes
        QCOMPARE(cache.stats().trainingRuns, std::size_t(0));
    }

    void refusesWhatItCannotRun()
    {
        torch::manual_seed(2);
        const auto stack = makeStack(3, 4, 1);
        const LayerParameters& layer = stack.front();
        es::OneDnnLstmCache cache;
        const auto call = [&](const torch::Tensor& x) {
            es::oneDnnLstm(x, layer.weightIh, layer.weightHh, layer.biasIh, layer.biasHh, cache);
        };
        QVERIFY_THROWS_EXCEPTION(c10::Error, call(torch::randn({2, 5, 3}, torch::kDouble)));
        QVERIFY_THROWS_EXCEPTION(c10::Error, call(torch::randn({2, 5, 4})));  // 4 inputs, not 3
        QVERIFY_THROWS_EXCEPTION(c10::Error, call(torch::randn({5, 3})));
        QVERIFY_THROWS_EXCEPTION(c10::Error, call(torch::randn({0, 5, 3})));
    }

    // The same model on both backends: the same parameters under the same names (checkpoints
    // are interchangeable), the same predictions and gradients, with Keras' input dropout and
    // L2 around the LSTMs.
    void modelBackendsAgree_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("quick-demo") << "quick-demo";
        QTest::newRow("keras-lstm-regression") << "keras-lstm-regression";
        QTest::newRow("imdb-lstm-sentiment") << "imdb-lstm-sentiment";
    }

    void modelBackendsAgree()
    {
        QFETCH(QString, preset);
        es::RunConfig config = es::loadPreset(preset.toStdString());
        for (es::LayerConfig& layer : config.model.layers)
            if (layer.type == es::LayerType::Lstm)
                layer.dropout = 0.25;  // Keras' input dropout, applied before either backend
        const auto& source = config.data.source;
        const bool tokens = source.type == es::DataSourceType::SyntheticTokens;
        const std::int64_t features = tokens ? 1 : source.features;
        constexpr std::int64_t kBatch = 5;
        constexpr std::int64_t kSteps = 20;  // shorter than the presets': the shapes matter
        torch::manual_seed(17);
        const auto x = tokens ? torch::randint(0, source.vocabSize, {kBatch, kSteps}, torch::kInt64)
                              : torch::randn({kBatch, kSteps, features});

        torch::manual_seed(config.seed);
        es::SequentialModel libtorch(config.model, features, es::Backend::LibTorch);
        torch::manual_seed(config.seed);
        es::SequentialModel onednn(config.model, features, es::Backend::OneDnn);
        auto libtorchParameters = libtorch->named_parameters();
        auto onednnParameters = onednn->named_parameters();
        QVERIFY(onednnParameters.keys() == libtorchParameters.keys());
        for (const auto& item : libtorchParameters)
            QVERIFY2(torch::equal(onednnParameters[item.key()], item.value()), item.key().c_str());

        const auto lossOf = [&](es::SequentialModel& model) {
            torch::manual_seed(23);  // the same dropout masks
            const auto output = model->forward(x);
            (output.pow(2).mean() + model->regularizationLoss()).backward();
            return output.detach();
        };
        const auto referenceOutput = lossOf(libtorch);
        const auto fusedOutput = lossOf(onednn);
        QVERIFY(relativeDifference(fusedOutput, referenceOutput) <= kLstmTolerance);
        for (const auto& item : libtorchParameters) {
            const double difference =
                relativeDifference(onednnParameters[item.key()].grad(), item.value().grad());
            QVERIFY2(difference <= kLstmTolerance,
                     (item.key() + " differs by " + std::to_string(difference)).c_str());
        }
        QCOMPARE(libtorch->oneDnnStats().trainingRuns, std::size_t(0));
        QVERIFY(onednn->oneDnnStats().trainingRuns > 0);
    }

    // setFlushDenormal() changes the calling thread only; the engine thread's OpenMP workers
    // must be set too, and they keep the setting for the later parallel regions.
    void denormalsReachIntraOpThreads()
    {
        es::AppliedDenormals on;
        es::AppliedDenormals off;
        int threads = 0;
        int flushingAfterOn = 0;
        int flushingAfterOff = 0;
        std::thread training([&] {
            at::set_num_threads(2);
            threads = at::get_num_threads();
            const auto countFlushing = [] {
                std::atomic<int> count{0};
                at::parallel_for(0, at::get_num_threads(), 1, [&](std::int64_t b, std::int64_t e) {
                    for (std::int64_t i = b; i < e; ++i)
                        count += es::flushingDenormals() ? 1 : 0;
                });
                return count.load();
            };
            on = es::applyFlushDenormals(true);
            flushingAfterOn = countFlushing();
            off = es::applyFlushDenormals(false);
            flushingAfterOff = countFlushing();
        });
        training.join();
        if (!on.supported)
            QSKIP("this CPU cannot flush denormals (no DAZ)");
        QVERIFY(on.flushing);
        QCOMPARE(on.threads, threads);
        QCOMPARE(on.threadsAsAsked, threads);
        QCOMPARE(flushingAfterOn, threads);
        QVERIFY(!off.flushing);
        QCOMPARE(off.threadsAsAsked, threads);
        QCOMPARE(flushingAfterOff, 0);
        // The test's own thread was never touched.
        QVERIFY(!es::flushingDenormals());
    }

    // The run records the backend and the denormal setting it used, and why.
    void runRecordsBackendAndDenormals_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("flush");
        QTest::addColumn<QString>("used");
        QTest::addColumn<bool>("flushed");
        QTest::addColumn<QString>("reason");
        QTest::newRow("auto") << "auto"
                              << "auto"
                              << "onednn" << true << "auto: fused oneDNN LSTM on the CPU";
        QTest::newRow("libtorch") << "libtorch"
                                  << "auto"
                                  << "libtorch" << false << "set to libtorch in the config";
        QTest::newRow("libtorch, flushing on")
            << "libtorch"
            << "on"
            << "libtorch" << true << "set to libtorch in the config";
        QTest::newRow("onednn, flushing off") << "onednn"
                                              << "off"
                                              << "onednn" << false << "set to onednn in the config";
    }

    void runRecordsBackendAndDenormals()
    {
        QFETCH(QString, backend);
        QFETCH(QString, flush);
        QFETCH(QString, used);
        QFETCH(bool, flushed);
        QFETCH(QString, reason);
        auto document = es::test::smallRegressionJson();
        document["backend"] = backend.toStdString();
        document["device"]["flush_denormals"] = flush.toStdString();
        document["training"]["epochs"] = 1;
        document["training"]["steps_per_epoch"] = 2;
        const es::RunResult result = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(result.state, es::RunState::Finished);
        QCOMPARE(QString::fromStdString(result.info.backend), used);
        QCOMPARE(QString::fromStdString(result.info.backendReason), reason);
        QCOMPARE(result.info.flushDenormals, flushed);
        QVERIFY2(result.info.flushDenormalsReason.rfind(flush.toStdString() + ":", 0) == 0,
                 result.info.flushDenormalsReason.c_str());
    }

    // Each preset, three epochs on each backend from the same seed, ends within 1% of the
    // same loss. Shrunk to a few steps per epoch (the model, batch and sequence length as they
    // are), so the whole comparison takes about a minute here.
    void presetsTrainAlike_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<qint64>("steps");
        QTest::newRow("quick-demo") << "quick-demo" << qint64(10);
        QTest::newRow("keras-lstm-regression") << "keras-lstm-regression" << qint64(8);
        QTest::newRow("imdb-lstm-sentiment") << "imdb-lstm-sentiment" << qint64(2);
    }

    void presetsTrainAlike()
    {
        QFETCH(QString, preset);
        QFETCH(qint64, steps);
        es::RunConfig config = shrunkPreset(preset.toStdString(), steps);
        std::map<es::Backend, es::RunResult> results;
        for (es::Backend backend : {es::Backend::LibTorch, es::Backend::OneDnn}) {
            config.backend = backend;
            const auto start = std::chrono::steady_clock::now();
            results[backend] = es::test::runToEnd(config);
            const es::RunResult& result = results[backend];
            QVERIFY2(result.state == es::RunState::Finished, result.error.c_str());
            QCOMPARE(result.epochs.size(), std::size_t(3));
            QCOMPARE(result.info.backend, std::string(es::backendKey(backend)));
            qInfo("%s on %s: loss %.6f -> %.6f, val_loss %.6f, %.1f s", qPrintable(preset),
                  result.info.backend.c_str(), result.epochs.front().trainLoss, lastLoss(result),
                  result.epochs.back().valLoss.value_or(std::nan("")),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        const es::RunResult& reference = results[es::Backend::LibTorch];
        const es::RunResult& fused = results[es::Backend::OneDnn];
        const double loss = lastLoss(reference);
        QVERIFY(std::abs(lastLoss(fused) - loss) <= 0.01 * std::abs(loss));
        const double valLoss = *reference.epochs.back().valLoss;
        QVERIFY(std::abs(*fused.epochs.back().valLoss - valLoss) <= 0.01 * std::abs(valLoss));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestOneDnnLstm)
#include "tst_onednnlstm.moc"
