#include "engine/diagnosis/scriptevidence.h"

#include "engine/diagnosis/recordedvalue.h"
#include "engine/script/scriptrecorder.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace es {

namespace {

using Json = nlohmann::json;

Json listAt(const Json& object, const char* key)
{
    const Json list = recordedValueOr(object, key, Json::array());
    return list.is_array() ? list : Json::array();
}

std::vector<ProbeRecurrentModule> recurrentModulesFrom(const Json& info)
{
    std::vector<ProbeRecurrentModule> modules;
    for (const Json& entry : listAt(info, "script_recurrent_modules")) {
        ProbeRecurrentModule module;
        module.className = recordedValueOr<std::string>(entry, "class", "");
        module.device = recordedValueOr<std::string>(entry, "device", "");
        module.packedInput = recordedValueOr(entry, "packed_input", false);
        module.bidirectional = recordedValueOr(entry, "bidirectional", false);
        module.calls = recordedValueOr<std::int64_t>(entry, "calls", 0);
        if (!module.className.empty() && !module.device.empty() && module.calls >= 0)
            modules.push_back(std::move(module));
    }
    return modules;
}

std::vector<ProbeConversionSite> conversionSitesFrom(const Json& info)
{
    std::vector<ProbeConversionSite> sites;
    for (const Json& entry : listAt(info, "script_conversions")) {
        ProbeConversionSite site;
        site.function = recordedValueOr<std::string>(entry, "function", "");
        site.file = recordedValueOr<std::string>(entry, "file", "");
        site.line = recordedValueOr<std::int64_t>(entry, "line", 0);
        site.code = recordedValueOr<std::string>(entry, "code", "");
        site.calls = recordedValueOr<std::int64_t>(entry, "calls", 0);
        site.bytes = recordedValueOr<std::int64_t>(entry, "bytes", -1);
        site.seconds = recordedValueOr(entry, "seconds", -1.0);
        site.inSteps = recordedValueOr<std::int64_t>(entry, "in_steps", -1);
        const bool counted = site.calls > 0 && site.bytes >= 0 && site.inSteps >= 0 &&
                             site.inSteps <= site.calls && std::isfinite(site.seconds) &&
                             site.seconds >= 0.0;
        if (!site.function.empty() && site.line > 0 && counted)
            sites.push_back(std::move(site));
    }
    return sites;
}

}  // namespace

std::optional<ScriptFacts> scriptFactsFrom(const nlohmann::json& config, const nlohmann::json& info)
{
    if (!isScriptRunConfig(config))
        return std::nullopt;
    ScriptFacts facts;
    const Json script = recordedValueOr(config, "script", Json::object());
    for (const Json& argument : listAt(script, "command"))
        if (argument.is_string())
            facts.command.push_back(argument.get<std::string>());
    const Json probed = recordedValueOr(info, "script", Json::object());
    facts.python = recordedValueOr<std::string>(probed, "python", "");
    facts.torch = recordedValueOr<std::string>(probed, "torch", "");
    facts.recurrent = recurrentModulesFrom(info);
    facts.conversions = conversionSitesFrom(info);
    return facts;
}

}  // namespace es
