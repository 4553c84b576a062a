#include "engine/text/sentimentcorpus.h"

#include "engine/core/splitmix64.h"
#include "engine/io/atomicdirectory.h"
#include "engine/io/filedescriptor.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <initializer_list>
#include <string_view>
#include <system_error>

namespace es {

namespace {

namespace fs = std::filesystem;

/// Raised with every change that changes the bytes written, so that a corpus written by an
/// earlier version is written again rather than taken for this one.
constexpr int kCorpusGeneratorVersion = 1;
/// Written last, at the corpus folder's top beside train/: the text_folder source reads train/
/// and never sees it (a file beside the class folders would be in every run's notes).
constexpr const char* kManifestName = "epochscope-corpus.txt";

enum class Polarity { Positive, Negative };

Polarity opposite(Polarity polarity)
{
    return polarity == Polarity::Positive ? Polarity::Negative : Polarity::Positive;
}

template <std::size_t N>
using Words = std::array<std::string_view, N>;

// What a review says is carried by these adjectives; each class favours its list, and uses the
// other in negations ("wasn't boring") and contrasts ("great, but ... dull").
constexpr Words<24> kPraise = {"great",    "wonderful", "brilliant", "superb",    "moving",
                               "funny",    "charming",  "gripping",  "beautiful", "excellent",
                               "touching", "clever",    "stunning",  "memorable", "delightful",
                               "powerful", "fresh",     "warm",      "enjoyable", "haunting",
                               "tender",   "sharp",     "lovely",    "good"};
constexpr Words<24> kFault = {"awful",       "boring",        "dull",     "weak",      "pointless",
                              "tedious",     "predictable",   "terrible", "bland",     "clumsy",
                              "forgettable", "disappointing", "flat",     "lazy",      "silly",
                              "painful",     "poor",          "annoying", "confusing", "bad",
                              "messy",       "lifeless",      "shallow",  "stiff"};
constexpr Words<9> kIntensifiers = {"very ",   "really ",     "quite ",  "truly ", "so ",
                                    "rather ", "absolutely ", "pretty ", "a bit "};
// Verbs with the same sense as the lists above, for "I loved the plot" and "I didn't enjoy it".
constexpr Words<5> kLikes = {"loved", "enjoyed", "liked", "adored", "admired"};
constexpr Words<5> kDislikes = {"hated", "disliked", "couldn't stand", "resented", "regretted"};
constexpr Words<4> kLikeBase = {"enjoy", "like", "love", "care for"};
constexpr Words<3> kDislikeBase = {"hate", "mind", "regret"};
constexpr Words<7> kPraiseVerdicts = {"highly recommended",
                                      "worth every minute",
                                      "I'd watch it again",
                                      "a must see",
                                      "go and see it",
                                      "one of the best films this year",
                                      "I can't wait to see it again"};
constexpr Words<7> kFaultVerdicts = {
    "don't waste your time", "avoid this one", "I want my money back",
    "I nearly fell asleep",  "skip it",        "one of the worst films this year",
    "I won't watch it again"};

// The neutral words around them: what any review of either class talks about.
constexpr Words<22> kAspects = {
    "acting",     "plot",       "script",  "ending",    "music",       "score",
    "dialogue",   "pacing",     "cast",    "direction", "camera work", "story",
    "lead actor", "soundtrack", "humour",  "editing",   "photography", "first half",
    "final act",  "romance",    "villain", "twist"};
constexpr Words<8> kGenres = {"thriller", "comedy",      "drama",    "western",
                              "romance",  "horror film", "war film", "family film"};
constexpr Words<14> kRoles = {"teacher",    "detective", "young widow", "retired boxer", "farmer",
                              "journalist", "pilot",     "nurse",       "chef",          "thief",
                              "student",    "painter",   "lawyer",      "priest"};
constexpr Words<12> kPlotVerbs = {"returns to",   "runs away from", "tries to save", "falls for",
                                  "searches for", "inherits",       "moves to",      "lies to",
                                  "goes back to", "writes about",   "hides from",    "loses"};
constexpr Words<12> kPlotObjects = {"a small town", "her old school",    "the family farm",
                                    "a stranger",   "a missing brother", "an island",
                                    "the city",     "an old friend",     "a fortune",
                                    "his daughter", "the mountains",     "a hotel by the sea"};
constexpr Words<10> kPlaces = {"Paris",  "a mining town",     "Texas", "Naples", "Scotland",
                               "Berlin", "a fishing village", "Tokyo", "Ohio",   "a prison"};
constexpr Words<8> kDecades = {"1920s", "1930s", "1940s", "1950s",
                               "1960s", "1970s", "1980s", "1990s"};
constexpr Words<8> kOccasions = {
    "on a plane",   "at a festival",      "last weekend",      "on TV",
    "with my kids", "in an empty cinema", "on a rainy Sunday", "twice"};
constexpr Words<6> kSources = {"novel",      "true story",  "play",
                               "comic book", "short story", "video game"};
constexpr Words<7> kSettings = {"on a train",    "in one house",   "at sea",
                                "in a hospital", "during a storm", "over one night",
                                "in a courtroom"};
constexpr Words<6> kRelations = {"wife", "husband", "brother", "sister", "friend", "dad"};
constexpr Words<4> kRecommendations = {"told me about it", "recommended it", "dragged me to it",
                                       "picked it"};
constexpr Words<5> kPairs = {"two brothers", "an old married couple", "rival chefs", "best friends",
                             "a father and son"};
constexpr Words<4> kOrdinals = {"first", "second", "third", "fourth"};
// People's names, made of two parts: hundreds of rare words, as the names in real reviews are.
constexpr Words<20> kNameStarts = {"Ma", "Lo", "Ti", "Ben", "Da", "Vi", "El", "An", "So", "Ka",
                                   "Re", "Mi", "Jo", "Na",  "Ro", "Sa", "Te", "Ha", "Li", "Fe"};
constexpr Words<16> kNameEnds = {"ra", "na",  "ton", "la", "ric", "ssa", "do",   "lie",
                                 "ko", "ren", "mon", "ia", "vin", "sha", "bert", "nie"};

/// The corpus's random choices, in the order the generator makes them.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : m_state(seed) {}

    /// A number in [0, bound); the remainder's bias is below 2^-57 for these small bounds.
    std::uint64_t below(std::uint64_t bound) { return nextSplitMix64(m_state) % bound; }
    bool chance(std::uint64_t percent) { return below(100) < percent; }
    template <std::size_t N>
    std::string pick(const Words<N>& words)
    {
        return std::string(words[below(N)]);
    }
    /// How many times in a row a `percent` chance comes up, at most `limit`: a geometric count.
    int run(std::uint64_t percent, int limit)
    {
        int count = 0;
        while (count < limit && chance(percent))
            ++count;
        return count;
    }

private:
    std::uint64_t m_state;
};

/// `parts` one after the other. The parts of a braced list are evaluated in their order, those
/// of `a + b` in an order each compiler chooses: with draws in several parts, only the list
/// gives the same text everywhere.
std::string joined(std::initializer_list<std::string> parts)
{
    std::string text;
    for (const std::string& part : parts)
        text += part;
    return text;
}

/// "a" or "an" and `word`.
std::string withArticle(const std::string& word)
{
    const bool vowel =
        !word.empty() && std::string_view("aeiou").find(word[0]) != std::string_view::npos;
    return (vowel ? "an " : "a ") + word;
}

std::string nameOf(Draw& draw)
{
    return joined({draw.pick(kNameStarts), draw.pick(kNameEnds)});
}

/// An adjective of `polarity`, now and then with an intensifier or shouted ("SO BORING").
std::string adjectiveOf(Draw& draw, Polarity polarity)
{
    std::string phrase = draw.chance(35) ? draw.pick(kIntensifiers) : std::string();
    phrase += polarity == Polarity::Positive ? draw.pick(kPraise) : draw.pick(kFault);
    if (draw.chance(3)) {
        for (char& c : phrase)
            c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    return phrase;
}

std::string aspectOf(Draw& draw)
{
    return "the " + draw.pick(kAspects);
}

/// An opinion of `polarity` said plainly.
std::string plainOpinion(Draw& draw, Polarity polarity)
{
    switch (draw.below(7)) {
        case 0: return joined({aspectOf(draw), " was ", adjectiveOf(draw, polarity)});
        case 1: return joined({"I thought ", aspectOf(draw), " was ", adjectiveOf(draw, polarity)});
        case 2:
            return joined({"what ", withArticle(adjectiveOf(draw, polarity)),
                           draw.chance(50) ? " film" : " movie"});
        case 3: return joined({nameOf(draw), "'s performance is ", adjectiveOf(draw, polarity)});
        case 4:
            return joined(
                {"it's ", withArticle(adjectiveOf(draw, polarity)), " ", draw.pick(kGenres)});
        case 5:
            return joined(
                {"I ", polarity == Polarity::Positive ? draw.pick(kLikes) : draw.pick(kDislikes),
                 " ", aspectOf(draw)});
        default: return "the whole thing feels " + adjectiveOf(draw, polarity);
    }
}

/// An opinion of `polarity` said by negating the other one: no word of it says `polarity`.
std::string negatedOpinion(Draw& draw, Polarity polarity)
{
    const Polarity other = opposite(polarity);
    switch (draw.below(4)) {
        case 0: return joined({aspectOf(draw), " wasn't ", adjectiveOf(draw, other)});
        case 1: return joined({aspectOf(draw), " was not ", adjectiveOf(draw, other), " at all"});
        case 2: return joined({"it's not ", withArticle(adjectiveOf(draw, other)), " film"});
        default:
            return joined(
                {"I didn't ",
                 polarity == Polarity::Positive ? draw.pick(kDislikeBase) : draw.pick(kLikeBase),
                 " ", aspectOf(draw)});
    }
}

/// One thing of the other polarity, then what the sentence means: `polarity`.
std::string contrastedOpinion(Draw& draw, Polarity polarity)
{
    const Polarity other = opposite(polarity);
    switch (draw.below(3)) {
        case 0:
            return joined({aspectOf(draw), " was ", adjectiveOf(draw, other), ", but ",
                           aspectOf(draw), " was ", adjectiveOf(draw, polarity)});
        case 1:
            return joined({"sure, ", aspectOf(draw), " is ", adjectiveOf(draw, other),
                           ", but the film is ", adjectiveOf(draw, polarity)});
        default:
            return joined({"despite ", withArticle(adjectiveOf(draw, other)), " ",
                           draw.pick(kAspects), ", it's ", adjectiveOf(draw, polarity)});
    }
}

/// The review's own verdict: a set phrase, a rating as IMDB's users write it, or an opinion.
std::string verdictOf(Draw& draw, Polarity polarity, int rating)
{
    const std::uint64_t form = draw.below(100);
    if (form < 25)
        return std::to_string(rating) + (draw.chance(50) ? " out of 10" : "/10");
    if (form < 65)
        return polarity == Polarity::Positive ? draw.pick(kPraiseVerdicts)
                                              : draw.pick(kFaultVerdicts);
    return plainOpinion(draw, polarity);
}

/// A sentence about the film that says nothing of its quality.
std::string neutralSentence(Draw& draw)
{
    switch (draw.below(10)) {
        case 0:
            return joined({nameOf(draw), " plays ", withArticle(draw.pick(kRoles)), " who ",
                           draw.pick(kPlotVerbs), " ", draw.pick(kPlotObjects)});
        case 1:
            return joined(
                {"the story is set in ", draw.pick(kPlaces), " in the ", draw.pick(kDecades)});
        case 2: return "it runs about " + std::to_string(80 + draw.below(100)) + " minutes";
        case 3: return "I saw it " + draw.pick(kOccasions);
        case 4:
            return joined({nameOf(draw), " directed it, and ", nameOf(draw), " wrote the script"});
        case 5: return "it's based on " + withArticle(draw.pick(kSources));
        case 6: return "most of it takes place " + draw.pick(kSettings);
        case 7: return joined({"my ", draw.pick(kRelations), " ", draw.pick(kRecommendations)});
        case 8: return joined({nameOf(draw), " and ", nameOf(draw), " play ", draw.pick(kPairs)});
        default: return joined({"it's the ", draw.pick(kOrdinals), " film by ", nameOf(draw)});
    }
}

/// One review of class `polarity`.
std::string reviewOf(Draw& draw, Polarity polarity, int rating)
{
    // Most reviews are a few sentences, a third a paragraph or two, one in eight long: a
    // long tail, as real reviews have.
    const std::uint64_t kind = draw.below(100);
    const int sentences = kind < 45   ? 3 + draw.run(70, 15)
                          : kind < 85 ? 7 + draw.run(90, 60)
                                      : 15 + draw.run(97, 200);
    const int verdictAt = draw.chance(60) ? sentences - 1 : 0;
    std::string text;
    for (int s = 0; s < sentences; ++s) {
        std::string sentence;
        std::string_view end = ".";
        if (s == verdictAt) {
            sentence = verdictOf(draw, polarity, rating);
        } else if (draw.chance(35)) {
            // Mostly the review's own view; now and then a word for the other side.
            const Polarity says = draw.chance(78) ? polarity : opposite(polarity);
            const std::uint64_t form = draw.below(100);
            sentence = form < 55   ? plainOpinion(draw, says)
                       : form < 80 ? negatedOpinion(draw, says)
                                   : contrastedOpinion(draw, says);
            if (draw.chance(20))
                end = draw.chance(25) ? "!!" : "!";
        } else {
            sentence = neutralSentence(draw);
        }
        if (draw.chance(3))
            end = "...";
        if (sentence[0] >= 'a' && sentence[0] <= 'z')
            sentence[0] = static_cast<char>(sentence[0] - 'a' + 'A');
        if (!text.empty())
            text += draw.chance(12) ? "<br /><br />" : " ";
        text += sentence;
        text += end;
    }
    return text;
}

std::string manifestOf(const SentimentCorpusOptions& options)
{
    return "EpochScope sentiment corpus\ngenerator " + std::to_string(kCorpusGeneratorVersion) +
           "\nseed " + std::to_string(options.seed) + "\nreviews per class " +
           std::to_string(options.reviewsPerClass) + "\n";
}

/// Writes the corpus into the empty folder `staging`, the manifest last.
void writeCorpus(const std::string& staging, const SentimentCorpusOptions& options)
{
    const std::string texts = staging + "/" + kSentimentTextsFolder;
    makeNewDirectory(texts);
    Draw draw(options.seed);
    for (const Polarity polarity : {Polarity::Positive, Polarity::Negative}) {
        const std::string folder = texts + (polarity == Polarity::Positive ? "/pos" : "/neg");
        makeNewDirectory(folder);
        for (std::int64_t i = 0; i < options.reviewsPerClass; ++i) {
            // aclImdb's ratings: 7 to 10 stars for pos, 1 to 4 for neg.
            const int rating =
                static_cast<int>(draw.below(4)) + (polarity == Polarity::Positive ? 7 : 1);
            writeNewFile(folder + "/" + std::to_string(i) + "_" + std::to_string(rating) + ".txt",
                         reviewOf(draw, polarity, rating), FileFlush::Later);
        }
    }
    writeNewFile(staging + "/" + kManifestName, manifestOf(options), FileFlush::Later);
    // Thousands of small files: one flush of their file system, not a wait for the disk each.
    syncFileSystemOf(staging);
}

/// Whether `path` is a regular file (not a link) that holds exactly `expected`. Read with a
/// bound, and without waiting on a FIFO someone put there.
bool fileHolds(const std::string& path, std::string_view expected)
{
    const FileDescriptor file(
        ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
    struct stat info {};
    if (file.get() < 0 || ::fstat(file.get(), &info) != 0 || !S_ISREG(info.st_mode) ||
        static_cast<std::uint64_t>(info.st_size) != expected.size())
        return false;
    std::string content(expected.size(), '\0');
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t got = ::pread(file.get(), content.data() + done, content.size() - done,
                                    static_cast<off_t>(done));
        if (got <= 0)
            return false;
        done += static_cast<std::size_t>(got);
    }
    return content == expected;
}

/// The `.txt` files directly in `folder`, counted up to `limit`.
std::int64_t countReviews(const std::string& folder, std::int64_t limit)
{
    std::int64_t count = 0;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end && count < limit;
         it.increment(error)) {
        std::error_code ignored;
        if (it->path().extension() == ".txt" &&
            it->symlink_status(ignored).type() == fs::file_type::regular)
            ++count;
    }
    return error ? -1 : count;
}

}  // namespace

bool holdsSentimentCorpus(const std::string& folder, const SentimentCorpusOptions& options)
{
    if (!fileHolds(folder + "/" + kManifestName, manifestOf(options)))
        return false;
    const std::string texts = folder + "/" + kSentimentTextsFolder;
    for (const char* label : {"/pos", "/neg"}) {
        if (countReviews(texts + label, options.reviewsPerClass + 1) != options.reviewsPerClass)
            return false;
    }
    return true;
}

std::string ensureSentimentCorpus(const std::string& folder, const SentimentCorpusOptions& options)
{
    const std::string texts = folder + "/" + kSentimentTextsFolder;
    if (holdsSentimentCorpus(folder, options))
        return texts;
    const auto write = [&options](const std::string& staging) { writeCorpus(staging, options); };
    std::error_code error;
    if (!fs::exists(fs::symlink_status(folder, error))) {
        // The first use: put in place unless another process got there first with the same.
        if (writeDirectoryAtomically(folder, write, ExistingDirectory::Keep) ||
            holdsSentimentCorpus(folder, options))
            return texts;
    }
    // What is there is not this corpus (cut short, another version's or other options'):
    // replaced by it in one step.
    writeDirectoryAtomically(folder, write, ExistingDirectory::Replace);
    return texts;
}

}  // namespace es
