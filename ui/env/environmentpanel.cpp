#include "ui/env/environmentpanel.h"

#include "engine/diagnosis/doctorfindings.h"
#include "engine/doctor/doctorjson.h"
#include "engine/doctor/doctortext.h"
#include "ui/live/trainingidlegate.h"

#include <QtGui/QFontDatabase>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

#include <exception>
#include <string>

namespace es::ui {

namespace {

/// The doctor's report as the panel shows it; on the doctor's thread.
QString measureThisMachine()
{
    QString text;
    try {
        for (const std::string& line : formatDoctorReport(runDoctor(DoctorOptions())))
            text += QString::fromStdString(line) + '\n';
    } catch (const std::exception& error) {
        text = EnvironmentPanel::tr("The environment check failed: %1").arg(error.what());
    }
    return text;
}

}  // namespace

EnvironmentPanel::EnvironmentPanel(QWidget* parent)
    : QWidget(parent),
      m_check(new QPushButton(tr("&Check this machine"), this)),
      m_report(new QPlainTextEdit(this)),
      m_doctor(this, "es-doctor")
{
    m_check->setToolTip(
        tr("Find the BLAS LibTorch loaded, measure SGEMM, check threads, CUDA "
           "and GPUs (a few seconds)"));
    m_report->setReadOnly(true);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("Not checked yet."));
    connect(m_check, &QPushButton::clicked, this, &EnvironmentPanel::check);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_check);
    layout->addWidget(m_report, 1);
}

EnvironmentPanel::~EnvironmentPanel() = default;  // m_doctor waits for a check in progress

void EnvironmentPanel::check()
{
    if (!m_check->isEnabled())
        return;
    m_check->setEnabled(false);
    m_waitingForRun = !TrainingIdleGate::instance().whenIdle(this, [this] { measure(); });
    if (m_waitingForRun)
        m_report->setPlainText(
            tr("Waiting for the training run to end: the check measures SGEMM on the same "
               "cores, which would slow the run's steps (and its diagnosis would blame the run)."));
}

void EnvironmentPanel::measure()
{
    m_waitingForRun = false;
    TrainingIdleGate::instance().toolWorkStarted();  // a run asked to start now waits for it
    m_report->setPlainText(tr("Measuring..."));
    m_doctor.run(
        measureThisMachine,
        [this](const QString& text) {
            m_report->setPlainText(text);
            m_check->setEnabled(true);
            Q_EMIT checked(text);
        },
        [] { TrainingIdleGate::instance().toolWorkEnded(); });
}

}  // namespace es::ui
