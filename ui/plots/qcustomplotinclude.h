#pragma once

// Include QCustomPlot through this header, never <qcustomplot.h> directly.
//
// The project builds with QT_NO_KEYWORDS (LibTorch headers call `.slots()`), but QCustomPlot
// 2.1's header still spells `signals:` and `foreach`. Qt's own headers are included first so
// that the stand-in macros below reach QCustomPlot's declarations only, then they are removed.

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSharedPointer>
#include <QtCore/QTimer>
#include <QtCore/QVector>
#include <QtCore/QtNumeric>
#include <QtGui/QMouseEvent>
#include <QtGui/QPainter>
#include <QtGui/QPainterPath>
#include <QtGui/QPixmap>
#include <QtGui/QWheelEvent>
#include <QtPrintSupport/QtPrintSupport>
#include <QtWidgets/QWidget>

#if defined(QT_NO_KEYWORDS) && !defined(signals) && !defined(foreach)
#define signals Q_SIGNALS
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef foreach
#else
#include <qcustomplot.h>
#endif
