#include "engine/data/batchprefetcher_torch.h"

#include "engine/core/threadname.h"

#include <utility>

namespace es {

BatchPrefetcher::BatchPrefetcher(std::size_t depth, Produce produce)
    : m_depth(depth), m_produce(std::move(produce)), m_thread([this] {
          nameThisThread("es-loader");
          loaderMain();
      })
{
}

BatchPrefetcher::~BatchPrefetcher()
{
    {
        std::lock_guard lock(m_mutex);
        m_shutdown = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void BatchPrefetcher::begin(std::int64_t first, std::int64_t count,
                            const std::function<void()>& reorder)
{
    std::unique_lock lock(m_mutex);
    ++m_epoch;  // a batch still being produced for the old epoch is dropped when it arrives
    m_count = 0;
    m_ready.clear();
    m_error = nullptr;
    // The loader reads the batch order while producing: change it only once the loader is idle.
    m_changed.wait(lock, [this] { return !m_producing; });
    reorder();
    m_nextToProduce = first;
    m_count = count;
    lock.unlock();
    m_changed.notify_all();
}

Dataset BatchPrefetcher::next()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_ready.empty() || m_error || m_shutdown; });
    if (!m_ready.empty()) {
        Dataset batch = std::move(m_ready.front());
        m_ready.pop_front();
        lock.unlock();
        m_changed.notify_all();  // room for the loader
        return batch;
    }
    if (m_error)
        std::rethrow_exception(m_error);
    throw std::logic_error("BatchPrefetcher::next after shutdown");
}

void BatchPrefetcher::loaderMain()
{
    // Gathers run single-threaded here: an OpenMP team of its own would compete with the
    // training step's intra-op threads for the same cores.
    at::set_num_threads(1);
    std::unique_lock lock(m_mutex);
    while (true) {
        m_changed.wait(lock, [this] {
            return m_shutdown ||
                   (!m_error && m_nextToProduce < m_count && m_ready.size() < m_depth);
        });
        if (m_shutdown)
            return;
        const std::uint64_t epoch = m_epoch;
        const std::int64_t index = m_nextToProduce++;
        m_producing = true;
        lock.unlock();
        Dataset batch;
        std::exception_ptr error;
        try {
            batch = m_produce(index);
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        m_producing = false;
        if (epoch == m_epoch) {  // else begin() started a new epoch meanwhile: drop the batch
            if (error)
                m_error = error;
            else
                m_ready.push_back(std::move(batch));
        }
        // Always: begin() may be waiting for the loader to go idle (a stopped epoch).
        m_changed.notify_all();
    }
}

}  // namespace es
