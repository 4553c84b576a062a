// The phase times against ground truth: known costs injected into the data source, the forward
// pass, the backward pass, the optimizer step, a callback and the warm-up, on both LSTM backends,
// with and without prefetch; each must land in its own phase and nowhere else. "The phases add up
// to the wall time" holds by construction (Other is the remainder), so it cannot show a phase that
// lost its time to Other: these tests can.

#include "engine/model/backendchoice.h"
#include "engine/train/runextensions_torch.h"
#include "engine/train/trainingsession.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace {

using namespace std::chrono_literals;

// Tests assert behaviour, not speed, and run on two shared cores that other builds may load
// tenfold (a natural Backward of 1 ms then takes 50 ms in some steps). So the bounds read
// the steps in ways such load cannot fake: a sleep never ends early, so every step's injected
// phase holds at least the cost; a cost that landed in another phase would be in that phase
// in every step, so the fastest step of each other phase shows that it is not; medians, where
// used, are over kSteps steps.

/// What each test injects: far above the model's own phases on an idle machine (a few ms,
/// one intra-op thread), short enough that a row runs in about a second.
constexpr double kInjectedMs = 30.0;
/// How far above the injected cost the fastest step's phase may be: the timer slack and a
/// scheduling delay on a loaded machine, plus the phase's own work. Below kInjectedMs, so a
/// cost counted twice (or two costs in one phase) cannot pass.
constexpr double kSlackMs = 20.0;
/// The fastest step of a phase that was not injected stays under this: it would hold at
/// least kInjectedMs in every step had the cost landed there.
constexpr double kUninjectedMs = kInjectedMs / 2;
/// Other (loss read-out, metrics, observers, the pause check) takes well under 1 ms per step
/// on an idle machine; its median stays under this bound whatever is injected.
constexpr double kOtherMedianMs = 5.0;
/// With prefetch, a data cost the loader has time for leaves the later steps' Data wait at
/// most this (median): a hand-over between threads, not the cost.
constexpr double kHiddenMs = 5.0;
/// Steps per run: enough for a median and a fastest step that a few preempted steps do not
/// move.
constexpr int kSteps = 8;

void sleepMs(double ms)
{
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(ms));
}

/// Sleeps in the backward pass: an identity whose gradient takes a known time.
struct SlowBackward : torch::autograd::Function<SlowBackward> {
    static torch::Tensor forward(torch::autograd::AutogradContext* context, torch::Tensor x,
                                 double ms)
    {
        context->saved_data["ms"] = ms;
        return x.clone();
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradients)
    {
        sleepMs(context->saved_data["ms"].toDouble());
        return {gradients[0], torch::Tensor()};
    }
};

/// Sleeps at the end of every training step.
class SleepingCallback : public es::Callback {
public:
    explicit SleepingCallback(double ms) : m_ms(ms) {}
    std::string name() const override { return "sleeping_test_callback"; }
    void onBatchEnd(es::CallbackContext&, const es::BatchRecord&) override
    {
        sleepMs(m_ms);
        ++calls;
    }

    std::atomic<int> calls{0};

private:
    double m_ms;
};

/// Known costs per step, in ms; 0 injects nothing there.
struct Costs {
    double data = 0.0;
    double forward = 0.0;
    double backward = 0.0;
    double optimizer = 0.0;
    double callback = 0.0;
};

/// Steps whose optimizer hook saw a parameter without a gradient: the hook must run between
/// Backward and the step, where every gradient is there.
std::atomic<int> g_stepsWithoutGradients{0};

std::shared_ptr<const es::RunExtensions> injecting(const Costs& costs)
{
    auto extensions = std::make_shared<es::RunExtensions>();
    if (costs.data > 0.0)
        extensions->transformBatch = [ms = costs.data](es::Dataset batch) {
            sleepMs(ms);
            return batch;
        };
    if (costs.forward > 0.0 || costs.backward > 0.0)
        extensions->extraLoss = [costs](const torch::Tensor& prediction, const torch::Tensor&) {
            if (costs.forward > 0.0)
                sleepMs(costs.forward);
            if (costs.backward == 0.0)
                return torch::zeros({}, prediction.options());
            // Adds nothing to the loss, but its gradient runs through SlowBackward.
            return SlowBackward::apply(prediction, costs.backward).sum() * 0.0;
        };
    if (costs.optimizer > 0.0)
        extensions->beforeOptimizerStep =
            [ms = costs.optimizer](const std::vector<torch::Tensor>& parameters) {
                const bool allGradients =
                    std::all_of(parameters.begin(), parameters.end(),
                                [](const torch::Tensor& p) { return p.grad().defined(); });
                if (parameters.empty() || !allGradients)
                    ++g_stepsWithoutGradients;
                sleepMs(ms);
            };
    if (costs.callback > 0.0)
        extensions->callbacks.push_back(std::make_shared<SleepingCallback>(costs.callback));
    return extensions;
}

es::RunConfig smallRun(const QString& backend, int prefetch)
{
    nlohmann::json document = es::test::smallRegressionJson();
    document["backend"] = backend.toStdString();
    document["data"]["prefetch"] = prefetch;
    document["training"]["epochs"] = 1;
    document["training"]["steps_per_epoch"] = kSteps;
    // One thread: two OpenMP threads on two loaded cores wait for each other for tens of ms.
    document["device"]["intra_op_threads"] = 1;
    return es::parseRunConfig(document);
}

es::RunResult runWith(const es::RunConfig& config, const Costs& costs)
{
    es::TrainingSession session(config);
    session.extend(injecting(costs));
    session.start();
    session.wait();
    return session.result();
}

double phaseMs(const es::BatchRecord& batch, es::Phase phase)
{
    return batch.phaseMs[es::phaseIndex(phase)];
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

double medianOf(const std::vector<es::BatchRecord>& batches, es::Phase phase)
{
    std::vector<double> values;
    for (const es::BatchRecord& batch : batches)
        values.push_back(phaseMs(batch, phase));
    return median(values);
}

/// The phase's time in its fastest step.
double fastestOf(const std::vector<es::BatchRecord>& batches, es::Phase phase)
{
    double fastest = phaseMs(batches.front(), phase);
    for (const es::BatchRecord& batch : batches)
        fastest = std::min(fastest, phaseMs(batch, phase));
    return fastest;
}

double sumOf(const std::vector<es::BatchRecord>& batches, es::Phase phase)
{
    double sum = 0.0;
    for (const es::BatchRecord& batch : batches)
        sum += phaseMs(batch, phase);
    return sum;
}

QString phasesOf(const std::vector<es::BatchRecord>& batches)
{
    QStringList steps;
    for (const es::BatchRecord& batch : batches) {
        QStringList parts;
        for (es::Phase phase : es::kAllPhases)
            parts << QString("%1 %2")
                         .arg(QString::fromStdString(std::string(es::phaseKey(phase))))
                         .arg(phaseMs(batch, phase), 0, 'f', 1);
        steps << QString("step %1: wall %2 | %3")
                     .arg(batch.batch)
                     .arg(batch.wallMs, 0, 'f', 1)
                     .arg(parts.join(", "));
    }
    return steps.join("\n");
}

void addBackendRows(const char* what, const Costs& costs, int prefetch)
{
    for (const char* backend : {"libtorch", "onednn"})
        QTest::addRow("%s, %s, prefetch %d", what, backend, prefetch)
            << QString(backend) << prefetch << costs.data << costs.forward << costs.backward
            << costs.optimizer << costs.callback;
}

/// Other stays small in every run: nothing injected may end up there.
void checkOther(const std::vector<es::BatchRecord>& batches)
{
    QVERIFY2(medianOf(batches, es::Phase::Other) <= kOtherMedianMs, qPrintable(phasesOf(batches)));
}

}  // namespace

class TestPhaseAttribution : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void injectedCostLandsInItsPhase_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("prefetch");
        QTest::addColumn<double>("dataMs");
        QTest::addColumn<double>("forwardMs");
        QTest::addColumn<double>("backwardMs");
        QTest::addColumn<double>("optimizerMs");
        QTest::addColumn<double>("callbackMs");
        for (int prefetch : {0, 2}) {
            // With prefetch and nothing else slow the loader is behind: the step waits for it
            // for the cost less the step's own few ms of work.
            addBackendRows("slow data source", {kInjectedMs, 0, 0, 0, 0}, prefetch);
            addBackendRows("slow forward", {0, kInjectedMs, 0, 0, 0}, prefetch);
            addBackendRows("slow backward", {0, 0, kInjectedMs, 0, 0}, prefetch);
            addBackendRows("slow optimizer step", {0, 0, 0, kInjectedMs, 0}, prefetch);
            addBackendRows("slow callback", {0, 0, 0, 0, kInjectedMs}, prefetch);
        }
        // The loader makes a batch in kInjectedMs while the step's callback sleeps twice as
        // long: with prefetch the data cost is hidden and is no step's Data wait; without, it
        // is each step's.
        for (int prefetch : {0, 2})
            addBackendRows("slow data behind a slower callback",
                           {kInjectedMs, 0, 0, 0, 2 * kInjectedMs}, prefetch);
    }

    void injectedCostLandsInItsPhase()
    {
        QFETCH(QString, backend);
        QFETCH(int, prefetch);
        QFETCH(double, dataMs);
        QFETCH(double, forwardMs);
        QFETCH(double, backwardMs);
        QFETCH(double, optimizerMs);
        QFETCH(double, callbackMs);
        if (backend == "onednn" && !es::oneDnnBuilt())
            QSKIP("this build has no oneDNN backend");
        const Costs costs{dataMs, forwardMs, backwardMs, optimizerMs, callbackMs};
        g_stepsWithoutGradients = 0;
        const es::RunResult result = runWith(smallRun(backend, prefetch), costs);
        QCOMPARE(g_stepsWithoutGradients.load(), 0);
        QVERIFY2(result.state == es::RunState::Finished, result.error.c_str());
        const std::vector<es::BatchRecord>& batches = result.batches;
        QCOMPARE(int(batches.size()), kSteps);
        qInfo("%s", qPrintable(phasesOf(batches)));

        // Where the step itself runs the cost, every step's phase holds all of it, and its
        // fastest step no more than the slack above it.
        const std::pair<es::Phase, double> inStep[] = {{es::Phase::Forward, forwardMs},
                                                       {es::Phase::Backward, backwardMs},
                                                       {es::Phase::Optimizer, optimizerMs},
                                                       {es::Phase::Callbacks, callbackMs}};
        for (const auto& [phase, injected] : inStep) {
            const QString phaseName = QString::fromStdString(std::string(es::phaseKey(phase)));
            const double fastest = fastestOf(batches, phase);
            if (injected == 0.0) {
                QVERIFY2(fastest < kUninjectedMs, qPrintable(phaseName + "\n" + phasesOf(batches)));
                continue;
            }
            for (const es::BatchRecord& batch : batches)
                QVERIFY2(phaseMs(batch, phase) >= injected,
                         qPrintable(phaseName + "\n" + phasesOf(batches)));
            QVERIFY2(fastest <= injected + kSlackMs,
                     qPrintable(phaseName + "\n" + phasesOf(batches)));
        }

        const double stepWork = forwardMs + backwardMs + optimizerMs + callbackMs;
        if (dataMs == 0.0) {
            QVERIFY2(fastestOf(batches, es::Phase::DataWait) < kUninjectedMs,
                     qPrintable(phasesOf(batches)));
        } else if (prefetch == 0) {
            // The engine thread produces the batch inside Data wait.
            for (const es::BatchRecord& batch : batches)
                QVERIFY2(phaseMs(batch, es::Phase::DataWait) >= dataMs,
                         qPrintable(phasesOf(batches)));
            QVERIFY2(fastestOf(batches, es::Phase::DataWait) <= dataMs + kSlackMs,
                     qPrintable(phasesOf(batches)));
        } else if (dataMs > stepWork) {
            // The loader is the bottleneck: it hands out one batch per dataMs at best, so the
            // steps together wait for all of that the engine thread did not spend working in
            // the named phases. What the steps lost to Other would be missing here (and Other
            // is bounded below).
            double worked = 0.0;
            for (es::Phase phase :
                 {es::Phase::HostToDevice, es::Phase::Forward, es::Phase::Backward,
                  es::Phase::Optimizer, es::Phase::Callbacks})
                worked += sumOf(batches, phase);
            const double waited = sumOf(batches, es::Phase::DataWait);
            QVERIFY2(waited + worked >= kSteps * dataMs - kSlackMs,
                     qPrintable(QString("waited %1 ms + worked %2 ms\n").arg(waited).arg(worked) +
                                phasesOf(batches)));
            // And its fastest step waits for no more than one batch's cost.
            QVERIFY2(fastestOf(batches, es::Phase::DataWait) <= dataMs + kSlackMs,
                     qPrintable(phasesOf(batches)));
        } else {
            // The loader finishes the next batch while the step works: Data wait is the
            // hand-over. The first step of an epoch has nothing prepared ahead yet.
            const std::vector<es::BatchRecord> later(batches.begin() + 1, batches.end());
            QVERIFY2(medianOf(later, es::Phase::DataWait) <= kHiddenMs,
                     qPrintable(phasesOf(batches)));
            QVERIFY2(phaseMs(batches.front(), es::Phase::DataWait) <= dataMs + kSlackMs,
                     qPrintable(phasesOf(batches)));
        }

        // No copy on the CPU, no warm-up cost injected: those stay small.
        for (es::Phase phase : {es::Phase::HostToDevice, es::Phase::WarmUp})
            QVERIFY2(fastestOf(batches, phase) < kUninjectedMs, qPrintable(phasesOf(batches)));
        checkOther(batches);
    }

    void warmUpCarriesItsPassesCost_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("prefetch");
        for (int prefetch : {0, 2})
            for (const char* backend : {"libtorch", "onednn"})
                QTest::addRow("%s, prefetch %d", backend, prefetch) << QString(backend) << prefetch;
    }

    // Each warm-up pass runs the forward pass with its injected cost: all of them are the
    // first step's Warm-up, none of them its Forward or Other.
    void warmUpCarriesItsPassesCost()
    {
        QFETCH(QString, backend);
        QFETCH(int, prefetch);
        if (backend == "onednn" && !es::oneDnnBuilt())
            QSKIP("this build has no oneDNN backend");
        constexpr int kPasses = 3;
        es::RunConfig config = smallRun(backend, prefetch);
        config.training.warmupSteps = kPasses;
        const es::RunResult result = runWith(config, {0, kInjectedMs, 0, 0});
        QVERIFY2(result.state == es::RunState::Finished, result.error.c_str());
        const std::vector<es::BatchRecord>& batches = result.batches;
        qInfo("%s", qPrintable(phasesOf(batches)));
        const es::BatchRecord& first = batches.front();
        QVERIFY2(phaseMs(first, es::Phase::WarmUp) >= kPasses * kInjectedMs,
                 qPrintable(phasesOf(batches)));
        // The first step's own forward pass holds its cost; had the passes' costs landed
        // there too it would hold kPasses more. (The passes carry the one-time costs besides
        // theirs, so Warm-up has no upper bound here.)
        QVERIFY2(phaseMs(first, es::Phase::Forward) >= kInjectedMs &&
                     phaseMs(first, es::Phase::Forward) < kPasses * kInjectedMs,
                 qPrintable(phasesOf(batches)));
        for (std::size_t i = 1; i < batches.size(); ++i)
            QCOMPARE(phaseMs(batches[i], es::Phase::WarmUp), 0.0);
        checkOther(batches);
    }

    // A pause between steps is no step's time: not the next step's wall time, not its Other,
    // not the epoch's wall time (a paused epoch would look slow to the diagnosis).
    void pauseIsNoStepsTime()
    {
        constexpr auto kPause = 400ms;
        es::RunConfig config = smallRun("libtorch", 0);

        // Pauses from the engine thread at the end of step 3, so that the pause falls between
        // steps 3 and 4 whatever the scheduling.
        struct PauseAtStep : es::RunObserver {
            es::TrainingSession* session = nullptr;
            void onBatch(const es::BatchRecord& batch) override
            {
                if (batch.batch == 3)
                    session->pause();
            }
            void onStateChanged(es::RunState state) override
            {
                if (state == es::RunState::Paused)
                    paused = true;
            }
            std::atomic<bool> paused{false};
        } observer;

        es::TrainingSession session(config);
        observer.session = &session;
        session.addObserver(&observer);
        const auto start = std::chrono::steady_clock::now();
        session.start();
        const auto deadline = start + 30s;
        while (!observer.paused && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(1ms);
        QVERIFY(observer.paused);
        std::this_thread::sleep_for(kPause);
        session.resume();
        session.wait();
        const double elapsedS =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const es::RunResult& result = session.result();
        QVERIFY2(result.state == es::RunState::Finished, result.error.c_str());
        QCOMPARE(int(result.batches.size()), kSteps);
        qInfo("%s", qPrintable(phasesOf(result.batches)));
        const double pauseS = std::chrono::duration<double>(kPause).count();
        QVERIFY(elapsedS >= pauseS);

        const double pauseMs = pauseS * 1000.0;
        for (const es::BatchRecord& batch : result.batches)
            QVERIFY2(batch.wallMs < pauseMs / 2, qPrintable(phasesOf(result.batches)));
        checkOther(result.batches);
        const es::EpochRecord& epoch = result.epochs.front();
        // Besides its steps and validation, the epoch holds its start and epoch-end callbacks
        // (none here): a few ms, far from the pause.
        QVERIFY2(epoch.wallS - epoch.trainS - epoch.validationS < pauseS / 2,
                 qPrintable(QString("epoch wall %1 s, steps %2 s, validation %3 s")
                                .arg(epoch.wallS)
                                .arg(epoch.trainS)
                                .arg(epoch.validationS)));
    }

    // The injected callback is reported like the config's: its time under its name.
    void extensionCallbackIsReported()
    {
        auto callback = std::make_shared<SleepingCallback>(1.0);
        auto extensions = std::make_shared<es::RunExtensions>();
        extensions->callbacks.push_back(callback);
        es::TrainingSession session(smallRun("libtorch", 0));
        session.extend(extensions);
        session.start();
        session.wait();
        QCOMPARE(session.state(), es::RunState::Finished);
        QCOMPARE(int(callback->calls), kSteps);
        const auto& reported = session.result().epochs.front().callbacks;
        QCOMPARE(reported.size(), std::size_t(1));
        QCOMPARE(reported.front().name, std::string("sleeping_test_callback"));
        QVERIFY(reported.front().seconds >= kSteps * 1.0 / 1000.0);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, session.extend(extensions));
    }
};

EPOCHSCOPE_TEST_APPLESS_MAIN(TestPhaseAttribution)
#include "tst_phaseattribution.moc"
