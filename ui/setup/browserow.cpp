#include "ui/setup/browserow.h"

#include "ui/setup/datapaths.h"
#include "ui/setup/datasourcepage.h"

#include <QtCore/QDir>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>

#include <utility>

namespace es::ui {

namespace {

void browseForPath(QLineEdit* field, const QString& title, const QString& filter,
                   const QString& baseDirectory)
{
    QString start = baseDirectory.isEmpty() ? QDir::currentPath() : baseDirectory;
    if (!field->text().isEmpty())
        start = resolvedPath(field->text().toStdString(), baseDirectory);
    const QString file = filter.isEmpty()
                             ? QFileDialog::getExistingDirectory(field, title, start)
                             : QFileDialog::getOpenFileName(field, title, start, filter);
    if (!file.isEmpty())
        field->setText(configPathFor(file, baseDirectory));
}

}  // namespace

QWidget* browseRow(QLineEdit* field, const QString& title, const QString& filter,
                   std::function<QString()> baseDirectory, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    // The source pages' context, where the button's text was first translated.
    auto* button = new QPushButton(DataSourcePage::tr("Browse…"), row);
    button->setObjectName(field->objectName() + QStringLiteral("_browse"));
    button->setToolTip(title);
    button->setAccessibleName(title);
    layout->addWidget(field, 1);
    layout->addWidget(button);
    QObject::connect(button, &QPushButton::clicked, field,
                     [field, title, filter, baseDirectory = std::move(baseDirectory)] {
                         browseForPath(field, title, filter, baseDirectory());
                     });
    return row;
}

}  // namespace es::ui
