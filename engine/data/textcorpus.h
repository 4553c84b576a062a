#pragma once

// Raw texts and their labels read from the two text sources (docs/text.md): a CSV or TSV file
// with a text column and a label column, and a folder with one sub-folder of `.txt` files per
// class, as Keras' text_dataset_from_directory reads it. LibTorch-free; engine/data/textsource
// turns a corpus into token ids.
//
// Text files are hostile input: every text must be UTF-8 (an error names the file and the
// byte), a text longer than kMaxTextBytes is refused, and a folder tree is walked with a
// bound on its depth and without visiting a folder twice (a symbolic link loop is an error).

#include "engine/config/csvoptions.h"
#include "engine/config/textconfig.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// Texts and their labels in the source's order.
struct TextCorpus {
    std::vector<std::string> texts;
    /// Each text's label as written: a class name (the folder's name, or the CSV cell with the
    /// spaces around it trimmed), or a number's text for regression.
    std::vector<std::string> labels;
    /// Where each text came from, for messages: `reviews.csv:row 12`, `train/pos/1_7.txt`.
    std::vector<std::string> origins;
    std::int64_t emptyTexts = 0;  ///< skipped by EmptyTexts::Skip
    /// Folder: entries left out, files that are not `.txt` and sub-folders named in the ignore
    /// list (each counted once, not its content), by name, for the run's notes.
    std::vector<std::string> ignored;

    std::int64_t size() const { return static_cast<std::int64_t>(texts.size()); }
};

/// The longest text accepted (one CSV field, one `.txt` file): 1 MiB, hundreds of times a
/// long review, and what the CSV scanner accepts as one field.
inline constexpr std::size_t kMaxTextBytes = std::size_t{1} << 20;

/// A column as a person types it (a command line option, a form field): a whole number from 1
/// is a 1-based position, as data.source.text_column's numbers are; anything else, spaces
/// around it trimmed, is a header name.
ColumnRef columnFromText(std::string_view text);

struct TextCsvOptions {
    char delimiter = CsvOptions::kAutoDelimiter;  ///< ',', ';', '\t' or detected
    CsvHeader header = CsvHeader::Auto;
    ColumnRef textColumn;  ///< by header name or 0-based position
    /// Left unset (no name, position -1) for texts without labels, as predict reads them:
    /// each label is then empty.
    ColumnRef labelColumn;
    EmptyTexts emptyTexts = EmptyTexts::Skip;
};

/// Reads texts from delimited text held in memory; `origin` (the file) names it in errors.
/// RFC 4180 quoting (line breaks and doubled quotes inside quotes), a UTF-8 byte order mark,
/// LF, CRLF or CR line ends. The delimiter, when not given, is detected as for numeric CSV
/// files (readCsvText()). With CsvHeader::Auto, the first row is a header when a column is
/// chosen by name, or else when its label cell is not the label of any later row (a header's
/// `sentiment` is no review's label).
/// Throws ConfigError at `<origin>@byte N` for a byte that is not UTF-8, at
/// `<origin>:row R` for a row without the chosen columns, an empty text under
/// EmptyTexts::Refuse, an empty label or a quoting error, and at `<origin>` for a column name
/// the header does not have or a file without data rows.
TextCorpus readTextCsvText(std::string_view content, const TextCsvOptions& options,
                           std::string_view origin);

/// readTextCsvText() on the file at `path`, read once, after checking that it fits in memory.
TextCorpus readTextCsvFile(const std::string& path, const TextCsvOptions& options);

struct TextFolderOptions {
    /// Names of sub-folders (at any depth) and files left out, such as IMDB's `unsup`.
    std::vector<std::string> ignore;
    EmptyTexts emptyTexts = EmptyTexts::Skip;
};

/// How deep below a class folder the walk goes: far beyond any dataset's layout, and it bounds
/// the walk of a tree made to exhaust it.
inline constexpr int kMaxFolderDepth = 32;

/// Reads a folder of class folders: each sub-folder of `path` is a class (its name the label),
/// in the byte order of the names (Keras' alphanumeric order); each class's texts are the
/// `.txt` files (the extension in any case) at any depth inside it, in the byte order of their
/// paths. Symbolic links are followed; a folder reached twice (a link loop, or two links to
/// one folder) is an error naming the link. Files directly in `path` and other files are
/// left out and listed in TextCorpus::ignored, as are the entries named in options.ignore.
/// A UTF-8 byte order mark at the start of a file is dropped.
/// Throws ConfigError at the path concerned: `path` missing or not a folder, no class folder,
/// a class folder without `.txt` files, a file that cannot be read or is larger than
/// kMaxTextBytes, `<file>@byte N` for a byte that is not UTF-8, an empty text under
/// EmptyTexts::Refuse, a tree deeper than kMaxFolderDepth.
TextCorpus readTextFolder(const std::string& path, const TextFolderOptions& options);

}  // namespace es
