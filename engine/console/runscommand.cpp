#include "console/runscommand.h"

#include "console/exitstatus.h"
#include "console/messages.h"
#include "console/storeaccess.h"
#include "core/atomicfile.h"
#include "core/phase.h"
#include "store/runexport.h"
#include "store/runstore.h"
#include "store/traceexport.h"

#include <array>
#include <cstdio>
#include <optional>

namespace es {

namespace {

constexpr int kJsonIndent = 2;
constexpr double kPercent = 100.0;
// Column heads for the phases in kAllPhases order, short enough for one terminal line.
constexpr std::array<const char*, kPhaseCount> kPhaseHeads = {"wait", "h2d",   "fwd",  "bwd",
                                                              "opt",  "callb", "warm", "other"};

std::string phaseShares(const EpochRecord& epoch)
{
    std::string text;
    for (Phase phase : kAllPhases) {
        const double share =
            epoch.trainS > 0.0 ? kPercent * epoch.phaseS[phaseIndex(phase)] / epoch.trainS : 0.0;
        char cell[16];
        std::snprintf(cell, sizeof cell, " %6.1f", share);
        text += cell;
    }
    return text;
}

}  // namespace

int runRunsList(const std::string& database)
{
    return withStore(database, [](RunStore& store) {
        const std::vector<StoredRunHeader> runs = store.listRuns();
        if (runs.empty()) {
            std::printf("No runs recorded in %s yet.\n", store.path().c_str());
            return kExitFinished;
        }
        std::printf("%5s  %-11s  %-20s  %-24s  %6s  %7s  %s\n", "ID", "STATUS", "STARTED", "NAME",
                    "EPOCHS", "STEPS", "DEVICE");
        for (const StoredRunHeader& run : runs) {
            std::printf("%5lld  %-11s  %-20s  %-24s  %6d  %7lld  %s\n",
                        static_cast<long long>(run.id),
                        std::string(runStatusKey(run.status)).c_str(), run.startedAt.c_str(),
                        run.name.c_str(), run.epochs, static_cast<long long>(run.batches),
                        run.device.c_str());
        }
        return kExitFinished;
    });
}

int runRunsShow(const std::string& database, std::int64_t id)
{
    return withStore(database, [id](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, id);
        if (!run)
            return kExitBadInput;
        const StoredRunHeader& header = run->header;
        std::printf("Run %lld: %s - %s\n", static_cast<long long>(header.id), header.name.c_str(),
                    std::string(runStatusKey(header.status)).c_str());
        std::printf("  started %s, ended %s\n", header.startedAt.c_str(),
                    header.endedAt.empty() ? "-" : header.endedAt.c_str());
        if (!run->error.empty())
            std::printf("  error: %s\n", run->error.c_str());
        if (run->info.is_object()) {
            const nlohmann::json& info = run->info;
            std::printf("  %s, %s placement, batch %lld, %d intra-op threads, backend %s\n",
                        info.value("device", "").c_str(), info.value("placement", "").c_str(),
                        static_cast<long long>(info.value("batch_size", 0LL)),
                        info.value("intra_op_threads", 0), info.value("backend", "").c_str());
            std::printf("  data: %s\n", info.value("data_source", "").c_str());
        }
        if (!run->notes.empty())
            std::printf("  notes: %s\n", run->notes.c_str());
        if (!run->epochs.empty()) {
            std::printf("\n  %5s %8s %8s %10s %10s  %% of training time:", "epoch", "train s",
                        "val s", "loss", "val_loss");
            for (const char* head : kPhaseHeads)
                std::printf(" %6s", head);
            std::printf("\n");
            for (const EpochRecord& epoch : run->epochs) {
                char valLoss[24] = "-";
                if (epoch.valLoss)
                    std::snprintf(valLoss, sizeof valLoss, "%.4g", *epoch.valLoss);
                std::printf("  %5d %8.2f %8.2f %10.4g %10s  %19s%s\n", epoch.epoch, epoch.trainS,
                            epoch.validationS, epoch.trainLoss, valLoss, "",
                            phaseShares(epoch).c_str());
            }
        }
        std::printf("\n  %lld steps, %zu system samples stored\n",
                    static_cast<long long>(header.batches), run->samples.size());
        if (run->summary.is_object()) {
            const nlohmann::json& summary = run->summary;
            const nlohmann::json& latency = summary["batch_latency_ms"];
            if (summary["steady_state_step_ms"].is_number())
                std::printf("  steady state %.3g ms/step",
                            summary["steady_state_step_ms"].get<double>());
            if (latency.is_object() && latency["p50"].is_number())
                std::printf(", step latency p50 %.3g / p95 %.3g / p99 %.3g ms",
                            latency["p50"].get<double>(), latency["p95"].get<double>(),
                            latency["p99"].get<double>());
            if (summary["samples_per_s"].is_number())
                std::printf(", %.0f samples/s", summary["samples_per_s"].get<double>());
            std::printf("\n");
        }
        return kExitFinished;
    });
}

int runRunsExport(const std::string& database, std::int64_t id, const std::string& format,
                  const std::string& out)
{
    if (format != "json" && format != "csv" && format != "trace") {
        printError("--format: expected json, csv or trace, got \"" + format + "\"");
        return kExitBadInput;
    }
    if (const auto problem = checkWritableTarget(out)) {
        printError("--out " + *problem);
        return kExitBadInput;
    }
    return withStore(database, [&](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, id);
        if (!run)
            return kExitBadInput;
        std::string text;
        if (format == "json")
            text = runExportJson(*run).dump(kJsonIndent) + "\n";
        else if (format == "csv")
            text = stepsCsv(*run);
        else
            text = chromeTrace(*run).dump() + "\n";
        try {
            writeFileAtomically(out, text);
        } catch (const std::exception& error) {
            printError(std::string("cannot write ") + out + ": " + error.what());
            return kExitRunFailed;
        }
        std::printf("Run %lld exported as %s to %s\n", static_cast<long long>(id), format.c_str(),
                    out.c_str());
        return kExitFinished;
    });
}

int runRunsDelete(const std::string& database, std::int64_t id)
{
    return withStore(database, [id](RunStore& store) {
        if (!store.deleteRun(id)) {
            printError("no run " + std::to_string(id) + " in " + store.path());
            return kExitBadInput;
        }
        std::printf("Deleted run %lld\n", static_cast<long long>(id));
        return kExitFinished;
    });
}

}  // namespace es
