// The Model, Training and Device tabs offscreen: each shows a preset and gives it back unchanged,
// the layer editor adds, removes and reorders layers with Keras' stacking rule and live
// parameter counts, the engine's issues land on the field or layer they name, and the layers
// model passes QAbstractItemModelTester through every edit. The layers' own fields (GRU,
// Bidirectional, the Keras options) are tst_layerfields'.

#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/model/modelsummary.h"
#include "engine/train/allocator.h"
#include "ui/setup/deviceform.h"
#include "ui/setup/distributedfields.h"
#include "ui/setup/layersmodel.h"
#include "ui/setup/modelform.h"
#include "ui/setup/trainingform.h"

#include <QtCore/QLocale>
#include <QtGui/QStandardItemModel>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QtTest>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QSpinBox>

namespace {

es::RunConfig lastEdit(const QSignalSpy& spy)
{
    return spy.last().at(0).value<es::RunConfig>();
}

}  // namespace

Q_DECLARE_METATYPE(es::RunConfig)

class TestSetupForms : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formsShowPresetsUnchanged_data()
    {
        QTest::addColumn<QString>("preset");
        for (const es::PresetInfo& preset : es::builtinPresets())
            QTest::newRow(preset.name.c_str()) << QString::fromStdString(preset.name);
    }

    /// A form that is shown a config and then edited back to where it was gives the config
    /// back exactly: no field is lost or rewritten on the way through.
    void formsShowPresetsUnchanged()
    {
        QFETCH(QString, preset);
        const es::RunConfig config = es::loadPreset(preset.toStdString());

        es::ui::TrainingForm training;
        QSignalSpy trainingEdits(&training, &es::ui::ConfigForm::edited);
        training.showConfig(config);
        QCOMPARE(trainingEdits.count(), 0);  // showing is not editing
        auto* epochs = training.findChild<QSpinBox*>("epochs");
        epochs->setValue(epochs->value() + 1);
        epochs->setValue(epochs->value() - 1);
        QCOMPARE(trainingEdits.count(), 2);
        QVERIFY(lastEdit(trainingEdits) == config);

        es::ui::DeviceForm device(0, 2);
        QSignalSpy deviceEdits(&device, &es::ui::ConfigForm::edited);
        device.showConfig(config);
        auto* threads = device.findChild<QSpinBox*>("intra_op_threads");
        threads->setValue(threads->value() + 1);
        threads->setValue(threads->value() - 1);
        QVERIFY(lastEdit(deviceEdits) == config);

        es::ui::ModelForm model;
        QSignalSpy modelEdits(&model, &es::ui::ConfigForm::edited);
        model.showConfig(config);
        QCOMPARE(model.layersModel()->rowCount(), static_cast<int>(config.model.layers.size()));
        model.selectLayer(0);
        model.moveSelectedLayer(+1);
        model.moveSelectedLayer(-1);
        QCOMPARE(modelEdits.count(), 2);
        QVERIFY(lastEdit(modelEdits) == config);

        // The totals are the engine's own summary of the preset.
        const es::ModelSummary summary = es::summarizeModel(config);
        QVERIFY2(model.totalsText().contains(
                     QLocale().toString(static_cast<qlonglong>(summary.totalParams))),
                 qPrintable(model.totalsText()));
    }

    void trainingFieldsEditTheirKeys()
    {
        const es::RunConfig config = es::loadPreset("quick-demo");
        es::ui::TrainingForm form;
        form.showConfig(config);
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);

        form.findChild<QComboBox*>("optimizer")->setCurrentText("sgd");
        QCOMPARE(lastEdit(edits).training.optimizer.type, es::OptimizerType::Sgd);
        // The rate the user chose stays; the optimizer's other settings are its own defaults.
        QCOMPARE(lastEdit(edits).training.optimizer.learningRate,
                 config.training.optimizer.learningRate);

        auto* accuracy = form.findChild<QCheckBox*>("metric_accuracy");
        QVERIFY(accuracy);
        accuracy->setChecked(!accuracy->isChecked());
        const std::vector<es::Metric>& metrics = lastEdit(edits).training.metrics;
        QCOMPARE(std::count(metrics.begin(), metrics.end(), es::Metric::Accuracy),
                 accuracy->isChecked() ? 1 : 0);

        form.findChild<QSpinBox*>("steps_per_epoch")->setValue(5);
        QCOMPARE(lastEdit(edits).training.stepsPerEpoch, 5);
        form.findChild<QSpinBox*>("warmup_steps")->setValue(2);
        QCOMPARE(lastEdit(edits).training.warmupSteps, 2);
    }

    void deviceFieldsEditTheirKeys()
    {
        es::ui::DeviceForm form(2, 8);
        form.showConfig(es::loadPreset("quick-demo"));
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);
        auto* device = form.findChild<QComboBox*>("device");
        QCOMPARE(device->count(), 3);  // cpu and the two CUDA devices found
        device->setCurrentText("cuda:1");
        QCOMPARE(lastEdit(edits).device.type, es::DeviceType::Cuda);
        QCOMPARE(lastEdit(edits).device.index, 1);
        form.findChild<QCheckBox*>("cudnn")->setChecked(false);
        QVERIFY(!lastEdit(edits).device.cudnn);
        form.findChild<QSpinBox*>("sample_interval_ms")->setValue(250);
        QCOMPARE(lastEdit(edits).profiling.sampleIntervalMs, 250);
        form.findChild<QSpinBox*>("inter_op_threads")->setValue(3);
        QCOMPARE(lastEdit(edits).device.interOpThreads, 3);
        auto* denormals = form.findChild<QComboBox*>("flush_denormals");
        QCOMPARE(denormals->currentText(), QString("auto"));
        denormals->setCurrentText("off");
        QCOMPARE(lastEdit(edits).device.flushDenormals, es::FlushDenormals::Off);

        auto* allocator = form.findChild<QComboBox*>("allocator");
        QCOMPARE(allocator->currentText(), QString("auto"));
        allocator->setCurrentText("glibc-tuned");
        QCOMPARE(lastEdit(edits).device.allocator, es::HostAllocator::GlibcTuned);
        // An allocator this process cannot load is greyed out and its tooltip says why.
        const auto* items = qobject_cast<const QStandardItemModel*>(allocator->model());
        QVERIFY(items);
        for (int row = 1; row < allocator->count(); ++row) {
            const auto choice = static_cast<es::HostAllocator>(allocator->itemData(row).toInt());
            const es::AllocatorAvailability availability = es::allocatorAvailability(choice);
            QCOMPARE(items->item(row)->isEnabled(), availability.available);
            QCOMPARE(allocator->itemData(row, Qt::ToolTipRole).toString(),
                     QString::fromStdString(availability.detail));
        }
    }

    /// The Device tab's "Several processes": one process at first; several on this machine
    /// (world_size N, no meeting point: the window starts the others, as the note says); joining a
    /// run as one rank (rank 0's address as tcp://, the interface, a rank below the world
    /// size); a config that names a meeting point shows as joining.
    void distributedFieldsEditTheirKeys()
    {
        es::ui::DeviceForm form(0, 2);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        form.showConfig(es::loadPreset("quick-demo"));
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);
        auto* mode = form.findChild<QComboBox*>("distributed_mode");
        auto* worldSize = form.findChild<QSpinBox*>("world_size");
        auto* rank = form.findChild<QSpinBox*>("rank");
        auto* master = form.findChild<QLineEdit*>("master");
        auto* interface = form.findChild<QLineEdit*>("interface");
        auto* note = form.findChild<QLabel*>("distributed_note");
        QVERIFY(mode && worldSize && rank && master && interface && note);
        QCOMPARE(mode->currentData().toInt(), int(es::ui::DistributedFields::Mode::Single));
        QVERIFY(!worldSize->isVisible() && !master->isVisible());
        QVERIFY2(note->text().contains("one process"), qPrintable(note->text()));

        mode->setCurrentIndex(mode->findData(int(es::ui::DistributedFields::Mode::Local)));
        QCOMPARE(lastEdit(edits).distributed.worldSize, 2);
        QVERIFY(lastEdit(edits).distributed.init.empty());
        QVERIFY(worldSize->isVisible() && !master->isVisible() && !rank->isVisible());
        worldSize->setValue(4);
        QCOMPARE(lastEdit(edits).distributed.worldSize, 4);
        QCOMPARE(lastEdit(edits).rank, 0);
        QVERIFY2(note->text().contains("starts ranks 1 to 3 itself") &&
                     note->text().contains("epochscope-cli train --config FILE --nproc 4"),
                 qPrintable(note->text()));

        mode->setCurrentIndex(mode->findData(int(es::ui::DistributedFields::Mode::Join)));
        QVERIFY(master->isVisible() && rank->isVisible() && interface->isVisible());
        QTest::keyClicks(master, "10.0.0.1:29500");
        QCOMPARE(lastEdit(edits).distributed.init, std::string("tcp://10.0.0.1:29500"));
        QTest::keyClicks(interface, "eth0");
        QCOMPARE(lastEdit(edits).distributed.interface, std::string("eth0"));
        rank->setValue(3);
        QCOMPARE(lastEdit(edits).rank, 3);
        QCOMPARE(lastEdit(edits).distributed.worldSize, 4);
        QVERIFY2(note->text().contains("rank 3 of 4") &&
                     note->text().contains("--world-size 4 --master 10.0.0.1:29500"),
                 qPrintable(note->text()));
        rank->setValue(0);
        QVERIFY2(note->text().contains("records the run with every rank's steps"),
                 qPrintable(note->text()));
        rank->setValue(3);
        worldSize->setValue(2);  // the rank follows the run's processes down
        QCOMPARE(rank->value(), 1);
        QCOMPARE(lastEdit(edits).rank, 1);

        // Shown again: a meeting point means joining; file: is kept as written.
        es::RunConfig joined = lastEdit(edits);
        joined.distributed.init = "file:/shared/rdzv";
        form.showConfig(joined);
        QCOMPARE(mode->currentData().toInt(), int(es::ui::DistributedFields::Mode::Join));
        QCOMPARE(master->text(), QString("file:/shared/rdzv"));
        QCOMPARE(rank->value(), 1);
        QCOMPARE(es::ui::DistributedFields::initFromAddress(" [::1]:29500 "),
                 QString("tcp://[::1]:29500"));
        QCOMPARE(es::ui::DistributedFields::initFromAddress("tcp://h:1"), QString("tcp://h:1"));
        QCOMPARE(es::ui::DistributedFields::initFromAddress("  "), QString());

        mode->setCurrentIndex(mode->findData(int(es::ui::DistributedFields::Mode::Single)));
        QCOMPARE(lastEdit(edits).distributed.worldSize, 1);
        QCOMPARE(lastEdit(edits).rank, 0);
    }

    /// A config for another machine keeps its device, shown as written.
    void deviceAbsentHereIsKept()
    {
        es::RunConfig config = es::loadPreset("quick-demo");
        config.device = *es::deviceFromName("cuda:3");
        es::ui::DeviceForm form(0, 2);
        form.showConfig(config);
        QCOMPARE(form.findChild<QComboBox*>("device")->currentText(), QString("cuda:3"));
    }

    void layerEditorFollowsKerasStackingRules()
    {
        es::ui::ModelForm form;
        QAbstractItemModelTester tester(form.layersModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        form.showConfig(es::loadPreset("quick-demo"));  // LSTM(64) > Dense(1)
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);

        // A second LSTM after the first: the first now returns its whole sequence.
        form.selectLayer(0);
        form.addLayer(es::LayerType::Lstm);
        es::RunConfig edited = lastEdit(edits);
        QCOMPARE(edited.model.layers.size(), std::size_t{3});
        QCOMPARE(edited.model.layers[1].type, es::LayerType::Lstm);
        QVERIFY(edited.model.layers[0].returnSequences);
        QVERIFY(!edited.model.layers[1].returnSequences);
        QCOMPARE(form.selectedLayer(), 1);
        QVERIFY_THROWS_NO_EXCEPTION(es::parseRunConfig(es::toJson(edited)));
        // The totals follow: the engine's summary of the edited model.
        const es::ModelSummary summary = es::summarizeModel(edited);
        QVERIFY2(form.totalsText().contains(
                     QLocale().toString(static_cast<qlonglong>(summary.totalParams))),
                 qPrintable(form.totalsText()));
        QCOMPARE(form.layersModel()->index(1, es::ui::LayersModel::Params).data().toString(),
                 QLocale().toString(static_cast<qlonglong>(summary.layers[1].params)));

        // Its units field edits that layer.
        auto* units = form.findChild<QSpinBox*>("units");
        QVERIFY(units);
        for (QSpinBox* box : form.findChildren<QSpinBox*>("units"))
            if (box->isVisibleTo(&form))
                units = box;
        units->setValue(32);
        QCOMPARE(lastEdit(edits).model.layers[1].units, 32);

        // An embedding can only come first.
        form.selectLayer(2);
        form.addLayer(es::LayerType::Embedding);
        QCOMPARE(lastEdit(edits).model.layers[0].type, es::LayerType::Embedding);
        form.selectLayer(0);
        form.removeSelectedLayer();
        QCOMPARE(lastEdit(edits).model.layers.size(), std::size_t{3});

        // Down past the end and up past the top change nothing.
        const int before = edits.count();
        form.selectLayer(2);
        form.moveSelectedLayer(+1);
        form.selectLayer(0);
        form.moveSelectedLayer(-1);
        QCOMPARE(edits.count(), before);
    }

    void inputShapeIsEditable()
    {
        es::RunConfig config = es::loadPreset("quick-demo");
        es::ui::ModelForm form;
        form.showConfig(config);
        QSignalSpy edits(&form, &es::ui::ConfigForm::edited);
        auto* shape = form.findChild<QLineEdit*>("input_shape");
        shape->setText("64, 8");
        Q_EMIT shape->editingFinished();
        QCOMPARE(lastEdit(edits).model.inputShape, (std::vector<std::int64_t>{64, 8}));
        shape->clear();
        Q_EMIT shape->editingFinished();
        QVERIFY(lastEdit(edits).model.inputShape.empty());
    }

    /// An LSTM below a Dense layer is refused by the engine; the editor says so on the row and,
    /// once the row is selected, on its field.
    void issuesLandOnTheirLayer()
    {
        es::RunConfig config = es::loadPreset("quick-demo");
        es::ui::ModelForm form;
        form.showConfig(config);
        const std::vector<es::ConfigIssue> issues = {
            {"model.layers[1].units", "expected a positive integer, got 0"}};
        QVERIFY(form.markProblems(issues) > 0);
        const QString rowTip = form.layersModel()
                                   ->index(1, es::ui::LayersModel::Name)
                                   .data(Qt::ToolTipRole)
                                   .toString();
        QVERIFY2(rowTip.contains("expected a positive integer"), qPrintable(rowTip));
        form.selectLayer(1);  // the Dense layer
        QSpinBox* units = nullptr;
        for (QSpinBox* box : form.findChildren<QSpinBox*>("units"))
            if (box->isVisibleTo(&form))
                units = box;
        QVERIFY(units);
        QCOMPARE(units->toolTip(), QString("expected a positive integer, got 0"));

        form.markProblems({});
        QVERIFY(form.layersModel()->index(1, 0).data(Qt::ToolTipRole).toString().isEmpty());
        // The field's own tooltip, with Keras' name, is back.
        QVERIFY2(units->toolTip().startsWith("Keras' units"), qPrintable(units->toolTip()));
    }
};

QTEST_MAIN(TestSetupForms)
#include "tst_setupforms.moc"
