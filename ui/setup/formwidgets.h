#pragma once

// Small helpers the Run setup forms share: combo boxes over the config's enums (their JSON
// keys as the items, the enum value as item data).

#include "ui/core/qtext.h"

#include <QtWidgets/QComboBox>

#include <array>
#include <cstddef>

namespace es::ui {

/// A combo box of an enum's keys, the enum value in each item's data.
template <typename Enum, std::size_t N, typename KeyOf>
QComboBox* enumCombo(const std::array<Enum, N>& values, KeyOf keyOf, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    for (Enum value : values)
        combo->addItem(toQString(keyOf(value)), static_cast<int>(value));
    return combo;
}

template <typename Enum>
void selectData(QComboBox* combo, Enum value)
{
    combo->setCurrentIndex(combo->findData(static_cast<int>(value)));
}

template <typename Enum>
Enum selectedData(const QComboBox* combo)
{
    return static_cast<Enum>(combo->currentData().toInt());
}

}  // namespace es::ui
