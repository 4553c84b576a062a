#pragma once

#include <string>

namespace CLI {
class App;
}

namespace es {

/// epochscope-cli's own options and words, before its subcommands (they copy some of them when
/// created): the error message's form, the footer with the exit statuses, --version, at most one
/// subcommand, and --lang into `language`, which a subcommand's arguments may carry as well.
void addTopLevelOptions(CLI::App& app, std::string& language);

/// What --help says epochscope-cli is, in engineLanguage().
std::string programDescription();

}  // namespace es
