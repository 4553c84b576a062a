#include "engine/distributed/rendezvousfile.h"

#include "engine/distributed/storeprotocol.h"
#include "engine/i18n/translate.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

/// The first bytes of every rendezvous file: "ESRDZVF" and the format's version.
constexpr std::string_view kFileHello{"ESRDZVF\x01", 8};
constexpr char kSetRecord = 1;
constexpr char kRemoveRecord = 2;
// A world of 4096 ranks writes a few megabytes; a file far larger is not one of ours.
constexpr off_t kMaxFileBytes = off_t{256} << 20;
// How long a rank sleeps before trying a lock another rank holds again: locks are held for
// one read or one append.
constexpr std::chrono::milliseconds kLockRetry{2};

std::string kindOf(const struct stat& status)
{
    if (S_ISLNK(status.st_mode))
        return engineText("RendezvousFile", "a symbolic link");
    if (S_ISDIR(status.st_mode))
        return engineText("RendezvousFile", "a directory");
    if (S_ISFIFO(status.st_mode))
        return engineText("RendezvousFile", "a named pipe");
    if (S_ISSOCK(status.st_mode))
        return engineText("RendezvousFile", "a socket");
    if (S_ISREG(status.st_mode))
        return engineText("RendezvousFile", "a file");
    return engineText("RendezvousFile", "a device");
}

std::string refusal(const std::string& path, const std::string& why)
{
    return fillText(engineText("RendezvousFile",
                               "%1 %2; the meeting uses only a file it created itself: remove "
                               "%1 if no run uses it"),
                    {path, why});
}

}  // namespace

RendezvousFile::RendezvousFile(const RendezvousFileOptions& options) : m_options(options)
{
    if (options.create)
        create();
    else
        join();
}

RendezvousFile::~RendezvousFile()
{
    // The creator removes the file when it leaves, if the path still names the file it made:
    // the ranks keep their own descriptors, and a later run can meet at the same path.
    if (!m_options.create || !m_file.valid())
        return;
    struct stat mine {};
    struct stat named {};
    if (::fstat(m_file.get(), &mine) == 0 && ::lstat(m_options.path.c_str(), &named) == 0 &&
        mine.st_dev == named.st_dev && mine.st_ino == named.st_ino)
        ::unlink(m_options.path.c_str());
}

void RendezvousFile::create()
{
    const std::string& path = m_options.path;
    m_file.reset(::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!m_file.valid()) {
        const int error = errno;
        struct stat existing {};
        if (error == EEXIST && ::lstat(path.c_str(), &existing) == 0)
            throw RendezvousError(
                refusal(path, fillText(engineText("RendezvousFile",
                                                  "already exists (%1): another run may be meeting "
                                                  "there, or an earlier one left it behind"),
                                       {kindOf(existing)})));
        throw RendezvousError(fillText(engineText("RendezvousFile", "cannot create %1: %2"),
                                       {path, std::strerror(error)}));
    }
    lock(LOCK_EX);
    const ssize_t written = ::pwrite(m_file.get(), kFileHello.data(), kFileHello.size(), 0);
    unlock();
    if (written != static_cast<ssize_t>(kFileHello.size()))
        throw RendezvousError(fillText(engineText("RendezvousFile", "cannot write %1: %2"),
                                       {path, std::strerror(errno)}));
}

void RendezvousFile::join()
{
    const std::string& path = m_options.path;
    const Clock::time_point deadline = Clock::now() + m_options.timeout;
    struct stat named {};
    // Ranks start in any order: the file may not be there yet.
    while (::lstat(path.c_str(), &named) != 0) {
        if (errno != ENOENT)
            throw RendezvousError(fillText(engineText("RendezvousFile", "cannot read %1: %2"),
                                           {path, std::strerror(errno)}));
        throwIfStopRequested(m_options.stop);
        if (Clock::now() >= deadline)
            throw RendezvousError(fillText(
                engineText("RendezvousFile",
                           "%1 did not appear within %2 s (rank 0 creates it; is it running, "
                           "and does it see the same file system?)"),
                {path, meetingSeconds(m_options.timeout)}));
        std::this_thread::sleep_for(kMeetingPollInterval);
    }
    if (!S_ISREG(named.st_mode))
        throw RendezvousError(refusal(
            path, fillText(engineText("RendezvousFile", "is %1, not a file"), {kindOf(named)})));
    if (named.st_uid != ::geteuid())
        throw RendezvousError(
            refusal(path, fillText(engineText("RendezvousFile", "belongs to another user (uid %1)"),
                                   {std::to_string(named.st_uid)})));
    if ((named.st_mode & (S_IWGRP | S_IWOTH)) != 0)
        throw RendezvousError(
            refusal(path, engineText("RendezvousFile", "can be written by other users")));
    // O_NONBLOCK: should a named pipe replace the file after the check, the open does not
    // wait for a writer; the identity check below then refuses it.
    m_file.reset(::open(path.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    struct stat opened {};
    if (!m_file.valid() || ::fstat(m_file.get(), &opened) != 0 || !S_ISREG(opened.st_mode) ||
        opened.st_dev != named.st_dev || opened.st_ino != named.st_ino)
        throw RendezvousError(
            refusal(path, engineText("RendezvousFile", "changed while it was being opened")));
    // The creator writes the first bytes right after creating it, under its lock.
    for (;;) {
        lock(LOCK_SH);
        char first[kFileHello.size()] = {};
        const ssize_t got = ::pread(m_file.get(), first, sizeof first, 0);
        unlock();
        if (got > 0) {
            if (std::string_view(first, static_cast<std::size_t>(got)) != kFileHello)
                throw RendezvousError(refusal(
                    path, engineText("RendezvousFile", "is not an EpochScope rendezvous file")));
            break;
        }
        throwIfStopRequested(m_options.stop);
        if (Clock::now() >= deadline)
            throw RendezvousError(fillText(
                engineText("RendezvousFile", "%1 stayed empty for %2 s: no rank 0 writes it"),
                {path, meetingSeconds(m_options.timeout)}));
        std::this_thread::sleep_for(kMeetingPollInterval);
    }
}

void RendezvousFile::lock(int operation)
{
    const Clock::time_point deadline = Clock::now() + m_options.timeout;
    while (::flock(m_file.get(), operation | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR)
            throw RendezvousError(fillText(engineText("RendezvousFile", "cannot lock %1: %2"),
                                           {m_options.path, std::strerror(errno)}));
        throwIfStopRequested(m_options.stop);
        if (Clock::now() >= deadline)
            throw RendezvousError(fillText(
                engineText("RendezvousFile", "%1 stayed locked by another process for %2 s"),
                {m_options.path, meetingSeconds(m_options.timeout)}));
        std::this_thread::sleep_for(kLockRetry);
    }
}

void RendezvousFile::unlock()
{
    ::flock(m_file.get(), LOCK_UN);
}

RendezvousFile::Values RendezvousFile::readValues()
{
    struct stat status {};
    if (::fstat(m_file.get(), &status) != 0)
        throw RendezvousError(fillText(engineText("RendezvousFile", "cannot read %1: %2"),
                                       {m_options.path, std::strerror(errno)}));
    const auto damaged = [&](off_t at) {
        return RendezvousError(
            fillText(engineText("RendezvousFile",
                                "%1 is damaged or not an EpochScope rendezvous file "
                                "(at byte %2)"),
                     {m_options.path, std::to_string(at)}));
    };
    if (status.st_size > kMaxFileBytes)
        throw damaged(kMaxFileBytes);
    std::string bytes(static_cast<std::size_t>(status.st_size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t got = ::pread(m_file.get(), bytes.data() + done, bytes.size() - done,
                                    static_cast<off_t>(done));
        if (got <= 0)
            throw damaged(static_cast<off_t>(done));
        done += static_cast<std::size_t>(got);
    }
    if (std::string_view(bytes).substr(0, kFileHello.size()) != kFileHello)
        throw damaged(0);
    Values values;
    std::string_view rest = std::string_view(bytes).substr(kFileHello.size());
    while (!rest.empty()) {
        const off_t at = static_cast<off_t>(bytes.size() - rest.size());
        const char kind = rest.front();
        BodyReader record(rest.substr(1));
        try {
            std::string key = record.text(kMaxStoreKeyBytes);
            std::string value = record.text(kMaxStoreValueBytes);
            const std::size_t used = 1 + 8 + key.size() + value.size();
            if (kind == kSetRecord)
                values[std::move(key)] = std::move(value);
            else if (kind == kRemoveRecord)
                values.erase(key);
            else
                throw damaged(at);
            rest.remove_prefix(used);
        } catch (const std::length_error&) {
            throw damaged(at);
        }
    }
    return values;
}

void RendezvousFile::appendRecord(char kind, const std::string& key, const std::string& value)
{
    if (key.size() > kMaxStoreKeyBytes || value.size() > kMaxStoreValueBytes)
        throw RendezvousError(fillText(
            engineText("RendezvousStore",
                       "a key of %1 bytes or a value of %2 bytes is beyond the store's bounds"),
            {std::to_string(key.size()), std::to_string(value.size())}));
    const std::string record = std::string(1, kind) + BodyWriter().text(key).text(value).body();
    struct stat status {};
    if (::fstat(m_file.get(), &status) != 0 ||
        ::pwrite(m_file.get(), record.data(), record.size(), status.st_size) !=
            static_cast<ssize_t>(record.size()))
        throw RendezvousError(fillText(engineText("RendezvousFile", "cannot write %1: %2"),
                                       {m_options.path, std::strerror(errno)}));
}

template <typename Body>
auto RendezvousFile::withValues(int operation, Body&& body)
{
    const std::lock_guard guard(m_mutex);
    lock(operation);
    struct Unlock {
        RendezvousFile* file;
        ~Unlock() { file->unlock(); }
    } unlockAtEnd{this};
    Values values = readValues();
    return body(values);
}

void RendezvousFile::set(const std::string& key, const std::string& value)
{
    withValues(LOCK_EX, [&](Values&) {
        appendRecord(kSetRecord, key, value);
        return true;
    });
}

std::optional<std::string> RendezvousFile::get(const std::string& key)
{
    return withValues(LOCK_SH, [&](Values& values) -> std::optional<std::string> {
        const auto found = values.find(key);
        if (found == values.end())
            return std::nullopt;
        return found->second;
    });
}

std::int64_t RendezvousFile::add(const std::string& key, std::int64_t delta)
{
    return withValues(LOCK_EX, [&](Values& values) {
        std::int64_t value = 0;
        const auto found = values.find(key);
        if (found != values.end() && !parseWholeInteger(found->second, value))
            throw RendezvousError(
                fillText(engineText("RendezvousFile", "%1: the value of \"%2\" is not an integer"),
                         {m_options.path, key}));
        value = static_cast<std::int64_t>(static_cast<std::uint64_t>(value) +
                                          static_cast<std::uint64_t>(delta));
        appendRecord(kSetRecord, key, std::to_string(value));
        return value;
    });
}

std::string RendezvousFile::compareSet(const std::string& key, const std::string& expected,
                                       const std::string& desired)
{
    return withValues(LOCK_EX, [&](Values& values) {
        const auto found = values.find(key);
        if (found == values.end()) {
            if (!expected.empty())
                return expected;
        } else if (found->second != expected) {
            return found->second;
        }
        appendRecord(kSetRecord, key, desired);
        return desired;
    });
}

bool RendezvousFile::remove(const std::string& key)
{
    return withValues(LOCK_EX, [&](Values& values) {
        if (values.count(key) == 0)
            return false;
        appendRecord(kRemoveRecord, key, {});
        return true;
    });
}

std::vector<bool> RendezvousFile::check(const std::vector<std::string>& keys)
{
    return withValues(LOCK_SH, [&](Values& values) {
        std::vector<bool> present;
        for (const std::string& key : keys)
            present.push_back(values.count(key) > 0);
        return present;
    });
}

std::int64_t RendezvousFile::keyCount()
{
    return withValues(LOCK_SH,
                      [](Values& values) { return static_cast<std::int64_t>(values.size()); });
}

}  // namespace es
