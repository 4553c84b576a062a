#include "ui/setup/callbacksmodel.h"

#include "engine/config/callbackspecs.h"
#include "ui/core/qtext.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QLocale>
#include <QtGui/QBrush>
#include <QtGui/QColor>
#include <QtWidgets/QApplication>
#include <QtWidgets/QStyle>

#include <algorithm>
#include <cstdint>
#include <utility>

namespace es::ui {

namespace {

/// The red of the forms' invalid-field frame (configform.cpp), so that a row and its field
/// read as the same problem.
const QColor kIssueColor(0xc0, 0x39, 0x2b);

constexpr std::string_view kIssuePrefix = "callbacks[";
/// Far more callbacks than a config holds; keeps a long run of digits from overflowing.
constexpr std::size_t kMaxIssueIndex = 1'000'000;

/// Values for the required paths that a run can use as they are: relative to where the run
/// starts, one file per epoch for checkpoints (docs/config.md, `model_checkpoint`).
struct RequiredDefault {
    std::string_view type;
    std::string_view param;
    std::string_view value;
};
constexpr RequiredDefault kRequiredDefaults[] = {
    {"model_checkpoint", "filepath", "checkpoints/model-{epoch:02d}.pt"},
    {"backup_and_restore", "backup_dir", "backup"},
    {"csv_logger", "filename", "training-log.csv"},
};

/// A parameter as a person would write it: strings bare, numbers in their shortest form.
QString jsonCellText(const nlohmann::json& value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_number_float())
        return QString::number(value.get<double>(), 'g', QLocale::FloatingPointShortest);
    return QString::fromStdString(value.dump());
}

/// Splits `callbacks[3].patience` into 3 and ".patience"; false for any other path.
bool splitIssuePath(const std::string& path, std::size_t& index, std::string& rest)
{
    if (path.rfind(kIssuePrefix, 0) != 0)
        return false;
    const std::size_t digits = kIssuePrefix.size();
    const std::size_t close = path.find(']', digits);
    if (close == std::string::npos || close == digits)
        return false;
    std::size_t number = 0;
    for (std::size_t at = digits; at < close; ++at) {
        const char digit = path[at];
        if (digit < '0' || digit > '9')
            return false;
        number = number * 10 + static_cast<std::size_t>(digit - '0');
        if (number > kMaxIssueIndex)
            return false;
    }
    rest = path.substr(close + 1);
    if (!rest.empty() && rest.front() != '.' && rest.front() != '[')
        return false;
    index = number;
    return true;
}

}  // namespace

CallbacksModel::CallbacksModel(QObject* parent) : QAbstractListModel(parent)
{
    setCallbacks({});
}

CallbackConfig CallbacksModel::defaultCallback(std::string_view type)
{
    CallbackConfig callback;
    callback.type = std::string(type);
    const CallbackSpec* spec = findCallbackSpec(type);
    if (!spec)
        return callback;
    for (const CallbackParamSpec& param : spec->params) {
        nlohmann::json value = param.defaultValue;
        if (param.required) {
            // A required parameter has no default of its own; its name is the fallback for a
            // type this table does not know yet, and still a valid path.
            value = std::string(param.name);
            for (const RequiredDefault& known : kRequiredDefaults) {
                if (known.type == type && known.param == param.name)
                    value = std::string(known.value);
            }
        }
        callback.params[std::string(param.name)] = std::move(value);
    }
    return callback;
}

void CallbacksModel::rememberRows()
{
    for (const Row& row : m_rows)
        m_remembered[row.callback.type] = row.callback.params;
}

void CallbacksModel::setCallbacks(const std::vector<CallbackConfig>& callbacks)
{
    beginResetModel();
    rememberRows();
    m_rows.clear();
    for (const CallbackConfig& callback : callbacks)
        m_rows.push_back({callback, true, {}});
    for (const CallbackSpec& spec : callbackSpecs()) {
        const bool used = std::any_of(callbacks.begin(), callbacks.end(),
                                      [&](const CallbackConfig& c) { return c.type == spec.type; });
        if (used)
            continue;
        CallbackConfig callback = defaultCallback(spec.type);
        const auto remembered = m_remembered.find(callback.type);
        if (remembered != m_remembered.end())
            callback.params = remembered->second;
        m_rows.push_back({std::move(callback), false, {}});
    }
    endResetModel();
}

std::vector<CallbackConfig> CallbacksModel::callbacks() const
{
    std::vector<CallbackConfig> result;
    for (const Row& row : m_rows) {
        if (row.checked)
            result.push_back(row.callback);
    }
    return result;
}

const CallbackConfig& CallbacksModel::callbackAt(int row) const
{
    return m_rows.at(static_cast<std::size_t>(row)).callback;
}

bool CallbacksModel::isChecked(int row) const
{
    return row >= 0 && row < rowCount() && m_rows[static_cast<std::size_t>(row)].checked;
}

int CallbacksModel::configIndex(int row) const
{
    if (!isChecked(row))
        return -1;
    return static_cast<int>(std::count_if(m_rows.begin(), m_rows.begin() + row,
                                          [](const Row& r) { return r.checked; }));
}

int CallbacksModel::rowOfConfigIndex(int index) const
{
    int seen = 0;
    for (int row = 0; row < rowCount(); ++row) {
        if (m_rows[static_cast<std::size_t>(row)].checked && seen++ == index)
            return row;
    }
    return -1;
}

bool CallbacksModel::setChecked(int row, bool checked)
{
    if (row < 0 || row >= rowCount())
        return false;
    Row& entry = m_rows[static_cast<std::size_t>(row)];
    if (entry.checked == checked)
        return false;
    entry.checked = checked;
    // An unchecked callback is not in the config, so nothing can be wrong with it there.
    if (!checked)
        entry.issues.clear();
    const QModelIndex changed = index(row);
    Q_EMIT dataChanged(changed, changed,
                       {Qt::CheckStateRole, ConfigIndexRole, Qt::DecorationRole, Qt::ToolTipRole,
                        Qt::ForegroundRole});
    // The rows below now stand at other config indices.
    if (row + 1 < rowCount())
        Q_EMIT dataChanged(index(row + 1), index(rowCount() - 1), {ConfigIndexRole});
    Q_EMIT callbacksEdited();
    return true;
}

bool CallbacksModel::setParam(int row, const std::string& name, const nlohmann::json& value)
{
    if (row < 0 || row >= rowCount())
        return false;
    Row& entry = m_rows[static_cast<std::size_t>(row)];
    const auto current = entry.callback.params.find(name);
    if (current != entry.callback.params.end() && *current == value)
        return false;
    entry.callback.params[name] = value;
    const QModelIndex changed = index(row);
    Q_EMIT dataChanged(changed, changed, {Qt::DisplayRole, SummaryRole, Qt::ToolTipRole});
    if (entry.checked)
        Q_EMIT callbacksEdited();
    return true;
}

int CallbacksModel::setIssues(std::vector<ConfigIssue> issues)
{
    for (Row& row : m_rows)
        row.issues.clear();
    int found = 0;
    for (ConfigIssue& issue : issues) {
        std::size_t index = 0;
        std::string rest;
        if (!splitIssuePath(issue.path, index, rest))
            continue;
        const int row = rowOfConfigIndex(static_cast<int>(index));
        if (row < 0)
            continue;
        m_rows[static_cast<std::size_t>(row)].issues.push_back(
            {std::move(rest), std::move(issue.message)});
        ++found;
    }
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1),
                           {Qt::DecorationRole, Qt::ToolTipRole, Qt::ForegroundRole});
    return found;
}

std::vector<ConfigIssue> CallbacksModel::issues(int row) const
{
    std::vector<ConfigIssue> result;
    const int configAt = configIndex(row);
    if (configAt < 0)
        return result;
    const std::string prefix = std::string(kIssuePrefix) + std::to_string(configAt) + "]";
    for (const Issue& issue : m_rows[static_cast<std::size_t>(row)].issues)
        result.push_back({prefix + issue.subPath, issue.message});
    return result;
}

QString CallbacksModel::summary(const CallbackConfig& callback) const
{
    const nlohmann::json& params = callback.params;
    const auto param = [&](const char* name) {
        const auto found = params.find(name);
        return found == params.end() ? QString() : jsonCellText(*found);
    };
    const auto everyBatches = [&](QString line) {
        const auto frequency = params.find("save_freq");
        if (frequency != params.end() && frequency->is_number()) {
            const auto batches = frequency->get<std::int64_t>();
            line = batches == 1 ? tr("%1, every batch").arg(line)
                                : tr("%1, every %2 batches").arg(line).arg(batches);
        }
        return line;
    };
    const std::string& type = callback.type;
    if (type == "model_checkpoint") {
        QString line = param("filepath");
        const auto bestOnly = params.find("save_best_only");
        if (bestOnly != params.end() && bestOnly->is_boolean() && bestOnly->get<bool>())
            line = tr("%1, best %2").arg(line, param("monitor"));
        return everyBatches(line);
    }
    if (type == "backup_and_restore")
        return everyBatches(param("backup_dir"));
    if (type == "early_stopping")
        return tr("%1, patience %2").arg(param("monitor"), param("patience"));
    if (type == "reduce_lr_on_plateau")
        return tr("%1, factor %2, patience %3")
            .arg(param("monitor"), param("factor"), param("patience"));
    if (type == "csv_logger")
        return param("filename");
    if (type == "terminate_on_nan")
        return tr("stops the run at a NaN loss");
    return QString();
}

QString CallbacksModel::issueText(const Row& row) const
{
    QStringList lines;
    for (const Issue& issue : row.issues) {
        const QString message = QString::fromStdString(issue.message);
        lines << (issue.subPath.empty() || issue.subPath.front() != '.'
                      ? message
                      : QStringLiteral("%1: %2").arg(
                            QString::fromStdString(issue.subPath.substr(1)), message));
    }
    return lines.join(QLatin1Char('\n'));
}

int CallbacksModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant CallbacksModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const CallbackSpec* spec = findCallbackSpec(row.callback.type);
    const QString kerasName =
        spec ? toQString(spec->kerasName) : QString::fromStdString(row.callback.type);
    switch (role) {
        case Qt::DisplayRole: {
            const QString line = summary(row.callback);
            return line.isEmpty() ? kerasName : kerasName + QLatin1Char('\n') + line;
        }
        case Qt::CheckStateRole: return static_cast<int>(row.checked ? Qt::Checked : Qt::Unchecked);
        case Qt::ToolTipRole:
            if (!row.issues.empty())
                return issueText(row);
            return row.checked ? summary(row.callback) : tr("Not in this run; check it to add it.");
        case Qt::DecorationRole: {
            if (row.issues.empty())
                return {};
            // The model may live without widgets (a headless test); the icon needs a style.
            if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
                return kIssueColor;
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        }
        case Qt::ForegroundRole:
            if (row.issues.empty())
                return {};
            return QBrush(kIssueColor);
        case TypeRole: return QString::fromStdString(row.callback.type);
        case KerasNameRole: return kerasName;
        case SummaryRole: return summary(row.callback);
        case ConfigIndexRole: return configIndex(index.row());
        default: return {};
    }
}

bool CallbacksModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const bool checked = static_cast<Qt::CheckState>(value.toInt()) != Qt::Unchecked;
    setChecked(index.row(), checked);
    return true;
}

Qt::ItemFlags CallbacksModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable |
           Qt::ItemNeverHasChildren;
}

QHash<int, QByteArray> CallbacksModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(TypeRole, "type");
    names.insert(KerasNameRole, "kerasName");
    names.insert(SummaryRole, "summary");
    names.insert(ConfigIndexRole, "configIndex");
    return names;
}

}  // namespace es::ui
