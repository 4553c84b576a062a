// libFuzzer target for `keras import` (engine/keras/kerasimport.h): bytes in, as the CLI and the
// app hand a file's contents to importKerasModel(): JSON text, or a .keras archive (told apart by
// the zip signature) whose members are checked before they are read. Besides crashes, sanitizer
// reports and any exception but ConfigError escaping, it checks what callers rely on:
// - every issue of a ConfigError is printable (valid UTF-8, no control characters), and so is
//   every note and the version text, which the CLI prints and the app shows as they are;
// - an import that succeeds gives a config the engine accepts as it is and reads back the same:
//   parseRunConfig(toJson(c)) == c, as kerasimport.h promises.
// A broken invariant traps, so that libFuzzer saves the input.

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/keras/kerasimport.h"
#include "tests/fuzz/printableutf8.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        const es::KerasImport imported = es::importKerasModel(bytes, "fuzz.keras");
        if (!es::fuzz::printableUtf8(imported.kerasVersion))
            __builtin_trap();
        for (const std::string& note : imported.notes) {
            if (note.empty() || !es::fuzz::printableUtf8(note))
                __builtin_trap();
        }
        try {
            if (!(es::parseRunConfig(es::toJson(imported.config)) == imported.config))
                __builtin_trap();
        } catch (const es::ConfigError&) {
            __builtin_trap();  // the import returned a config the engine refuses
        }
    } catch (const es::ConfigError& error) {
        if (error.issues().empty())
            __builtin_trap();
        for (const es::ConfigIssue& issue : error.issues()) {
            if (issue.message.empty() || !es::fuzz::printableUtf8(issue.path) ||
                !es::fuzz::printableUtf8(issue.message))
                __builtin_trap();
        }
    }
    return 0;
}
