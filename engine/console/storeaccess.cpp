#include "console/storeaccess.h"

#include "console/exitstatus.h"
#include "console/messages.h"

namespace es {

int withStore(const std::string& database, const std::function<int(RunStore&)>& work)
{
    try {
        RunStore store(database);
        return work(store);
    } catch (const StoreError& error) {
        printError(error.what());
        return kExitBadInput;
    }
}

std::optional<StoredRun> loadOrComplain(RunStore& store, std::int64_t id)
{
    std::optional<StoredRun> run = store.loadRun(id);
    if (!run)
        printError("no run " + std::to_string(id) + " in " + store.path() +
                   "; `epochscope-cli runs list` shows the ids");
    return run;
}

}  // namespace es
