// The counting tensor allocator (engine/train/tensormemory_torch.h): the bytes and blocks it
// counts while tensors hold them, the peak of a stretch, frees on other threads and through
// raw_deallocate, and what it leaves alone (blocks made before it, zero bytes). Then against
// ground truth in real runs: every allocator a run can lease is counted, bytes allocated in a
// known phase show in that phase's peak and in no other, a deliberate leak gives
// memory-growth, and memory-headroom's projection of a larger batch comes within 15% of it.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/diagnosis/batchpeaks.h"
#include "engine/diagnosis/rules.h"
#include "engine/diagnosis/storedbatchpeaks.h"
#include "engine/diagnosis/storeddiagnosis.h"
#include "engine/store/runrecorder.h"
#include "engine/store/runstore.h"
#include "engine/train/allocator.h"
#include "engine/train/runextensions_torch.h"
#include "engine/train/tensormemory.h"
#include "engine/train/tensormemory_torch.h"
#include "engine/train/trainingsession.h"
#include "tests/support/allocatorskip.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <ATen/Parallel.h>
#include <c10/core/CPUAllocator.h>
#include <torch/torch.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

constexpr std::int64_t kMiB = 1 << 20;
// A block's usable size is at least what was asked and at most this much more (glibc's chunk
// rounding and header; LibTorch asks 64-byte alignment).
constexpr std::int64_t kBlockSlack = 4096;
// What two runs of one config may differ by in the bytes they hold at a moment: a small block's
// usable size depends on which free chunk malloc reuses for it (seen: up to 200 bytes over a
// step's hundreds of blocks).
constexpr std::int64_t kRunToRunSlack = 64 * 1024;

c10::Allocator* countingDefault()
{
    return es::countingTensorAllocator(es::CountedAllocator::Default, c10::GetDefaultCPUAllocator(),
                                       es::processMallocBlockSize);
}

/// LibTorch's CPU tensors come from the counting allocator while it lives.
class CountedTensors {
public:
    CountedTensors() : m_before(c10::GetCPUAllocator())
    {
        c10::SetCPUAllocator(countingDefault(), 0);
    }
    ~CountedTensors() { c10::SetCPUAllocator(m_before, 0); }
    CountedTensors(const CountedTensors&) = delete;
    CountedTensors& operator=(const CountedTensors&) = delete;

private:
    c10::Allocator* m_before;
};

std::int64_t liveNow()
{
    return es::tensorMemoryCounts().liveBytes;
}

// What the runs inject: far above everything the small model holds (well under 1 MiB), so the
// injected block decides its phase's peak whatever else is held at that moment.
constexpr std::int64_t kInjectedBytes = 32 * kMiB;
constexpr int kMemorySteps = 8;

/// Allocates kInjectedBytes and lets them go at once.
void allocateAndFree()
{
    const torch::Tensor block = torch::empty({kInjectedBytes / 4});
    block.fill_(1.0F);
}

/// An identity whose gradient allocates (and frees) kInjectedBytes in the backward pass.
struct AllocatingBackward : torch::autograd::Function<AllocatingBackward> {
    static torch::Tensor forward(torch::autograd::AutogradContext*, torch::Tensor x)
    {
        return x.clone();
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext*,
                                                   torch::autograd::variable_list gradients)
    {
        allocateAndFree();
        return {gradients[0]};
    }
};

class AllocatingCallback : public es::Callback {
public:
    std::string name() const override { return "allocating_test_callback"; }
    void onBatchEnd(es::CallbackContext&, const es::BatchRecord&) override { allocateAndFree(); }
};

/// Extensions that allocate kInjectedBytes in `phase`, or nothing when it is Other.
std::shared_ptr<const es::RunExtensions> allocatingIn(es::Phase phase)
{
    auto extensions = std::make_shared<es::RunExtensions>();
    switch (phase) {
        case es::Phase::DataWait:
            extensions->transformBatch = [](es::Dataset batch) {
                allocateAndFree();
                return batch;
            };
            break;
        case es::Phase::Forward:
            extensions->extraLoss = [](const torch::Tensor& prediction, const torch::Tensor&) {
                allocateAndFree();
                return torch::zeros({}, prediction.options());
            };
            break;
        case es::Phase::Backward:
            extensions->extraLoss = [](const torch::Tensor& prediction, const torch::Tensor&) {
                return AllocatingBackward::apply(prediction).sum() * 0.0;
            };
            break;
        case es::Phase::Optimizer:
            extensions->beforeOptimizerStep = [](const std::vector<torch::Tensor>&) {
                allocateAndFree();
            };
            break;
        case es::Phase::Callbacks:
            extensions->callbacks.push_back(std::make_shared<AllocatingCallback>());
            break;
        default: break;
    }
    return extensions;
}

es::RunConfig memoryRunConfig(const char* allocator, int epochs, int steps)
{
    nlohmann::json document = es::test::smallRegressionJson();
    // Data wait on the engine thread: a prefetching loader would allocate the batches (and run
    // the transform) on its own thread, concurrently with the step.
    document["data"]["prefetch"] = 0;
    document["training"]["epochs"] = epochs;
    document["training"]["steps_per_epoch"] = steps;
    document["device"]["intra_op_threads"] = 1;
    document["device"]["allocator"] = allocator;
    return es::parseRunConfig(document);
}

es::RunResult trainWithExtensions(const es::RunConfig& config,
                                  std::shared_ptr<const es::RunExtensions> extensions)
{
    es::TrainingSession session(config);
    session.extend(std::move(extensions));
    session.start();
    session.wait();
    return session.result();
}

std::int64_t peakOf(const es::BatchRecord& step, es::Phase phase)
{
    return step.memory.peakBytes[es::phaseIndex(phase)];
}

/// The phase's peak over the steps after the first (which makes the optimizer's state).
std::int64_t highestPeak(const std::vector<es::BatchRecord>& steps, es::Phase phase)
{
    std::int64_t highest = 0;
    for (std::size_t i = 1; i < steps.size(); ++i)
        highest = std::max(highest, peakOf(steps[i], phase));
    return highest;
}

std::int64_t lowestPeak(const std::vector<es::BatchRecord>& steps, es::Phase phase)
{
    std::int64_t lowest = peakOf(steps.at(1), phase);
    for (std::size_t i = 1; i < steps.size(); ++i)
        lowest = std::min(lowest, peakOf(steps[i], phase));
    return lowest;
}

QString peaksOf(const std::vector<es::BatchRecord>& steps)
{
    QStringList lines;
    for (const es::BatchRecord& step : steps) {
        QStringList parts;
        for (es::Phase phase : es::kAllPhases)
            parts << QString("%1 %2/%3")
                         .arg(QString::fromStdString(std::string(es::phaseKey(phase))))
                         .arg(peakOf(step, phase))
                         .arg(step.memory.endBytes[es::phaseIndex(phase)]);
        lines << QString("step %1.%2 (peak/end): %3")
                     .arg(step.epoch)
                     .arg(step.batch)
                     .arg(parts.join(", "));
    }
    return lines.join("\n");
}

}  // namespace

class TestTensorMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsABlockWhileATensorHoldsIt()
    {
        const CountedTensors counted;
        const es::TensorMemoryCounts before = es::tensorMemoryCounts();
        {
            const torch::Tensor tensor = torch::empty({256, 1024});  // 1 MiB of floats
            const es::TensorMemoryCounts held = es::tensorMemoryCounts();
            QVERIFY(held.liveBytes - before.liveBytes >= kMiB);
            QVERIFY(held.liveBytes - before.liveBytes <= kMiB + kBlockSlack);
            QCOMPARE(held.allocations - before.allocations, std::int64_t(1));
        }
        QCOMPARE(liveNow(), before.liveBytes);
    }

    void aStretchHasItsPeakItsEndAndItsAllocations()
    {
        const CountedTensors counted;
        es::endTensorMemorySpan();  // a stretch begins here
        const std::int64_t start = liveNow();
        torch::Tensor kept;
        {
            const torch::Tensor large = torch::zeros({4 * 256, 1024});  // 4 MiB, then freed
            kept = torch::zeros({256, 1024});                           // 1 MiB, kept
        }
        const es::MemorySpan span = es::endTensorMemorySpan();
        QVERIFY(span.peakBytes - start >= 5 * kMiB);
        QVERIFY(span.peakBytes - start <= 5 * kMiB + 2 * kBlockSlack);
        QVERIFY(span.endBytes - start >= kMiB);
        QVERIFY(span.endBytes - start <= kMiB + kBlockSlack);
        QCOMPARE(span.allocations, std::int64_t(2));
        // The next stretch starts from what is held: with nothing done, its peak is its end.
        const es::MemorySpan idle = es::endTensorMemorySpan();
        QCOMPARE(idle.peakBytes, span.endBytes);
        QCOMPARE(idle.endBytes, span.endBytes);
        QCOMPARE(idle.allocations, std::int64_t(0));
        kept = torch::Tensor();
        QCOMPARE(liveNow(), start);
    }

    void aBlockFreedOnAnotherThreadIsCounted()
    {
        const CountedTensors counted;
        const std::int64_t before = liveNow();
        torch::Tensor tensor = torch::ones({512, 1024});  // 2 MiB
        QVERIFY(liveNow() - before >= 2 * kMiB);
        std::thread freer([moved = std::move(tensor)]() mutable { moved = torch::Tensor(); });
        freer.join();
        QCOMPARE(liveNow(), before);
    }

    void intraOpThreadsAreCounted()
    {
        // A parallel loop's workers allocate for the calling thread's work: a per-thread hook
        // would need them to carry it; the allocator sees them all.
        const CountedTensors counted;
        const int threadsBefore = at::get_num_threads();
        at::set_num_threads(2);
        const es::TensorMemoryCounts before = es::tensorMemoryCounts();
        std::atomic<std::int64_t> made{0};
        at::parallel_for(0, 8, 1, [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                const torch::Tensor scratch = torch::empty({64, 1024});
                made += 1;
            }
        });
        at::set_num_threads(threadsBefore);
        QCOMPARE(made.load(), std::int64_t(8));
        QCOMPARE(es::tensorMemoryCounts().allocations - before.allocations, std::int64_t(8));
        QCOMPARE(liveNow(), before.liveBytes);
    }

    void rawAllocationsAreCountedToo()
    {
        // oneDNN's scratch memory comes through raw_allocate and goes back through
        // raw_deallocate, which call the allocator's raw_deleter with the pointer alone.
        c10::Allocator* allocator = countingDefault();
        const std::int64_t before = liveNow();
        void* block = allocator->raw_allocate(100000);
        QVERIFY(block != nullptr);
        QVERIFY(liveNow() - before >= 100000);
        allocator->raw_deallocate(block);
        QCOMPARE(liveNow(), before);
    }

    void blocksFromBeforeAndZeroBytesAreLeftAlone()
    {
        const std::int64_t before = liveNow();
        {
            // Made by LibTorch's own allocator, not the counting one: its free is not counted
            // either, so the figure cannot go below what the counting allocator handed out.
            const torch::Tensor uncounted = torch::ones({1024, 1024});
            QCOMPARE(liveNow(), before);
        }
        QCOMPARE(liveNow(), before);
        const es::TensorMemoryCounts counts = es::tensorMemoryCounts();
        {
            const c10::DataPtr nothing = countingDefault()->allocate(0);
            QVERIFY(nothing.get() == nullptr);
        }
        QCOMPARE(es::tensorMemoryCounts().allocations, counts.allocations);
        QCOMPARE(liveNow(), before);
    }

    // Every allocator a run can lease counts the run's tensors, and gives the counting back
    // when the lease ends (tensors made before it and after it are not counted).
    void everyLeasedAllocatorIsCounted_data()
    {
        QTest::addColumn<es::HostAllocator>("allocator");
        QTest::newRow("system") << es::HostAllocator::System;
        QTest::newRow("jemalloc") << es::HostAllocator::Jemalloc;
        QTest::newRow("tcmalloc") << es::HostAllocator::Tcmalloc;
    }

    void everyLeasedAllocatorIsCounted()
    {
        QFETCH(es::HostAllocator, allocator);
        if (const auto why = es::test::allocatorUnavailable(allocator))
            QSKIP(why->c_str());
        const std::int64_t before = liveNow();
        torch::Tensor kept;
        {
            const es::AllocatorLease lease(allocator);
            // LibTorch's own allocator serves `system`, counted.
            const std::string expected = allocator == es::HostAllocator::System
                                             ? "default"
                                             : std::string(es::allocatorKey(allocator));
            QCOMPARE(es::currentTensorAllocator(), expected);
            QVERIFY2(lease.note().empty(), lease.note().c_str());
            kept = torch::ones({1024, 1024});  // 4 MiB
            QVERIFY(liveNow() - before >= 4 * kMiB);
            QVERIFY(liveNow() - before <= 4 * kMiB + kBlockSlack);
        }
        // Made outside any lease: not counted.
        const torch::Tensor after = torch::ones({1024, 1024});
        QVERIFY(liveNow() - before >= 4 * kMiB);
        kept = torch::Tensor();
        QCOMPARE(liveNow(), before);
    }

    // Bytes allocated in a known phase of every step show in that phase's peak, within the
    // little else the model holds at that moment, and in no other phase's.
    void injectedBytesLandInTheirPhase_data()
    {
        QTest::addColumn<es::Phase>("phase");
        QTest::addColumn<QString>("allocator");
        for (const char* allocator : {"system", "tcmalloc"})
            for (es::Phase phase : {es::Phase::DataWait, es::Phase::Forward, es::Phase::Backward,
                                    es::Phase::Optimizer, es::Phase::Callbacks})
                QTest::addRow("%s, %s", std::string(es::phaseKey(phase)).c_str(), allocator)
                    << phase << QString(allocator);
    }

    void injectedBytesLandInTheirPhase()
    {
        QFETCH(es::Phase, phase);
        QFETCH(QString, allocator);
        const es::RunConfig config =
            memoryRunConfig(allocator.toUtf8().constData(), 1, kMemorySteps);
        if (const auto why = es::test::allocatorUnavailable(config.device.allocator))
            QSKIP(why->c_str());
        const es::RunResult bare = trainWithExtensions(config, allocatingIn(es::Phase::Other));
        const es::RunResult injected = trainWithExtensions(config, allocatingIn(phase));
        QCOMPARE(bare.state, es::RunState::Finished);
        QCOMPARE(injected.state, es::RunState::Finished);
        QCOMPARE(int(injected.batches.size()), kMemorySteps);
        const QString detail =
            "bare:\n" + peaksOf(bare.batches) + "\ninjected:\n" + peaksOf(injected.batches);
        for (es::Phase each : es::kAllPhases) {
            const std::int64_t bareHighest = highestPeak(bare.batches, each);
            if (each == phase) {
                // The block on top of whatever the step held then, at most its peak.
                QVERIFY2(lowestPeak(injected.batches, each) >= kInjectedBytes, qPrintable(detail));
                QVERIFY2(highestPeak(injected.batches, each) <=
                             kInjectedBytes + kBlockSlack + kRunToRunSlack + bareHighest,
                         qPrintable(detail));
            } else {
                QVERIFY2(highestPeak(injected.batches, each) < kInjectedBytes / 2,
                         qPrintable(detail));
            }
        }
        for (const es::BatchRecord& step : injected.batches)
            QVERIFY2(step.memory.allocations > 0, qPrintable(detail));
    }

    // A value logged every step without detaching it (a list of losses kept as tensors, the
    // classic leak) keeps its graph, and with it every tensor the graph saved: here tanh's
    // 256 kB result. memory-growth says so, with the rate; the same run that keeps only the
    // numbers does not get it.
    void aLeakGivesMemoryGrowth()
    {
        const es::RunConfig config = memoryRunConfig("system", 3, 8);
        auto kept = std::make_shared<std::vector<torch::Tensor>>();
        auto leaking = std::make_shared<es::RunExtensions>();
        leaking->extraLoss = [kept](const torch::Tensor& prediction, const torch::Tensor&) {
            kept->push_back(torch::tanh(prediction.repeat({1, 2048})).mean());
            return torch::zeros({}, prediction.options());
        };
        const es::RunResult leaked = trainWithExtensions(config, leaking);
        QCOMPARE(leaked.state, es::RunState::Finished);
        auto values = std::make_shared<std::vector<double>>();
        auto tidy = std::make_shared<es::RunExtensions>();
        tidy->extraLoss = [values](const torch::Tensor& prediction, const torch::Tensor&) {
            values->push_back(torch::tanh(prediction.repeat({1, 2048})).mean().item<double>());
            return torch::zeros({}, prediction.options());
        };
        const es::RunResult clean = trainWithExtensions(config, tidy);
        QCOMPARE(clean.state, es::RunState::Finished);

        const auto growthOf = [](const es::RunResult& result) {
            es::RunEvidence evidence;
            evidence.epochs = result.epochs;
            evidence.batches = result.batches;
            return es::diagnoseMemoryGrowth(evidence);
        };
        const std::vector<es::Finding> found = growthOf(leaked);
        QVERIFY2(found.size() == 1, qPrintable(peaksOf(leaked.batches)));
        QCOMPARE(found.front().id, std::string("memory-growth"));
        QVERIFY2(found.front().evidence.find("more a step") != std::string::npos,
                 found.front().evidence.c_str());
        QVERIFY2(growthOf(clean).empty(), qPrintable(peaksOf(clean.batches)));
        // What each step kept: the 256 kB tanh result, and what else its graph holds back into
        // the model (a fused kernel's workspace lives as long as its graph node): more than
        // the result, less than twice it.
        const es::BatchRecord& first = leaked.batches.front();
        const es::BatchRecord& last = leaked.batches.back();
        const auto heldAtEnd = [](const es::BatchRecord& step) {
            return step.memory.endBytes[es::phaseIndex(es::Phase::Callbacks)];
        };
        const std::int64_t perStep = (heldAtEnd(last) - heldAtEnd(first)) /
                                     static_cast<std::int64_t>(leaked.batches.size() - 1);
        QVERIFY2(perStep >= 32 * 2048 * 4 && perStep <= 2 * 32 * 2048 * 4,
                 qPrintable(QString::number(perStep)));
        kept->clear();
    }

    // memory-headroom's projection against ground truth, on the two reference presets: runs at
    // batches 64 and 128 in a run database give the line (the lookup a diagnosis makes), and a
    // run at 256 measures the peak it projects there. Both are shortened alike (2 epochs of 5
    // steps, 2,000 samples) so that each run's steady steps come after a validation, as a full
    // run's do.
    void projectedPeakIsWithin15PercentOfTheMeasured_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("keras-lstm-regression") << "keras-lstm-regression";
        QTest::newRow("imdb-lstm-sentiment") << "imdb-lstm-sentiment";
    }

    void projectedPeakIsWithin15PercentOfTheMeasured()
    {
        QFETCH(QString, preset);
        const auto configAt = [&preset](std::int64_t batch) {
            nlohmann::json document = es::toJson(es::loadPreset(preset.toStdString()));
            document["data"]["batch_size"] = batch;
            document["data"]["source"]["samples"] = 2000;
            document["training"]["epochs"] = 2;
            document["training"]["steps_per_epoch"] = 5;
            document["device"]["allocator"] = "system";
            return es::parseRunConfig(document);
        };
        QTemporaryDir dir;
        es::RunStore store(dir.filePath("peaks.sqlite").toStdString());
        const auto recordAt = [&](std::int64_t batch) {
            const es::RunConfig config = configAt(batch);
            es::RunRecorder recorder(store, config);
            es::TrainingSession session(config);
            session.addObserver(&recorder);
            session.start();
            session.wait();
            recorder.finish(es::RunStatus::Completed, "", nlohmann::json::object());
            return std::make_pair(recorder.runId(), session.result().state);
        };
        const auto [at64, state64] = recordAt(64);
        QCOMPARE(state64, es::RunState::Finished);
        QCOMPARE(recordAt(128).second, es::RunState::Finished);
        const std::optional<es::StoredRun> run = store.loadRun(at64);
        QVERIFY(run);
        const std::vector<es::BatchPeak> peaks = es::peaksAtOtherBatchSizes(store, *run);
        QCOMPARE(peaks.size(), std::size_t(2));
        const std::optional<es::TensorPeakLine> line = es::fitTensorPeakLine(peaks);
        QVERIFY(line);
        const double projected = line->at(256);

        const es::RunResult measuredRun = trainWithExtensions(configAt(256), nullptr);
        QCOMPARE(measuredRun.state, es::RunState::Finished);
        const std::optional<std::int64_t> measured = es::steadyTensorPeakBytes(measuredRun.batches);
        QVERIFY(measured);
        const double error =
            std::abs(projected - static_cast<double>(*measured)) / static_cast<double>(*measured);
        const QString detail = QString("64: %1 B, 128: %2 B, 256 projected %3 B, measured %4 B")
                                   .arg(peaks[0].peakBytes)
                                   .arg(peaks[1].peakBytes)
                                   .arg(projected, 0, 'f', 0)
                                   .arg(*measured);
        qInfo("%s: %s (%.1f%% off)", qPrintable(preset), qPrintable(detail), error * 100.0);
        QVERIFY2(error <= 0.15, qPrintable(detail));

        // The diagnosis of the run at 64 finds the same runs and says what it projected from.
        const es::StoredRunDiagnosis diagnosis = es::diagnoseStoredRun(*run, false, &store);
        const auto headroom = std::find_if(
            diagnosis.findings.begin(), diagnosis.findings.end(),
            [](const es::Finding& finding) { return finding.id == "memory-headroom"; });
        QVERIFY(headroom != diagnosis.findings.end());
        QVERIFY2(headroom->evidence.find("64 (run 1), 128 (run 2)") != std::string::npos,
                 headroom->evidence.c_str());
    }

    void aSlotWrapsOneAllocator()
    {
        QCOMPARE(countingDefault(), countingDefault());
        QVERIFY_THROWS_EXCEPTION(
            std::logic_error,
            es::countingTensorAllocator(es::CountedAllocator::Default, countingDefault(),
                                        es::processMallocBlockSize));
        QVERIFY_THROWS_EXCEPTION(
            std::logic_error, es::countingTensorAllocator(es::CountedAllocator::Jemalloc, nullptr,
                                                          es::processMallocBlockSize));
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestTensorMemory)
#include "tst_tensormemory.moc"
