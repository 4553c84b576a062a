// The process group of an engine built without Gloo's headers (engine/CMakeLists.txt builds
// this file instead of processgroup.cpp): a distributed run is refused when its ranks would
// meet, saying what the build lacks, and a run of one process never gets here.

#include "engine/distributed/processgroup_torch.h"

#include "engine/distributed/distributedmessages.h"

#include <utility>

namespace es {

namespace {

[[noreturn]] void refuse()
{
    throw DistributedError(builtWithoutGlooText());
}

}  // namespace

struct ProcessGroup::Backend {};

ProcessGroup::ProcessGroup(const ProcessGroupOptions& options)
    : m_rank(options.rank), m_worldSize(options.worldSize)
{
    refuse();
}

ProcessGroup::~ProcessGroup() = default;

void ProcessGroup::allReduceSum(std::vector<torch::Tensor>& /*tensors*/)
{
    refuse();
}

struct PendingSum::State {};

PendingSum::PendingSum(std::unique_ptr<State> state) : m_state(std::move(state)) {}

PendingSum::~PendingSum() = default;

void PendingSum::wait()
{
    refuse();
}

std::chrono::steady_clock::time_point PendingSum::startedAt() const
{
    refuse();
}

std::chrono::steady_clock::time_point PendingSum::arrivedAt() const
{
    refuse();
}

std::unique_ptr<PendingSum> ProcessGroup::startAllReduceSum(std::vector<torch::Tensor> /*tensors*/)
{
    refuse();
}

void ProcessGroup::allReduceMean(std::vector<torch::Tensor>& /*tensors*/)
{
    refuse();
}

void ProcessGroup::broadcastFromRankZero(std::vector<torch::Tensor>& /*tensors*/)
{
    refuse();
}

std::vector<torch::Tensor> ProcessGroup::gatherToRankZero(const torch::Tensor& /*tensor*/)
{
    refuse();
}

std::string ProcessGroup::broadcastTextFromRankZero(const std::string& /*text*/)
{
    refuse();
}

void ProcessGroup::publish(const std::string& /*key*/, const std::string& /*value*/)
{
    refuse();
}

std::string ProcessGroup::lookUp(const std::string& /*key*/)
{
    refuse();
}

void ProcessGroup::barrier()
{
    refuse();
}

}  // namespace es
