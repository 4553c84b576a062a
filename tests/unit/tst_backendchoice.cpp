// The backend and denormal decisions and their config keys: no LibTorch needed.

#include "engine/config/configerror.h"
#include "engine/model/backendchoice.h"
#include "tests/support/smallconfigs.h"

#include <QtTest>

#include <algorithm>

namespace {

using Json = nlohmann::json;

bool hasIssue(const es::ConfigError& error, const std::string& path, const std::string& phrase)
{
    const auto& issues = error.issues();
    return std::any_of(issues.begin(), issues.end(), [&](const es::ConfigIssue& issue) {
        return issue.path == path && issue.message.find(phrase) != std::string::npos;
    });
}

es::RunConfig regressionWith(es::Backend backend)
{
    es::RunConfig config = es::test::smallRegression();
    config.backend = backend;
    return config;
}

}  // namespace

Q_DECLARE_METATYPE(es::Backend)
Q_DECLARE_METATYPE(es::DeviceType)
Q_DECLARE_METATYPE(es::FlushDenormals)

class TestBackendChoice : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resolves_data()
    {
        QTest::addColumn<es::Backend>("configured");
        QTest::addColumn<es::DeviceType>("device");
        QTest::addColumn<bool>("oneDnn");  // built with oneDNN
        QTest::addColumn<bool>("lstm");    // the model has an LSTM layer
        QTest::addColumn<es::Backend>("chosen");
        QTest::addColumn<QString>("reason");  // part of it

        const auto cpu = es::DeviceType::Cpu;
        const auto cuda = es::DeviceType::Cuda;
        QTest::newRow("auto, CPU, oneDNN built: fused")
            << es::Backend::Auto << cpu << true << true << es::Backend::OneDnn
            << "auto: fused oneDNN LSTM on the CPU";
        QTest::newRow("auto, CUDA: cuDNN inside LibTorch")
            << es::Backend::Auto << cuda << true << true << es::Backend::LibTorch
            << "auto: on a CUDA device LibTorch's LSTM runs cuDNN's fused kernels";
        QTest::newRow("auto, CPU, no oneDNN in the build")
            << es::Backend::Auto << cpu << false << true << es::Backend::LibTorch
            << "auto: this build has no oneDNN";
        QTest::newRow("auto, no LSTM layer")
            << es::Backend::Auto << cpu << true << false << es::Backend::LibTorch
            << "auto: the model has no recurrent layer";
        QTest::newRow("libtorch set, CPU")
            << es::Backend::LibTorch << cpu << true << true << es::Backend::LibTorch
            << "set to libtorch in the config";
        QTest::newRow("libtorch set, CUDA")
            << es::Backend::LibTorch << cuda << true << true << es::Backend::LibTorch
            << "set to libtorch in the config";
        QTest::newRow("onednn set, CPU") << es::Backend::OneDnn << cpu << true << true
                                         << es::Backend::OneDnn << "set to onednn in the config";
    }

    void resolves()
    {
        QFETCH(es::Backend, configured);
        QFETCH(es::DeviceType, device);
        QFETCH(bool, oneDnn);
        QFETCH(bool, lstm);
        QFETCH(es::Backend, chosen);
        QFETCH(QString, reason);
        es::RunConfig config = regressionWith(configured);
        if (!lstm) {
            es::LayerConfig dense;
            dense.units = 1;
            config.model.layers = {dense};
        }
        const es::BackendChoice choice = es::resolveBackend(config, device, oneDnn);
        QCOMPARE(choice.backend, chosen);
        QVERIFY2(choice.reason.find(reason.toStdString()) == 0, choice.reason.c_str());
    }

    void refusesWhatCannotRun_data()
    {
        QTest::addColumn<es::DeviceType>("device");
        QTest::addColumn<bool>("oneDnn");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("onednn without oneDNN in the build")
            << es::DeviceType::Cpu << false << "this build has no oneDNN";
        QTest::newRow("onednn on a CUDA device") << es::DeviceType::Cuda << true << "CUDA device";
    }

    void refusesWhatCannotRun()
    {
        QFETCH(es::DeviceType, device);
        QFETCH(bool, oneDnn);
        QFETCH(QString, phrase);
        try {
            es::resolveBackend(regressionWith(es::Backend::OneDnn), device, oneDnn);
            QFAIL("expected a ConfigError");
        } catch (const es::ConfigError& error) {
            QVERIFY2(hasIssue(error, "backend", phrase.toStdString()), error.what());
        }
    }

    // Guards against the engine losing its oneDNN define while CMake still links oneDNN: auto
    // would then quietly pick libtorch everywhere, and the onednn tests would skip.
    void buildSaysWhetherItHasOneDnn()
    {
        QCOMPARE(es::oneDnnBuilt(), EPOCHSCOPE_EXPECT_ONEDNN != 0);
    }

    void denormals_data()
    {
        QTest::addColumn<es::FlushDenormals>("setting");
        QTest::addColumn<es::Backend>("backend");
        QTest::addColumn<bool>("flush");
        QTest::addColumn<QString>("reason");
        QTest::newRow("auto with onednn: on") << es::FlushDenormals::Auto << es::Backend::OneDnn
                                              << true << "auto: on with the onednn backend";
        QTest::newRow("auto with libtorch: off")
            << es::FlushDenormals::Auto << es::Backend::LibTorch << false
            << "auto: off with the libtorch backend";
        QTest::newRow("on with libtorch")
            << es::FlushDenormals::On << es::Backend::LibTorch << true << "on: set in the config";
        QTest::newRow("off with onednn")
            << es::FlushDenormals::Off << es::Backend::OneDnn << false << "off: set in the config";
    }

    void denormals()
    {
        QFETCH(es::FlushDenormals, setting);
        QFETCH(es::Backend, backend);
        QFETCH(bool, flush);
        QFETCH(QString, reason);
        es::DeviceConfig device;
        device.flushDenormals = setting;
        const es::DenormalsChoice choice = es::resolveFlushDenormals(device, backend);
        QCOMPARE(choice.flush, flush);
        QCOMPARE(QString::fromStdString(choice.reason), reason);
    }

    void parsesNewKeys()
    {
        Json document = es::test::smallRegressionJson();
        document["backend"] = "onednn";
        document["device"]["flush_denormals"] = "off";
        const es::RunConfig config = es::parseRunConfig(document);
        QCOMPARE(config.backend, es::Backend::OneDnn);
        QCOMPARE(config.device.flushDenormals, es::FlushDenormals::Off);
        const Json written = es::toJson(config);
        QCOMPARE(written.at("backend"), Json("onednn"));
        QCOMPARE(written.at("device").at("flush_denormals"), Json("off"));
        QVERIFY(es::parseRunConfig(written) == config);

        // Not given: auto, and written out as such.
        const es::RunConfig defaults = es::test::smallRegression();
        QCOMPARE(defaults.device.flushDenormals, es::FlushDenormals::Auto);
        QCOMPARE(es::toJson(defaults).at("device").at("flush_denormals"), Json("auto"));
        // A different setting is a different config (what-if variants compare configs).
        QVERIFY(!(defaults == es::parseRunConfig([] {
                      Json changed = es::test::smallRegressionJson();
                      changed["device"]["flush_denormals"] = "on";
                      return changed;
                  }())));
    }

    void refusesBadKeys_data()
    {
        QTest::addColumn<QString>("patch");  // merged into the small regression config
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("flush_denormals not a choice")
            << R"({"device": {"flush_denormals": "yes"}})"
            << "device.flush_denormals"
            << R"(expected one of "auto", "on", "off", got "yes")";
        QTest::newRow("flush_denormals a boolean") << R"({"device": {"flush_denormals": true}})"
                                                   << "device.flush_denormals"
                                                   << "got true";
        QTest::newRow("backend unknown")
            << R"({"backend": "tensorflow"})"
            << "backend"
            << R"(expected one of "auto", "libtorch", "onednn", got "tensorflow")";
        QTest::newRow("onednn on a CUDA device names both fields")
            << R"({"backend": "onednn", "device": {"name": "cuda:1"}})"
            << "backend"
            << R"(device.name is "cuda:1")";
    }

    void refusesBadKeys()
    {
        QFETCH(QString, patch);
        QFETCH(QString, path);
        QFETCH(QString, phrase);
        Json document = es::test::smallRegressionJson();
        document.merge_patch(Json::parse(patch.toStdString()));
        try {
            es::parseRunConfig(document);
            QFAIL("expected a ConfigError");
        } catch (const es::ConfigError& error) {
            QVERIFY2(hasIssue(error, path.toStdString(), phrase.toStdString()), error.what());
        }
    }

    void onednnOnTheCpuIsValid()
    {
        Json document = es::test::smallRegressionJson();
        document["backend"] = "onednn";
        document["device"]["name"] = "cpu";
        QCOMPARE(es::parseRunConfig(document).backend, es::Backend::OneDnn);
        // auto and libtorch stay valid on a CUDA device.
        document["device"]["name"] = "cuda:1";
        for (const char* backend : {"auto", "libtorch"}) {
            document["backend"] = backend;
            QCOMPARE(es::parseRunConfig(document).device.type, es::DeviceType::Cuda);
        }
    }
};

QTEST_APPLESS_MAIN(TestBackendChoice)
#include "tst_backendchoice.moc"
