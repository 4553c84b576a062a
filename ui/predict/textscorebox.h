#pragma once

// The Predict view's text box, for a model trained on text (docs/predict.md): a person types a
// review and sees the model's score as they type, with the tokens the model read and the ones
// it read as [UNK] marked, so that a surprising score can be told from a vocabulary that lacks
// the review's words. The model is loaded once on a worker (engine/predict/textscorer.h) and
// each text is scored there too, a short pause after the last key, the newest text only.

#include "engine/config/runconfig.h"
#include "ui/jobs/backgroundjob.h"

#include <QtCore/QString>
#include <QtCore/QTimer>
#include <QtWidgets/QGroupBox>

#include <memory>
#include <string>

class QLabel;
class QPlainTextEdit;

namespace es {
class TextScorer;
struct TextScore;
}  // namespace es

namespace es::ui {

class TextScoreBox : public QGroupBox {
    Q_OBJECT

public:
    explicit TextScoreBox(QWidget* parent = nullptr);
    ~TextScoreBox() override;

    /// The model to score with: `config`'s, with the weights at `checkpoint` and the tokenizer
    /// its run recorded (`tokenizerJson`, the run database's; empty: the file beside the
    /// checkpoint, or learned again from the config's texts). Loaded when a text is typed. The
    /// box hides for a config that does not train on text.
    void setModel(const es::RunConfig& config, const QString& checkpoint,
                  const std::string& tokenizerJson, qint64 runId);
    /// No model: the box hides.
    void clearModel();

    void setText(const QString& text);
    QString text() const;
    /// "0.9312 - pos", as shown; empty before the first score.
    QString scoreText() const;
    /// The tokens as shown, [UNK]s marked (rich text).
    QString tokensText() const;
    /// Why the model could not be loaded or the text scored; empty when nothing is wrong.
    QString problem() const { return m_problem; }

Q_SIGNALS:
    /// A text's score (or a problem) is shown.
    void scoreShown();

private:
    struct Model {
        es::RunConfig config;
        std::string checkpoint;
        std::string tokenizerJson;
        std::string tokenizerOrigin;
    };
    void scoreSoon();
    void scoreNow();
    void show(const es::TextScore& score);
    void showProblem(const QString& message);

    QPlainTextEdit* m_text;
    QLabel* m_score;
    QLabel* m_tokens;
    QLabel* m_status;
    QTimer m_pause;
    std::shared_ptr<const Model> m_model;
    /// Loaded on the worker for m_model; the worker alone uses it once loaded.
    std::shared_ptr<es::TextScorer> m_scorer;
    QString m_problem;
    BackgroundJob m_job;  ///< declared last, so gone first: waits for a text being scored
};

}  // namespace es::ui
