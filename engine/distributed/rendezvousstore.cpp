#include "engine/distributed/rendezvousstore_torch.h"

#include "engine/distributed/distributedmessages.h"

namespace es {

namespace {

std::string bytesText(const std::vector<std::uint8_t>& bytes)
{
    return std::string(bytes.begin(), bytes.end());
}

std::vector<std::uint8_t> textBytes(const std::string& text)
{
    return std::vector<std::uint8_t>(text.begin(), text.end());
}

}  // namespace

RendezvousStore::RendezvousStore(std::unique_ptr<KeyValueStore> store,
                                 std::chrono::milliseconds timeout, StopRequest stop)
    : c10d::Store(timeout), m_store(std::move(store)), m_stop(std::move(stop))
{
}

void RendezvousStore::set(const std::string& key, const std::vector<std::uint8_t>& value)
{
    m_store->set(key, bytesText(value));
}

std::vector<std::uint8_t> RendezvousStore::compareSet(const std::string& key,
                                                      const std::vector<std::uint8_t>& expected,
                                                      const std::vector<std::uint8_t>& desired)
{
    return textBytes(m_store->compareSet(key, bytesText(expected), bytesText(desired)));
}

std::vector<std::uint8_t> RendezvousStore::get(const std::string& key)
{
    // c10d's get waits for the key, as TCPStore's and FileStore's do.
    wait({key});
    const std::optional<std::string> value = m_store->get(key);
    if (!value)
        throw RendezvousError(storeKeyRemovedText(m_store->where(), key));
    return textBytes(*value);
}

std::int64_t RendezvousStore::add(const std::string& key, std::int64_t value)
{
    return m_store->add(key, value);
}

bool RendezvousStore::deleteKey(const std::string& key)
{
    return m_store->remove(key);
}

bool RendezvousStore::check(const std::vector<std::string>& keys)
{
    for (bool present : m_store->check(keys))
        if (!present)
            return false;
    return true;
}

std::int64_t RendezvousStore::getNumKeys()
{
    return m_store->keyCount();
}

void RendezvousStore::wait(const std::vector<std::string>& keys)
{
    wait(keys, timeout_);
}

void RendezvousStore::wait(const std::vector<std::string>& keys,
                           const std::chrono::milliseconds& timeout)
{
    // kNoTimeout (0) and anything longer than the meeting's own timeout wait that long: Gloo's
    // GlooStore passes c10d's default of 5 minutes whatever distributed.timeout_s says.
    const std::chrono::milliseconds limit =
        timeout == kNoTimeout || timeout > timeout_ ? timeout_ : timeout;
    const std::vector<std::string> missing =
        awaitKeys(*m_store, keys, std::chrono::steady_clock::now() + limit, m_stop);
    if (missing.empty())
        return;
    throw RendezvousError(storeKeysMissingText(meetingSeconds(limit), m_store->where(), missing));
}

}  // namespace es
