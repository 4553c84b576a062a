#include "ui/whatif/variantset.h"

#include "engine/whatif/jsonpath.h"

#include <QtCore/QStringList>

#include <algorithm>
#include <utility>

namespace es::ui {

QString configIssuesText(const ConfigError& error)
{
    QStringList lines;
    for (const ConfigIssue& issue : error.issues()) {
        const bool flag = issue.path.rfind("--", 0) == 0;
        lines << QString::fromStdString(flag ? issue.message : configIssueText(issue));
    }
    return lines.join(QLatin1Char('\n'));
}

bool VariantSet::sameAsBaseline(const Variant& variant) const
{
    // The combination of the baseline's own values is no variant. An invalid combination is
    // kept: planning the experiment names it and its field.
    try {
        return applyVariantPatch(*m_baseline, variant.patch) == *m_baseline;
    } catch (const ConfigError&) {
        return false;
    }
}

void VariantSet::setBaseline(const RunConfig& baseline)
{
    m_baseline = baseline;
    rebuild();
}

QString VariantSet::addFactor(const QString& key, const QString& values)
{
    if (!m_baseline)
        return tr(
            "There is no baseline yet: Run > What-if experiment... takes Run setup's "
            "config.");
    try {
        VaryFactor factor =
            parseVaryArgument((key.trimmed() + QLatin1Char('=') + values).toStdString());
        const std::vector<Variant> variants =
            buildVariants(*m_baseline, {factor}, {}, VaryMode::OneFactorAtATime);
        checkVariants(*m_baseline, variants);
        // Combined, the baseline's own value still pairs with the other settings' values.
        if (variants.empty() && !m_combine)
            return tr("%1 is the baseline's already: nothing to measure against it.")
                .arg(values.trimmed());
        // The engine refuses a path varied twice; here the second time adds values.
        const std::string path = jsonPathText(factor.path);
        const auto same = std::find_if(m_factors.begin(), m_factors.end(), [&path](const auto& f) {
            return jsonPathText(f.path) == path;
        });
        if (same == m_factors.end()) {
            m_factors.push_back(std::move(factor));
        } else {
            for (nlohmann::json& value : factor.values) {
                if (std::find(same->values.begin(), same->values.end(), value) ==
                    same->values.end())
                    same->values.push_back(std::move(value));
            }
        }
    } catch (const ConfigError& error) {
        return configIssuesText(error);
    }
    m_excluded.clear();
    rebuild();
    return {};
}

void VariantSet::addPatch(const QString& label, const nlohmann::json& patch)
{
    const std::string name =
        label.trimmed().isEmpty() ? describeMergePatch(patch) : label.trimmed().toStdString();
    m_patches.push_back({name, patch});
    rebuild();
}

void VariantSet::remove(int index)
{
    if (index < 0 || index >= static_cast<int>(m_sources.size()))
        return;
    const Source source = m_sources[static_cast<std::size_t>(index)];
    if (source.patch >= 0) {
        m_patches.erase(m_patches.begin() + source.patch);
    } else if (source.factor >= 0) {
        const auto factor = m_factors.begin() + source.factor;
        factor->values.erase(std::find(factor->values.begin(), factor->values.end(), source.value));
        if (factor->values.empty())
            m_factors.erase(factor);
    } else {
        // One combination: taking a value out of a setting would take several.
        m_excluded.insert(m_variants[static_cast<std::size_t>(index)].label);
    }
    rebuild();
}

void VariantSet::clear()
{
    m_factors.clear();
    m_patches.clear();
    m_excluded.clear();
    rebuild();
}

void VariantSet::setCombine(bool combine)
{
    m_combine = combine;
    m_excluded.clear();
    rebuild();
}

void VariantSet::rebuild()
{
    m_variants.clear();
    m_sources.clear();
    QStringList problems;
    if (m_baseline && m_combine && !m_factors.empty()) {
        try {
            for (Variant& variant : buildVariants(*m_baseline, m_factors, {}, VaryMode::Combine)) {
                if (m_excluded.count(variant.label) > 0 || sameAsBaseline(variant))
                    continue;
                m_variants.push_back(std::move(variant));
                m_sources.push_back({});
            }
        } catch (const ConfigError& error) {
            problems << configIssuesText(error);
        }
    } else if (m_baseline) {
        // One value at a time, so that each variant knows the value remove() takes out.
        for (std::size_t f = 0; f < m_factors.size(); ++f) {
            for (const nlohmann::json& value : m_factors[f].values) {
                VaryFactor single = m_factors[f];
                single.values = {value};
                try {
                    std::vector<Variant> built =
                        buildVariants(*m_baseline, {single}, {}, VaryMode::OneFactorAtATime);
                    if (built.empty())
                        continue;  // the baseline's own value
                    m_variants.push_back(std::move(built.front()));
                    m_sources.push_back({static_cast<int>(f), value, -1});
                } catch (const ConfigError& error) {
                    // A new baseline without what the path runs through (callbacks[2]).
                    problems << configIssuesText(error);
                    break;
                }
            }
        }
    }
    for (std::size_t p = 0; p < m_patches.size(); ++p) {
        m_variants.push_back(m_patches[p]);
        m_sources.push_back({-1, nullptr, static_cast<int>(p)});
    }
    m_problems = problems.join(QLatin1Char('\n'));
}

}  // namespace es::ui
