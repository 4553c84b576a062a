// toJson: the inverse of parseRunConfig. Every field is written, defaults included, so that a
// saved config still means the same after a default changes in a later version.

#include "engine/config/runconfig.h"

namespace es {

namespace {

using Json = nlohmann::json;

/// The options of an lstm or gru, or of the layer a bidirectional layer wraps.
Json recurrentJson(const LayerConfig& layer, LayerType cell)
{
    Json json = {{"type", layerTypeKey(cell)},
                 {"units", layer.units},
                 {"return_sequences", layer.returnSequences},
                 {"activation", activationKey(layer.cellActivation)},
                 {"recurrent_activation", activationKey(layer.recurrentActivation)},
                 {"use_bias", layer.useBias},
                 {"dropout", layer.dropout},
                 {"recurrent_dropout", layer.recurrentDropout},
                 {"kernel_l2", layer.kernelL2},
                 {"recurrent_l2", layer.recurrentL2},
                 {"go_backwards", layer.goBackwards},
                 {"unroll", layer.unroll},
                 {"kernel_initializer", initializerKey(layer.kernelInitializer)},
                 {"recurrent_initializer", initializerKey(layer.recurrentInitializer)},
                 {"bias_initializer", initializerKey(layer.biasInitializer)}};
    if (cell == LayerType::Lstm)
        json["unit_forget_bias"] = layer.unitForgetBias;
    else
        json["reset_after"] = layer.resetAfter;
    return json;
}

Json layerJson(const LayerConfig& layer)
{
    Json json = {{"type", layerTypeKey(layer.type)}};
    switch (layer.type) {
        case LayerType::Embedding:
            json["input_dim"] = layer.inputDim;
            json["output_dim"] = layer.outputDim;
            json["mask_zero"] = layer.maskZero;
            json["embeddings_initializer"] = initializerKey(layer.embeddingsInitializer);
            break;
        case LayerType::Lstm:
        case LayerType::Gru: return recurrentJson(layer, layer.type);
        case LayerType::Bidirectional:
            json["merge_mode"] = mergeModeKey(layer.mergeMode);
            json["layer"] = recurrentJson(layer, layer.wrapped);
            break;
        case LayerType::Dropout: json["rate"] = layer.rate; break;
        case LayerType::Dense:
            json["units"] = layer.units;
            json["activation"] = activationKey(layer.activation);
            json["use_bias"] = layer.useBias;
            json["kernel_initializer"] = initializerKey(layer.kernelInitializer);
            json["bias_initializer"] = initializerKey(layer.biasInitializer);
            break;
    }
    return json;
}

Json columnJson(const ColumnRef& column)
{
    return column.name.empty() ? Json(column.index) : Json(column.name);
}

/// text_csv counts positions from 1, as a spreadsheet does.
Json textColumnJson(const ColumnRef& column)
{
    return column.name.empty() ? Json(column.index + 1) : Json(column.name);
}

std::string delimiterKey(char delimiter)
{
    return delimiter == CsvOptions::kAutoDelimiter ? std::string("auto")
                                                   : std::string(1, delimiter);
}

/// Optional paths and names are written only when set: an empty string would not parse back.
void putIfSet(Json& json, const char* key, const std::string& value)
{
    if (!value.empty())
        json[key] = value;
}

Json sourceJson(const DataSourceConfig& source)
{
    Json json = {{"type", dataSourceKey(source.type)}};
    switch (source.type) {
        case DataSourceType::SyntheticRegression:
            json["samples"] = source.samples;
            json["timesteps"] = source.timesteps;
            json["features"] = source.features;
            json["noise"] = source.noise;
            json["classes"] = targetClasses(source);
            break;
        case DataSourceType::SyntheticTokens:
            json["samples"] = source.samples;
            json["timesteps"] = source.timesteps;
            json["vocab_size"] = source.vocabSize;
            json["classes"] = targetClasses(source);
            json["padding"] = paddingKey(source.padding);
            break;
        case DataSourceType::Npz: json["path"] = source.path; [[fallthrough]];
        case DataSourceType::Npy:
            putIfSet(json, "x", source.x);
            putIfSet(json, "y", source.y);
            putIfSet(json, "x_val", source.xVal);
            putIfSet(json, "y_val", source.yVal);
            break;
        case DataSourceType::Csv: {
            json["path"] = source.path;
            json["delimiter"] = delimiterKey(source.delimiter);
            json["header"] = csvHeaderKey(source.header);
            Json features = Json::array();
            for (const ColumnRef& column : source.columns)
                features.push_back(columnJson(column));
            json["features"] = features;
            json["target"] = columnJson(source.target);
            json["window"] = source.window;
            json["horizon"] = source.horizon;
            json["stride"] = source.stride;
            break;
        }
        case DataSourceType::TextCsv:
            json["path"] = source.path;
            json["delimiter"] = delimiterKey(source.delimiter);
            json["header"] = csvHeaderKey(source.header);
            json["text_column"] = textColumnJson(source.textColumn);
            json["label_column"] = textColumnJson(source.labelColumn);
            putIfSet(json, "validation_path", source.validationPath);
            break;
        case DataSourceType::TextFolder:
            json["path"] = source.path;
            json["ignore"] = source.ignore;
            putIfSet(json, "validation_path", source.validationPath);
            break;
    }
    return json;
}

Json textJson(const TextConfig& text)
{
    const TextVectorizerOptions& vectorizer = text.vectorizer;
    Json json = {{"standardize", textStandardizeKey(vectorizer.standardize)},
                 {"strip_html", vectorizer.stripHtml},
                 {"split", textSplitKey(vectorizer.split)},
                 {"max_tokens", vectorizer.maxTokens},
                 {"output_sequence_length", vectorizer.outputSequenceLength},
                 {"padding", sequenceEndKey(text.padding)},
                 {"truncating", sequenceEndKey(text.truncating)},
                 {"empty_texts", emptyTextsKey(text.emptyTexts)}};
    putIfSet(json, "vocabulary", text.vocabulary);
    return json;
}

Json optimizerJson(const OptimizerConfig& optimizer)
{
    Json json = {{"type", optimizerKey(optimizer.type)}, {"learning_rate", optimizer.learningRate}};
    switch (optimizer.type) {
        case OptimizerType::Adam:
            json["beta_1"] = optimizer.beta1;
            json["beta_2"] = optimizer.beta2;
            json["epsilon"] = optimizer.epsilon;
            break;
        case OptimizerType::Sgd:
            json["momentum"] = optimizer.momentum;
            json["nesterov"] = optimizer.nesterov;
            break;
        case OptimizerType::RmsProp:
            json["rho"] = optimizer.rho;
            json["momentum"] = optimizer.momentum;
            json["epsilon"] = optimizer.epsilon;
            break;
    }
    return json;
}

Json trainingJson(const TrainingConfig& training)
{
    Json metrics = Json::array();
    for (Metric metric : training.metrics)
        metrics.push_back(metricKey(metric));
    return {{"epochs", training.epochs},
            {"steps_per_epoch", training.stepsPerEpoch},
            {"warmup_steps", training.warmupSteps},
            {"optimizer", optimizerJson(training.optimizer)},
            {"loss", lossKey(training.loss)},
            {"metrics", std::move(metrics)}};
}

Json callbackJson(const CallbackConfig& callback)
{
    Json json = callback.params.is_object() ? callback.params : Json::object();
    json["type"] = callback.type;
    return json;
}

}  // namespace

Json toJson(const RunConfig& config)
{
    Json layers = Json::array();
    for (const LayerConfig& layer : config.model.layers)
        layers.push_back(layerJson(layer));
    Json callbacks = Json::array();
    for (const CallbackConfig& callback : config.callbacks)
        callbacks.push_back(callbackJson(callback));
    const DataConfig& data = config.data;
    const DeviceConfig& device = config.device;
    const DistributedConfig& distributed = config.distributed;
    Json json = {
        {"name", config.name},
        {"description", config.description},
        {"seed", config.seed},
        // null: the shape comes from the data.
        {"model",
         {{"input_shape",
           config.model.inputShape.empty() ? Json(nullptr) : Json(config.model.inputShape)},
          {"layers", std::move(layers)}}},
        {"data",
         {{"source", sourceJson(data.source)},
          {"validation_split", data.validationSplit},
          {"shuffle", data.shuffle},
          {"batch_size", data.batchSize},
          {"drop_last", data.dropLast},
          {"placement", placementKey(data.placement)},
          {"prefetch", data.prefetch},
          {"batching", batchingKey(data.batching)}}},
        {"training", trainingJson(config.training)},
        {"device",
         {{"name", device.name()},
          {"intra_op_threads", device.intraOpThreads},
          {"inter_op_threads", device.interOpThreads},
          {"cudnn", device.cudnn},
          {"flush_denormals", flushDenormalsKey(device.flushDenormals)},
          {"allocator", allocatorKey(device.allocator)}}},
        {"callbacks", std::move(callbacks)},
        {"backend", backendKey(config.backend)},
        {"profiling",
         {{"sample_interval_ms", config.profiling.sampleIntervalMs},
          {"precise_gpu_timing", config.profiling.preciseGpuTiming}}},
        // "init" and "interface" are written empty too: empty means the launcher's rendezvous
        // and loopback, and parses back as such.
        {"distributed",
         {{"backend", distributedBackendKey(distributed.backend)},
          {"world_size", distributed.worldSize},
          {"init", distributed.init},
          {"interface", distributed.interface},
          {"timeout_s", distributed.timeoutS},
          {"bucket_mb", distributed.bucketMb}}},
    };
    if (data.source.fromText())
        json["data"]["text"] = textJson(data.text);
    return json;
}

}  // namespace es
