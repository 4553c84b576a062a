#pragma once

// A report chart as a PNG image, and bytes as base64 text, for the HTML report's
// `data:image/png;base64,...` images.

#include "engine/report/reportcharts.h"

#include <string>
#include <string_view>

namespace es {

/// The PNG bytes of `chart` drawn `width` units wide (chartpainter.h) at `pixelsPerUnit`
/// pixels per unit, on a white ground. Throws std::runtime_error when cairo cannot make it
/// (out of memory).
std::string chartPng(const ChartSpec& chart, double width, double pixelsPerUnit);

/// `bytes` as base64 (RFC 4648, with padding).
std::string base64Text(std::string_view bytes);

}  // namespace es
