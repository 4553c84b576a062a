#include "ui/plots/phasepalette.h"

#include <array>

namespace es::ui {

namespace {

// Beyond the phase hues so that extra series never look like a phase: no browns since
// Communication took Tableau's 9C755F (D3's 8C564B beside it would read as that phase).
constexpr std::array<QRgb, 8> kExtraRgb = {0xE377C2, 0xFF9DA7, 0x17BECF, 0xBCBD22,
                                           0x393B79, 0x7F7F7F, 0x1F77B4, 0xD62728};

// D3's category hues reordered so that consecutive ranks differ most; lines on a chart of
// their own, so sharing a hue family with a phase cannot be misread as one.
constexpr std::array<QRgb, 8> kRankRgb = {0x1F77B4, 0xD62728, 0x2CA02C, 0x9467BD,
                                          0xFF7F0E, 0x17BECF, 0x393B79, 0xBCBD22};

}  // namespace

QColor phaseColor(Phase phase)
{
    // One set of colours for the app's charts and the engine's report charts.
    return QColor::fromRgb(es::phaseColour(phase));
}

QColor seriesColor(SeriesRole role)
{
    switch (role) {
        case SeriesRole::Validation: return QColor::fromRgb(0xEDC948);         // yellow
        case SeriesRole::EpochEndCallbacks: return QColor::fromRgb(0x6B3D7A);  // dark purple
        case SeriesRole::TrainLoss: return QColor::fromRgb(0x4E79A7);
        case SeriesRole::ValLoss: return QColor::fromRgb(0xE15759);
        case SeriesRole::StepLoss: return QColor::fromRgb(0xA0CBE8);  // pale train-loss blue
        case SeriesRole::TransferMs: return phaseColor(Phase::HostToDevice);
        case SeriesRole::TransferMb: return QColor::fromRgb(0x4E79A7);
        case SeriesRole::TransferGbps: return QColor::fromRgb(0x59A14F);
        case SeriesRole::ProcessCpu: return QColor::fromRgb(0x4E79A7);
        case SeriesRole::MachineCpu: return QColor::fromRgb(0x7F7F7F);
        case SeriesRole::Rss: return QColor::fromRgb(0xB07AA1);
        case SeriesRole::GpuUtil: return QColor::fromRgb(0x59A14F);
        // The reference every bar is read against stands out warm; what is tried is cool.
        case SeriesRole::WhatIfBaseline: return QColor::fromRgb(0xF28E2B);
        case SeriesRole::WhatIfVariant: return QColor::fromRgb(0x4E79A7);
        case SeriesRole::GpuMemory: return QColor::fromRgb(0xF28E2B);
        case SeriesRole::TensorMemory:
            return QColor::fromRgb(0x333333);  // near black, over the phases
    }
    return Qt::black;
}

QColor rankColor(int rank)
{
    const auto count = static_cast<int>(kRankRgb.size());
    return QColor::fromRgb(kRankRgb[static_cast<std::size_t>(((rank % count) + count) % count)]);
}

QColor extraSeriesColor(int index)
{
    const auto count = static_cast<int>(kExtraRgb.size());
    return QColor::fromRgb(kExtraRgb[static_cast<std::size_t>(((index % count) + count) % count)]);
}

}  // namespace es::ui
