#include "engine/report/chartimage.h"

#include "engine/i18n/translate.h"
#include "engine/report/chartpainter.h"

#include <cairo.h>
#include <glib.h>

#include <cmath>
#include <memory>
#include <stdexcept>

namespace es {

namespace {

struct SurfaceDeleter {
    void operator()(cairo_surface_t* surface) const { cairo_surface_destroy(surface); }
};
struct ContextDeleter {
    void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};

cairo_status_t appendTo(void* closure, const unsigned char* data, unsigned int length)
{
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

void check(cairo_status_t status)
{
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(fillText(engineText("ChartImage", "cannot draw a chart: %1"),
                                          {cairo_status_to_string(status)}));
}

}  // namespace

std::string chartPng(const ChartSpec& chart, double width, double pixelsPerUnit)
{
    const double height = chartHeight(chart, width);
    std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface(cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, static_cast<int>(std::ceil(width * pixelsPerUnit)),
        static_cast<int>(std::ceil(height * pixelsPerUnit))));
    check(cairo_surface_status(surface.get()));
    {
        std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(surface.get()));
        // The whole image, also the part of a pixel row below the chart that rounding up added.
        cairo_set_source_rgb(cr.get(), 1.0, 1.0, 1.0);
        cairo_paint(cr.get());
        cairo_scale(cr.get(), pixelsPerUnit, pixelsPerUnit);
        paintChart(cr.get(), chart, {0.0, 0.0, width, height});
        check(cairo_status(cr.get()));
    }
    std::string png;
    check(cairo_surface_write_to_png_stream(surface.get(), appendTo, &png));
    return png;
}

std::string base64Text(std::string_view bytes)
{
    gchar* encoded = g_base64_encode(reinterpret_cast<const guchar*>(bytes.data()), bytes.size());
    std::string text(encoded);
    g_free(encoded);
    return text;
}

}  // namespace es
