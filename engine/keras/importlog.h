#pragma once

// What a Keras import found to tell: every refusal (thrown together at the end, so that one
// run of `keras import` lists all that stands in the way) and the notes the user should read.

#include "engine/config/configerror.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace es {

/// A Keras layer as messages name it: `lstm_2 (LSTM)`, or for the layer a Bidirectional
/// wraps `forward_lstm (LSTM) in bidirectional (Bidirectional)`. Names and classes come from
/// the file, so they are shown with their control characters escaped.
std::string kerasLayerLabel(std::string_view name, std::string_view className);
std::string kerasWrappedLabel(std::string_view name, std::string_view className,
                              std::string_view wrapperLabel);

class ImportLog {
public:
    /// `origin` names the file in every issue's path ("model.keras").
    explicit ImportLog(std::string origin) : m_origin(std::move(origin)) {}

    const std::string& origin() const { return m_origin; }

    /// A refusal: something EpochScope cannot import as it is.
    void refuse(std::string message);
    /// The first few refusals of a layer's options are kept; after this many the import is
    /// hopeless anyway and the rest would bury the first.
    static constexpr std::size_t kMaxIssues = 50;
    bool refused() const { return !m_issues.empty(); }
    /// Throws ConfigError with every refusal, when there is one.
    void throwIfRefused() const;

    /// A fact the user should read; the same note twice is kept once.
    void note(std::string text);
    const std::vector<std::string>& notes() const { return m_notes; }
    std::vector<std::string> takeNotes() { return std::move(m_notes); }

private:
    std::string m_origin;
    std::vector<ConfigIssue> m_issues;
    std::vector<std::string> m_notes;
};

}  // namespace es
