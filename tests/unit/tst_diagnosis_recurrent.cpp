// The unfused-recurrent rule and the per-layer records it reads: a layer that ran on the step
// loop because of an option is named with that option, its measured share of the step and a
// patch that the engine accepts and that puts the layer back on the fused kernel; a fused
// layer whose batches fell back to the step loop for their padding on the left is named with
// how many, its share and the fix (a patch for synthetic tokens, the files' padding
// otherwise); fused layers, old runs and malformed records give nothing to report.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/diagnosis/rules.h"
#include "engine/model/recurrentpath.h"
#include "engine/store/runstore.h"
#include "tests/support/evidencebuilder.h"
#include "tests/support/textcontains.h"

#include <QtTest/QtTest>

#include <string>
#include <vector>

using es::Finding;
using es::RunEvidence;
using es::test::contains;
using es::test::StepPhases;

namespace {

/// quick-demo's config with its LSTM turned into `layer` (which keeps quick-demo's units).
es::RunConfig configWith(const nlohmann::json& layerOptions)
{
    nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
    for (nlohmann::json& layer : config["model"]["layers"]) {
        if (layer["type"] == "lstm") {
            layer.merge_patch(layerOptions);
            break;
        }
    }
    return es::parseRunConfig(config);
}

/// Three epochs of steady steps (Forward 10 + Backward 20 of 32.5 ms by default) of a CPU run
/// on the onednn backend whose recorded layers are what recurrentPaths() gives for `config`,
/// with `recurrentSeconds` of forward time in the recurrent layer and 1 s elsewhere.
RunEvidence evidenceFor(const es::RunConfig& config, double recurrentSeconds,
                        StepPhases phases = {})
{
    RunEvidence evidence = es::test::makeSteadyEvidence(3, 8, phases);
    evidence.config = es::toJson(config);
    evidence.facts.backend = "onednn";
    const std::vector<std::string> names = es::layerNames(config.model);
    for (const es::RecurrentPath& path :
         es::recurrentPaths(config.model, es::Backend::OneDnn, es::DeviceType::Cpu)) {
        es::RecurrentLayerFact fact;
        fact.layer = path.layerName;
        fact.index = path.layerIndex;
        fact.kernel = std::string(es::recurrentKernelKey(path.kernel));
        fact.reason = path.reason;
        if (path.option) {
            fact.optionKey = path.option->key;
            fact.optionValue = path.option->value;
            fact.fusedValue = path.option->fusedValue;
        }
        evidence.facts.recurrentLayers.push_back(fact);
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
        const bool recurrent = es::isRecurrent(config.model.layers[i]);
        evidence.layerForwardSeconds.emplace_back(names[i], recurrent ? recurrentSeconds : 0.5);
    }
    evidence.layerForwardSteps = 24;
    return evidence;
}

/// A masked embedding before a fused LSTM, on synthetic_tokens padded as Keras pads by
/// default (before each review).
es::RunConfig maskedTokensConfig()
{
    return es::parseRunConfig(nlohmann::json{
        {"name", "masked"},
        {"model",
         {{"layers",
           {{{"type", "embedding"}, {"input_dim", 50}, {"output_dim", 8}, {"mask_zero", true}},
            {{"type", "lstm"}, {"units", 16}},
            {{"type", "dense"}, {"units", 1}, {"activation", "sigmoid"}}}}}},
        {"data",
         {{"source",
           {{"type", "synthetic_tokens"}, {"samples", 640}, {"timesteps", 20}, {"vocab_size", 50}}},
          {"batch_size", 32}}},
        {"training", {{"epochs", 3}, {"loss", "binary_crossentropy"}}}});
}

/// evidenceFor() of `config` whose summary says that lstm_1 fell back to the step loop for
/// `fallbacks` of 24 training batches.
RunEvidence withFallbacks(const es::RunConfig& config, double recurrentSeconds,
                          std::int64_t fallbacks)
{
    RunEvidence evidence = evidenceFor(config, recurrentSeconds);
    evidence.maskFallbackSteps = 24;
    evidence.maskFallbackBatches = {{"lstm_1", fallbacks}};
    return evidence;
}

/// The config after `patch` (a JSON merge patch), parsed by the engine.
es::RunConfig patched(const es::RunConfig& config, const nlohmann::json& patch)
{
    nlohmann::json json = es::toJson(config);
    json.merge_patch(patch);
    return es::parseRunConfig(json);
}

}  // namespace

class TestDiagnosisRecurrent : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void reportsEachOptionThatRulesOutTheFusedKernel_data()
    {
        QTest::addColumn<QString>("options");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("relu activation") << R"({"activation": "relu"})"
                                         << "activation"
                                         << "\"relu\"";
        QTest::newRow("Keras 2 hard sigmoid")
            << R"({"recurrent_activation": "hard_sigmoid_keras2"})"
            << "recurrent_activation"
            << "\"hard_sigmoid_keras2\"";
        QTest::newRow("recurrent dropout") << R"({"recurrent_dropout": 0.25})"
                                           << "recurrent_dropout"
                                           << "0.25";
        QTest::newRow("unroll") << R"({"unroll": true})"
                                << "unroll"
                                << "true";
        QTest::newRow("GRU without reset_after")
            << R"({"type": "gru", "reset_after": false, "unit_forget_bias": null})"
            << "reset_after"
            << "false";
    }

    void reportsEachOptionThatRulesOutTheFusedKernel()
    {
        QFETCH(QString, options);
        QFETCH(QString, key);
        QFETCH(QString, value);
        const es::RunConfig config = configWith(nlohmann::json::parse(options.toStdString()));
        // 3 s of 3.5 s forward in the layer; Forward+Backward are 92% of the step.
        const RunEvidence evidence = evidenceFor(config, 3.0);
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("unfused-recurrent"));
        QCOMPARE(finding.severity, es::Severity::Warning);
        const std::string layer = evidence.facts.recurrentLayers.front().layer;
        QVERIFY(contains(finding.title, layer));
        QVERIFY(contains(finding.title, key.toStdString() + " " + value.toStdString()));
        QVERIFY(contains(finding.evidence, "86% of the forward time over 24 training steps"));
        QVERIFY(contains(finding.evidence, "92% of the steady step time"));
        QVERIFY(contains(finding.evidence, "about 79% of each step"));
        // The patch is accepted by the engine and puts that layer on the fused kernel,
        // changing nothing else of the model's shape.
        const es::RunConfig fixed = patched(config, finding.patch);
        const auto paths =
            es::recurrentPaths(fixed.model, es::Backend::OneDnn, es::DeviceType::Cpu);
        QCOMPARE(paths.size(), std::size_t(1));
        QCOMPARE(paths.front().kernel, es::RecurrentKernel::Fused);
        QCOMPARE(fixed.model.layers.size(), config.model.layers.size());
        QCOMPARE(fixed.model.layers[paths.front().layerIndex].units,
                 config.model.layers[paths.front().layerIndex].units);
    }

    void aSmallShareIsInfo()
    {
        const es::RunConfig config = configWith({{"activation", "relu"}});
        // 0.2 s of 0.7 s forward: 29% of the forward time, 26% of the step... at 92% compute;
        // with a long data wait the compute share drops and the layer's share of the step too.
        StepPhases phases;
        phases.dataWaitMs = 100.0;
        const std::vector<Finding> findings =
            es::diagnoseUnfusedRecurrent(evidenceFor(config, 0.2, phases));
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().severity, es::Severity::Info);
    }

    void withoutLayerTimesTheShareIsNotGuessed()
    {
        const es::RunConfig config = configWith({{"activation", "relu"}});
        RunEvidence evidence = evidenceFor(config, 3.0);
        evidence.layerForwardSeconds.clear();
        evidence.layerForwardSteps = 0;
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().severity, es::Severity::Info);
        QVERIFY(contains(findings.front().evidence, "not measured"));
        QVERIFY(!findings.front().patch.is_null());
    }

    void bidirectionalLayersArePatchedInside()
    {
        nlohmann::json config = es::toJson(es::loadPreset("quick-demo"));
        for (nlohmann::json& layer : config["model"]["layers"]) {
            if (layer["type"] == "lstm") {
                nlohmann::json wrapped = layer;
                wrapped["type"] = "gru";
                wrapped.erase("unit_forget_bias");
                wrapped["reset_after"] = false;
                wrapped["recurrent_activation"] = "hard_sigmoid";
                layer = {{"type", "bidirectional"}, {"merge_mode", "sum"}, {"layer", wrapped}};
                break;
            }
        }
        const es::RunConfig parsed = es::parseRunConfig(config);
        const std::vector<Finding> findings =
            es::diagnoseUnfusedRecurrent(evidenceFor(parsed, 1.0));
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(contains(findings.front().title, "bidirectional_1"));
        // Both options that rule out the kernel are set back, inside the wrapped layer.
        const es::RunConfig fixed = patched(parsed, findings.front().patch);
        const auto paths =
            es::recurrentPaths(fixed.model, es::Backend::OneDnn, es::DeviceType::Cpu);
        QCOMPARE(paths.front().kernel, es::RecurrentKernel::Fused);
        const es::LayerConfig& layer = fixed.model.layers[paths.front().layerIndex];
        QCOMPARE(layer.mergeMode, es::MergeMode::Sum);
        QCOMPARE(layer.wrapped, es::LayerType::Gru);
        QVERIFY(layer.resetAfter);
    }

    void fusedLayersAndOldRunsGiveNothing()
    {
        const es::RunConfig config = es::loadPreset("quick-demo");
        QVERIFY(es::diagnoseUnfusedRecurrent(evidenceFor(config, 3.0)).empty());
        RunEvidence old = es::test::makeSteadyEvidence(3, 8);
        QVERIFY(old.facts.recurrentLayers.empty());
        QVERIFY(es::diagnoseUnfusedRecurrent(old).empty());
    }

    void unfusedLstmLeavesStepLoopLayersToThisRule()
    {
        // On the libtorch backend with every recurrent layer on the step loop, switching the
        // backend would change nothing: only unfused-recurrent speaks.
        const es::RunConfig config = configWith({{"activation", "relu"}});
        RunEvidence evidence = evidenceFor(config, 3.0);
        evidence.facts.backend = "libtorch";
        QVERIFY(es::diagnoseUnfusedLstm(evidence).empty());
        QCOMPARE(es::diagnoseUnfusedRecurrent(evidence).size(), std::size_t(1));
        // A layer that did run LibTorch's kernels keeps the backend finding.
        evidence.facts.recurrentLayers.front().kernel = "libtorch";
        evidence.facts.recurrentLayers.front().optionKey.clear();
        QCOMPARE(es::diagnoseUnfusedLstm(evidence).size(), std::size_t(1));
    }

    void paddingOnTheLeftIsNamedWithItsFix_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("fallbacks");
        QTest::addColumn<bool>("warning");
        QTest::addColumn<bool>("patch");
        // 3 s of 4 s forward in the LSTM at 92% compute: 69% of each step.
        QTest::newRow("synthetic tokens, every batch") << "synthetic_tokens" << 24 << true << true;
        QTest::newRow("synthetic tokens, a few batches")
            << "synthetic_tokens" << 6 << false << true;
        QTest::newRow("npy files") << "npy" << 24 << true << false;
        QTest::newRow("csv file") << "csv" << 12 << true << false;
    }

    void paddingOnTheLeftIsNamedWithItsFix()
    {
        QFETCH(QString, source);
        QFETCH(int, fallbacks);
        QFETCH(bool, warning);
        QFETCH(bool, patch);
        const es::RunConfig config = maskedTokensConfig();
        RunEvidence evidence = withFallbacks(config, 3.0, fallbacks);
        QCOMPARE(evidence.facts.recurrentLayers.front().kernel, std::string("fused"));
        // File data keeps its padding in the files: only the stored source's type matters.
        if (source != "synthetic_tokens")
            evidence.config["data"]["source"] = {
                {"type", source.toStdString()}, {"x", "x.npy"}, {"y", "y.npy"}};
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        const Finding& finding = findings.front();
        QCOMPARE(finding.id, std::string("unfused-recurrent"));
        QCOMPARE(finding.severity, warning ? es::Severity::Warning : es::Severity::Info);
        const std::string counted = std::to_string(fallbacks) + " of 24 training batches";
        QVERIFY(contains(finding.title, "lstm_1 ran " + counted + " on the step loop"));
        QVERIFY(contains(finding.evidence, "fell back to the step loop for " + counted));
        // 3 s of 4 s forward in the LSTM (an embedding and a dense layer before and after it).
        QVERIFY(contains(finding.evidence, "75% of the forward time over 24 training steps"));
        QVERIFY(contains(finding.evidence, "about 69% of each step"));
        QVERIFY(!finding.firstStep && !finding.lastStep);
        if (!patch) {
            QVERIFY(finding.patch.is_null());
            QVERIFY(contains(finding.recommendation,
                             "keras.utils.pad_sequences(..., padding=\"post\")"));
            QVERIFY(contains(finding.recommendation, "when preparing the data"));
            return;
        }
        QCOMPARE(finding.patch,
                 nlohmann::json::parse(R"({"data": {"source": {"padding": "post"}}})"));
        QVERIFY(contains(finding.recommendation, "data.source.padding"));
        // The engine accepts the patch, which changes the padding and nothing else.
        const es::RunConfig fixed = patched(config, finding.patch);
        QCOMPARE(fixed.data.source.padding, es::Padding::Post);
        es::RunConfig expected = config;
        expected.data.source.padding = es::Padding::Post;
        QVERIFY(es::toJson(fixed) == es::toJson(expected));
    }

    void paddingWithoutItsShareIsInfo()
    {
        RunEvidence evidence = withFallbacks(maskedTokensConfig(), 3.0, 24);
        evidence.layerForwardSeconds.clear();
        evidence.layerForwardSteps = 0;
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().severity, es::Severity::Info);
        QVERIFY(contains(findings.front().evidence, "24 of 24 training batches"));
        QVERIFY(contains(findings.front().evidence, "not measured"));
    }

    void noFallbackOrNoRecordGivesNothing()
    {
        const es::RunConfig config = maskedTokensConfig();
        // Recorded, and none fell back: the padding was on the right.
        QVERIFY(es::diagnoseUnfusedRecurrent(withFallbacks(config, 3.0, 0)).empty());
        // A run recorded before the count existed.
        QVERIFY(es::diagnoseUnfusedRecurrent(evidenceFor(config, 3.0)).empty());
        // Synthetic tokens already padded at the end leave nothing to patch: no patch, the
        // finding still says what happened.
        RunEvidence post = withFallbacks(config, 3.0, 24);
        post.config["data"]["source"]["padding"] = "post";
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(post);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(findings.front().patch.is_null());
    }

    void stepLoopLayersKeepTheirOptionFinding()
    {
        // A layer on the step loop by its option runs every batch there: a count for it (which
        // the trainer never writes) does not make a second finding.
        const es::RunConfig config = configWith({{"activation", "relu"}});
        RunEvidence evidence = evidenceFor(config, 3.0);
        evidence.maskFallbackSteps = 24;
        evidence.maskFallbackBatches = {{evidence.facts.recurrentLayers.front().layer, 24}};
        const std::vector<Finding> findings = es::diagnoseUnfusedRecurrent(evidence);
        QCOMPARE(findings.size(), std::size_t(1));
        QVERIFY(contains(findings.front().title, "has no fused kernel"));
    }

    void storedFallbackCounts_data()
    {
        QTest::addColumn<QString>("recorded");
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("counted");  ///< lstm_1's count as read; -1: not read
        QTest::newRow("well formed") << R"({"batches": 24, "layers": {"lstm_1": 20}})" << 24 << 20;
        QTest::newRow("none fell back") << R"({"batches": 24, "layers": {"lstm_1": 0}})" << 24 << 0;
        QTest::newRow("every batch") << R"({"batches": 24, "layers": {"lstm_1": 24}})" << 24 << 24;
        QTest::newRow("old summary without the field") << "absent" << 0 << -1;
        QTest::newRow("null") << "null" << 0 << -1;
        QTest::newRow("negative count")
            << R"({"batches": 24, "layers": {"lstm_1": -3}})" << 24 << -1;
        QTest::newRow("more than the batches")
            << R"({"batches": 24, "layers": {"lstm_1": 25}})" << 24 << -1;
        QTest::newRow("beyond 64 bits")
            << R"({"batches": 24, "layers": {"lstm_1": 18446744073709551615}})" << 24 << -1;
        QTest::newRow("a fraction") << R"({"batches": 24, "layers": {"lstm_1": 2.5}})" << 24 << -1;
        QTest::newRow("text count") << R"({"batches": 24, "layers": {"lstm_1": "20"}})" << 24 << -1;
        QTest::newRow("object count")
            << R"({"batches": 24, "layers": {"lstm_1": {"n": 20}}})" << 24 << -1;
        QTest::newRow("negative batches")
            << R"({"batches": -24, "layers": {"lstm_1": 20}})" << 0 << -1;
        QTest::newRow("text batches")
            << R"({"batches": "24", "layers": {"lstm_1": 20}})" << 0 << -1;
        QTest::newRow("huge batches")
            << R"({"batches": 18446744073709551615, "layers": {"lstm_1": 20}})" << 0 << -1;
        QTest::newRow("no batches") << R"({"layers": {"lstm_1": 20}})" << 0 << -1;
        QTest::newRow("zero batches") << R"({"batches": 0, "layers": {"lstm_1": 0}})" << 0 << -1;
        QTest::newRow("layers an array") << R"({"batches": 24, "layers": [20]})" << 24 << -1;
        QTest::newRow("an array") << "[24, 20]" << 0 << -1;
        QTest::newRow("text") << R"("24 of 20")" << 0 << -1;
    }

    void storedFallbackCounts()
    {
        QFETCH(QString, recorded);
        QFETCH(int, steps);
        QFETCH(int, counted);
        es::StoredRun run;
        run.config = es::toJson(maskedTokensConfig());
        run.info = {
            {"device", "cpu"},
            {"backend", "onednn"},
            {"recurrent_layers",
             {{{"layer", "lstm_1"}, {"index", 1}, {"kernel", "fused"}, {"reason", "fused"}}}}};
        run.summary = {
            {"layer_forward", {{"steps", 24}, {"seconds", {{"lstm_1", 3.0}, {"dense_1", 0.5}}}}}};
        if (recorded != "absent")
            run.summary["mask_fallbacks"] = nlohmann::json::parse(recorded.toStdString());
        const RunEvidence evidence = es::evidenceFromStoredRun(run);
        QCOMPARE(evidence.maskFallbackSteps, std::int64_t(steps));
        const auto found = evidence.maskFallbackBatches.find("lstm_1");
        QCOMPARE(found == evidence.maskFallbackBatches.end() ? -1 : static_cast<int>(found->second),
                 counted);
        // A finding exactly when a count above zero was read.
        QCOMPARE(es::diagnoseUnfusedRecurrent(evidence).size(), std::size_t(counted > 0 ? 1 : 0));
    }

    void malformedRecordsAreNotEvidence_data()
    {
        QTest::addColumn<QString>("layers");
        QTest::addColumn<QString>("forward");
        QTest::addColumn<int>("facts");
        QTest::addColumn<int>("timed");
        // (One line and no escaped quotes: moc loses its place in a raw string spanning
        // lines that holds them.)
        const QString good =
            R"([{"layer": "lstm_1", "index": 0, "kernel": "step_loop", "reason": "step loop", "option": {"key": "activation", "value": "relu", "fused_value": "tanh"}}])";
        const QString goodForward = R"({"steps": 10, "seconds": {"lstm_1": 1.5, "dense_1": 0.1}})";
        QTest::newRow("well formed") << good << goodForward << 1 << 2;
        QTest::newRow("layers not an array") << R"({"layer": "lstm_1"})" << goodForward << 0 << 2;
        QTest::newRow("entries of other types")
            << R"([3, "lstm_1", {"layer": 4, "kernel": "fused"}, {"layer": "x"}])" << goodForward
            << 0 << 2;
        QTest::newRow("option of another type")
            << R"([{"layer": "lstm_1", "kernel": "step_loop", "option": "activation"}])"
            << goodForward << 1 << 2;
        QTest::newRow("negative seconds")
            << good << R"({"steps": 10, "seconds": {"a": -1}})" << 1 << 0;
        QTest::newRow("text seconds")
            << good << R"({"steps": 10, "seconds": {"a": "1"}})" << 1 << 0;
        QTest::newRow("no steps") << good << R"({"steps": 0, "seconds": {"a": 1}})" << 1 << 0;
        QTest::newRow("steps of another type")
            << good << R"({"steps": "ten", "seconds": {"a": 1}})" << 1 << 0;
        QTest::newRow("seconds an array") << good << R"({"steps": 3, "seconds": [1, 2]})" << 1 << 0;
        QTest::newRow("absent") << "null"
                                << "null" << 0 << 0;
    }

    void malformedRecordsAreNotEvidence()
    {
        QFETCH(QString, layers);
        QFETCH(QString, forward);
        QFETCH(int, facts);
        QFETCH(int, timed);
        es::StoredRun run;
        run.config = es::toJson(configWith({{"activation", "relu"}}));
        run.info = {{"device", "cpu"},
                    {"recurrent_layers", nlohmann::json::parse(layers.toStdString())}};
        run.summary = {{"layer_forward", nlohmann::json::parse(forward.toStdString())}};
        const RunEvidence evidence = es::evidenceFromStoredRun(run);
        QCOMPARE(static_cast<int>(evidence.facts.recurrentLayers.size()), facts);
        QCOMPARE(static_cast<int>(evidence.layerForwardSeconds.size()), timed);
        // Whatever was read, the rule runs without throwing.
        es::diagnoseUnfusedRecurrent(evidence);
    }
};

QTEST_GUILESS_MAIN(TestDiagnosisRecurrent)
#include "tst_diagnosis_recurrent.moc"
