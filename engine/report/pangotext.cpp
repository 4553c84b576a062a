#include "engine/report/pangotext.h"

#include "engine/report/reporttext.h"

#include <string>

namespace es {

namespace {

// Generic families, so that fontconfig picks what the machine has and falls back per
// character (CJK names, symbols) instead of showing boxes.
constexpr const char* kSansFamily = "Sans";
constexpr const char* kMonospaceFamily = "Monospace";

struct FontDeleter {
    void operator()(PangoFontDescription* font) const { pango_font_description_free(font); }
};

}  // namespace

TextPainter::TextPainter(cairo_t* cr) : m_cr(cr), m_pango(pango_cairo_create_context(cr))
{
    // Unhinted metrics: text measures the same on a PNG as on a PDF page, so a chart and a
    // table are laid out alike in both.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(m_pango, options);
    cairo_font_options_destroy(options);
}

TextPainter::~TextPainter()
{
    g_object_unref(m_pango);
}

LayoutPtr TextPainter::layout(std::string_view text, const TextStyle& style, double width,
                              TextAlign align, int maxLines) const
{
    LayoutPtr layout(pango_layout_new(m_pango));
    std::unique_ptr<PangoFontDescription, FontDeleter> font(pango_font_description_new());
    pango_font_description_set_family(font.get(), style.monospace ? kMonospaceFamily : kSansFamily);
    pango_font_description_set_weight(font.get(),
                                      style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    // Absolute: in user units, independent of the context's resolution.
    pango_font_description_set_absolute_size(font.get(), style.size * PANGO_SCALE);
    pango_layout_set_font_description(layout.get(), font.get());

    // A run's name or notes may hold any bytes and controls: they are shown escaped (which
    // leaves valid UTF-8, as pango wants), and the user text the report marked keeps its
    // isolates, which pango applies as Unicode's bidi algorithm says, so that a right-to-left
    // name cannot reorder the line it is in.
    const std::string shown = withPlainIsolates(text);
    gchar* valid = g_utf8_make_valid(shown.data(), static_cast<gssize>(shown.size()));
    pango_layout_set_text(layout.get(), valid, -1);
    g_free(valid);

    if (width > 0.0) {
        pango_layout_set_width(layout.get(), static_cast<int>(width * PANGO_SCALE));
        pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
        pango_layout_set_alignment(layout.get(), align == TextAlign::Right    ? PANGO_ALIGN_RIGHT
                                                 : align == TextAlign::Centre ? PANGO_ALIGN_CENTER
                                                                              : PANGO_ALIGN_LEFT);
        if (maxLines > 0) {
            pango_layout_set_ellipsize(layout.get(), PANGO_ELLIPSIZE_END);
            pango_layout_set_height(layout.get(), -maxLines);
        }
    }
    return layout;
}

double TextPainter::width(PangoLayout* layout)
{
    int width = 0;
    pango_layout_get_size(layout, &width, nullptr);
    return static_cast<double>(width) / PANGO_SCALE;
}

double TextPainter::height(PangoLayout* layout)
{
    int height = 0;
    pango_layout_get_size(layout, nullptr, &height);
    return static_cast<double>(height) / PANGO_SCALE;
}

double TextPainter::width(std::string_view text, const TextStyle& style) const
{
    return width(layout(text, style).get());
}

void TextPainter::draw(PangoLayout* layout, double x, double y, std::uint32_t rgb) const
{
    cairo_save(m_cr);
    setColour(m_cr, rgb);
    cairo_move_to(m_cr, x, y);
    pango_cairo_show_layout(m_cr, layout);
    cairo_restore(m_cr);
}

void setColour(cairo_t* cr, std::uint32_t rgb, double alpha)
{
    cairo_set_source_rgba(cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0,
                          (rgb & 0xFF) / 255.0, alpha);
}

}  // namespace es
