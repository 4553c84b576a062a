#pragma once

// Runs the built epochscope-cli (es::test::cliPath(), which ctest gives) as a user or a
// script would, with the run database kept in a directory of the test's own.

#include "tests/support/testpaths.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QDirIterator>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>

#include <nlohmann/json.hpp>

#include <signal.h>

#include <cerrno>
#include <cstring>
#include <functional>

namespace {

// Generous: two tiny epochs take seconds, but CI machines are shared and LibTorch starts slowly.
constexpr int kTrainTimeoutMs = 300'000;
constexpr int kQuickTimeoutMs = 60'000;
// The documented exit statuses (docs/cli.md).
constexpr int kExitFinished = 0;
constexpr int kExitRunFailed = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitInterrupted = 130;

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

/// The CLI records every run in the run database under XDG_DATA_HOME; tests keep theirs in a
/// directory of their own instead of the user's.
inline QProcessEnvironment isolatedEnvironment()
{
    static QTemporaryDir dataHome;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("XDG_DATA_HOME", dataHome.path());
    // The CLI's texts follow LC_ALL/LC_MESSAGES/LANG when --lang is not given; the tests read
    // English unless they ask for another language.
    environment.insert("LC_ALL", "C.UTF-8");
    return environment;
}

/// A run that `process` did not get through: killed, with `why` and Qt's reason as its error.
inline CliRun unfinishedRun(QProcess& process, const QString& why)
{
    process.kill();
    process.waitForFinished();
    CliRun run;
    run.err = why + ": " + process.errorString();
    return run;
}

/// Waits up to `timeoutMs` for `process` to end and returns its run; `earlierOut` is what a
/// caller already read of its standard output, which the run's output starts with.
inline CliRun finishedRun(QProcess& process, int timeoutMs, const QByteArray& earlierOut = {})
{
    if (!process.waitForFinished(timeoutMs))
        return unfinishedRun(process, "did not finish");
    CliRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(earlierOut + process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    if (process.exitStatus() != QProcess::NormalExit)
        run.err += QString("\n(killed by signal %1)").arg(process.exitCode());
    return run;
}

/// Runs the CLI to its end; `modify`, when given, runs in the child before the CLI starts
/// (limits, another user); `environment` is isolatedEnvironment() unless a test adds to it.
inline CliRun runCli(const QStringList& arguments, int timeoutMs = kQuickTimeoutMs,
                     const std::function<void()>& modify = {},
                     const QProcessEnvironment& environment = isolatedEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    if (modify)
        process.setChildProcessModifier(modify);
    process.start(es::test::cliPath(), arguments);
    if (!process.waitForStarted())
        return unfinishedRun(process, "did not start");
    return finishedRun(process, timeoutMs);
}

/// Starts a long training run and returns its output up to the first line containing
/// `marker` (or all of it when the process ends or the time runs out first).
inline QByteArray startUntilOutput(QProcess& process, const QStringList& arguments,
                                   const QByteArray& marker)
{
    process.setProcessEnvironment(isolatedEnvironment());
    process.start(es::test::cliPath(), arguments);
    QByteArray out;
    if (!process.waitForStarted())
        return out;
    QDeadlineTimer deadline(kTrainTimeoutMs);
    while (!out.contains(marker) && !deadline.hasExpired() &&
           process.state() == QProcess::Running) {
        process.waitForReadyRead(1000);
        out += process.readAllStandardOutput();
    }
    return out;
}

/// Ctrl+C to a run that startUntilOutput() started, whose output so far is `out`: SIGINT to the
/// CLI alone (not its process group), then its end awaited as runCli() waits.
inline CliRun interruptRun(QProcess& process, const QByteArray& out)
{
    if (::kill(static_cast<pid_t>(process.processId()), SIGINT) != 0)
        return unfinishedRun(process, QString("SIGINT not sent (%1)").arg(std::strerror(errno)));
    return finishedRun(process, kTrainTimeoutMs, out);
}

inline QString describe(const CliRun& run)
{
    return QString("exit %1\nstdout:\n%2\nstderr:\n%3").arg(run.exitCode).arg(run.out, run.err);
}

inline nlohmann::json readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return nullptr;
    return nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
}

/// Writers' temporary files (`FILE.<pid>-<8 hex digits>.tmp`) anywhere under `dir`.
inline QStringList temporaryFilesUnder(const QString& dir)
{
    QStringList found;
    QDirIterator it(dir, {"*.tmp"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}

/// Writes `document` to `path`; false when the file cannot be written.
inline bool writeJson(const QString& path, const nlohmann::json& document)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) &&
           file.write(QByteArray::fromStdString(document.dump())) >= 0;
}

/// quick-demo with steps long enough (a wide LSTM over long sequences in large batches) that
/// a signal sent after the run started arrives while its first step still runs; null when
/// the CLI did not print the preset.
inline nlohmann::json slowStepsConfig()
{
    const CliRun preset = runCli({"presets", "quick-demo"});
    nlohmann::json config = nlohmann::json::parse(preset.out.toStdString(), nullptr, false);
    if (!config.is_object())
        return nullptr;
    config["model"]["layers"][0]["units"] = 256;
    config["data"]["source"]["samples"] = 1024;
    config["data"]["source"]["timesteps"] = 128;
    config["data"]["batch_size"] = 512;
    return config;
}

/// The labels of a what-if document's variants (`whatif --json`), in its order.
inline QStringList whatifVariantLabels(const nlohmann::json& document)
{
    QStringList labels;
    for (const nlohmann::json& variant : document["variants"])
        labels << QString::fromStdString(variant["label"].get<std::string>());
    return labels;
}

}  // namespace
