#include "ui/predict/textscorebox.h"

#include "engine/config/configerror.h"
#include "engine/data/trainedtokenizer.h"
#include "engine/predict/textscorer.h"
#include "ui/core/qtext.h"

#include <QtCore/QFile>
#include <QtWidgets/QLabel>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QVBoxLayout>

#include <exception>
#include <optional>

namespace es::ui {

namespace {

/// The pause after the last key before a text is scored: typing never waits for the model.
constexpr int kPauseMs = 250;
/// How many tokens are shown; a long review's rest is counted.
constexpr std::size_t kShownTokens = 300;

/// What the worker hands back: the scorer it loaded (or was given), and the score or why not.
struct ScoreOutcome {
    std::shared_ptr<TextScorer> scorer;
    std::optional<TextScore> score;
    QString error;
};

QString formatOutput(float value)
{
    return QString::number(static_cast<double>(value), 'f', 4);
}

}  // namespace

TextScoreBox::TextScoreBox(QWidget* parent)
    : QGroupBox(tr("Try a text"), parent),
      m_text(new QPlainTextEdit(this)),
      m_score(new QLabel(this)),
      m_tokens(new QLabel(this)),
      m_status(new QLabel(this)),
      m_job(this, "es-text-score")
{
    setObjectName(QStringLiteral("textScoreBox"));
    m_text->setObjectName(QStringLiteral("textScoreInput"));
    m_text->setPlaceholderText(tr("Type a review: the model scores it as you type"));
    m_text->setTabChangesFocus(true);
    m_text->setMaximumHeight(110);
    m_text->setToolTip(
        tr("Tokenized exactly as the model's training texts were, with the "
           "vocabulary its run kept"));
    m_score->setObjectName(QStringLiteral("textScoreValue"));
    QFont big = m_score->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_score->setFont(big);
    m_score->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tokens->setObjectName(QStringLiteral("textScoreTokens"));
    m_tokens->setWordWrap(true);
    m_tokens->setTextFormat(Qt::RichText);
    m_tokens->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("textScoreStatus"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(m_score);
    layout->addWidget(m_tokens);
    layout->addWidget(m_status);

    m_pause.setSingleShot(true);
    m_pause.setInterval(kPauseMs);
    connect(&m_pause, &QTimer::timeout, this, &TextScoreBox::scoreNow);
    connect(m_text, &QPlainTextEdit::textChanged, this, &TextScoreBox::scoreSoon);
    setVisible(false);
}

TextScoreBox::~TextScoreBox() = default;

void TextScoreBox::setModel(const RunConfig& config, const QString& checkpoint,
                            const std::string& tokenizerJson, qint64 runId)
{
    if (!config.data.source.fromText() || checkpoint.isEmpty()) {
        clearModel();
        return;
    }
    auto model = std::make_shared<Model>();
    model->config = config;
    model->checkpoint = QFile::encodeName(checkpoint).toStdString();
    model->tokenizerJson = tokenizerJson;
    model->tokenizerOrigin = "run " + std::to_string(runId);
    m_model = std::move(model);
    m_scorer.reset();
    m_job.cancel();
    m_problem.clear();
    m_score->clear();
    m_tokens->clear();
    m_status->setText(tr("The model is loaded when you type."));
    setVisible(true);
    if (!m_text->toPlainText().isEmpty())
        scoreSoon();
}

void TextScoreBox::clearModel()
{
    m_model.reset();
    m_scorer.reset();
    m_job.cancel();
    setVisible(false);
}

void TextScoreBox::setText(const QString& text)
{
    m_text->setPlainText(text);
}

QString TextScoreBox::text() const
{
    return m_text->toPlainText();
}

QString TextScoreBox::scoreText() const
{
    return m_score->text();
}

QString TextScoreBox::tokensText() const
{
    return m_tokens->text();
}

void TextScoreBox::scoreSoon()
{
    if (m_model)
        m_pause.start();
}

void TextScoreBox::scoreNow()
{
    if (!m_model)
        return;
    if (!m_scorer)
        m_status->setText(tr("Loading the model..."));
    const std::shared_ptr<const Model> model = m_model;
    m_job.run(
        [model, scorer = m_scorer, text = m_text->toPlainText().toStdString()]() mutable {
            ScoreOutcome outcome;
            try {
                if (!scorer)
                    scorer = std::make_shared<TextScorer>(
                        model->config, model->checkpoint,
                        trainedTokenizer(model->config, model->checkpoint, model->tokenizerJson,
                                         model->tokenizerOrigin));
                outcome.scorer = scorer;
                outcome.score = scorer->score(text);
            } catch (const ConfigError& error) {
                outcome.error = toQString(error.what());
            } catch (const std::exception& error) {
                outcome.error = toQString(error.what());
            }
            return outcome;
        },
        [this, model](ScoreOutcome outcome) {
            if (model != m_model)
                return;  // another run or checkpoint was chosen meanwhile
            if (outcome.scorer)
                m_scorer = std::move(outcome.scorer);
            if (outcome.score)
                show(*outcome.score);
            else
                showProblem(outcome.error);
        });
}

void TextScoreBox::show(const TextScore& score)
{
    m_problem.clear();
    QStringList values;
    for (const float value : score.outputs)
        values << formatOutput(value);
    QString shown = values.join(QStringLiteral("  "));
    if (!score.className.empty())
        shown += QStringLiteral("  \u2192  ") + toQString(score.className);
    m_score->setText(
        score.text.tokens.empty() && m_text->toPlainText().trimmed().isEmpty() ? QString() : shown);

    const TokenizedText& text = score.text;
    QStringList tokens;
    for (std::size_t i = 0; i < text.tokens.size() && i < kShownTokens; ++i) {
        const QString token = toQString(text.tokens[i]).toHtmlEscaped();
        const bool unknown = text.tokenIds[i] == kUnknownId;
        tokens << (unknown ? QStringLiteral("<span style=\"background:#ffcdd2;color:#b71c1c\">"
                                            "%1</span>")
                                 .arg(token)
                           : token);
    }
    if (text.tokens.size() > kShownTokens)
        tokens << tr("... %n more", nullptr, static_cast<int>(text.tokens.size() - kShownTokens));
    m_tokens->setText(tokens.join(QStringLiteral(" ")));

    const int count = static_cast<int>(text.tokens.size());
    QString status = tr("%n token(s), %1 read as [UNK] (marked)", nullptr, count).arg(text.unknown);
    if (text.cut)
        status += tr("; cut to the %1 tokens the model was trained on")
                      .arg(m_scorer ? m_scorer->tokenizer().sequenceLength() : 0);
    m_status->setText(status);
    Q_EMIT scoreShown();
}

void TextScoreBox::showProblem(const QString& message)
{
    m_problem = message;
    m_score->clear();
    m_tokens->clear();
    m_status->setText(message);
    Q_EMIT scoreShown();
}

}  // namespace es::ui
