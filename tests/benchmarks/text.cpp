// Training from raw text (issue 35, point 7). Generates an IMDB-shaped corpus once (a folder
// per class, and the same texts in one CSV file), then measures side by side in one run,
// medians over repeats:
// Reading (target: at most 3 s on 2 cores for 25,000 reviews of about 230 words):
//   1. reading every file's bytes and nothing else (the floor any reader pays);
//   2. the text_folder source as a run loads it: read, check UTF-8, shuffle by the seed, learn
//      the vocabulary from the training share (max_tokens 20000), turn every text into ids
//      made 200 long;
//   3. the same from the text_csv file.
// Batching (target: an epoch by length at most 60% of the fixed epoch at the 95th-percentile
// length): Embedding(20000, 32, mask_zero) > LSTM(32) > Dense(1) trained on the folder with
// every text cut at the 95th percentile of the lengths, `fixed` against `by_length`; each
// repeat trains 2 epochs of each, and the second epoch (the first is warm-up) is compared.
// Review lengths follow a long tail as real reviews do (lognormal, median ~170 words, mean
// ~230); words follow Zipf's law over 60,000 word types, with capitals, punctuation and
// IMDB's `<br /><br />`.
// Usage: text_bench [--reviews N] [--repeats N] [--dir DIR] [--skip-training]

#include "engine/config/inputfile.h"
#include "engine/config/runconfig.h"
#include "engine/data/sourcearrays.h"
#include "engine/summary/statistics.h"
#include "engine/train/trainingsession.h"
#include "tests/benchmarks/loadaverage.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kWordTypes = 60000;
constexpr std::int64_t kMaxTokens = 20000;
constexpr std::int64_t kSequenceLength = 200;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// A word type's spelling: short for frequent ranks, as in English.
std::string spelling(int rank)
{
    static const char* const kCommon[] = {"the",  "a",    "and",  "of",    "to",  "is", "in",  "it",
                                          "this", "that", "film", "movie", "was", "as", "with"};
    if (rank < 15)
        return kCommon[rank];
    std::string word;
    for (int value = rank; value > 0; value /= 23)
        word += static_cast<char>('a' + value % 23);
    return word;
}

/// The reviews, each with its class ("pos" or "neg").
std::vector<std::pair<std::string, std::string>> generateReviews(int count)
{
    std::mt19937_64 random(20261206);
    // Zipf's law: P(rank r) ~ 1/(r+1), sampled through its cumulative weights.
    std::vector<double> cumulative(kWordTypes);
    double total = 0.0;
    for (int r = 0; r < kWordTypes; ++r)
        cumulative[static_cast<std::size_t>(r)] = total += 1.0 / (r + 1.0);
    std::uniform_real_distribution<double> uniform(0.0, total);
    std::lognormal_distribution<double> length(std::log(170.0), 0.75);
    std::uniform_int_distribution<int> mark(0, 29);
    std::vector<std::pair<std::string, std::string>> reviews;
    reviews.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        const int words = std::clamp(static_cast<int>(length(random)), 10, 2500);
        std::string text;
        for (int w = 0; w < words; ++w) {
            const auto rank = static_cast<int>(
                std::lower_bound(cumulative.begin(), cumulative.end(), uniform(random)) -
                cumulative.begin());
            std::string word = spelling(std::min(rank, kWordTypes - 1));
            const int m = mark(random);
            if (m == 0)
                word[0] = static_cast<char>(word[0] - 'a' + 'A');
            text += word;
            text += m == 1 ? ", " : m == 2 ? ". " : m == 3 ? "! " : m == 4 ? " <br /><br />" : " ";
        }
        reviews.emplace_back(std::move(text), i % 2 == 0 ? "pos" : "neg");
    }
    return reviews;
}

/// The CSV field for `text`: quoted, with its quotes doubled.
std::string quoted(const std::string& text)
{
    std::string field = "\"";
    for (const char c : text)
        field += c == '"' ? std::string("\"\"") : std::string(1, c);
    return field + "\"";
}

void writeCorpus(const fs::path& dir,
                 const std::vector<std::pair<std::string, std::string>>& reviews)
{
    fs::create_directories(dir / "folder" / "pos");
    fs::create_directories(dir / "folder" / "neg");
    std::ofstream csv(dir / "reviews.csv", std::ios::binary);
    csv << "review,sentiment\n";
    for (std::size_t i = 0; i < reviews.size(); ++i) {
        const auto& [text, label] = reviews[i];
        std::ofstream(dir / "folder" / label / (std::to_string(i) + "_7.txt"), std::ios::binary)
            << text;
        csv << quoted(text) << ',' << label << '\n';
    }
}

es::RunConfig textConfig(const nlohmann::json& source, std::int64_t length = kSequenceLength)
{
    nlohmann::json json = nlohmann::json::parse(R"({
      "name": "text-reading",
      "model": {"layers": [
        {"type": "embedding", "input_dim": 20000, "output_dim": 32},
        {"type": "lstm", "units": 32},
        {"type": "dense", "units": 1, "activation": "sigmoid"}]},
      "data": {"validation_split": 0.2},
      "training": {"loss": "binary_crossentropy", "metrics": ["accuracy"]}
    })");
    json["data"]["source"] = source;
    json["data"]["text"] = {
        {"max_tokens", kMaxTokens}, {"output_sequence_length", length}, {"strip_html", true}};
    return es::parseRunConfig(json);
}

/// Seconds to read every file under `folder` into memory, nothing else.
double readBytes(const fs::path& folder, std::uint64_t& bytes)
{
    const Clock::time_point start = Clock::now();
    bytes = 0;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
        if (!entry.is_regular_file())
            continue;
        const es::InputFile file(entry.path().string());
        bytes += file.readAll().size();
    }
    return secondsSince(start);
}

double loadSeconds(const es::RunConfig& config, std::int64_t& samples)
{
    const Clock::time_point start = Clock::now();
    const es::SourceArrays arrays = es::loadSourceArrays(config);
    samples = arrays.x.samples();
    return secondsSince(start);
}

/// Seconds of the second epoch (the first is warm-up) of `config` batched `batching`.
double secondEpochSeconds(es::RunConfig config, es::Batching batching)
{
    config.data.batching = batching;
    config.training.epochs = 2;
    config.model.layers.front().maskZero = true;
    es::TrainingSession session(config);
    session.start();
    session.wait();
    const es::RunResult& result = session.result();
    if (session.state() != es::RunState::Finished || result.epochs.size() != 2)
        throw std::runtime_error("the training run failed: " + result.error);
    return result.epochs.back().trainS;
}

void compareBatching(const fs::path& folder, int repeats)
{
    // The 95th percentile of the training texts' lengths, as the padding-waste finding would
    // propose it: what loading the source with no cut records.
    const es::SourceArrays uncut =
        es::loadSourceArrays(textConfig({{"type", "text_folder"}, {"path", folder.string()}}, 0));
    const std::int64_t p95 = uncut.textLengths.p95;
    const es::RunConfig config =
        textConfig({{"type", "text_folder"}, {"path", folder.string()}}, p95);
    std::vector<double> fixed;
    std::vector<double> byLength;
    for (int r = 0; r < repeats; ++r) {
        fixed.push_back(secondEpochSeconds(config, es::Batching::Fixed));
        byLength.push_back(secondEpochSeconds(config, es::Batching::ByLength));
    }
    const double fixedMedian = es::median(fixed);
    const double byLengthMedian = es::median(byLength);
    std::printf(
        "batching (texts of median %lld, 95th percentile %lld, longest %lld tokens; cut at "
        "%lld; second epoch's training seconds, medians over %d repeats):\n",
        static_cast<long long>(uncut.textLengths.median), static_cast<long long>(p95),
        static_cast<long long>(uncut.textLengths.longest), static_cast<long long>(p95), repeats);
    std::printf("  fixed                           %7.3f s\n", fixedMedian);
    std::printf("  by_length                       %7.3f s  (%.2f of fixed; target <= 0.60)\n",
                byLengthMedian, byLengthMedian / fixedMedian);
}

}  // namespace

int main(int argc, char** argv)
{
    int reviews = 25000;
    int repeats = 5;
    bool training = true;
    std::string dirArgument;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        const bool hasValue = i + 1 < argc;
        if (flag == "--reviews" && hasValue)
            reviews = std::atoi(argv[++i]);
        else if (flag == "--repeats" && hasValue)
            repeats = std::atoi(argv[++i]);
        else if (flag == "--dir" && hasValue)
            dirArgument = argv[++i];
        else if (flag == "--skip-training")
            training = false;
        else
            reviews = 0;  // an unknown flag: the usage below
    }
    if (reviews < 2 || repeats < 1) {
        std::fprintf(stderr,
                     "usage: text_bench [--reviews N>=2] [--repeats N>=1] [--dir DIR] "
                     "[--skip-training]\n");
        return 2;
    }
    const fs::path dir = dirArgument.empty() ? fs::temp_directory_path() /
                                                   ("epochscope-text-" + std::to_string(::getpid()))
                                             : fs::path(dirArgument);
    try {
        const std::vector<std::pair<std::string, std::string>> corpus = generateReviews(reviews);
        std::uint64_t words = 0;
        for (const auto& review : corpus)
            words += static_cast<std::uint64_t>(
                std::count(review.first.begin(), review.first.end(), ' '));
        writeCorpus(dir, corpus);
        std::printf(
            "text_bench: %d reviews, %.0f words each on average; %u hardware threads; "
            "load average %s\n",
            reviews, static_cast<double>(words) / reviews, std::thread::hardware_concurrency(),
            bench::loadAverage().c_str());

        const es::RunConfig folder =
            textConfig({{"type", "text_folder"}, {"path", (dir / "folder").string()}});
        const es::RunConfig csv = textConfig({{"type", "text_csv"},
                                              {"path", (dir / "reviews.csv").string()},
                                              {"text_column", "review"},
                                              {"label_column", "sentiment"}});
        std::vector<double> read;
        std::vector<double> fromFolder;
        std::vector<double> fromCsv;
        std::uint64_t bytes = 0;
        std::int64_t samples = 0;
        for (int r = 0; r < repeats; ++r) {  // interleaved, so that drift hits all three alike
            read.push_back(readBytes(dir / "folder", bytes));
            fromFolder.push_back(loadSeconds(folder, samples));
            fromCsv.push_back(loadSeconds(csv, samples));
        }
        const double readMedian = es::median(read);
        const double folderMedian = es::median(fromFolder);
        const double csvMedian = es::median(fromCsv);
        std::printf("medians over %d repeats (%lld samples of %lld ids, %.1f MB of text):\n",
                    repeats, static_cast<long long>(samples),
                    static_cast<long long>(kSequenceLength), static_cast<double>(bytes) / 1e6);
        std::printf("  read the files' bytes only      %7.3f s\n", readMedian);
        std::printf(
            "  text_folder source, loaded      %7.3f s  (%.2fx the bare read; target <= 3 s)\n",
            folderMedian, folderMedian / readMedian);
        std::printf(
            "  text_csv source, loaded         %7.3f s  (%.2fx the bare read; target <= 3 s)\n",
            csvMedian, csvMedian / readMedian);
        if (training)
            compareBatching(dir / "folder", repeats);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "text_bench: %s\n", error.what());
        if (dirArgument.empty())
            fs::remove_all(dir);
        return 1;
    }
    if (dirArgument.empty())
        fs::remove_all(dir);
    return 0;
}
