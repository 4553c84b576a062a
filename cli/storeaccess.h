#pragma once

// How the CLI's commands over recorded runs (`runs`, `diagnose`, `compare`) open the run
// database and find a run: store problems and unknown ids become a message and exit status 2.

#include "engine/store/runstore.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace es {

/// Opens the store and runs `work` on it; store problems become exit status 2.
int withStore(const std::string& database, const std::function<int(RunStore&)>& work);
/// The same with `access`: commands that only read pass StoreAccess::ReadOnly, so that they
/// work on read-only storage and never change the file.
int withStore(const std::string& database, StoreAccess access,
              const std::function<int(RunStore&)>& work);

/// The run, or nullopt after printing which id is missing and how to list the ids.
std::optional<StoredRun> loadOrComplain(RunStore& store, std::int64_t id);

}  // namespace es
