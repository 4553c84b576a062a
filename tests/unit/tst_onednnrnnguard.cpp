// The oneDNN RNN guard (model/onednnrnnguard.h): in a program that links the engine, oneDNN's
// LSTM and GRU inference is right by the time main() runs, on whatever CPU this is; a cap is
// AVX2 and only where the first probe found the kernels wrong; the verdict reaches the programs
// this one starts; a user's ONEDNN_MAX_CPU_ISA is left alone.
//
// On a CPU where oneDNN's kernels are right, the first test shows that the probe's reference
// agrees with them; where they are wrong (oneDNN 3.7.2's avx512_core kernels on an AMD EPYC),
// it shows the cap at work. Forging the inherited verdict (EPOCHSCOPE_ONEDNN_RNN_GUARD=right)
// skips the guard, and on such a CPU the first test then fails.

#include "engine/model/onednnrnnguard.h"

#include <QtTest>

#include <cstdlib>
#include <string>

namespace {

using es::onednn::RnnGuardReport;
using Outcome = RnnGuardReport::Outcome;

QString describe(const es::onednn::RnnInferenceProbe& probe)
{
    return QStringLiteral("LSTM off by %1, GRU off by %2 on %3%4")
        .arg(probe.lstmError)
        .arg(probe.gruError)
        .arg(QString::fromStdString(probe.isa))
        .arg(probe.failure.empty()
                 ? QString()
                 : QStringLiteral(" (%1)").arg(QString::fromStdString(probe.failure)));
}

}  // namespace

class TestOneDnnRnnGuard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void inferenceIsRightInThisProcess()
    {
        const RnnGuardReport& guard = es::onednn::rnnGuardReport();
        if (guard.outcome == Outcome::NotBuilt)
            QSKIP("built without oneDNN");
        if (guard.outcome == Outcome::UserChoice && !guard.inherited)
            QSKIP("ONEDNN_MAX_CPU_ISA is set: the user chose, the guard did not check");
        const es::onednn::RnnInferenceProbe probe = es::onednn::probeRnnInference();
        QVERIFY2(es::onednn::probeIsRight(probe), qPrintable(describe(probe)));
    }

    void aCapIsAvx2AndOnlyWhereNeeded()
    {
        const RnnGuardReport& guard = es::onednn::rnnGuardReport();
        if (guard.inherited)
            QSKIP("the verdict came from the program that started this one");
        const char* cap = std::getenv("ONEDNN_MAX_CPU_ISA");
        switch (guard.outcome) {
            case Outcome::Right:
                QVERIFY2(es::onednn::probeIsRight(guard.first), qPrintable(describe(guard.first)));
                QVERIFY(cap == nullptr);
                break;
            case Outcome::CappedToAvx2:
                QVERIFY2(!es::onednn::probeIsRight(guard.first), qPrintable(describe(guard.first)));
                QVERIFY2(es::onednn::probeIsRight(guard.capped),
                         qPrintable(describe(guard.capped)));
                QCOMPARE(QString::fromStdString(guard.capped.isa), QStringLiteral("avx2"));
                QCOMPARE(QString::fromLatin1(cap), QStringLiteral("AVX2"));
                QCOMPARE(QString::fromStdString(es::onednn::probeRnnInference().isa),
                         QStringLiteral("avx2"));
                break;
            case Outcome::NotBuilt:
            case Outcome::UserChoice: QSKIP("nothing was checked"); break;
            case Outcome::WrongWhenCapped:
            case Outcome::ProbeFailed:
                QFAIL(
                    qPrintable(QStringLiteral("%1: first %2; capped %3")
                                   .arg(QString::fromLatin1(es::onednn::outcomeKey(guard.outcome)),
                                        describe(guard.first), describe(guard.capped))));
        }
    }

    void theVerdictReachesTheProgramsStartedHere()
    {
        const Outcome before = es::onednn::rnnGuardReport().outcome;
        if (before == Outcome::NotBuilt)
            QSKIP("built without oneDNN");
        QCOMPARE(QString::fromLatin1(std::getenv("EPOCHSCOPE_ONEDNN_RNN_GUARD")),
                 QString::fromLatin1(es::onednn::outcomeKey(before)));
        // A program started from here runs the guard with this environment: it takes the
        // verdict instead of probing.
        es::onednn::guardRnnInference();
        QVERIFY(es::onednn::rnnGuardReport().inherited);
        QCOMPARE(es::onednn::rnnGuardReport().outcome, before);
    }

    void aUsersCapIsLeftAlone()
    {
        if (es::onednn::rnnGuardReport().outcome == Outcome::NotBuilt)
            QSKIP("built without oneDNN");
        const QByteArray verdict = qgetenv("EPOCHSCOPE_ONEDNN_RNN_GUARD");
        const QByteArray cap = qgetenv("ONEDNN_MAX_CPU_ISA");
        qunsetenv("EPOCHSCOPE_ONEDNN_RNN_GUARD");
        qputenv("ONEDNN_MAX_CPU_ISA", "AVX512_CORE");
        es::onednn::guardRnnInference();
        const RnnGuardReport report = es::onednn::rnnGuardReport();
        qputenv("EPOCHSCOPE_ONEDNN_RNN_GUARD", verdict);
        if (cap.isNull())
            qunsetenv("ONEDNN_MAX_CPU_ISA");
        else
            qputenv("ONEDNN_MAX_CPU_ISA", cap);
        QCOMPARE(report.outcome, Outcome::UserChoice);
        QCOMPARE(QString::fromStdString(report.userCap), QStringLiteral("AVX512_CORE"));
    }
};

QTEST_GUILESS_MAIN(TestOneDnnRnnGuard)
#include "tst_onednnrnnguard.moc"
