#include "tests/benchmarks/backends/steploop_torch.h"

#include <vector>

namespace bench {

namespace {

/// The order in which a direction visits the steps.
std::int64_t stepAt(std::int64_t k, std::int64_t steps, bool reverse)
{
    return reverse ? steps - 1 - k : k;
}

}  // namespace

torch::Tensor stepLoopLstm(const torch::Tensor& x, const torch::Tensor& weightIh,
                           const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                           const torch::Tensor& biasHh, bool reverse)
{
    const std::int64_t steps = x.size(1);
    const std::int64_t units = weightHh.size(1);
    torch::Tensor h = torch::zeros({x.size(0), units}, x.options());
    torch::Tensor c = torch::zeros_like(h);
    const torch::Tensor bias = biasIh + biasHh;
    const torch::Tensor weightIhT = weightIh.t();
    const torch::Tensor weightHhT = weightHh.t();
    std::vector<torch::Tensor> outputs(static_cast<std::size_t>(steps));
    for (std::int64_t k = 0; k < steps; ++k) {
        const std::int64_t t = stepAt(k, steps, reverse);
        const torch::Tensor gates =
            torch::addmm(bias, x.select(1, t), weightIhT) + torch::mm(h, weightHhT);
        const std::vector<torch::Tensor> gate = gates.chunk(4, 1);
        const torch::Tensor input = torch::sigmoid(gate[0]);
        const torch::Tensor forget = torch::sigmoid(gate[1]);
        const torch::Tensor candidate = torch::tanh(gate[2]);
        const torch::Tensor output = torch::sigmoid(gate[3]);
        c = forget * c + input * candidate;
        h = output * torch::tanh(c);
        outputs[static_cast<std::size_t>(t)] = h;
    }
    return torch::stack(outputs, 1);
}

torch::Tensor stepLoopGru(const torch::Tensor& x, const torch::Tensor& weightIh,
                          const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                          const torch::Tensor& biasHh, bool reverse)
{
    const std::int64_t steps = x.size(1);
    const std::int64_t units = weightHh.size(1);
    torch::Tensor h = torch::zeros({x.size(0), units}, x.options());
    const torch::Tensor weightIhT = weightIh.t();
    const torch::Tensor weightHhT = weightHh.t();
    std::vector<torch::Tensor> outputs(static_cast<std::size_t>(steps));
    for (std::int64_t k = 0; k < steps; ++k) {
        const std::int64_t t = stepAt(k, steps, reverse);
        // The recurrent product keeps its own bias: the reset gate scales it (reset_after).
        const std::vector<torch::Tensor> fromInput =
            torch::addmm(biasIh, x.select(1, t), weightIhT).chunk(3, 1);
        const std::vector<torch::Tensor> fromState = torch::addmm(biasHh, h, weightHhT).chunk(3, 1);
        const torch::Tensor reset = torch::sigmoid(fromInput[0] + fromState[0]);
        const torch::Tensor update = torch::sigmoid(fromInput[1] + fromState[1]);
        const torch::Tensor candidate = torch::tanh(fromInput[2] + reset * fromState[2]);
        h = (1 - update) * candidate + update * h;
        outputs[static_cast<std::size_t>(t)] = h;
    }
    return torch::stack(outputs, 1);
}

}  // namespace bench
