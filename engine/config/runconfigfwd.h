#pragma once

// Forward declarations of the run config's structs, for headers that take a config by
// reference or pointer: such a header includes this instead of runconfig.h, so that an edit to
// one section of the config rebuilds only the sources that read it. The definitions are in
// runconfig.h and its section headers (modelconfig.h, dataconfig.h, ...).

namespace es {

struct RunConfig;
struct ModelConfig;
struct LayerConfig;
struct DataConfig;
struct DataSourceConfig;
struct TrainingConfig;
struct OptimizerConfig;
struct DeviceConfig;
struct CallbackConfig;
struct ProfilingConfig;
struct DistributedConfig;

}  // namespace es
