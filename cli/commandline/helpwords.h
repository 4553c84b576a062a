#pragma once

namespace CLI {
class App;
}

namespace es {

/// CLI11's own words in the help (its labels, the default group names, the help flag's
/// description) in the engine's language. Call after every option and subcommand is declared:
/// a subcommand makes its help flag in CLI11's default group. REQUIRED, Needs and Excludes stay
/// as they are: they sit in the column CLI11 pads by bytes, where wide characters misalign it.
void translateHelpWords(CLI::App& app);

}  // namespace es
