#include "ui/setup/tokenizeroptions.h"

#include "engine/config/dataconfig.h"
#include "engine/config/textconfig.h"
#include "ui/core/qtext.h"
#include "ui/setup/browserow.h"
#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QSpinBox>

#include <array>
#include <cstddef>
#include <string>
#include <utility>

namespace es::ui {

namespace {

// The config's bound on max_tokens (docs/config.md#text); a length's is kMaxTimesteps.
constexpr int kTokenizerMaxTokens = 1 << 24;
// The arrows' steps, in the round numbers people choose: vocabularies of 10000 or 20000
// tokens, reviews cut at 200 or 250.
constexpr int kTokenizerVocabularyStep = 1000;
constexpr int kTokenizerLengthStep = 10;

/// A combo box over one of data.text's enums, named and tagged for its key.
template <typename Enum, std::size_t N, typename KeyOf>
QComboBox* textChoice(const std::array<Enum, N>& values, KeyOf keyOf, const char* key,
                      QWidget* parent)
{
    QComboBox* combo = enumCombo(values, keyOf, parent);
    combo->setObjectName(QLatin1String(key));
    setConfigPath(combo, QStringLiteral("data.text.") + QLatin1String(key));
    return combo;
}

}  // namespace

TokenizerOptions::TokenizerOptions(QWidget* parent)
    : QGroupBox(tr("Tokenizer", "group box: how texts become token ids"), parent)
{
    setObjectName("text");  // after its config key, as the source pages are named
    m_standardize = textChoice(kAllTextStandardizes, textStandardizeKey, "standardize", this);
    m_standardize->setToolTip(
        tr("Keras' standardize, applied before splitting:\n"
           "lower_and_strip_punctuation: ASCII letters lowered, then Keras' punctuation "
           "(!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~) removed.\n"
           "lower, strip_punctuation: one of the two steps.\n"
           "none: the text as it is."));
    m_stripHtml = new QCheckBox(tr("Strip HTML t&ags first"), this);
    m_stripHtml->setObjectName("strip_html");
    setConfigPath(m_stripHtml, "data.text.strip_html");
    m_stripHtml->setToolTip(
        tr("Replace each tag, from < to the next >, by a space before standardize, so that "
           "IMDB's <br /> does not become the word \"br\". Keras has no such option: its IMDB "
           "tutorial passes a standardize function that replaces <br /> by a space."));
    m_split = textChoice(kAllTextSplits, textSplitKey, "split", this);
    m_split->setToolTip(
        tr("Keras' split: whitespace makes the words between runs of whitespace the tokens; "
           "character makes each Unicode character a token."));
    m_maxTokens = spinBox("max_tokens", "data.text.max_tokens", 0, kTokenizerMaxTokens, this);
    m_maxTokens->setSingleStep(kTokenizerVocabularyStep);
    m_maxTokens->setSpecialValueText(tr("all", "max_tokens of 0: every token"));
    m_maxTokens->setToolTip(
        tr("Keras' max_tokens: the vocabulary's size, the padding id 0 and [UNK] included, so "
           "20000 keeps the 19998 most frequent tokens and the others become [UNK] (id 1); all "
           "keeps every token. At least 3, and at most the Embedding's input_dim."));
    m_sequenceLength = spinBox("output_sequence_length", "data.text.output_sequence_length", 0,
                               kMaxTimesteps, this);
    m_sequenceLength->setSingleStep(kTokenizerLengthStep);
    m_sequenceLength->setSpecialValueText(
        tr("longest", "output_sequence_length of 0: as long as the longest text"));
    m_sequenceLength->setToolTip(
        tr("Keras' output_sequence_length: token ids per sample; a longer text is cut, a "
           "shorter one padded with id 0. longest makes every sample as long as the longest "
           "training text. The preview's histogram marks it on the texts' lengths."));
    m_padding = textChoice(kAllSequenceEnds, sequenceEndKey, "padding", this);
    m_padding->setToolTip(
        tr("pad_sequences' padding: where a shorter text's padding ids go, before its ids (pre, "
           "pad_sequences' default) or after them (post, what TextVectorization does). Batches "
           "by length need post."));
    m_truncating = textChoice(kAllSequenceEnds, sequenceEndKey, "truncating", this);
    m_truncating->setToolTip(
        tr("pad_sequences' truncating: which ids a longer text loses, its first ones (pre, "
           "pad_sequences' default) or its last ones (post, what TextVectorization does)."));
    m_vocabulary = new QLineEdit(this);
    m_vocabulary->setObjectName("vocabulary");
    setConfigPath(m_vocabulary, "data.text.vocabulary");
    m_vocabulary->setClearButtonEnabled(true);
    m_vocabulary->setPlaceholderText(tr("learned from the texts"));
    m_vocabulary->setToolTip(
        tr("Keras' vocabulary argument: a file of one token per line used instead of adapt() "
           "on the training texts; a list that starts with the empty string and [UNK] gives "
           "them ids 0 and 1. Empty: learned from the training texts, most frequent first. A "
           "relative path is relative to the config file's folder."));
    m_emptyTexts = textChoice(kAllEmptyTexts, emptyTextsKey, "empty_texts", this);
    m_emptyTexts->setToolTip(
        tr("A text with no token (empty, or only whitespace), which Keras would keep as a "
           "sample of padding only: skip leaves it out and counts it in the run's notes; "
           "refuse stops with an error naming it."));

    // In the order the tokenizer works: a text's tokens, then its sequence of ids.
    auto* form = new QFormLayout(this);
    form->addRow(tr("Standardi&ze:"), m_standardize);
    form->addRow(QString(), m_stripHtml);
    form->addRow(tr("Split b&y:"), m_split);
    form->addRow(tr("Max to&kens:"), m_maxTokens);
    form->addRow(
        buddyLabel(tr("Vo&cabulary file:"), m_vocabulary, this),
        browseRow(
            m_vocabulary, tr("Choose the vocabulary file"),
            tr("Vocabularies (*.txt);;All files (*)"), [this] { return m_baseDirectory; }, this));
    form->addRow(tr("Se&quence length:"), m_sequenceLength);
    form->addRow(tr("Paddi&ng:"), m_padding);
    form->addRow(tr("Tr&uncating:"), m_truncating);
    form->addRow(tr("&Empty texts:"), m_emptyTexts);

    connect(m_standardize, &QComboBox::currentIndexChanged, this, [this] {
        const auto standardize = selectedData<TextStandardize>(m_standardize);
        change([standardize](DataConfig& d) { d.text.vectorizer.standardize = standardize; });
    });
    connect(m_stripHtml, &QCheckBox::toggled, this,
            [this](bool on) { change([on](DataConfig& d) { d.text.vectorizer.stripHtml = on; }); });
    connect(m_split, &QComboBox::currentIndexChanged, this, [this] {
        const auto split = selectedData<TextSplit>(m_split);
        change([split](DataConfig& d) { d.text.vectorizer.split = split; });
    });
    connect(m_maxTokens, &QSpinBox::valueChanged, this, [this](int value) {
        change([value](DataConfig& d) { d.text.vectorizer.maxTokens = value; });
    });
    connect(m_sequenceLength, &QSpinBox::valueChanged, this, [this](int value) {
        change([value](DataConfig& d) { d.text.vectorizer.outputSequenceLength = value; });
    });
    connect(m_padding, &QComboBox::currentIndexChanged, this, [this] {
        const auto end = selectedData<SequenceEnd>(m_padding);
        change([end](DataConfig& d) { d.text.padding = end; });
    });
    connect(m_truncating, &QComboBox::currentIndexChanged, this, [this] {
        const auto end = selectedData<SequenceEnd>(m_truncating);
        change([end](DataConfig& d) { d.text.truncating = end; });
    });
    connect(m_vocabulary, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.text.vocabulary = text.toStdString(); });
    });
    connect(m_emptyTexts, &QComboBox::currentIndexChanged, this, [this] {
        const auto emptyTexts = selectedData<EmptyTexts>(m_emptyTexts);
        change([emptyTexts](DataConfig& d) { d.text.emptyTexts = emptyTexts; });
    });
}

void TokenizerOptions::showData(const DataConfig& data)
{
    const bool wasFilling = std::exchange(m_filling, true);
    const TextConfig& text = data.text;
    selectData(m_standardize, text.vectorizer.standardize);
    m_stripHtml->setChecked(text.vectorizer.stripHtml);
    selectData(m_split, text.vectorizer.split);
    m_maxTokens->setValue(spinValue(text.vectorizer.maxTokens));
    m_sequenceLength->setValue(spinValue(text.vectorizer.outputSequenceLength));
    selectData(m_padding, text.padding);
    selectData(m_truncating, text.truncating);
    setTextIfChanged(m_vocabulary, toQString(text.vocabulary));
    selectData(m_emptyTexts, text.emptyTexts);
    m_filling = wasFilling;
}

void TokenizerOptions::change(const DataChange& change)
{
    if (!m_filling)
        Q_EMIT changed(change);
}

}  // namespace es::ui
