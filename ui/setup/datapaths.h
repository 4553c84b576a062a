#pragma once

// Data file paths between the file system and the config: a config's relative paths point
// into its base directory (the config file's folder; empty means the current directory).

#include <QtCore/QString>

#include <string>

namespace es::ui {

/// How a chosen file is written into the config: relative to `baseDirectory` when it lies
/// inside it, so that a config and its data move together; absolute otherwise.
QString configPathFor(const QString& file, const QString& baseDirectory);

/// The file a config path names, relative ones taken from `baseDirectory`.
QString resolvedPath(const std::string& configPath, const QString& baseDirectory);

}  // namespace es::ui
