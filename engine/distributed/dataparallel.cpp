#include "engine/config/runconfig.h"
#include "engine/distributed/dataparallel_torch.h"

#include "engine/config/configerror.h"
#include "engine/config/jsonreader.h"
#include "engine/config/rendezvous.h"
#include "engine/distributed/distributedmessages.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <climits>
#include <fstream>

namespace es {

namespace {

// bucket_mb counts MiB, as PyTorch DDP's bucket_cap_mb does.
constexpr double kBytesPerMegabyte = 1024.0 * 1024.0;

/// The config as it must be the same on every rank: the rank's own CUDA device
/// (cuda:LOCAL_RANK), thread counts (machines differ in cores), network interface and way of
/// writing the rendezvous may differ.
nlohmann::json comparableConfig(RunConfig config)
{
    config.device.index = 0;
    config.device.intraOpThreads = 0;
    config.device.interOpThreads = 0;
    config.distributed.interface.clear();
    config.distributed.init.clear();
    return toJson(config);
}

/// "/model/layers/1/units" (a JSON pointer) as the config's own field path,
/// "model.layers[1].units".
std::string fieldPath(const std::string& pointer)
{
    std::string path;
    std::size_t start = 1;
    while (start <= pointer.size()) {
        const std::size_t end = std::min(pointer.find('/', start), pointer.size());
        const std::string token = pointer.substr(start, end - start);
        const bool index = !token.empty() && std::all_of(token.begin(), token.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c)) != 0;
        });
        if (index)
            path += "[" + token + "]";
        else
            path += (path.empty() ? "" : ".") + token;
        start = end + 1;
    }
    return path;
}

/// What tells this machine from others: the running kernel's boot id, which containers on one
/// machine share (as they share its cores) and other machines do not; the host name where it
/// cannot be read.
std::string machineIdentity(const std::string& host)
{
    std::ifstream file("/proc/sys/kernel/random/boot_id");
    std::string bootId;
    if (std::getline(file, bootId) && !bootId.empty())
        return bootId;
    return "host:" + host;
}

std::string valueAt(const nlohmann::json& document, const std::string& pointer)
{
    const nlohmann::json::json_pointer at(pointer);
    return document.contains(at) ? document.at(at).dump() : absentValueText();
}

/// A step as a row of doubles for gathering (every count fits a double's 53 bits exactly).
constexpr std::int64_t kStepFields = 14 + 3 * static_cast<std::int64_t>(kPhaseCount);

void writeStepRow(const BatchRecord& step, double* row)
{
    *row++ = step.epoch;
    *row++ = step.batch;
    *row++ = step.wallMs;
    for (double ms : step.phaseMs)
        *row++ = ms;
    *row++ = step.loss;
    *row++ = static_cast<double>(step.samples);
    *row++ = static_cast<double>(step.h2dBytes);
    *row++ = step.endS;
    *row++ = static_cast<double>(step.minorFaults);
    *row++ = static_cast<double>(step.majorFaults);
    *row++ = static_cast<double>(step.reducedBytes);
    *row++ = step.overlappedMs;
    *row++ = step.paddingShare;
    *row++ = static_cast<double>(step.timesteps);
    for (std::int64_t bytes : step.memory.peakBytes)
        *row++ = static_cast<double>(bytes);
    for (std::int64_t bytes : step.memory.endBytes)
        *row++ = static_cast<double>(bytes);
    *row = static_cast<double>(step.memory.allocations);
}

BatchRecord readStepRow(const double* row)
{
    BatchRecord step;
    step.epoch = static_cast<int>(*row++);
    step.batch = static_cast<int>(*row++);
    step.wallMs = *row++;
    for (double& ms : step.phaseMs)
        ms = *row++;
    step.loss = *row++;
    step.samples = static_cast<std::int64_t>(*row++);
    step.h2dBytes = static_cast<std::int64_t>(*row++);
    step.endS = *row++;
    step.minorFaults = static_cast<std::int64_t>(*row++);
    step.majorFaults = static_cast<std::int64_t>(*row++);
    step.reducedBytes = static_cast<std::int64_t>(*row++);
    step.overlappedMs = *row++;
    step.paddingShare = *row++;
    step.timesteps = static_cast<std::int64_t>(*row++);
    for (std::int64_t& bytes : step.memory.peakBytes)
        bytes = static_cast<std::int64_t>(*row++);
    for (std::int64_t& bytes : step.memory.endBytes)
        bytes = static_cast<std::int64_t>(*row++);
    step.memory.allocations = static_cast<std::int64_t>(*row);
    return step;
}

}  // namespace

ProcessGroupOptions processGroupOptions(const RunConfig& config)
{
    const DistributedConfig& distributed = config.distributed;
    if (distributed.init.empty())
        throw ConfigError("distributed.init", rendezvousNeededText());
    ProcessGroupOptions options;
    options.rendezvous = parseRendezvous(distributed.init, "distributed.init");
    options.rank = config.rank;
    options.worldSize = distributed.worldSize;
    options.interface = distributed.interface;
    options.timeout = std::chrono::seconds(distributed.timeoutS);
    return options;
}

namespace {

ProcessGroupOptions stoppable(ProcessGroupOptions options, StopRequest stopRequested)
{
    options.stopRequested = std::move(stopRequested);
    return options;
}

}  // namespace

DataParallel::DataParallel(const RunConfig& config, StopRequest stopRequested)
    : m_group(stoppable(processGroupOptions(config), std::move(stopRequested))),
      m_bucketBytes(std::max<std::int64_t>(
          1, static_cast<std::int64_t>(config.distributed.bucketMb * kBytesPerMegabyte))),
      m_reduction(m_group, m_bucketBytes),
      m_overlapped(config.device.type == DeviceType::Cpu)
{
    introduceRanks();
    checkSameConfig(config);
}

void DataParallel::introduceRanks()
{
    std::array<char, HOST_NAME_MAX + 1> host{};
    if (::gethostname(host.data(), host.size() - 1) != 0)
        host[0] = '\0';
    const std::string machine = machineIdentity(host.data());
    const nlohmann::json self = {
        {"host", std::string(host.data())}, {"pid", ::getpid()}, {"machine", machine}};
    m_ranksOnThisMachine = 0;
    m_group.publish("member/" + std::to_string(rank()), self.dump());
    for (int member = 0; member < worldSize(); ++member) {
        // Published by our own EpochScope at this rendezvous, but read defensively: the store
        // is reachable by anything on the network that knows its address.
        const nlohmann::json published = nlohmann::json::parse(
            member == rank() ? self.dump() : m_group.lookUp("member/" + std::to_string(member)),
            nullptr, false);
        RankMember known{member, "?", 0};
        if (published.is_object() && published.value("host", nlohmann::json()).is_string())
            known.host = published["host"].get<std::string>();
        if (published.is_object() && published.value("pid", nlohmann::json()).is_number_integer())
            known.pid = published["pid"].get<std::int64_t>();
        if (published.is_object() && published.value("machine", nlohmann::json()) == machine)
            ++m_ranksOnThisMachine;
        m_members.push_back(known);
        if (member != rank())
            m_otherRanks.push_back(rankOnHostText(member, known.host, known.pid));
    }
}

template <typename Collective>
void DataParallel::collectively(Collective&& collective)
{
    try {
        collective();
    } catch (const DistributedError& error) {
        throw DistributedError(std::string(error.what()) + "; " + otherRanksLostText(m_otherRanks));
    }
}

void DataParallel::checkSameConfig(const RunConfig& config)
{
    const nlohmann::json mine = comparableConfig(config);
    const nlohmann::json rankZero =
        nlohmann::json::parse(m_group.broadcastTextFromRankZero(mine.dump()));
    const nlohmann::json patch = nlohmann::json::diff(rankZero, mine);
    const double differing = sumOverRanks({patch.empty() ? 0.0 : 1.0}).front();
    if (differing == 0.0)
        return;
    if (patch.empty())
        throw ConfigError("distributed",
                          ranksConfigDiffersText(static_cast<int>(differing), worldSize()));
    const std::string pointer = patch.front().at("path").get<std::string>();
    throw ConfigError(
        fieldPath(pointer),
        fieldDiffersBetweenRanksText(valueAt(rankZero, pointer), rank(), valueAt(mine, pointer)));
}

void DataParallel::broadcastFromRankZero(std::vector<torch::Tensor> tensors)
{
    collectively([&] { m_group.broadcastFromRankZero(tensors); });
}

void DataParallel::startGradients(const std::vector<torch::Tensor>& parameters,
                                  std::int64_t samples, std::int64_t globalSamples)
{
    const double weight =
        globalSamples > 0 ? static_cast<double>(samples) / static_cast<double>(globalSamples) : 0;
    m_reduction.startStep(parameters, weight, m_overlapped);
}

ReducedGradients DataParallel::finishGradients()
{
    ReducedGradients reduced;
    collectively([&] { reduced = m_reduction.finishStep(); });
    return reduced;
}

std::vector<double> DataParallel::sumOverRanks(const std::vector<double>& values)
{
    std::vector<torch::Tensor> tensors{
        torch::tensor(std::vector<double>(values), torch::TensorOptions(torch::kFloat64))};
    collectively([&] { m_group.allReduceSum(tensors); });
    const torch::Tensor& sums = tensors.front();
    return std::vector<double>(sums.data_ptr<double>(), sums.data_ptr<double>() + sums.numel());
}

std::vector<std::vector<BatchRecord>> DataParallel::gatherSteps(
    const std::vector<BatchRecord>& steps)
{
    torch::Tensor rows = torch::empty({static_cast<std::int64_t>(steps.size()), kStepFields},
                                      torch::TensorOptions(torch::kFloat64));
    for (std::size_t step = 0; step < steps.size(); ++step)
        writeStepRow(steps[step], rows[static_cast<std::int64_t>(step)].data_ptr<double>());
    std::vector<torch::Tensor> gathered;
    collectively([&] { gathered = m_group.gatherToRankZero(rows); });
    std::vector<std::vector<BatchRecord>> byRank(gathered.size());
    for (std::size_t member = 0; member < gathered.size(); ++member) {
        const torch::Tensor& memberRows = gathered[member];
        for (std::int64_t step = 0; step < memberRows.size(0); ++step)
            byRank[member].push_back(readStepRow(memberRows[step].data_ptr<double>()));
    }
    return byRank;
}

std::string DataParallel::gradientReduction() const
{
    return bucketedAllReduceRecord(m_overlapped, worldSize(),
                                   static_cast<double>(m_bucketBytes) / kBytesPerMegabyte);
}

}  // namespace es
