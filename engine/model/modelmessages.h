#pragma once

// The words of the model's LibTorch sources (sequentialmodel.cpp), composed in
// modelmessages.cpp, which includes no LibTorch, so that an edit of engine/i18n/translate.h
// recompiles none of them (engine/train/trainingmessages.h says why).

#include <string>

namespace es {

/// Why a layer's bias_initializer may not be "orthogonal", in engineLanguage().
std::string orthogonalBiasText();

}  // namespace es
