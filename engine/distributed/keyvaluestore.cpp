#include "engine/distributed/keyvaluestore.h"

#include "engine/i18n/translate.h"

#include <algorithm>
#include <thread>

namespace es {

void throwIfStopRequested(const StopRequest& stop)
{
    if (stop && stop())
        throw StopRequested(engineText("RendezvousStore", "a stop was asked while meeting"));
}

std::vector<std::string> awaitKeys(KeyValueStore& store, const std::vector<std::string>& keys,
                                   std::chrono::steady_clock::time_point deadline,
                                   const StopRequest& stop)
{
    std::vector<std::string> missing = keys;
    for (;;) {
        throwIfStopRequested(stop);
        const std::vector<bool> present = store.check(missing);
        std::vector<std::string> still;
        for (std::size_t i = 0; i < missing.size(); ++i)
            if (i >= present.size() || !present[i])
                still.push_back(missing[i]);
        missing = std::move(still);
        const auto now = std::chrono::steady_clock::now();
        if (missing.empty() || now >= deadline)
            return missing;
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(kMeetingPollInterval, deadline - now));
    }
}

std::string meetingSeconds(std::chrono::milliseconds duration)
{
    const auto seconds = (duration.count() + 999) / 1000;
    return std::to_string(seconds);
}

}  // namespace es
