#include "whatif/effectivesettings.h"

#include "config/runconfig.h"

#include <cstddef>

namespace es {

nlohmann::json effectiveSettings(const RunConfig& config, const MachineDefaults& machine)
{
    nlohmann::json settings = toJson(config);
    // The name labels a run; it does not change how it trains.
    settings.erase("name");
    nlohmann::json& threads = settings["device"]["intra_op_threads"];
    if (threads.is_number_integer() && threads.get<int>() <= 0)
        threads = machine.physicalCores;
    if (config.device.allocator == HostAllocator::Auto)
        settings["device"]["allocator"] = allocatorKey(machine.autoAllocator);
    return settings;
}

std::vector<std::string> sameSettingsNotes(const std::vector<std::string>& labels,
                                           const std::vector<RunConfig>& configs,
                                           const MachineDefaults& machine)
{
    std::vector<nlohmann::json> resolved;
    resolved.reserve(configs.size());
    for (const RunConfig& config : configs)
        resolved.push_back(effectiveSettings(config, machine));

    std::vector<std::string> notes;
    for (std::size_t later = 1; later < configs.size(); ++later) {
        for (std::size_t earlier = 0; earlier < later; ++earlier) {
            if (resolved[later] != resolved[earlier])
                continue;
            std::string why;
            if (configs[later].device.intraOpThreads != configs[earlier].device.intraOpThreads)
                why = " (device.intra_op_threads 0 means one per physical core: " +
                      std::to_string(machine.physicalCores) + ")";
            else if (configs[later].device.allocator != configs[earlier].device.allocator)
                why = " (device.allocator \"auto\" means \"" +
                      std::string(allocatorKey(machine.autoAllocator)) + "\" here)";
            notes.push_back(labels[later] + " trains like " + labels[earlier] + " on this machine" +
                            why + ", so the difference between them is run-to-run noise");
            break;
        }
    }
    return notes;
}

}  // namespace es
