#pragma once

// The Data tab of the Run setup panel: where the samples come from (a generator, .npy files,
// an .npz archive or a CSV time series, each type on a page of its own) and how they are
// batched. Files can be browsed for or dropped onto the form, and a preview shows what the
// chosen files hold, described off the GUI thread.

#include "setup/configform.h"

#include <QtCore/QString>
#include <QtCore/QStringList>

#include <array>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QDragEnterEvent;
class QDragMoveEvent;
class QDropEvent;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QStackedWidget;
class QTimer;

namespace es::ui {

class DataInspector;
struct DataInspection;

class DataForm : public ConfigForm {
    Q_OBJECT

public:
    explicit DataForm(QWidget* parent = nullptr);
    ~DataForm() override;

    void showConfig(const RunConfig& config) override;
    /// Marks the issues at the shown source page and the common fields only: a hidden page's
    /// field of the same path (npy's and npz's `x`) must not take an issue it does not cause.
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

    void buildSyntheticRegressionPage();
    void buildSyntheticTokensPage();
    void buildNpyPage();
    void buildNpzPage();
    void buildCsvPage();
    QWidget* buildCommonOptions();
    QLineEdit* pathField(const QString& configPath, const QString& objectName);
    QWidget* browseRow(QLineEdit* field, const QString& title, const QString& filter);
    QComboBox* memberField(const QString& configPath, const QString& objectName,
                           const QString& defaultName);

    /// Applies one change to the config and emits it: only the changed field is written, so
    /// that values the widgets cannot show exactly (a split of 0.1234) survive other edits.
    template <typename Apply>
    void change(Apply apply);
    void changeSourceType(DataSourceType type);
    void fillSourcePage(const DataSourceConfig& source);
    void fillCommonOptions(const DataConfig& data);
    void browse(QLineEdit* field, const QString& title, const QString& filter);
    /// How a chosen file is written into the config: relative to the base directory when it
    /// lies inside it, so that a config and its data move together; absolute otherwise.
    QString configPathFor(const QString& file) const;
    QString resolvedPath(const std::string& configPath) const;

    void refreshPreview();
    void showInspection(const DataInspection& inspection);
    void fillNpzMembers(const QStringList& members);

    RunConfig m_config;
    /// The last source of each type, so that switching the type back restores its values.
    std::array<DataSourceConfig, kSourceTypes> m_sources;
    bool m_filling = false;
    QString m_baseDirectory;
    /// What the preview shows (the source type and the resolved files): a showConfig() of the
    /// same files does not describe them again.
    QStringList m_previewKey;
    QString m_previewArchive;

    QComboBox* m_type;
    QStackedWidget* m_pages;
    // synthetic_regression
    QSpinBox* m_regressionSamples;
    QSpinBox* m_regressionTimesteps;
    QSpinBox* m_regressionFeatures;
    QDoubleSpinBox* m_noise;
    // synthetic_tokens
    QSpinBox* m_tokenSamples;
    QSpinBox* m_tokenTimesteps;
    QSpinBox* m_vocabSize;
    // npy
    QLineEdit* m_npyX;
    QLineEdit* m_npyY;
    QLineEdit* m_npyXVal;
    QLineEdit* m_npyYVal;
    // npz
    QLineEdit* m_npzPath;
    QComboBox* m_npzX;
    QComboBox* m_npzY;
    QComboBox* m_npzXVal;
    QComboBox* m_npzYVal;
    // csv
    QLineEdit* m_csvPath;
    QComboBox* m_delimiter;
    QComboBox* m_header;
    QLineEdit* m_features;
    QLineEdit* m_target;
    QSpinBox* m_window;
    QSpinBox* m_horizon;
    QSpinBox* m_stride;
    // common
    QWidget* m_typeRow;
    QWidget* m_common;
    QDoubleSpinBox* m_validationSplit;
    QCheckBox* m_shuffle;
    QSpinBox* m_batchSize;
    QCheckBox* m_dropLast;
    QComboBox* m_placement;
    QSpinBox* m_prefetch;

    QPlainTextEdit* m_preview;
    QTimer* m_previewDelay;
    DataInspector* m_inspector;
};

}  // namespace es::ui
