// The Data tab of the Run setup panel offscreen: every source type and preset survives a
// showConfig and a no-op edit unchanged, each common field edits exactly its key, each
// tokenizer field (both text sources) edits exactly its data.text key and comes back from the
// config's JSON as it was, no two labels of a text source's tab share a mnemonic, switching
// the source type keeps each type's values, dropped files land in the right fields, the
// preview describes the chosen files off the GUI thread (a text corpus with the histogram of
// its lengths and the sequence length marked), and the engine's issues mark the visible field.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/text/sentimentcorpus.h"
#include "tests/support/testpaths.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/setup/dataform.h"
#include "ui/setup/textlengthchart.h"

#include <QtCore/QDir>
#include <QtCore/QDirIterator>
#include <QtCore/QFile>
#include <QtCore/QMimeData>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUrl>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QStackedWidget>

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

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

/// data.text with every key away from its default.
es::TextConfig everyTextOption()
{
    es::TextConfig text;
    text.vectorizer.standardize = es::TextStandardize::StripPunctuation;
    text.vectorizer.stripHtml = true;
    text.vectorizer.split = es::TextSplit::Character;
    text.vectorizer.maxTokens = 5000;
    text.vectorizer.outputSequenceLength = 250;
    text.padding = es::SequenceEnd::Pre;
    text.truncating = es::SequenceEnd::Pre;
    text.vocabulary = "vocab/words.txt";
    text.emptyTexts = es::EmptyTexts::Refuse;
    return text;
}

/// A text source of `type` ("text_csv" or "text_folder") on the IMDB preset's model, with
/// everyTextOption().
es::RunConfig textConfig(const QString& type)
{
    es::RunConfig config = es::loadPreset("imdb-lstm-sentiment");
    es::DataSourceConfig source;
    if (type == "text_csv") {
        source.type = es::DataSourceType::TextCsv;
        source.path = "reviews.csv";
        source.delimiter = ';';
        source.header = es::CsvHeader::Present;
        source.textColumn = es::ColumnRef::byName("review");
        source.labelColumn = es::ColumnRef::byIndex(1);
    } else {
        source.type = es::DataSourceType::TextFolder;
        source.path = "aclImdb/train";
        source.ignore = {"unsup"};
        source.validationPath = "aclImdb/test";
    }
    config.data.source = source;
    config.data.text = everyTextOption();
    return config;
}

es::RunConfig configNamed(const QString& name)
{
    if (name == "npy")
        return npyConfig();
    if (name == "npz")
        return npzConfig();
    if (name == "csv")
        return csvConfig();
    if (name.startsWith("text_"))
        return textConfig(name);
    return es::loadPreset(name.toStdString());
}

/// The tokenizer's field `name` (its data.text key): the synthetic_tokens page has a
/// "padding" of its own.
QWidget* tokenizerField(DataForm& form, const QString& name)
{
    return form.findChild<QWidget*>("text")->findChild<QWidget*>(name);
}

/// What a field of the tokenizer shows, whatever its kind of widget.
QString shownValue(QWidget* field)
{
    if (auto* spin = qobject_cast<QSpinBox*>(field))
        return spin->text();
    if (auto* combo = qobject_cast<QComboBox*>(field))
        return combo->currentText();
    if (auto* check = qobject_cast<QCheckBox*>(field))
        return check->isChecked() ? "checked" : "unchecked";
    if (auto* edit = qobject_cast<QLineEdit*>(field))
        return edit->text();
    return {};
}

/// The mnemonic letter of a label or button text ("Se&quence length:" -> "q"); "" for none.
QString mnemonicOf(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) != QLatin1Char('&'))
            return text.at(i + 1).toLower();
        ++i;  // "&&" is an ampersand
    }
    return {};
}

/// Each review's length in tokens as the tokenizer makes it with `stripHtml` and otherwise
/// data.text's defaults, worked out from the files without the engine.
std::vector<std::int64_t> corpusLengths(const QString& root, bool stripHtml)
{
    std::vector<std::int64_t> lengths;
    QDirIterator files(root, {"*.txt"}, QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        if (!file.open(QIODevice::ReadOnly))
            return {};
        // Keras' default standardize and split: tags to spaces if asked, ASCII punctuation
        // removed (so that "<br /><br />" left in is the one word "brbr",
        // or part of the word it touches), then words between whitespace.
        QString text = QString::fromUtf8(file.readAll());
        if (stripHtml)
            text.replace(QRegularExpression("<[^>]*>"), " ");
        text.remove(QRegularExpression("[!-/:-@\\[-`{-~]"));
        lengths.push_back(text.split(QRegularExpression("\\s+"), Qt::SkipEmptyParts).size());
    }
    std::sort(lengths.begin(), lengths.end());
    return lengths;
}

std::vector<std::int64_t> sorted(std::vector<std::int64_t> values)
{
    std::sort(values.begin(), values.end());
    return values;
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
        QTest::newRow("text_csv") << "text_csv"
                                  << "text_column";
        QTest::newRow("text_folder") << "text_folder"
                                     << "ignore";
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

    void tokenizerShowsConfig_data()
    {
        QTest::addColumn<QString>("type");
        QTest::newRow("text_csv") << "text_csv";
        QTest::newRow("text_folder") << "text_folder";
    }

    void tokenizerShowsConfig()
    {
        QFETCH(QString, type);
        DataForm form;
        form.showConfig(textConfig(type));
        const auto shown = [&form](const char* name) {
            return shownValue(tokenizerField(form, name));
        };
        QCOMPARE(shown("standardize"), QString("strip_punctuation"));
        QCOMPARE(shown("strip_html"), QString("checked"));
        QCOMPARE(shown("split"), QString("character"));
        QCOMPARE(shown("max_tokens"), QString("5000"));
        QCOMPARE(shown("output_sequence_length"), QString("250"));
        QCOMPARE(shown("padding"), QString("pre"));
        QCOMPARE(shown("truncating"), QString("pre"));
        QCOMPARE(shown("vocabulary"), QString("vocab/words.txt"));
        QCOMPARE(shown("empty_texts"), QString("refuse"));

        // 0 is a choice of its own for both numbers, named for what it does.
        es::RunConfig defaults = textConfig(type);
        defaults.data.text = es::TextConfig();
        form.showConfig(defaults);
        QCOMPARE(shown("max_tokens"), QString("all"));
        QCOMPARE(shown("output_sequence_length"), QString("longest"));
        QCOMPARE(shown("standardize"), QString("lower_and_strip_punctuation"));
        QCOMPARE(shown("vocabulary"), QString());
    }

    void tokenizerFieldEdits_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("field");
        for (const char* type : {"text_csv", "text_folder"}) {
            for (const char* field :
                 {"standardize", "strip_html", "split", "max_tokens", "output_sequence_length",
                  "padding", "truncating", "vocabulary", "empty_texts"})
                QTest::addRow("%s %s", type, field) << type << field;
        }
    }

    // form -> RunConfig -> JSON -> form: each field edits its own key only, the edited config
    // comes back from its JSON unchanged, a second form shows it as the first did, and editing
    // the field back gives the config shown at first.
    void tokenizerFieldEdits()
    {
        QFETCH(QString, type);
        QFETCH(QString, field);
        const es::RunConfig shown = textConfig(type);
        DataForm form;
        form.showConfig(shown);
        QSignalSpy spy(&form, &es::ui::ConfigForm::edited);
        QWidget* widget = tokenizerField(form, field);
        QVERIFY(widget);
        QVERIFY(widget->isVisibleTo(&form));

        const QString before = shownValue(widget);
        auto* spin = qobject_cast<QSpinBox*>(widget);
        auto* combo = qobject_cast<QComboBox*>(widget);
        auto* check = qobject_cast<QCheckBox*>(widget);
        auto* edit = qobject_cast<QLineEdit*>(widget);
        if (spin)
            spin->setValue(spin->value() + 1);
        else if (combo)
            combo->setCurrentIndex((combo->currentIndex() + 1) % combo->count());
        else if (check)
            check->toggle();
        else if (edit)
            edit->setText("other/vocabulary.txt");
        QCOMPARE(spy.count(), 1);

        const es::RunConfig edited = lastEdit(spy);
        const es::TextConfig& text = edited.data.text;
        es::RunConfig expected = shown;
        es::TextConfig& want = expected.data.text;
        const es::TextConfig& was = shown.data.text;
        if (field == "standardize") {
            QCOMPARE(text.vectorizer.standardize, es::TextStandardize::None);
            want.vectorizer.standardize = text.vectorizer.standardize;
        } else if (field == "strip_html") {
            QCOMPARE(text.vectorizer.stripHtml, false);
            want.vectorizer.stripHtml = text.vectorizer.stripHtml;
        } else if (field == "split") {
            QCOMPARE(text.vectorizer.split, es::TextSplit::Whitespace);
            want.vectorizer.split = text.vectorizer.split;
        } else if (field == "max_tokens") {
            QCOMPARE(text.vectorizer.maxTokens, was.vectorizer.maxTokens + 1);
            want.vectorizer.maxTokens = text.vectorizer.maxTokens;
        } else if (field == "output_sequence_length") {
            QCOMPARE(text.vectorizer.outputSequenceLength, was.vectorizer.outputSequenceLength + 1);
            want.vectorizer.outputSequenceLength = text.vectorizer.outputSequenceLength;
        } else if (field == "padding") {
            QCOMPARE(text.padding, es::SequenceEnd::Post);
            want.padding = text.padding;
        } else if (field == "truncating") {
            QCOMPARE(text.truncating, es::SequenceEnd::Post);
            want.truncating = text.truncating;
        } else if (field == "vocabulary") {
            QCOMPARE(text.vocabulary, std::string("other/vocabulary.txt"));
            want.vocabulary = text.vocabulary;
        } else if (field == "empty_texts") {
            QCOMPARE(text.emptyTexts, es::EmptyTexts::Skip);
            want.emptyTexts = text.emptyTexts;
        }
        QVERIFY(edited == expected);
        QVERIFY(!(edited == shown));

        // Through the config's JSON and into a form of its own: the same config, shown alike.
        const es::RunConfig parsed = es::parseRunConfig(es::toJson(edited));
        QVERIFY(parsed == edited);
        DataForm reopened;
        reopened.showConfig(parsed);
        QWidget* again = tokenizerField(reopened, field);
        QCOMPARE(shownValue(again), shownValue(widget));
        QVERIFY(shownValue(again) != before);
        // Showing what the form emitted sends nothing back to the editor.
        form.showConfig(parsed);
        QCOMPARE(spy.count(), 1);

        if (spin)
            spin->setValue(spin->value() - 1);
        else if (combo)
            combo->setCurrentIndex(combo->findText(before));
        else if (check)
            check->toggle();
        else if (edit)
            edit->setText(before);
        QCOMPARE(spy.count(), 2);
        QVERIFY(lastEdit(spy) == shown);
        QCOMPARE(shownValue(widget), before);
    }

    void tokenizerOnlyForTexts()
    {
        DataForm form;
        form.showConfig(textConfig("text_csv"));
        // One group for both text sources: the same widgets, not a copy per page.
        QCOMPARE(form.findChildren<QComboBox*>("standardize").size(), 1);
        QWidget* standardize = form.findChild<QComboBox*>("standardize");
        QVERIFY(standardize->isVisibleTo(&form));
        auto* type = form.findChild<QComboBox*>("type");
        type->setCurrentText("text_folder");
        QVERIFY(standardize->isVisibleTo(&form));
        type->setCurrentText("npy");
        QVERIFY(!standardize->isVisibleTo(&form));
        form.showConfig(es::loadPreset("quick-demo"));
        QVERIFY(!standardize->isVisibleTo(&form));
        form.showConfig(textConfig("text_folder"));
        QVERIFY(standardize->isVisibleTo(&form));
    }

    void mnemonicsDiffer_data()
    {
        QTest::addColumn<QString>("type");
        QTest::newRow("text_csv") << "text_csv";
        QTest::newRow("text_folder") << "text_folder";
    }

    // Alt and a letter must reach one field: on a text source's tab, the source's page, the
    // tokenizer and the batch options are shown together.
    void mnemonicsDiffer()
    {
        QFETCH(QString, type);
        DataForm form;
        form.showConfig(textConfig(type));
        QMap<QString, QString> owners;
        int tokenizerLetters = 0;
        const QWidget* tokenizer = form.findChild<QWidget*>("text");
        for (QWidget* widget : form.findChildren<QWidget*>()) {
            if (!widget->isVisibleTo(&form))
                continue;
            QString text;
            if (auto* label = qobject_cast<QLabel*>(widget))
                text = label->text();
            else if (auto* button = qobject_cast<QAbstractButton*>(widget))
                text = button->text();
            const QString letter = mnemonicOf(text);
            if (letter.isEmpty())
                continue;
            QVERIFY2(!owners.contains(letter),
                     qPrintable(QString("\"%1\" and \"%2\" share Alt+%3")
                                    .arg(owners.value(letter), text, letter)));
            owners.insert(letter, text);
            tokenizerLetters += tokenizer->isAncestorOf(widget) ? 1 : 0;
        }
        // Every tokenizer field has one: eight labels and the check box.
        QCOMPARE(tokenizerLetters, 9);
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

    // The generated corpus's lengths reach the histogram, the marker sits at
    // output_sequence_length with the share of texts it cuts, and both follow the tokenizer's
    // fields as the preview reads the texts again.
    void previewHistogramOfTextLengths()
    {
        QTemporaryDir dir;
        const QString root = QString::fromStdString(
            es::ensureSentimentCorpus(dir.filePath("reviews").toStdString(), {20, 1}));
        es::RunConfig config = textConfig("text_folder");
        config.data.source.path = root.toStdString();
        config.data.source.ignore.clear();
        config.data.source.validationPath.clear();
        config.data.text = es::TextConfig();
        config.data.text.vectorizer.stripHtml = true;
        config.data.text.vectorizer.outputSequenceLength = 60;
        const std::vector<std::int64_t> words = corpusLengths(root, true);
        QCOMPARE(words.size(), std::size_t(40));
        const std::int64_t longerThan60 =
            std::count_if(words.begin(), words.end(), [](std::int64_t n) { return n > 60; });
        // The corpus's long tail (median near 58 tokens) puts the marker inside the histogram.
        QVERIFY(longerThan60 > 0 && longerThan60 < 40);

        DataForm form;
        form.showConfig(config);
        auto* chart = form.findChild<es::ui::TextLengthChart*>();
        QVERIFY(chart);
        QTRY_VERIFY2(chart->isVisibleTo(&form), qPrintable(previewText(form)));
        QVERIFY(sorted(chart->lengths()) == words);
        QCOMPARE(chart->markedLength(), std::int64_t(60));
        QCOMPARE(chart->markerPosition(), 60.5);
        QCOMPARE(chart->cutShare(), static_cast<double>(longerThan60) / 40.0);
        const QString share = QString::number(100.0 * longerThan60 / 40.0, 'f', 1);
        QVERIFY2(chart->markerText().contains("output_sequence_length 60"),
                 qPrintable(chart->markerText()));
        QVERIFY2(chart->markerText().contains(share + "% of the texts cut"),
                 qPrintable(chart->markerText()));
        // Every text in one bar, the part above 60 tokens in the cut series.
        const es::TextLengthBins& bins = chart->bins();
        QCOMPARE(std::accumulate(bins.counts.begin(), bins.counts.end(), std::int64_t{0}),
                 std::int64_t(40));
        double kept = 0.0;
        double cut = 0.0;
        for (auto bar = chart->keptBars()->data()->constBegin();
             bar != chart->keptBars()->data()->constEnd(); ++bar)
            kept += bar->value;
        for (auto bar = chart->cutBars()->data()->constBegin();
             bar != chart->cutBars()->data()->constEnd(); ++bar)
            cut += bar->value;
        QCOMPARE(kept, static_cast<double>(40 - longerThan60));
        QCOMPARE(cut, static_cast<double>(longerThan60));
        // The preview's lines stay beside it.
        QVERIFY2(previewText(form).contains("2 labels: neg 20 and pos 20"),
                 qPrintable(previewText(form)));
        QVERIFY2(previewText(form).contains("distinct tokens"), qPrintable(previewText(form)));

        // A new sequence length moves the marker.
        auto* length = form.findChild<QSpinBox*>("output_sequence_length");
        length->setValue(90);
        QTRY_COMPARE(chart->markedLength(), std::int64_t(90));
        QCOMPARE(chart->cutShare(),
                 static_cast<double>(std::count_if(words.begin(), words.end(),
                                                   [](std::int64_t n) { return n > 90; })) /
                     40.0);
        // 0 marks the longest text, which nothing passes.
        length->setValue(0);
        QTRY_COMPARE(chart->markedLength(), words.back());
        QCOMPARE(chart->cutShare(), 0.0);
        QVERIFY2(chart->markerText().contains("longest"), qPrintable(chart->markerText()));

        // Tags left in make a token "br" each: the lengths follow the tokenizer's fields.
        form.findChild<QCheckBox*>("strip_html")->setChecked(false);
        const std::vector<std::int64_t> withTags = corpusLengths(root, false);
        QVERIFY(withTags != words);
        QTRY_VERIFY(sorted(chart->lengths()) == withTags);
        QCOMPARE(chart->markedLength(), withTags.back());

        // Texts that cannot be read have no histogram; a generated source has none either.
        currentPage(form)->findChild<QLineEdit*>("path")->setText(dir.filePath("missing"));
        QTRY_VERIFY(!chart->isVisibleTo(&form));
        form.showConfig(config);
        QTRY_VERIFY(chart->isVisibleTo(&form));
        form.findChild<QComboBox*>("type")->setCurrentText("synthetic_regression");
        QVERIFY(!chart->isVisibleTo(&form));
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

    void markTokenizerProblems()
    {
        DataForm form;
        form.showConfig(textConfig("text_folder"));
        QWidget* maxTokens = tokenizerField(form, "max_tokens");
        const QString plainTip = maxTokens->toolTip();
        const std::string message = "expected 0 (no limit) or at least 3";
        QCOMPARE(form.markProblems({{"data.text.max_tokens", message}}), 1);
        QCOMPARE(maxTokens->toolTip(), QString::fromStdString(message));
        QVERIFY(!maxTokens->styleSheet().isEmpty());
        // A generated source hides the tokenizer: its fields take no issue.
        form.showConfig(es::loadPreset("quick-demo"));
        QCOMPARE(form.markProblems({{"data.text.max_tokens", message}}), 0);
        QCOMPARE(maxTokens->toolTip(), plainTip);
        QVERIFY(maxTokens->styleSheet().isEmpty());
    }
};

QTEST_MAIN(TestDataForm)
#include "tst_dataform.moc"
