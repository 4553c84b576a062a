// summarizeModel: shapes, parameter counts and FLOPs, checked against arithmetic written out
// by hand from docs/config.md#flops.

#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/model/modelsummary.h"
#include "tests/support/layerbuilders.h"

#include <QTest>

#include <cstdint>
#include <vector>

using Shape = std::vector<std::int64_t>;

Q_DECLARE_METATYPE(std::vector<es::LayerConfig>)

namespace {

using es::test::dense;
using es::test::dropout;
using es::test::lstm;

struct ExpectedLayer {
    std::string name;
    Shape outputShape;
    std::int64_t params;
    double forwardFlops;
};

es::RunConfig regressionConfig(std::int64_t timesteps, std::int64_t features,
                               std::vector<es::LayerConfig> layers)
{
    es::RunConfig config;
    config.data.source.type = es::DataSourceType::SyntheticRegression;
    config.data.source.samples = 100;
    config.data.source.timesteps = timesteps;
    config.data.source.features = features;
    config.model.layers = std::move(layers);
    return config;
}

void compareLayers(const es::ModelSummary& summary, const std::vector<ExpectedLayer>& expected)
{
    QCOMPARE(summary.layers.size(), expected.size());
    std::int64_t params = 0;
    double flops = 0.0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const es::LayerSummary& layer = summary.layers[i];
        QCOMPARE(layer.name, expected[i].name);
        QCOMPARE(layer.outputShape, expected[i].outputShape);
        QCOMPARE(layer.params, expected[i].params);
        QCOMPARE(layer.forwardFlopsPerSample, expected[i].forwardFlops);
        params += expected[i].params;
        flops += expected[i].forwardFlops;
    }
    QCOMPARE(summary.totalParams, params);
    QCOMPARE(summary.forwardFlopsPerSample, flops);
    QCOMPARE(summary.trainingFlopsPerSample, 3.0 * flops);
}

}  // namespace

class TestModelSummary : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void quickDemo();
    void kerasLstmRegression();
    void imdbLstmSentiment();
    void denseAppliesPerTimeStep();
    void recurrentLayersOfKeras();
    void layerNamesCountPerType();
    void trainingFlopsPerBatch_data();
    void trainingFlopsPerBatch();
    void impossibleShapesThrow_data();
    void impossibleShapesThrow();
};

void TestModelSummary::quickDemo()
{
    // LSTM(64) on (64 steps, 8 features) > Dense(1).
    const es::ModelSummary summary = es::summarizeModel(es::loadPreset("quick-demo"));
    QCOMPARE(summary.inputShape, (Shape{64, 8}));
    compareLayers(summary, {
                               {"lstm_1",
                                {64},
                                4 * 64 * (8 + 64) + 8 * 64,     // 18944
                                2.0 * 64 * 4 * 64 * (8 + 64)},  // 2359296
                               {"dense_1", {1}, 64 * 1 + 1, 2.0 * 64 * 1},
                           });
    QCOMPARE(summary.totalParams, std::int64_t(19009));
}

void TestModelSummary::kerasLstmRegression()
{
    // LSTM(80, return_sequences) > LSTM(80) > Dense(1) on (64 steps, 8 features).
    const es::ModelSummary summary = es::summarizeModel(es::loadPreset("keras-lstm-regression"));
    QCOMPARE(summary.inputShape, (Shape{64, 8}));
    compareLayers(summary, {
                               {"lstm_1",
                                {64, 80},
                                4 * 80 * (8 + 80) + 8 * 80,     // 28800
                                2.0 * 64 * 4 * 80 * (8 + 80)},  // 3604480
                               {"lstm_2",
                                {80},
                                4 * 80 * (80 + 80) + 8 * 80,     // 51840
                                2.0 * 64 * 4 * 80 * (80 + 80)},  // 6553600
                               {"dense_1", {1}, 80 * 1 + 1, 2.0 * 80 * 1},
                           });
    QCOMPARE(summary.totalParams, std::int64_t(80721));
    // Keras' summary says 80081 for this model: one bias vector per LSTM, 4 * 80 fewer each.
    QCOMPARE(summary.totalParams - 2 * 4 * 80, std::int64_t(80081));
    QCOMPARE(summary.forwardFlopsPerSample, 10158240.0);
}

void TestModelSummary::imdbLstmSentiment()
{
    // Embedding(20000, 128) > LSTM(128) > Dense(1, sigmoid) on 500 token ids.
    const es::ModelSummary summary = es::summarizeModel(es::loadPreset("imdb-lstm-sentiment"));
    QCOMPARE(summary.inputShape, (Shape{500}));
    compareLayers(summary, {
                               {"embedding_1", {500, 128}, 20000 * 128, 0.0},
                               {"lstm_1",
                                {128},
                                4 * 128 * (128 + 128) + 8 * 128,     // 132096
                                2.0 * 500 * 4 * 128 * (128 + 128)},  // 131072000
                               {"dense_1", {1}, 128 * 1 + 1, 2.0 * 128 * 1},
                           });
    QCOMPARE(summary.totalParams, std::int64_t(2692225));
}

void TestModelSummary::recurrentLayersOfKeras()
{
    // Bidirectional(GRU(16), concat, return_sequences) > Bidirectional(LSTM(8), sum) >
    // LSTM-free Dense(1, no bias) on (12 steps, 5 features). The counts are PyTorch's:
    // nn.GRU(5, 16, bidirectional=True) has 2 x (3*16*(5+16) + 2*3*16) = 2208 parameters.
    es::LayerConfig gru;
    gru.type = es::LayerType::Bidirectional;
    gru.wrapped = es::LayerType::Gru;
    gru.units = 16;
    gru.returnSequences = true;
    es::LayerConfig lstmSum;
    lstmSum.type = es::LayerType::Bidirectional;
    lstmSum.wrapped = es::LayerType::Lstm;
    lstmSum.units = 8;
    lstmSum.mergeMode = es::MergeMode::Sum;
    es::LayerConfig head = dense(1);
    head.useBias = false;
    const es::ModelSummary summary =
        es::summarizeModel(regressionConfig(12, 5, {gru, lstmSum, head}));
    compareLayers(summary, {
                               {"bidirectional_1",
                                {12, 32},
                                2 * (3 * 16 * (5 + 16) + 6 * 16),  // 2208
                                2.0 * 2 * 12 * 3 * 16 * (5 + 16)},
                               {"bidirectional_2",
                                {8},
                                2 * (4 * 8 * (32 + 8) + 8 * 8),  // 2688
                                2.0 * 2 * 12 * 4 * 8 * (32 + 8)},
                               {"dense_1", {1}, 8 * 1, 2.0 * 8 * 1},
                           });
    // A plain GRU without biases: 3H(I+H) only.
    es::LayerConfig plainGru;
    plainGru.type = es::LayerType::Gru;
    plainGru.units = 4;
    plainGru.useBias = false;
    const es::ModelSummary plain = es::summarizeModel(regressionConfig(3, 2, {plainGru, dense(1)}));
    QCOMPARE(plain.layers.front().params, std::int64_t(3 * 4 * (2 + 4)));
    QCOMPARE(plain.layers.front().name, std::string("gru_1"));
}

void TestModelSummary::denseAppliesPerTimeStep()
{
    // Dense(6) on (10 steps, 3 features) > Dropout > LSTM(4) > Dense(1).
    const es::ModelSummary summary = es::summarizeModel(
        regressionConfig(10, 3, {dense(6), dropout(0.5), lstm(4, false), dense(1)}));
    compareLayers(summary, {
                               {"dense_1", {10, 6}, 3 * 6 + 6, 2.0 * 10 * 3 * 6},
                               {"dropout_1", {10, 6}, 0, 0.0},
                               {"lstm_1", {4}, 4 * 4 * (6 + 4) + 8 * 4, 2.0 * 10 * 4 * 4 * (6 + 4)},
                               {"dense_2", {1}, 4 * 1 + 1, 2.0 * 4 * 1},
                           });
}

void TestModelSummary::layerNamesCountPerType()
{
    const es::ModelSummary summary = es::summarizeModel(regressionConfig(
        5, 2,
        {lstm(3, true), dropout(0.1), lstm(3, true), dropout(0.1), lstm(3, false), dense(1)}));
    std::vector<std::string> names;
    for (const es::LayerSummary& layer : summary.layers)
        names.push_back(layer.name);
    QCOMPARE(names, (std::vector<std::string>{"lstm_1", "dropout_1", "lstm_2", "dropout_2",
                                              "lstm_3", "dense_1"}));
    QCOMPARE(summary.layers[2].outputShape, (Shape{5, 3}));
    QCOMPARE(summary.layers[4].outputShape, (Shape{3}));
}

void TestModelSummary::trainingFlopsPerBatch_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<double>("trainingFlopsPerSample");

    // 3 x forward, from the per-layer sums above.
    QTest::newRow("quick-demo") << "quick-demo" << 3.0 * (2359296 + 128);
    QTest::newRow("keras-lstm-regression")
        << "keras-lstm-regression" << 3.0 * (3604480 + 6553600 + 160);
    QTest::newRow("imdb-lstm-sentiment") << "imdb-lstm-sentiment" << 3.0 * (131072000 + 256);
}

void TestModelSummary::trainingFlopsPerBatch()
{
    QFETCH(QString, preset);
    QFETCH(double, trainingFlopsPerSample);
    const es::RunConfig config = es::loadPreset(preset.toStdString());
    const es::ModelSummary summary = es::summarizeModel(config);
    QCOMPARE(summary.trainingFlopsPerSample, trainingFlopsPerSample);
    QCOMPARE(summary.trainingFlopsPerBatch(config.data.batchSize),
             trainingFlopsPerSample * double(config.data.batchSize));
}

void TestModelSummary::impossibleShapesThrow_data()
{
    QTest::addColumn<std::vector<es::LayerConfig>>("layers");
    QTest::addColumn<QString>("path");

    es::LayerConfig embedding;
    embedding.type = es::LayerType::Embedding;
    embedding.inputDim = 10;
    embedding.outputDim = 4;
    QTest::newRow("lstm after a vector")
        << std::vector<es::LayerConfig>{lstm(3, false), lstm(3, false), dense(1)}
        << "model.layers[1].type";
    QTest::newRow("embedding on features")
        << std::vector<es::LayerConfig>{embedding, lstm(3, false), dense(1)}
        << "model.layers[0].type";
}

void TestModelSummary::impossibleShapesThrow()
{
    QFETCH(std::vector<es::LayerConfig>, layers);
    QFETCH(QString, path);
    try {
        es::summarizeModel(regressionConfig(5, 2, layers));
        QFAIL("no ConfigError");
    } catch (const es::ConfigError& error) {
        QCOMPARE(QString::fromStdString(error.issues().at(0).path), path);
    }
}

QTEST_APPLESS_MAIN(TestModelSummary)

#include "tst_modelsummary.moc"
