#pragma once

// The callbacks of a RunConfig as a checklist: one row per callback in the config (checked, in
// config order), then one unchecked row for each callback type the config does not use.
// Checking a row adds the callback where its row stands; unchecking removes it from the config
// but keeps its parameters, so that checking it again brings them back.

#include "engine/config/callbackconfig.h"
#include "engine/config/configerror.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QString>

#include <map>
#include <string>
#include <vector>

namespace es::ui {

class CallbacksModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Roles {
        TypeRole = Qt::UserRole + 1,  ///< the config key ("early_stopping"), a QString
        KerasNameRole,                ///< "EarlyStopping"
        SummaryRole,                  ///< the key parameters in a few words
        ConfigIndexRole,              ///< the row's index in the config, -1 when unchecked
    };

    explicit CallbacksModel(QObject* parent = nullptr);

    /// Replaces the rows with `callbacks` (checked) and the unused types (unchecked, with the
    /// parameters they last had here, else defaults). Clears the issues. Emits no
    /// callbacksEdited().
    void setCallbacks(const std::vector<CallbackConfig>& callbacks);

    /// The checked rows' callbacks, in row order: what the config's `callbacks` becomes.
    std::vector<CallbackConfig> callbacks() const;

    /// The row's callback: its parameters as they are, or, for an unchecked row, as they would
    /// be if it were checked.
    const CallbackConfig& callbackAt(int row) const;
    bool isChecked(int row) const;
    /// Where the row's callback stands in callbacks(), -1 when unchecked.
    int configIndex(int row) const;
    /// The row showing callbacks()[index], -1 when there is none.
    int rowOfConfigIndex(int index) const;

    /// Adds the row's callback to the config or removes it. Returns whether anything changed.
    bool setChecked(int row, bool checked);

    /// Sets one parameter of the row's callback. Returns whether the value changed (an
    /// unchecked row remembers it for when it is checked).
    bool setParam(int row, const std::string& name, const nlohmann::json& value);

    /// Keeps the issues at `callbacks[i]` or inside it and shows each on the row of config
    /// index i (warning icon, red text, the messages as tooltip); the others are dropped.
    /// Returns how many issues found a row.
    int setIssues(std::vector<ConfigIssue> issues);

    /// The row's issues with their current paths (`callbacks[2].patience`); a row keeps its
    /// issues when other rows are checked or unchecked above it.
    std::vector<ConfigIssue> issues(int row) const;

    /// The callback a newly checked type starts with: the spec's defaults, and a usable value
    /// for each required path.
    static CallbackConfig defaultCallback(std::string_view type);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    /// callbacks() changed through setChecked(), setData() or setParam() of a checked row.
    void callbacksEdited();

private:
    struct Issue {
        std::string subPath;  ///< what follows `callbacks[i]`: ".filepath", "" for the entry
        std::string message;
    };
    struct Row {
        CallbackConfig callback;
        bool checked = false;
        std::vector<Issue> issues;
    };

    QString summary(const CallbackConfig& callback) const;
    QString issueText(const Row& row) const;
    void rememberRows();

    std::vector<Row> m_rows;
    /// The parameters each type last had here, for a type that is checked again after the
    /// config dropped it.
    std::map<std::string, nlohmann::json> m_remembered;
};

}  // namespace es::ui
