#pragma once

// Internal to the engine (LibTorch): a process group of a distributed run on PyTorch's c10d.

#include "engine/config/rendezvous.h"
#include "engine/distributed/keyvaluestore.h"

#include <torch/torch.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace es {

/// The ranks could not meet or talk: a rendezvous that timed out, a peer that went away, an
/// interface that does not exist. what() names the setting to check.
class DistributedError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The meeting ended because ProcessGroupOptions::stopRequested asked (a stop signal): no
/// rank failed, the run stops before its first step.
class DistributedStopped : public DistributedError {
public:
    using DistributedError::DistributedError;
};

struct ProcessGroupOptions {
    Rendezvous rendezvous;
    int rank = 0;
    int worldSize = 1;
    /// The network interface (`eth0`) or the address or host name of this machine that Gloo
    /// binds to. Empty: the loopback address, for ranks on one machine. Gloo's own choice (the
    /// host name's address, or loopback when that does not resolve) is never used, because on
    /// several machines it falls back to loopback without a word.
    std::string interface;
    /// How long a rank waits for the others, at the rendezvous and at each collective. Every
    /// wait of the meeting ends by then: connecting to the store, each request, the file to
    /// appear, the other ranks to arrive.
    std::chrono::milliseconds timeout{std::chrono::minutes(5)};
    /// Asked about every 100 ms while the ranks meet; true ends the meeting at once with
    /// DistributedStopped. Empty: the meeting is never stopped.
    StopRequest stopRequested;
};

/// A sum over the ranks that runs on Gloo's threads while this rank goes on computing
/// (ProcessGroup::startAllReduceSum): a bucket of gradients reduced while backward runs.
class PendingSum {
public:
    struct State;
    explicit PendingSum(std::unique_ptr<State> state);
    ~PendingSum();
    PendingSum(const PendingSum&) = delete;
    PendingSum& operator=(const PendingSum&) = delete;

    /// Blocks until every rank's part has arrived, then writes the sums into the tensors it
    /// was started with. DistributedError as for ProcessGroup's other collectives.
    void wait();
    /// When it was started, and when this rank had the sums (possibly long before wait() was
    /// called; the start when it was not known), on the steady clock.
    std::chrono::steady_clock::time_point startedAt() const;
    std::chrono::steady_clock::time_point arrivedAt() const;

private:
    std::unique_ptr<State> m_state;
};

/// A group of ranks over c10d's Gloo backend (CPU tensors), met at EpochScope's own TCP store
/// (rank 0 serves it on the address given, storeserver.h) or file (rendezvousfile.h), not at
/// c10d's TCPStore or FileStore (docs/distributed.md says why). Every collective blocks until
/// all ranks took part or the timeout passed (DistributedError).
class ProcessGroup {
public:
    /// Meets the other ranks; blocks until all of them arrived or the timeout passed
    /// (DistributedError naming the ranks that did not arrive and where), or until a stop was
    /// asked (DistributedStopped).
    explicit ProcessGroup(const ProcessGroupOptions& options);
    ~ProcessGroup();
    ProcessGroup(const ProcessGroup&) = delete;
    ProcessGroup& operator=(const ProcessGroup&) = delete;

    int rank() const { return m_rank; }
    int worldSize() const { return m_worldSize; }

    /// Replaces each tensor by its sum over the ranks, in one message per element type; the
    /// same shapes, types and order on every rank, as allReduceMean.
    void allReduceSum(std::vector<torch::Tensor>& tensors);
    /// Starts summing `tensors` over the ranks and returns at once; the sums are written into
    /// them by PendingSum::wait(), and nothing may write to them before. Every rank must start
    /// its sums (and other collectives) in the same order.
    std::unique_ptr<PendingSum> startAllReduceSum(std::vector<torch::Tensor> tensors);
    /// Replaces each tensor by its mean over the ranks, in one message per element type. The
    /// tensors must have the same shapes and types on every rank, in the same order.
    void allReduceMean(std::vector<torch::Tensor>& tensors);
    /// Replaces each tensor by rank 0's.
    void broadcastFromRankZero(std::vector<torch::Tensor>& tensors);
    /// Every rank's `tensor` on rank 0, in rank order (an empty list on the other ranks). The
    /// tensors must have the same shape and type on every rank.
    std::vector<torch::Tensor> gatherToRankZero(const torch::Tensor& tensor);
    /// Rank 0's `text` on every rank (the others' `text` is not read).
    std::string broadcastTextFromRankZero(const std::string& text);
    /// Sets `key` to `value` in the store the ranks met at, for every rank to read.
    void publish(const std::string& key, const std::string& value);
    /// The value of `key` in the store; waits until some rank set it (or the timeout passed).
    std::string lookUp(const std::string& key);
    /// Returns when every rank has called it.
    void barrier();

private:
    struct Backend;
    int m_rank;
    int m_worldSize;
    std::unique_ptr<Backend> m_backend;
};

}  // namespace es
