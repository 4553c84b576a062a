#include "engine/config/presets.h"
#include "engine/model/modelsummary.h"
#include "engine/model/sequentialmodel_torch.h"
#include "tests/support/layerbuilders.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <torch/torch.h>

namespace {

using es::test::dense;
using es::test::dropout;
using es::test::lstm;

torch::Tensor sampleInput(const es::RunConfig& config, std::int64_t batch)
{
    const auto& source = config.data.source;
    if (source.type == es::DataSourceType::SyntheticTokens)
        return torch::randint(0, source.vocabSize, {batch, source.timesteps}, torch::kInt64);
    return torch::randn({batch, source.timesteps, source.features});
}

std::int64_t inputFeatures(const es::RunConfig& config)
{
    return config.data.source.type == es::DataSourceType::SyntheticRegression
               ? config.data.source.features
               : 1;
}

es::RunConfig withLayers(const nlohmann::json& layers)
{
    auto json = es::test::smallRegressionJson();
    json["model"]["layers"] = layers;
    return es::parseRunConfig(json);
}

}  // namespace

class TestModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void presetShapes_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("quick-demo") << "quick-demo";
        QTest::newRow("keras-lstm-regression") << "keras-lstm-regression";
        QTest::newRow("imdb-lstm-sentiment") << "imdb-lstm-sentiment";
    }

    // Every layer's output, and the parameter count, agree with the config-only summary
    // that the CLI and reports show.
    void presetShapes()
    {
        QFETCH(QString, preset);
        const es::RunConfig config = es::loadPreset(preset.toStdString());
        const es::ModelSummary summary = es::summarizeModel(config);
        es::SequentialModel model(config.model, inputFeatures(config));
        constexpr std::int64_t kBatch = 3;
        const auto output = model->forward(sampleInput(config, kBatch));

        std::vector<std::int64_t> expected{kBatch};
        const auto& last = summary.layers.back().outputShape;
        expected.insert(expected.end(), last.begin(), last.end());
        QCOMPARE(output.sizes().vec(), expected);

        std::int64_t params = 0;
        for (const auto& parameter : model->parameters())
            params += parameter.numel();
        QCOMPARE(params, summary.totalParams);
    }

    // Combinations the presets do not use but a layer editor can build (a sequence output
    // is a valid model, though not for the one-target synthetic data, so these are built
    // without the config's cross-checks).
    void layerCombinations()
    {
        struct Case {
            const char* name;
            std::vector<es::LayerConfig> layers;
            std::vector<std::int64_t> shape;  // for a batch of 2, T = 12, F = 4
        };
        const std::vector<Case> cases = {
            {"lstm last step -> dense", {lstm(8), dense(1)}, {2, 1}},
            {"lstm sequences -> dense per step", {lstm(8, true), dense(3)}, {2, 12, 3}},
            {"stacked lstm with dropout between",
             {lstm(8, true), dropout(0.3), lstm(6, false, 0.2), dense(1)},
             {2, 1}},
            {"dense hidden layer with relu",
             {lstm(8), dense(5, es::Activation::Relu), dense(1, es::Activation::Tanh)},
             {2, 1}},
            {"softmax head", {lstm(8), dense(4, es::Activation::Softmax)}, {2, 4}},
        };
        for (const Case& c : cases) {
            es::ModelConfig config;
            config.layers = c.layers;
            es::SequentialModel model(config, 4);
            for (bool training : {true, false}) {
                model->train(training);
                const auto output = model->forward(torch::randn({2, 12, 4}));
                QVERIFY2(output.sizes().vec() == c.shape, c.name);
            }
        }
    }

    void kerasInitialisation()
    {
        const auto config = withLayers(
            nlohmann::json::parse(R"([{"type":"lstm","units":8},{"type":"dense","units":1}])"));
        es::SequentialModel model(config.model, 4);
        auto params = model->named_parameters();
        const auto biasIh = params["lstm_1.bias_ih_l0"];
        // unit_forget_bias: the forget gate (second quarter) starts at 1, the rest at 0.
        QCOMPARE(biasIh.narrow(0, 8, 8).min().item<float>(), 1.0f);
        QCOMPARE(biasIh.narrow(0, 0, 8).abs().max().item<float>(), 0.0f);
        QCOMPARE(params["lstm_1.bias_hh_l0"].abs().max().item<float>(), 0.0f);
        // Orthogonal recurrent kernel: W^T W = I for the (4H, H) matrix.
        const auto recurrent = params["lstm_1.weight_hh_l0"];
        QVERIFY(torch::allclose(recurrent.t().matmul(recurrent), torch::eye(8), 1e-4, 1e-5));
        // Glorot-uniform kernel: |w| <= sqrt(6 / (fan_in + fan_out)).
        const double limit = std::sqrt(6.0 / (4 + 32));
        QVERIFY(params["lstm_1.weight_ih_l0"].abs().max().item<double>() <= limit);
    }

    void l2PenaltyMatchesDefinition()
    {
        const auto config = withLayers(nlohmann::json::parse(
            R"([{"type":"lstm","units":8,"kernel_l2":0.01,"recurrent_l2":0.002},
                {"type":"dense","units":1}])"));
        es::SequentialModel model(config.model, 4);
        auto params = model->named_parameters();
        const double expected = 0.01 * params["lstm_1.weight_ih_l0"].pow(2).sum().item<double>() +
                                0.002 * params["lstm_1.weight_hh_l0"].pow(2).sum().item<double>();
        QVERIFY(std::abs(model->regularizationLoss().item<double>() - expected) < 1e-6);
    }
};

EPOCHSCOPE_TEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
