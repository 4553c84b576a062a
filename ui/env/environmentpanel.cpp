#include "env/environmentpanel.h"

#include "core/threadname.h"
#include "env/doctor.h"
#include "live/trainingidlegate.h"

#include <QtCore/QPointer>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

#include <thread>

namespace es::ui {

/// Runs the doctor on its own thread; joined when the panel goes.
class EnvironmentPanel::Worker {
public:
    template <typename Done>
    explicit Worker(Done done)
        : m_thread([done] {
              nameThisThread("es-doctor");
              QString text;
              try {
                  for (const std::string& line : formatDoctorReport(runDoctor(DoctorOptions())))
                      text += QString::fromStdString(line) + '\n';
              } catch (const std::exception& error) {
                  text = EnvironmentPanel::tr("The environment check failed: %1").arg(error.what());
              }
              done(text);
          })
    {
    }
    ~Worker() { m_thread.join(); }

private:
    std::thread m_thread;
};

EnvironmentPanel::EnvironmentPanel(QWidget* parent)
    : QWidget(parent),
      m_check(new QPushButton(tr("&Check this machine"), this)),
      m_report(new QPlainTextEdit(this))
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

EnvironmentPanel::~EnvironmentPanel()
{
    delete m_worker;
}

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
    delete m_worker;  // the previous check has finished: its button was enabled again
    QPointer<EnvironmentPanel> self(this);
    m_worker = new Worker([self](const QString& text) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, text] {
                TrainingIdleGate::instance().toolWorkEnded();
                if (!self)
                    return;
                self->m_report->setPlainText(text);
                self->m_check->setEnabled(true);
                Q_EMIT self->checked(text);
            },
            Qt::QueuedConnection);
    });
}

}  // namespace es::ui
