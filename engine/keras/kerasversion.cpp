#include "engine/keras/kerasversion.h"

#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <cctype>
#include <charconv>

namespace es {

namespace {

// A version number part longer than this is not a Keras version; it also keeps from_chars
// far from overflowing an int.
constexpr std::size_t kMaxPartDigits = 4;
// keras_version is a short string ("2.13.1", "3.4.0.dev2024061803"); anything longer is not one.
constexpr std::size_t kMaxVersionChars = 64;

/// Reads the decimal number at `text[at]`, moving `at` past it; nullopt when there is none.
std::optional<int> readNumber(std::string_view text, std::size_t& at)
{
    const std::size_t begin = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) != 0)
        ++at;
    if (at == begin || at - begin > kMaxPartDigits)
        return std::nullopt;
    int value = 0;
    std::from_chars(text.data() + begin, text.data() + at, value);
    return value;
}

}  // namespace

bool KerasVersion::atLeast(int wantedMajor, int wantedMinor) const
{
    if (major != wantedMajor)
        return major > wantedMajor;
    return exact() && minor >= wantedMinor;
}

std::optional<KerasVersion> parseKerasVersion(std::string_view text)
{
    if (text.size() > kMaxVersionChars)
        return std::nullopt;
    KerasVersion version;
    std::size_t at = 0;
    const std::optional<int> major = readNumber(text, at);
    if (!major || *major < 1 || *major > 3 || at >= text.size() || text[at] != '.')
        return std::nullopt;
    ++at;
    const std::optional<int> minor = readNumber(text, at);
    if (!minor)
        return std::nullopt;
    version.major = *major;
    version.minor = *minor;
    version.patch = 0;
    if (at < text.size() && text[at] == '.') {
        ++at;
        if (const std::optional<int> patch = readNumber(text, at))
            version.patch = *patch;
    }
    version.tfKeras = text.substr(at).rfind("-tf", 0) == 0;
    version.text = std::string(text);
    return version;
}

std::optional<bool> defaultResetAfter(const KerasVersion& version)
{
    if (version.major == 3)
        return true;
    if (version.major != 2 || !version.exact() || version.tfKeras)
        return std::nullopt;
    return version.minor >= 4;
}

std::optional<Activation> defaultRecurrentActivation(const KerasVersion& version)
{
    if (version.major == 3)
        return Activation::Sigmoid;
    if (version.major != 2 || !version.exact() || version.tfKeras)
        return std::nullopt;
    return version.minor >= 3 ? Activation::Sigmoid : Activation::HardSigmoidKeras2;
}

std::optional<Activation> hardSigmoidOf(const KerasVersion& version)
{
    if (version.major == 3)
        return Activation::HardSigmoid;
    if (version.major == 2)
        return Activation::HardSigmoidKeras2;
    return std::nullopt;
}

std::string kerasVersionText(const KerasVersion& version)
{
    if (!version.text.empty())
        return fillText(engineText("KerasImport", "Keras %1"), {escapeControls(version.text)});
    if (version.major == 2)
        return engineText("KerasImport", "Keras 2 (version not recorded)");
    if (version.major == 3)
        return engineText("KerasImport", "Keras 3 (version not recorded)");
    return engineText("KerasImport", "Keras (version not recorded)");
}

}  // namespace es
