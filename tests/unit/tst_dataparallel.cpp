// Data-parallel training in one process: two ranks on two engine threads, meeting at a file
// store, train exactly as one process with their global batch would (DDP's semantics), end
// with the same weights, and refuse to start when their configs differ. The same runs as
// separate processes, started by `epochscope-cli train --nproc`, are in tst_cli_distributed.

#include "engine/config/configerror.h"
#include "engine/config/rendezvous.h"
#include "engine/distributed/overlappedreduction_torch.h"
#include "engine/train/runextensions_torch.h"
#include "engine/train/trainingsession.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <torch/torch.h>

#include <array>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

Q_DECLARE_METATYPE(es::RunConfig)

namespace {

/// One rank's run and the tensors of its final weights.
struct RankRun {
    es::RunResult result;
    std::vector<torch::Tensor> weights;
};

/// Trains `configs` (one per rank) at once, each on its own session, and returns their runs.
std::vector<RankRun> trainTogether(const std::vector<es::RunConfig>& configs)
{
    std::vector<RankRun> runs(configs.size());
    std::vector<std::unique_ptr<es::TrainingSession>> sessions;
    for (std::size_t rank = 0; rank < configs.size(); ++rank) {
        auto extensions = std::make_shared<es::RunExtensions>();
        // The parameters themselves, not copies: after the run they hold the final weights.
        extensions->beforeOptimizerStep =
            [&weights = runs[rank].weights](const std::vector<torch::Tensor>& parameters) {
                weights = parameters;
            };
        sessions.push_back(std::make_unique<es::TrainingSession>(configs[rank]));
        sessions.back()->extend(extensions);
    }
    for (auto& session : sessions)
        session->start();
    for (std::size_t rank = 0; rank < sessions.size(); ++rank) {
        sessions[rank]->wait();
        runs[rank].result = sessions[rank]->result();
    }
    return runs;
}

/// `config` as rank `rank` of `worldSize`, meeting at a file in `directory`.
es::RunConfig asRank(es::RunConfig config, int rank, int worldSize, const QString& directory)
{
    config.rank = rank;
    config.distributed.worldSize = worldSize;
    config.distributed.init = "file:" + directory.toStdString() + "/rendezvous";
    config.distributed.timeoutS = 60;
    return config;
}

bool closeRelative(double a, double b, double tolerance)
{
    return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

/// A config small enough to train twice in a test, without dropout (each rank draws its own
/// dropout masks, so only dropout-free runs can match one process exactly).
es::RunConfig shortened(es::RunConfig config, std::int64_t samples)
{
    config.data.source.samples = samples;
    config.training.epochs = 2;
    return config;
}

}  // namespace

class TestDataParallel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // 2 ranks x batch 32 against 1 process x batch 64: the same epoch losses and metrics
    // within 1e-5 relative, the same number of steps, and bit-identical weights on the ranks.
    // 210 training samples leave a last global batch of 18: rank 1's slice of it is empty.
    void twoRanksTrainAsOneProcessWithTheGlobalBatch_data()
    {
        QTest::addColumn<es::RunConfig>("config");
        QTest::newRow("regression") << shortened(es::test::smallRegression(), 263);
        QTest::newRow("sentiment") << shortened(es::test::smallSentiment(), 280);
        es::RunConfig libtorch = shortened(es::test::smallRegression(), 263);
        libtorch.backend = es::Backend::LibTorch;
        QTest::newRow("regression, libtorch backend") << libtorch;
        // 256 training samples: every global batch full.
        QTest::newRow("regression, even batches") << shortened(es::test::smallRegression(), 320);
    }

    void twoRanksTrainAsOneProcessWithTheGlobalBatch()
    {
        QFETCH(es::RunConfig, config);
        QTemporaryDir directory;
        QVERIFY(directory.isValid());

        es::RunConfig single = config;
        single.data.batchSize = 2 * config.data.batchSize;
        const std::vector<RankRun> alone = trainTogether({single});
        const std::vector<RankRun> ranks = trainTogether(
            {asRank(config, 0, 2, directory.path()), asRank(config, 1, 2, directory.path())});

        const es::RunResult& one = alone[0].result;
        QCOMPARE(one.state, es::RunState::Finished);
        for (const RankRun& rank : ranks) {
            QVERIFY2(rank.result.state == es::RunState::Finished, rank.result.error.c_str());
            QCOMPARE(rank.result.batches.size(), one.batches.size());
            QCOMPARE(rank.result.epochs.size(), one.epochs.size());
            QCOMPARE(rank.result.info.worldSize, 2);
            QCOMPARE(rank.result.info.globalBatchSize, single.data.batchSize);
            QVERIFY(!rank.result.info.gradientReduction.empty());
            for (std::size_t e = 0; e < one.epochs.size(); ++e) {
                const es::EpochRecord& expected = one.epochs[e];
                const es::EpochRecord& got = rank.result.epochs[e];
                QCOMPARE(got.samples, expected.samples);
                QVERIFY2(closeRelative(got.trainLoss, expected.trainLoss, 1e-5),
                         qPrintable(QString("epoch %1: %2 vs %3")
                                        .arg(e + 1)
                                        .arg(got.trainLoss, 0, 'g', 17)
                                        .arg(expected.trainLoss, 0, 'g', 17)));
                QVERIFY(got.valLoss.has_value() && expected.valLoss.has_value());
                QVERIFY2(closeRelative(*got.valLoss, *expected.valLoss, 1e-5),
                         qPrintable(QString("epoch %1: val %2 vs %3")
                                        .arg(e + 1)
                                        .arg(*got.valLoss, 0, 'g', 17)
                                        .arg(*expected.valLoss, 0, 'g', 17)));
                QCOMPARE(got.metrics.size(), expected.metrics.size());
                for (const auto& [name, value] : expected.metrics)
                    QVERIFY2(closeRelative(got.metrics.at(name), value, 1e-5), name.c_str());
            }
            // The global batch's samples are recorded per step, as one process has them.
            QCOMPARE(rank.result.batches.back().samples, one.batches.back().samples);
        }
        QCOMPARE(ranks[0].result.epochs.back().trainLoss, ranks[1].result.epochs.back().trainLoss);
        QCOMPARE(ranks[0].weights.size(), ranks[1].weights.size());
        QVERIFY(!ranks[0].weights.empty());
        for (std::size_t i = 0; i < ranks[0].weights.size(); ++i)
            QVERIFY2(torch::equal(ranks[0].weights[i], ranks[1].weights[i]),
                     qPrintable(QString("parameter %1 differs between the ranks").arg(i)));
        // Communication is timed as its own phase; a run of one process has none.
        double communicationMs = 0.0;
        for (const es::BatchRecord& batch : ranks[1].result.batches)
            communicationMs += batch.phaseMs[es::phaseIndex(es::Phase::Communication)];
        QVERIFY(communicationMs > 0.0);
        // Beside it, the reduction's time hidden behind backward: never negative, and none in
        // a run of one process.
        for (const es::BatchRecord& batch : ranks[1].result.batches)
            QVERIFY(std::isfinite(batch.overlappedMs) && batch.overlappedMs >= 0.0);
        for (const es::BatchRecord& batch : one.batches) {
            QCOMPARE(batch.phaseMs[es::phaseIndex(es::Phase::Communication)], 0.0);
            QCOMPARE(batch.overlappedMs, 0.0);
        }
    }

    // The buckets start while backward runs, each once every gradient in it is accumulated,
    // in bucket order; one that backward never reaches (an unused parameter) holds back the
    // ones after it until backward is over, and a rank that ran no backward (its slice of the
    // last batch was empty) sums zeros for all. The sums are each rank's gradient weighed by
    // its share of the samples.
    void gradientsAreSummedWhileBackwardRuns_data()
    {
        QTest::addColumn<bool>("unused");
        QTest::addColumn<bool>("rankOneEmpty");
        QTest::addColumn<int>("duringBackward");
        // Parameters 0..3, one per bucket, last first: buckets hold 3, 2, 1, 0.
        QTest::newRow("every parameter used") << false << false << 4;
        // Parameter 2 unused: bucket 0 (parameter 3) starts, bucket 1 waits for the end.
        QTest::newRow("parameter 2 unused") << true << false << 1;
        QTest::newRow("rank 1 without samples") << false << true << 4;
    }

    void gradientsAreSummedWhileBackwardRuns()
    {
        QFETCH(bool, unused);
        QFETCH(bool, rankOneEmpty);
        QFETCH(int, duringBackward);
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        constexpr int kWorld = 2;
        const std::array<double, kWorld> weights{rankOneEmpty ? 1.0 : 0.25,
                                                 rankOneEmpty ? 0.0 : 0.75};
        std::array<es::ReducedGradients, kWorld> reduced;
        std::array<std::vector<torch::Tensor>, kWorld> gradients;
        std::array<std::string, kWorld> errors;
        std::vector<std::thread> ranks;
        for (int rank = 0; rank < kWorld; ++rank)
            ranks.emplace_back([&, rank] {
                try {
                    es::ProcessGroupOptions options;
                    options.rendezvous = es::parseRendezvous(
                        "file:" + directory.filePath("rendezvous").toStdString(), "init");
                    options.rank = rank;
                    options.worldSize = kWorld;
                    options.timeout = std::chrono::seconds(60);
                    es::ProcessGroup group(options);
                    es::OverlappedReduction reduction(group, 1);  // a bucket per parameter
                    std::vector<torch::Tensor> parameters;
                    for (int index = 0; index < 4; ++index)
                        parameters.push_back(torch::ones({3}).requires_grad_(true));
                    // A step's gradient of parameter i on rank r is (r + 1) * (i + 1).
                    reduction.startStep(parameters, weights[rank], true);
                    if (!(rankOneEmpty && rank == 1)) {
                        torch::Tensor loss = torch::zeros({});
                        for (int index = 0; index < 4; ++index)
                            if (!(unused && index == 2))
                                loss = loss + parameters[index].sum() * ((rank + 1) * (index + 1));
                        loss.backward();
                    }
                    reduced[rank] = reduction.finishStep();
                    for (const torch::Tensor& parameter : parameters)
                        gradients[rank].push_back(parameter.grad().clone());
                } catch (const std::exception& error) {
                    errors[rank] = error.what();
                }
            });
        for (std::thread& rank : ranks)
            rank.join();
        for (int rank = 0; rank < kWorld; ++rank) {
            QVERIFY2(errors[rank].empty(), errors[rank].c_str());
            QCOMPARE(reduced[rank].buckets, 4);
            QCOMPARE(reduced[rank].bytes, std::int64_t(4 * 3 * sizeof(float)));
            QVERIFY(reduced[rank].overlappedMs >= 0.0);
            const int expectedDuring = rankOneEmpty && rank == 1 ? 0 : duringBackward;
            QCOMPARE(reduced[rank].bucketsDuringBackward, expectedDuring);
            for (int index = 0; index < 4; ++index) {
                double expected = 0.0;
                for (int member = 0; member < kWorld; ++member) {
                    const bool computed = !(rankOneEmpty && member == 1);
                    if (computed && !(unused && index == 2))
                        expected += weights[member] * (member + 1) * (index + 1);
                }
                QVERIFY2(torch::allclose(gradients[rank][index],
                                         torch::full({3}, expected, torch::kFloat32)),
                         qPrintable(QString("rank %1, parameter %2: %3 for %4")
                                        .arg(rank)
                                        .arg(index)
                                        .arg(gradients[rank][index][0].item<double>())
                                        .arg(expected)));
            }
        }
    }

    // Ranks that would train different configs are refused before the first step: the rank
    // that differs names the field and both values; rank 0 says that one differs.
    void ranksWithDifferentConfigsAreRefused()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const es::RunConfig config = shortened(es::test::smallRegression(), 128);
        es::RunConfig other = asRank(config, 1, 2, directory.path());
        other.training.optimizer.learningRate = 0.02;
        const std::vector<RankRun> ranks =
            trainTogether({asRank(config, 0, 2, directory.path()), other});
        for (const RankRun& rank : ranks) {
            QCOMPARE(rank.result.state, es::RunState::Failed);
            QVERIFY(rank.result.badInput);
            QVERIFY(rank.result.batches.empty());
        }
        QVERIFY2(
            ranks[1].result.error.find("training.optimizer.learning_rate") != std::string::npos &&
                ranks[1].result.error.find("0.02") != std::string::npos,
            ranks[1].result.error.c_str());
        QVERIFY2(ranks[0].result.error.find("1 of the 2 ranks") != std::string::npos,
                 ranks[0].result.error.c_str());
    }

    // A distributed run with nowhere to meet says which setting gives it one.
    void aRunWithoutRendezvousSaysWhereToGiveIt()
    {
        es::RunConfig config = shortened(es::test::smallRegression(), 128);
        config.distributed.worldSize = 2;
        const std::vector<RankRun> runs = trainTogether({config});
        QCOMPARE(runs[0].result.state, es::RunState::Failed);
        QVERIFY(runs[0].result.badInput);
        QVERIFY2(runs[0].result.error.find("distributed.init") != std::string::npos &&
                     runs[0].result.error.find("--nproc") != std::string::npos,
                 runs[0].result.error.c_str());
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestDataParallel)
#include "tst_dataparallel.moc"
