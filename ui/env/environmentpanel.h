#pragma once

// The Environment dock: the doctor's report (BLAS, SGEMM speed, threads, CUDA, GPUs) and its
// findings, measured on demand on a thread of its own so that the window stays responsive,
// and never while a run is training (live/trainingidlegate.h): its benchmarks would slow the
// run's steps.

#include "ui/jobs/backgroundjob.h"

#include <QtWidgets/QWidget>

class QPlainTextEdit;
class QPushButton;

namespace es::ui {

class EnvironmentPanel : public QWidget {
    Q_OBJECT

public:
    explicit EnvironmentPanel(QWidget* parent = nullptr);
    ~EnvironmentPanel() override;

public Q_SLOTS:
    /// Measures (a few seconds) and shows the report; while a run is training, once it ends.
    void check();

public:
    /// A check was asked for and waits for the training run to end.
    bool waitingForRun() const { return m_waitingForRun; }

Q_SIGNALS:
    void checked(const QString& report);

private:
    void measure();

    QPushButton* m_check;
    bool m_waitingForRun = false;
    QPlainTextEdit* m_report;
    BackgroundJob m_doctor;  ///< declared last, so gone first: waits for a check in progress
};

}  // namespace es::ui
