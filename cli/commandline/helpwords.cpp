#include "cli/commandline/helpwords.h"

#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

void translateHelpWords(CLI::App& app)
{
    const std::shared_ptr<CLI::FormatterBase> formatter = app.get_formatter();
    formatter->label("Usage", engineText("EpochscopeCli", "Usage"));
    formatter->label("OPTIONS", engineText("EpochscopeCli", "OPTIONS"));
    formatter->label("SUBCOMMAND", engineText("EpochscopeCli", "SUBCOMMAND"));
    formatter->label("SUBCOMMANDS", engineText("EpochscopeCli", "SUBCOMMANDS"));
    formatter->label("Positionals", engineText("EpochscopeCli", "Positionals"));
    const std::string options = engineText("EpochscopeCli", "Options");
    const std::string subcommands = engineText("EpochscopeCli", "Subcommands");
    const std::string help = engineText("EpochscopeCli", "Print this help message and exit");
    const auto translate = [&](CLI::App& command, const auto& self) -> void {
        for (CLI::Option* option : command.get_options()) {
            if (option->get_group() == "Options")
                option->group(options);
            if (option == command.get_help_ptr())
                option->description(help);
        }
        for (CLI::App* sub : command.get_subcommands([](CLI::App*) { return true; })) {
            if (sub->get_group() == "Subcommands")
                sub->group(subcommands);
            self(*sub, self);
        }
    };
    translate(app, translate);
}

}  // namespace es
