// The counting tensor allocator (engine/train/tensormemory_torch.h): the bytes and blocks it
// counts while tensors hold them, the peak of a stretch, frees on other threads and through
// raw_deallocate, and what it leaves alone (blocks made before it, zero bytes).

#include "engine/train/tensormemory.h"
#include "engine/train/tensormemory_torch.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <ATen/Parallel.h>
#include <c10/core/CPUAllocator.h>
#include <torch/torch.h>

#include <atomic>
#include <stdexcept>
#include <thread>

namespace {

constexpr std::int64_t kMiB = 1 << 20;
// A block's usable size is at least what was asked and at most this much more (glibc's chunk
// rounding and header; LibTorch asks 64-byte alignment).
constexpr std::int64_t kBlockSlack = 4096;

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
