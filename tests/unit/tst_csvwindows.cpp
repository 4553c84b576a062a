#include "engine/config/configerror.h"
#include "engine/data/csvtable.h"
#include "engine/data/csvwindows.h"

#include <QtTest>

#include <cstdint>
#include <cstring>
#include <limits>

namespace {

/// "#2" selects index 2; anything else selects by name.
es::ColumnRef columnRef(const QString& spec)
{
    if (spec.startsWith('#'))
        return es::ColumnRef::byIndex(spec.mid(1).toInt());
    return es::ColumnRef::byName(spec.toStdString());
}

es::CsvWindowOptions makeOptions(const QStringList& features, const QString& target, qint64 window,
                                 qint64 horizon, qint64 stride)
{
    es::CsvWindowOptions options;
    for (const QString& spec : features)
        options.features.push_back(columnRef(spec));
    options.target = columnRef(target);
    options.window = window;
    options.horizon = horizon;
    options.stride = stride;
    return options;
}

/// Columns a, b, c whose cell in row r (0-based, header excluded) is r * 10 + column, so that
/// every value names where it came from.
es::CsvTable indexedTable(int rows, bool withHeader = true)
{
    es::CsvTable table;
    table.columnNames = withHeader ? std::vector<std::string>{"a", "b", "c"}
                                   : std::vector<std::string>{"column 1", "column 2", "column 3"};
    table.hadHeader = withHeader;
    table.rows = rows;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < 3; ++c)
            table.values.push_back(static_cast<float>(r * 10 + c));
    }
    return table;
}

QList<float> slice(const std::vector<float>& values, std::size_t from, std::size_t count)
{
    return QList<float>(values.begin() + static_cast<std::ptrdiff_t>(from),
                        values.begin() + static_cast<std::ptrdiff_t>(from + count));
}

}  // namespace

class TestCsvWindows : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void arithmetic_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<QStringList>("features");
        QTest::addColumn<QString>("target");
        QTest::addColumn<qint64>("window");
        QTest::addColumn<qint64>("horizon");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<qint64>("samples");
        QTest::addColumn<QList<float>>("firstX");
        QTest::addColumn<QList<float>>("lastX");
        QTest::addColumn<float>("firstY");
        QTest::addColumn<float>("lastY");

        // N = floor((rows - window - horizon) / stride) + 1; the target of the window starting
        // at row s is row s + window - 1 + horizon.
        QTest::newRow("window 1, next row")
            << 5 << QStringList{"a"} << "b" << qint64(1) << qint64(1) << qint64(1) << qint64(4)
            << QList<float>{0} << QList<float>{30} << 11.0f << 41.0f;
        QTest::newRow("window 3, two features")
            << 10 << QStringList{"a", "c"} << "b" << qint64(3) << qint64(1) << qint64(1)
            << qint64(7) << QList<float>{0, 2, 10, 12, 20, 22}
            << QList<float>{60, 62, 70, 72, 80, 82} << 31.0f << 91.0f;
        QTest::newRow("horizon 3")
            << 10 << QStringList{"a"} << "c" << qint64(2) << qint64(3) << qint64(1) << qint64(6)
            << QList<float>{0, 10} << QList<float>{50, 60} << 42.0f << 92.0f;
        QTest::newRow("stride 3 leaves rows over")
            << 10 << QStringList{"b"} << "a" << qint64(2) << qint64(1) << qint64(3) << qint64(3)
            << QList<float>{1, 11} << QList<float>{61, 71} << 20.0f << 80.0f;
        QTest::newRow("exactly enough rows, autoregressive")
            << 4 << QStringList{"a"} << "a" << qint64(3) << qint64(1) << qint64(1) << qint64(1)
            << QList<float>{0, 10, 20} << QList<float>{0, 10, 20} << 30.0f << 30.0f;
        QTest::newRow("stride beyond the rows")
            << 5 << QStringList{"a"} << "b" << qint64(2) << qint64(1) << qint64(100) << qint64(1)
            << QList<float>{0, 10} << QList<float>{0, 10} << 21.0f << 21.0f;
        QTest::newRow("by index, reordered")
            << 6 << QStringList{"#2", "#0"} << "#1" << qint64(2) << qint64(2) << qint64(2)
            << qint64(2) << QList<float>{2, 0, 12, 10} << QList<float>{22, 20, 32, 30} << 31.0f
            << 51.0f;
        QTest::newRow("target among the features")
            << 5 << QStringList{"b", "a"} << "b" << qint64(2) << qint64(1) << qint64(1) << qint64(3)
            << QList<float>{1, 0, 11, 10} << QList<float>{21, 20, 31, 30} << 21.0f << 41.0f;
    }

    void arithmetic()
    {
        QFETCH(int, rows);
        QFETCH(QStringList, features);
        QFETCH(QString, target);
        QFETCH(qint64, window);
        QFETCH(qint64, horizon);
        QFETCH(qint64, stride);
        QFETCH(qint64, samples);
        QFETCH(QList<float>, firstX);
        QFETCH(QList<float>, lastX);
        QFETCH(float, firstY);
        QFETCH(float, lastY);

        const es::WindowedSeries series = es::windowTable(
            indexedTable(rows), makeOptions(features, target, window, horizon, stride), "in");
        QCOMPARE(series.samples, samples);
        QCOMPARE(series.timesteps, window);
        QCOMPARE(series.features, qint64(features.size()));
        const auto sampleSize = static_cast<std::size_t>(window * features.size());
        QCOMPARE(series.x.size(), static_cast<std::size_t>(samples) * sampleSize);
        QCOMPARE(series.y.size(), static_cast<std::size_t>(samples));
        QCOMPARE(slice(series.x, 0, sampleSize), firstX);
        QCOMPARE(slice(series.x, series.x.size() - sampleSize, sampleSize), lastX);
        QCOMPARE(series.y.front(), firstY);
        QCOMPARE(series.y.back(), lastY);
    }

    void errors_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<bool>("withHeader");
        QTest::addColumn<QStringList>("features");
        QTest::addColumn<QString>("target");
        QTest::addColumn<qint64>("window");
        QTest::addColumn<qint64>("horizon");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");

        const QStringList a{"a"};
        QTest::newRow("too few rows")
            << 4 << true << a << "b" << qint64(3) << qint64(2) << qint64(1) << "in"
            << "window 3 + horizon 2 needs at least 5 data rows, the table has 4";
        QTest::newRow("window longer than the table")
            << 4 << true << a << "b" << qint64(9) << qint64(1) << qint64(1) << "in"
            << "needs at least 10 data rows";
        QTest::newRow("window near the int64 limit")
            << 4 << true << a << "b" << std::numeric_limits<qint64>::max() << qint64(1) << qint64(1)
            << "in"
            << "needs at least more than 2^63";
        QTest::newRow("window 0") << 4 << true << a << "b" << qint64(0) << qint64(1) << qint64(1)
                                  << "window"
                                  << "expected an integer >= 1";
        QTest::newRow("horizon 0")
            << 4 << true << a << "b" << qint64(1) << qint64(0) << qint64(1) << "horizon"
            << "got 0";
        QTest::newRow("negative stride")
            << 4 << true << a << "b" << qint64(1) << qint64(1) << qint64(-2) << "stride"
            << "got -2";
        QTest::newRow("no features") << 4 << true << QStringList{} << "b" << qint64(1) << qint64(1)
                                     << qint64(1) << "features"
                                     << "at least one feature column";
        QTest::newRow("unknown feature name")
            << 4 << true << QStringList{"a", "zz"} << "b" << qint64(1) << qint64(1) << qint64(1)
            << "features[1]"
            << "no column named \"zz\"";
        QTest::newRow("target index out of range")
            << 4 << true << a << "#3" << qint64(1) << qint64(1) << qint64(1) << "target"
            << "column index 3 is out of range";
        QTest::newRow("name without header")
            << 4 << false << a << "#0" << qint64(1) << qint64(1) << qint64(1) << "features[0]"
            << "no header";
        QTest::newRow("neither name nor index")
            << 4 << true << a << "#-1" << qint64(1) << qint64(1) << qint64(1) << "target"
            << "a column name or a 0-based index";
    }

    void errors()
    {
        QFETCH(int, rows);
        QFETCH(bool, withHeader);
        QFETCH(QStringList, features);
        QFETCH(QString, target);
        QFETCH(qint64, window);
        QFETCH(qint64, horizon);
        QFETCH(qint64, stride);
        QFETCH(QString, path);
        QFETCH(QString, fragment);

        try {
            es::windowTable(indexedTable(rows, withHeader),
                            makeOptions(features, target, window, horizon, stride), "in");
            QFAIL("expected a ConfigError");
        } catch (const es::ConfigError& error) {
            const QString message = QString::fromStdString(error.issues().front().message);
            QCOMPARE(QString::fromStdString(error.issues().front().path), path);
            QVERIFY2(message.contains(fragment), qPrintable(message));
        }
    }

    // A file with a date column that is never selected: only the named columns are parsed.
    void fromFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("prices.csv");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            "date,open,close\n2024-01-01,1,2\n2024-01-02,3,4\n2024-01-03,5,6\n"
            "2024-01-04,7,8\n");
        file.close();

        const es::WindowedSeries series = es::readCsvWindows(
            path.toStdString(), {}, makeOptions({"close", "open"}, "close", 2, 1, 1));
        QCOMPARE(series.samples, qint64(2));
        QCOMPARE(QList<float>(series.x.begin(), series.x.end()),
                 (QList<float>{2, 1, 4, 3, 4, 3, 6, 5}));
        QCOMPARE(QList<float>(series.y.begin(), series.y.end()), (QList<float>{6, 8}));
    }

    // numpy's sliding_window_view over the same CSV gives the same samples.
    void python_data()
    {
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("horizon");
        QTest::addColumn<int>("stride");

        QTest::newRow("T 1, h 1, stride 1") << 1 << 1 << 1;
        QTest::newRow("T 8, h 1, stride 1") << 8 << 1 << 1;
        QTest::newRow("T 5, h 4, stride 3") << 5 << 4 << 3;
        QTest::newRow("T 30, h 7, stride 11") << 30 << 7 << 11;
    }

    void python()
    {
        QFETCH(int, window);
        QFETCH(int, horizon);
        QFETCH(int, stride);

        const QString python = "/usr/bin/python3";
        if (!QFileInfo::exists(python))
            QFAIL("/usr/bin/python3 (with numpy) is missing: run scripts/bootstrap-debian.sh");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csvPath = dir.filePath("series.csv");
        const char* script = R"(
import sys
import numpy as np
path, window, horizon, stride = sys.argv[1], *map(int, sys.argv[2:5])
rng = np.random.default_rng(11)
data = rng.standard_normal((97, 4)).astype(np.float32)
np.savetxt(path, data, fmt="%.9g", delimiter=",", header="p,q,r,s", comments="")
features, target = [3, 0, 2], 1
views = np.lib.stride_tricks.sliding_window_view(data[:, features], window, axis=0)
x = views.transpose(0, 2, 1)[::stride]
y = data[window - 1 + horizon::stride, target]
n = min(len(x), len(y))
np.ascontiguousarray(x[:n]).tofile(path + ".x")
y[:n].tofile(path + ".y")
)";
        QProcess process;
        process.start(python, {"-c", script, csvPath, QString::number(window),
                               QString::number(horizon), QString::number(stride)});
        QVERIFY(process.waitForFinished(60000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

        const es::WindowedSeries series = es::readCsvWindows(
            csvPath.toStdString(), {}, makeOptions({"s", "p", "#2"}, "q", window, horizon, stride));
        const auto load = [](const QString& path) {
            QFile raw(path);
            std::vector<float> values;
            if (!raw.open(QIODevice::ReadOnly))
                return values;
            const QByteArray bytes = raw.readAll();
            values.resize(static_cast<std::size_t>(bytes.size()) / sizeof(float));
            std::memcpy(values.data(), bytes.constData(), values.size() * sizeof(float));
            return values;
        };
        const std::vector<float> x = load(csvPath + ".x");
        const std::vector<float> y = load(csvPath + ".y");
        QCOMPARE(series.samples, qint64((97 - window - horizon) / stride + 1));
        QCOMPARE(series.y.size(), y.size());
        QCOMPARE(series.x.size(), x.size());
        QVERIFY(series.x == x);
        QVERIFY(series.y == y);
    }
};

QTEST_APPLESS_MAIN(TestCsvWindows)
#include "tst_csvwindows.moc"
