#include "engine/predict/trainedinput.h"

#include "engine/config/runconfig.h"
#include "engine/data/npyfile.h"
#include "engine/data/npzarchive.h"
#include "engine/model/modelsummary.h"

#include <exception>

namespace es {

namespace {

/// The header of the training x of a file source: its shape and where it is.
struct TrainingHeader {
    std::vector<std::int64_t> shape;
    std::string origin;
};

std::optional<TrainingHeader> trainingHeader(const DataSourceConfig& source)
{
    try {
        if (source.type == DataSourceType::Npy)
            return TrainingHeader{inspectNpyFile(source.x).shape, source.x};
        if (source.type == DataSourceType::Npz) {
            const std::vector<NpzMember> members = listNpzArrays(source.path);
            std::vector<std::string> names;
            for (const NpzMember& member : members)
                names.push_back(member.name);
            const std::string name = source.x.empty() ? pickDefaultArrays(names).xTrain : source.x;
            for (const NpzMember& member : members)
                if (member.name == name)
                    return TrainingHeader{member.info.shape, source.path + ":" + name};
        }
    } catch (const std::exception&) {
        // Not readable here: predicting goes on without it.
    }
    return std::nullopt;
}

}  // namespace

TrainedInput trainedInputOf(const RunConfig& config)
{
    TrainedInput input;
    const DataSourceConfig& source = config.data.source;
    if (!source.fromFiles())
        input.samples = splitSamples(config.data).training;
    const std::optional<TrainingHeader> header = trainingHeader(source);
    if (header && !header->shape.empty())
        input.samples = header->shape.front();
    if (const auto declared = declaredInputShape(config)) {
        input.sampleShape = *declared;
        input.origin = config.model.inputShape.empty() ? "data.source" : "model.input_shape";
    } else if (header && header->shape.size() >= 2) {
        input.sampleShape =
            std::vector<std::int64_t>(header->shape.begin() + 1, header->shape.end());
        input.origin = header->origin;
    }
    return input;
}

}  // namespace es
