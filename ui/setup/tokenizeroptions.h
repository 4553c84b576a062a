#pragma once

// The Data tab's tokenizer for the text sources (text_csv, text_folder): how data.text turns
// each text into token ids, with the names of Keras' TextVectorization and pad_sequences
// (docs/text.md). One group for both sources, shown only while one of them is chosen.

#include "engine/config/runconfigfwd.h"
#include "ui/setup/datafields.h"

#include <QtCore/QString>
#include <QtWidgets/QGroupBox>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace es::ui {

class TokenizerOptions : public QGroupBox {
    Q_OBJECT

public:
    explicit TokenizerOptions(QWidget* parent = nullptr);

    /// Shows data.text of `data` without emitting changed().
    void showData(const DataConfig& data);

    /// Where a relative vocabulary file points (see DataForm::setBaseDirectory): the file
    /// dialog's start, and what a chosen file is written relative to.
    void setBaseDirectory(const QString& directory) { m_baseDirectory = directory; }

Q_SIGNALS:
    /// The user edited one field: `change` writes it into the config.
    void changed(const es::ui::DataChange& change);

private:
    void change(const DataChange& change);

    bool m_filling = false;
    QString m_baseDirectory;
    QComboBox* m_standardize;
    QCheckBox* m_stripHtml;
    QComboBox* m_split;
    QSpinBox* m_maxTokens;
    QSpinBox* m_sequenceLength;
    QComboBox* m_padding;
    QComboBox* m_truncating;
    QLineEdit* m_vocabulary;
    QComboBox* m_emptyTexts;
};

}  // namespace es::ui
