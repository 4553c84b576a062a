#pragma once

// The Data tab of the Run setup panel: where the samples come from (a generator, .npy files,
// an .npz archive, a CSV time series or raw texts, each type on a page of its own), how texts
// become token ids (one tokenizer group for both text sources) and how the samples are
// batched. Files can be browsed for or dropped onto the form, and a preview shows what the
// chosen files hold, described off the GUI thread.

#include "engine/config/runconfig.h"
#include "ui/setup/configform.h"
#include "ui/setup/datafields.h"

#include <QtCore/QString>
#include <QtCore/QStringList>

#include <array>
#include <vector>

class QComboBox;
class QDragEnterEvent;
class QDragMoveEvent;
class QDropEvent;
class QStackedWidget;

namespace es::ui {

class BatchOptions;
class DataPreview;
class DataSourcePage;
class TokenizerOptions;

class DataForm : public ConfigForm {
    Q_OBJECT

public:
    explicit DataForm(QWidget* parent = nullptr);
    ~DataForm() override;

    void showConfig(const RunConfig& config) override;
    /// Marks the issues at the shown source page, the tokenizer while it is shown and the
    /// common fields only: a hidden page's field of the same path (npy's and npz's `x`) must
    /// not take an issue it does not cause.
    int markProblems(const std::vector<ConfigIssue>& issues) override;

    /// Where relative data paths in the config point (the config file's directory); empty
    /// means the current directory. Used for the preview and as the file dialogs' start.
    void setBaseDirectory(const QString& directory);
    QString baseDirectory() const { return m_baseDirectory; }

    /// Whether a drop of these local files would be taken: one .npz, one .csv, or one or two
    /// .npy files (by extension, any case).
    static bool acceptsFiles(const QStringList& paths);
    /// Takes dropped files as acceptsFiles() describes: an archive or a CSV file becomes the
    /// source; two .npy files fill x and y (the one named like a target is y, else the first
    /// by name is x); one fills x when x is empty, else y. Emits edited() once. Returns false,
    /// changing nothing, for files it does not take.
    bool dropFiles(const QStringList& paths);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    static constexpr std::size_t kSourceTypes = kAllDataSourceTypes.size();

    void addSourcePage(DataSourceType type);
    /// Applies one field's change to the config and emits it.
    void change(const DataChange& apply);
    void changeSourceType(DataSourceType type);
    /// Shows `source` on its page, which becomes the current one, without emitting edited().
    void showSource(const DataSourceConfig& source);
    /// Shows the page of `source`'s type, and the tokenizer with a text source's.
    void showPageOf(const DataSourceConfig& source);

    RunConfig m_config;
    /// The last source of each type, so that switching the type back restores its values.
    std::array<DataSourceConfig, kSourceTypes> m_sources;
    bool m_filling = false;
    QString m_baseDirectory;

    QComboBox* m_type;
    QStackedWidget* m_pages;
    DataPreview* m_preview;
    QWidget* m_typeRow;
    /// In the order of kAllDataSourceTypes, so that a type's index is its page's.
    std::array<DataSourcePage*, kSourceTypes> m_sourcePages{};
    TokenizerOptions* m_tokenizer;
    BatchOptions* m_common;
};

}  // namespace es::ui
