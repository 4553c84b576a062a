#pragma once

#include <string>

namespace es {

/// The language `--lang` names ("--lang X" or "--lang=X", before any "--"), empty without one.
/// The help texts are made while the options are declared, so the language is needed before
/// the arguments are parsed; parsing then checks the value.
std::string requestedLanguage(int argc, char** argv);

}  // namespace es
