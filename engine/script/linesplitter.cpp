#include "engine/script/linesplitter.h"

namespace es {

LineSplitter::LineSplitter(std::size_t maxLineBytes, CarriageReturn carriageReturn)
    : m_maxLineBytes(maxLineBytes), m_carriageReturn(carriageReturn)
{
}

std::string_view LineSplitter::shown(std::string_view line) const
{
    if (m_carriageReturn == CarriageReturn::Kept)
        return line;
    while (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    const std::size_t last = line.rfind('\r');
    return last == std::string_view::npos ? line : line.substr(last + 1);
}

void LineSplitter::append(std::string_view bytes, const LineHandler& onLine)
{
    m_buffer.append(bytes);
    std::size_t start = 0;
    while (true) {
        const std::size_t newline = m_buffer.find('\n', start);
        if (newline == std::string::npos)
            break;
        if (!m_skippingLongLine)
            onLine(shown(std::string_view(m_buffer).substr(start, newline - start)));
        m_skippingLongLine = false;
        start = newline + 1;
    }
    m_buffer.erase(0, start);
    if (m_skippingLongLine) {
        m_buffer.clear();
        return;
    }
    // A progress bar redrawn for a whole epoch without a line break: only its latest state is
    // kept, so that it is never cut as a long line. A '\r' as the last byte may begin "\r\n".
    if (m_carriageReturn == CarriageReturn::Overwrites && m_buffer.size() > 1) {
        const std::size_t last = m_buffer.rfind('\r', m_buffer.size() - 2);
        if (last != std::string::npos)
            m_buffer.erase(0, last + 1);
    }
    if (m_buffer.size() > m_maxLineBytes) {
        onLine(std::string_view(m_buffer).substr(0, m_maxLineBytes + 1));
        m_skippingLongLine = true;
        m_buffer.clear();
    }
}

void LineSplitter::finish(const LineHandler& onLine)
{
    if (!m_buffer.empty() && !m_skippingLongLine)
        onLine(shown(m_buffer));
    m_buffer.clear();
    m_skippingLongLine = false;
}

}  // namespace es
