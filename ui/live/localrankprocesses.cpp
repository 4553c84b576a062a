#include "ui/live/localrankprocesses.h"

#include "engine/config/runconfig.h"
#include "engine/env/cpuinfo.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QProcessEnvironment>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace es::ui {

namespace {

// How long a killed rank may take to be reaped: SIGKILL cannot be refused.
constexpr int kReapMs = 3000;

QString& cliOverride()
{
    static QString program;
    return program;
}

}  // namespace

LocalRankProcesses::LocalRankProcesses(QObject* parent) : QObject(parent)
{
    m_grace.setSingleShot(true);
    m_grace.setInterval(kGraceMs);
    connect(&m_grace, &QTimer::timeout, this, &LocalRankProcesses::killRunning);
}

LocalRankProcesses::~LocalRankProcesses()
{
    for (auto& rank : m_ranks) {
        if (rank->process->state() == QProcess::NotRunning)
            continue;
        // No signal of theirs may reach this object while it goes.
        rank->process->disconnect(this);
        rank->process->kill();
        rank->process->waitForFinished(kReapMs);
    }
}

bool LocalRankProcesses::wanted(const RunConfig& config)
{
    return config.distributed.enabled() && config.distributed.init.empty() && config.rank == 0;
}

QString LocalRankProcesses::cliProgram()
{
    if (!cliOverride().isEmpty())
        return cliOverride();
    return QCoreApplication::applicationDirPath() + QStringLiteral("/epochscope-cli");
}

void LocalRankProcesses::setCliProgram(const QString& program)
{
    cliOverride() = program;
}

bool LocalRankProcesses::prepare(RunConfig& config, QString* error)
{
    const QString program = cliProgram();
    const QFileInfo cli(program);
    if (!cli.isFile() || !cli.isExecutable()) {
        if (error)
            *error = tr("the other processes run %1, which is not there: reinstall EpochScope, "
                        "or start all %2 processes with epochscope-cli train --config FILE "
                        "--nproc %2")
                         .arg(QDir::toNativeSeparators(program))
                         .arg(config.distributed.worldSize);
        return false;
    }
    if (!m_dir.isValid()) {
        if (error)
            *error = tr("cannot create a temporary directory for the processes: %1")
                         .arg(m_dir.errorString());
        return false;
    }
    m_worldSize = config.distributed.worldSize;
    m_init = QStringLiteral("file:") + m_dir.filePath(QStringLiteral("rendezvous"));

    // The file lies elsewhere: relative data paths keep pointing where the window's do. Rank 0
    // takes the same paths, since the ranks check that they train the same config.
    resolveDataPaths(config.data, QDir::currentPath().toStdString());
    RunConfig others = config;
    others.distributed.init = m_init.toStdString();
    m_configPath = m_dir.filePath(QStringLiteral("config.json"));
    QFile file(m_configPath);
    const std::string text = toJson(others).dump(2);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.flush()) {
        if (error)
            *error = tr("cannot write the processes' config %1: %2")
                         .arg(QDir::toNativeSeparators(m_configPath), file.errorString());
        return false;
    }

    config.rank = 0;
    config.distributed.init = m_init.toStdString();
    // The N ranks share this machine's cores, as the CLI's ranks do with LOCAL_WORLD_SIZE.
    if (config.device.intraOpThreads == 0)
        config.device.intraOpThreads = std::max(1, readCpuTopology().physicalCores / m_worldSize);
    return true;
}

void LocalRankProcesses::startOthers()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LOCAL_WORLD_SIZE"), QString::number(m_worldSize));
    for (int r = 1; r < m_worldSize; ++r) {
        auto rank = std::make_unique<Rank>();
        rank->rank = r;
        rank->process = new QProcess(this);
        Rank* self = rank.get();
        QProcess* process = rank->process;
        process->setProcessEnvironment(environment);
        // They print only warnings and errors, on stderr.
        process->setStandardOutputFile(QProcess::nullDevice());
        connect(process, &QProcess::readyReadStandardError, this,
                [this, self] { readErrors(*self, false); });
        connect(process, &QProcess::errorOccurred, this, [this, self](QProcess::ProcessError e) {
            if (e != QProcess::FailedToStart)
                return;
            Q_EMIT logLine(LogLevel::Error, tr("Rank %1 could not start: %2")
                                                .arg(self->rank)
                                                .arg(self->process->errorString()));
            if (!m_rankZeroEnded)
                Q_EMIT rankFailed(self->rank);
        });
        connect(
            process, &QProcess::finished, this,
            [this, self](int exitCode, QProcess::ExitStatus status) {
                readErrors(*self, true);
                const bool failed = status != QProcess::NormalExit || exitCode != 0;
                if (!failed || m_rankZeroEnded)
                    return;
                Q_EMIT logLine(
                    LogLevel::Error,
                    status == QProcess::NormalExit
                        ? tr("Rank %1 failed with exit status %2.").arg(self->rank).arg(exitCode)
                        : tr("Rank %1 ended abnormally.").arg(self->rank));
                Q_EMIT rankFailed(self->rank);
            });
        const QStringList arguments = {QStringLiteral("train"),
                                       QStringLiteral("--config"),
                                       m_configPath,
                                       QStringLiteral("--rank"),
                                       QString::number(r),
                                       QStringLiteral("--world-size"),
                                       QString::number(m_worldSize),
                                       QStringLiteral("--master"),
                                       m_init,
                                       QStringLiteral("--no-record")};
        m_ranks.push_back(std::move(rank));
        process->start(cliProgram(), arguments);
    }
}

void LocalRankProcesses::rankZeroEnded()
{
    m_rankZeroEnded = true;
    if (running() > 0)
        m_grace.start();
}

int LocalRankProcesses::running() const
{
    return static_cast<int>(std::count_if(m_ranks.begin(), m_ranks.end(), [](const auto& rank) {
        return rank->process->state() != QProcess::NotRunning;
    }));
}

void LocalRankProcesses::readErrors(Rank& rank, bool flush)
{
    rank.pending += rank.process->readAllStandardError();
    qsizetype end = 0;
    while ((end = rank.pending.indexOf('\n')) >= 0 || (flush && !rank.pending.isEmpty())) {
        const qsizetype length = end >= 0 ? end : rank.pending.size();
        const QString line = QString::fromUtf8(rank.pending.left(length)).trimmed();
        rank.pending.remove(0, end >= 0 ? end + 1 : length);
        if (line.isEmpty())
            continue;
        // "rank 1: error: ..." from the CLI; everything else it prints there is a warning.
        const bool isError = line.contains(QLatin1String("error:"));
        Q_EMIT logLine(isError ? LogLevel::Error : LogLevel::Warning, line);
    }
}

void LocalRankProcesses::killRunning()
{
    for (auto& rank : m_ranks) {
        if (rank->process->state() == QProcess::NotRunning)
            continue;
        Q_EMIT logLine(LogLevel::Warning,
                       tr("Rank %1 had not ended %2 s after rank 0 and was killed.")
                           .arg(rank->rank)
                           .arg(kGraceMs / 1000));
        rank->process->kill();
    }
}

}  // namespace es::ui
