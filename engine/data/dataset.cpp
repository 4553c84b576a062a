#include "data/dataset_torch.h"

namespace es {

TrainValidationSplit splitForValidation(const Dataset& data, std::int64_t trainCount)
{
    const std::int64_t n = data.size();
    TrainValidationSplit split;
    split.train = {data.x.narrow(0, 0, trainCount), data.y.narrow(0, 0, trainCount)};
    if (trainCount < n)
        split.validation = {data.x.narrow(0, trainCount, n - trainCount),
                            data.y.narrow(0, trainCount, n - trainCount)};
    return split;
}

}  // namespace es
