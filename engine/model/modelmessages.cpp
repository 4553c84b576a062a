#include "engine/model/modelmessages.h"

#include "engine/i18n/translate.h"

namespace es {

std::string orthogonalBiasText()
{
    return engineText("SequentialModel",
                      "\"orthogonal\" initializes matrices and a bias is a vector (Keras refuses "
                      "it too); choose another bias_initializer");
}

}  // namespace es
