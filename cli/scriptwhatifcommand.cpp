#include "cli/scriptwhatifcommand.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "cli/whatifconsole.h"
#include "engine/config/configerror.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/io/childprocess.h"
#include "engine/script/scriptprocess.h"
#include "engine/whatif/experimentreport.h"
#include "engine/whatif/scriptexperiment.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace es {

namespace {

// After a stop signal from the terminal, the script (same process group) got it too: it has
// this long to end on its own before the session signals it, as under `profile`.
constexpr std::chrono::seconds kScriptWhatifStopGrace{2};

/// The plan, then what each configuration starts: the command with its variables, so that a
/// flag added or replaced is seen before the runs.
void printScriptPlan(FILE* out, const ScriptExperimentPlan& plan)
{
    printPlanSentence(out, plan.scriptName, static_cast<int>(plan.configurations.size()),
                      plan.settings);
    printWhatifLine(
        out,
        engineText("ScriptWhatifCommand", "Each run is stopped after step %1; they run in %2:"),
        {std::to_string(plan.stepsPerRun()), plan.baseline.workingFolder});
    for (std::size_t i = 0; i < plan.configurations.size(); ++i) {
        printWhatifLine(out, engineText("ScriptWhatifCommand", "  %1: %2"),
                        {plan.configurations[i].label,
                         shellCommandLine(plan.setups[i].environment, plan.setups[i].command)});
    }
    for (const std::string& skipped : plan.skipped)
        printWhatifLine(out, engineText("WhatifCommand", "Skipped %1"), {recordedText(skipped)});
    std::fflush(out);
}

/// With --json, the scripts' own standard output goes to standard error while they run, so
/// that standard output holds the document alone; put back when it goes out of scope.
class ScriptOutputAside {
public:
    explicit ScriptOutputAside(bool aside)
    {
        if (!aside)
            return;
        std::fflush(stdout);
        m_saved = ::dup(STDOUT_FILENO);
        if (m_saved >= 0 && ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
            ::close(m_saved);
            m_saved = -1;
        }
    }
    ~ScriptOutputAside()
    {
        if (m_saved < 0)
            return;
        std::fflush(stdout);
        ::dup2(m_saved, STDOUT_FILENO);
        ::close(m_saved);
    }
    ScriptOutputAside(const ScriptOutputAside&) = delete;
    ScriptOutputAside& operator=(const ScriptOutputAside&) = delete;

private:
    int m_saved = -1;
};

}  // namespace

int runScriptWhatifCommand(const ScriptCommand& baseline, const WhatifOptions& options)
{
    // epochscope-cli deferred the stop signals; this covers other callers. A signal from here
    // on stops the current script and the experiment, with what it measured recorded.
    const InterruptGuard interrupt;
    if (!options.patches.empty())
        throw ConfigError("--patch", engineText("ScriptWhatifCommand",
                                                "a script has no config to patch: vary its run "
                                                "with --vary env:NAME=V1,V2 or "
                                                "arg:--flag=V1,V2"));
    std::vector<ScriptVaryFactor> factors;
    for (const std::string& argument : options.vary)
        factors.push_back(parseScriptVaryArgument(argument));
    std::optional<ScriptExperimentPlan> plan;
    try {
        plan = planScriptExperiment(
            baseline, factors, options.combine ? VaryMode::Combine : VaryMode::OneFactorAtATime,
            options.settings, options.name);
    } catch (const ScriptCommandError& error) {
        printError(error.what());
        return kExitBadInput;
    }
    return withStore(options.database, [&](RunStore& store) -> int {
        FILE* progressOut = options.json ? stderr : stdout;
        printScriptPlan(progressOut, *plan);
        WhatifConsoleProgress progress(progressOut, interrupt);
        ExperimentOutcome outcome;
        {
            const ScriptOutputAside aside(options.json);
            outcome = runScriptExperiment(*plan, store, &progress, kScriptWhatifStopGrace);
        }
        return finishWhatif(makeReport(*plan, outcome), outcome, store.path(), interrupt,
                            options.json);
    });
}

int runScriptWhatifHere(const WhatifOptions& options)
{
    std::error_code error;
    const std::filesystem::path here = std::filesystem::current_path(error);
    if (error) {
        printError(fillText(
            engineText("ScriptWhatifCommand", "cannot tell this process's working folder: %1"),
            {error.message()}));
        return kExitBadInput;
    }
    // No variables of its own: the command runs with this process's environment.
    return runScriptWhatifCommand({options.command, here.string(), {}}, options);
}

std::optional<ScriptCommand> recordedScriptCommand(std::int64_t runId, const nlohmann::json& config)
{
    const nlohmann::json& script = config.at("script");
    ScriptCommand command;
    const auto isString = [](const nlohmann::json& value) { return value.is_string(); };
    const nlohmann::json words = script.value("command", nlohmann::json());
    // The variables the run was started with (a what-if variant's), none for `profile`'s.
    const nlohmann::json variables = script.value("env", nlohmann::json::object());
    const bool readable =
        words.is_array() && !words.empty() && std::all_of(words.begin(), words.end(), isString) &&
        script.value("working_folder", nlohmann::json()).is_string() && variables.is_object() &&
        std::all_of(variables.begin(), variables.end(), isString);
    if (!readable) {
        printError(fillText(engineText("ScriptWhatifCommand",
                                       "run %1 is a script's, but its recorded command cannot be "
                                       "read"),
                            {std::to_string(runId)}));
        return std::nullopt;
    }
    command.command = words.get<std::vector<std::string>>();
    command.workingFolder = script.at("working_folder").get<std::string>();
    for (const auto& [name, value] : variables.items())
        command.environment.emplace_back(name, value.get<std::string>());
    std::error_code error;
    if (!std::filesystem::is_directory(command.workingFolder, error)) {
        printError(fillText(
            engineText("ScriptWhatifCommand", "run %1 ran in %2, which is no folder any more"),
            {std::to_string(runId), command.workingFolder}));
        return std::nullopt;
    }
    return command;
}

}  // namespace es
