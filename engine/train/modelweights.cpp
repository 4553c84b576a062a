#include "train/modelweights_torch.h"

#include "core/atomicfile.h"
#include "core/text.h"

#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace es {

namespace {

struct PendingCopy {
    torch::Tensor target;
    torch::Tensor loaded;
};

std::string shapeText(const torch::Tensor& tensor)
{
    const auto sizes = tensor.sizes();
    return bracketedList(std::vector<std::int64_t>(sizes.begin(), sizes.end()));
}

void readTensor(torch::serialize::InputArchive& archive, const std::string& prefix,
                const std::string& name, const torch::Tensor& target, bool isBuffer,
                std::vector<PendingCopy>& pending)
{
    torch::Tensor loaded;
    if (!archive.try_read(name, loaded, isBuffer) || !loaded.defined())
        throw std::runtime_error(prefix + name + ": not in the file");
    if (loaded.sizes() != target.sizes())
        throw std::runtime_error(prefix + name + ": " + shapeText(loaded) + " in the file, " +
                                 shapeText(target) + " in the model");
    pending.push_back({target, loaded});
}

void collect(torch::nn::Module& module, torch::serialize::InputArchive& archive,
             const std::string& prefix, std::vector<PendingCopy>& pending)
{
    for (const auto& parameter : module.named_parameters(/*recurse=*/false))
        readTensor(archive, prefix, parameter.key(), parameter.value(), false, pending);
    for (const auto& buffer : module.named_buffers(/*recurse=*/false))
        readTensor(archive, prefix, buffer.key(), buffer.value(), true, pending);
    for (const auto& child : module.named_children()) {
        torch::serialize::InputArchive childArchive;
        if (!archive.try_read(child.key(), childArchive))
            throw std::runtime_error(prefix + child.key() + ": layer not in the file");
        collect(*child.value(), childArchive, prefix + child.key() + ".", pending);
    }
}

}  // namespace

torch::serialize::OutputArchive modelArchive(torch::nn::Module& model,
                                             torch::optim::Optimizer* optimizer)
{
    torch::serialize::OutputArchive archive;
    model.save(archive);
    if (optimizer) {
        torch::serialize::OutputArchive optimizerArchive;
        optimizer->save(optimizerArchive);
        archive.write("optimizer", optimizerArchive);
    }
    return archive;
}

std::int64_t writeArchiveAtomically(torch::serialize::OutputArchive& archive,
                                    const std::string& path)
{
    std::ostringstream bytes;
    archive.save_to(bytes);
    const std::string content = bytes.str();
    writeFileAtomically(path, content);
    return static_cast<std::int64_t>(content.size());
}

void loadWeightsChecked(torch::nn::Module& module, torch::serialize::InputArchive& archive)
{
    std::vector<PendingCopy> pending;
    collect(module, archive, "", pending);
    torch::NoGradGuard noGrad;
    for (PendingCopy& copy : pending)
        copy.target.copy_(copy.loaded);
}

}  // namespace es
