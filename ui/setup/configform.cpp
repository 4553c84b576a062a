#include "ui/setup/configform.h"

#include "ui/core/errorstyle.h"

#include <QtCore/QVariant>

#include <algorithm>
#include <string>

namespace es::ui {

namespace {

/// Where the field's own tooltip is kept while the issue's message replaces it.
constexpr char kPlainToolTipProperty[] = "plainToolTip";
constexpr char kInvalidProperty[] = "configInvalid";

/// Whether an issue at `issuePath` belongs to the field tagged `fieldPath`: the same path, or
/// one inside it (`data.source.x` is inside `data.source`, `data.sources` is not).
bool belongsTo(const std::string& issuePath, const std::string& fieldPath)
{
    if (issuePath.rfind(fieldPath, 0) != 0)
        return false;
    return issuePath.size() == fieldPath.size() || issuePath[fieldPath.size()] == '.' ||
           issuePath[fieldPath.size()] == '[';
}

void setInvalid(QWidget* field, const ConfigIssue* issue)
{
    const bool wasInvalid = field->property(kInvalidProperty).toBool();
    if (!wasInvalid && !issue)
        return;
    if (!wasInvalid)
        field->setProperty(kPlainToolTipProperty, field->toolTip());
    if (issue) {
        field->setProperty(kInvalidProperty, true);
        field->setStyleSheet(invalidFieldStyle());
        field->setToolTip(QString::fromStdString(issue->message));
    } else {
        field->setProperty(kInvalidProperty, false);
        field->setStyleSheet(QString());
        field->setToolTip(field->property(kPlainToolTipProperty).toString());
    }
}

}  // namespace

void setConfigPath(QWidget* field, const QString& path)
{
    field->setProperty(kConfigPathProperty, path);
}

int markFieldProblems(QWidget* form, const std::vector<ConfigIssue>& issues)
{
    std::vector<std::pair<QWidget*, std::string>> tagged;
    for (QWidget* field : form->findChildren<QWidget*>()) {
        const QString path = field->property(kConfigPathProperty).toString();
        if (!path.isEmpty())
            tagged.emplace_back(field, path.toStdString());
    }
    // The most specific field takes an issue first: one at data.source.x marks the x field,
    // not also a field for the whole source.
    std::stable_sort(tagged.begin(), tagged.end(), [](const auto& a, const auto& b) {
        return a.second.size() > b.second.size();
    });
    std::vector<bool> claimed(issues.size(), false);
    int found = 0;
    for (const auto& [field, path] : tagged) {
        const ConfigIssue* mark = nullptr;
        for (std::size_t index = 0; index < issues.size() && !mark; ++index) {
            if (!claimed[index] && belongsTo(issues[index].path, path)) {
                claimed[index] = true;
                mark = &issues[index];
                ++found;
            }
        }
        setInvalid(field, mark);
    }
    return found;
}

ConfigForm::ConfigForm(QWidget* parent) : QWidget(parent) {}

int ConfigForm::markProblems(const std::vector<ConfigIssue>& issues)
{
    return markFieldProblems(this, issues);
}

}  // namespace es::ui
