#pragma once

// The base of the Data tab's source pages, one per data source type: a page shows the fields
// of its type and reports each edit as a change to the config, which the Data tab applies.

#include "engine/config/dataconfig.h"
#include "ui/setup/datafields.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <utility>

class QComboBox;
class QLineEdit;

namespace es::ui {

class DataSourcePage : public QWidget {
    Q_OBJECT

public:
    DataSourceType type() const { return m_type; }

    /// What the type shows the first time it is picked: just the type, unless a page says
    /// otherwise.
    virtual DataSourceConfig defaultSource() const;

    /// Shows `source`, of this page's type, without emitting changed().
    void showSource(const DataSourceConfig& source);

    /// Where relative data paths point (see DataForm::setBaseDirectory): the file dialogs'
    /// start, and what a chosen file is written relative to.
    void setBaseDirectory(const QString& directory) { m_baseDirectory = directory; }

Q_SIGNALS:
    /// The user edited one field: `change` writes it into the config.
    void changed(const es::ui::DataChange& change);

protected:
    /// Names the page after its type's config key, which tests and markProblems() go by.
    DataSourcePage(DataSourceType type, QWidget* parent);

    virtual void fillFields(const DataSourceConfig& source) = 0;

    /// Emits changed(), except while the page fills its own fields.
    void change(const DataChange& change);

    /// Runs `fill` with changed() held back: values the page shows are not the user's edits.
    template <typename Fill>
    void filling(Fill fill)
    {
        const bool wasFilling = std::exchange(m_filling, true);
        fill();
        m_filling = wasFilling;
    }

    /// A line edit for a file path, tagged with its config path.
    QLineEdit* pathField(const QString& configPath, const QString& objectName);
    /// data.source.delimiter of a delimited file (csv, text_csv): auto, comma, semicolon, tab,
    /// with `toolTip`; each choice is reported as an edit.
    QComboBox* delimiterField(const QString& toolTip);
    /// data.source.header (auto, present, absent), with `toolTip`; reported as an edit.
    QComboBox* headerField(const QString& toolTip);
    /// Shows `delimiter` in a delimiterField().
    static void showDelimiter(QComboBox* field, char delimiter);
    /// The field with a Browse… button beside it that fills it from a file dialog; an empty
    /// `filter` chooses a folder instead of a file (ui/setup/browserow.h).
    QWidget* browseRow(QLineEdit* field, const QString& title, const QString& filter);

private:
    DataSourceType m_type;
    QString m_baseDirectory;
    bool m_filling = false;
};

}  // namespace es::ui
