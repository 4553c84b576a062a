#pragma once

// Which BLAS library the process actually loaded. Debian's LibTorch links libblas.so.3, which
// the alternatives system points at the reference BLAS (slow), OpenBLAS, BLIS or MKL; the
// library name alone does not tell, the file it resolves to does.

#include <string>
#include <string_view>

namespace es {

enum class BlasKind { Reference, OpenBlas, Blis, Mkl, Unknown, NotLoaded };

std::string_view blasKindKey(BlasKind kind);

struct BlasLibrary {
    BlasKind kind = BlasKind::NotLoaded;
    std::string loadedPath;    ///< as the dynamic loader lists it (/usr/lib/.../libblas.so.3)
    std::string resolvedPath;  ///< after symbolic links (/usr/lib/.../openblas-openmp/libblas.so.3)
    /// "openmp", "pthread" or "serial" for OpenBLAS builds whose directory says; else empty.
    std::string threading;
};

/// Classifies a resolved library path: Debian installs the reference BLAS under `blas/`, the
/// others under directories (or file names) naming them.
BlasLibrary classifyBlasPath(std::string_view loadedPath, std::string_view resolvedPath);

/// The BLAS among the objects loaded in this process (dl_iterate_phdr): libblas.so.3, or a
/// libopenblas/libblis/libmkl_rt loaded directly. NotLoaded when there is none yet.
BlasLibrary detectLoadedBlas();

}  // namespace es
