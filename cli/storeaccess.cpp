#include "cli/storeaccess.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/i18n/translate.h"

namespace es {

int withStore(const std::string& database, const std::function<int(RunStore&)>& work)
{
    return withStore(database, StoreAccess::ReadWrite, work);
}

int withStore(const std::string& database, StoreAccess access,
              const std::function<int(RunStore&)>& work)
{
    try {
        RunStore store(database, access);
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
        printError(fillText(
            engineText("StoreAccess", "no run %1 in %2; `epochscope-cli runs list` shows the ids"),
            {std::to_string(id), store.path()}));
    return run;
}

}  // namespace es
