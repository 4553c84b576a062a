#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/data/dataset_torch.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace es {

/// A loader thread that prepares the next `depth` batches of an epoch while the engine
/// thread trains, so that data preparation overlaps compute. Batches come out in index
/// order whatever the depth, so a run's losses do not depend on it.
class BatchPrefetcher {
public:
    using Produce = std::function<Dataset(std::int64_t index)>;

    BatchPrefetcher(std::size_t depth, Produce produce);
    /// Cancels the epoch in progress and joins the loader thread.
    ~BatchPrefetcher();

    BatchPrefetcher(const BatchPrefetcher&) = delete;
    BatchPrefetcher& operator=(const BatchPrefetcher&) = delete;

    /// Starts preparing batches first .. count-1 of a new epoch (first > 0 when a run resumes
    /// in the middle of one), dropping what is left of the previous one (a stopped epoch).
    /// `reorder` runs while the loader is idle: the place to draw the epoch's batch order.
    void begin(std::int64_t first, std::int64_t count, const std::function<void()>& reorder);

    /// The next batch in order; waits for the loader when it is behind. Rethrows what the
    /// loader threw.
    Dataset next();

private:
    void loaderMain();

    const std::size_t m_depth;
    const Produce m_produce;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Dataset> m_ready;
    std::int64_t m_nextToProduce = 0;
    std::int64_t m_count = 0;
    std::uint64_t m_epoch = 0;  ///< bumped by begin(), so a batch of an old epoch is dropped
    bool m_producing = false;   ///< the loader is inside m_produce (without the lock)
    bool m_shutdown = false;
    std::exception_ptr m_error;
    std::thread m_thread;
};

}  // namespace es
