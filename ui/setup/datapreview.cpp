#include "ui/setup/datapreview.h"

#include "engine/config/runconfig.h"
#include "ui/core/qtext.h"
#include "ui/setup/datainspector.h"
#include "ui/setup/datapaths.h"
#include "ui/setup/formwidgets.h"
#include "ui/setup/textlengthchart.h"

#include <QtCore/QTimer>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QVBoxLayout>

#include <nlohmann/json.hpp>

#include <string>

namespace es::ui {

namespace {

// Typing a path calls for a description only once the typing pauses.
constexpr int kPreviewDelayMs = 300;

}  // namespace

DataPreview::DataPreview(QWidget* parent)
    : QGroupBox(parent),
      m_text(new QPlainTextEdit(this)),
      m_lengths(new TextLengthChart(this)),
      m_delay(new QTimer(this)),
      m_inspector(new DataInspector(this))
{
    m_text->setObjectName("preview");
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setToolTip(
        tr("What the chosen files hold and what training would do with them, "
           "as `epochscope-cli inspect` prints it."));
    setTitle(tr("Preview"));
    m_lengths->hide();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_lengths, 1);

    m_delay->setSingleShot(true);
    m_delay->setInterval(kPreviewDelayMs);
    connect(m_delay, &QTimer::timeout, this, &DataPreview::refresh);
    connect(m_inspector, &DataInspector::inspected, this, &DataPreview::showInspection);
}

QString DataPreview::generatedDescription(const DataSourceConfig& source, const QString& use)
{
    const std::int64_t classes = targetClasses(source);
    const QString targets =
        classes == 0   ? tr("y (%1, 1) float32 targets").arg(source.samples)
        : classes == 2 ? tr("y (%1, 1) 0/1 labels").arg(source.samples)
                       : tr("y (%1, 1) class ids in [0, %2)").arg(source.samples).arg(classes);
    if (source.type == DataSourceType::SyntheticRegression)
        return tr("Generated in memory: x (%1, %2, %3) float32 features, %4; %5.")
            .arg(source.samples)
            .arg(source.timesteps)
            .arg(source.features)
            .arg(targets, use);
    const QString padding = source.padding == Padding::Post ? tr("padded after the review")
                                                            : tr("padded before the review");
    return tr("Generated in memory: x (%1, %2) int64 token ids in [0, %3), %4, %5; %6.")
        .arg(source.samples)
        .arg(source.timesteps)
        .arg(source.vocabSize)
        .arg(padding, targets, use);
}

void DataPreview::describe(const DataConfig& data)
{
    m_data = data;
    refresh();
}

void DataPreview::describeLater(const DataConfig& data)
{
    m_data = data;
    m_delay->start();
}

void DataPreview::follow(const DataConfig& data)
{
    m_data = data;
    if (!m_delay->isActive())
        refresh();
}

void DataPreview::refresh()
{
    m_delay->stop();
    const DataSourceConfig& source = m_data.source;
    if (!source.fromFiles()) {
        m_lengths->hide();
        m_inspector->cancel();
        m_key.clear();
        m_archive.clear();
        const SampleSplit split = splitSamples(m_data);
        const QString use =
            tr("%1 samples train, %2 validate").arg(split.training).arg(split.validation);
        m_text->setPlainText(generatedDescription(source, use));
        return;
    }

    QStringList files;
    QString archive;
    if (source.type == DataSourceType::Npy) {
        for (const std::string* path : {&source.x, &source.y, &source.xVal, &source.yVal}) {
            if (!path->empty())
                files << resolvedPath(*path, m_baseDirectory);
        }
    } else if (!source.path.empty()) {
        files << resolvedPath(source.path, m_baseDirectory);
        if (source.type == DataSourceType::Npz)
            archive = files.front();
    }
    QStringList key = files;
    key.prepend(toQString(dataSourceKey(source.type)));
    if (source.fromText()) {
        // The reader's and the tokenizer's settings change what the preview shows.
        RunConfig withData;
        withData.data = m_data;
        nlohmann::json settings = toJson(withData)["data"];
        settings.erase("validation_split");
        key << QString::fromStdString(settings.dump());
    }
    if (key == m_key)
        return;
    // Other texts: the former texts' histogram would pass for theirs until they are read.
    const qsizetype sourceParts = files.size() + 1;  // the type and the files
    if (key.mid(0, sourceParts) != m_key.mid(0, sourceParts))
        m_lengths->hide();
    m_key = key;
    m_archive = archive;
    if (files.isEmpty()) {
        m_inspector->cancel();
        m_lengths->hide();
        Q_EMIT archiveListed({});
        m_text->setPlainText(
            tr("Choose the data files (Browse…) or drop them here to see what they hold."));
        return;
    }
    m_text->setPlainText(tr("Inspecting %1 …").arg(files.join(QStringLiteral(", "))));
    if (source.fromText())
        m_inspector->inspectText(files.front(), m_data);
    else
        m_inspector->inspect(files, archive);
}

void DataPreview::showInspection(const DataInspection& inspection)
{
    if (inspection.paths != m_key.mid(1, inspection.paths.size()))
        return;
    m_text->setPlainText(inspection.text);
    // The histogram stays while the texts are read again, so that a new sequence length
    // moves the marker rather than making the chart blink; texts that cannot be read hide it.
    if (m_data.source.fromText()) {
        m_lengths->setVisible(!inspection.textLengths.empty());
        m_lengths->setLengths(inspection.textLengths, inspection.sequenceLength,
                              inspection.longestMarked);
    }
    if (!m_archive.isEmpty())
        Q_EMIT archiveListed(inspection.npzMembers);
}

}  // namespace es::ui
