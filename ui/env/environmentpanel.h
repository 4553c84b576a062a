#pragma once

// The Environment dock: the doctor's report (BLAS, SGEMM speed, threads, CUDA, GPUs) and its
// findings, measured on demand on a thread of its own so that the window stays responsive.

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
    /// Measures (a few seconds) and shows the report.
    void check();

Q_SIGNALS:
    void checked(const QString& report);

private:
    QPushButton* m_check;
    QPlainTextEdit* m_report;
    class Worker;
    Worker* m_worker = nullptr;
};

}  // namespace es::ui
