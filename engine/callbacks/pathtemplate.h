#pragma once

// Keras' checkpoint file paths: Python format strings such as "ckpt-{epoch:02d}-{val_loss:.3f}.pt"
// filled with the epoch (counted from 1), the batch, and the logged values.

#include <map>
#include <string>
#include <vector>

namespace es {

class PathTemplate {
public:
    /// Parses `text`; throws std::invalid_argument saying what is wrong and at which
    /// character: an unclosed '{', an empty name, or a format spec other than
    /// [0][width][.precision][d|f|e|g] (the part of Python's mini-language paths use).
    explicit PathTemplate(std::string text);

    /// The names used, in order of appearance, each once.
    std::vector<std::string> keys() const;

    /// Fills the fields; `values` must hold every key. `d` formats the value as an integer,
    /// `f`, `e`, `g` as Python does; without a spec, "epoch" and "batch" print as integers and
    /// logged values as Python prints a float (the shortest text that reads back, "1.0").
    std::string format(const std::map<std::string, double>& values) const;

private:
    struct Piece {
        std::string literal;  ///< text before the field (or all of it for the last piece)
        std::string key;      ///< empty for the trailing literal
        std::string spec;     ///< printf conversion built from the format spec, or empty
    };
    std::vector<Piece> m_pieces;
};

}  // namespace es
