#include "engine/config/configerror.h"
#include "engine/data/npydata.h"
#include "engine/data/npyheader.h"
#include "engine/i18n/language.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

namespace {

const auto* bytesOf(const QByteArray& data)
{
    return reinterpret_cast<const std::uint8_t*>(data.constData());
}

/// A .npy file built byte by byte: magic, version, little-endian header length, the dict as
/// given (no padding), then the data.
QByteArray npy(const QByteArray& dict, const QByteArray& data = {}, int major = 1)
{
    QByteArray file("\x93NUMPY", 6);
    file.append(char(major));
    file.append(char(0));
    const int lengthBytes = major == 1 ? 2 : 4;
    for (int i = 0; i < lengthBytes; ++i)
        file.append(char((dict.size() >> (8 * i)) & 0xFF));
    return file + dict + data;
}

/// File offset of `marker` inside the dict of a version 1.0 file (its preamble is 10 bytes).
int at(const QByteArray& dict, const char* marker)
{
    return 10 + int(dict.indexOf(marker));
}

QByteArray header(const QByteArray& descr, const QByteArray& shape, const char* fortran = "False")
{
    return "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape + ", }\n";
}

template <typename T>
QByteArray rawBytes(std::initializer_list<T> values, bool bigEndian = false)
{
    QByteArray out;
    for (const T value : values) {
        char bytes[sizeof(T)];
        std::memcpy(bytes, &value, sizeof(T));
        if (bigEndian)
            std::reverse(bytes, bytes + sizeof(T));
        out.append(bytes, sizeof(T));
    }
    return out;
}

bool sameFloat(float a, float b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

es::NpyArrayInfo parse(const QByteArray& file)
{
    return es::parseNpyHeader(bytesOf(file), std::size_t(file.size()), "t.npy");
}

std::vector<float> toFloats(const QByteArray& file)
{
    const es::NpyArrayInfo info = parse(file);
    std::vector<float> out(std::size_t(info.elementCount));
    es::convertNpyData(info, bytesOf(file) + info.dataOffset, file.size() - info.dataOffset,
                       out.data(), "t.npy");
    return out;
}

std::vector<std::int64_t> toInts(const QByteArray& file)
{
    const es::NpyArrayInfo info = parse(file);
    std::vector<std::int64_t> out(std::size_t(info.elementCount));
    es::convertNpyData(info, bytesOf(file) + info.dataOffset, file.size() - info.dataOffset,
                       out.data(), "t.npy");
    return out;
}

}  // namespace

// The parser on hand-made files: the malformed ones must each give the message a user needs
// and the byte where the problem is; the valid ones must convert exactly.
class TestNpyFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void malformed_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("offset");  // -1: not checked

        const QByteArray f4 = "'<f4'";
        const QByteArray ok = header(f4, "(3,)");
        const QByteArray fourFloats = QByteArray(12, '\0');

        QTest::newRow("empty file") << QByteArray() << "empty file" << 0;
        QTest::newRow("magic off by one letter")
            << QByteArray("\x93NUMPZ\x01\x00\x00\x00", 10) << "bad magic" << 5;
        QTest::newRow("zip archive named .npy")
            << QByteArray("PK\x03\x04\x14\x00\x00\x00", 8) << "a zip archive" << 0;
        QTest::newRow("CSV text") << QByteArray("1,2,3\n4,5,6\n") << "bad magic" << 0;
        QTest::newRow("only the magic") << QByteArray("\x93NUMPY", 6) << "truncated header" << 6;
        QTest::newRow("version 1.0 preamble cut")
            << QByteArray("\x93NUMPY\x01\x00\x10", 9) << "truncated header" << 9;
        QTest::newRow("version 2.0 preamble cut")
            << QByteArray("\x93NUMPY\x02\x00\x10\x00", 10) << "truncated header" << 10;
        QTest::newRow("version 4.0")
            << npy(ok, fourFloats, 4) << "unsupported .npy format version 4.0" << 6;
        QTest::newRow("version 1.1")
            << QByteArray("\x93NUMPY\x01\x01\x00\x00", 10) << "version 1.1" << 6;
        QTest::newRow("header longer than the file")
            << npy(ok).left(40) << "the header says it is" << 40;
        QTest::newRow("header length beyond the limit")
            << QByteArray("\x93NUMPY\x02\x00\xFF\xFF\xFF\xFF{}", 14) << "exceeds the limit" << 8;
        QTest::newRow("empty header dict")
            << npy("") << "expected a value, found the end of the header" << 10;
        {
            const QByteArray d = "'descr': '<f4', 'fortran_order': False, 'shape': (3,)}";
            QTest::newRow("no opening brace") << npy(d) << "expected only padding" << at(d, ":");
        }
        {
            const QByteArray d = "{'descr': '<f4}";
            QTest::newRow("unclosed string") << npy(d) << "string not closed" << int(10 + d.size());
        }
        {
            const QByteArray d = "{'descr': '<f4\n}";
            QTest::newRow("newline in string") << npy(d) << "newline inside a string" << -1;
        }
        {
            const QByteArray d = "{'descr' '<f4', 'fortran_order': False, 'shape': (3,)}";
            QTest::newRow("missing colon") << npy(d) << "expected ':'" << at(d, " '<f4'") + 1;
        }
        {
            const QByteArray d = "{'descr': '<f4' 'fortran_order': False, 'shape': (3,)}";
            QTest::newRow("missing comma") << npy(d) << "expected ',' or '}'" << at(d, "'fortran");
        }
        {
            const QByteArray d = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,)} x";
            QTest::newRow("text after the dict")
                << npy(d, fourFloats) << "expected only padding" << at(d, "x");
        }
        {
            const QByteArray d = header(f4, "(3,)").replace("'shape'", "'dims'");
            QTest::newRow("unknown key") << npy(d) << "unexpected key 'dims'" << at(d, "'dims'");
        }
        {
            const QByteArray d = "{'descr': '<f4', 'fortran_order': False}";
            QTest::newRow("no shape key") << npy(d) << "no 'shape' key" << 10;
        }
        {
            const QByteArray d = "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False}";
            QTest::newRow("duplicate key")
                << npy(d) << "duplicate key 'descr'" << at(d, "'descr': '<f4', 'f");
        }
        {
            const QByteArray d = "{1: '<f4'}";
            QTest::newRow("integer key") << npy(d) << "expected a string key" << at(d, "1");
        }
        {
            const QByteArray d = header(f4, "(3,)", "'yes'");
            QTest::newRow("fortran_order a string")
                << npy(d) << "expected True or False for 'fortran_order'" << at(d, "'yes'");
        }
        {
            const QByteArray d = header(f4, "(3,)", "Maybe");
            QTest::newRow("unknown name") << npy(d) << "found 'Maybe'" << at(d, "Maybe");
        }
        {
            const QByteArray d = header(f4, "[3]");
            QTest::newRow("shape as a list") << npy(d) << "expected a tuple" << at(d, "[3]");
        }
        {
            const QByteArray d = header(f4, "(2, -3)");
            QTest::newRow("negative dimension") << npy(d) << "negative dimension -3" << at(d, "-3");
        }
        {
            const QByteArray d = header(f4, "('a',)");
            QTest::newRow("text dimension")
                << npy(d) << "expected an integer dimension" << at(d, "'a'");
        }
        {
            const QByteArray d = header(f4, "(4294967296, 4294967296)");
            QTest::newRow("element count overflow")
                << npy(d) << "element count overflow" << at(d, "(4294967296");
        }
        {
            const QByteArray d = header(f4, "(99999999999999999999,)");
            QTest::newRow("integer too large") << npy(d) << "integer too large" << at(d, "99999");
        }
        {
            QByteArray shape = "(";
            for (int i = 0; i < 65; ++i)
                shape += "1, ";
            const QByteArray d = header(f4, shape + ")");
            QTest::newRow("65 dimensions") << npy(d) << "expected at most 64" << at(d, "(1,");
        }
        {
            const QByteArray d = header(QByteArray(40, '[') + QByteArray(40, ']'), "(1,)");
            QTest::newRow("nested too deep") << npy(d) << "nested more than" << -1;
        }
        {
            const QByteArray d = "[1, 2]";
            QTest::newRow("header is a list") << npy(d) << "expected the header to be a dict" << 10;
        }
        {
            const QByteArray d = header("'|O'", "(3,)");
            QTest::newRow("object array")
                << npy(d, QByteArray(24, '\0')) << "allow_pickle=False" << at(d, "'|O'");
        }
        {
            const QByteArray d = header("[('a', '<f4'), ('b', '<i4')]", "(3,)");
            QTest::newRow("structured dtype")
                << npy(d) << "pickled data is never loaded" << at(d, "[('a'");
        }
        {
            const QByteArray d = header("'<c8'", "(3,)");
            QTest::newRow("complex") << npy(d) << "complex numbers" << at(d, "'<c8'");
        }
        {
            const QByteArray d = header("'<U5'", "(3,)");
            QTest::newRow("unicode text") << npy(d) << "text arrays" << at(d, "'<U5'");
        }
        {
            const QByteArray d = header("'<M8[s]'", "(3,)");
            QTest::newRow("datetime") << npy(d) << "dates and time spans" << at(d, "'<M8");
        }
        {
            const QByteArray d = header("'<f16'", "(3,)");
            QTest::newRow("long double")
                << npy(d) << "only float16, float32 and float64" << at(d, "'<f16'");
        }
        {
            const QByteArray d = header("'|f4'", "(3,)");
            QTest::newRow("no byte order on a 4-byte type")
                << npy(d) << "expected '<' or '>'" << at(d, "'|f4'");
        }
        {
            const QByteArray d = header("'zz'", "(3,)");
            QTest::newRow("unknown dtype") << npy(d) << "unsupported dtype 'zz'" << at(d, "'zz'");
        }
        {
            const QByteArray d = header("3", "(3,)");
            QTest::newRow("descr an integer") << npy(d) << "expected a dtype string" << -1;
        }
        {
            const QByteArray d = header(f4, "(3,)");
            const QByteArray file = npy(d, QByteArray(8, '\0'));
            QTest::newRow("data shorter than the shape")
                << file
                << QString("needs 12 bytes after the %1-byte header, found 8").arg(10 + d.size())
                << int(10 + d.size() + 8);
        }
        {
            const QByteArray d = header("'<f8'", "(2, 2)");
            QTest::newRow("data cut inside an element")
                << npy(d, QByteArray(20, '\0')) << "truncated data" << int(10 + d.size() + 20);
        }
    }

    void malformed()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, fragment);
        QFETCH(int, offset);
        try {
            const es::NpyArrayInfo info = parse(file);
            std::vector<float> out(std::size_t(info.elementCount));
            es::convertNpyData(info, bytesOf(file) + info.dataOffset, file.size() - info.dataOffset,
                               out.data(), "t.npy");
            QFAIL("no error for a malformed file");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t(1));
            const QString path = QString::fromStdString(error.issues().front().path);
            const QString message = QString::fromStdString(error.issues().front().message);
            QVERIFY2(message.contains(fragment), qPrintable(message));
            QVERIFY2(path.startsWith("t.npy@byte "), qPrintable(path));
            if (offset >= 0)
                QCOMPARE(path, QString("t.npy@byte %1").arg(offset));
        }
    }

    void headerFields_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("version");
        QTest::addColumn<QString>("shape");
        QTest::addColumn<bool>("fortran");
        QTest::addColumn<bool>("bigEndian");
        QTest::addColumn<qint64>("elements");

        QTest::newRow("scalar") << npy(header("'<f8'", "()"), QByteArray(8, '\0')) << 1 << "()"
                                << false << false << qint64(1);
        QTest::newRow("version 2.0 big-endian")
            << npy(header("'>i4'", "(2, 3)"), QByteArray(24, '\0'), 2) << 2 << "(2, 3)" << false
            << true << qint64(6);
        QTest::newRow("version 3.0 Fortran")
            << npy(header("'<u2'", "(2, 3)", "True"), QByteArray(12, '\0'), 3) << 3 << "(2, 3)"
            << true << false << qint64(6);
        QTest::newRow("Python 2 long dimensions")
            << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 3L)}",
                   QByteArray(24, '\0'))
            << 1 << "(2, 3)" << false << false << qint64(6);
        QTest::newRow("double quotes and (3) without a comma is an int, not a tuple")
            << npy("{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": ((3),)}",
                   QByteArray(12, '\0'))
            << 1 << "(3,)" << false << false << qint64(3);
        QTest::newRow("zero-size dimension with a huge one")
            << npy(header("'<f8'", "(0, 9223372036854775807)")) << 1 << "(0, 9223372036854775807)"
            << false << false << qint64(0);
    }

    void headerFields()
    {
        QFETCH(QByteArray, file);
        QFETCH(int, version);
        QFETCH(QString, shape);
        QFETCH(bool, fortran);
        QFETCH(bool, bigEndian);
        QFETCH(qint64, elements);
        const es::NpyArrayInfo info = parse(file);
        QCOMPARE(info.versionMajor, version);
        QCOMPARE(info.versionMinor, 0);
        QCOMPARE(QString::fromStdString(es::npyShapeText(info.shape)), shape);
        QCOMPARE(info.fortranOrder, fortran);
        QCOMPARE(info.bigEndian, bigEndian);
        QCOMPARE(qint64(info.elementCount), elements);
        QCOMPARE(info.dataOffset, std::size_t(file.size()) - info.dataBytes);
    }

    void float16Specials()
    {
        // inf, -inf, NaN, smallest subnormal, largest subnormal, -0, largest normal, 1, -2.5
        const QByteArray data = rawBytes<std::uint16_t>(
            {0x7C00, 0xFC00, 0x7E00, 0x0001, 0x03FF, 0x8000, 0x7BFF, 0x3C00, 0xC100});
        for (const bool big : {false, true}) {
            const QByteArray bytes =
                big ? rawBytes<std::uint16_t>(
                          {0x007C, 0x00FC, 0x007E, 0x0100, 0xFF03, 0x0080, 0xFF7B, 0x003C, 0x00C1})
                    : data;
            const auto values = toFloats(npy(header(big ? "'>f2'" : "'<f2'", "(9,)"), bytes));
            const float inf = std::numeric_limits<float>::infinity();
            const float expected[] = {inf,
                                      -inf,
                                      std::numeric_limits<float>::quiet_NaN(),
                                      std::ldexp(1.0f, -24),
                                      1023 * std::ldexp(1.0f, -24),
                                      -0.0f,
                                      65504.0f,
                                      1.0f,
                                      -2.5f};
            for (std::size_t i = 0; i < 9; ++i)
                QVERIFY2(sameFloat(values[i], expected[i]), qPrintable(QString::number(i)));
            QVERIFY(std::signbit(values[5]));
        }
    }

    void fortranToCOrder()
    {
        // A 2x3 array [[0, 1, 2], [3, 4, 5]] stored column by column.
        const QByteArray file = npy(header("'>i2'", "(2, 3)", "True"),
                                    rawBytes<std::int16_t>({0, 3, 1, 4, 2, 5}, true));
        QCOMPARE(toInts(file), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(toFloats(file), (std::vector<float>{0, 1, 2, 3, 4, 5}));
    }

    void fortranChunksMatchWhole()
    {
        // Streamed .npz members are converted chunk by chunk from odd starting elements.
        std::vector<double> column;
        for (int i = 0; i < 3 * 4 * 5; ++i)
            column.push_back(i * 0.5);
        QByteArray data(reinterpret_cast<const char*>(column.data()), int(column.size() * 8));
        const QByteArray file = npy(header("'<f8'", "(3, 4, 5)", "True"), data);
        const es::NpyArrayInfo info = parse(file);
        const std::vector<float> whole = toFloats(file);
        std::vector<float> pieces(whole.size(), -1.0f);
        const auto* src = bytesOf(file) + info.dataOffset;
        for (std::int64_t first = 0; first < info.elementCount; first += 7) {
            const std::int64_t count = std::min<std::int64_t>(7, info.elementCount - first);
            es::convertNpyChunk(info, src + first * 8, first, count, pieces.data(), "t.npy");
        }
        QCOMPARE(pieces, whole);
        // Element (i, j, k) sits at Fortran position i + 3j + 12k and C position 20i + 5j + k.
        QCOMPARE(whole[20 * 2 + 5 * 1 + 3], float((2 + 3 * 1 + 12 * 3) * 0.5));
    }

    void integerConversion_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("offset");

        const QByteArray u8 = header("'<u8'", "(3,)");
        QTest::newRow("uint64 above int64")
            << npy(u8, rawBytes<std::uint64_t>({1, 2, 9223372036854775808ull}))
            << "expected at most 9223372036854775807" << int(10 + u8.size() + 16);
        const QByteArray f8 = header("'<f8'", "(2,)");
        QTest::newRow("fraction for token ids")
            << npy(f8, rawBytes<double>({3.0, 2.5})) << "is 2.5: expected a whole number"
            << int(10 + f8.size() + 8);
        const QByteArray f4 = header("'>f4'", "(2,)");
        QTest::newRow("NaN for token ids") << npy(f4, rawBytes<float>({std::nanf(""), 1.0f}, true))
                                           << "is nan" << int(10 + f4.size());
        QTest::newRow("2^63 for token ids")
            << npy(f8, rawBytes<double>({1.0, 9223372036854775808.0})) << "fits int64"
            << int(10 + f8.size() + 8);
    }

    void integerConversion()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, fragment);
        QFETCH(int, offset);
        try {
            toInts(file);
            QFAIL("no error");
        } catch (const es::ConfigError& error) {
            const QString message = QString::fromStdString(error.issues().front().message);
            QVERIFY2(message.contains(fragment), qPrintable(message));
            QCOMPARE(QString::fromStdString(error.issues().front().path),
                     QString("t.npy@byte %1").arg(offset));
        }
    }

    void wholeFloatsBecomeInts()
    {
        const QByteArray file = npy(header("'<f8'", "(3,)"), rawBytes<double>({-9.0, 0.0, 1e15}));
        QCOMPARE(toInts(file), (std::vector<std::int64_t>{-9, 0, 1000000000000000}));
        const QByteArray u8 = npy(header("'<u8'", "(1,)"), rawBytes<std::uint64_t>({1ull << 62}));
        QCOMPARE(toInts(u8), (std::vector<std::int64_t>{std::int64_t(1) << 62}));
    }

    void stats()
    {
        // [[1, nan], [inf, -4]] stored in Fortran order: nan is C index 1, inf C index 2, but
        // the file holds inf first.
        const float nan = std::nanf("");
        const float inf = std::numeric_limits<float>::infinity();
        const QByteArray file =
            npy(header("'<f4'", "(2, 2)", "True"), rawBytes<float>({1.0f, inf, nan, -4.0f}));
        const es::NpyArrayInfo info = parse(file);
        const es::ArrayStats s =
            es::computeArrayStats(info, bytesOf(file) + info.dataOffset, info.dataBytes, "t.npy");
        QCOMPARE(s.nanCount, std::int64_t(1));
        QCOMPARE(s.infCount, std::int64_t(1));
        QCOMPARE(s.firstNonFiniteIndex, std::int64_t(1));
        QCOMPARE(s.min, -4.0);
        QCOMPARE(s.max, 1.0);

        const QByteArray ints = npy(header("'<i1'", "(3,)"), QByteArray("\x80\x7F\x00", 3));
        const es::NpyArrayInfo intInfo = parse(ints);
        const es::ArrayStats i =
            es::computeArrayStats(intInfo, bytesOf(ints) + intInfo.dataOffset, 3, "t.npy");
        QCOMPARE(i.min, -128.0);
        QCOMPARE(i.max, 127.0);
        QCOMPARE(i.firstNonFiniteIndex, std::int64_t(-1));

        const QByteArray empty = npy(header("'<f4'", "(0, 3)"));
        const es::NpyArrayInfo emptyInfo = parse(empty);
        const es::ArrayStats e = es::computeArrayStats(emptyInfo, nullptr, 0, "t.npy");
        QVERIFY(std::isnan(e.min) && std::isnan(e.max));
        QCOMPARE(e.nanCount + e.infCount, std::int64_t(0));
    }

    void emptyFortranArray()
    {
        // Regression (found by fuzz_npy): a Fortran array with a zero-size dimension divided
        // by that dimension when its statistics were computed.
        const QByteArray file = npy(header("'>f8'", "(0, 3, 4)", "True"));
        const es::NpyArrayInfo info = parse(file);
        const es::ArrayStats s =
            es::computeArrayStats(info, bytesOf(file) + info.dataOffset, 0, "t.npy");
        QCOMPARE(s.firstNonFiniteIndex, std::int64_t(-1));
        QVERIFY(toFloats(file).empty());
        QVERIFY(toInts(file).empty());
    }

    void errorPathsArePrintable()
    {
        // A hostile header's bytes end up in the message; they must not break the line format.
        const QByteArray d = "{'descr': '\x01\x1b[31m', 'fortran_order': False, 'shape': ()}";
        try {
            parse(npy(d));
            QFAIL("no error");
        } catch (const es::ConfigError& error) {
            QVERIFY(!QString::fromUtf8(error.what()).contains('\n'));
        }
    }

    void chineseMessage()
    {
        // Needs the NpyFormat texts in translations/epochscope_engine_zh_CN.ts; the path (the
        // file and the byte) stays as it is in every language.
        const es::LanguageScope chinese("zh_CN");
        try {
            parse(npy(header("'<f4'", "(3,)"), QByteArray(12, '\0'), 4));
            QFAIL("no error for format version 4.0");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t(1));
            QCOMPARE(error.issues().front().path, std::string("t.npy@byte 6"));
            QCOMPARE(error.issues().front().message,
                     std::string("不支持的 .npy 格式版本 4.0：应为 1.0、2.0 或 3.0"));
        }
    }
};

QTEST_APPLESS_MAIN(TestNpyFormat)
#include "tst_npyformat.moc"
