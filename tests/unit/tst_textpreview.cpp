// The Data tab's view of a text source, engine side (issue 35): describeTextSource()'s lengths
// in tokens, one per text, with the sequence length it marks (output_sequence_length, or the
// longest text's), and the whole-token bins of the preview's histogram.
#include "engine/config/dataconfig.h"
#include "engine/data/textpreview.h"
#include "engine/data/textsource.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace {

using Lengths = std::vector<std::int64_t>;

/// Writes `texts` as class folder `label`'s files 0.txt, 1.txt, ... under `root`.
void writeClass(const QString& root, const QString& label, const QList<QByteArray>& texts)
{
    QVERIFY(QDir().mkpath(root + "/" + label));
    for (int i = 0; i < texts.size(); ++i) {
        QFile file(QString("%1/%2/%3.txt").arg(root, label).arg(i));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(texts.at(i)), texts.at(i).size());
    }
}

es::DataConfig folderSource(const QString& root)
{
    es::DataConfig data;
    data.source.type = es::DataSourceType::TextFolder;
    data.source.path = root.toStdString();
    return data;
}

Lengths sorted(Lengths values)
{
    std::sort(values.begin(), values.end());
    return values;
}

}  // namespace

class TestTextPreview : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lengthsOfEachText()
    {
        QTemporaryDir dir;
        writeClass(dir.path(), "pos", {"Great film, great cast!", "a b <br /> c"});
        writeClass(dir.path(), "neg", {"dull", "one two three four five six"});
        es::DataConfig data = folderSource(dir.path());
        data.text.vectorizer.outputSequenceLength = 3;

        es::TextPreview preview = es::describeTextSource(data);
        // <br /> is the token "br" unless the tags are stripped.
        QVERIFY(sorted(preview.lengths) == (Lengths{1, 4, 4, 6}));
        QCOMPARE(preview.sequenceLength, std::int64_t(3));
        QVERIFY(!preview.lines.empty());
        QVERIFY(preview.lines.front().find(": 4 texts") != std::string::npos);

        data.text.vectorizer.stripHtml = true;
        data.text.vectorizer.outputSequenceLength = 0;
        preview = es::describeTextSource(data);
        QVERIFY(sorted(preview.lengths) == (Lengths{1, 3, 4, 6}));
        QCOMPARE(preview.sequenceLength, std::int64_t(6));  // the longest

        data.text.vectorizer.split = es::TextSplit::Character;
        preview = es::describeTextSource(data);
        QVERIFY(sorted(preview.lengths).front() == 4);  // "dull"
    }

    void noTextsNoLengths()
    {
        QTemporaryDir dir;
        // Empty texts are skipped: nothing is left to measure.
        writeClass(dir.path(), "pos", {""});
        writeClass(dir.path(), "neg", {" \n"});
        const es::TextPreview preview = es::describeTextSource(folderSource(dir.path()));
        QVERIFY(preview.lengths.empty());
        QCOMPARE(preview.sequenceLength, std::int64_t(0));
        QCOMPARE(preview.lines.size(), std::size_t(1));
    }

    void textsLongerThan()
    {
        const Lengths lengths{3, 5, 5, 8, 13};
        QCOMPARE(es::textsLongerThan(lengths, 5), std::int64_t(2));
        QCOMPARE(es::textsLongerThan(lengths, 13), std::int64_t(0));
        QCOMPARE(es::textsLongerThan(lengths, 0), std::int64_t(5));
        QCOMPARE(es::textsLongerThan({}, 0), std::int64_t(0));
    }

    void bins_data()
    {
        QTest::addColumn<Lengths>("lengths");
        QTest::addColumn<int>("maxBins");
        QTest::addColumn<qint64>("low");
        QTest::addColumn<qint64>("width");
        QTest::addColumn<Lengths>("counts");
        QTest::newRow("none") << Lengths{} << 10 << qint64(0) << qint64(1) << Lengths{};
        QTest::newRow("one length")
            << Lengths{7, 7, 7} << 10 << qint64(7) << qint64(1) << Lengths{3};
        QTest::newRow("a bin per length")
            << Lengths{12, 14, 14, 15} << 10 << qint64(12) << qint64(1) << Lengths{1, 0, 2, 1};
        // 0 to 9 is 10 lengths: 4 bins would be 2.5 tokens wide, so 3 tokens and 4 bins.
        QTest::newRow("whole tokens a bin")
            << Lengths{0, 2, 3, 5, 9} << 4 << qint64(0) << qint64(3) << Lengths{2, 2, 0, 1};
        QTest::newRow("exactly full")
            << Lengths{10, 19} << 5 << qint64(10) << qint64(2) << Lengths{1, 0, 0, 0, 1};
        QTest::newRow("no bins asked: one")
            << Lengths{1, 4} << 0 << qint64(1) << qint64(4) << Lengths{2};
    }

    void bins()
    {
        QFETCH(Lengths, lengths);
        QFETCH(int, maxBins);
        QFETCH(qint64, low);
        QFETCH(qint64, width);
        QFETCH(Lengths, counts);
        const es::TextLengthBins bins =
            es::binTextLengths(lengths, static_cast<std::size_t>(maxBins));
        QCOMPARE(bins.low, low);
        QCOMPARE(bins.width, width);
        QVERIFY(bins.counts == counts);
        QVERIFY(bins.counts.size() <= static_cast<std::size_t>(std::max(maxBins, 1)));
        QCOMPARE(std::accumulate(bins.counts.begin(), bins.counts.end(), std::int64_t{0}),
                 static_cast<std::int64_t>(lengths.size()));
    }
};

QTEST_GUILESS_MAIN(TestTextPreview)
#include "tst_textpreview.moc"
