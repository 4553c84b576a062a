// device.allocator: how `auto` resolves and what an unavailable choice says; tensors made by
// each allocator and freed after its run; runs that train to the very same losses with every
// allocator, put LibTorch's allocator back afterwards and record their choice.

#include "engine/config/configerror.h"
#include "engine/summary/runsummary.h"
#include "engine/train/allocator.h"
#include "tests/support/allocatorskip.h"
#include "tests/support/runtoend.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <torch/torch.h>

#include <unistd.h>

#include <map>
#include <optional>
#include <string>

Q_DECLARE_METATYPE(es::HostAllocator)

namespace {

/// A lookup that has exactly `present` (and system, which is always there).
es::AllocatorLookup lookupWith(std::vector<es::HostAllocator> present)
{
    return [present](es::HostAllocator allocator) {
        const bool found = allocator == es::HostAllocator::System ||
                           std::find(present.begin(), present.end(), allocator) != present.end();
        return es::AllocatorAvailability{
            found, found ? "found " + std::string(es::allocatorKey(allocator))
                         : "missing " + std::string(es::allocatorKey(allocator))};
    };
}

/// The allocator's reason to skip a test, when this process cannot use it.
std::vector<double> lossesOf(const es::RunResult& result)
{
    std::vector<double> losses;
    for (const es::BatchRecord& batch : result.batches)
        losses.push_back(batch.loss);
    return losses;
}

/// Notes, on the engine thread, which allocator LibTorch's CPU tensors came from mid-run.
class AllocatorSpy : public es::RunObserver {
public:
    void onBatch(const es::BatchRecord& /*record*/) override
    {
        if (m_seen.empty())
            m_seen = es::currentTensorAllocator();
    }
    const std::string& seen() const { return m_seen; }

private:
    std::string m_seen;
};

}  // namespace

class TestAllocator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // `auto` takes the first available in the measured order and names what it passed over.
    void autoTakesTheFirstAvailable()
    {
        const es::HostAllocator best = es::kMeasuredAllocatorOrder[0];
        const es::HostAllocator second = es::kMeasuredAllocatorOrder[1];
        QCOMPARE(es::bestMeasuredAllocator(), best);

        const es::AllocatorChoice everything = es::resolveAllocator(
            es::HostAllocator::Auto,
            lookupWith({es::HostAllocator::GlibcTuned, es::HostAllocator::Jemalloc,
                        es::HostAllocator::Tcmalloc}));
        QCOMPARE(everything.allocator, best);
        QCOMPARE(everything.reason,
                 "auto: the fastest measured; found " + std::string(es::allocatorKey(best)));

        std::vector<es::HostAllocator> allButBest;
        for (es::HostAllocator allocator : es::kMeasuredAllocatorOrder)
            if (allocator != best)
                allButBest.push_back(allocator);
        const es::AllocatorChoice fallback =
            es::resolveAllocator(es::HostAllocator::Auto, lookupWith(allButBest));
        QCOMPARE(fallback.allocator, second);
        QVERIFY2(fallback.reason.rfind("auto: the fastest available; ", 0) == 0,
                 fallback.reason.c_str());
        QVERIFY2(fallback.reason.find(std::string(es::allocatorKey(best)) +
                                      " not available: missing") != std::string::npos,
                 fallback.reason.c_str());

        const es::AllocatorChoice onlySystem =
            es::resolveAllocator(es::HostAllocator::Auto, lookupWith({}));
        QCOMPARE(onlySystem.allocator, es::HostAllocator::System);
    }

    // An explicit choice is honoured when available and refused, naming the field and the
    // remedy the lookup gave, when not.
    void explicitChoice()
    {
        const es::AllocatorChoice chosen = es::resolveAllocator(
            es::HostAllocator::Jemalloc, lookupWith({es::HostAllocator::Jemalloc}));
        QCOMPARE(chosen.allocator, es::HostAllocator::Jemalloc);
        QCOMPARE(chosen.reason, std::string("set in the config; found jemalloc"));
        try {
            es::resolveAllocator(es::HostAllocator::Tcmalloc, lookupWith({}));
            QFAIL("an unavailable allocator was accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t(1));
            QCOMPARE(error.issues()[0].path, std::string("device.allocator"));
            QCOMPARE(error.issues()[0].message,
                     std::string("\"tcmalloc\" is not available here: missing tcmalloc"));
        }
    }

    // What a machine without the libraries is told: the Debian package, or the setting that
    // lets a running process load jemalloc.
    void unavailableLibrariesSayWhatToDo_data()
    {
        QTest::addColumn<es::HostAllocator>("allocator");
        QTest::addColumn<QStringList>("remedies");
        QTest::newRow("jemalloc") << es::HostAllocator::Jemalloc
                                  << QStringList{"libjemalloc2", "GLIBC_TUNABLES"};
        QTest::newRow("tcmalloc") << es::HostAllocator::Tcmalloc
                                  << QStringList{"libtcmalloc-minimal4"};
    }

    void unavailableLibrariesSayWhatToDo()
    {
        QFETCH(es::HostAllocator, allocator);
        QFETCH(QStringList, remedies);
        const es::AllocatorAvailability availability = es::allocatorAvailability(allocator);
        if (availability.available)
            QSKIP(("available here: " + availability.detail).c_str());
        const QString detail = QString::fromStdString(availability.detail);
        const bool named =
            std::any_of(remedies.begin(), remedies.end(),
                        [&](const QString& remedy) { return detail.contains(remedy); });
        QVERIFY2(named, availability.detail.c_str());
    }

    // A tensor keeps the deleter of the allocator that made it: one made before the lease is
    // freed by LibTorch's allocator during it, one made during it outlives it, grows through
    // its own allocator afterwards and is freed by it.
    void tensorsOutliveTheirLease_data()
    {
        QTest::addColumn<es::HostAllocator>("allocator");
        QTest::newRow("jemalloc") << es::HostAllocator::Jemalloc;
        QTest::newRow("tcmalloc") << es::HostAllocator::Tcmalloc;
    }

    void tensorsOutliveTheirLease()
    {
        QFETCH(es::HostAllocator, allocator);
        if (const auto why = es::test::allocatorUnavailable(allocator))
            QSKIP(why->c_str());
        constexpr std::int64_t kElements = 1 << 22;  // 16 MiB: a block glibc would mmap
        torch::Tensor before = torch::full({kElements}, 1.0F);
        const c10::DeleterFnPtr defaultDeleter = before.storage().data_ptr().get_deleter();
        torch::Tensor during;
        {
            const es::AllocatorLease lease(allocator);
            QCOMPARE(es::currentTensorAllocator(), std::string(es::allocatorKey(allocator)));
            during = torch::full({kElements}, 2.0F);
            QVERIFY(during.storage().data_ptr().get_deleter() != defaultDeleter);
            QCOMPARE(reinterpret_cast<std::uintptr_t>(during.data_ptr()) % 64, std::uintptr_t(0));
            before = torch::Tensor();
            // Empty tensors allocate nothing, as with LibTorch's own allocator.
            QCOMPARE(torch::empty({0}).numel(), std::int64_t(0));
        }
        QCOMPARE(es::currentTensorAllocator(), std::string("default"));
        during.resize_({2 * kElements});
        during.narrow(0, kElements, kElements).fill_(3.0F);
        QCOMPARE(during.sum().item<double>(), 5.0 * kElements);
        during = torch::Tensor();
        QVERIFY(torch::ones({8}).storage().data_ptr().get_deleter() == defaultDeleter);
    }

    // Leases may overlap (two runs at once): the newest live one is in force, and LibTorch's
    // allocator comes back when the last one ends.
    void overlappingLeases()
    {
        if (const auto why = es::test::allocatorUnavailable(es::HostAllocator::Tcmalloc))
            QSKIP(why->c_str());
        auto first = std::make_unique<es::AllocatorLease>(es::HostAllocator::System);
        QCOMPARE(es::currentTensorAllocator(), std::string("default"));
        auto second = std::make_unique<es::AllocatorLease>(es::HostAllocator::Tcmalloc);
        QCOMPARE(es::currentTensorAllocator(), std::string("tcmalloc"));
        first.reset();
        QCOMPARE(es::currentTensorAllocator(), std::string("tcmalloc"));
        second.reset();
        QCOMPARE(es::currentTensorAllocator(), std::string("default"));
    }

    // glibc's main heap grows and shrinks the program break with sbrk, which is not atomic:
    // a library that moved the break too, from the engine thread while the GUI thread's
    // heap grew, handed out memory glibc also owned (the heap corruption tst_mainwindow hit
    // about once in 50 runs). A loaded allocator takes its memory from mmap only.
    void leavesTheProgramBreakToGlibc_data() { tensorsOutliveTheirLease_data(); }

    void leavesTheProgramBreakToGlibc()
    {
        QFETCH(es::HostAllocator, allocator);
        if (const auto why = es::test::allocatorUnavailable(allocator))
            QSKIP(why->c_str());
        constexpr std::int64_t kElements = 1 << 24;  // 64 MiB, more than glibc's heap would add
        constexpr std::intptr_t kBytes = kElements * std::int64_t(sizeof(float));
        const es::AllocatorLease lease(allocator);
        const auto breakBefore = reinterpret_cast<std::intptr_t>(::sbrk(0));
        const torch::Tensor big = torch::full({kElements}, 1.0F);
        const auto breakAfter = reinterpret_cast<std::intptr_t>(::sbrk(0));
        QVERIFY2(breakAfter - breakBefore < kBytes,
                 qPrintable(
                     QString("the program break moved by %1 bytes").arg(breakAfter - breakBefore)));
        QCOMPARE(big.sum().item<double>(), double(kElements));
    }

    // Every allocator trains to exactly the losses of the system allocator (only where the
    // memory comes from changes, not one operation), on both workloads and both backends; the
    // run used it, recorded it, and LibTorch's allocator is back afterwards.
    void trainsAlikeAndRecordsTheChoice_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<es::HostAllocator>("allocator");
        for (const char* workload : {"regression", "sentiment"})
            for (const char* backend : {"libtorch", "onednn"})
                for (es::HostAllocator allocator :
                     {es::HostAllocator::Jemalloc, es::HostAllocator::Tcmalloc,
                      es::HostAllocator::GlibcTuned})
                    QTest::addRow("%s %s %s", workload, backend,
                                  std::string(es::allocatorKey(allocator)).c_str())
                        << workload << backend << allocator;
    }

    void trainsAlikeAndRecordsTheChoice()
    {
        QFETCH(QString, workload);
        QFETCH(QString, backend);
        QFETCH(es::HostAllocator, allocator);
        if (const auto why = es::test::allocatorUnavailable(allocator))
            QSKIP(why->c_str());
        nlohmann::json document = workload == "regression" ? es::test::smallRegressionJson()
                                                           : es::test::smallSentimentJson();
        document["backend"] = backend.toStdString();
        document["training"]["epochs"] = 2;
        document["training"]["steps_per_epoch"] = 4;

        document["device"]["allocator"] = "system";
        const es::RunResult reference = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(reference.state, es::RunState::Finished);
        QCOMPARE(reference.info.allocator, std::string("system"));

        document["device"]["allocator"] = std::string(es::allocatorKey(allocator));
        es::TrainingSession session(es::parseRunConfig(document));
        AllocatorSpy spy;
        session.addObserver(&spy);
        session.start();
        session.wait();
        const es::RunResult& result = session.result();
        QCOMPARE(result.state, es::RunState::Finished);
        QCOMPARE(lossesOf(result), lossesOf(reference));
        QCOMPARE(result.epochs.back().valLoss, reference.epochs.back().valLoss);

        const std::string key(es::allocatorKey(allocator));
        QCOMPARE(result.info.allocator, key);
        QVERIFY2(result.info.allocatorReason.rfind("set in the config; ", 0) == 0,
                 result.info.allocatorReason.c_str());
        const nlohmann::json run = es::runInfoJson(result.info);
        QCOMPARE(run.at("allocator").get<std::string>(), key);
        QCOMPARE(run.at("allocator_reason").get<std::string>(), result.info.allocatorReason);
        // glibc-tuned changes glibc, not where tensors come from.
        QCOMPARE(spy.seen(),
                 allocator == es::HostAllocator::GlibcTuned ? std::string("default") : key);
        QCOMPARE(es::currentTensorAllocator(), std::string("default"));
    }

    // `auto` resolves to the best allocator this machine has, and says so.
    void autoRunRecordsWhatItPicked()
    {
        nlohmann::json document = es::test::smallRegressionJson();
        document["training"]["epochs"] = 1;
        document["training"]["steps_per_epoch"] = 2;
        const es::RunResult result = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(result.state, es::RunState::Finished);
        const es::AllocatorChoice expected = es::resolveAllocator(es::HostAllocator::Auto);
        QCOMPARE(result.info.allocator, std::string(es::allocatorKey(expected.allocator)));
        QVERIFY2(result.info.allocatorReason.rfind(expected.reason, 0) == 0,
                 result.info.allocatorReason.c_str());
        QCOMPARE(es::currentTensorAllocator(), std::string("default"));
    }

    // glibc-tuned cannot be undone in a process (mallopt): a later system run says so.
    void systemAfterGlibcTunedSaysSo()
    {
        if (const auto why = es::test::allocatorUnavailable(es::HostAllocator::GlibcTuned))
            QSKIP(why->c_str());
        nlohmann::json document = es::test::smallRegressionJson();
        document["training"]["epochs"] = 1;
        document["training"]["steps_per_epoch"] = 2;
        document["device"]["allocator"] = "glibc-tuned";
        QCOMPARE(es::test::runToEnd(es::parseRunConfig(document)).state, es::RunState::Finished);
        QVERIFY(es::glibcTunedInProcess());
        document["device"]["allocator"] = "system";
        const es::RunResult later = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(later.info.allocator, std::string("system"));
        QVERIFY2(later.info.allocatorReason.find("stays tuned") != std::string::npos,
                 later.info.allocatorReason.c_str());
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestAllocator)
#include "tst_allocator.moc"
