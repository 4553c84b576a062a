#pragma once

// What the user chose in Settings, kept with QSettings.

#include <QtCore/QString>

namespace es::ui {

struct AppSettings {
    enum class Theme { System, Light, Dark };

    QString databasePath;        ///< the run store to record into and browse
    int chartWindowSteps = 500;  ///< steps the live step and transfer charts follow
    /// profiling.sample_interval_ms given to presets as they load (config files keep theirs).
    int sampleIntervalMs = 100;
    Theme theme = Theme::System;
    /// The UI language: "" follows the system locale, else a code of availableLanguages()
    /// ("en", "zh_CN"). Read at start-up (settings/language.h).
    QString language;

    static AppSettings load();
    void save() const;
};

/// Where the comparison export dialog saved last and in which format, so that the next export
/// starts there. Kept apart from AppSettings: the Settings dialog saves those as a whole and
/// must not overwrite these with the values it read when it opened.
struct ReportExportSettings {
    QString directory;        ///< empty: the user's documents folder
    QString format = "html";  ///< reportFormatName() of the format
    static ReportExportSettings load();
    void save() const;
};

/// The folder "Export for PyTorch..." wrote last (ui/predict/pytorchexportdialog.h): the next
/// export goes beside it. Kept apart from AppSettings for the reason ReportExportSettings is.
struct PyTorchExportSettings {
    QString folder;  ///< empty: none yet (the next goes into the user's documents folder)
    static PyTorchExportSettings load();
    void save() const;
};

/// Where the Predict view last took its data files from and its batch size choice, so that the
/// next prediction starts there. Kept apart from AppSettings for the reason ReportExportSettings
/// is.
struct PredictSettings {
    QString dataDirectory;  ///< empty: the user's documents folder
    int batchSize = 0;      ///< samples per forward pass; 0: the run config's batch_size
    static PredictSettings load();
    void save() const;
};

/// What File > Profile a Python script... was given last (ui/script/profilescriptdialog.h), as
/// typed: the next profile starts from it. Kept apart from AppSettings for the reason
/// ReportExportSettings is.
struct ScriptProfileSettings {
    QString interpreter;    ///< default: /usr/bin/python3 where it exists, else python3
    QString script;         ///< the .py file
    QString arguments;      ///< the script's arguments, on one line as a shell takes them
    QString workingFolder;  ///< empty: the script's folder
    QString name;           ///< the run's name; empty: the script's file name
    static ScriptProfileSettings load();
    void save() const;
};

/// Applies `theme` to the whole application (Fusion with a light or dark palette, or the
/// platform's own style and palette).
void applyTheme(AppSettings::Theme theme);

}  // namespace es::ui
