#pragma once

// The variants the What-if dock lists, without widgets: settings varied over values (as
// `--vary KEY=V1,V2` takes them) and JSON merge patches (a finding's fix), against one
// baseline, one setting at a time or every combination. Every edit goes through the engine's
// variantspec functions, so a mistake comes back with the engine's own message.

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/whatif/variantspec.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace es::ui {

/// The engine's issues, one per line. Flag names (--vary, --patch) mean nothing in the window,
/// so those paths are left out; the message says it all.
QString configIssuesText(const ConfigError& error);

class VariantSet {
    Q_DECLARE_TR_FUNCTIONS(es::ui::VariantSet)

public:
    /// The varied settings' values apply to the new baseline as well; patches stay as given.
    void setBaseline(const RunConfig& baseline);
    const std::optional<RunConfig>& baseline() const { return m_baseline; }

    /// Varies `key` (an alias such as threads, or a config path) over `values` ("1, 2"). Each
    /// value on its own must give a valid config (a combination is checked when the
    /// experiment is planned). A setting given again gains the new values. Returns the
    /// engine's message when that is not possible, empty when the variants were added.
    QString addFactor(const QString& key, const QString& values);
    /// A variant given as a JSON merge patch, named `label` (the patch's keys when empty).
    void addPatch(const QString& label, const nlohmann::json& patch);
    /// Takes variant `index` of variants() out: a patch, a setting's value (one setting at a
    /// time), or one combination.
    void remove(int index);
    void clear();

    /// Every combination of the varied settings' values instead of one setting at a time.
    void setCombine(bool combine);
    bool combine() const { return m_combine; }
    int factorCount() const { return static_cast<int>(m_factors.size()); }

    /// The variants, settings first, then the patches.
    const std::vector<Variant>& variants() const { return m_variants; }
    /// Why a varied setting gives no variant against this baseline (a path through a callback
    /// it does not have), empty when none.
    const QString& problems() const { return m_problems; }

private:
    /// Where a variant comes from, so that remove() takes out just that.
    struct Source {
        int factor = -1;  ///< m_factors index (one setting at a time), or -1
        nlohmann::json value;
        int patch = -1;  ///< m_patches index, or -1
    };

    void rebuild();
    bool sameAsBaseline(const Variant& variant) const;

    std::optional<RunConfig> m_baseline;
    std::vector<VaryFactor> m_factors;
    std::vector<Variant> m_patches;
    /// Combinations taken out, by label; forgotten when the settings or the mode change.
    std::set<std::string> m_excluded;
    bool m_combine = false;
    std::vector<Variant> m_variants;
    std::vector<Source> m_sources;
    QString m_problems;
};

}  // namespace es::ui
