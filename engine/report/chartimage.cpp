#include "engine/report/chartimage.h"

#include "engine/i18n/translate.h"
#include "engine/report/chartpainter.h"
#include "engine/report/pangotext.h"

#include <cairo.h>
#include <glib.h>

#include <cmath>
#include <memory>
#include <stdexcept>

namespace es {

namespace {

void checkChart(cairo_status_t status)
{
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(fillText(engineText("ChartImage", "cannot draw a chart: %1"),
                                          {cairo_status_to_string(status)}));
}

}  // namespace

std::string chartPng(const ChartSpec& chart, double width, double pixelsPerUnit)
{
    const double height = chartHeight(chart, width);
    SurfacePtr surface(cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, static_cast<int>(std::ceil(width * pixelsPerUnit)),
        static_cast<int>(std::ceil(height * pixelsPerUnit))));
    checkChart(cairo_surface_status(surface.get()));
    {
        ContextPtr cr(cairo_create(surface.get()));
        // The whole image, also the part of a pixel row below the chart that rounding up added.
        cairo_set_source_rgb(cr.get(), 1.0, 1.0, 1.0);
        cairo_paint(cr.get());
        cairo_scale(cr.get(), pixelsPerUnit, pixelsPerUnit);
        paintChart(cr.get(), chart, {0.0, 0.0, width, height});
        checkChart(cairo_status(cr.get()));
    }
    std::string png;
    checkChart(cairo_surface_write_to_png_stream(surface.get(), appendToString, &png));
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
