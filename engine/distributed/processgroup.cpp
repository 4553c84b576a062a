#include "engine/distributed/processgroup_torch.h"

#include "engine/distributed/distributedmessages.h"
#include "engine/distributed/rendezvousfile.h"
#include "engine/distributed/rendezvousstore_torch.h"
#include "engine/distributed/storeclient.h"
#include "engine/distributed/storeserver.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>

#include <net/if.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <utility>

namespace es {

namespace {

// Each group's keys under a prefix of their own, so that a store could serve several.
constexpr const char* kStorePrefix = "epochscope";
constexpr const char* kLoopback = "127.0.0.1";

// Where each rank says it has come, in the store the ranks meet at (outside Gloo's prefix).
constexpr const char* kArrivedKey = "meeting/arrived/";

/// The store the ranks meet at. c10d's own are not used: 1.13's TCPStore listens on every
/// interface and hangs on a partial message, and its FileStore follows a link planted at its
/// path and hangs on a file it cannot read (issue 31). On rank 0 of a TCP meeting, `server`
/// gets the store's server, which must outlive the group.
std::unique_ptr<KeyValueStore> openStore(const ProcessGroupOptions& options,
                                         std::unique_ptr<StoreServer>& server)
{
    const Rendezvous& rendezvous = options.rendezvous;
    if (rendezvous.kind == Rendezvous::Kind::File) {
        RendezvousFileOptions file;
        file.path = rendezvous.path;
        file.create = options.rank == 0;
        file.timeout = options.timeout;
        file.stop = options.stopRequested;
        return std::make_unique<RendezvousFile>(file);
    }
    if (options.rank == 0) {
        StoreServerOptions serving;
        serving.host = rendezvous.host;
        serving.port = rendezvous.port;
        serving.incompleteTimeout = options.timeout;
        server = std::make_unique<StoreServer>(serving);
    }
    StoreClientOptions client;
    client.host = rendezvous.host;
    client.port = rendezvous.port;
    client.timeout = options.timeout;
    client.stop = options.stopRequested;
    return std::make_unique<StoreClient>(client);
}

/// Says this rank has come and waits, to `deadline`, for every other; RendezvousError naming the
/// ranks that did not come.
void awaitEveryRank(KeyValueStore& store, const ProcessGroupOptions& options,
                    std::chrono::steady_clock::time_point deadline)
{
    store.set(kArrivedKey + std::to_string(options.rank), std::to_string(options.rank));
    std::vector<std::string> keys;
    for (int rank = 0; rank < options.worldSize; ++rank)
        keys.push_back(kArrivedKey + std::to_string(rank));
    const std::vector<std::string> missing =
        awaitKeys(store, keys, deadline, options.stopRequested);
    if (missing.empty())
        return;
    std::vector<std::string> ranks;
    for (const std::string& key : missing)
        ranks.push_back(key.substr(std::string(kArrivedKey).size()));
    throw RendezvousError(
        ranksDidNotArriveText(ranks, store.where(), meetingSeconds(options.timeout)));
}

/// The device Gloo binds to: a network interface by name when one of that name exists, else
/// an address or host name; loopback when none was given.
std::shared_ptr<::gloo::transport::Device> glooDevice(const std::string& interface)
{
    if (interface.empty())
        return c10d::ProcessGroupGloo::createDeviceForHostname(kLoopback);
    if (if_nametoindex(interface.c_str()) != 0)
        return c10d::ProcessGroupGloo::createDeviceForInterface(interface);
    return c10d::ProcessGroupGloo::createDeviceForHostname(interface);
}

/// An error's message without the C++ stack that c10::Error appends.
std::string messageOf(const std::exception& error)
{
    if (const auto* c10Error = dynamic_cast<const c10::Error*>(&error))
        return c10Error->what_without_backtrace();
    return error.what();
}

/// Runs a c10d call, turning its errors (c10::Error, gloo's exceptions) into DistributedError
/// with the rank and what it was doing.
template <typename Call>
void communicate(GroupOperation operation, int rank, Call&& call)
{
    try {
        call();
    } catch (const std::exception& error) {
        throw DistributedError(groupOperationFailedText(rank, operation, messageOf(error)));
    }
}

/// One flat buffer per element type holding all of a list of tensors: one message per type
/// instead of one per tensor (c10d's collectives take a list of same-shaped tensors, one per
/// device, not a list of different tensors).
struct FlatBuffer {
    c10::ScalarType type;
    std::vector<at::Tensor> buffer;  ///< the one tensor, as c10d's collectives take it
};

std::vector<FlatBuffer> flatBuffers(const std::vector<torch::Tensor>& tensors)
{
    std::vector<c10::ScalarType> types;
    for (const torch::Tensor& tensor : tensors)
        if (std::find(types.begin(), types.end(), tensor.scalar_type()) == types.end())
            types.push_back(tensor.scalar_type());
    torch::NoGradGuard noGrad;
    std::vector<FlatBuffer> buffers;
    for (c10::ScalarType type : types) {
        std::vector<torch::Tensor> members;
        for (const torch::Tensor& tensor : tensors)
            if (tensor.scalar_type() == type)
                members.push_back(tensor.reshape({-1}));
        buffers.push_back({type, {torch::cat(members)}});
    }
    return buffers;
}

/// Copies the buffers' values back into the tensors they were made of.
void copyBack(const std::vector<FlatBuffer>& buffers, std::vector<torch::Tensor>& tensors)
{
    torch::NoGradGuard noGrad;
    for (const FlatBuffer& flat : buffers) {
        std::int64_t offset = 0;
        for (torch::Tensor& tensor : tensors) {
            if (tensor.scalar_type() != flat.type)
                continue;
            const std::int64_t count = tensor.numel();
            tensor.copy_(flat.buffer[0].narrow(0, offset, count).view(tensor.sizes()));
            offset += count;
        }
    }
}

/// Runs `collective` on the flat buffers of `tensors`, then copies the result back.
template <typename Collective>
void onFlatBuffers(std::vector<torch::Tensor>& tensors, Collective&& collective)
{
    std::vector<FlatBuffer> buffers = flatBuffers(tensors);
    for (FlatBuffer& flat : buffers)
        collective(flat.buffer);
    copyBack(buffers, tensors);
}

std::int64_t nanosecondsNow()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

struct ProcessGroup::Backend {
    /// Rank 0's server of a TCP meeting, destroyed after everything that talks to it.
    std::unique_ptr<StoreServer> server;
    c10::intrusive_ptr<c10d::Store> store;
    c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
};

ProcessGroup::ProcessGroup(const ProcessGroupOptions& options)
    : m_rank(options.rank), m_worldSize(options.worldSize), m_backend(std::make_unique<Backend>())
{
    if (options.worldSize < 1 || options.rank < 0 || options.rank >= options.worldSize)
        throw DistributedError(rankOutsideWorldText(options.rank, options.worldSize));
    const std::string meeting = rendezvousText(options.rendezvous);
    const auto deadline = std::chrono::steady_clock::now() + options.timeout;
    try {
        auto store = c10::make_intrusive<RendezvousStore>(openStore(options, m_backend->server),
                                                          options.timeout, options.stopRequested);
        awaitEveryRank(store->keys(), options, deadline);
        m_backend->store = c10::make_intrusive<c10d::PrefixStore>(kStorePrefix, store);
        m_backend->store->setTimeout(options.timeout);
        auto glooOptions = c10d::ProcessGroupGloo::Options::create(options.timeout);
        glooOptions->devices.push_back(glooDevice(options.interface));
        m_backend->group = c10::make_intrusive<c10d::ProcessGroupGloo>(
            m_backend->store, options.rank, options.worldSize, glooOptions);
    } catch (const StopRequested&) {
        throw DistributedStopped(rankStoppedMeetingText(options.rank, options.worldSize, meeting));
    } catch (const std::exception& error) {
        throw DistributedError(
            rankCouldNotMeetText(options.rank, options.worldSize, meeting, messageOf(error)));
    }
}

ProcessGroup::~ProcessGroup() = default;

void ProcessGroup::allReduceSum(std::vector<torch::Tensor>& tensors)
{
    if (tensors.empty())
        return;
    communicate(GroupOperation::AllReduce, m_rank, [&] {
        onFlatBuffers(tensors, [&](std::vector<at::Tensor>& buffer) {
            m_backend->group->allreduce(buffer)->wait();
        });
    });
}

// c10d's handle of a collective under way: c10d::ProcessGroup::Work in LibTorch 1.x,
// c10d::Work in 2.x; named through what allreduce returns, so both compile.
using CollectiveWork = decltype(std::declval<c10d::ProcessGroupGloo&>().allreduce(
    std::declval<std::vector<at::Tensor>&>()));

struct PendingSum::State {
    int rank = 0;
    std::vector<torch::Tensor> tensors;
    std::vector<FlatBuffer> buffers;
    std::vector<CollectiveWork> works;
    std::chrono::steady_clock::time_point startedAt;
    /// Nanoseconds on the steady clock when the last buffer's sum arrived, set on Gloo's
    /// thread; 0 until then. Shared with the callbacks, which may outlive this state.
    std::shared_ptr<std::atomic<std::int64_t>> arrivedNs =
        std::make_shared<std::atomic<std::int64_t>>(0);
    std::shared_ptr<std::atomic<int>> buffersLeft = std::make_shared<std::atomic<int>>(0);
};

PendingSum::PendingSum(std::unique_ptr<State> state) : m_state(std::move(state)) {}

// Gloo's work holds its own references to the buffers, so one dropped unwaited (a step that
// failed) writes into nothing that is freed.
PendingSum::~PendingSum() = default;

void PendingSum::wait()
{
    communicate(GroupOperation::AllReduce, m_state->rank, [&] {
        for (const CollectiveWork& work : m_state->works)
            work->wait();
        copyBack(m_state->buffers, m_state->tensors);
    });
}

std::chrono::steady_clock::time_point PendingSum::startedAt() const
{
    return m_state->startedAt;
}

std::chrono::steady_clock::time_point PendingSum::arrivedAt() const
{
    const std::int64_t arrived = m_state->arrivedNs->load();
    if (arrived == 0)
        return m_state->startedAt;
    return std::chrono::steady_clock::time_point(std::chrono::nanoseconds(arrived));
}

std::unique_ptr<PendingSum> ProcessGroup::startAllReduceSum(std::vector<torch::Tensor> tensors)
{
    auto state = std::make_unique<PendingSum::State>();
    state->rank = m_rank;
    state->startedAt = std::chrono::steady_clock::now();
    state->tensors = std::move(tensors);
    communicate(GroupOperation::AllReduce, m_rank, [&] {
        state->buffers = flatBuffers(state->tensors);
        state->buffersLeft->store(static_cast<int>(state->buffers.size()));
        for (FlatBuffer& flat : state->buffers) {
            state->works.push_back(m_backend->group->allreduce(flat.buffer));
            // Runs on Gloo's thread when the sum arrives (at once when it already has).
            state->works.back()->getFuture()->addCallback(
                [arrived = state->arrivedNs, left = state->buffersLeft](c10::ivalue::Future&) {
                    if (left->fetch_sub(1) == 1)
                        arrived->store(nanosecondsNow());
                });
        }
    });
    return std::make_unique<PendingSum>(std::move(state));
}

void ProcessGroup::allReduceMean(std::vector<torch::Tensor>& tensors)
{
    allReduceSum(tensors);
    torch::NoGradGuard noGrad;
    for (torch::Tensor& tensor : tensors)
        tensor.div_(m_worldSize);
}

void ProcessGroup::broadcastFromRankZero(std::vector<torch::Tensor>& tensors)
{
    if (tensors.empty())
        return;
    communicate(GroupOperation::Broadcast, m_rank, [&] {
        onFlatBuffers(tensors, [&](std::vector<at::Tensor>& buffer) {
            c10d::BroadcastOptions options;
            options.rootRank = 0;
            m_backend->group->broadcast(buffer, options)->wait();
        });
    });
}

std::vector<torch::Tensor> ProcessGroup::gatherToRankZero(const torch::Tensor& tensor)
{
    std::vector<at::Tensor> input{tensor.contiguous()};
    // c10d's gather takes one list of per-rank outputs on the root, and none elsewhere.
    std::vector<std::vector<at::Tensor>> outputs;
    if (m_rank == 0) {
        outputs.emplace_back();
        for (int member = 0; member < m_worldSize; ++member)
            outputs.back().push_back(torch::empty_like(input.front()));
    }
    communicate(GroupOperation::Gather, m_rank, [&] {
        c10d::GatherOptions options;
        options.rootRank = 0;
        m_backend->group->gather(outputs, input, options)->wait();
    });
    return m_rank == 0 ? outputs.front() : std::vector<torch::Tensor>();
}

std::string ProcessGroup::broadcastTextFromRankZero(const std::string& text)
{
    std::vector<torch::Tensor> length{
        torch::tensor({static_cast<std::int64_t>(text.size())}, torch::kInt64)};
    broadcastFromRankZero(length);
    const std::int64_t size = length[0].item<std::int64_t>();
    std::vector<torch::Tensor> bytes{torch::zeros({size}, torch::kUInt8)};
    if (m_rank == 0)
        std::copy(text.begin(), text.end(), bytes[0].data_ptr<std::uint8_t>());
    if (size > 0)
        broadcastFromRankZero(bytes);
    const auto* data = reinterpret_cast<const char*>(bytes[0].data_ptr<std::uint8_t>());
    return std::string(data, static_cast<std::size_t>(size));
}

void ProcessGroup::publish(const std::string& key, const std::string& value)
{
    communicate(GroupOperation::StoreWrite, m_rank, [&] {
        m_backend->store->set(key, std::vector<std::uint8_t>(value.begin(), value.end()));
    });
}

std::string ProcessGroup::lookUp(const std::string& key)
{
    std::vector<std::uint8_t> value;
    communicate(GroupOperation::StoreRead, m_rank, [&] { value = m_backend->store->get(key); });
    return std::string(value.begin(), value.end());
}

void ProcessGroup::barrier()
{
    communicate(GroupOperation::Barrier, m_rank, [&] { m_backend->group->barrier()->wait(); });
}

}  // namespace es
