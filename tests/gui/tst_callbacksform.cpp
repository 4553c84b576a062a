// The Callbacks tab of the Run setup panel offscreen: configs round-trip through the checklist
// unchanged, checking a type adds it with defaults the engine accepts and unchecking keeps its
// parameters for later, each kind of field emits one edited() per change with that parameter
// set, the engine's issues mark the field and the row, and the model passes
// QAbstractItemModelTester while rows are checked, unchecked and reset.

#include "engine/config/callbackspecs.h"
#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "ui/setup/callbacksform.h"
#include "ui/setup/callbacksmodel.h"

#include <QtCore/QDir>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QtTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QListView>
#include <QtWidgets/QSpinBox>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using es::ui::CallbacksForm;
using es::ui::CallbacksModel;

/// quick-demo with all six callbacks in spec order, several with values other than their
/// defaults, passed through the parser as the JSON editor would hand it over.
es::RunConfig allCallbacksConfig()
{
    es::RunConfig config = es::loadPreset("quick-demo");
    for (const es::CallbackSpec& spec : es::callbackSpecs())
        config.callbacks.push_back(CallbacksModel::defaultCallback(spec.type));
    config.callbacks[0].params["save_best_only"] = true;
    config.callbacks[0].params["save_freq"] = 20;
    config.callbacks[2].params["patience"] = 4;
    config.callbacks[2].params["baseline"] = 0.5;
    config.callbacks[3].params["factor"] = 0.25;
    config.callbacks[4].params["separator"] = ";";
    return es::parseRunConfig(es::toJson(config));
}

es::RunConfig namedConfig(const QString& name)
{
    if (name == "all callbacks")
        return allCallbacksConfig();
    return es::loadPreset(name.toStdString());
}

int rowOfType(const CallbacksModel& model, const std::string& type)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.callbackAt(row).type == type)
            return row;
    }
    return -1;
}

/// The engine's verdict on a config, empty when it accepts it.
QString engineProblems(const es::RunConfig& config)
{
    try {
        if (!(es::parseRunConfig(es::toJson(config)) == config))
            return QStringLiteral("the config does not read back equal");
    } catch (const es::ConfigError& error) {
        return QString::fromUtf8(error.what());
    }
    return QString();
}

/// A valid value of each kind other than any default, for a parameter a test edits.
nlohmann::json otherValue(const es::CallbackParamSpec& spec)
{
    using Kind = es::CallbackParamKind;
    switch (spec.kind) {
        case Kind::Path: return "edited/output.bin";
        case Kind::Text: return "loss";
        case Kind::Boolean: return !spec.defaultValue.get<bool>();
        case Kind::NonNegativeInt: return 7;
        case Kind::NonNegativeNumber: return 0.5;
        case Kind::OpenFraction: return 0.5;
        case Kind::Mode: return "max";
        case Kind::SaveFrequency: return 5;
        case Kind::Verbosity: return 1;
        case Kind::NumberOrNull: return 0.25;
        case Kind::Separator: return ";";
    }
    return nullptr;
}

/// Records every config the form emits.
struct EditedRecorder {
    explicit EditedRecorder(CallbacksForm& form)
    {
        QObject::connect(&form, &CallbacksForm::edited,
                         [this](const es::RunConfig& config) { configs.push_back(config); });
    }
    std::vector<es::RunConfig> configs;
};

}  // namespace

class TestCallbacksForm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void configsRoundTrip_data()
    {
        QTest::addColumn<QString>("source");
        for (const es::PresetInfo& preset : es::builtinPresets())
            QTest::newRow(preset.name.c_str()) << QString::fromStdString(preset.name);
        QTest::newRow("all six callbacks") << QStringLiteral("all callbacks");
    }

    void configsRoundTrip()
    {
        QFETCH(QString, source);
        const es::RunConfig config = namedConfig(source);
        CallbacksForm form;
        EditedRecorder recorder(form);
        form.showConfig(config);
        QVERIFY(recorder.configs.empty());
        QVERIFY(form.model()->callbacks() == config.callbacks);
        int unused = 0;
        for (const es::CallbackSpec& spec : es::callbackSpecs()) {
            unused +=
                std::none_of(config.callbacks.begin(), config.callbacks.end(),
                             [&](const es::CallbackConfig& c) { return c.type == spec.type; });
        }
        QCOMPARE(form.model()->rowCount(), static_cast<int>(config.callbacks.size()) + unused);
        for (std::size_t index = 0; index < config.callbacks.size(); ++index)
            QVERIFY(form.model()->isChecked(static_cast<int>(index)));

        // Unchecking and checking the first row again (or the reverse) comes back to the input,
        // the callback at its old place with its parameters.
        const bool wasChecked = form.model()->isChecked(0);
        const QModelIndex first = form.model()->index(0);
        QVERIFY(form.model()->setData(first, wasChecked ? Qt::Unchecked : Qt::Checked,
                                      Qt::CheckStateRole));
        form.showConfig(recorder.configs.back());  // as the JSON editor answers
        QVERIFY(form.model()->setData(first, wasChecked ? Qt::Checked : Qt::Unchecked,
                                      Qt::CheckStateRole));
        QCOMPARE(recorder.configs.size(), std::size_t{2});
        QVERIFY(recorder.configs.back() == config);

        // A field left as it was emits nothing.
        form.selectRow(0);
        for (QLineEdit* edit : form.findChildren<QLineEdit*>())
            Q_EMIT edit->editingFinished();
        QCOMPARE(recorder.configs.size(), std::size_t{2});
    }

    void checkingAddsDefaultsAndUncheckingKeepsEdits_data()
    {
        QTest::addColumn<QString>("type");
        for (const es::CallbackSpec& spec : es::callbackSpecs())
            QTest::newRow(std::string(spec.type).c_str())
                << QString::fromUtf8(spec.type.data(), static_cast<qsizetype>(spec.type.size()));
    }

    void checkingAddsDefaultsAndUncheckingKeepsEdits()
    {
        QFETCH(QString, type);
        const std::string key = type.toStdString();
        const es::RunConfig preset = es::loadPreset("quick-demo");
        QVERIFY(preset.callbacks.empty());
        CallbacksForm form;
        EditedRecorder recorder(form);
        CallbacksModel& model = *form.model();
        form.showConfig(preset);
        const int row = rowOfType(model, key);
        QVERIFY(row >= 0);
        QVERIFY(!model.isChecked(row));

        QVERIFY(model.setData(model.index(row), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(recorder.configs.size(), std::size_t{1});
        const es::RunConfig added = recorder.configs.back();
        QCOMPARE(added.callbacks.size(), std::size_t{1});
        QCOMPARE(added.callbacks[0].type, key);
        QVERIFY(added.callbacks[0] == CallbacksModel::defaultCallback(key));
        const QString problems = engineProblems(added);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
        form.showConfig(added);

        // An edited parameter survives unchecking, a config that lays the rows out afresh,
        // and checking again.
        const es::CallbackSpec& spec = *es::findCallbackSpec(key);
        es::CallbackConfig edited = added.callbacks[0];
        if (!spec.params.empty()) {
            const es::CallbackParamSpec& last = spec.params.back();
            edited.params[std::string(last.name)] = otherValue(last);
            QVERIFY(model.setParam(model.rowOfConfigIndex(0), std::string(last.name),
                                   otherValue(last)));
            QVERIFY(recorder.configs.back().callbacks[0] == edited);
            form.showConfig(recorder.configs.back());
        }
        QVERIFY(model.setData(model.index(model.rowOfConfigIndex(0)), Qt::Unchecked,
                              Qt::CheckStateRole));
        QVERIFY(recorder.configs.back().callbacks.empty());
        QVERIFY(recorder.configs.back() == preset);
        es::RunConfig other = preset;
        other.callbacks.push_back(CallbacksModel::defaultCallback(
            key == "terminate_on_nan" ? "csv_logger" : "terminate_on_nan"));
        form.showConfig(other);
        form.showConfig(preset);
        const int again = rowOfType(model, key);
        QVERIFY(!model.isChecked(again));
        QVERIFY(model.setData(model.index(again), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(recorder.configs.back().callbacks.size(), std::size_t{1});
        QVERIFY(recorder.configs.back().callbacks[0] == edited);
        const QString editedProblems = engineProblems(recorder.configs.back());
        QVERIFY2(editedProblems.isEmpty(), qPrintable(editedProblems));
    }

    void aFieldEditEmitsOnceWithTheParameter_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");  // JSON
        QTest::newRow("early_stopping patience spin box") << "early_stopping"
                                                          << "patience"
                                                          << "5"
                                                          << "5";
        QTest::newRow("reduce_lr min_delta double spin box") << "reduce_lr_on_plateau"
                                                             << "min_delta"
                                                             << "0.002"
                                                             << "0.002";
        QTest::newRow("reduce_lr factor open fraction") << "reduce_lr_on_plateau"
                                                        << "factor"
                                                        << "0.5"
                                                        << "0.5";
        QTest::newRow("model_checkpoint filepath line edit") << "model_checkpoint"
                                                             << "filepath"
                                                             << "runs/ck-{epoch:03d}.pt"
                                                             << "\"runs/ck-{epoch:03d}.pt\"";
        QTest::newRow("csv_logger separator text") << "csv_logger"
                                                   << "separator"
                                                   << "|"
                                                   << "\"|\"";
        QTest::newRow("early_stopping baseline number") << "early_stopping"
                                                        << "baseline"
                                                        << "0.125"
                                                        << "0.125";
        QTest::newRow("early_stopping baseline emptied is null") << "early_stopping"
                                                                 << "baseline"
                                                                 << ""
                                                                 << "null";
        QTest::newRow("model_checkpoint save_freq batches") << "model_checkpoint"
                                                            << "save_freq"
                                                            << "50"
                                                            << "50";
        QTest::newRow("model_checkpoint save_freq epoch") << "model_checkpoint"
                                                          << "save_freq"
                                                          << "epoch"
                                                          << "\"epoch\"";
        QTest::newRow("early_stopping mode combo") << "early_stopping"
                                                   << "mode"
                                                   << "max"
                                                   << "\"max\"";
        QTest::newRow("model_checkpoint verbose combo") << "model_checkpoint"
                                                        << "verbose"
                                                        << "1"
                                                        << "1";
        QTest::newRow("backup_and_restore delete_checkpoint check box") << "backup_and_restore"
                                                                        << "delete_checkpoint"
                                                                        << "false"
                                                                        << "false";
    }

    void aFieldEditEmitsOnceWithTheParameter()
    {
        QFETCH(QString, type);
        QFETCH(QString, param);
        QFETCH(QString, input);
        QFETCH(QString, expected);
        const es::RunConfig config = allCallbacksConfig();
        CallbacksForm form;
        form.resize(800, 500);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        EditedRecorder recorder(form);
        form.showConfig(config);
        const int row = rowOfType(*form.model(), type.toStdString());
        form.selectRow(row);
        const int index = form.model()->configIndex(row);
        QVERIFY(index >= 0);

        QWidget* field = form.findChild<QWidget*>(param);
        QVERIFY(field);
        QCOMPARE(field->property("configPath").toString(),
                 QStringLiteral("callbacks[%1].%2").arg(index).arg(param));
        if (auto* spin = qobject_cast<QSpinBox*>(field)) {
            spin->setValue(input.toInt());
        } else if (auto* spin = qobject_cast<QDoubleSpinBox*>(field)) {
            spin->setValue(input.toDouble());
        } else if (auto* box = qobject_cast<QCheckBox*>(field)) {
            box->setChecked(input == "true");
        } else if (auto* combo = qobject_cast<QComboBox*>(field); combo && combo->isEditable()) {
            combo->lineEdit()->selectAll();
            QTest::keyClicks(combo->lineEdit(), input);
            QVERIFY(recorder.configs.empty());
            QTest::keyClick(combo->lineEdit(), Qt::Key_Return);
        } else if (auto* combo = qobject_cast<QComboBox*>(field)) {
            const int item = combo->findText(input, Qt::MatchStartsWith);
            QVERIFY(item >= 0);
            combo->setCurrentIndex(item);
        } else if (auto* edit = qobject_cast<QLineEdit*>(field)) {
            edit->setFocus();
            edit->selectAll();
            if (input.isEmpty())
                QTest::keyClick(edit, Qt::Key_Delete);
            else
                QTest::keyClicks(edit, input);
            QVERIFY(recorder.configs.empty());  // not on every keystroke
            QTest::keyClick(edit, Qt::Key_Return);
        } else {
            QFAIL(qPrintable(
                QStringLiteral("no way to drive %1").arg(field->metaObject()->className())));
        }

        QCOMPARE(recorder.configs.size(), std::size_t{1});
        es::RunConfig wanted = config;
        wanted.callbacks[static_cast<std::size_t>(index)].params[param.toStdString()] =
            nlohmann::json::parse(expected.toStdString());
        const es::RunConfig& got = recorder.configs.back();
        QVERIFY2(got == wanted, qPrintable(QString::fromStdString(
                                    got.callbacks[static_cast<std::size_t>(index)].params.dump())));
    }

    void uncheckedRowsHaveDisabledUntaggedFields()
    {
        CallbacksForm form;
        form.showConfig(es::loadPreset("quick-demo"));
        const int row = rowOfType(*form.model(), "early_stopping");
        form.selectRow(row);
        auto* patience = form.findChild<QSpinBox*>("patience");
        QVERIFY(patience);
        QVERIFY(!patience->isEnabled());
        QVERIFY(patience->property("configPath").toString().isEmpty());
        QVERIFY(form.findChild<QLabel*>("callbackTitle")->text().contains("EarlyStopping"));

        QVERIFY(form.model()->setData(form.model()->index(row), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(patience->isEnabled());
        QCOMPARE(patience->property("configPath").toString(),
                 QStringLiteral("callbacks[0].patience"));
    }

    void selectionStaysOnTheSameCallback()
    {
        CallbacksForm form;
        es::RunConfig config = allCallbacksConfig();
        form.showConfig(config);
        form.selectRow(rowOfType(*form.model(), "csv_logger"));
        std::swap(config.callbacks.front(), config.callbacks.back());
        config.callbacks.erase(config.callbacks.begin() + 1);
        form.showConfig(config);
        QCOMPARE(form.model()->callbackAt(form.selectedRow()).type, std::string("csv_logger"));
        QCOMPARE(form.findChild<QLineEdit*>("filename")->text(),
                 QStringLiteral("training-log.csv"));
    }

    void problemsMarkTheFieldAndTheRow()
    {
        CallbacksForm form;
        form.resize(760, 420);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        form.showConfig(allCallbacksConfig());
        CallbacksModel& model = *form.model();
        form.selectRow(0);
        auto* filepath = form.findChild<QLineEdit*>("filepath");
        QVERIFY(filepath);
        const QString plainToolTip = filepath->toolTip();
        const std::string message = "names {val_acc}, which this run does not log";

        QCOMPARE(form.markProblems({{"callbacks[0].filepath", message},
                                    {"callbacks[2].patience", "expected a non-negative integer"},
                                    {"training.epochs", "expected a positive integer, got 0"}}),
                 2);
        QCOMPARE(filepath->toolTip(), QString::fromStdString(message));
        QVERIFY(model.index(0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QString::fromStdString(message)));
        QVERIFY(model.index(0).data(Qt::DecorationRole).isValid());
        QVERIFY(model.index(0).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(2).data(Qt::ToolTipRole).toString().contains("patience"));
        QVERIFY(!model.index(1).data(Qt::DecorationRole).isValid());
        saveScreenshot(form, "callbacksform");

        // A row keeps its issue, under its new path, when a row above it leaves the config.
        QVERIFY(model.setData(model.index(1), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(model.issues(2).size(), std::size_t{1});
        QCOMPARE(model.issues(2)[0].path, std::string("callbacks[1].patience"));

        QCOMPARE(form.markProblems({}), 0);
        QCOMPARE(filepath->toolTip(), plainToolTip);
        QVERIFY(!model.index(0)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QString::fromStdString(message)));
        QVERIFY(!model.index(0).data(Qt::DecorationRole).isValid());
        QVERIFY(!model.index(2).data(Qt::ForegroundRole).isValid());
    }

    void modelPassesTheItemModelTester()
    {
        CallbacksModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), static_cast<int>(es::callbackSpecs().size()));
        model.setCallbacks(allCallbacksConfig().callbacks);
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(model.setData(model.index(row), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.callbacks().empty());
        QVERIFY(model.setData(model.index(3), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.setParam(3, "patience", 2));
        model.setIssues({{"callbacks[0].patience", "expected a non-negative integer"},
                         {"callbacks[9].monitor", "out of range"}});
        QVERIFY(model.index(3).data(Qt::DecorationRole).isValid());
        model.setCallbacks({});
        QCOMPARE(model.rowCount(), static_cast<int>(es::callbackSpecs().size()));
        // Two of a type: both rows checked, no unchecked row for it.
        model.setCallbacks({CallbacksModel::defaultCallback("csv_logger"),
                            CallbacksModel::defaultCallback("csv_logger")});
        QCOMPARE(model.rowCount(), static_cast<int>(es::callbackSpecs().size()) + 1);
        QCOMPARE(model.rowOfConfigIndex(1), 1);
        QCOMPARE(model.index(1).data(CallbacksModel::ConfigIndexRole).toInt(), 1);

        CallbacksForm form;
        QAbstractItemModelTester formTester(form.model(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        form.showConfig(allCallbacksConfig());
        QVERIFY(form.model()->setData(form.model()->index(0), Qt::Unchecked, Qt::CheckStateRole));
        form.showConfig(es::loadPreset("quick-demo"));
    }

private:
    /// For people to look at: the build directory's screenshots/, as tst_mainwindow does.
    void saveScreenshot(QWidget& widget, const QString& name)
    {
        const QString directory =
            QDir(QCoreApplication::applicationDirPath()).filePath("screenshots");
        QDir().mkpath(directory);
        const QString path = QDir(directory).filePath(name + ".png");
        QVERIFY(widget.grab().save(path));
    }
};

QTEST_MAIN(TestCallbacksForm)
#include "tst_callbacksform.moc"
