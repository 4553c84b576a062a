#include "engine/predict/predictionmessages.h"

#include "engine/i18n/translate.h"

namespace es {

std::string trainedFeaturesMismatchText(const std::string& origin, std::int64_t actual,
                                        std::int64_t expected, const std::string& trainedOrigin,
                                        const std::string& trainedShape)
{
    return fillText(
        engineText("Prediction",
                   "%1 has %2 features per time step, but the model was trained on "
                   "%3 (%4 holds samples shaped %5), and its weights fit only that"),
        {origin, std::to_string(actual), std::to_string(expected), trainedOrigin, trainedShape});
}

std::string tokenizerLearnedAgainText(const std::string& checkpoint, const std::string& source)
{
    return fillText(engineText("Prediction",
                               "no tokenizer was kept with %1: the vocabulary was learned again "
                               "from %2, as training learned it"),
                    {checkpoint, source});
}

std::string textTargetsComeFromLabelsText()
{
    return engineText("Prediction",
                      "raw texts take their targets from their labels (a CSV file's label "
                      "column, the class folders): --y is for arrays of token ids");
}

std::string emptyTextsSkippedText(std::int64_t count)
{
    return fillText(engineText("Prediction", "%1 empty texts skipped"), {std::to_string(count)});
}

std::string targetsWithoutInputsText()
{
    return engineText("Prediction",
                      "targets were given without inputs: give the inputs' file as well");
}

std::string noValidationSamplesText(const std::string& description)
{
    return fillText(engineText("Prediction",
                               "%1 has no validation samples (validation_split is 0 and there is "
                               "no x_val): give the inputs in a file"),
                    {description});
}

std::string validationSamplesOfText(std::int64_t count, const std::string& description)
{
    return fillText(engineText("Prediction", "the %1 validation samples of %2"),
                    {std::to_string(count), description});
}

std::string notTrainedOnTextText()
{
    return engineText("TextScorer",
                      "the model was not trained on text: it reads arrays, not typed text");
}

}  // namespace es
