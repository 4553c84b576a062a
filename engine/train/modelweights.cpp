#include "engine/train/modelweights_torch.h"

#include "engine/config/inputfile.h"
#include "engine/core/text.h"
#include "engine/io/atomicfile.h"
#include "engine/model/libtorchapi_torch.h"
#include "engine/train/archivecheck.h"

#include <functional>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

namespace es {

namespace {

struct PendingCopy {
    torch::Tensor target;
    torch::Tensor loaded;
};

// An optimizer keeps up to three tensors per parameter (RMSprop's square average, momentum
// and gradient average; Adam's two moments and the AMSGrad maximum).
constexpr std::uint64_t kOptimizerTensorsPerParameter = 3;
// The archive's code, pickles, generator states and step counts: kilobytes for any model.
constexpr std::uint64_t kArchiveAllowanceBytes = std::uint64_t{16} << 20;

std::string shapeText(const torch::Tensor& tensor)
{
    const auto sizes = tensor.sizes();
    return bracketedList(std::vector<std::int64_t>(sizes.begin(), sizes.end()));
}

/// Whether `tensor`'s view (offset, sizes, strides) stays inside its storage: LibTorch's
/// loader builds views from the file without checking them.
bool viewInsideStorage(const torch::Tensor& tensor)
{
    if (tensor.layout() != torch::kStrided || tensor.storage_offset() < 0)
        return false;
    if (tensor.numel() == 0)
        return true;
    std::int64_t last = tensor.storage_offset();
    for (std::int64_t dim = 0; dim < tensor.dim(); ++dim) {
        std::int64_t reach = 0;
        if (tensor.stride(dim) < 0 ||
            __builtin_mul_overflow(tensor.size(dim) - 1, tensor.stride(dim), &reach) ||
            __builtin_add_overflow(last, reach, &last))
            return false;
    }
    const auto elementBytes = static_cast<std::uint64_t>(tensor.element_size());
    return static_cast<std::uint64_t>(last) < tensor.storage().nbytes() / elementBytes;
}

/// Why `loaded` cannot stand for `expected` (shape, type, layout, view), or empty.
std::string tensorMismatch(const torch::Tensor& loaded, const torch::Tensor& expected)
{
    if (loaded.layout() != torch::kStrided)
        return "not a dense tensor in the file";
    if (loaded.scalar_type() != expected.scalar_type())
        return std::string(c10::toString(loaded.scalar_type())) + " in the file, " +
               c10::toString(expected.scalar_type()) + " in the model";
    if (loaded.sizes() != expected.sizes())
        return shapeText(loaded) + " in the file, " + shapeText(expected) + " in the model";
    if (!viewInsideStorage(loaded))
        return "its offset and strides in the file reach outside its data";
    return {};
}

void readTensor(torch::serialize::InputArchive& archive, const std::string& prefix,
                const std::string& name, const torch::Tensor& target, bool isBuffer,
                std::vector<PendingCopy>& pending)
{
    torch::Tensor loaded;
    if (!archive.try_read(name, loaded, isBuffer) || !loaded.defined())
        throw std::runtime_error(prefix + name + ": not in the file");
    const std::string mismatch = tensorMismatch(loaded, target);
    if (!mismatch.empty())
        throw std::runtime_error(prefix + name + ": " + mismatch);
    pending.push_back({target, loaded});
}

/// The whole file, read once (what is checked is what LibTorch loads): a regular file of at
/// most `maxBytes`, read to the size it had when opened (engine/config/inputfile.h).
std::string readWholeFile(const std::string& path, std::uint64_t maxBytes)
{
    const InputFile file(path);
    if (file.size() > maxBytes)
        throw std::runtime_error("the file holds " + std::to_string(file.size()) +
                                 " bytes, more than this model's checkpoint can (" +
                                 std::to_string(maxBytes) + ")");
    return file.readAll();
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

/// The tensors an optimizer keeps for one parameter, by their names in its archive.
std::vector<std::pair<const char*, torch::Tensor>> stateTensors(
    const torch::optim::OptimizerParamState& state, std::int64_t& step)
{
    step = 0;
    if (const auto* adam = dynamic_cast<const torch::optim::AdamParamState*>(&state)) {
        step = adam->step();
        return {{"exp_avg", adam->exp_avg()},
                {"exp_avg_sq", adam->exp_avg_sq()},
                {"max_exp_avg_sq", adam->max_exp_avg_sq()}};
    }
    if (const auto* sgd = dynamic_cast<const torch::optim::SGDParamState*>(&state))
        return {{"momentum_buffer", sgd->momentum_buffer()}};
    if (const auto* rms = dynamic_cast<const torch::optim::RMSpropParamState*>(&state)) {
        step = rms->step();
        return {{"square_avg", rms->square_avg()},
                {"momentum_buffer", rms->momentum_buffer()},
                {"grad_avg", rms->grad_avg()}};
    }
    throw std::runtime_error("the optimizer's state is of a kind EpochScope does not check");
}

}  // namespace

std::string errorText(const std::exception& error)
{
    if (const auto* torchError = dynamic_cast<const c10::Error*>(&error))
        return torchError->what_without_backtrace();
    return error.what();
}

std::uint64_t archiveByteBudget(torch::nn::Module& model, std::uint64_t extraBytes)
{
    std::uint64_t weightBytes = 0;
    for (const torch::Tensor& tensor : model.parameters())
        weightBytes += static_cast<std::uint64_t>(tensor.numel() * tensor.element_size());
    for (const torch::Tensor& tensor : model.buffers())
        weightBytes += static_cast<std::uint64_t>(tensor.numel() * tensor.element_size());
    return weightBytes * (1 + kOptimizerTensorsPerParameter) + extraBytes + kArchiveAllowanceBytes;
}

void loadArchiveChecked(torch::serialize::InputArchive& archive, const std::string& path,
                        std::uint64_t maxRecordBytes)
{
    // The zip's directory adds a few hundred bytes per record to what the records hold.
    const std::string bytes = readWholeFile(path, maxRecordBytes + kArchiveAllowanceBytes);
    checkArchiveBytes(bytes, maxRecordBytes);
    try {
        archive.load_from(bytes.data(), bytes.size());
    } catch (const std::exception& error) {
        throw std::runtime_error(errorText(error));
    }
}

void checkOptimizerState(torch::optim::Optimizer& optimizer, torch::nn::Module& model)
{
    std::unordered_map<const void*, std::string> names;
    for (const auto& parameter : model.named_parameters())
        names.emplace(parameter.value().unsafeGetTensorImpl(), parameter.key());
    for (const auto& group : optimizer.param_groups()) {
        for (const torch::Tensor& parameter : group.params()) {
            const auto found =
                optimizer.state().find(libtorch::optimizerStateKey(parameter));
            if (found == optimizer.state().end())
                continue;  // no step taken for it yet: the optimizer starts its state afresh
            const std::string name = "optimizer state of " + names[parameter.unsafeGetTensorImpl()];
            std::int64_t step = 0;
            for (const auto& [key, tensor] : stateTensors(*found->second, step)) {
                if (!tensor.defined())
                    continue;  // unused by this configuration (max_exp_avg_sq without AMSGrad)
                const std::string mismatch = tensorMismatch(tensor, parameter);
                if (!mismatch.empty())
                    throw std::runtime_error(name + ", " + key + ": " + mismatch);
            }
            if (step < 0)
                throw std::runtime_error(name + ": step " + std::to_string(step));
        }
    }
}

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
