// libFuzzer target for the run-config parser: JSON text in, a RunConfig or a ConfigError out,
// the way `epochscope-cli train --config`, the presets and the app's config editor read it.
// Besides crashes, sanitizer reports and any exception but ConfigError escaping, it checks
// what callers rely on:
// - every issue of a ConfigError is printable (valid UTF-8, no control characters), because
//   the CLI prints it to a terminal and the app puts it into labels and JSON;
// - an accepted config survives its own serialisation: parseRunConfig(toJson(c)) == c, as
//   runconfig.h promises, and so does the text the run store keeps (toJson(c).dump(), strict
//   UTF-8, which throws on anything else) when it is read back with parseRunConfigText;
// - the language of the messages changes nothing else: each input is parsed again with the
//   engine's texts in Simplified Chinese (the translation compiled into the engine), and must
//   give an equal config or as many issues, every one of them printable. The translated
//   patterns go through fillText like the English ones.
// A broken invariant traps, so that libFuzzer saves the input.

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/language.h"
#include "tests/fuzz/printableutf8.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace {

void checkIssues(const es::ConfigError& error)
{
    if (error.issues().empty())
        __builtin_trap();  // an error that says nothing
    for (const es::ConfigIssue& issue : error.issues()) {
        if (issue.message.empty() || !es::fuzz::printableUtf8(issue.path) ||
            !es::fuzz::printableUtf8(issue.message))
            __builtin_trap();
    }
}

void checkRoundTrip(const es::RunConfig& config)
{
    const nlohmann::json document = es::toJson(config);
    try {
        if (!(es::parseRunConfig(document) == config))
            __builtin_trap();
        // What the run store writes; it throws type_error 316 on invalid UTF-8, a bug here.
        const std::string text = document.dump();
        if (!(es::parseRunConfigText(text, "<stored config>") == config))
            __builtin_trap();
    } catch (const es::ConfigError&) {
        // The engine refused a config it wrote itself from one it had accepted.
        __builtin_trap();
    }
}

/// What a text reads as with the engine's texts in one language: the config, or as many issues.
struct Outcome {
    std::optional<es::RunConfig> config;
    std::size_t issues = 0;
};

Outcome parse(std::string_view text, const char* language)
{
    const es::LanguageScope scope(language);
    Outcome outcome;
    try {
        outcome.config = es::parseRunConfigText(text);
    } catch (const es::ConfigError& error) {
        // Refused with a message: the expected outcome for most inputs.
        checkIssues(error);
        outcome.issues = error.issues().size();
    }
    return outcome;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Outcome english = parse(text, "en");
    const Outcome chinese = parse(text, "zh_CN");
    if (english.config.has_value() != chinese.config.has_value() ||
        english.issues != chinese.issues ||
        (english.config && !(*english.config == *chinese.config)))
        __builtin_trap();  // the language of the messages changed the verdict
    if (english.config)
        checkRoundTrip(*english.config);
    return 0;
}
