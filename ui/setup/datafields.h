#pragma once

// What the Data tab's parts (the source pages, the batch options) share: how a field's edit
// reaches the config, the ranges a spin box can hold, and small field helpers.

#include "engine/config/runconfigfwd.h"

#include <QtCore/QString>

#include <cstdint>
#include <functional>
#include <limits>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace es::ui {

/// One field's edit: writes only that field, so that values the widgets cannot show exactly
/// (a split of 0.1234) survive other edits.
using DataChange = std::function<void(DataConfig&)>;

// The ranges the config parser accepts (docs/config.md), cut to what a QSpinBox holds: the
// parser's 2^32 samples and batch size are beyond a signed int, and far beyond memory anyway.
inline constexpr int kMaxSpinValue = std::numeric_limits<int>::max();
inline constexpr int kMaxTimesteps = 1 << 20;

/// `value` clamped into a spin box's range.
int spinValue(std::int64_t value);

/// A spin box named and tagged for its config path.
QSpinBox* spinBox(const char* objectName, const QString& configPath, int minimum, int maximum,
                  QWidget* parent);

/// A label whose mnemonic focuses `buddy`.
QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent);

/// setText() moves the cursor to the end; a refill while the user types must not.
void setTextIfChanged(QLineEdit* field, const QString& text);
void setEditTextIfChanged(QComboBox* field, const QString& text);

}  // namespace es::ui
