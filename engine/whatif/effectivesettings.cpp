#include "engine/whatif/effectivesettings.h"

#include "engine/config/runconfig.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

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
            // Recorded with the experiment (and in --json): English, shown with recordedText().
            if (configs[later].device.intraOpThreads != configs[earlier].device.intraOpThreads)
                notes.push_back(fillText(
                    markedText("RunRecord",
                               "%1 trains like %2 on this machine (device.intra_op_threads 0 "
                               "means one per physical core: %3), so the difference between "
                               "them is run-to-run noise"),
                    {labels[later], labels[earlier], std::to_string(machine.physicalCores)}));
            else if (configs[later].device.allocator != configs[earlier].device.allocator)
                notes.push_back(fillText(
                    markedText("RunRecord",
                               "%1 trains like %2 on this machine (device.allocator \"auto\" "
                               "means \"%3\" here), so the difference between them is "
                               "run-to-run noise"),
                    {labels[later], labels[earlier], allocatorKey(machine.autoAllocator)}));
            else
                notes.push_back(fillText(markedText("RunRecord",
                                                    "%1 trains like %2 on this machine, so the "
                                                    "difference between them is run-to-run noise"),
                                         {labels[later], labels[earlier]}));
            break;
        }
    }
    return notes;
}

}  // namespace es
