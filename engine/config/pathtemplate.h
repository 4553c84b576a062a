#pragma once

// Keras' checkpoint file paths: Python format strings such as "ckpt-{epoch:02d}-{val_loss:.3f}.pt"
// filled with the epoch (counted from 1), the batch, and the logged values.

#include <map>
#include <string>
#include <vector>

namespace es {

class PathTemplate {
public:
    /// Widest field a spec may ask for: a file name's length limit (NAME_MAX on Linux), so
    /// that a padded field is formatted whole and never cut.
    static constexpr int kMaxWidth = 255;
    /// Most digits a spec's precision may ask for: a double holds 17 significant digits, and
    /// a precision in the millions makes every save format megabytes of digits.
    static constexpr int kMaxPrecision = 20;

    /// Parses `text`; throws std::invalid_argument saying what is wrong and at which
    /// character: an unclosed '{', an empty name, a width above kMaxWidth, a precision above
    /// kMaxPrecision, or a spec outside the part of Python's format mini-language that {fmt}
    /// shares with it: [[fill]align][sign][#][0][width][.precision][type], with the align one
    /// of < > ^ and the type one of d b o x X (integers) or e E f F g G (floats).
    explicit PathTemplate(std::string text);

    /// The names used, in order of appearance, each once.
    std::vector<std::string> keys() const;

    /// Fills the fields; `values` must hold every key (std::out_of_range otherwise). Integer
    /// types format the value rounded to an integer, float types as Python does; without a
    /// type, "epoch" and "batch" print as integers and logged values as Python prints a float
    /// (the shortest text that reads back, "1.0").
    std::string format(const std::map<std::string, double>& values) const;

private:
    /// How a field's value is handed to the formatter.
    enum class Kind {
        Integer,      ///< an integer type, or a counter without a type
        Float,        ///< a float type, or a logged value with a spec but no type
        PythonFloat,  ///< a logged value without a spec: Python's str(float)
    };
    struct Piece {
        std::string literal;  ///< text before the field (or all of it for the last piece)
        std::string key;      ///< empty for the trailing literal
        std::string pattern;  ///< the {fmt} replacement field, "{:02d}"
        Kind kind = Kind::Float;
    };
    std::vector<Piece> m_pieces;
};

}  // namespace es
