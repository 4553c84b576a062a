#include "engine/callbacks/monitorrules.h"

#include <cmath>
#include <limits>
#include <utility>

namespace es {

namespace {

bool endsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::optional<double> logged(const EpochLogs& logs, const std::string& name)
{
    const auto it = logs.find(name);
    if (it == logs.end())
        return std::nullopt;
    return it->second;
}

}  // namespace

MonitorMode resolveMonitorMode(const std::string& mode, const std::string& monitor)
{
    if (mode == "min")
        return MonitorMode::Min;
    if (mode == "max")
        return MonitorMode::Max;
    const bool maximise =
        endsWith(monitor, "acc") || endsWith(monitor, "accuracy") || endsWith(monitor, "auc");
    return maximise ? MonitorMode::Max : MonitorMode::Min;
}

EarlyStoppingRule::EarlyStoppingRule(EarlyStoppingOptions options)
    : m_options(std::move(options)), m_mode(resolveMonitorMode(m_options.mode, m_options.monitor))
{
}

bool EarlyStoppingRule::isImprovement(double value, double reference) const
{
    // Keras: monitor_op(value - min_delta, reference), min_delta negated when minimising.
    if (m_mode == MonitorMode::Min)
        return value + m_options.minDelta < reference;
    return value - m_options.minDelta > reference;
}

EarlyStoppingRule::Decision EarlyStoppingRule::onEpochEnd(int epoch, const EpochLogs& logs)
{
    Decision decision;
    const std::optional<double> current = logged(logs, m_options.monitor);
    if (!current) {
        decision.monitorMissing = true;
        return decision;
    }
    const int kerasEpoch = epoch - 1;  // Keras counts epochs from 0 in its callbacks
    if (kerasEpoch < m_options.startFromEpoch)
        return decision;
    if (m_options.restoreBestWeights && !m_haveSnapshot) {
        decision.snapshotWeights = true;
        m_haveSnapshot = true;
    }
    ++m_wait;
    const double reference =
        m_best ? *m_best
               : (m_mode == MonitorMode::Min ? std::numeric_limits<double>::infinity()
                                             : -std::numeric_limits<double>::infinity());
    if (isImprovement(*current, reference)) {
        m_best = *current;
        m_bestEpoch = epoch;
        decision.improved = true;
        decision.snapshotWeights = m_options.restoreBestWeights;
        // Only restart the wait when the baseline is beaten as well as the previous best.
        if (!m_options.baseline || isImprovement(*current, *m_options.baseline))
            m_wait = 0;
        return decision;
    }
    if (m_wait >= m_options.patience && kerasEpoch > 0) {
        m_stoppedEpoch = epoch;
        decision.stop = true;
        decision.restoreBestWeights = m_options.restoreBestWeights && m_haveSnapshot;
    }
    return decision;
}

MonitorMode resolveMonitorModeByAcc(const std::string& mode, const std::string& monitor)
{
    const bool maximise =
        mode == "max" || (mode == "auto" && monitor.find("acc") != std::string::npos);
    return maximise ? MonitorMode::Max : MonitorMode::Min;
}

ReduceLrOnPlateauRule::ReduceLrOnPlateauRule(ReduceLrOptions options)
    : m_options(std::move(options)),
      m_mode(resolveMonitorModeByAcc(m_options.mode, m_options.monitor))
{
    m_best = m_mode == MonitorMode::Max ? -std::numeric_limits<double>::infinity()
                                        : std::numeric_limits<double>::infinity();
}

ReduceLrOnPlateauRule::Decision ReduceLrOnPlateauRule::onEpochEnd(const EpochLogs& logs,
                                                                  double learningRate)
{
    Decision decision;
    const std::optional<double> current = logged(logs, m_options.monitor);
    if (!current) {
        decision.monitorMissing = true;
        return decision;
    }
    const bool inCooldown = m_cooldownCounter > 0;
    if (inCooldown) {
        --m_cooldownCounter;
        m_wait = 0;
    }
    const bool better = m_mode == MonitorMode::Max ? *current > m_best + m_options.minDelta
                                                   : *current < m_best - m_options.minDelta;
    if (better) {
        m_best = *current;
        m_wait = 0;
    } else if (m_cooldownCounter <= 0) {
        ++m_wait;
        // Keras compares with min_lr as float32, the type the optimizer holds the rate in.
        if (m_wait >= m_options.patience &&
            learningRate > static_cast<double>(static_cast<float>(m_options.minLr))) {
            decision.newLearningRate = std::max(learningRate * m_options.factor, m_options.minLr);
            m_cooldownCounter = m_options.cooldown;
            m_wait = 0;
        }
    }
    return decision;
}

bool lossIsInvalid(double loss)
{
    return !std::isfinite(loss);
}

}  // namespace es
