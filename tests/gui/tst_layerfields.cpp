// The Model tab's layer fields offscreen (ui/setup/layerfields.h): every option of every layer
// type (GRU and Bidirectional, activations, bias, initializers, mask_zero, merge_mode, ...)
// shows the config's value and edits its own key and nothing else; GRU and Bidirectional layers
// are added with Keras' stacking rule and live parameter counts; a recurrent layer off the fused
// kernel is marked on its row and its page with the option responsible; the advanced options
// count what a layer changes and open for an issue in them; Tab follows the rows.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/model/modelsummary.h"
#include "ui/setup/configform.h"
#include "ui/setup/layersmodel.h"
#include "ui/setup/modelform.h"

#include <QtCore/QLocale>
#include <QtGui/QAction>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QToolButton>

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>

namespace {

es::RunConfig lastEdit(const QSignalSpy& spy)
{
    return spy.last().at(0).value<es::RunConfig>();
}

/// imdb-lstm-sentiment with every layer type and every option of the recurrent, embedding and
/// dense layers set away from its default.
es::RunConfig everyLayerOption()
{
    es::RunConfig config = es::loadPreset("imdb-lstm-sentiment");
    es::LayerConfig embedding = config.model.layers[0];
    embedding.maskZero = true;
    embedding.embeddingsInitializer = es::Initializer::HeNormal;

    es::LayerConfig biGru;
    biGru.type = es::LayerType::Bidirectional;
    biGru.wrapped = es::LayerType::Gru;
    biGru.mergeMode = es::MergeMode::Sum;
    biGru.units = 16;
    biGru.returnSequences = true;
    biGru.dropout = 0.1;
    biGru.recurrentDropout = 0.25;
    biGru.kernelL2 = 0.001;
    biGru.recurrentL2 = 0.002;
    biGru.cellActivation = es::Activation::Relu;
    biGru.recurrentActivation = es::Activation::HardSigmoidKeras2;
    biGru.useBias = false;
    biGru.resetAfter = false;
    biGru.goBackwards = true;
    biGru.unroll = true;
    biGru.kernelInitializer = es::Initializer::LecunNormal;
    biGru.recurrentInitializer = es::Initializer::GlorotNormal;
    biGru.biasInitializer = es::Initializer::Ones;

    es::LayerConfig lstm;
    lstm.type = es::LayerType::Lstm;
    lstm.units = 24;
    lstm.returnSequences = true;
    lstm.cellActivation = es::Activation::Sigmoid;
    lstm.recurrentActivation = es::Activation::HardSigmoid;
    lstm.unitForgetBias = false;
    lstm.recurrentDropout = 0.5;
    lstm.kernelInitializer = es::Initializer::HeUniform;
    lstm.recurrentInitializer = es::Initializer::RandomNormal;
    lstm.biasInitializer = es::Initializer::TruncatedNormal;

    es::LayerConfig gru;
    gru.type = es::LayerType::Gru;
    gru.units = 8;
    gru.returnSequences = true;
    gru.resetAfter = false;
    gru.cellActivation = es::Activation::Linear;
    gru.recurrentActivation = es::Activation::Tanh;
    gru.unroll = true;
    gru.kernelInitializer = es::Initializer::Zeros;
    gru.biasInitializer = es::Initializer::RandomUniform;

    es::LayerConfig biLstm;
    biLstm.type = es::LayerType::Bidirectional;
    biLstm.wrapped = es::LayerType::Lstm;
    biLstm.mergeMode = es::MergeMode::Ave;
    biLstm.units = 12;
    biLstm.unitForgetBias = false;
    biLstm.goBackwards = true;

    es::LayerConfig dropout;
    dropout.type = es::LayerType::Dropout;
    dropout.rate = 0.3;

    es::LayerConfig dense = config.model.layers.back();
    dense.useBias = false;
    dense.kernelInitializer = es::Initializer::Orthogonal;
    dense.biasInitializer = es::Initializer::Ones;

    config.model.layers = {embedding, biGru, lstm, gru, biLstm, dropout, dense};
    return config;
}

/// Every scalar of `json` by its config path ("model.layers[1].layer.units").
void flatten(const nlohmann::json& json, const std::string& path,
             std::map<std::string, nlohmann::json>& values)
{
    if (json.is_object()) {
        for (const auto& [key, value] : json.items())
            flatten(value, path.empty() ? key : path + "." + key, values);
    } else if (json.is_array()) {
        for (std::size_t i = 0; i < json.size(); ++i)
            flatten(json[i], path + "[" + std::to_string(i) + "]", values);
    } else {
        values[path] = json;
    }
}

/// The config paths whose values differ between `a` and `b`, as their files would say.
std::set<std::string> changedPaths(const es::RunConfig& a, const es::RunConfig& b)
{
    std::map<std::string, nlohmann::json> before;
    std::map<std::string, nlohmann::json> after;
    flatten(es::toJson(a), "", before);
    flatten(es::toJson(b), "", after);
    std::set<std::string> changed;
    for (const auto& [path, value] : before)
        if (!after.count(path) || after.at(path) != value)
            changed.insert(path);
    for (const auto& [path, value] : after)
        if (!before.count(path))
            changed.insert(path);
    return changed;
}

QString joined(const std::set<std::string>& paths)
{
    QStringList list;
    for (const std::string& path : paths)
        list << QString::fromStdString(path);
    return list.join(", ");
}

/// The layer fields `form` shows now, each tagged with the config path it edits.
QList<QWidget*> shownLayerFields(QWidget& form)
{
    QList<QWidget*> fields;
    for (QWidget* field : form.findChildren<QWidget*>()) {
        const QString path = field->property(es::ui::kConfigPathProperty).toString();
        if (path.startsWith("model.layers[") && field->isVisibleTo(&form))
            fields << field;
    }
    return fields;
}

/// Opens the shown page's advanced section.
void openAdvanced(QWidget& form)
{
    for (QToolButton* toggle : form.findChildren<QToolButton*>("advanced"))
        if (toggle->isVisibleTo(&form))
            toggle->setChecked(true);
}

/// Sets `field` to another value (`away`) or back to the one it had (`!away`).
void nudge(QWidget* field, bool away, QVariant& kept)
{
    if (auto* spin = qobject_cast<QSpinBox*>(field)) {
        if (away) {
            kept = spin->value();
            spin->setValue(spin->value() < spin->maximum() ? spin->value() + 1 : spin->value() - 1);
        } else {
            spin->setValue(kept.toInt());
        }
    } else if (auto* number = qobject_cast<QDoubleSpinBox*>(field)) {
        if (away) {
            kept = number->value();
            const double step = number->singleStep();
            number->setValue(number->value() + step <= number->maximum() ? number->value() + step
                                                                         : number->value() - step);
        } else {
            number->setValue(kept.toDouble());
        }
    } else if (auto* box = qobject_cast<QCheckBox*>(field)) {
        box->setChecked(!box->isChecked());
    } else if (auto* combo = qobject_cast<QComboBox*>(field)) {
        if (away) {
            kept = combo->currentIndex();
            combo->setCurrentIndex((combo->currentIndex() + 1) % combo->count());
        } else {
            combo->setCurrentIndex(kept.toInt());
        }
    }
}

QSpinBox* shownSpinBox(QWidget& form, const char* name)
{
    for (QSpinBox* box : form.findChildren<QSpinBox*>(name))
        if (box->isVisibleTo(&form))
            return box;
    return nullptr;
}

QComboBox* shownComboBox(QWidget& form, const char* name)
{
    for (QComboBox* combo : form.findChildren<QComboBox*>(name))
        if (combo->isVisibleTo(&form))
            return combo;
    return nullptr;
}

}  // namespace

Q_DECLARE_METATYPE(es::RunConfig)
Q_DECLARE_METATYPE(es::LayerType)

class TestLayerFields : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// Every field of every layer type shows the config's value and edits its own key and no
    /// other: set away and back, the layer is what it was, to the last digit.
    void layerOptionsRoundTripThroughTheForm()
    {
        const es::RunConfig config = everyLayerOption();
        QVERIFY(es::parseRunConfig(es::toJson(config)) == config);
        es::ui::ModelForm form;
        form.showConfig(config);
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);
        std::set<std::string> keys;
        for (int row = 0; row < static_cast<int>(config.model.layers.size()); ++row) {
            form.selectLayer(row);
            openAdvanced(form);
            const QList<QWidget*> fields = shownLayerFields(form);
            QVERIFY(!fields.isEmpty());
            for (QWidget* field : fields) {
                const std::string path =
                    field->property(es::ui::kConfigPathProperty).toString().toStdString();
                keys.insert(path.substr(path.find("].") + 2));
                QVariant kept;
                nudge(field, true, kept);
                const std::set<std::string> changed = changedPaths(config, lastEdit(edits));
                // Another wrapped layer type has other options (unit_forget_bias, reset_after).
                if (path.size() > 11 && path.substr(path.size() - 11) == ".layer.type")
                    QVERIFY2(changed.count(path), path.c_str());
                else
                    QVERIFY2(
                        changed == std::set<std::string>{path},
                        qPrintable(QString::fromStdString(path) + " changed: " + joined(changed)));
                nudge(field, false, kept);
                QVERIFY2(lastEdit(edits) == config, path.c_str());
            }
        }
        // Every option of the widened vocabulary has its field.
        for (const char* key : {"mask_zero",
                                "embeddings_initializer",
                                "merge_mode",
                                "layer.type",
                                "layer.units",
                                "layer.activation",
                                "layer.recurrent_activation",
                                "layer.use_bias",
                                "layer.reset_after",
                                "layer.unit_forget_bias",
                                "layer.recurrent_dropout",
                                "layer.go_backwards",
                                "layer.unroll",
                                "layer.kernel_initializer",
                                "layer.recurrent_initializer",
                                "layer.bias_initializer",
                                "unit_forget_bias",
                                "reset_after",
                                "recurrent_dropout",
                                "go_backwards",
                                "unroll",
                                "use_bias",
                                "kernel_initializer",
                                "recurrent_initializer",
                                "bias_initializer",
                                "rate",
                                "activation",
                                "units",
                                "dropout",
                                "kernel_l2",
                                "recurrent_l2",
                                "return_sequences",
                                "input_dim",
                                "output_dim"})
            QVERIFY2(keys.count(key), key);
    }

    void addingGruAndBidirectional()
    {
        es::ui::ModelForm form;
        QAbstractItemModelTester tester(form.layersModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        form.showConfig(es::loadPreset("quick-demo"));  // LSTM(64) > Dense(1)
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);
        QStringList choices;
        for (QToolButton* button : form.findChildren<QToolButton*>())
            if (button->menu())
                for (QAction* action : button->menu()->actions())
                    choices << action->text();
        QVERIFY2(choices.contains("GRU") && choices.contains("Bidirectional"),
                 qPrintable(choices.join(", ")));

        // A GRU after the LSTM: the LSTM now returns its whole sequence.
        form.selectLayer(0);
        form.addLayer(es::LayerType::Gru);
        es::RunConfig edited = lastEdit(edits);
        QCOMPARE(edited.model.layers.size(), std::size_t{3});
        QCOMPARE(edited.model.layers[1].type, es::LayerType::Gru);
        QVERIFY(edited.model.layers[0].returnSequences);
        QVERIFY(!edited.model.layers[1].returnSequences);
        QVERIFY(edited.model.layers[1].resetAfter);  // Keras' default, the fused kernel
        QCOMPARE(form.selectedLayer(), 1);
        QVERIFY(form.layersModel()->index(1, 0).data(Qt::DecorationRole).isNull());

        // A Bidirectional before the GRU: it wraps an LSTM and returns its sequence to the GRU.
        form.selectLayer(0);
        form.addLayer(es::LayerType::Bidirectional);
        edited = lastEdit(edits);
        QCOMPARE(edited.model.layers.size(), std::size_t{4});
        const es::LayerConfig& bidirectional = edited.model.layers[1];
        QCOMPARE(bidirectional.type, es::LayerType::Bidirectional);
        QCOMPARE(bidirectional.wrapped, es::LayerType::Lstm);
        QCOMPARE(bidirectional.mergeMode, es::MergeMode::Concat);
        QVERIFY(bidirectional.units > 0);
        QVERIFY(bidirectional.returnSequences);
        QVERIFY_THROWS_NO_EXCEPTION(es::parseRunConfig(es::toJson(edited)));
        QCOMPARE(form.layersModel()->index(1, es::ui::LayersModel::Name).data().toString(),
                 QString("bidirectional_1"));

        // Its page shows what wraps and how the directions merge; a GRU's does not.
        auto* wrapped = form.findChild<QComboBox*>("layer_type");
        auto* merge = form.findChild<QComboBox*>("merge_mode");
        QVERIFY(wrapped && merge);
        QVERIFY(wrapped->isVisibleTo(&form) && merge->isVisibleTo(&form));
        QCOMPARE(wrapped->currentText(), QString("lstm"));
        QCOMPARE(wrapped->property(es::ui::kConfigPathProperty).toString(),
                 QString("model.layers[1].layer.type"));
        QCOMPARE(shownSpinBox(form, "units")->property(es::ui::kConfigPathProperty).toString(),
                 QString("model.layers[1].layer.units"));

        // Its width and merge mode change the totals at once: the engine's summary of the edit.
        shownSpinBox(form, "units")->setValue(32);
        merge->setCurrentText("sum");
        edited = lastEdit(edits);
        QCOMPARE(edited.model.layers[1].units, 32);
        QCOMPARE(edited.model.layers[1].mergeMode, es::MergeMode::Sum);
        const es::ModelSummary summary = es::summarizeModel(edited);
        QVERIFY2(form.totalsText().contains(
                     QLocale().toString(static_cast<qlonglong>(summary.totalParams))),
                 qPrintable(form.totalsText()));
        QCOMPARE(form.layersModel()->index(1, es::ui::LayersModel::Params).data().toString(),
                 QLocale().toString(static_cast<qlonglong>(summary.layers[1].params)));

        // Wrapping a GRU instead: reset_after replaces unit_forget_bias.
        openAdvanced(form);
        auto* forgetBias = form.findChild<QCheckBox*>("unit_forget_bias");
        auto* resetAfter = form.findChild<QCheckBox*>("reset_after");
        QVERIFY(forgetBias && resetAfter);
        QVERIFY(forgetBias->isVisibleTo(&form) && !resetAfter->isVisibleTo(&form));
        wrapped->setCurrentText("gru");
        QCOMPARE(lastEdit(edits).model.layers[1].wrapped, es::LayerType::Gru);
        QVERIFY(!forgetBias->isVisibleTo(&form) && resetAfter->isVisibleTo(&form));
        QVERIFY_THROWS_NO_EXCEPTION(es::parseRunConfig(es::toJson(lastEdit(edits))));

        form.selectLayer(2);  // the GRU
        QVERIFY(!wrapped->isVisibleTo(&form) && !merge->isVisibleTo(&form));
        QCOMPARE(shownSpinBox(form, "units")->property(es::ui::kConfigPathProperty).toString(),
                 QString("model.layers[2].units"));
    }

    void unfusedMarkNamesTheOption_data()
    {
        QTest::addColumn<es::LayerType>("type");
        QTest::newRow("lstm") << es::LayerType::Lstm;
        QTest::newRow("gru") << es::LayerType::Gru;
        QTest::newRow("bidirectional") << es::LayerType::Bidirectional;
    }

    /// A recurrent layer whose activation no fused kernel runs is marked on its row and its
    /// page, naming the option; back on tanh the mark is gone.
    void unfusedMarkNamesTheOption()
    {
        QFETCH(es::LayerType, type);
        es::RunConfig config = es::loadPreset("quick-demo");
        config.model.layers[0].type = type;
        es::ui::ModelForm form;
        form.showConfig(config);
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);
        form.selectLayer(0);
        const QModelIndex name = form.layersModel()->index(0, es::ui::LayersModel::Name);
        auto* note = form.findChild<QLabel*>("kernel_note");
        QVERIFY(note);
        QVERIFY(!note->isVisibleTo(&form));
        QVERIFY(name.data(Qt::DecorationRole).isNull());

        QComboBox* activation = shownComboBox(form, "activation");
        QVERIFY(activation);
        activation->setCurrentText("relu");
        QCOMPARE(lastEdit(edits).model.layers[0].cellActivation, es::Activation::Relu);
        QVERIFY(note->isVisibleTo(&form));
        QVERIFY2(note->text().contains("activation \"relu\" is not fused"),
                 qPrintable(note->text()));
        const QModelIndex marked = form.layersModel()->index(0, es::ui::LayersModel::Name);
        QVERIFY(!marked.data(Qt::DecorationRole).isNull());
        const QString tip = marked.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith("Step loop") && tip.contains("activation \"relu\"") &&
                     tip.contains("\"tanh\""),
                 qPrintable(tip));
        // Other layers are not marked.
        QVERIFY(form.layersModel()->index(1, 0).data(Qt::DecorationRole).isNull());

        activation->setCurrentText("tanh");
        QVERIFY(!note->isVisibleTo(&form));
        const QModelIndex cleared = form.layersModel()->index(0, es::ui::LayersModel::Name);
        QVERIFY(cleared.data(Qt::DecorationRole).isNull());
        QVERIFY(cleared.data(Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(lastEdit(edits) == config);
    }

    /// The advanced section's title counts the options a layer changes, and an issue at one of
    /// them opens it so that the marked field is in sight.
    void advancedOptionsShowChangesAndIssues()
    {
        es::RunConfig config = es::loadPreset("quick-demo");
        config.model.layers[0].unroll = true;
        config.model.layers[0].useBias = false;
        es::ui::ModelForm form;
        form.showConfig(config);
        form.selectLayer(0);
        QToolButton* toggle = nullptr;
        for (QToolButton* button : form.findChildren<QToolButton*>("advanced"))
            if (button->isVisibleTo(&form))
                toggle = button;
        QVERIFY(toggle);
        QVERIFY(!toggle->isChecked());
        QVERIFY2(toggle->text().contains("(2 changed)"), qPrintable(toggle->text()));
        auto* unroll = form.findChild<QCheckBox*>("unroll");
        QVERIFY(!unroll->isVisibleTo(&form));

        QVERIFY(form.markProblems({{"model.layers[0].unroll", "test issue"}}) > 0);
        QVERIFY(toggle->isChecked());
        QVERIFY(unroll->isVisibleTo(&form));
        QCOMPARE(unroll->toolTip(), QString("test issue"));
        form.markProblems({});
        QVERIFY(unroll->toolTip().startsWith("Keras' unroll"));

        form.selectLayer(1);  // Dense: its own section, nothing changed
        for (QToolButton* button : form.findChildren<QToolButton*>("advanced"))
            if (button->isVisibleTo(&form))
                QVERIFY2(!button->text().contains("changed"), qPrintable(button->text()));
    }

    /// Tab goes down a recurrent layer's rows in the order they are shown, then into the
    /// advanced section.
    void tabFollowsTheRows()
    {
        es::RunConfig config = es::loadPreset("quick-demo");
        config.model.layers[0].type = es::LayerType::Bidirectional;
        es::ui::ModelForm form;
        form.showConfig(config);
        form.selectLayer(0);
        openAdvanced(form);
        QStringList order;
        QWidget* widget = form.findChild<QLineEdit*>("input_shape");
        QVERIFY(widget);
        for (int step = 0; step < 200; ++step) {
            if (widget->isVisibleTo(&form) && (widget->focusPolicy() & Qt::TabFocus) &&
                !widget->objectName().isEmpty() && !widget->objectName().startsWith("qt_"))
                order << widget->objectName();
            widget = widget->nextInFocusChain();
            if (widget == &form || order.size() > 40)
                break;
        }
        const QStringList expected = {"input_shape",
                                      "layers",
                                      "layer_type",
                                      "merge_mode",
                                      "units",
                                      "return_sequences",
                                      "activation",
                                      "recurrent_activation",
                                      "dropout",
                                      "recurrent_dropout",
                                      "advanced",
                                      "go_backwards",
                                      "use_bias",
                                      "unit_forget_bias",
                                      "unroll",
                                      "kernel_l2",
                                      "recurrent_l2",
                                      "kernel_initializer",
                                      "recurrent_initializer",
                                      "bias_initializer"};
        QCOMPARE(order, expected);
    }
};

QTEST_MAIN(TestLayerFields)
#include "tst_layerfields.moc"
