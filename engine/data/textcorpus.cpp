#include "engine/data/textcorpus.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/core/text.h"
#include "engine/core/utf8.h"
#include "engine/data/csvscanner.h"
#include "engine/data/csvtable.h"
#include "engine/data/hostmemory.h"
#include "engine/i18n/translate.h"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <system_error>
#include <utility>

namespace es {

namespace {

static_assert(kMaxTextBytes <= CsvScanner::kMaxFieldBytes,
              "a text the folder reader accepts must fit in one CSV field too");

constexpr std::string_view kAsciiWhitespace = " \t\n\v\f\r";
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

/// A text with no token in it under any standardization (splitting is on ASCII whitespace).
bool blankText(std::string_view text)
{
    return text.find_first_not_of(kAsciiWhitespace) == std::string_view::npos;
}

/// Refuses `text` unless it is all UTF-8; `offset` is where `text` starts in `origin`.
void requireUtf8(std::string_view text, const std::string& origin, std::size_t offset)
{
    const std::size_t bad = firstInvalidUtf8(text);
    if (bad == std::string_view::npos)
        return;
    char hex[3];
    std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned char>(text[bad]));
    throw ConfigError(origin + "@byte " + std::to_string(offset + bad),
                      fillText(engineText("TextCorpus",
                                          "byte 0x%1 is not UTF-8; texts must be UTF-8 (save the "
                                          "file with that encoding)"),
                               {hex}));
}

/// Counts an empty text under EmptyTexts::Skip; refuses it, at `origin`, otherwise.
void skipEmptyText(EmptyTexts mode, const std::string& origin, TextCorpus& corpus)
{
    if (mode == EmptyTexts::Refuse)
        throw ConfigError(origin, engineText("TextCorpus",
                                             "the text is empty; give it words, or set "
                                             "data.text.empty_texts to \"skip\""));
    ++corpus.emptyTexts;
}

std::string rowOrigin(std::string_view origin, std::int64_t row)
{
    return std::string(origin) + ":row " + std::to_string(row);
}

/// One record of the file: the two chosen cells, copied.
struct TextRow {
    std::int64_t row = 0;
    std::string text;
    std::string label;
    bool blankLine = false;  ///< a line with nothing on it
};

class TextCsvReader {
public:
    TextCsvReader(std::string_view content, const TextCsvOptions& options, std::string_view origin)
        : m_content(content), m_options(options), m_origin(origin)
    {
    }

    TextCorpus read()
    {
        requireUtf8(m_content, m_origin, 0);
        const std::string_view text = CsvScanner::trimmed(m_content);
        m_delimiter = m_options.delimiter == CsvOptions::kAutoDelimiter ? detectCsvDelimiter(text)
                                                                        : m_options.delimiter;
        CsvScanner scanner(text, m_delimiter);
        std::vector<std::string> header;
        std::vector<TextRow> rows;
        try {
            while (scanner.next()) {
                const std::vector<CsvField>& fields = scanner.fields();
                if (scanner.row() == 1) {
                    for (const CsvField& field : fields)
                        header.emplace_back(trimmed(field.text));
                    resolveColumns(header);
                }
                rows.push_back(takeRow(fields, scanner.row()));
            }
        } catch (const CsvScanError& error) {
            throw ConfigError(rowOrigin(m_origin, error.row()), error.what());
        }
        if (!rows.empty() && decideHeader(rows))
            rows.erase(rows.begin());
        if (rows.empty())
            throw ConfigError(std::string(m_origin),
                              engineText("TextCorpus",
                                         "the file has no data rows; each row needs a text and a "
                                         "label"));
        return collect(rows);
    }

private:
    /// The chosen columns' positions, from the first row (a header, or the first data row,
    /// which has as many fields as the file's rows should).
    void resolveColumns(const std::vector<std::string>& firstRow)
    {
        m_textIndex = columnIndex(m_options.textColumn, firstRow, "data.source.text_column");
        if (hasLabels())
            m_labelIndex = columnIndex(m_options.labelColumn, firstRow, "data.source.label_column");
    }

    std::size_t columnIndex(const ColumnRef& column, const std::vector<std::string>& firstRow,
                            const char* field) const
    {
        if (column.name.empty())
            return static_cast<std::size_t>(column.index);
        if (m_options.header == CsvHeader::Absent)
            throw ConfigError(field, fillText(engineText("TextCorpus",
                                                         "the column is chosen by its name "
                                                         "\"%1\", but data.source.header says "
                                                         "the file has no header; give its "
                                                         "position instead"),
                                              {column.name}));
        const auto found = std::find(firstRow.begin(), firstRow.end(), column.name);
        if (found != firstRow.end())
            return static_cast<std::size_t>(found - firstRow.begin());
        std::vector<std::string> quoted;
        for (const std::string& name : firstRow)
            quoted.push_back("\"" + name + "\"");
        throw ConfigError(field, fillText(engineText("TextCorpus",
                                                     "%1 has no column named \"%2\"; its header "
                                                     "names %3"),
                                          {m_origin, column.name, listText(quoted)}));
    }

    TextRow takeRow(const std::vector<CsvField>& fields, std::int64_t row) const
    {
        if (fields.size() == 1 && fields[0].text.empty() && !fields[0].quoted)
            return {row, {}, {}, true};
        const std::size_t needed = std::max(m_textIndex, hasLabels() ? m_labelIndex : 0) + 1;
        if (fields.size() < needed) {
            const char* pattern =
                fields.size() == 1
                    ? engineText("TextCorpus",
                                 "the row has %1 field, but the %2 column is field %3 (fields "
                                 "separated by %4)")
                    : engineText("TextCorpus",
                                 "the row has %1 fields, but the %2 column is field %3 (fields "
                                 "separated by %4)");
            const bool textFurther = !hasLabels() || m_textIndex >= m_labelIndex;
            throw ConfigError(
                rowOrigin(m_origin, row),
                fillText(pattern, {std::to_string(fields.size()), textFurther ? "text" : "label",
                                   std::to_string(needed), delimiterText()}));
        }
        return {row, std::string(fields[m_textIndex].text),
                hasLabels() ? std::string(trimmed(fields[m_labelIndex].text)) : std::string(),
                false};
    }

    bool hasLabels() const
    {
        return !m_options.labelColumn.name.empty() || m_options.labelColumn.index >= 0;
    }

    std::string delimiterText() const
    {
        return m_delimiter == '\t' ? std::string("tab") : "'" + std::string(1, m_delimiter) + "'";
    }

    /// The rule of readTextCsvText(): a column chosen by name needs a header; otherwise row 1
    /// is one when its label names no later row's class.
    bool decideHeader(const std::vector<TextRow>& rows) const
    {
        switch (m_options.header) {
            case CsvHeader::Present: return true;
            case CsvHeader::Absent: return false;
            case CsvHeader::Auto: break;
        }
        if (!m_options.textColumn.name.empty() || !m_options.labelColumn.name.empty())
            return true;
        if (!hasLabels() || rows.empty() || rows.front().blankLine)
            return false;
        const std::string& firstLabel = rows.front().label;
        return std::none_of(rows.begin() + 1, rows.end(), [&](const TextRow& row) {
            return !row.blankLine && row.label == firstLabel;
        });
    }

    TextCorpus collect(std::vector<TextRow>& rows) const
    {
        TextCorpus corpus;
        corpus.texts.reserve(rows.size());
        for (TextRow& row : rows) {
            const std::string origin = rowOrigin(m_origin, row.row);
            if (row.blankLine || blankText(row.text)) {
                skipEmptyText(m_options.emptyTexts, origin, corpus);
                continue;
            }
            if (hasLabels() && row.label.empty())
                throw ConfigError(origin, engineText("TextCorpus",
                                                     "the label is empty; every text needs its "
                                                     "class or target value"));
            corpus.texts.push_back(std::move(row.text));
            corpus.labels.push_back(std::move(row.label));
            corpus.origins.push_back(origin);
        }
        return corpus;
    }

    std::string_view m_content;
    const TextCsvOptions& m_options;
    std::string m_origin;
    char m_delimiter = ',';
    std::size_t m_textIndex = 0;
    std::size_t m_labelIndex = 0;
};

}  // namespace

ColumnRef columnFromText(std::string_view text)
{
    const std::string_view name = trimmed(text);
    int position = 0;
    const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), position);
    if (error == std::errc() && end == name.data() + name.size() && position >= 1)
        return ColumnRef::byIndex(position - 1);
    return ColumnRef::byName(std::string(name));
}

namespace {

// The folder reader.

namespace fs = std::filesystem;

/// A folder's identity, so that one reached twice is known whatever path led to it.
using FolderId = std::pair<dev_t, ino_t>;

class TextFolderReader {
public:
    TextFolderReader(std::string root, const TextFolderOptions& options)
        : m_root(std::move(root)), m_options(options)
    {
    }

    TextCorpus read()
    {
        std::error_code error;
        const fs::file_status status = fs::status(m_root, error);
        if (error || !fs::exists(status))
            throw ConfigError(m_root,
                              fillText(engineText("TextCorpus", "cannot open the folder: %1"),
                                       {error ? error.message() : "no such folder"}));
        if (!fs::is_directory(status))
            throw ConfigError(m_root, engineText("TextCorpus",
                                                 "not a folder; a text_folder source names a "
                                                 "folder with one sub-folder of .txt files per "
                                                 "class"));
        visit(m_root, m_root);
        std::vector<std::string> classes;
        for (const Entry& entry : listFolder(m_root)) {
            if (isIgnored(entry.name))
                m_corpus.ignored.push_back(entry.name);
            else if (entry.folder)
                classes.push_back(entry.name);
            else
                m_corpus.ignored.push_back(entry.name);
        }
        if (classes.empty())
            throw ConfigError(m_root, engineText("TextCorpus",
                                                 "the folder has no class folders; put each "
                                                 "class's .txt files in a sub-folder named after "
                                                 "it (pos/, neg/)"));
        std::sort(classes.begin(), classes.end());
        for (const std::string& name : classes)
            readClass(name);
        return std::move(m_corpus);
    }

private:
    struct Entry {
        std::string name;
        fs::path path;
        bool folder = false;
        bool link = false;
    };

    bool isIgnored(const std::string& name) const
    {
        return std::find(m_options.ignore.begin(), m_options.ignore.end(), name) !=
               m_options.ignore.end();
    }

    std::vector<Entry> listFolder(const fs::path& folder) const
    {
        std::vector<Entry> entries;
        std::error_code error;
        fs::directory_iterator it(folder, error);
        for (; !error && it != fs::directory_iterator(); it.increment(error)) {
            Entry entry;
            entry.path = it->path();
            entry.name = entry.path.filename().string();
            std::error_code statusError;
            entry.link = it->is_symlink(statusError);
            entry.folder = it->is_directory(statusError);  // follows a link
            entries.push_back(std::move(entry));
        }
        if (error)
            throw ConfigError(folder.string(),
                              fillText(engineText("TextCorpus", "cannot read the folder: %1"),
                                       {error.message()}));
        return entries;
    }

    /// Marks `folder` read; a second visit is a loop of links or two links to one folder.
    void visit(const fs::path& folder, const fs::path& reachedBy)
    {
        struct stat info {};
        if (::stat(folder.c_str(), &info) != 0)
            throw ConfigError(folder.string(), engineText("TextCorpus", "cannot read the folder"));
        if (!m_visited.insert({info.st_dev, info.st_ino}).second)
            throw ConfigError(reachedBy.string(),
                              engineText("TextCorpus",
                                         "the link leads to a folder already read (a loop of "
                                         "symbolic links, or two links to one folder); remove "
                                         "the link or add its name to data.source.ignore"));
    }

    void readClass(const std::string& name)
    {
        const fs::path folder = fs::path(m_root) / name;
        requireUtf8(name, folder.string(), 0);
        visit(folder, folder);
        std::vector<std::pair<std::string, std::string>> files;  // (folder, file name)
        collectFiles(folder, 1, files);
        if (files.empty())
            throw ConfigError(folder.string(),
                              engineText("TextCorpus", "the class folder has no .txt files"));
        std::sort(files.begin(), files.end());
        for (const auto& [parent, fileName] : files)
            readText((fs::path(parent) / fileName).string(), name);
    }

    /// The `.txt` files at any depth in `folder`, as (folder, name) pairs: the order Keras
    /// sorts os.walk's results in.
    void collectFiles(const fs::path& folder, int depth,
                      std::vector<std::pair<std::string, std::string>>& files)
    {
        if (depth > kMaxFolderDepth)
            throw ConfigError(folder.string(),
                              fillText(engineText("TextCorpus",
                                                  "folders nested deeper than %1 levels inside a "
                                                  "class folder"),
                                       {std::to_string(kMaxFolderDepth)}));
        for (const Entry& entry : listFolder(folder)) {
            const std::string relative = fs::path(entry.path).lexically_relative(m_root).string();
            if (isIgnored(entry.name)) {
                m_corpus.ignored.push_back(relative);
            } else if (entry.folder) {
                visit(entry.path, entry.path);
                collectFiles(entry.path, depth + 1, files);
            } else if (hasTextExtension(entry.name)) {
                files.emplace_back(folder.string(), entry.name);
            } else {
                m_corpus.ignored.push_back(relative);
            }
        }
    }

    static bool hasTextExtension(const std::string& name)
    {
        if (name.size() < 4)
            return false;
        std::string extension = name.substr(name.size() - 4);
        std::transform(extension.begin(), extension.end(), extension.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return extension == ".txt";
    }

    void readText(const std::string& path, const std::string& label)
    {
        const InputFile file(path, engineText("TextCorpus", "cannot open the text file: %1"));
        if (file.size() > kMaxTextBytes)
            throw ConfigError(
                path, fillText(engineText("TextCorpus",
                                          "the file has %1 bytes, more than the "
                                          "%2 a text may have"),
                               {std::to_string(file.size()), std::to_string(kMaxTextBytes)}));
        m_bytesRead += file.size();
        if (m_bytesRead >= m_nextMemoryCheck) {
            requireAvailableMemory(kMemoryCheckBytes, path,
                                   engineText("TextCorpus", "holding the texts read so far"));
            m_nextMemoryCheck = m_bytesRead + kMemoryCheckBytes;
        }
        std::string text = file.readAll();
        std::size_t offset = 0;
        if (std::string_view(text).substr(0, kByteOrderMark.size()) == kByteOrderMark) {
            text.erase(0, kByteOrderMark.size());
            offset = kByteOrderMark.size();
        }
        requireUtf8(text, path, offset);
        if (blankText(text)) {
            skipEmptyText(m_options.emptyTexts, path, m_corpus);
            return;
        }
        m_corpus.texts.push_back(std::move(text));
        m_corpus.labels.push_back(label);
        m_corpus.origins.push_back(fs::path(path).lexically_relative(m_root).string());
    }

    std::string m_root;
    const TextFolderOptions& m_options;
    TextCorpus m_corpus;
    std::set<FolderId> m_visited;
    std::uint64_t m_bytesRead = 0;
    std::uint64_t m_nextMemoryCheck = kMemoryCheckBytes;
};

}  // namespace

TextCorpus readTextCsvText(std::string_view content, const TextCsvOptions& options,
                           std::string_view origin)
{
    return TextCsvReader(content, options, origin).read();
}

TextCorpus readTextCsvFile(const std::string& path, const TextCsvOptions& options)
{
    const InputFile file(path, engineText("TextCorpus", "cannot open the text file: %1"));
    if (file.size() * 2 >= kMemoryCheckBytes)  // the file and the texts copied out of it
        requireAvailableMemory(file.size() * 2, path,
                               engineText("TextCorpus", "reading the texts"));
    TextCsvOptions chosen = options;
    const std::string extension = fs::path(path).extension().string();
    if (chosen.delimiter == CsvOptions::kAutoDelimiter &&
        (extension == ".tsv" || extension == ".TSV"))
        chosen.delimiter = '\t';
    return readTextCsvText(file.readAll(), chosen, path);
}

TextCorpus readTextFolder(const std::string& path, const TextFolderOptions& options)
{
    return TextFolderReader(path, options).read();
}

}  // namespace es
