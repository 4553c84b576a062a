// Class targets: the synthetic sources' classes and padding, the categorical losses and
// accuracy against hand-computed values, and multi-class models training.

#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/data/dataset_torch.h"
#include "engine/text/sentimentcorpus.h"
#include "engine/train/losses_torch.h"
#include "tests/support/runtoend.h"
#include "tests/support/scopedenvironment.h"
#include "tests/support/smallconfigs.h"
#include "tests/support/testsuite.h"

#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

using Json = nlohmann::json;

constexpr double kSameValue = 1e-6;
/// The validation accuracy that the small sentiment model reaches in 3 epochs on
/// generatedReviews() (measured: 0.87 with fixed batches, 0.83 by length), and that
/// text-sentiment-demo reaches in 2 of its epochs (measured: 0.84), with room for another
/// CPU's rounding; chance is 0.5.
constexpr double kTextFolderAccuracy = 0.75;
constexpr double kDemoPresetAccuracy = 0.75;

es::DataSourceConfig tokenSource(std::int64_t classes, es::Padding padding)
{
    es::DataSourceConfig source;
    source.type = es::DataSourceType::SyntheticTokens;
    source.samples = 3000;
    source.timesteps = 30;
    source.vocabSize = 500;
    source.classes = classes;
    source.padding = padding;
    return source;
}

/// The demo's generated reviews (engine/text/sentimentcorpus.h), 2000 of each class, written
/// once for the tests that read them.
const std::string& generatedReviews()
{
    static QTemporaryDir dir;
    static const std::string texts =
        es::ensureSentimentCorpus(dir.filePath("reviews").toStdString(), {2000, 1});
    return texts;
}

/// Each label's share of the samples.
std::vector<double> classShares(const torch::Tensor& y, std::int64_t classes)
{
    const auto counts = torch::bincount(y.squeeze(1).to(torch::kInt64), {}, classes);
    std::vector<double> shares;
    for (std::int64_t k = 0; k < classes; ++k)
        shares.push_back(counts[k].item<double>() / static_cast<double>(y.size(0)));
    return shares;
}

/// The small sentiment run with `classes` classes on a softmax of as many units.
Json tokenClassifierJson(std::int64_t classes, const char* loss)
{
    Json document = es::test::smallSentimentJson();
    document["data"]["source"]["classes"] = classes;
    document["model"]["layers"].back() = {
        {"type", "dense"}, {"units", classes}, {"activation", "softmax"}};
    document["training"]["loss"] = loss;
    return document;
}

}  // namespace

class TestClasses : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoTokenClassesAreTheDefaultLabels()
    {
        const es::Dataset labels = es::generateSynthetic(tokenSource(0, es::Padding::Pre), 3);
        const es::Dataset classes = es::generateSynthetic(tokenSource(2, es::Padding::Pre), 3);
        QVERIFY(torch::equal(labels.x, classes.x));
        QVERIFY(torch::equal(labels.y, classes.y));
        const auto shares = classShares(classes.y, 2);
        QVERIFY(shares[0] > 0.45 && shares[1] > 0.45);
    }

    void tokenClassesHaveTheirOwnWords()
    {
        const std::int64_t classes = 5;
        const es::DataSourceConfig source = tokenSource(classes, es::Padding::Pre);
        const es::Dataset data = es::generateSynthetic(source, 4);
        const auto shares = classShares(data.y, classes);
        for (double share : shares)
            QVERIFY2(share > 0.15 && share < 0.25, qPrintable(QString::number(share)));
        // Band k holds ids [1 + k * band, 1 + (k + 1) * band): most class words in a review are
        // its own class's.
        const std::int64_t band = es::syntheticWordBand(source.vocabSize, classes);
        const auto classWords = data.x.ge(1) & data.x.lt(1 + classes * band);
        const auto wordClass = (data.x - 1).div(band, "floor");
        const auto own = wordClass.eq(data.y.to(torch::kInt64)) & classWords;
        const double ownShare = own.sum().item<double>() / classWords.sum().item<double>();
        QVERIFY2(ownShare > 0.75 && ownShare < 0.85, qPrintable(QString::number(ownShare)));
    }

    void postPaddingMovesTheSameWords()
    {
        const es::Dataset pre = es::generateSynthetic(tokenSource(3, es::Padding::Pre), 5);
        const es::Dataset post = es::generateSynthetic(tokenSource(3, es::Padding::Post), 5);
        QVERIFY(torch::equal(pre.y, post.y));
        bool somePadded = false;
        for (std::int64_t i = 0; i < pre.x.size(0); ++i) {
            const auto preRow = pre.x[i];
            const auto postRow = post.x[i];
            const std::int64_t padding = preRow.eq(0).sum().item<std::int64_t>();
            const std::int64_t length = preRow.size(0) - padding;
            somePadded = somePadded || padding > 0;
            QVERIFY(preRow.narrow(0, 0, padding).eq(0).all().item<bool>());
            QVERIFY(postRow.narrow(0, length, padding).eq(0).all().item<bool>());
            QVERIFY(torch::equal(preRow.narrow(0, padding, length), postRow.narrow(0, 0, length)));
        }
        QVERIFY(somePadded);
    }

    void regressionClassesAreEquallyLikelyRanges()
    {
        es::DataSourceConfig source;
        source.type = es::DataSourceType::SyntheticRegression;
        source.samples = 4000;
        source.timesteps = 12;
        source.features = 8;
        const es::Dataset real = es::generateSynthetic(source, 9);
        source.classes = 4;
        const es::Dataset classes = es::generateSynthetic(source, 9);
        QVERIFY(torch::equal(real.x, classes.x));
        for (double share : classShares(classes.y, 4))
            QVERIFY2(share > 0.18 && share < 0.32, qPrintable(QString::number(share)));
        // The ranges are ordered: a higher class has the higher real target on average.
        double previous = -2.0;
        for (std::int64_t k = 0; k < 4; ++k) {
            const auto members = classes.y.squeeze(1).eq(static_cast<double>(k));
            const double mean = real.y.squeeze(1).masked_select(members).mean().item<double>();
            QVERIFY2(mean > previous, qPrintable(QString("class %1: %2").arg(k).arg(mean)));
            previous = mean;
        }
    }

    void categoricalTargetsAreOneHotRows()
    {
        Json document = tokenClassifierJson(4, "categorical_crossentropy");
        const es::RunData data = es::loadRunData(es::parseRunConfig(document));
        const auto& y = data.split.train.y;
        QCOMPARE(y.size(1), std::int64_t(4));
        QVERIFY(y.sum(1).eq(1.0).all().item<bool>());
        QVERIFY((y.eq(0.0) | y.eq(1.0)).all().item<bool>());

        document["training"]["loss"] = "sparse_categorical_crossentropy";
        const es::RunData ids = es::loadRunData(es::parseRunConfig(document));
        QCOMPARE(ids.split.train.y.size(1), std::int64_t(1));
        QVERIFY(torch::equal(ids.split.train.y.squeeze(1).to(torch::kInt64), y.argmax(1)));
    }

    void sparseLossIsMinusLogOfTheTargetsProbability()
    {
        const auto probabilities =
            torch::tensor({0.7, 0.2, 0.1, 0.1, 0.1, 0.8, 0.25, 0.5, 0.25}, torch::kFloat32)
                .reshape({3, 3});
        const auto ids = torch::tensor({0.0F, 2.0F, 0.0F}).reshape({3, 1});
        const double expected = -(std::log(0.7) + std::log(0.8) + std::log(0.25)) / 3.0;
        const double sparse =
            es::computeLoss(es::LossType::SparseCategoricalCrossentropy, probabilities, ids)
                .item<double>();
        QVERIFY2(std::abs(sparse - expected) < kSameValue,
                 qPrintable(QString("%1 vs %2").arg(sparse).arg(expected)));
        const auto oneHot = torch::one_hot(ids.squeeze(1).to(torch::kInt64), 3).to(torch::kFloat32);
        const double categorical =
            es::computeLoss(es::LossType::CategoricalCrossentropy, probabilities, oneHot)
                .item<double>();
        QVERIFY(std::abs(categorical - expected) < kSameValue);
        // Rows 0 and 1 pick their target's class; row 2's largest probability is class 1.
        QCOMPARE(es::metricSum(es::Metric::Accuracy, probabilities, ids), 2.0);
        QCOMPARE(es::metricSum(es::Metric::Accuracy, probabilities, oneHot), 2.0);
    }

    void sparseLossClipsAZeroProbability()
    {
        const auto probabilities = torch::tensor({1.0F, 0.0F}).reshape({1, 2});
        const auto ids = torch::tensor({1.0F}).reshape({1, 1});
        const double loss =
            es::computeLoss(es::LossType::SparseCategoricalCrossentropy, probabilities, ids)
                .item<double>();
        QVERIFY(std::isfinite(loss));
        QVERIFY2(std::abs(loss + std::log(1e-7)) < 1e-3, qPrintable(QString::number(loss)));
    }

    void tokenClassifierLearns()
    {
        Json document = tokenClassifierJson(4, "sparse_categorical_crossentropy");
        const auto result = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(result.state, es::RunState::Finished);
        const auto& first = result.epochs.front();
        const auto& last = result.epochs.back();
        qInfo("4 classes: loss %.4f -> %.4f, val_accuracy %.3f -> %.3f", first.trainLoss,
              last.trainLoss, first.metrics.at("val_accuracy"), last.metrics.at("val_accuracy"));
        QVERIFY(last.trainLoss < 0.75 * first.trainLoss);
        // Chance is 0.25 on four balanced classes.
        QVERIFY(last.metrics.at("val_accuracy") > 0.6);
    }

    void sparseAndCategoricalTrainAlike()
    {
        // The same model from the same seed on class ids and on their one-hot rows: the two
        // losses are the same function, so every step's loss agrees.
        Json document = tokenClassifierJson(3, "sparse_categorical_crossentropy");
        document["training"]["epochs"] = 1;
        const auto sparse = es::test::runToEnd(es::parseRunConfig(document));
        document["training"]["loss"] = "categorical_crossentropy";
        const auto categorical = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(sparse.batches.size(), categorical.batches.size());
        QVERIFY(!sparse.batches.empty());
        for (std::size_t i = 0; i < sparse.batches.size(); ++i)
            QVERIFY2(std::abs(sparse.batches[i].loss - categorical.batches[i].loss) < 1e-5,
                     qPrintable(QString("step %1: %2 vs %3")
                                    .arg(i)
                                    .arg(sparse.batches[i].loss)
                                    .arg(categorical.batches[i].loss)));
    }

    void regressionClassesTrain()
    {
        Json document = es::test::smallRegressionJson();
        document["data"]["source"]["classes"] = 3;
        document["model"]["layers"].back() = {
            {"type", "dense"}, {"units", 3}, {"activation", "softmax"}};
        document["training"]["loss"] = "categorical_crossentropy";
        document["training"]["metrics"] = {"accuracy"};
        const auto result = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(result.state, es::RunState::Finished);
        const auto& last = result.epochs.back();
        qInfo("3 regression classes: loss %.4f -> %.4f, val_accuracy %.3f",
              result.epochs.front().trainLoss, last.trainLoss, last.metrics.at("val_accuracy"));
        QVERIFY(last.trainLoss < result.epochs.front().trainLoss);
        QVERIFY(last.metrics.at("val_accuracy") > 0.5);  // chance is 1/3
    }

    void trainsFromTextFolder()
    {
        // Raw reviews in a folder per class (issue 35): tokenized, split by the seed and
        // learned well above chance, with the classes in their sorted order.
        Json document = es::test::smallSentimentJson();
        document["model"]["layers"][0]["input_dim"] = 500;
        document["data"]["source"] = {{"type", "text_folder"}, {"path", generatedReviews()}};
        // Padding and cuts before the text, as imdb.load_data() makes them: the LSTM's last
        // steps are the review's last words, with no padding to carry its state through.
        document["data"]["text"] = {{"max_tokens", 500},
                                    {"output_sequence_length", 200},
                                    {"strip_html", true},
                                    {"padding", "pre"},
                                    {"truncating", "pre"}};
        document["training"]["epochs"] = 3;
        const auto result = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(result.state, es::RunState::Finished);
        const auto& last = result.epochs.back();
        qInfo("text folder: loss %.4f -> %.4f, val_accuracy %.3f", result.epochs.front().trainLoss,
              last.trainLoss, last.metrics.at("val_accuracy"));
        QVERIFY(last.trainLoss < result.epochs.front().trainLoss);
        QVERIFY(last.metrics.at("val_accuracy") > kTextFolderAccuracy);  // chance is 0.5
    }

    void trainsFromTextBatchedByLength()
    {
        // The same corpus batched by length (issue 35): each batch cut after its longest
        // review, mask_zero skipping the padding through the fused kernels. It learns as well,
        // and a step's batch is narrower than output_sequence_length.
        Json document = es::test::smallSentimentJson();
        document["model"]["layers"][0]["input_dim"] = 500;
        document["model"]["layers"][0]["mask_zero"] = true;
        document["data"]["source"] = {{"type", "text_folder"}, {"path", generatedReviews()}};
        document["data"]["text"] = {
            {"max_tokens", 500}, {"output_sequence_length", 200}, {"strip_html", true}};
        document["data"]["batching"] = "by_length";
        // Five epochs: after three, LibTorch 2.6's initial weights (Debian 13) had reached 0.74
        // where 1.13's had reached 0.83.
        document["training"]["epochs"] = 5;
        const auto result = es::test::runToEnd(es::parseRunConfig(document));
        QCOMPARE(result.state, es::RunState::Finished);
        const auto& last = result.epochs.back();
        qInfo("text folder by length: loss %.4f -> %.4f, val_accuracy %.3f",
              result.epochs.front().trainLoss, last.trainLoss, last.metrics.at("val_accuracy"));
        QVERIFY(last.metrics.at("val_accuracy") > kTextFolderAccuracy);

        document["data"]["text"]["padding"] = "pre";  // cut from the right, pre padding is wrong
        try {
            es::parseRunConfig(document);
            QFAIL("by_length with pre padding was accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(QString::fromStdString(error.issues().front().path),
                     QString("data.text.padding"));
        }
    }

    void trainsTheTextSentimentDemoPreset()
    {
        // The preset a new user starts text training with (issue 35), as it is but for its
        // epochs: its corpus written on first use into the data folder (a temporary one here),
        // learned well above chance within two epochs.
        QTemporaryDir dataHome;
        const es::test::ScopedEnvironment data("XDG_DATA_HOME", dataHome.path().toUtf8());
        es::RunConfig config = es::loadPreset("text-sentiment-demo");
        config.training.epochs = 2;
        const auto result = es::test::runToEnd(config);
        QCOMPARE(result.state, es::RunState::Finished);
        const auto& last = result.epochs.back();
        qInfo("text-sentiment-demo, 2 epochs: loss %.4f -> %.4f, val_accuracy %.3f",
              result.epochs.front().trainLoss, last.trainLoss, last.metrics.at("val_accuracy"));
        QVERIFY(last.trainLoss < result.epochs.front().trainLoss);
        QVERIFY(last.metrics.at("val_accuracy") > kDemoPresetAccuracy);  // chance is 0.5
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestClasses)
#include "tst_classes.moc"
