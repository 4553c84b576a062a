#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace es {

/// One problem found in user input: where it is and what was expected.
struct ConfigIssue {
    /// JSON path such as `model.layers[1].units`, a file name, or a byte offset
    /// (`<config>@byte 17`) for syntax errors. Empty for the document as a whole.
    std::string path;
    /// What was expected and what was found, without the path
    /// (`expected a positive integer, got -3`).
    std::string message;
};

/// `path: message`, or just `message` for an empty path, the way the engine's language joins
/// them (a full-width colon in Chinese).
std::string configIssueText(const ConfigIssue& issue);

/// Thrown for any invalid configuration. Collects every issue found, not just the first, so
/// that a form can mark all bad fields at once; what() lists them as `path: message` lines
/// (just `message` for an empty path). Paths and messages are made valid UTF-8 without control
/// characters, so that they can go into JSON, a terminal and a label as they are.
class ConfigError : public std::runtime_error {
public:
    explicit ConfigError(std::vector<ConfigIssue> issues);
    ConfigError(std::string path, std::string message);

    const std::vector<ConfigIssue>& issues() const { return m_issues; }

private:
    std::vector<ConfigIssue> m_issues;
};

}  // namespace es
