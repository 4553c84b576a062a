#pragma once

// Bytes read from a pipe, cut into lines as they come: the probe's records and, when the app
// shows it in its Log, the script's own output (scriptprocess.h). A line longer than a bound
// is given cut and the rest of it skipped, so that no writer can make the reader hold more
// than the bound. LibTorch-free.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace es {

using LineHandler = std::function<void(std::string_view)>;

class LineSplitter {
public:
    /// What a carriage return ('\r') does inside a line.
    enum class CarriageReturn {
        Kept,  ///< nothing: a byte of the line like any other (the probe's records)
        /// What follows it replaces the line's text before it, as on a terminal: a progress bar
        /// redrawn in place (tqdm) is one line in its latest state, not one line per redraw
        /// nor one line that grows without end. "\r\n" ends a line as "\n" does.
        Overwrites,
    };

    /// A line longer than `maxLineBytes` is given as its first `maxLineBytes + 1` bytes, so
    /// that the taker can tell that it was cut, and the rest of it is skipped.
    LineSplitter(std::size_t maxLineBytes, CarriageReturn carriageReturn);

    /// Takes `bytes` in and gives each line they complete, without its line break, to `onLine`.
    void append(std::string_view bytes, const LineHandler& onLine);
    /// The end of the input: what is left is a last line without a line break, given unless
    /// it is the rest of a line already given cut.
    void finish(const LineHandler& onLine);

private:
    /// The part of a whole line that a terminal would show (all of it when '\r' is kept).
    std::string_view shown(std::string_view line) const;

    std::size_t m_maxLineBytes;
    CarriageReturn m_carriageReturn;
    std::string m_buffer;
    bool m_skippingLongLine = false;
};

}  // namespace es
