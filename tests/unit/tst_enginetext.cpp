// The engine's translation mechanism (engine/i18n): languages from locale names, the
// process-wide language and per-thread scopes, lookups in the compiled tables, placeholders.
#include "engine/config/presetdescription.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/language.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"
#include "engine/model/backendchoice.h"

#include <QtCore/QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

class TestEngineText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        es::setEngineLanguage("en");  // each test starts from the default
    }

    void languageFor_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("language");
        QTest::newRow("empty") << ""
                               << "en";
        QTest::newRow("C") << "C"
                           << "en";
        QTest::newRow("POSIX") << "POSIX"
                               << "en";
        QTest::newRow("en_GB.UTF-8") << "en_GB.UTF-8"
                                     << "en";
        QTest::newRow("zh_CN") << "zh_CN"
                               << "zh_CN";
        QTest::newRow("zh_CN.UTF-8") << "zh_CN.UTF-8"
                                     << "zh_CN";
        QTest::newRow("zh_SG.UTF-8") << "zh_SG.UTF-8"
                                     << "zh_CN";
        QTest::newRow("zh") << "zh"
                            << "zh_CN";
        QTest::newRow("BCP 47 zh-Hans-CN") << "zh-Hans-CN"
                                           << "zh_CN";
        QTest::newRow("traditional zh_TW") << "zh_TW.UTF-8"
                                           << "en";
        QTest::newRow("traditional zh-Hant") << "zh-Hant"
                                             << "en";
        QTest::newRow("no translation") << "de_DE.UTF-8"
                                        << "en";
    }

    void languageFor()
    {
        QFETCH(QString, locale);
        QFETCH(QString, language);
        QCOMPARE(QString::fromStdString(es::engineLanguageFor(locale.toStdString())), language);
    }

    void languagesListEnglishAndChinese()
    {
        const std::vector<std::string> languages = es::engineLanguages();
        QCOMPARE(languages.front(), std::string("en"));
        QVERIFY(std::find(languages.begin(), languages.end(), "zh_CN") != languages.end());
    }

    void environmentPrefersLcAll()
    {
        qputenv("LC_ALL", "zh_CN.UTF-8");
        qputenv("LANG", "en_US.UTF-8");
        QCOMPARE(es::engineLanguageFromEnvironment(), std::string("zh_CN"));
        qputenv("LC_ALL", "");
        qputenv("LC_MESSAGES", "");
        QCOMPARE(es::engineLanguageFromEnvironment(), std::string("en"));
        qunsetenv("LC_ALL");
        qunsetenv("LC_MESSAGES");
        qunsetenv("LANG");
        QCOMPARE(es::engineLanguageFromEnvironment(), std::string("en"));
    }

    void englishIsTheSourceText()
    {
        QCOMPARE(es::engineLanguage(), std::string("en"));
        QCOMPARE(es::stepRangeText(7, 7), std::string("step 7"));
        QCOMPARE(es::stepRangeText(3, 12), std::string("steps 3-12"));
    }

    void chineseComesFromTheCompiledTable()
    {
        QCOMPARE(es::setEngineLanguage("zh_CN.UTF-8"), std::string("zh_CN"));
        QCOMPARE(es::stepRangeText(7, 7), std::string("第 7 步"));
        QCOMPARE(es::stepRangeText(3, 12), std::string("第 3-12 步"));
    }

    void unknownTextStaysAsWritten()
    {
        es::setEngineLanguage("zh_CN");
        QCOMPARE(std::string(es::engineText("NoSuchContext", "step %1")), std::string("step %1"));
        QCOMPARE(std::string(es::engineText("Diagnosis", "no such text")),
                 std::string("no such text"));
    }

    /// What a run records stays English; recordedText() shows it in the reader's language by
    /// the template it was made from, part by part, and a value that is itself a record too.
    void recordedWordsAreShownInTheLanguage_data()
    {
        QTest::addColumn<QString>("recorded");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("whole") << "auto: fused oneDNN LSTM on the CPU"
                               << "auto：在 CPU 上使用 oneDNN 融合 LSTM";
        QTest::newRow("value") << "on: cuDNN 91002 fused LSTM kernels"
                               << "开：cuDNN 91002 融合 LSTM 内核";
        QTest::newRow("parts") << "auto: on with the onednn backend; applied to 2 of 3 threads"
                               << "auto：onednn 后端时开启；已应用于 3 个线程中的 2 个";
        QTest::newRow("nested")
            << "auto: nothing else is available; jemalloc not available: libjemalloc.so.2 "
               "cannot be loaded (no such file); install the Debian package libjemalloc2 "
               "(apt-get install libjemalloc2)"
            << "auto：没有其他可用的；jemalloc 不可用：无法加载 libjemalloc.so.2（no such "
               "file）；请安装 Debian 软件包 libjemalloc2（apt-get install libjemalloc2）";
        QTest::newRow("unknown part kept")
            << "set in the config; libtcmalloc_minimal.so.4, gperftools 2.10"
            << "配置中设定；libtcmalloc_minimal.so.4, gperftools 2.10";
        QTest::newRow("unknown whole kept") << "an older run's words"
                                            << "an older run's words";
        QTest::newRow("empty") << ""
                               << "";
    }

    void recordedWordsAreShownInTheLanguage()
    {
        QFETCH(QString, recorded);
        QFETCH(QString, chinese);
        const std::string record = recorded.toStdString();
        QCOMPARE(es::recordedText(record), record);  // English: as recorded
        es::setEngineLanguage("zh_CN");
        QCOMPARE(QString::fromStdString(es::recordedText(record)), chinese);
    }

    /// Every reason the backend and denormal choices record has its translation: a template
    /// edited in the code and not in the .ts would show English here.
    void backendReasonsAreTranslated()
    {
        std::vector<std::string> reasons;
        es::RunConfig config;
        config.model.layers = {es::LayerConfig()};
        config.model.layers.front().type = es::LayerType::Lstm;
        for (es::Backend backend : {es::Backend::Auto, es::Backend::LibTorch})
            for (es::DeviceType device : {es::DeviceType::Cpu, es::DeviceType::Cuda})
                for (bool oneDnn : {true, false}) {
                    config.backend = backend;
                    reasons.push_back(es::resolveBackend(config, device, oneDnn).reason);
                }
        config.backend = es::Backend::OneDnn;
        reasons.push_back(es::resolveBackend(config, es::DeviceType::Cpu, true).reason);
        config.model.layers.front().type = es::LayerType::Dense;
        config.backend = es::Backend::Auto;
        reasons.push_back(es::resolveBackend(config, es::DeviceType::Cpu, true).reason);
        for (es::FlushDenormals flush :
             {es::FlushDenormals::Auto, es::FlushDenormals::On, es::FlushDenormals::Off})
            for (es::Backend used : {es::Backend::OneDnn, es::Backend::LibTorch}) {
                es::DeviceConfig device;
                device.flushDenormals = flush;
                reasons.push_back(es::resolveFlushDenormals(device, used).reason);
            }
        es::setEngineLanguage("zh_CN");
        for (const std::string& reason : reasons) {
            const std::string shown = es::recordedText(reason);
            QVERIFY2(shown != reason, reason.c_str());
            QVERIFY2(!QRegularExpression(QStringLiteral("\\b(the|on|with|in)\\b"))
                          .match(QString::fromStdString(shown))
                          .hasMatch(),
                     shown.c_str());
        }
    }

    void scopeOverridesOnItsThreadOnly()
    {
        es::setEngineLanguage("en");
        {
            const es::LanguageScope chinese("zh_CN");
            QCOMPARE(es::engineLanguage(), std::string("zh_CN"));
            {
                const es::LanguageScope english("en");
                QCOMPARE(es::stepRangeText(2, 2), std::string("step 2"));
            }
            QCOMPARE(es::stepRangeText(2, 2), std::string("第 2 步"));
            std::string elsewhere;
            std::thread other([&elsewhere] { elsewhere = es::engineLanguage(); });
            other.join();
            QCOMPARE(elsewhere, std::string("en"));
        }
        QCOMPARE(es::engineLanguage(), std::string("en"));
    }

    void displayWidth_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("width");
        QTest::newRow("ASCII") << "quick-demo" << 10;
        QTest::newRow("empty") << "" << 0;
        QTest::newRow("Chinese: two columns each") << "已完成" << 6;
        QTest::newRow("full-width punctuation") << "（s）" << 5;
        QTest::newRow("accented Latin: one each") << "café" << 4;
        QTest::newRow("mixed") << "第 3 轮" << 7;
    }

    void displayWidth()
    {
        QFETCH(QString, text);
        QFETCH(int, width);
        QCOMPARE(es::displayWidth(text.toStdString()), static_cast<std::size_t>(width));
    }

    void paddingCountsColumns()
    {
        QCOMPARE(es::paddedText("ID", 5, true), std::string("   ID"));
        QCOMPARE(es::paddedText("状态", 6), std::string("状态  "));
        QCOMPARE(es::paddedText("quick-demo", 4), std::string("quick-demo"));  // never cut
    }

    void fittingCutsBetweenCharacters()
    {
        QCOMPARE(es::fittedText("quick-demo", 5), std::string("quick"));
        QCOMPARE(es::fittedText("第 2 轮", 4), std::string("第 2"));
        QCOMPARE(es::fittedText("第 2 轮", 5), std::string("第 2 "));  // 轮 needs columns 6 and 7
        QCOMPARE(es::fittedText("步", 1), std::string());
        QCOMPARE(es::fittedText("ok", 9), std::string("ok"));
    }

    void fillText_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("filled");
        QTest::newRow("in order") << "%1 of %2"
                                  << "a of b";
        QTest::newRow("reordered") << "%2 的 %1"
                                   << "b 的 a";
        QTest::newRow("repeated") << "%1 and %1"
                                  << "a and a";
        QTest::newRow("percent sign kept") << "%1% of 100%"
                                           << "a% of 100%";
        QTest::newRow("missing argument kept") << "%1 %4"
                                               << "a %4";
        QTest::newRow("argument not re-read") << "%3 then %2"
                                              << "%2 then b";
        QTest::newRow("trailing percent") << "50%"
                                          << "50%";
    }

    void fillText()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, filled);
        const std::string text = es::fillText(pattern.toStdString(), {"a", "b", "%2"});
        QCOMPARE(QString::fromStdString(text), filled);
    }

    /// Every built-in preset's description is translated; this fails when a preset's JSON
    /// description is edited without the marked text in presetdescription.cpp (it then stays
    /// English) or the translation is missing.
    void presetDescriptionsAreTranslated()
    {
        const std::vector<es::PresetInfo> english = es::builtinPresets();
        QVERIFY(!english.empty());
        es::setEngineLanguage("zh_CN");
        const std::vector<es::PresetInfo> chinese = es::builtinPresets();
        QCOMPARE(chinese.size(), english.size());
        for (std::size_t i = 0; i < english.size(); ++i) {
            QVERIFY2(!english[i].description.empty(), english[i].name.c_str());
            QVERIFY2(chinese[i].description != english[i].description, english[i].name.c_str());
            QVERIFY2(QString::fromStdString(chinese[i].description)
                         .contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
                     english[i].name.c_str());
        }
        // A description that no longer matches its marked text is shown as it is.
        QCOMPARE(es::presetDescriptionText("quick-demo", "Edited."), std::string("Edited."));
    }
};

QTEST_APPLESS_MAIN(TestEngineText)
#include "tst_enginetext.moc"
