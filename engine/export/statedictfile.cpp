#include "engine/export/statedictfile_torch.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/export.h>
#include <torch/csrc/jit/serialization/pickler.h>

#include <vector>

namespace es {

std::string stateDictFile(const torch::nn::Module& module)
{
    c10::Dict<std::string, at::Tensor> state;
    for (const auto& parameter : module.named_parameters())
        state.insert(parameter.key(), parameter.value().detach().to(torch::kCPU).clone());
    for (const auto& buffer : module.named_buffers())
        state.insert(buffer.key(), buffer.value().detach().to(torch::kCPU).clone());

    std::vector<char> pickle;
    // Without a tensor table the pickler writes each tensor as Python's torch.save does: a
    // persistent storage id and torch._utils._rebuild_tensor_v2; tag_aggregates false leaves
    // the dict a plain dict.
    constexpr bool kTagAggregates = false;
    torch::jit::Pickler pickler(
        [&pickle](const char* bytes, std::size_t size) {
            pickle.insert(pickle.end(), bytes, bytes + size);
        },
        /*tensor_table=*/nullptr, /*type_renamer=*/nullptr, /*memoized_class_types=*/nullptr,
        /*get_tensor_id=*/nullptr, kTagAggregates);
    pickler.protocol();
    pickler.pushIValue(c10::IValue(state));
    pickler.stop();

    std::string file;
    caffe2::serialize::PyTorchStreamWriter writer([&file](const void* bytes, std::size_t size) {
        file.append(static_cast<const char*>(bytes), size);
        return size;
    });
    // "data": the name torch.save gives the pickle (data.pkl) and the tensors' folder (data/0).
    torch::jit::writeArchiveAndTensors("data", pickle.data(), pickle.size(), pickler.tensorData(),
                                       writer);
    writer.writeEndOfFile();
    return file;
}

}  // namespace es
