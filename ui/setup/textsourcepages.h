#pragma once

// The Data tab's pages for the text sources: text_csv (a text column and a label column of a
// CSV or TSV file) and text_folder (one sub-folder of .txt files per class). How the texts
// become token ids (data.text) is the Data tab's tokenizer group (tokenizeroptions.h), one
// for both pages.

#include "ui/setup/datasourcepage.h"

class QComboBox;
class QLineEdit;

namespace es::ui {

class TextCsvPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit TextCsvPage(QWidget* parent = nullptr);

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QLineEdit* m_path;
    QComboBox* m_delimiter;
    QComboBox* m_header;
    QLineEdit* m_textColumn;
    QLineEdit* m_labelColumn;
    QLineEdit* m_validationPath;
};

class TextFolderPage : public DataSourcePage {
    Q_OBJECT

public:
    explicit TextFolderPage(QWidget* parent = nullptr);

protected:
    void fillFields(const DataSourceConfig& source) override;

private:
    QLineEdit* m_path;
    QLineEdit* m_ignore;
    QLineEdit* m_validationPath;
};

/// A text_csv column as typed: a number is a 1-based position, anything else a header name.
ColumnRef parseTextColumn(const QString& text);
QString textColumnText(const ColumnRef& column);

}  // namespace es::ui
