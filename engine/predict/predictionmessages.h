#pragma once

// The words of the prediction's LibTorch sources (prediction.cpp, textscorer.cpp), in
// engineLanguage(), composed in predictionmessages.cpp, which includes no LibTorch, so that an
// edit of engine/i18n/translate.h recompiles none of them (engine/train/trainingmessages.h says
// why).

#include <cstdint>
#include <string>

namespace es {

/// `origin` has `actual` features a step; the model was trained on `expected` (`trainedOrigin`
/// holds samples shaped `trainedShape`).
std::string trainedFeaturesMismatchText(const std::string& origin, std::int64_t actual,
                                        std::int64_t expected, const std::string& trainedOrigin,
                                        const std::string& trainedShape);
/// No tokenizer was kept with `checkpoint`: the vocabulary was learned again from `source`.
std::string tokenizerLearnedAgainText(const std::string& checkpoint, const std::string& source);
std::string textTargetsComeFromLabelsText();
std::string emptyTextsSkippedText(std::int64_t count);
std::string targetsWithoutInputsText();
/// The run's data (`description`) has no validation samples to predict on.
std::string noValidationSamplesText(const std::string& description);
std::string validationSamplesOfText(std::int64_t count, const std::string& description);
/// A typed text was given to a model trained on arrays.
std::string notTrainedOnTextText();

}  // namespace es
