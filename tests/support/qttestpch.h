// Precompiled header for the test programs that do not use LibTorch: Qt Test (which brings all
// of QtCore) and JSON, ~3.5 s of parsing in each of their sources without it. Only library
// headers belong here: a project header would rebuild every such test when it changes.
#pragma once

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>
