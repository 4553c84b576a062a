#pragma once

// The run database's schema as a list of migrations: migration i (1-based) takes a database
// at version i - 1 to version i. A new database runs them all; an older one runs the missing
// ones, all in one transaction under the write lock (RunStore reads the version again under
// it, so that processes opening the file at once migrate it once), and PRAGMA user_version
// records where it stands.

#include <string_view>
#include <vector>

namespace es {

/// The SQL of each migration, in order; its size is the current schema version.
const std::vector<std::string_view>& schemaMigrations();

inline int currentSchemaVersion()
{
    return static_cast<int>(schemaMigrations().size());
}

}  // namespace es
