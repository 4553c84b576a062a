// Precompiled header for the GUI tests (tests/gui): Qt Test and JSON, the Qt Widgets headers the
// app's sources precompile, and QCustomPlot (~14 s of parsing in each of their sources without
// it). Only library headers, and the wrappers that include them, belong here.
#pragma once

#include "tests/support/qttestpch.h"
#include "ui/pch/qtwidgetspch.h"
#include "ui/plots/qcustomplotinclude.h"
