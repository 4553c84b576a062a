#pragma once

// The dict of a .npy header, a Python literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// parsed into values and never evaluated. Its bytes come from the user's file: the parser
// bounds the nesting depth and the integers, and every error names the byte it stopped at.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// One value of the literal.
struct PyValue {
    enum class Kind { String, Int, Bool, None, Tuple, List, Dict };
    Kind kind = Kind::None;
    /// Byte offset in the file where the value starts, for messages.
    std::size_t offset = 0;
    std::string text;
    std::int64_t number = 0;
    bool flag = false;
    /// Tuple and list elements; for a dict, keys and values alternate.
    std::vector<PyValue> items;
};

/// What a value is, as the "found %1" of a message says it.
std::string_view pyValueKindName(PyValue::Kind kind);

/// Parses the literals NumPy writes: dicts, tuples, lists, strings, integers (with Python 2's
/// `L` suffix), True, False and None, followed by nothing but padding. `text` starts at byte
/// `base` of the file. Errors are ConfigError with path `<origin>@byte N`.
PyValue parseNpyHeaderDict(std::string_view text, std::size_t base, std::string_view origin);

}  // namespace es
