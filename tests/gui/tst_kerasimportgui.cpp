// File > Import Keras model... and files dropped on the window, offscreen: a Keras 2
// Sequential's model.to_json() fills the Model tab (embedding, bidirectional LSTM, dense) with
// the import reported in the Log; a model with a layer EpochScope does not run is refused in a
// message box naming the layer and leaves Run setup as it was; a dropped Keras JSON goes to the
// importer, a dropped run config opens as a config, and other files are not taken. The imported
// model's bidirectional layer, advanced options and step-loop note shown, fits the Run setup
// dock; its picture goes to the build directory (screenshots/) for people to look at.

#include "engine/config/presets.h"
#include "ui/mainwindow.h"
#include "ui/setup/configeditor.h"
#include "ui/setup/layersmodel.h"
#include "ui/setup/modelform.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QMimeData>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtCore/QUrl>
#include <QtGui/QAction>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtTest/QtTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QScrollArea>
#include <QtWidgets/QScrollBar>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QToolButton>

#include <cstdint>
#include <functional>

namespace {

/// What Keras 2.15 writes for
///   Sequential([Embedding(5000, 32, mask_zero=True, input_length=100),
///               Bidirectional(LSTM(64)), Dense(1, activation="sigmoid")]).to_json()
constexpr const char* kKerasSentiment = R"({"class_name": "Sequential", "config": {"name":
"sentiment", "layers": [{"class_name": "InputLayer", "config": {"batch_input_shape": [null, 100],
"dtype": "float32", "sparse": false, "ragged": false, "name": "embedding_input"}},
{"class_name": "Embedding", "config": {"name": "embedding", "trainable": true, "dtype":
"float32", "batch_input_shape": [null, 100], "input_dim": 5000, "output_dim": 32,
"embeddings_initializer": {"class_name": "RandomUniform", "config": {"minval": -0.05, "maxval":
0.05, "seed": null}}, "embeddings_regularizer": null, "activity_regularizer": null,
"embeddings_constraint": null, "mask_zero": true, "input_length": 100}}, {"class_name":
"Bidirectional", "config": {"name": "bidirectional", "trainable": true, "dtype": "float32",
"layer": {"class_name": "LSTM", "config": {"name": "lstm", "trainable": true, "dtype":
"float32", "return_sequences": false, "return_state": false, "go_backwards": false, "stateful":
false, "unroll": false, "time_major": false, "units": 64, "activation": "tanh",
"recurrent_activation": "sigmoid", "use_bias": true, "kernel_initializer": {"class_name":
"GlorotUniform", "config": {"seed": null}}, "recurrent_initializer": {"class_name":
"Orthogonal", "config": {"gain": 1.0, "seed": null}}, "bias_initializer": {"class_name":
"Zeros", "config": {}}, "unit_forget_bias": true, "kernel_regularizer": null,
"recurrent_regularizer": null, "bias_regularizer": null, "activity_regularizer": null,
"kernel_constraint": null, "recurrent_constraint": null, "bias_constraint": null, "dropout":
0.0, "recurrent_dropout": 0.0, "implementation": 2}}, "merge_mode": "concat"}}, {"class_name":
"Dense", "config": {"name": "dense", "trainable": true, "dtype": "float32", "units": 1,
"activation": "sigmoid", "use_bias": true, "kernel_initializer": {"class_name":
"GlorotUniform", "config": {"seed": null}}, "bias_initializer": {"class_name": "Zeros",
"config": {}}, "kernel_regularizer": null, "bias_regularizer": null, "activity_regularizer":
null, "kernel_constraint": null, "bias_constraint": null}}]}, "keras_version": "2.15.0",
"backend": "tensorflow"})";

/// Keras 2's Sequential([Conv1D(16, 3, input_shape=(50, 8)), Flatten(), Dense(1)]).to_json():
/// EpochScope has no convolutions.
constexpr const char* kKerasConv = R"({"class_name": "Sequential", "config": {"name":
"conv", "layers": [{"class_name": "InputLayer", "config": {"batch_input_shape": [null, 50, 8],
"dtype": "float32", "sparse": false, "ragged": false, "name": "conv1d_input"}}, {"class_name":
"Conv1D", "config": {"name": "conv1d", "trainable": true, "dtype": "float32",
"batch_input_shape": [null, 50, 8], "filters": 16, "kernel_size": [3], "strides": [1],
"padding": "valid", "data_format": "channels_last", "dilation_rate": [1], "groups": 1,
"activation": "linear", "use_bias": true, "kernel_initializer": {"class_name":
"GlorotUniform", "config": {"seed": null}}, "bias_initializer": {"class_name": "Zeros",
"config": {}}, "kernel_regularizer": null, "bias_regularizer": null, "activity_regularizer":
null, "kernel_constraint": null, "bias_constraint": null}}, {"class_name": "Flatten", "config":
{"name": "flatten", "trainable": true, "dtype": "float32", "data_format": "channels_last"}},
{"class_name": "Dense", "config": {"name": "dense", "trainable": true, "dtype": "float32",
"units": 1, "activation": "linear", "use_bias": true, "kernel_initializer": {"class_name":
"GlorotUniform", "config": {"seed": null}}, "bias_initializer": {"class_name": "Zeros",
"config": {}}, "kernel_regularizer": null, "bias_regularizer": null, "activity_regularizer":
null, "kernel_constraint": null, "bias_constraint": null}}]}, "keras_version": "2.15.0",
"backend": "tensorflow"})";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

/// Runs `action` and answers the message box it opens, returning the box's text (empty when
/// none opened).
QString messageBoxText(const std::function<void()>& action)
{
    QString text;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            text = box->text();
            box->accept();
        }
    });
    poll.start();
    action();
    poll.stop();
    return text;
}

es::ui::ModelForm* modelForm(es::ui::MainWindow& window)
{
    return window.configEditor()->findChild<es::ui::ModelForm*>();
}

/// Drags `paths` onto the window and, when it takes them, drops them; whether it took them.
bool dropFiles(es::ui::MainWindow& window, const QStringList& paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls << QUrl::fromLocalFile(path);
    mime.setUrls(urls);
    const QPoint centre = window.rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    return drop.isAccepted();
}

void checkSentimentModel(es::ui::MainWindow& window)
{
    es::ui::ConfigEditor* editor = window.configEditor();
    QVERIFY2(editor->config().has_value(), qPrintable(editor->problems()));
    const std::vector<es::LayerConfig>& layers = editor->config()->model.layers;
    QCOMPARE(layers.size(), std::size_t{3});
    QCOMPARE(layers[0].type, es::LayerType::Embedding);
    QCOMPARE(layers[0].inputDim, std::int64_t{5000});
    QCOMPARE(layers[0].outputDim, std::int64_t{32});
    QVERIFY(layers[0].maskZero);
    QCOMPARE(layers[1].type, es::LayerType::Bidirectional);
    QCOMPARE(layers[1].wrapped, es::LayerType::Lstm);
    QCOMPARE(layers[1].units, std::int64_t{64});
    QCOMPARE(layers[1].mergeMode, es::MergeMode::Concat);
    QCOMPARE(layers[2].type, es::LayerType::Dense);
    QCOMPARE(layers[2].activation, es::Activation::Sigmoid);

    // The Model tab shows it, in front, with its parameters counted.
    QCOMPARE(editor->tabs()->currentIndex(), 0);
    es::ui::ModelForm* form = modelForm(window);
    QVERIFY(form);
    es::ui::LayersModel* rows = form->layersModel();
    QCOMPARE(rows->rowCount(), 3);
    QCOMPARE(rows->index(0, es::ui::LayersModel::Name).data().toString(), QString("embedding_1"));
    QCOMPARE(rows->index(1, es::ui::LayersModel::Name).data().toString(),
             QString("bidirectional_1"));
    QCOMPARE(rows->index(2, es::ui::LayersModel::Name).data().toString(), QString("dense_1"));
    QVERIFY2(form->totalsText().contains("parameters"), qPrintable(form->totalsText()));
}

}  // namespace

class TestKerasImportGui : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // settings of their own, not the user's
        QVERIFY(m_dir.isValid());
    }

    void actionIsInTheFileMenu()
    {
        es::ui::MainWindow window(m_dir.filePath("action.sqlite"));
        auto* action = window.findChild<QAction*>("importKerasModel");
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
        // No other action of the window has its shortcut.
        for (QAction* other : window.findChildren<QAction*>())
            if (other != action)
                QVERIFY2(other->shortcut() != action->shortcut(), qPrintable(other->text()));
        QVERIFY(window.acceptDrops());
    }

    void importFillsTheModelTab()
    {
        const QString path = writeFile(m_dir, "sentiment.json", kKerasSentiment);
        QVERIFY(!path.isEmpty());
        es::ui::MainWindow window(m_dir.filePath("import.sqlite"));
        window.loadPreset("quick-demo");
        window.configEditor()->tabs()->setCurrentIndex(2);
        bool imported = false;
        const QString box = messageBoxText([&] { imported = window.importKerasModel(path); });
        QVERIFY2(box.isEmpty(), qPrintable(box));
        QVERIFY(imported);
        checkSentimentModel(window);
        // Not a file of ours: the title names the config, the Log says what came from where.
        QVERIFY2(window.windowTitle().contains(
                     QString::fromStdString(window.configEditor()->config()->name)),
                 qPrintable(window.windowTitle()));
        const QString log = window.findChild<QPlainTextEdit*>("log")->toPlainText();
        QVERIFY2(log.contains("Imported sentiment.json") && log.contains("3 layer"),
                 qPrintable(log));
    }

    void refusedModelChangesNothing()
    {
        const QString path = writeFile(m_dir, "conv.json", kKerasConv);
        QVERIFY(!path.isEmpty());
        es::ui::MainWindow window(m_dir.filePath("refused.sqlite"));
        window.loadPreset("quick-demo");
        const QString before = window.configEditor()->text();
        const QString title = window.windowTitle();
        bool imported = true;
        const QString box = messageBoxText([&] { imported = window.importKerasModel(path); });
        QVERIFY(!imported);
        QVERIFY2(box.contains("conv.json") && box.contains("Conv1D") && box.contains("conv1d"),
                 qPrintable(box));
        QCOMPARE(window.configEditor()->text(), before);
        QCOMPARE(window.windowTitle(), title);
        QVERIFY(*window.configEditor()->config() == es::loadPreset("quick-demo"));
        QCOMPARE(modelForm(window)->layersModel()->rowCount(),
                 static_cast<int>(es::loadPreset("quick-demo").model.layers.size()));
        const QString log = window.findChild<QPlainTextEdit*>("log")->toPlainText();
        QVERIFY2(log.contains("Conv1D"), qPrintable(log));
    }

    void droppedFilesGoWhereTheyBelong()
    {
        const QString keras = writeFile(m_dir, "dropped-model.json", kKerasSentiment);
        const QByteArray config =
            QByteArray::fromStdString(es::toJson(es::loadPreset("keras-lstm-regression")).dump(2));
        const QString runConfig = writeFile(m_dir, "dropped-config.json", config);
        const QString other = writeFile(m_dir, "notes.txt", "not a model");
        QVERIFY(!keras.isEmpty() && !runConfig.isEmpty() && !other.isEmpty());
        es::ui::MainWindow window(m_dir.filePath("drop.sqlite"));
        window.loadPreset("quick-demo");

        // A Keras model's JSON goes to the importer.
        QString box = messageBoxText([&] { QVERIFY(dropFiles(window, {keras})); });
        QVERIFY2(box.isEmpty(), qPrintable(box));
        checkSentimentModel(window);

        // A run config opens as File > Open opens it.
        box = messageBoxText([&] { QVERIFY(dropFiles(window, {runConfig})); });
        QVERIFY2(box.isEmpty(), qPrintable(box));
        QVERIFY(window.configEditor()->config().has_value());
        QVERIFY(*window.configEditor()->config() == es::loadPreset("keras-lstm-regression"));
        QVERIFY(window.windowTitle().contains("dropped-config.json"));

        // Anything else, or several files at once, is not taken.
        QVERIFY(!dropFiles(window, {other}));
        QVERIFY(!dropFiles(window, {keras, runConfig}));
        QVERIFY(*window.configEditor()->config() == es::loadPreset("keras-lstm-regression"));
    }

    void importedModelFitsTheSetupDock()
    {
        const QString path = writeFile(m_dir, "window.json", kKerasSentiment);
        QVERIFY(!path.isEmpty());
        es::ui::MainWindow window(m_dir.filePath("window.sqlite"));
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.importKerasModel(path));
        es::ui::ModelForm* form = modelForm(window);
        form->selectLayer(1);  // the bidirectional LSTM
        QToolButton* advanced = nullptr;
        for (QToolButton* toggle : form->findChildren<QToolButton*>("advanced"))
            if (toggle->isVisible())
                advanced = toggle;
        QVERIFY(advanced);
        advanced->setChecked(true);
        // With the note that the layer runs on the step loop, as long as the page gets.
        auto* activation = form->findChild<QComboBox*>("recurrent_activation");
        QVERIFY(activation);
        activation->setCurrentText("hard_sigmoid_keras2");
        auto* note = form->findChild<QLabel*>("kernel_note");
        QVERIFY(note && note->isVisible());
        QTest::qWait(100);
        auto* merge = form->findChild<QComboBox*>("merge_mode");
        auto* initializer = form->findChild<QComboBox*>("recurrent_initializer");
        QVERIFY(merge && merge->isVisible() && initializer && initializer->isVisible());
        // The tab needs no sideways scrolling at the dock's width: no field is cut off.
        auto* scroll = qobject_cast<QScrollArea*>(form->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        // The picture shows the page from the note down to the last advanced option.
        scroll->ensureWidgetVisible(initializer);
        QTest::qWait(50);
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);
        QVERIFY(window.grab().save(QDir(directory).filePath("keras-import-model.png")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestKerasImportGui)
#include "tst_kerasimportgui.moc"
