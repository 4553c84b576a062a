#pragma once

// Text on a cairo context, laid out by pango, for the report's charts and PDF pages. Internal
// to the engine's cairo sources (it includes pango's headers). Sizes are in the context's user
// units (points on a PDF page), whatever the surface's resolution, so that a chart measures the
// same on a PNG as in a PDF.

#include <pango/pangocairo.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace es {

/// The reports' text colours, on the PDF's pages and in the charts alike.
inline constexpr std::uint32_t kTextRgb = 0x222222;
inline constexpr std::uint32_t kMutedRgb = 0x6B6F76;

struct TextStyle {
    double size = 9.0;  ///< in user units
    bool bold = false;
    bool monospace = false;  ///< config paths and values, shown as code
    std::uint32_t rgb = kTextRgb;
};

enum class TextAlign { Left, Centre, Right };

struct LayoutDeleter {
    void operator()(PangoLayout* layout) const { g_object_unref(layout); }
};
using LayoutPtr = std::unique_ptr<PangoLayout, LayoutDeleter>;

struct SurfaceDeleter {
    void operator()(cairo_surface_t* surface) const { cairo_surface_destroy(surface); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
struct ContextDeleter {
    void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
using ContextPtr = std::unique_ptr<cairo_t, ContextDeleter>;

/// A cairo write function (PNG and PDF streams) that appends to the std::string `closure`.
inline cairo_status_t appendToString(void* closure, const unsigned char* data, unsigned int length)
{
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

/// Lays out and draws text on one cairo context. The context's transformation must not change
/// between making a layout and drawing it.
class TextPainter {
public:
    explicit TextPainter(cairo_t* cr);
    ~TextPainter();
    TextPainter(const TextPainter&) = delete;
    TextPainter& operator=(const TextPainter&) = delete;

    /// `text` (plain text, never markup; controls and invalid UTF-8 shown escaped, the
    /// isolates of isolatedText() kept balanced) in `style`. With `width`
    /// above 0 it wraps at words (inside a word when one is longer than the width) and is
    /// aligned within that width; `maxLines` above 0 ends it with an ellipsis after that many
    /// lines, and with `width` but `maxLines` 1 it is one line cut short with an ellipsis.
    LayoutPtr layout(std::string_view text, const TextStyle& style, double width = -1.0,
                     TextAlign align = TextAlign::Left, int maxLines = 0) const;

    /// The width and height of a layout's ink-independent (logical) extent.
    static double width(PangoLayout* layout);
    static double height(PangoLayout* layout);

    /// The width of `text` on one line.
    double width(std::string_view text, const TextStyle& style) const;

    /// Draws `layout` with its top left at (x, y) in `style`'s colour.
    void draw(PangoLayout* layout, double x, double y, std::uint32_t rgb) const;

    cairo_t* context() const { return m_cr; }

private:
    cairo_t* m_cr;
    PangoContext* m_pango;
};

/// Sets the cairo source colour from 0xRRGGBB.
void setColour(cairo_t* cr, std::uint32_t rgb, double alpha = 1.0);

}  // namespace es
