#include "engine/predict/predictiontexts.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"
#include "engine/predict/prediction.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace es {

namespace {

PredictionTexts givenTexts(const std::vector<std::string>& texts)
{
    PredictionTexts result;
    result.field = "--text";
    result.origin = "--text";
    for (std::size_t i = 0; i < texts.size(); ++i) {
        result.corpus.texts.push_back(texts[i]);
        result.corpus.labels.emplace_back();
        result.corpus.origins.push_back("--text " + std::to_string(i + 1));
    }
    result.description =
        fillText(texts.size() == 1 ? engineText("PredictionTexts", "%1 text given with --text")
                                   : engineText("PredictionTexts", "%1 texts given with --text"),
                 {std::to_string(texts.size())});
    return result;
}

TextCsvOptions csvOptions(const RunConfig& config, const PredictRequest& request)
{
    const DataSourceConfig& source = config.data.source;
    TextCsvOptions options;
    options.emptyTexts = config.data.text.emptyTexts;
    if (request.textColumn) {
        options.textColumn = *request.textColumn;
        if (request.labelColumn)
            options.labelColumn = *request.labelColumn;
        options.header = CsvHeader::Auto;
        return options;
    }
    if (source.type != DataSourceType::TextCsv)
        throw ConfigError(
            "--x", fillText(engineText("PredictionTexts",
                                       "%1 is a file, and the model was trained on a folder of "
                                       "texts: name the file's text column with --text-column "
                                       "(and its label column with --label-column to score the "
                                       "predictions)"),
                            {request.x}));
    options.delimiter = source.delimiter;
    options.header = source.header;
    options.textColumn = source.textColumn;
    options.labelColumn = request.labelColumn.value_or(source.labelColumn);
    return options;
}

}  // namespace

PredictionTexts readPredictionTexts(const RunConfig& config, const PredictRequest& request)
{
    if (!request.texts.empty())
        return givenTexts(request.texts);
    PredictionTexts result;
    result.field = "--x";
    result.origin = request.x;
    std::error_code error;
    const bool folder = std::filesystem::is_directory(request.x, error);
    if (folder)
        result.corpus =
            readTextFolder(request.x, {config.data.source.ignore, config.data.text.emptyTexts});
    else
        result.corpus = readTextCsvFile(request.x, csvOptions(config, request));
    if (result.corpus.texts.empty())
        throw ConfigError("--x",
                          fillText(engineText("PredictionTexts", "%1 holds no text"), {request.x}));
    result.description = fillText(engineText("PredictionTexts", "%1: %2 texts"),
                                  {request.x, std::to_string(result.corpus.texts.size())});
    return result;
}

std::string classNameOf(const std::vector<std::string>& classes, const float* outputs,
                        std::int64_t units)
{
    if (classes.empty() || units < 1)
        return {};
    const std::size_t id =
        units == 1 ? (*outputs >= 0.5F ? 1 : 0)
                   : static_cast<std::size_t>(std::max_element(outputs, outputs + units) - outputs);
    return id < classes.size() ? classes[id] : std::string();
}

std::string predictedClassName(const PredictionResult& result, std::int64_t sample)
{
    if (result.shape.size() != 2 || sample < 0 || sample >= result.samples())
        return {};
    const std::int64_t units = result.shape[1];
    return classNameOf(result.classes, result.values.data() + sample * units, units);
}

}  // namespace es
