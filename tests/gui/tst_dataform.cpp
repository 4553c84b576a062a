// The Data tab of the Run setup panel offscreen: every source type and preset survives a
// showConfig and a no-op edit unchanged, each common field edits exactly its key, switching the
// source type keeps each type's values, dropped files land in the right fields, the preview
// describes the chosen files off the GUI thread, and the engine's issues mark the visible field.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "tests/support/testpaths.h"
#include "ui/setup/dataform.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QMimeData>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUrl>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QStackedWidget>

#include <cstring>
#include <memory>

using es::ui::DataForm;

namespace {

/// quick-demo with every common data option away from its default.
es::RunConfig withSource(const es::DataSourceConfig& source)
{
    es::RunConfig config = es::loadPreset("quick-demo");
    config.data.source = source;
    config.data.validationSplit = 0.125;
    config.data.shuffle = false;
    config.data.batchSize = 48;
    config.data.dropLast = true;
    config.data.placement = es::Placement::Device;
    config.data.prefetch = 2;
    return config;
}

es::RunConfig npyConfig()
{
    es::DataSourceConfig source;
    source.type = es::DataSourceType::Npy;
    source.x = "arrays/x.npy";
    source.y = "arrays/y.npy";
    source.xVal = "/data/x_val.npy";
    source.yVal = "/data/y_val.npy";
    return withSource(source);
}

es::RunConfig npzConfig()
{
    es::DataSourceConfig source;
    source.type = es::DataSourceType::Npz;
    source.path = "arrays/mnist.npz";
    source.x = "inputs";
    return withSource(source);
}

es::RunConfig csvConfig()
{
    es::DataSourceConfig source;
    source.type = es::DataSourceType::Csv;
    source.path = "series.csv";
    source.delimiter = ';';
    source.header = es::CsvHeader::Present;
    source.columns = {es::ColumnRef::byName("open"), es::ColumnRef::byIndex(3),
                      es::ColumnRef::byName("2020"), es::ColumnRef::byName("a,b")};
    source.target = es::ColumnRef::byName("close");
    source.window = 16;
    source.horizon = 2;
    source.stride = 3;
    return withSource(source);
}

es::RunConfig configNamed(const QString& name)
{
    if (name == "npy")
        return npyConfig();
    if (name == "npz")
        return npzConfig();
    if (name == "csv")
        return csvConfig();
    return es::loadPreset(name.toStdString());
}

es::RunConfig lastEdit(const QSignalSpy& spy)
{
    return qvariant_cast<es::RunConfig>(spy.last().at(0));
}

QWidget* currentPage(DataForm& form)
{
    return form.findChild<QStackedWidget*>()->currentWidget();
}

QString previewText(DataForm& form)
{
    return form.findChild<QPlainTextEdit*>("preview")->toPlainText();
}

/// A float32 (3, 2) array as np.save writes it: format 1.0, the header padded to 64 bytes.
void writeNpy(const QString& path)
{
    QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }";
    constexpr int kPrefix = 10;  // magic, version, header length
    constexpr int kAlignment = 64;
    while ((kPrefix + header.size() + 1) % kAlignment != 0)
        header += ' ';
    header += '\n';
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header;
    const float values[] = {1, 2, 3, 4, 5, 6};
    bytes += QByteArray(reinterpret_cast<const char*>(values), sizeof values);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

/// Sends a drag enter and, when it is accepted, the drop of `files`; returns whether the drag
/// was accepted.
bool dragAndDrop(DataForm& form, const QStringList& files)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& file : files)
        urls << QUrl::fromLocalFile(file);
    mime.setUrls(urls);
    const QPoint center = form.rect().center();
    QDragEnterEvent enter(center, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(&form, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(center), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    drop.setAccepted(false);
    QCoreApplication::sendEvent(&form, &drop);
    return drop.isAccepted();
}

}  // namespace

class TestDataForm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("field");
        for (const es::PresetInfo& preset : es::builtinPresets()) {
            // A synthetic source's sample count; text-sentiment-demo's folder of reviews.
            const bool text =
                es::loadPreset(preset.name).data.source.type == es::DataSourceType::TextFolder;
            QTest::addRow("preset %s", preset.name.c_str())
                << QString::fromStdString(preset.name) << (text ? "path" : "samples");
        }
        QTest::newRow("npy") << "npy"
                             << "x";
        QTest::newRow("npz") << "npz"
                             << "path";
        QTest::newRow("csv") << "csv"
                             << "window";
    }

    void roundTrip()
    {
        QFETCH(QString, config);
        QFETCH(QString, field);
        const es::RunConfig shown = configNamed(config);
        DataForm form;
        form.showConfig(shown);
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);

        auto* batch = form.findChild<QSpinBox*>("batch_size");
        batch->setValue(batch->value() + 1);
        QVERIFY(!(lastEdit(spy) == shown));
        batch->setValue(batch->value() - 1);
        QCOMPARE(spy.count(), 2);
        QVERIFY(lastEdit(spy) == shown);

        QWidget* page = currentPage(form);
        if (auto* spin = page->findChild<QSpinBox*>(field)) {
            spin->setValue(spin->value() + 1);
            spin->setValue(spin->value() - 1);
        } else {
            auto* edit = page->findChild<QLineEdit*>(field);
            QVERIFY(edit);
            const QString text = edit->text();
            edit->setText(text + "2");
            QVERIFY(!(lastEdit(spy) == shown));
            edit->setText(text);
        }
        QCOMPARE(spy.count(), 4);
        QVERIFY(lastEdit(spy) == shown);
        // Showing what the form emitted changes nothing: no edit goes back to the editor.
        form.showConfig(lastEdit(spy));
        QCOMPARE(spy.count(), 4);
    }

    void csvColumnsAsTyped_data()
    {
        QTest::addColumn<QString>("features");
        QTest::newRow("without spaces") << R"(open,3,"2020","a,b")";
        QTest::newRow("with spaces") << R"(  open ,  3, "2020" ,   "a,b"  )";
        QTest::newRow("empty entries skipped") << R"(open,,3,"2020","a,b",)";
    }

    void csvColumnsAsTyped()
    {
        QFETCH(QString, features);
        const es::RunConfig shown = csvConfig();
        DataForm form;
        form.showConfig(shown);
        auto* field = currentPage(form)->findChild<QLineEdit*>("features");
        QCOMPARE(field->text(), QString(R"(open, 3, "2020", "a,b")"));
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        field->setText(features);
        QCOMPARE(spy.count(), 1);
        QVERIFY(lastEdit(spy) == shown);
    }

    void commonFieldEdits_data()
    {
        QTest::addColumn<QString>("field");
        for (const char* field :
             {"validation_split", "shuffle", "batch_size", "drop_last", "placement", "prefetch"})
            QTest::newRow(field) << field;
    }

    void commonFieldEdits()
    {
        QFETCH(QString, field);
        const es::RunConfig shown = es::loadPreset("quick-demo");
        DataForm form;
        form.showConfig(shown);
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QWidget* widget = form.findChild<QWidget*>(field);
        QVERIFY(widget);
        if (auto* spin = qobject_cast<QSpinBox*>(widget))
            spin->setValue(spin->value() + 1);
        else if (auto* number = qobject_cast<QDoubleSpinBox*>(widget))
            number->setValue(number->value() + 0.1);
        else if (auto* check = qobject_cast<QCheckBox*>(widget))
            check->toggle();
        else if (auto* combo = qobject_cast<QComboBox*>(widget))
            combo->setCurrentIndex((combo->currentIndex() + 1) % combo->count());
        QCOMPARE(spy.count(), 1);

        const es::RunConfig edited = lastEdit(spy);
        es::RunConfig expected = shown;
        const es::DataConfig& data = edited.data;
        if (field == "validation_split") {
            QCOMPARE(data.validationSplit, 0.3);
            expected.data.validationSplit = data.validationSplit;
        } else if (field == "shuffle") {
            QCOMPARE(data.shuffle, !shown.data.shuffle);
            expected.data.shuffle = data.shuffle;
        } else if (field == "batch_size") {
            QCOMPARE(data.batchSize, shown.data.batchSize + 1);
            expected.data.batchSize = data.batchSize;
        } else if (field == "drop_last") {
            QCOMPARE(data.dropLast, !shown.data.dropLast);
            expected.data.dropLast = data.dropLast;
        } else if (field == "placement") {
            QCOMPARE(data.placement, es::Placement::Pinned);
            expected.data.placement = data.placement;
        } else if (field == "prefetch") {
            QCOMPARE(data.prefetch, shown.data.prefetch + 1);
            expected.data.prefetch = data.prefetch;
        }
        QVERIFY(edited == expected);
    }

    void switchingTypeKeepsValues()
    {
        DataForm form;
        form.showConfig(es::loadPreset("quick-demo"));
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        auto* samples = currentPage(form)->findChild<QSpinBox*>("samples");
        samples->setValue(777);
        const es::DataSourceConfig synthetic = lastEdit(spy).data.source;
        QCOMPARE(synthetic.samples, 777);

        auto* type = form.findChild<QComboBox*>("type");
        type->setCurrentText("npy");
        QCOMPARE(lastEdit(spy).data.source.type, es::DataSourceType::Npy);
        currentPage(form)->findChild<QLineEdit*>("x")->setText("inputs.npy");
        QCOMPARE(lastEdit(spy).data.source.x, std::string("inputs.npy"));

        type->setCurrentText("synthetic_regression");
        QVERIFY(lastEdit(spy).data.source == synthetic);
        QCOMPARE(currentPage(form)->findChild<QSpinBox*>("samples")->value(), 777);
        QCOMPARE(lastEdit(spy).data.batchSize, std::int64_t(64));

        type->setCurrentText("npy");
        QCOMPARE(lastEdit(spy).data.source.x, std::string("inputs.npy"));
        // A config shown in between (the editor echoing the edit back) keeps the other types.
        form.showConfig(es::loadPreset("keras-lstm-regression"));
        type->setCurrentText("npy");
        QCOMPARE(lastEdit(spy).data.source.x, std::string("inputs.npy"));
    }

    void dropNpyPair()
    {
        QTemporaryDir dir;
        const QString x = dir.filePath("x_train.npy");
        const QString y = dir.filePath("y_train.npy");
        DataForm form;
        form.showConfig(es::loadPreset("quick-demo"));
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QVERIFY(form.dropFiles({y, x}));
        QCOMPARE(spy.count(), 1);
        const es::DataSourceConfig source = lastEdit(spy).data.source;
        QCOMPARE(source.type, es::DataSourceType::Npy);
        QCOMPARE(QString::fromStdString(source.x), x);
        QCOMPARE(QString::fromStdString(source.y), y);
        QCOMPARE(form.findChild<QComboBox*>("type")->currentText(), QString("npy"));
        QCOMPARE(currentPage(form)->findChild<QLineEdit*>("y")->text(), y);
    }

    void dropNpyPairOrder_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::addColumn<QString>("x");
        QTest::newRow("labels") << "labels.npy"
                                << "features.npy"
                                << "features.npy";
        QTest::newRow("target") << "train_targets.npy"
                                << "train_inputs.npy"
                                << "train_inputs.npy";
        QTest::newRow("y word, not a letter y") << "history.npy"
                                                << "data_y.npy"
                                                << "history.npy";
        QTest::newRow("alphabetical") << "b.npy"
                                      << "a.npy"
                                      << "a.npy";
    }

    void dropNpyPairOrder()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        QFETCH(QString, x);
        DataForm form;
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QVERIFY(form.dropFiles({"/data/" + first, "/data/" + second}));
        QCOMPARE(QString::fromStdString(lastEdit(spy).data.source.x), "/data/" + x);
    }

    void dropSingleNpy()
    {
        DataForm form;
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QVERIFY(form.dropFiles({"/data/inputs.npy"}));
        QVERIFY(form.dropFiles({"/data/outputs.npy"}));
        QCOMPARE(spy.count(), 2);
        QCOMPARE(lastEdit(spy).data.source.x, std::string("/data/inputs.npy"));
        QCOMPARE(lastEdit(spy).data.source.y, std::string("/data/outputs.npy"));
    }

    void dropCsvAsDragAndDrop()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("prices.CSV");
        DataForm form;
        form.showConfig(es::loadPreset("quick-demo"));
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QVERIFY(dragAndDrop(form, {csv}));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEdit(spy).data.source.type, es::DataSourceType::Csv);
        QCOMPARE(QString::fromStdString(lastEdit(spy).data.source.path), csv);
    }

    void dropRelativeToBaseDirectory()
    {
        QTemporaryDir dir;
        DataForm form;
        form.setBaseDirectory(dir.path());
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QVERIFY(form.dropFiles({dir.filePath("data/archive.npz")}));
        QCOMPARE(lastEdit(spy).data.source.type, es::DataSourceType::Npz);
        QCOMPARE(lastEdit(spy).data.source.path, std::string("data/archive.npz"));
        QVERIFY(form.dropFiles({"/elsewhere/series.csv"}));
        QCOMPARE(lastEdit(spy).data.source.path, std::string("/elsewhere/series.csv"));
    }

    void dropRefused_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::newRow("text file") << QStringList{"/data/notes.txt"};
        QTest::newRow("npy with a text file") << QStringList{"/data/x.npy", "/data/notes.txt"};
        QTest::newRow("three npy") << QStringList{"/data/a.npy", "/data/b.npy", "/data/c.npy"};
        QTest::newRow("two archives") << QStringList{"/data/a.npz", "/data/b.npz"};
        QTest::newRow("csv with npy") << QStringList{"/data/a.csv", "/data/b.npy"};
    }

    void dropRefused()
    {
        QFETCH(QStringList, files);
        const es::RunConfig shown = es::loadPreset("quick-demo");
        DataForm form;
        form.showConfig(shown);
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QVERIFY(!DataForm::acceptsFiles(files));
        QVERIFY(!dragAndDrop(form, files));
        QVERIFY(!form.dropFiles(files));
        QCOMPARE(spy.count(), 0);
        QCOMPARE(form.findChild<QComboBox*>("type")->currentText(),
                 QString("synthetic_regression"));
    }

    void previewDescribesFiles()
    {
        QTemporaryDir dir;
        writeNpy(dir.filePath("x.npy"));
        es::RunConfig config = npyConfig();
        config.data.source.x = "x.npy";
        config.data.source.y = "missing_y.npy";
        config.data.source.xVal.clear();
        config.data.source.yVal.clear();

        DataForm form;
        form.setBaseDirectory(dir.path());
        form.showConfig(config);
        QVERIFY2(previewText(form).startsWith("Inspecting"), qPrintable(previewText(form)));
        QTRY_VERIFY2(previewText(form).contains("(3, 2) float32"), qPrintable(previewText(form)));
        const QString text = previewText(form);
        QVERIFY2(text.contains(dir.filePath("missing_y.npy") + ": no such file"), qPrintable(text));
        QVERIFY2(text.contains("\n\n"), qPrintable(text));

        // The same files again are not described again.
        form.showConfig(config);
        QCOMPARE(previewText(form), text);

        // A new path is.
        writeNpy(dir.filePath("y.npy"));
        currentPage(form)->findChild<QLineEdit*>("y")->setText("y.npy");
        QTRY_VERIFY2(previewText(form).count("(3, 2) float32") == 2, qPrintable(previewText(form)));
    }

    void previewListsArchiveMembers()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath("stored.npz");
        QVERIFY(QFile::copy(es::test::pathFromCtest("EPOCHSCOPE_TEST_NPZ"), archive));
        es::RunConfig config = npzConfig();
        config.data.source.path = archive.toStdString();
        config.data.source.x.clear();

        DataForm form;
        form.showConfig(config);
        auto* x = currentPage(form)->findChild<QComboBox*>("x");
        QTRY_VERIFY(x->findText("x_train") >= 0);
        QVERIFY(x->findText("y_train") >= 0);
        QVERIFY(x->currentText().isEmpty());
        QVERIFY2(previewText(form).contains("x_train  (2, 3) float32"),
                 qPrintable(previewText(form)));
    }

    void previewDescribesGeneratedData()
    {
        DataForm form;
        form.showConfig(es::loadPreset("quick-demo"));
        QVERIFY2(previewText(form).contains("x (6144, 64, 8)"), qPrintable(previewText(form)));
        QVERIFY2(previewText(form).contains("4915 samples train, 1229 validate"),
                 qPrintable(previewText(form)));
        currentPage(form)->findChild<QSpinBox*>("features")->setValue(3);
        QTRY_VERIFY2(previewText(form).contains("x (6144, 64, 3)"), qPrintable(previewText(form)));
    }

    // Guards the worker against outliving its form: the result of a scan still running when
    // the form goes must not reach it.
    void formDeletedWhileInspecting()
    {
        QTemporaryDir dir;
        writeNpy(dir.filePath("x.npy"));
        es::RunConfig config = npyConfig();
        config.data.source.x = dir.filePath("x.npy").toStdString();
        auto form = std::make_unique<DataForm>();
        form->showConfig(config);
        form.reset();
        QTest::qWait(100);
    }

    void markProblems()
    {
        DataForm form;
        form.showConfig(npyConfig());
        auto* x = currentPage(form)->findChild<QLineEdit*>("x");
        const QString plainTip = x->toolTip();
        const QString message = "x.npy has shape (96, 6), but the first layer reads (N, T, F)";
        QCOMPARE(form.markProblems({{"data.source.x", message.toStdString()}}), 1);
        QCOMPARE(x->toolTip(), message);
        QVERIFY(!x->styleSheet().isEmpty());
        // The npz page's x, hidden, is not marked.
        auto* pages = form.findChild<QStackedWidget*>();
        auto* npzX = pages->findChild<QWidget*>("npz")->findChild<QComboBox*>("x");
        QVERIFY(npzX->styleSheet().isEmpty());

        QCOMPARE(form.markProblems({}), 0);
        QCOMPARE(x->toolTip(), plainTip);
        QVERIFY(x->styleSheet().isEmpty());
    }
};

QTEST_MAIN(TestDataForm)
#include "tst_dataform.moc"
