// The fused oneDNN GRU (model/onednngru_torch.h) against torch::nn::GRU: outputs, h_n and
// every gradient on random shapes, with the loss reading the output sequence, h_n or both;
// inference without gradients; the primitive cache; and the inputs it refuses.

#include "engine/model/backendchoice.h"
#include "engine/model/onednngru_torch.h"
#include "engine/model/onednnrnn_torch.h"
#include "tests/support/cellparameters_torch.h"
#include "tests/support/shapeseed.h"
#include "tests/support/tensorcompare_torch.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <random>
#include <sstream>
#include <thread>

namespace {

/// The bound for float32: the two implementations sum in different orders.
constexpr double kGruTolerance = 1e-4;

using es::test::Comparison;
using es::test::relativeDifference;

/// One GRU layer's parameters, as torch::nn::GRU holds them.
using Layer = es::test::CellParameters<torch::nn::GRU>;

Layer makeLayer(std::int64_t inputs, std::int64_t units)
{
    Layer layer(torch::nn::GRU(torch::nn::GRUOptions(inputs, units).batch_first(true)));
    torch::NoGradGuard noGrad;
    // LibTorch's default init gives biases of the weights' small scale; larger ones push some
    // gates towards saturation, and b_hn (scaled by the reset gate) must be told apart from
    // b_in: both biases get their own random values.
    layer.biasIh.uniform_(-1.0, 1.0);
    layer.biasHh.uniform_(-1.0, 1.0);
    return layer;
}

es::GruResult reference(const Layer& layer, const torch::Tensor& x)
{
    torch::nn::GRU module = layer.module;  // forward() is not const
    auto [output, hn] = module->forward(x);
    return {output, hn.squeeze(0)};
}

es::GruResult fused(const Layer& layer, const torch::Tensor& x, es::OneDnnGruCache& cache)
{
    return es::oneDnnGru(x, layer.weightIh, layer.weightHh, layer.biasIh, layer.biasHh, cache);
}

/// Which results the loss reads, so which upstream gradients reach the backward.
enum class Upstream { Output, Hn, Both };

struct GruShape {
    std::int64_t batch = 1;
    std::int64_t partialBatch = 1;  ///< a last, smaller batch through the same cache
    std::int64_t steps = 1;
    std::int64_t inputs = 1;
    std::int64_t units = 1;

    std::string text() const
    {
        std::ostringstream out;
        out << "B" << batch << "/" << partialBatch << " T" << steps << " I" << inputs << " H"
            << units;
        return out.str();
    }
};

/// The bounds first (batch 1, one step, one input, one unit, the largest of each), then
/// random shapes within them: B 1..9, T 1..12, I and H 1..40.
std::vector<GruShape> randomShapes(std::uint32_t seed)
{
    std::mt19937 generator(seed);
    const auto uniform = [&](std::int64_t low, std::int64_t high) {
        return std::uniform_int_distribution<std::int64_t>(low, high)(generator);
    };
    std::vector<GruShape> shapes;
    shapes.push_back({1, 1, 1, 1, 1});
    shapes.push_back({1, 1, 12, 40, 40});
    shapes.push_back({9, 1, 7, 3, 1});
    shapes.push_back({9, 4, 12, 1, 33});
    for (int i = 0; i < 12; ++i) {
        GruShape shape;
        shape.batch = uniform(1, 9);
        shape.partialBatch = uniform(1, shape.batch);
        shape.steps = uniform(1, 12);
        shape.inputs = uniform(1, 40);
        shape.units = uniform(1, 40);
        shapes.push_back(shape);
    }
    return shapes;
}

/// One batch through both with the same parameters and the same random linear loss (its
/// gradient with respect to each result it reads is that random tensor); compares both
/// results, d x and every parameter gradient.
Comparison compareBatch(const Layer& layer, const GruShape& shape, std::int64_t batch,
                        Upstream upstream, es::OneDnnGruCache& cache)
{
    const auto x = torch::randn({batch, shape.steps, shape.inputs}).requires_grad_(true);
    const es::GruResult expected = reference(layer, x);
    const es::GruResult actual = fused(layer, x, cache);
    const auto outputWeights = torch::randn_like(expected.output);
    const auto hnWeights = torch::randn_like(expected.hn);
    const auto lossOf = [&](const es::GruResult& result) {
        switch (upstream) {
            case Upstream::Output: return (result.output * outputWeights).sum();
            case Upstream::Hn: return (result.hn * hnWeights).sum();
            case Upstream::Both: break;
        }
        return (result.output * outputWeights).sum() + (result.hn * hnWeights).sum();
    };
    std::vector<torch::Tensor> inputs = {x};
    for (const torch::Tensor& parameter : layer.all())
        inputs.push_back(parameter);
    const auto expectedGradients = torch::autograd::grad({lossOf(expected)}, inputs);
    const auto actualGradients = torch::autograd::grad({lossOf(actual)}, inputs);

    Comparison comparison;
    comparison.add("output", actual.output, expected.output);
    comparison.add("h_n", actual.hn, expected.hn);
    static const char* const kNames[] = {"d x", "d weight_ih", "d weight_hh", "d bias_ih",
                                         "d bias_hh"};
    for (std::size_t i = 0; i < inputs.size(); ++i)
        comparison.add(kNames[i], actualGradients[i], expectedGradients[i]);
    return comparison;
}

}  // namespace

Q_DECLARE_METATYPE(Upstream)

class TestOneDnnGru : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!es::oneDnnBuilt())
            QSKIP("this build has no oneDNN (EPOCHSCOPE_WITH_ONEDNN=OFF)");
    }

    // Outputs, h_n, d x and every parameter gradient agree with torch::nn::GRU on the seeds'
    // shapes, for a full batch, a last partial batch and the full one again through the same
    // cache, whichever results the loss reads; each batch size builds its primitives once.
    void matchesLibTorchOnRandomShapes_data()
    {
        QTest::addColumn<uint>("seed");
        QTest::addColumn<Upstream>("upstream");
        const std::vector<std::pair<const char*, Upstream>> upstreams = {
            {"output", Upstream::Output}, {"h_n", Upstream::Hn}, {"both", Upstream::Both}};
        // Fixed seeds, so that a failure can be repeated; EPOCHSCOPE_SHAPE_SEED replaces the
        // first of them.
        for (std::uint32_t seed : {es::test::shapeSeed(20240807u), 7u, 4242u}) {
            for (const auto& [name, upstream] : upstreams)
                QTest::addRow("seed %u, gradients from %s", seed, name) << uint(seed) << upstream;
        }
    }

    void matchesLibTorchOnRandomShapes()
    {
        QFETCH(uint, seed);
        QFETCH(Upstream, upstream);
        const std::vector<GruShape> shapes = randomShapes(seed);
        double worst = 0.0;
        std::string worstWhere;
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            const GruShape& shape = shapes[i];
            torch::manual_seed(seed + i);
            const Layer layer = makeLayer(shape.inputs, shape.units);
            es::OneDnnGruCache cache;
            for (std::int64_t batch : {shape.batch, shape.partialBatch, shape.batch}) {
                const Comparison comparison = compareBatch(layer, shape, batch, upstream, cache);
                const std::string message = shape.text() + ", batch " + std::to_string(batch) +
                                            ": " + comparison.where + " differs by " +
                                            std::to_string(comparison.worst);
                QVERIFY2(comparison.worst <= kGruTolerance, message.c_str());
                if (comparison.worst >= worst) {
                    worst = comparison.worst;
                    worstWhere = shape.text() + " " + comparison.where;
                }
            }
            const std::size_t batchSizes = shape.partialBatch == shape.batch ? 1 : 2;
            QCOMPARE(cache.stats().training, batchSizes);
            QCOMPARE(cache.stats().inference, std::size_t(0));
        }
        qInfo("%zu shapes, largest relative difference %.2e (%s)", shapes.size(), worst,
              worstWhere.c_str());
    }

    // A batch-first view that is not contiguous (a time-major tensor transposed) gives the
    // same results and gradients as its contiguous copy.
    void takesNonContiguousInput()
    {
        torch::manual_seed(21);
        const Layer layer = makeLayer(6, 9);
        es::OneDnnGruCache cache;
        const auto timeMajor = torch::randn({8, 5, 6}).requires_grad_(true);
        const auto x = timeMajor.transpose(0, 1);
        QVERIFY(!x.is_contiguous());
        const es::GruResult expected = reference(layer, x);
        const es::GruResult actual = fused(layer, x, cache);
        QVERIFY(relativeDifference(actual.output, expected.output) <= kGruTolerance);
        const auto expectedGradient =
            torch::autograd::grad({expected.output.pow(2).sum()}, {timeMajor})[0];
        const auto actualGradient =
            torch::autograd::grad({actual.output.pow(2).sum()}, {timeMajor})[0];
        QVERIFY(relativeDifference(actualGradient, expectedGradient) <= kGruTolerance);
    }

    // A second call with the same shape takes the cached primitives; a new batch size builds
    // its own once; inference and training are separate sets.
    void cachesPrimitivesPerShape()
    {
        torch::manual_seed(3);
        const Layer layer = makeLayer(6, 10);
        es::OneDnnGruCache cache;
        const auto train = [&](std::int64_t batch) {
            const auto x = torch::randn({batch, 7, 6}, torch::requires_grad());
            fused(layer, x, cache).output.sum().backward();
        };
        train(8);
        QCOMPARE(cache.stats().training, std::size_t(1));
        train(8);
        train(8);
        QCOMPARE(cache.stats().training, std::size_t(1));
        train(3);  // the last, partial batch of an epoch
        QCOMPARE(cache.stats().training, std::size_t(2));
        train(8);
        train(3);
        QCOMPARE(cache.stats().training, std::size_t(2));
        QCOMPARE(cache.stats().inference, std::size_t(0));
        {
            torch::NoGradGuard noGrad;
            fused(layer, torch::randn({8, 7, 6}), cache);
            fused(layer, torch::randn({8, 7, 6}), cache);
        }
        QCOMPARE(cache.stats().inference, std::size_t(1));
        QCOMPARE(cache.stats().training, std::size_t(2));
        QVERIFY(cache.stats().buildSeconds > 0.0);
    }

    // oneDNN 2.6 adds into its diff weights and biases: the second backward must give the
    // same gradients as the first, not twice them, also through .grad as the trainer uses it.
    void gradientsDoNotAccumulate()
    {
        torch::manual_seed(5);
        const Layer layer = makeLayer(5, 12);
        es::OneDnnGruCache cache;
        const auto x = torch::randn({4, 9, 5});
        const auto lossOf = [&] {
            const es::GruResult result = fused(layer, x, cache);
            return result.output.pow(2).sum() + result.hn.sum();
        };
        const auto first = torch::autograd::grad({lossOf()}, layer.all());
        const auto second = torch::autograd::grad({lossOf()}, layer.all());
        for (std::size_t i = 0; i < first.size(); ++i)
            QVERIFY2(torch::equal(first[i], second[i]), std::to_string(i).c_str());

        lossOf().backward();
        std::vector<torch::Tensor> once;
        for (const torch::Tensor& parameter : layer.all()) {
            once.push_back(parameter.grad().clone());
            parameter.mutable_grad().zero_();
        }
        lossOf().backward();
        for (std::size_t i = 0; i < once.size(); ++i) {
            QVERIFY2(torch::equal(layer.all()[i].grad(), once[i]), std::to_string(i).c_str());
            QVERIFY(torch::equal(once[i], first[i]));
        }
        // The two biases' gradients share their r and z parts but are tensors of their own.
        QVERIFY(layer.biasIh.grad().data_ptr() != layer.biasHh.grad().data_ptr());
    }

    // Without gradients (validation, evaluate) the forward_inference primitive runs and gives
    // torch::nn::GRU's results.
    // With two intra-op threads a batch of 37 runs as parts of 19 and 18 at once, one per
    // thread (onednn::batchParts); results and every gradient still match LibTorch's GRU and
    // the one-part run of one thread.
    void batchPartsMatchOneThread()
    {
        torch::manual_seed(31);
        const GruShape shape{37, 37, 19, 13, 27};
        const Layer layer = makeLayer(shape.inputs, shape.units);
        Comparison twoThreads;
        std::size_t partsRun = 0;
        std::size_t trainingSets = 0;
        std::vector<torch::Tensor> outputs;  // [threads 1, threads 2], inference
        for (int threads : {1, 2}) {
            std::thread training([&] {
                at::set_num_threads(threads);
                es::OneDnnGruCache cache;
                torch::manual_seed(32);
                const Comparison comparison =
                    compareBatch(layer, shape, shape.batch, Upstream::Both, cache);
                if (threads == 2) {
                    twoThreads = comparison;
                    partsRun = es::onednn::batchParts(shape.batch).size();
                    trainingSets = cache.stats().training;
                }
                torch::NoGradGuard noGrad;
                outputs.push_back(
                    fused(layer, torch::ones({shape.batch, shape.steps, shape.inputs}), cache)
                        .output);
            });
            training.join();
        }
        QCOMPARE(partsRun, std::size_t(2));
        QCOMPARE(trainingSets, std::size_t(2));
        QVERIFY2(twoThreads.worst <= kGruTolerance,
                 (twoThreads.where + " differs by " + std::to_string(twoThreads.worst)).c_str());
        QCOMPARE(outputs.size(), std::size_t(2));
        QVERIFY(relativeDifference(outputs[1], outputs[0]) <= 1e-6);
    }

    void inferenceWithoutGradients_data()
    {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("steps");
        QTest::addColumn<qint64>("inputs");
        QTest::addColumn<qint64>("units");
        QTest::newRow("B1 T1 I1 H1") << qint64(1) << qint64(1) << qint64(1) << qint64(1);
        QTest::newRow("B1 T12 I40 H40") << qint64(1) << qint64(12) << qint64(40) << qint64(40);
        QTest::newRow("B6 T13 I11 H17") << qint64(6) << qint64(13) << qint64(11) << qint64(17);
        QTest::newRow("B9 T5 I40 H3") << qint64(9) << qint64(5) << qint64(40) << qint64(3);
    }

    void inferenceWithoutGradients()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, steps);
        QFETCH(qint64, inputs);
        QFETCH(qint64, units);
        torch::manual_seed(9);
        const Layer layer = makeLayer(inputs, units);
        es::OneDnnGruCache cache;
        torch::NoGradGuard noGrad;
        for (int call = 0; call < 2; ++call) {
            const auto x = torch::randn({batch, steps, inputs});
            const es::GruResult expected = reference(layer, x);
            const es::GruResult actual = fused(layer, x, cache);
            QVERIFY(relativeDifference(actual.output, expected.output) <= kGruTolerance);
            QVERIFY(relativeDifference(actual.hn, expected.hn) <= kGruTolerance);
            QVERIFY(!actual.output.requires_grad());
        }
        QCOMPARE(cache.stats().inference, std::size_t(1));
        QCOMPARE(cache.stats().training, std::size_t(0));
    }

    // Everything but float32 CPU tensors of fitting shapes is refused with an error, before
    // oneDNN sees it.
    void refusesWhatItCannotRun_data()
    {
        QTest::addColumn<QString>("what");
        for (const char* what :
             {"float64 x", "float64 weights", "x on another device", "weights on another device",
              "x on CUDA", "4 inputs, not 3", "2-D x", "empty batch", "LSTM weights"})
            QTest::newRow(what) << QString(what);
    }

    void refusesWhatItCannotRun()
    {
        QFETCH(QString, what);
        torch::manual_seed(2);
        const Layer layer = makeLayer(3, 4);
        es::OneDnnGruCache cache;
        torch::Tensor x = torch::randn({2, 5, 3});
        std::vector<torch::Tensor> parameters = layer.all();
        // Off the CPU without needing a GPU: the meta device holds shapes, no data.
        const torch::Device meta(torch::kMeta);
        if (what == "float64 x")
            x = x.to(torch::kDouble);
        else if (what == "float64 weights")
            parameters[0] = parameters[0].to(torch::kDouble);
        else if (what == "x on another device")
            x = x.to(meta);
        else if (what == "weights on another device")
            parameters[1] = parameters[1].to(meta);
        else if (what == "x on CUDA") {
            if (!torch::cuda::is_available())
                QSKIP("no CUDA device for this LibTorch (the meta device rows cover the check)");
            x = x.to(torch::kCUDA);
        } else if (what == "4 inputs, not 3")
            x = torch::randn({2, 5, 4});
        else if (what == "2-D x")
            x = torch::randn({5, 3});
        else if (what == "empty batch")
            x = torch::randn({0, 5, 3});
        else if (what == "LSTM weights")
            parameters = {torch::randn({16, 3}), torch::randn({16, 4}), torch::randn({16}),
                          torch::randn({16})};
        QVERIFY_THROWS_EXCEPTION(c10::Error, es::oneDnnGru(x, parameters[0], parameters[1],
                                                           parameters[2], parameters[3], cache));
        QCOMPARE(cache.stats().training + cache.stats().inference, std::size_t(0));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestOneDnnGru)
#include "tst_onednngru.moc"
