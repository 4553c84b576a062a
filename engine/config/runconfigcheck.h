#pragma once

#include "engine/config/configerror.h"
#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <vector>

namespace es {

/// The cross-field rules of docs/config.md ("How the fields fit together") for a config
/// whose fields are each valid on their own: appends one issue, at the JSON path to change,
/// for every rule it breaks.
void checkRunConfig(const RunConfig& config, std::vector<ConfigIssue>& issues);

/// The rules between the last layer, the loss, the metrics and the targets the data source
/// gives (one unit for one target, a softmax unit per class for the categorical losses): part
/// of checkRunConfig.
void checkModelOutput(const RunConfig& config, std::vector<ConfigIssue>& issues);

/// The rules for splitting `samples` into training and validation (data.validation_split,
/// data.batch_size with drop_last): part of checkRunConfig for generated data, and run again
/// once the sample count of data files is known.
void checkSampleSplit(const DataConfig& data, std::int64_t samples,
                      std::vector<ConfigIssue>& issues);

}  // namespace es
