#include "engine/data/batcher_torch.h"
#include "engine/data/batchprefetcher_torch.h"
#include "engine/data/batchsource_torch.h"
#include "engine/train/trainingsession.h"
#include "tests/support/runtoend.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

namespace {

/// 10 samples whose x holds the sample index, so a batch shows which samples it holds.
es::Dataset indexedData()
{
    auto x = torch::arange(10, torch::kFloat32).view({10, 1, 1}).expand({10, 3, 2}).contiguous();
    auto y = torch::arange(10, torch::kFloat32).view({10, 1});
    return {x, y};
}

std::vector<float> sampleIds(const es::Dataset& batch)
{
    const auto ids = batch.y.view({-1}).contiguous();
    return {ids.data_ptr<float>(), ids.data_ptr<float>() + ids.numel()};
}

es::DataConfig dataConfig(es::Placement placement, int prefetch, bool shuffle)
{
    es::DataConfig config;
    config.batchSize = 4;
    config.placement = placement;
    config.prefetch = prefetch;
    config.shuffle = shuffle;
    return config;
}

std::vector<double> batchLosses(es::Placement placement, int prefetch, bool shuffle)
{
    auto config = es::test::smallRegression();
    config.training.epochs = 2;
    config.data.placement = placement;
    config.data.prefetch = prefetch;
    config.data.shuffle = shuffle;
    const es::RunResult result = es::test::runToEnd(config);
    std::vector<double> losses;
    for (const auto& batch : result.batches)
        losses.push_back(batch.loss);
    losses.push_back(*result.epochs.back().valLoss);
    return losses;
}

/// 204 token sequences padded after the text to 200 steps, sample i of length
/// 1 + (i * 7) % 200; y holds the sample index.
es::Dataset paddedTokens()
{
    constexpr std::int64_t kSamples = 204;
    constexpr std::int64_t kSteps = 200;
    auto x = torch::zeros({kSamples, kSteps}, torch::kInt64);
    for (std::int64_t i = 0; i < kSamples; ++i)
        x[i].narrow(0, 0, 1 + (i * 7) % kSteps).fill_(5);
    return {x, torch::arange(kSamples, torch::kFloat32).view({kSamples, 1})};
}

/// Every batch of one epoch, by length, with `seed`.
std::vector<es::Dataset> byLengthEpoch(std::uint64_t seed, bool shuffle)
{
    es::Batcher batcher(paddedTokens(), 8, shuffle, false, seed, {}, es::Batching::ByLength);
    batcher.startEpoch();
    std::vector<es::Dataset> batches;
    for (std::int64_t b = 0; b < batcher.batchCount(); ++b)
        batches.push_back(batcher.batch(b));
    return batches;
}

}  // namespace

Q_DECLARE_METATYPE(es::Placement)

class TestBatchSource : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void byLengthCutsEachBatchAfterItsLongest()
    {
        // Each sample once, every batch as wide as its longest sample on the width ladder, the
        // padding share far below fixed batches', and the seed deciding the order (issue 35).
        const std::vector<es::Dataset> batches = byLengthEpoch(3, true);
        QCOMPARE(batches.size(), std::size_t{26});
        std::vector<float> seen;
        for (const es::Dataset& batch : batches) {
            const auto lengths = (batch.x != 0).sum(1);
            QCOMPARE(batch.x.size(1),
                     es::Batcher::bucketWidth(lengths.max().item<std::int64_t>(), 200));
            const std::vector<float> ids = sampleIds(batch);
            seen.insert(seen.end(), ids.begin(), ids.end());
        }
        QCOMPARE(batches.back().size(), std::int64_t{4});  // the short batch stays last
        std::sort(seen.begin(), seen.end());
        for (std::size_t i = 0; i < seen.size(); ++i)
            QCOMPARE(seen[i], static_cast<float>(i));
        QCOMPARE(seen.size(), std::size_t{204});

        es::Batcher fixed(paddedTokens(), 8, true, false, 3);
        es::Batcher byLength(paddedTokens(), 8, true, false, 3, {}, es::Batching::ByLength);
        fixed.startEpoch();
        byLength.startEpoch();
        double fixedShare = 0.0;
        double byLengthShare = 0.0;
        std::set<std::int64_t> widths;
        for (std::int64_t b = 0; b < fixed.batchCount(); ++b) {
            fixedShare += fixed.paddingShare(b);
            byLengthShare += byLength.paddingShare(b);
            // The time steps each step records are the width its batch was trained at.
            QCOMPARE(fixed.timesteps(b), std::int64_t{200});
            QCOMPARE(byLength.timesteps(b), byLength.batch(b).x.size(1));
            widths.insert(byLength.timesteps(b));
        }
        QVERIFY(widths.size() > 2);
        qInfo("padding share: fixed %.3f, by length %.3f", fixedShare / 26, byLengthShare / 26);
        QVERIFY(byLengthShare < 0.35 * fixedShare);  // about 0.12 against 0.50 here

        const auto idsOf = [](const std::vector<es::Dataset>& epoch) {
            std::vector<float> ids;
            for (const es::Dataset& batch : epoch) {
                const std::vector<float> one = sampleIds(batch);
                ids.insert(ids.end(), one.begin(), one.end());
            }
            return ids;
        };
        QCOMPARE(idsOf(byLengthEpoch(3, true)), idsOf(batches));
        QVERIFY(idsOf(byLengthEpoch(4, true)) != idsOf(batches));
    }

    void widthLadder()
    {
        QCOMPARE(es::Batcher::bucketWidth(1, 500), std::int64_t{8});
        QCOMPARE(es::Batcher::bucketWidth(8, 500), std::int64_t{8});
        QCOMPARE(es::Batcher::bucketWidth(9, 500), std::int64_t{16});
        QCOMPARE(es::Batcher::bucketWidth(64, 500), std::int64_t{64});
        QCOMPARE(es::Batcher::bucketWidth(65, 500), std::int64_t{80});
        QCOMPARE(es::Batcher::bucketWidth(81, 500), std::int64_t{104});
        QCOMPARE(es::Batcher::bucketWidth(450, 500), std::int64_t{500});  // 552, capped
        QCOMPARE(es::Batcher::bucketWidth(3, 5), std::int64_t{5});
        std::set<std::int64_t> widths;
        for (std::int64_t longest = 1; longest <= 600; ++longest) {
            const std::int64_t width = es::Batcher::bucketWidth(longest, 1000);
            QVERIFY(width >= longest && width <= std::max<std::int64_t>(8, longest * 5 / 4 + 8));
            widths.insert(width);
        }
        QCOMPARE(widths.size(), std::size_t{18});  // 8 to 64 by 8, then 80 ... 696
    }

    void byLengthWithoutShuffleSortsOnce()
    {
        const std::vector<es::Dataset> batches = byLengthEpoch(3, false);
        std::int64_t previous = 0;
        for (const es::Dataset& batch : batches) {
            const auto lengths = (batch.x != 0).sum(1);
            QVERIFY(lengths.min().item<std::int64_t>() >= previous);
            previous = lengths.max().item<std::int64_t>();
        }
    }

    void fixedPaddingShareCountsZeros()
    {
        es::Batcher fixed(paddedTokens(), 204, false, false, 1);
        const double tokens =
            static_cast<double>((paddedTokens().x != 0).sum().item<std::int64_t>());
        QCOMPARE(fixed.paddingShare(0), 1.0 - tokens / (204.0 * 200.0));
        es::Batcher features(indexedData(), 4, false, false, 1);
        QCOMPARE(features.paddingShare(0), 0.0);
    }

    void prefetcherKeepsOrder()
    {
        es::BatchPrefetcher prefetcher(3, [](std::int64_t index) {
            return es::Dataset{torch::full({1}, static_cast<float>(index)), torch::zeros({1})};
        });
        for (int epoch = 0; epoch < 3; ++epoch) {
            prefetcher.begin(0, 7, [] {});
            for (int i = 0; i < 7; ++i)
                QCOMPARE(prefetcher.next().x.item<float>(), static_cast<float>(i));
        }
    }

    // A stopped epoch leaves batches in the queue; the next epoch must not see them.
    // Regression: begin() while the loader was producing waited forever for a wake-up the
    // loader skipped when it dropped the old epoch's batch. The slow producer makes begin()
    // always meet a busy loader.
    void prefetcherRestartsCleanly()
    {
        std::atomic<int> reorders{0};
        es::BatchPrefetcher prefetcher(4, [](std::int64_t index) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            return es::Dataset{torch::full({1}, static_cast<float>(index)), torch::zeros({1})};
        });
        for (int restart = 0; restart < 5; ++restart) {
            prefetcher.begin(0, 100, [&] { ++reorders; });
            QCOMPARE(prefetcher.next().x.item<float>(), 0.0f);
        }
        prefetcher.begin(0, 5, [&] { ++reorders; });
        QCOMPARE(prefetcher.next().x.item<float>(), 0.0f);
        QCOMPARE(prefetcher.next().x.item<float>(), 1.0f);
        QCOMPARE(reorders.load(), 6);
    }

    void prefetcherPassesErrorsOn()
    {
        es::BatchPrefetcher prefetcher(2, [](std::int64_t index) -> es::Dataset {
            if (index == 2)
                throw std::runtime_error("cannot read batch 2");
            return {torch::zeros({1}), torch::zeros({1})};
        });
        prefetcher.begin(0, 4, [] {});
        prefetcher.next();
        prefetcher.next();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, prefetcher.next());
    }

    void sourceCoversEverySampleOnce_data()
    {
        QTest::addColumn<es::Placement>("placement");
        QTest::addColumn<int>("prefetch");
        QTest::addColumn<bool>("shuffle");
        QTest::newRow("host, in order") << es::Placement::Host << 0 << false;
        QTest::newRow("host, shuffled") << es::Placement::Host << 0 << true;
        QTest::newRow("device, shuffled") << es::Placement::Device << 0 << true;
        QTest::newRow("host, shuffled, prefetch 2") << es::Placement::Host << 2 << true;
        QTest::newRow("device, in order, prefetch 5") << es::Placement::Device << 5 << false;
    }

    void sourceCoversEverySampleOnce()
    {
        QFETCH(es::Placement, placement);
        QFETCH(int, prefetch);
        QFETCH(bool, shuffle);
        es::BatchSource source(indexedData(), dataConfig(placement, prefetch, shuffle), torch::kCPU,
                               5);
        QCOMPARE(source.batchCount(), std::int64_t(3));  // 4 + 4 + 2
        for (int epoch = 0; epoch < 2; ++epoch) {
            source.startEpoch(source.batchCount());
            std::vector<float> seen;
            for (std::int64_t i = 0; i < source.batchCount(); ++i) {
                const es::Dataset batch = source.next();
                const auto transfer = source.toDevice(batch);
                QCOMPARE(transfer.bytes, std::int64_t(0));  // CPU: nothing crosses a bus
                const auto ids = sampleIds(batch);
                seen.insert(seen.end(), ids.begin(), ids.end());
            }
            std::sort(seen.begin(), seen.end());
            QCOMPARE(seen, (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
        }
    }

    void warmUpBatchesLeaveTheEpochAlone_data() { sourceCoversEverySampleOnce_data(); }

    // Warm-up batches are the stored batches in turn, and taking them (even while the loader
    // prefetches) changes neither the shuffle order nor which batch next() hands out.
    void warmUpBatchesLeaveTheEpochAlone()
    {
        QFETCH(es::Placement, placement);
        QFETCH(int, prefetch);
        QFETCH(bool, shuffle);
        const es::DataConfig config = dataConfig(placement, prefetch, shuffle);
        es::BatchSource plain(indexedData(), config, torch::kCPU, 5);
        es::BatchSource warmed(indexedData(), config, torch::kCPU, 5);
        for (int epoch = 0; epoch < 2; ++epoch) {
            plain.startEpoch(plain.batchCount());
            warmed.startEpoch(warmed.batchCount());
            if (epoch == 0) {
                // Five steps cycle through the three stored batches: 0-3, 4-7, 8-9, 0-3, 4-7.
                const std::vector<std::vector<float>> expected = {
                    {0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}, {0, 1, 2, 3}, {4, 5, 6, 7}};
                for (std::size_t step = 0; step < expected.size(); ++step) {
                    const auto transfer = warmed.warmUpBatch(static_cast<std::int64_t>(step));
                    QCOMPARE(sampleIds(transfer.batch), expected[step]);
                }
            }
            for (std::int64_t i = 0; i < plain.batchCount(); ++i)
                QCOMPARE(sampleIds(warmed.next()), sampleIds(plain.next()));
        }
        QVERIFY(torch::equal(warmed.shuffleState().generator, plain.shuffleState().generator));
    }

    // `host` hands out a batch of its own (as NumPy slicing does); `device` on the CPU
    // hands out a view of the staged data when no gather is needed.
    void hostCopiesDeviceViews()
    {
        const es::Dataset data = indexedData();
        es::BatchSource host(data, dataConfig(es::Placement::Host, 0, false), torch::kCPU, 1);
        es::BatchSource device(data, dataConfig(es::Placement::Device, 0, false), torch::kCPU, 1);
        host.startEpoch(1);
        device.startEpoch(1);
        QVERIFY(!host.next().x.is_alias_of(data.x));
        QVERIFY(device.next().x.is_alias_of(data.x));
    }

    void sameLossesWhateverPlacementAndPrefetch_data()
    {
        QTest::addColumn<es::Placement>("placement");
        QTest::addColumn<int>("prefetch");
        QTest::addColumn<bool>("shuffle");
        QTest::newRow("device") << es::Placement::Device << 0 << true;
        QTest::newRow("host, prefetch 1") << es::Placement::Host << 1 << true;
        QTest::newRow("host, prefetch 4") << es::Placement::Host << 4 << true;
        QTest::newRow("device, prefetch 3") << es::Placement::Device << 3 << true;
        QTest::newRow("device, in order") << es::Placement::Device << 0 << false;
    }

    void sameLossesWhateverPlacementAndPrefetch()
    {
        QFETCH(es::Placement, placement);
        QFETCH(int, prefetch);
        QFETCH(bool, shuffle);
        const auto reference = batchLosses(es::Placement::Host, 0, shuffle);
        const auto losses = batchLosses(placement, prefetch, shuffle);
        QCOMPARE(losses.size(), reference.size());
        for (std::size_t i = 0; i < losses.size(); ++i)
            QCOMPARE(losses[i], reference[i]);  // bit-identical
    }

    // Regression: staging an empty validation set on the device failed the run.
    void deviceWithoutValidationSplit()
    {
        auto config = es::test::smallRegression();
        config.training.epochs = 1;
        config.data.validationSplit = 0.0;
        config.data.placement = es::Placement::Device;
        const es::RunResult result = es::test::runToEnd(config);
        QVERIFY2(result.state == es::RunState::Finished, result.error.c_str());
        QVERIFY(!result.epochs.front().valLoss.has_value());
    }

    void stopWhilePrefetching()
    {
        auto config = es::test::smallRegression();
        config.training.epochs = 200;
        config.data.prefetch = 8;
        es::TrainingSession session(config);
        session.start();
        QTest::qWait(300);
        session.requestStop();
        QVERIFY(session.waitFor(std::chrono::seconds(30)));
        QCOMPARE(session.state(), es::RunState::Stopped);
    }
};

EPOCHSCOPE_TEST_APPLESS_MAIN(TestBatchSource)
#include "tst_batchsource.moc"
