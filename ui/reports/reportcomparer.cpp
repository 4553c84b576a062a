#include "ui/reports/reportcomparer.h"

#include "engine/i18n/language.h"
#include "engine/report/reporthtml.h"
#include "engine/report/runcomparison.h"
#include "engine/store/runstore.h"
#include "ui/core/nativepath.h"

#include <QtCore/QFile>

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

namespace es::ui {

ReportComparer::Outcome ReportComparer::compare(
    const QString& database, std::shared_ptr<const std::vector<StoredRun>> loaded,
    const QList<qint64>& order, const std::string& language)
{
    // The comparison's sentences and the report are written in the chosen language.
    const LanguageScope scope(language);
    Outcome outcome;
    try {
        if (!loaded) {
            RunStore store(nativePath(database));
            auto runs = std::make_shared<std::vector<StoredRun>>();
            for (qint64 id : order) {
                std::optional<StoredRun> run = store.loadRun(id);
                if (!run) {
                    outcome.error = tr("Run %1 is no longer in the history.").arg(id);
                    return outcome;
                }
                runs->push_back(std::move(*run));
            }
            loaded = std::move(runs);
        }
        outcome.loaded = loaded;
        bool asLoaded = static_cast<qsizetype>(loaded->size()) == order.size();
        for (std::size_t i = 0; asLoaded && i < loaded->size(); ++i)
            asLoaded = (*loaded)[i].header.id == order[static_cast<qsizetype>(i)];
        // Reordered runs are copied (every step of each): compareRuns takes them in order.
        std::vector<StoredRun> ordered;
        if (!asLoaded) {
            ordered.reserve(loaded->size());
            for (qint64 id : order) {
                const auto run =
                    std::find_if(loaded->begin(), loaded->end(),
                                 [id](const StoredRun& stored) { return stored.header.id == id; });
                if (run != loaded->end())
                    ordered.push_back(*run);
            }
        }
        auto comparison =
            std::make_shared<const RunComparison>(compareRuns(asLoaded ? *loaded : ordered));
        outcome.html = std::make_shared<const std::string>(writeHtml(*comparison));
        outcome.comparison = std::move(comparison);
    } catch (const std::exception& error) {
        outcome.error = tr("Cannot compare the runs: %1").arg(QString::fromUtf8(error.what()));
    }
    return outcome;
}

}  // namespace es::ui
