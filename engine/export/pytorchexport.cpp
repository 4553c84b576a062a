#include "engine/export/pytorchexport.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/tokenizerfile.h"
#include "engine/data/trainedtokenizer.h"
#include "engine/export/exportdirectory.h"
#include "engine/export/modelinput.h"
#include "engine/export/pytorchsource.h"
#include "engine/export/statedictfile_torch.h"
#include "engine/model/globalgenerator.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/train/checkpointweights_torch.h"

namespace es {

PyTorchExport exportForPyTorch(const RunConfig& config, const std::string& checkpointPath,
                               const std::string& directory, bool replace,
                               std::shared_ptr<const TextTokenizer> tokenizer)
{
    if (const auto problem = exportTargetProblem(directory, replace))
        throw ConfigError("--out", directory + ": " + *problem);
    if (!tokenizer)
        tokenizer = trainedTokenizer(config, checkpointPath);
    const ModelInput input = modelInputOf(config, tokenizer.get());
    // The kernels do not matter: parameters and their layout are the same on every backend
    // and device (sequentialmodel_torch.h), and the weights are written from the CPU.
    SequentialModel model = [&] {
        const std::lock_guard<std::mutex> turn(globalGeneratorLock());
        return SequentialModel(config.model, input.features(), Backend::LibTorch, DeviceType::Cpu);
    }();
    PyTorchSourceContext context;
    context.sampleShape = input.sampleShape;
    context.checkpoint = checkpointPath;
    context.checkpointKind = loadCheckpointWeights(*model, checkpointPath, input.trainingSamples);
    context.tokenizer = input.tokenizer != nullptr;

    std::vector<ExportFile> files = {
        {"model.py", pytorchModelSource(config, context)},
        {"weights.pt", stateDictFile(*model)},
        {"README.txt", pytorchReadme(config, context)},
    };
    if (input.tokenizer)
        files.push_back({"tokenizer.json", tokenizerJsonText(*input.tokenizer)});
    writeExportDirectory(directory, files, replace);

    PyTorchExport result;
    result.directory = directory;
    for (const ExportFile& file : files)
        result.files.push_back(file.name);
    result.checkpointKind = context.checkpointKind;
    result.sampleShape = input.sampleShape;
    for (const torch::Tensor& parameter : model->parameters())
        result.parameters += parameter.numel();
    return result;
}

}  // namespace es
