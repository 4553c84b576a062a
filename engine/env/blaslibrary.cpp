#include "engine/env/blaslibrary.h"

#include <link.h>

#include <filesystem>
#include <vector>

namespace es {

namespace {

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

std::string fileName(std::string_view path)
{
    const std::size_t slash = path.rfind('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool isBlasCandidate(const std::string& name)
{
    for (const char* prefix : {"libblas.so", "libopenblas", "libblis", "libmkl_rt"}) {
        if (name.rfind(prefix, 0) == 0)
            return true;
    }
    return false;
}

}  // namespace

std::string_view blasKindKey(BlasKind kind)
{
    switch (kind) {
        case BlasKind::Reference: return "reference";
        case BlasKind::OpenBlas: return "openblas";
        case BlasKind::Blis: return "blis";
        case BlasKind::Mkl: return "mkl";
        case BlasKind::Unknown: return "unknown";
        case BlasKind::NotLoaded: return "not-loaded";
    }
    return "unknown";
}

BlasLibrary classifyBlasPath(std::string_view loadedPath, std::string_view resolvedPath)
{
    BlasLibrary library;
    library.loadedPath = std::string(loadedPath);
    library.resolvedPath = std::string(resolvedPath);
    const std::string_view path = resolvedPath;
    if (contains(path, "openblas")) {
        library.kind = BlasKind::OpenBlas;
        for (const char* threading : {"openmp", "pthread", "serial"}) {
            if (contains(path, std::string("openblas-") + threading))
                library.threading = threading;
        }
    } else if (contains(path, "blis")) {
        library.kind = BlasKind::Blis;
    } else if (contains(path, "mkl")) {
        library.kind = BlasKind::Mkl;
    } else if (contains(path, "/blas/") || fileName(path).rfind("libblas.so", 0) == 0) {
        // Debian's netlib build lives in .../blas/; a bare libblas.so.3 elsewhere is the
        // reference implementation too (the optimised ones name themselves).
        library.kind = BlasKind::Reference;
    } else {
        library.kind = BlasKind::Unknown;
    }
    return library;
}

BlasLibrary detectLoadedBlas()
{
    std::vector<std::string> loaded;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
            if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0')
                static_cast<std::vector<std::string>*>(data)->emplace_back(info->dlpi_name);
            return 0;
        },
        &loaded);
    for (const std::string& path : loaded) {
        if (!isBlasCandidate(fileName(path)))
            continue;
        std::error_code error;
        const std::filesystem::path resolved = std::filesystem::canonical(path, error);
        return classifyBlasPath(path, error ? path : resolved.string());
    }
    return {};
}

}  // namespace es
