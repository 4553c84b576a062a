#pragma once

// What files dragged onto the Data tab are: their kind by suffix, and whether a .npy file's
// name says it holds targets (y) rather than features (x).

#include <QtCore/QString>
#include <QtCore/QStringList>

class QMimeData;

namespace es::ui {

enum class DroppedKind { Npy, Npz, Csv, Other };

DroppedKind droppedKind(const QString& path);
/// Whether a file's name says it holds targets: a word "y" (y_train, train_y, y2), or
/// "label" or "target" anywhere in it.
bool namedLikeTargets(const QString& path);
/// The local files a drag carries; empty when it carries anything else as well.
QStringList localFiles(const QMimeData* mime);

}  // namespace es::ui
