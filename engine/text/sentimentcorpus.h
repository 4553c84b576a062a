#pragma once

// A sentiment corpus that EpochScope writes itself, so that the preset text-sentiment-demo
// trains from raw text without a download: movie reviews laid out as IMDB's aclImdb is
// (train/pos and train/neg of .txt reviews named `<id>_<rating>.txt`).
//
// A review's class shows in the words it favours among neutral ones, but never in one word
// alone: reviews praise one thing and fault another, and negate ("wasn't boring"), so that a
// model that reads the words in order does better than one that counts them. The reviews have
// the capitals, punctuation, apostrophes and `<br /><br />` of real ones, and lengths with a
// long tail (mostly a few sentences, some of a hundred), so that batches by length have
// something to gain.
//
// The same options give the same bytes on every machine: every choice is drawn from SplitMix64
// with integer arithmetic only. LibTorch-free.

#include <cstdint>
#include <string>

namespace es {

struct SentimentCorpusOptions {
    /// Reviews in each of train/pos and train/neg.
    std::int64_t reviewsPerClass = 2500;
    std::uint64_t seed = 1;
};

/// The folder inside a corpus folder that holds the class folders pos/ and neg/, as in
/// aclImdb: what a text_folder source reads.
inline constexpr const char* kSentimentTextsFolder = "train";

/// Whether `folder` holds the whole corpus that `options` make: its manifest, written last,
/// names this generator's version and these options, and each class folder holds the number
/// of reviews the manifest names. Anything else (a folder cut short, another version's corpus,
/// a file) is not the corpus. The reviews themselves are not read: the text readers check
/// them as they check any text.
bool holdsSentimentCorpus(const std::string& folder, const SentimentCorpusOptions& options);

/// Makes `folder` hold the corpus that `options` make and returns the folder of its class
/// folders (`folder`/train). A folder that holds it already (holdsSentimentCorpus()) is used as
/// it is; otherwise the corpus is written into a temporary folder beside `folder`, flushed to
/// the disk and renamed into place as a whole, replacing whatever was at `folder`
/// (writeDirectoryAtomically(), engine/io/atomicdirectory.h), so that a writer killed half-way
/// never leaves a corpus that is later taken for complete. Two processes may do it at once.
/// Throws std::system_error naming the path that could not be written.
std::string ensureSentimentCorpus(const std::string& folder, const SentimentCorpusOptions& options);

}  // namespace es
