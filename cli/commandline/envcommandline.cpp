#include "cli/commandline/subcommands.h"

#include "cli/envcommand.h"
#include "engine/doctor/doctor.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace es {

namespace {

struct EnvArguments {
    bool json = false;
    DoctorOptions doctor;
};

}  // namespace

Command addEnvCommand(CLI::App& app)
{
    CLI::App* env = app.add_subcommand(
        "env",
        engineText("EpochscopeCli",
                   "Check this machine and LibTorch build for what slows training (docs/env.md)"));
    const auto arguments = std::make_shared<EnvArguments>();
    env->add_flag("--json", arguments->json,
                  engineText("EpochscopeCli", "Print the report as JSON"));
    env->add_option(
           "--threads", arguments->doctor.intraOpThreads,
           engineText("EpochscopeCli",
                      "Intra-op threads to check and measure with, 0 for one per physical core"))
        ->type_name("N")
        ->check(CLI::Range(0, 1024));
    return {env, [arguments] { return runEnvCommand(arguments->doctor, arguments->json); }, {}};
}

}  // namespace es
