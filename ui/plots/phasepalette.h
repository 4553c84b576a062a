#pragma once

// The one place chart colours come from: the live dashboard, exported images and (later) the
// HTML/PDF reports all call these, so a phase looks the same wherever a user meets it.

#include "engine/core/phase.h"

#include <QtCore/QString>
#include <QtGui/QColor>

namespace es::ui {

/// Series that are not training phases but sit next to them in the charts.
enum class SeriesRole {
    Validation,         ///< epoch-level validation pass
    EpochEndCallbacks,  ///< callbacks' epoch-end work (checkpoints, backups, CSV logs)
    TrainLoss,
    ValLoss,
    StepLoss,  ///< smoothed per-step training loss
    TransferMs,
    TransferMb,
    TransferGbps,
    ProcessCpu,
    MachineCpu,
    Rss,
    GpuUtil,
    GpuMemory,
    TensorMemory,    ///< the bytes tensors hold at a step's end
    WhatIfBaseline,  ///< the baseline's bar in what-if charts
    WhatIfVariant,   ///< every other configuration's bar
};

/// The fill colour of `phase`; the phases' colours are distinct from each other.
QColor phaseColor(Phase phase);

/// The colour of a non-phase series.
QColor seriesColor(SeriesRole role);

/// The line colour of rank `rank` of a distributed run: a fixed cycle of dark, saturated hues
/// that tell neighbouring ranks apart (the first two differ most: most runs have two ranks).
QColor rankColor(int rank);

/// Colours for series that come and go (busiest threads, metrics, further GPUs): a fixed
/// cycle, so the n-th such series keeps its colour from one refresh to the next.
QColor extraSeriesColor(int index);

}  // namespace es::ui
