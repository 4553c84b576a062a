#include "engine/config/callbackspecs.h"

#include "engine/i18n/translate.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;
using Kind = CallbackParamKind;

constexpr std::string_view kModes[] = {"auto", "min", "max"};
// Keras' save_freq="epoch": save after every epoch rather than every N batches.
constexpr std::string_view kEachEpoch = "epoch";
// Punctuation a CSV log cannot be split at: quotes, and what numbers and metric names hold.
constexpr std::string_view kRefusedSeparators = "\"'.-+_\\";

CallbackParamSpec required(std::string_view name, Kind kind)
{
    return {name, kind, true, Json()};
}

CallbackParamSpec optional(std::string_view name, Kind kind, Json defaultValue)
{
    return {name, kind, false, std::move(defaultValue)};
}

std::vector<CallbackSpec> makeSpecs()
{
    // Numbers are stored as doubles and counts as integers, so that a config written by
    // toJson reads back equal whatever spelling ("0" or "0.0") the user chose.
    const auto monitor = optional("monitor", Kind::Text, "val_loss");
    const auto mode = optional("mode", Kind::Mode, "auto");
    return {
        {"model_checkpoint",
         "ModelCheckpoint",
         {required("filepath", Kind::Path), monitor, mode,
          optional("save_best_only", Kind::Boolean, false),
          optional("save_weights_only", Kind::Boolean, false),
          optional("save_freq", Kind::SaveFrequency, kEachEpoch),
          optional("verbose", Kind::Verbosity, 0)}},
        {"backup_and_restore",
         "BackupAndRestore",
         {required("backup_dir", Kind::Path),
          optional("save_freq", Kind::SaveFrequency, kEachEpoch),
          optional("delete_checkpoint", Kind::Boolean, true)}},
        {"early_stopping",
         "EarlyStopping",
         {monitor, optional("min_delta", Kind::NonNegativeNumber, 0.0),
          optional("patience", Kind::NonNegativeInt, 0), mode,
          optional("baseline", Kind::NumberOrNull, nullptr),
          optional("restore_best_weights", Kind::Boolean, false),
          optional("start_from_epoch", Kind::NonNegativeInt, 0)}},
        {"reduce_lr_on_plateau",
         "ReduceLROnPlateau",
         {monitor, optional("factor", Kind::OpenFraction, 0.1),
          optional("patience", Kind::NonNegativeInt, 10),
          optional("min_delta", Kind::NonNegativeNumber, 1e-4),
          optional("cooldown", Kind::NonNegativeInt, 0),
          optional("min_lr", Kind::NonNegativeNumber, 0.0), mode}},
        {"csv_logger",
         "CSVLogger",
         {required("filename", Kind::Path), optional("separator", Kind::Separator, ","),
          optional("append", Kind::Boolean, false)}},
        {"terminate_on_nan", "TerminateOnNaN", {}},
    };
}

/// csv_logger's separator, which goes into the log between every two fields. Keras' CSVLogger
/// hands it to Python's csv, which takes one character; of those, a line break, a quote, a
/// control character and the characters of names and numbers would make the log unreadable
/// (or, with a line break, let a config write lines of its own into a file).
bool isSeparator(const std::string& text)
{
    if (text.size() != 1)
        return false;
    const auto c = static_cast<unsigned char>(text.front());
    if (c == '\t' || c == ' ')
        return true;
    const bool punctuation = c < 0x80 && std::ispunct(c) != 0;
    return punctuation && kRefusedSeparators.find(static_cast<char>(c)) == std::string_view::npos;
}

std::optional<std::int64_t> positiveInteger(const Json& value)
{
    if (value.is_number_unsigned()) {
        const auto number = value.get<std::uint64_t>();
        if (number >= 1 && number <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return static_cast<std::int64_t>(number);
    } else if (value.is_number_integer() && value.get<std::int64_t>() >= 1) {
        return value.get<std::int64_t>();
    }
    return std::nullopt;
}

/// Reads one parameter into `params`; false when it was absent or invalid.
bool readParam(JsonReader& reader, const CallbackParamSpec& spec, Json& params)
{
    const Need need = spec.required ? Need::Required : Need::Optional;
    switch (spec.kind) {
        case Kind::Path:
        case Kind::Text: {
            std::string text;
            if (!reader.string(spec.name, text, need, false))
                return false;
            params[std::string(spec.name)] = text;
            return true;
        }
        case Kind::Separator: {
            std::string text;
            if (!reader.string(spec.name, text, need, false))
                return false;
            if (!isSeparator(text)) {
                reader.addIssue(
                    spec.name,
                    fillText(engineText("CallbackSpecs",
                                        "expected one character such as \",\", \";\", \"|\" or "
                                        "\"\\t\" (Keras' CSVLogger hands it to Python's csv, which "
                                        "takes one), and not a letter, digit, quote, line break or "
                                        "one of . - + _ \\, got %1"),
                             {JsonReader::describe(Json(text))}));
                return false;
            }
            params[std::string(spec.name)] = text;
            return true;
        }
        case Kind::Boolean: {
            bool flag = false;
            if (!reader.boolean(spec.name, flag, need))
                return false;
            params[std::string(spec.name)] = flag;
            return true;
        }
        case Kind::NonNegativeInt:
        case Kind::Verbosity: {
            const IntRange range = spec.kind == Kind::Verbosity ? IntRange{0, 1} : IntRange{0};
            std::int64_t count = 0;
            if (!reader.integer(spec.name, range, count, need))
                return false;
            params[std::string(spec.name)] = count;
            return true;
        }
        case Kind::NonNegativeNumber:
        case Kind::OpenFraction: {
            const NumberRange range =
                spec.kind == Kind::OpenFraction ? NumberRange{0.0, 1.0, true, true} : NumberRange{};
            double number = 0.0;
            if (!reader.number(spec.name, range, number, need))
                return false;
            params[std::string(spec.name)] = number;
            return true;
        }
        case Kind::Mode: {
            const auto index =
                reader.choiceIndex(spec.name, {std::begin(kModes), std::end(kModes)}, need);
            if (!index)
                return false;
            params[std::string(spec.name)] = kModes[*index];
            return true;
        }
        case Kind::SaveFrequency:
        case Kind::NumberOrNull: break;
    }
    // The two kinds that accept values of two JSON types.
    const bool saveFrequency = spec.kind == Kind::SaveFrequency;
    const Json* value = reader.find(spec.name);
    if (value == nullptr) {
        if (spec.required)
            reader.addIssue(spec.name,
                            saveFrequency
                                ? engineText("CallbackSpecs",
                                             "required key is missing; expected \"epoch\" or a "
                                             "positive integer (batches)")
                                : engineText("CallbackSpecs",
                                             "required key is missing; expected a number or null"));
        return false;
    }
    Json accepted;
    if (saveFrequency) {
        if (value->is_string() && value->get_ref<const std::string&>() == kEachEpoch)
            accepted = kEachEpoch;
        else if (const auto batches = positiveInteger(*value))
            accepted = *batches;
    } else if (value->is_null()) {
        accepted = nullptr;
    } else if (value->is_number() && std::isfinite(value->get<double>())) {
        accepted = value->get<double>();
    }
    if (accepted.is_null() && !(spec.kind == Kind::NumberOrNull && value->is_null())) {
        const char* pattern =
            saveFrequency ? engineText("CallbackSpecs",
                                       "expected \"epoch\" or a positive integer (batches), got %1")
                          : engineText("CallbackSpecs", "expected a number or null, got %1");
        reader.addIssue(spec.name, fillText(pattern, {JsonReader::describe(*value)}));
        return false;
    }
    params[std::string(spec.name)] = std::move(accepted);
    return true;
}

}  // namespace

const std::vector<CallbackSpec>& callbackSpecs()
{
    static const std::vector<CallbackSpec> specs = makeSpecs();
    return specs;
}

const CallbackSpec* findCallbackSpec(std::string_view type)
{
    for (const CallbackSpec& spec : callbackSpecs()) {
        if (spec.type == type)
            return &spec;
    }
    return nullptr;
}

std::optional<CallbackConfig> readCallback(JsonReader& reader)
{
    std::vector<std::string_view> types;
    for (const CallbackSpec& spec : callbackSpecs())
        types.push_back(spec.type);
    const auto index = reader.choiceIndex("type", types, Need::Required);
    if (!index)
        return std::nullopt;
    const CallbackSpec& spec = callbackSpecs()[*index];
    CallbackConfig config;
    config.type = std::string(spec.type);
    for (const CallbackParamSpec& param : spec.params) {
        if (!readParam(reader, param, config.params) && !param.required)
            config.params[std::string(param.name)] = param.defaultValue;
    }
    reader.finish();
    return config;
}

}  // namespace es
