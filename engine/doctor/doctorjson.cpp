#include "engine/doctor/doctorjson.h"

namespace es {

namespace {

using Json = nlohmann::json;

Json gemmJson(const GemmMeasurement& measurement)
{
    return {{"n", measurement.n},
            {"repeats", measurement.repeats},
            {"best_s", measurement.bestS},
            {"gflops", gemmMeasured(measurement) ? Json(measurement.gflops) : Json()},
            {"error", measurement.error.empty() ? Json() : Json(measurement.error)}};
}

Json optionalNumber(const std::optional<double>& value)
{
    return value ? Json(*value) : Json();
}

/// {"auto": "tcmalloc", "auto_reason": ..., "available": {"system": {...}, ...}}.
Json allocatorsJson(const DoctorReport& report)
{
    Json available = Json::object();
    for (const auto& [allocator, availability] : report.allocators)
        available[std::string(allocatorKey(allocator))] = {{"available", availability.available},
                                                           {"detail", availability.detail}};
    return {{"auto", std::string(allocatorKey(report.autoAllocator.allocator))},
            {"auto_reason", report.autoAllocator.reason},
            {"available", std::move(available)}};
}

}  // namespace

nlohmann::json doctorJson(const DoctorReport& report)
{
    Json variables = Json::object();
    for (const auto& [name, value] : report.threadVariables)
        variables[name] = value;
    Json gpus = Json::array();
    for (const GpuDescription& gpu : report.gpus)
        gpus.push_back(
            {{"index", gpu.index}, {"name", gpu.name}, {"memory_total_mb", gpu.memoryTotalMb}});
    Json findings = Json::array();
    for (const Finding& finding : report.findings)
        findings.push_back(findingJson(finding));
    return {
        {"format", "epochscope-env"},
        {"format_version", 1},
        {"epochscope_version", report.epochscopeVersion},
        {"libtorch",
         {{"version", report.libtorchVersion},
          {"cpu_capability", report.cpuCapability},
          {"build_config", report.libtorchConfig}}},
        {"cpu",
         {{"model", report.cpuModel},
          {"physical_cores", report.physicalCores},
          {"logical_cores", report.logicalCores},
          {"isa_flags", report.isaFlags},
          {"flush_to_zero", report.flushToZero},
          {"denormals_are_zero", report.denormalsAreZero},
          {"can_flush_denormals", report.canFlushDenormals}}},
        {"threads",
         {{"intra_op", report.intraOpThreads},
          {"inter_op", report.interOpThreads},
          {"environment", std::move(variables)}}},
        {"blas",
         {{"kind", std::string(blasKindKey(report.blas.kind))},
          {"threading", report.blas.threading},
          {"loaded_path", report.blas.loadedPath},
          {"resolved_path", report.blas.resolvedPath}}},
        {"sgemm",
         {{"libtorch", gemmJson(report.libtorchSgemm)}, {"onednn", gemmJson(report.onednnSgemm)}}},
        {"onednn",
         {{"version", report.onednn.version},
          {"isa", report.onednn.isa},
          {"rnn_check", report.onednn.rnnCheck},
          {"rnn_error", report.onednn.rnnError},
          {"rnn_isa", report.onednn.rnnIsa},
          {"rnn_detail", report.onednn.rnnDetail}}},
        {"cpu_lstm",
         {{"backend", std::string(backendKey(report.cpuLstmBackend.backend))},
          {"backend_reason", report.cpuLstmBackend.reason},
          {"flush_denormals", report.cpuLstmDenormals.flush},
          {"flush_denormals_reason", report.cpuLstmDenormals.reason}}},
        {"allocators", allocatorsJson(report)},
        {"cuda",
         {{"built", report.cudaBuilt},
          {"available", report.cudaAvailable},
          {"device_count", report.cudaDevices},
          {"cudnn_available", report.cudnnAvailable},
          {"cudnn_version", report.cudnnVersion},
          {"pageable_copy_gb_per_s", optionalNumber(report.pageableCopyGBs)},
          {"pinned_copy_gb_per_s", optionalNumber(report.pinnedCopyGBs)}}},
        {"gpu",
         {{"nvml", report.nvmlStatus},
          {"driver_version", report.driverVersion},
          {"devices", std::move(gpus)}}},
        {"findings", std::move(findings)},
    };
}

namespace {

BlasKind blasKindFromKey(const std::string& key)
{
    for (BlasKind kind : {BlasKind::Reference, BlasKind::OpenBlas, BlasKind::Blis, BlasKind::Mkl,
                          BlasKind::NotLoaded})
        if (blasKindKey(kind) == key)
            return kind;
    return BlasKind::Unknown;
}

GemmMeasurement gemmFromJson(const Json& stored)
{
    GemmMeasurement measurement;
    measurement.n = stored.value("n", 0);
    measurement.repeats = stored.value("repeats", 0);
    measurement.bestS = stored.value("best_s", 0.0);
    const Json& gflops = stored.value("gflops", Json());
    measurement.gflops = gflops.is_number() ? gflops.get<double>() : 0.0;
    const Json& error = stored.value("error", Json());
    measurement.error = error.is_string() ? error.get<std::string>() : std::string();
    return measurement;
}

std::optional<double> optionalNumberFromJson(const Json& value)
{
    return value.is_number() ? std::optional<double>(value.get<double>()) : std::nullopt;
}

}  // namespace

std::optional<DoctorReport> parseDoctorJson(const nlohmann::json& document)
{
    if (!document.is_object() || document.value("format", std::string()) != "epochscope-env")
        return std::nullopt;
    try {
        DoctorReport report;
        const Json none = Json::object();
        report.epochscopeVersion = document.value("epochscope_version", std::string());
        const Json& libtorch = document.value("libtorch", none);
        report.libtorchVersion = libtorch.value("version", std::string());
        report.cpuCapability = libtorch.value("cpu_capability", std::string());
        const Json& cpu = document.value("cpu", none);
        report.cpuModel = cpu.value("model", std::string());
        report.physicalCores = cpu.value("physical_cores", 0);
        report.logicalCores = cpu.value("logical_cores", 0);
        report.isaFlags = cpu.value("isa_flags", std::vector<std::string>());
        report.flushToZero = cpu.value("flush_to_zero", false);
        report.denormalsAreZero = cpu.value("denormals_are_zero", false);
        report.canFlushDenormals = cpu.value("can_flush_denormals", false);
        const Json& threads = document.value("threads", none);
        report.intraOpThreads = threads.value("intra_op", 0);
        report.interOpThreads = threads.value("inter_op", 0);
        const Json variables = threads.value("environment", none);
        for (const auto& [name, value] : variables.items())
            report.threadVariables.emplace_back(name, value.get<std::string>());
        const Json& blas = document.value("blas", none);
        report.blas.kind = blasKindFromKey(blas.value("kind", std::string()));
        report.blas.threading = blas.value("threading", std::string());
        report.blas.loadedPath = blas.value("loaded_path", std::string());
        report.blas.resolvedPath = blas.value("resolved_path", std::string());
        const Json& sgemm = document.value("sgemm", none);
        report.libtorchSgemm = gemmFromJson(sgemm.value("libtorch", none));
        report.onednnSgemm = gemmFromJson(sgemm.value("onednn", none));
        const Json& onednn = document.value("onednn", none);
        report.onednn.version = onednn.value("version", std::string());
        report.onednn.isa = onednn.value("isa", std::string());
        report.onednn.rnnCheck = onednn.value("rnn_check", std::string());
        report.onednn.rnnError = onednn.value("rnn_error", 0.0);
        report.onednn.rnnIsa = onednn.value("rnn_isa", std::string());
        report.onednn.rnnDetail = onednn.value("rnn_detail", std::string());
        const Json& cuda = document.value("cuda", none);
        report.cudaBuilt = cuda.value("built", false);
        report.cudaAvailable = cuda.value("available", false);
        report.cudaDevices = cuda.value("device_count", 0);
        report.cudnnAvailable = cuda.value("cudnn_available", false);
        report.cudnnVersion = cuda.value("cudnn_version", 0L);
        report.pageableCopyGBs =
            optionalNumberFromJson(cuda.value("pageable_copy_gb_per_s", Json()));
        report.pinnedCopyGBs = optionalNumberFromJson(cuda.value("pinned_copy_gb_per_s", Json()));
        const Json& gpu = document.value("gpu", none);
        report.nvmlStatus = gpu.value("nvml", std::string());
        report.driverVersion = gpu.value("driver_version", std::string());
        for (const Json& device : gpu.value("devices", Json::array()))
            report.gpus.push_back({device.value("index", 0), device.value("name", std::string()),
                                   device.value("memory_total_mb", 0.0)});
        return report;
    } catch (const Json::exception&) {
        return std::nullopt;  // a value of the wrong type: not a document doctorJson() wrote
    }
}

}  // namespace es
