#pragma once

// A generated sentiment corpus laid out as IMDB's aclImdb is (one folder per class of .txt
// reviews): words a review's class favours among neutral ones, with the capitals, punctuation
// and `<br />` tags of real reviews, so that training from raw text has something to learn
// and the tokenizer's rules something to do.

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QString>

#include <array>
#include <cstdint>

namespace es::test {

/// Writes `perClass` reviews into `root`/pos and `root`/neg; the same seed, the same corpus.
/// A review has 12 to 43 words, 3 of them from its class's list; false when a file cannot be
/// written.
inline bool writeSentimentCorpus(const QString& root, int perClass, std::uint32_t seed = 1)
{
    static constexpr std::array<const char*, 8> kPositive = {
        "great", "wonderful", "Loved", "brilliant", "superb", "moving", "funny", "best"};
    static constexpr std::array<const char*, 8> kNegative = {
        "awful", "boring", "Hated", "dull", "worst", "weak", "pointless", "mess"};
    static constexpr std::array<const char*, 16> kNeutral = {
        "the",   "film", "movie", "plot",     "actors", "was", "and",  "a",
        "story", "it's", "scene", "director", "ending", "of",  "this", "music"};
    static constexpr std::array<const char*, 4> kEnds = {".", "!", ",", " <br /><br />"};
    std::uint32_t state = seed;
    const auto next = [&state](std::uint32_t bound) {
        state = state * 1664525u + 1013904223u;  // Numerical Recipes' LCG: small and portable
        return (state >> 8) % bound;
    };
    for (const bool positive : {true, false}) {
        const QString folder = root + (positive ? "/pos" : "/neg");
        if (!QDir().mkpath(folder))
            return false;
        for (int i = 0; i < perClass; ++i) {
            const int words = 12 + static_cast<int>(next(32));
            QByteArray review;
            for (int w = 0; w < words; ++w) {
                const bool sentiment = w % (words / 3) == 1;
                const char* word = !sentiment ? kNeutral[next(kNeutral.size())]
                                   : positive ? kPositive[next(kPositive.size())]
                                              : kNegative[next(kNegative.size())];
                review += word;
                review += next(6) == 0 ? kEnds[next(kEnds.size())] : "";
                review += ' ';
            }
            QFile file(QStringLiteral("%1/%2_%3.txt").arg(folder).arg(i).arg(next(10) + 1));
            if (!file.open(QIODevice::WriteOnly) || file.write(review) != review.size())
                return false;
        }
    }
    return true;
}

}  // namespace es::test
