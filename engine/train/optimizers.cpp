#include "engine/config/trainingconfig.h"
#include "engine/train/optimizers_torch.h"

#include <stdexcept>
#include <utility>

namespace es {

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const OptimizerConfig& config,
                                                       std::vector<torch::Tensor> parameters)
{
    switch (config.type) {
        case OptimizerType::Adam:
            return std::make_unique<torch::optim::Adam>(
                std::move(parameters), torch::optim::AdamOptions(config.learningRate)
                                           .betas({config.beta1, config.beta2})
                                           .eps(config.epsilon));
        case OptimizerType::Sgd:
            return std::make_unique<torch::optim::SGD>(std::move(parameters),
                                                       torch::optim::SGDOptions(config.learningRate)
                                                           .momentum(config.momentum)
                                                           .nesterov(config.nesterov));
        case OptimizerType::RmsProp:
            return std::make_unique<torch::optim::RMSprop>(
                std::move(parameters), torch::optim::RMSpropOptions(config.learningRate)
                                           .alpha(config.rho)
                                           .eps(config.epsilon)
                                           .momentum(config.momentum));
    }
    throw std::logic_error("unhandled optimizer");
}

}  // namespace es
