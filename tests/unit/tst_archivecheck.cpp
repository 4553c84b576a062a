// Checkpoints and backups are files users share: every hostile variant of a real LibTorch
// archive that the test builds here must be refused, naming the record and the parameter,
// before LibTorch reads a byte of the tensors (its loader lays views over storages unchecked
// and inflates records to whatever they claim).
#include "engine/train/archivecheck.h"
#include "engine/train/modelweights_torch.h"
#include "engine/train/picklescan.h"
#include "tests/support/testsuite.h"
#include "tests/support/ziprecords.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <torch/torch.h>

#include <cstring>
#include <fstream>
#include <sstream>

using namespace es;

namespace {

// What the test's archives may hold: far more than they do, far less than the variants add.
constexpr std::uint64_t kBudgetBytes = std::uint64_t{1} << 20;
constexpr std::int64_t kStorageElements = 1000;
constexpr std::int64_t kViewOffset = 777;

std::string littleEndian(std::uint64_t value, int bytes)
{
    std::string text;
    for (int i = 0; i < bytes; ++i)
        text += static_cast<char>((value >> (8 * i)) & 0xff);
    return text;
}

// The pickle's integers as LibTorch writes them: BININT1 below 256, BININT2 below 65536.
std::string binInt1(int value)
{
    return "K" + littleEndian(static_cast<std::uint64_t>(value), 1);
}
std::string binInt2(int value)
{
    return "M" + littleEndian(static_cast<std::uint64_t>(value), 2);
}
std::string binInt(std::int32_t value)
{
    return "J" + littleEndian(static_cast<std::uint32_t>(value), 4);
}
// A tuple as LibTorch writes a tensor's sizes and strides: MARK, the items, TUPLE.
std::string tupleOf(const std::string& items)
{
    return "(" + items + "t";
}

struct Holder : torch::nn::Module {
    Holder() { weight = register_parameter("weight", torch::zeros({4, 8})); }
    torch::Tensor weight;
};

std::string fileBytes(const std::string& path)
{
    std::ifstream file(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << file.rdbuf();
    return bytes.str();
}

}  // namespace

class TestArchiveCheck : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<ZipRecord> m_good;
    std::string m_folder;  ///< "archive/": where LibTorch puts data.pkl and data/<key>

    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    /// The good archive with `variant`'s damage, written to a file of its own.
    std::string damaged(const QString& variant)
    {
        std::vector<ZipRecord> records = m_good;
        ZipRecord* pickle = findRecord(records, "/data.pkl");
        ZipRecord* storage = findRecord(records, "/data/0");
        std::string& code = pickle->bytes;
        const std::string sizes = tupleOf(binInt1(4) + binInt1(8));
        const std::string strides = tupleOf(binInt1(8) + binInt1(1));
        bool patched = true;
        if (variant == "offset far past the record")
            patched = replaceOnce(code, binInt2(kViewOffset), binInt(1 << 28));
        else if (variant == "offset a little past the record")
            patched = replaceOnce(code, binInt2(kViewOffset), binInt2(970));
        else if (variant == "negative offset")
            patched = replaceOnce(code, binInt2(kViewOffset), binInt(-1));
        else if (variant == "larger stride")
            patched =
                replaceOnce(code, sizes + strides, sizes + tupleOf(binInt2(300) + binInt1(1)));
        else if (variant == "negative stride")
            patched = replaceOnce(code, sizes + strides, sizes + tupleOf(binInt(-8) + binInt1(1)));
        else if (variant == "sizes without strides")
            patched = replaceOnce(code, sizes, tupleOf(binInt1(4) + binInt1(8) + binInt1(1)));
        else if (variant == "storage claims more than its record")
            patched = replaceOnce(code, binInt2(kStorageElements), binInt(100000));
        else if (variant == "record cut short")
            storage->bytes.resize(2000);
        else if (variant == "record missing")
            records.erase(records.begin() + (storage - records.data()));
        else if (variant == "unknown storage type")
            patched = replaceOnce(code, "FloatStorage", "FloatyStorage");
        else if (variant == "foreign global")
            patched = replaceOnce(code, "collections\nOrderedDict", "os\nsystem");
        else if (variant == "opcode LibTorch does not write")
            patched = replaceOnce(code, binInt2(kViewOffset), "I777\n");
        else if (variant == "pickle cut short")
            code.resize(code.size() / 2);
        else if (variant == "record inflating past the budget")
            records.push_back(
                {m_folder + "extra/zeros", std::string(2 * kBudgetBytes, '\0'), true});
        else if (variant == "records beyond the budget")
            records.push_back({m_folder + "extra/padding", std::string(2 * kBudgetBytes, 'x')});
        else if (variant == "no data.pkl")
            records.erase(records.begin() + (pickle - records.data()));
        if (!patched)
            return {};
        const std::string file = path(qPrintable(variant.simplified().replace(' ', '-') + ".pt"));
        if (!writeZipRecords(file, records))
            return {};
        if (variant == "bytes after the end record") {
            std::ofstream out(file, std::ios::binary | std::ios::app);
            out << "trailing";
        }
        return file;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // One parameter laid over a larger storage at an offset: its pickle carries numbers
        // the variants can change (offset 777, sizes (4, 8), strides (8, 1), 1000 elements).
        torch::serialize::OutputArchive archive;
        const torch::Tensor storage = torch::arange(kStorageElements, torch::kFloat32);
        archive.write("weight", storage.narrow(0, kViewOffset, 32).view({4, 8}));
        archive.save_to(path("good.pt"));
        m_good = readZipRecords(path("good.pt"));
        ZipRecord* pickle = findRecord(m_good, "/data.pkl");
        QVERIFY(pickle != nullptr);
        m_folder = pickle->name.substr(0, pickle->name.size() - std::strlen("data.pkl"));
        QVERIFY(findRecord(m_good, "/data/0") != nullptr);
        QVERIFY2(pickle->bytes.find(binInt2(kViewOffset)) != std::string::npos,
                 "LibTorch no longer writes the view's offset: the variants need another handle");
    }

    void goodArchiveLoads_data()
    {
        QTest::addColumn<bool>("rewritten");
        QTest::addColumn<bool>("deflated");
        QTest::newRow("as LibTorch wrote it") << false << false;
        QTest::newRow("rewritten, tensor record deflated") << true << true;
    }

    void goodArchiveLoads()
    {
        QFETCH(bool, rewritten);
        QFETCH(bool, deflated);
        std::string file = path("good.pt");
        if (rewritten) {
            std::vector<ZipRecord> records = m_good;
            findRecord(records, "/data/0")->compressed = deflated;
            file = path("rewritten.pt");
            QVERIFY(writeZipRecords(file, records));
        }
        const ArchiveContents contents = checkArchiveBytes(fileBytes(file), kBudgetBytes);
        QCOMPARE(contents.storages, std::size_t{1});
        QCOMPARE(contents.tensors, std::size_t{1});
        Holder holder;
        torch::serialize::InputArchive archive;
        loadArchiveChecked(archive, file, kBudgetBytes);
        loadWeightsChecked(holder, archive);
        const torch::Tensor expected =
            torch::arange(kViewOffset, kViewOffset + 32, torch::kFloat32).view({4, 8});
        QVERIFY(torch::equal(holder.weight, expected));
    }

    void hostileArchiveIsRefused_data()
    {
        QTest::addColumn<QString>("expected");
        const QString view = "record %1data/0 (weight): ";
        const QString folder = QString::fromStdString(m_folder);
        QTest::newRow("offset far past the record") << view.arg(folder);
        QTest::newRow("offset a little past the record") << view.arg(folder);
        QTest::newRow("negative offset") << view.arg(folder);
        QTest::newRow("larger stride") << view.arg(folder);
        QTest::newRow("negative stride") << view.arg(folder);
        QTest::newRow("sizes without strides") << "3 sizes and 2 strides";
        QTest::newRow("storage claims more than its record")
            << QString("record %1data/0 (weight) holds 4000 bytes").arg(folder);
        QTest::newRow("record cut short")
            << QString("record %1data/0 (weight) holds 2000 bytes").arg(folder);
        QTest::newRow("record missing")
            << QString("record %1data/0 (weight) is missing").arg(folder);
        QTest::newRow("unknown storage type") << "is not one LibTorch's archives use";
        QTest::newRow("foreign global") << "global os.system is not one";
        QTest::newRow("opcode LibTorch does not write") << "opcode 0x49 is not one LibTorch writes";
        QTest::newRow("pickle cut short") << "data.pkl, byte ";
        QTest::newRow("record inflating past the budget")
            << "more than this model's checkpoint can hold";
        QTest::newRow("records beyond the budget") << "more than this model's checkpoint can hold";
        QTest::newRow("no data.pkl") << "no data.pkl record";
        QTest::newRow("bytes after the end record") << "is not the last 22 bytes";
    }

    void hostileArchiveIsRefused()
    {
        QFETCH(QString, expected);
        const std::string file = damaged(QString::fromUtf8(QTest::currentDataTag()));
        QVERIFY2(!file.empty(), "the variant could not be built from the good archive");
        Holder holder;
        torch::serialize::InputArchive archive;
        try {
            loadArchiveChecked(archive, file, kBudgetBytes);
            QFAIL("a hostile archive was loaded");
        } catch (const std::runtime_error& error) {
            QVERIFY2(QString(error.what()).contains(expected), error.what());
            QVERIFY2(!QString(error.what()).contains("Exception raised from"), error.what());
        }
        QVERIFY(torch::equal(holder.weight, torch::zeros({4, 8})));
    }

    /// Sound views of the wrong type or shape pass the archive check; the model refuses them.
    void soundArchiveOfAnotherModelIsRefused_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("expected");
        QTest::newRow("double weights") << "double"
                                        << "weight: Double in the file, Float";
        QTest::newRow("another shape") << "shape"
                                       << "weight: [4, 9] in the file, [4, 8]";
        QTest::newRow("weight missing") << "missing"
                                        << "weight: not in the file";
    }

    void soundArchiveOfAnotherModelIsRefused()
    {
        QFETCH(QString, variant);
        QFETCH(QString, expected);
        torch::serialize::OutputArchive written;
        if (variant == "double")
            written.write("weight", torch::ones({4, 8}, torch::kFloat64));
        else if (variant == "shape")
            written.write("weight", torch::ones({4, 9}));
        else
            written.write("bias", torch::ones({4, 8}));
        const std::string file = path("other-model.pt");
        written.save_to(file);
        Holder holder;
        torch::serialize::InputArchive archive;
        loadArchiveChecked(archive, file, kBudgetBytes);
        try {
            loadWeightsChecked(holder, archive);
            QFAIL("the weights of another model were loaded");
        } catch (const std::runtime_error& error) {
            QVERIFY2(QString(error.what()).contains(expected), error.what());
        }
        QVERIFY(torch::equal(holder.weight, torch::zeros({4, 8})));
    }

    void tensorsAreNamedByTheirAttributePath()
    {
        torch::serialize::OutputArchive layer;
        layer.write("weight_ih_l0", torch::ones({8, 2}));
        torch::serialize::OutputArchive archive;
        archive.write("lstm0", layer);
        archive.write("bias", torch::ones({3}));
        archive.save_to(path("nested.pt"));
        std::vector<ZipRecord> records = readZipRecords(path("nested.pt"));
        const PickleScan scan = scanPickle(findRecord(records, "/data.pkl")->bytes);
        QStringList names;
        for (const PickledTensor& tensor : scan.tensors)
            names << QString::fromStdString(tensor.name);
        names.sort();
        QCOMPARE(names, QStringList({"bias", "lstm0.weight_ih_l0"}));
    }

    /// Pickles no LibTorch writes but that must not crash, recurse or hang the scanner.
    void pathologicalPicklesEndCleanly_data()
    {
        QTest::addColumn<QByteArray>("pickle");
        QTest::addColumn<bool>("accepted");
        const int deep = 1'000'000;
        QTest::newRow("a million nested tuples")
            << (QByteArray("\x80\x02") + QByteArray("N") + QByteArray(deep, '\x85') + ".") << true;
        // d = {}; memo[0] = d; d[d] = d: a cycle the naming walk must leave.
        QTest::newRow("a dict inside itself")
            << QByteArray("\x80\x02}q\x00h\x00h\x00s.", 11) << true;
        // A tuple of 40,000 items called 8,000 times through the memo: each call must refer
        // to the tuple, not copy it (320 million copied items, 2.5 GB, before).
        QByteArray calls = QByteArray(
                               "\x80\x02"
                               "c__torch__\nX\nq\x00(",
                               18) +
                           QByteArray(40'000, 'N') + QByteArray("tq\x01", 3);
        for (int call = 0; call < 8'000; ++call)
            calls += QByteArray("h\x00h\x01R0", 6);
        QTest::newRow("a large tuple called many times") << (calls + "N.") << true;
        QTest::newRow("memo entry never put") << QByteArray("\x80\x02h\x05.", 5) << false;
        QTest::newRow("pop on an empty stack") << QByteArray(
                                                      "\x80\x02"
                                                      "0.",
                                                      4)
                                               << false;
        QTest::newRow("string longer than the pickle") << QByteArray(
                                                              "\x80\x02X\xff\xff\xff\x7f"
                                                              "abc.",
                                                              11)
                                                       << false;
        QTest::newRow("integer of nine bytes") << QByteArray(
                                                      "\x80\x02\x8a\x09"
                                                      "123456789.",
                                                      14)
                                               << false;
        QTest::newRow("no STOP") << QByteArray("\x80\x02N", 3) << false;
        QTest::newRow("persistent id of a non-storage")
            << QByteArray("\x80\x02(X\x01\x00\x00\x00xtQ.", 12) << false;
    }

    void pathologicalPicklesEndCleanly()
    {
        QFETCH(QByteArray, pickle);
        QFETCH(bool, accepted);
        try {
            const PickleScan scan = scanPickle(
                std::string_view(pickle.constData(), static_cast<std::size_t>(pickle.size())));
            QVERIFY2(accepted, "a malformed pickle was accepted");
            QVERIFY(scan.tensors.empty());
        } catch (const PickleError& error) {
            QVERIFY2(!accepted, error.what());
            QVERIFY(error.offset() <= static_cast<std::size_t>(pickle.size()));
        }
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestArchiveCheck)
#include "tst_archivecheck.moc"
