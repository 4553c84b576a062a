#include "engine/config/configerror.h"
#include "engine/data/csvtable.h"
#include "engine/data/hostmemory.h"
#include "engine/i18n/language.h"

#include <QtTest>

#include <cstdint>
#include <limits>

namespace {

// The error path names this origin; tests compare whole paths.
constexpr const char* kOrigin = "in";

/// "#2" selects index 2; anything else selects by name.
std::vector<es::ColumnRef> columnRefs(const QStringList& specs)
{
    std::vector<es::ColumnRef> refs;
    for (const QString& spec : specs) {
        if (spec.startsWith('#'))
            refs.push_back(es::ColumnRef::byIndex(spec.mid(1).toInt()));
        else
            refs.push_back(es::ColumnRef::byName(spec.toStdString()));
    }
    return refs;
}

es::CsvOptions makeOptions(char delimiter, es::CsvHeader header, const QStringList& columns)
{
    es::CsvOptions options;
    options.delimiter = delimiter;
    options.header = header;
    options.columns = columnRefs(columns);
    return options;
}

QStringList toQStringList(const std::vector<std::string>& names)
{
    QStringList list;
    for (const std::string& name : names)
        list << QString::fromStdString(name);
    return list;
}

QList<float> toQList(const std::vector<float>& values)
{
    return QList<float>(values.begin(), values.end());
}

const char kAuto = es::CsvOptions::kAutoDelimiter;
const es::CsvHeader kDetect = es::CsvHeader::Auto;
const es::CsvHeader kPresent = es::CsvHeader::Present;
const es::CsvHeader kAbsent = es::CsvHeader::Absent;

}  // namespace

Q_DECLARE_METATYPE(es::CsvHeader)

class TestCsvTable : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void textColumnsCanBeSkippedForInspection()
    {
        es::CsvOptions options;
        options.skipTextColumns = true;
        const es::CsvTable table =
            es::readCsvText("date,open,label,close\n2024-01-02,1.5,up,2\n2024-01-03,2.5,down,3\n",
                            options, kOrigin);
        QCOMPARE(toQStringList(table.columnNames), (QStringList{"open", "close"}));
        QCOMPARE(toQStringList(table.skippedColumns), (QStringList{"date", "label"}));
        QCOMPARE(toQList(table.values), (QList<float>{1.5F, 2, 2.5F, 3}));

        // Only the first data row decides: text further down a numeric column is still an error.
        try {
            es::readCsvText("a,b\n1,x\n2,3\nz,4\n", options, kOrigin);
            QFAIL("text in a numeric column was accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().front().path, std::string("in:row 4, column 1 (\"a\")"));
        }
        // Without the option a text column fails the read, as training needs.
        options.skipTextColumns = false;
        QVERIFY_THROWS_EXCEPTION(es::ConfigError, es::readCsvText("a,b\n1,x\n", options, kOrigin));
    }

    void dialects_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<char>("delimiter");
        QTest::addColumn<es::CsvHeader>("header");
        QTest::addColumn<QStringList>("columns");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QList<float>>("values");
        QTest::addColumn<char>("usedDelimiter");
        QTest::addColumn<bool>("hadHeader");

        const QStringList all;
        const QStringList ab{"a", "b"};
        const QList<float> v1234{1, 2, 3, 4};
        QTest::newRow("comma, given")
            << QByteArray("a,b\n1,2\n3,4\n") << ',' << kDetect << all << ab << v1234 << ',' << true;
        QTest::newRow("semicolon, given")
            << QByteArray("a;b\n1;2\n3;4\n") << ';' << kDetect << all << ab << v1234 << ';' << true;
        QTest::newRow("tab, given") << QByteArray("a\tb\n1\t2\n3\t4\n") << '\t' << kDetect << all
                                    << ab << v1234 << '\t' << true;
        QTest::newRow("comma, detected") << QByteArray("a,b\n1,2\n3,4\n") << kAuto << kDetect << all
                                         << ab << v1234 << ',' << true;
        QTest::newRow("semicolon, detected") << QByteArray("a;b\n1;2\n3;4\n") << kAuto << kDetect
                                             << all << ab << v1234 << ';' << true;
        QTest::newRow("tab, detected") << QByteArray("a\tb\n1\t2\n3\t4\n") << kAuto << kDetect
                                       << all << ab << v1234 << '\t' << true;
        QTest::newRow("semicolon detected although names hold commas")
            << QByteArray("x,1;y,2\n1;2\n3;4\n") << kAuto << kDetect << all
            << QStringList{"x,1", "y,2"} << v1234 << ';' << true;
        QTest::newRow("comma detected although a text column holds semicolons")
            << QByteArray("note,v\nx;y,1\nz;w;q,2\n") << kAuto << kDetect << QStringList{"v"}
            << QStringList{"v"} << QList<float>{1, 2} << ',' << true;
        QTest::newRow("no header, detected")
            << QByteArray("1,2\n3,4\n") << kAuto << kDetect << all
            << QStringList{"column 1", "column 2"} << v1234 << ',' << false;
        QTest::newRow("no header, given")
            << QByteArray("1,2\n3,4\n") << kAuto << kAbsent << all
            << QStringList{"column 1", "column 2"} << v1234 << ',' << false;
        QTest::newRow("numeric header, given")
            << QByteArray("10,20\n1,2\n3,4\n") << kAuto << kPresent << all
            << QStringList{"10", "20"} << v1234 << ',' << true;
        QTest::newRow("header detected over a text column")
            << QByteArray("date,price\n2024-01-01,1.5\n2024-01-02,2.5\n") << kAuto << kDetect
            << QStringList{"price"} << QStringList{"price"} << QList<float>{1.5f, 2.5f} << ','
            << true;
        QTest::newRow("quoted header and quoted numbers")
            << QByteArray("\"a\",\"b\"\n\"1\",\"2\"\n\"3\",\"4\"\n") << kAuto << kDetect << all
            << ab << v1234 << ',' << true;
        QTest::newRow("quoted delimiter inside a field")
            << QByteArray("name,v\n\"x,y\",1\n\"z,w\",2\n") << kAuto << kDetect << QStringList{"v"}
            << QStringList{"v"} << QList<float>{1, 2} << ',' << true;
        QTest::newRow("quoted line break inside a name")
            << QByteArray("\"two\nlines\",b\n1,2\n3,4\n") << kAuto << kDetect << all
            << QStringList{"two\nlines", "b"} << v1234 << ',' << true;
        QTest::newRow("doubled quotes")
            << QByteArray("\"say \"\"hi\"\"\",v\n1,2\n3,4\n") << kAuto << kDetect << all
            << QStringList{"say \"hi\"", "v"} << v1234 << ',' << true;
        QTest::newRow("CRLF") << QByteArray("a,b\r\n1,2\r\n3,4\r\n") << kAuto << kDetect << all
                              << ab << v1234 << ',' << true;
        QTest::newRow("lone CR") << QByteArray("a,b\r1,2\r3,4\r") << kAuto << kDetect << all << ab
                                 << v1234 << ',' << true;
        QTest::newRow("UTF-8 BOM") << QByteArray(
                                          "\xEF\xBB\xBF"
                                          "a,b\n1,2\n3,4\n")
                                   << kAuto << kDetect << all << ab << v1234 << ',' << true;
        QTest::newRow("no trailing newline")
            << QByteArray("a,b\n1,2\n3,4") << kAuto << kDetect << all << ab << v1234 << ',' << true;
        QTest::newRow("blank trailing lines") << QByteArray("a,b\n1,2\n3,4\n\n\r\n\n") << kAuto
                                              << kDetect << all << ab << v1234 << ',' << true;
        QTest::newRow("single column") << QByteArray("y\n1\n2\n") << kAuto << kDetect << all
                                       << QStringList{"y"} << QList<float>{1, 2} << ',' << true;
        QTest::newRow("by name, reordered and repeated")
            << QByteArray("a,b,c\n1,2,3\n4,5,6\n") << kAuto << kDetect << QStringList{"c", "a", "c"}
            << QStringList{"c", "a", "c"} << QList<float>{3, 1, 3, 6, 4, 6} << ',' << true;
        QTest::newRow("by index") << QByteArray("a,b,c\n1,2,3\n4,5,6\n") << kAuto << kDetect
                                  << QStringList{"#2", "#0"} << QStringList{"c", "a"}
                                  << QList<float>{3, 1, 6, 4} << ',' << true;
        QTest::newRow("by index without header")
            << QByteArray("1;2;3\n4;5;6\n") << kAuto << kDetect << QStringList{"#1"}
            << QStringList{"column 2"} << QList<float>{2, 5} << ';' << false;
        QTest::newRow("spaces around names and numbers, plus sign")
            << QByteArray("a, b\n 1 , +2\n3,4 \n") << kAuto << kDetect << all << ab << v1234 << ','
            << true;
        QTest::newRow("exponents, signs, leading point")
            << QByteArray("1e3,-2.5E-2\n.5,-0\n") << kAuto << kDetect << all
            << QStringList{"column 1", "column 2"} << QList<float>{1000.0f, -0.025f, 0.5f, -0.0f}
            << ',' << false;
        QTest::newRow("underflow rounds to zero")
            << QByteArray("1e-400,1e-45\n") << kAuto << kAbsent << all
            << QStringList{"column 1", "column 2"}
            << QList<float>{0.0f, std::numeric_limits<float>::denorm_min()} << ',' << false;
        QTest::newRow("unselected text column may hold anything")
            << QByteArray("note,v\n\"a, \"\"b\"\"\",1\n,2\n") << kAuto << kDetect
            << QStringList{"v"} << QStringList{"v"} << QList<float>{1, 2} << ',' << true;
    }

    void dialects()
    {
        QFETCH(QByteArray, text);
        QFETCH(char, delimiter);
        QFETCH(es::CsvHeader, header);
        QFETCH(QStringList, columns);
        QFETCH(QStringList, names);
        QFETCH(QList<float>, values);
        QFETCH(char, usedDelimiter);
        QFETCH(bool, hadHeader);

        const es::CsvTable table = es::readCsvText(
            std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
            makeOptions(delimiter, header, columns), kOrigin);
        QCOMPARE(toQStringList(table.columnNames), names);
        QCOMPARE(table.rows, values.size() / names.size());
        QCOMPARE(toQList(table.values), values);
        QCOMPARE(table.delimiter, usedDelimiter);
        QCOMPARE(table.hadHeader, hadHeader);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<char>("delimiter");
        QTest::addColumn<es::CsvHeader>("header");
        QTest::addColumn<QStringList>("columns");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");

        const QStringList all;
        QTest::newRow("missing cell")
            << QByteArray("a,b\n1,\n") << kAuto << kDetect << all << "in:row 2, column 2 (\"b\")"
            << "missing value";
        QTest::newRow("non-numeric cell")
            << QByteArray("a,b\n1,x\n") << kAuto << kDetect << all << "in:row 2, column 2 (\"b\")"
            << "expected a number, got \"x\"";
        QTest::newRow("nan") << QByteArray("a,b\n1,nan\n") << kAuto << kDetect << all
                             << "in:row 2, column 2 (\"b\")"
                             << "finite number, got \"nan\"";
        QTest::newRow("inf") << QByteArray("a,b\n-inf,1\n") << kAuto << kDetect << all
                             << "in:row 2, column 1 (\"a\")"
                             << "finite number, got \"-inf\"";
        QTest::newRow("NaN without header")
            << QByteArray("1\nNaN\n") << kAuto << kDetect << all << "in:row 2, column 1"
            << "finite number";
        QTest::newRow("row too short")
            << QByteArray("a,b,c\n1,2,3\n4,5\n") << kAuto << kDetect << all << "in:row 3"
            << "the row has 2 fields, expected 3 as in row 1";
        QTest::newRow("row too long")
            << QByteArray("1,2\n3,4,5\n") << kAuto << kDetect << all << "in:row 2"
            << "the row has 3 fields, expected 2";
        QTest::newRow("blank line inside")
            << QByteArray("a,b\n1,2\n\n3,4\n") << kAuto << kDetect << all << "in:row 3"
            << "the row is blank";
        QTest::newRow("unterminated quote") << QByteArray("a,b\n1,\"2\n3,4\n") << kAuto << kDetect
                                            << all << "in:row 2, column 2 (\"b\")"
                                            << "unterminated quoted field";
        QTest::newRow("text after closing quote") << QByteArray("a,b\n\"1\"x,2\n") << ',' << kDetect
                                                  << all << "in:row 2, column 1 (\"a\")"
                                                  << "after the closing quote, got 'x'";
        QTest::newRow("unknown column name")
            << QByteArray("a,b\n1,2\n") << kAuto << kDetect << QStringList{"c"} << "in"
            << "no column named \"c\"; the header has \"a\", \"b\"";
        QTest::newRow("index out of range")
            << QByteArray("a,b\n1,2\n") << kAuto << kDetect << QStringList{"#5"} << "in"
            << "column index 5 is out of range: the file has 2 "
               "columns (indices 0 to 1)";
        QTest::newRow("empty file") << QByteArray("") << kAuto << kDetect << all << "in"
                                    << "the file is empty";
        QTest::newRow("only a BOM and line breaks")
            << QByteArray("\xEF\xBB\xBF\n\r\n") << kAuto << kDetect << all << "in"
            << "the file is empty";
        QTest::newRow("header only") << QByteArray("a,b\n") << kAuto << kDetect << all << "in"
                                     << "header row but no data rows";
        QTest::newRow("header only, given")
            << QByteArray("1,2\n") << kAuto << kPresent << all << "in"
            << "header row but no data rows";
        QTest::newRow("name without header")
            << QByteArray("1,2\n") << kAuto << kAbsent << QStringList{"a"} << "in"
            << "selected by name but the file has no header";
        QTest::newRow("duplicate header name")
            << QByteArray("a,a\n1,2\n") << kAuto << kDetect << QStringList{"a"} << "in"
            << "appears in columns 1 and 2";
        QTest::newRow("beyond float range")
            << QByteArray("1e39\n") << kAuto << kAbsent << all << "in:row 1, column 1"
            << "32-bit float range";
        QTest::newRow("beyond double range")
            << QByteArray("x\n1e400\n") << kAuto << kDetect << all << "in:row 2, column 1 (\"x\")"
            << "32-bit float range";
        QTest::newRow("hexadecimal")
            << QByteArray("0x10\n") << kAuto << kAbsent << all << "in:row 1, column 1"
            << "expected a number, got \"0x10\"";
        QTest::newRow("control character escaped") << QByteArray("a\n2\n1\x01\n") << kAuto
                                                   << kDetect << all << "in:row 3, column 1 (\"a\")"
                                                   << "got \"1\\x01\"";
        QTest::newRow("quoted line break keeps spreadsheet rows")
            << QByteArray("a,b\n\"x\ny\",1\n3\n") << kAuto << kDetect << QStringList{"b"}
            << "in:row 3"
            << "the row has 1 field, expected 2";
        QTest::newRow("decimal comma")
            << QByteArray("1,5;2,5\n3,5;4,5\n") << kAuto << kDetect << all << "in:row 1, column 1"
            << "decimal commas are not supported; write \"1.5\"";
        QTest::newRow("first row not taken as a header")
            << QByteArray("a,1\n2,x\n") << kAuto << kDetect << all << "in:row 1, column 1"
            << "row 1 was not taken as a header";
        QTest::newRow("unsupported delimiter")
            << QByteArray("1|2\n") << '|' << kDetect << all << "in"
            << "unsupported delimiter \"|\"";
        QTest::newRow("long cell is truncated")
            << QByteArray("v\n1\n" + QByteArray(100, 'z') + "\n") << kAuto << kDetect << all
            << "in:row 3, column 1 (\"v\")"
            << "... (100 bytes)";
        QTest::newRow("too many fields")
            << QByteArray(70000, ',') << ',' << kAbsent << all << "in:row 1"
            << "more than 65536 fields in one row";
        QTest::newRow("field too long")
            << QByteArray((2 << 20), '7') << ',' << kAbsent << all << "in:row 1, column 1"
            << "field longer than 1048576";
        QTest::newRow("runaway quote") << QByteArray("a\n\"" + QByteArray(2 << 20, 'q') + "\"\n")
                                       << ',' << kDetect << all << "in:row 2, column 1 (\"a\")"
                                       << "is the quote that opens it unbalanced";
    }

    void malformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(char, delimiter);
        QFETCH(es::CsvHeader, header);
        QFETCH(QStringList, columns);
        QFETCH(QString, path);
        QFETCH(QString, fragment);

        try {
            es::readCsvText(
                std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                makeOptions(delimiter, header, columns), kOrigin);
            QFAIL("expected a ConfigError");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t{1});
            const QString message = QString::fromStdString(error.issues().front().message);
            QCOMPARE(QString::fromStdString(error.issues().front().path), path);
            QVERIFY2(message.contains(fragment), qPrintable(message));
        }
    }

    void files()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("series.csv");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("t;v\r\n0;1.25\r\n1;2.5\r\n");
        file.close();

        const es::CsvTable table = es::readCsvFile(path.toStdString(), {});
        QCOMPARE(table.delimiter, ';');
        QCOMPARE(toQList(table.values), (QList<float>{0, 1.25f, 1, 2.5f}));

        const std::string missing = dir.filePath("missing.csv").toStdString();
        try {
            es::readCsvFile(missing, {});
            QFAIL("expected a ConfigError for a missing file");
        } catch (const es::ConfigError& error) {
            QCOMPARE(QString::fromStdString(error.issues().front().path),
                     QString::fromStdString(missing));
            QCOMPARE(QString::fromStdString(error.issues().front().message),
                     QString("cannot open the CSV file: No such file or directory"));
        }
        try {
            es::readCsvFile(dir.path().toStdString(), {});
            QFAIL("expected a ConfigError for a directory");
        } catch (const es::ConfigError& error) {
            QVERIFY(QString::fromStdString(error.issues().front().message).contains("directory"));
        }
    }

    void memAvailable_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("bytes");  // -1: not found

        QTest::newRow("kernel format") << QByteArray(
                                              "MemTotal:  4000 kB\nMemFree: 10 kB\n"
                                              "MemAvailable:    2048 kB\n")
                                       << qint64(2048 * 1024);
        QTest::newRow("missing line") << QByteArray("MemTotal: 4000 kB\n") << qint64(-1);
        QTest::newRow("no number") << QByteArray("MemAvailable: kB\n") << qint64(-1);
        QTest::newRow("empty") << QByteArray() << qint64(-1);
    }

    void memAvailable()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, bytes);
        const auto parsed = es::parseMemAvailable(
            std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
        QCOMPARE(parsed.has_value(), bytes >= 0);
        if (parsed)
            QCOMPARE(static_cast<qint64>(*parsed), bytes);
    }

    // Guards the refusal of files larger than memory: the check must throw, not allocate.
    void memoryRefusal()
    {
        try {
            es::requireAvailableMemory(std::numeric_limits<std::uint64_t>::max() / 2, "big.csv",
                                       "reading the file");
            QFAIL("expected a ConfigError");
        } catch (const es::ConfigError& error) {
            QCOMPARE(QString::fromStdString(error.issues().front().path), QString("big.csv"));
            QVERIFY(QString::fromStdString(error.issues().front().message)
                        .contains("of memory are available"));
        }
        es::requireAvailableMemory(1024, "small.csv", "reading the file");
    }

    void chineseMessage()
    {
        // Needs the CsvTable texts in translations/epochscope_engine_zh_CN.ts; the path (the
        // origin and the row) stays as it is in every language.
        const es::LanguageScope chinese("zh_CN");
        const QByteArray text("a,b,c\n1,2,3\n4,5\n");
        try {
            es::readCsvText(
                std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                makeOptions(kAuto, kDetect, {}), kOrigin);
            QFAIL("expected a ConfigError");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t{1});
            QCOMPARE(error.issues().front().path, std::string("in:row 3"));
            QCOMPARE(error.issues().front().message,
                     std::string("该行有 2 个字段，应与第 1 行一样有 3 个（字段以 ',' 分隔）"));
        }
    }

    // Files written by Python's csv module and by numpy.savetxt, compared value by value with
    // the float32 data Python saved next to them.
    void python_data()
    {
        QTest::addColumn<QString>("writer");
        QTest::addColumn<QString>("delimiter");
        QTest::addColumn<QStringList>("names");

        const QStringList tricky{"t", "x one", "y,z", "w\"q"};
        QTest::newRow("csv, minimal quoting") << "minimal"
                                              << "," << tricky;
        QTest::newRow("csv, all quoted") << "all"
                                         << "," << tricky;
        QTest::newRow("csv, non-numeric quoted, semicolon") << "nonnumeric"
                                                            << ";" << tricky;
        QTest::newRow("csv, tab") << "minimal"
                                  << "\t" << tricky;
        QTest::newRow("numpy.savetxt") << "savetxt"
                                       << "," << QStringList{"a", "b", "c", "d"};
    }

    void python()
    {
        QFETCH(QString, writer);
        QFETCH(QString, delimiter);
        QFETCH(QStringList, names);

        const QString python = "/usr/bin/python3";
        if (!QFileInfo::exists(python))
            QFAIL("/usr/bin/python3 (with numpy) is missing: run scripts/bootstrap-debian.sh");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csvPath = dir.filePath("data.csv");
        const QString rawPath = dir.filePath("data.f32");
        const char* script = R"(
import csv, sys
import numpy as np
path, raw, writer, delimiter = sys.argv[1:5]
rng = np.random.default_rng(7)
data = (rng.standard_normal((200, 4)) * 10.0 ** rng.integers(-20, 20, (200, 4))).astype(np.float32)
data[0, 0] = 0.0
data[1, 1] = -1.5
data.tofile(raw)
if writer == "savetxt":
    np.savetxt(path, data, fmt="%.9g", delimiter=delimiter, header="a,b,c,d", comments="")
else:
    quoting = {"minimal": csv.QUOTE_MINIMAL, "all": csv.QUOTE_ALL,
               "nonnumeric": csv.QUOTE_NONNUMERIC}[writer]
    with open(path, "w", newline="") as f:
        out = csv.writer(f, delimiter=delimiter, quoting=quoting)
        out.writerow(["t", "x one", "y,z", "w" + chr(34) + "q"])
        for row in data:
            out.writerow([float(v) for v in row])
)";
        QProcess process;
        process.start(python, {"-c", script, csvPath, rawPath, writer, delimiter});
        QVERIFY(process.waitForFinished(60000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

        const es::CsvTable table = es::readCsvFile(csvPath.toStdString(), {});
        QFile raw(rawPath);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray bytes = raw.readAll();
        std::vector<float> expected(static_cast<std::size_t>(bytes.size()) / sizeof(float));
        std::memcpy(expected.data(), bytes.constData(), expected.size() * sizeof(float));

        QCOMPARE(table.delimiter, delimiter.toLatin1().at(0));
        QVERIFY(table.hadHeader);
        QCOMPARE(toQStringList(table.columnNames), names);
        QCOMPARE(table.rows, std::int64_t{200});
        QCOMPARE(table.values.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (table.values[i] != expected[i]) {
                QFAIL(qPrintable(QString("value %1: read %2, numpy saved %3")
                                     .arg(i)
                                     .arg(double(table.values[i]), 0, 'g', 9)
                                     .arg(double(expected[i]), 0, 'g', 9)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCsvTable)
#include "tst_csvtable.moc"
