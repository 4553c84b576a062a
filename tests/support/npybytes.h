#pragma once

// Small .npy files written byte by byte, for tests that need a valid array without NumPy.

#include <QtCore/QByteArray>
#include <QtCore/QFile>
#include <QtCore/QString>

#include <vector>

namespace es::test {

/// A version 1.0 .npy header for a C-order array of `descr` ("<f4") and `shape` ("(4, 3)").
inline QByteArray npyHeader(const QByteArray& descr, const QByteArray& shape)
{
    QByteArray dict =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    // NumPy pads the header so that the data starts on a 64-byte boundary.
    while ((10 + dict.size() + 1) % 64 != 0)
        dict += ' ';
    dict += '\n';
    QByteArray header("\x93NUMPY\x01\x00", 8);
    header += char(dict.size() & 0xff);
    header += char(dict.size() >> 8);
    return header + dict;
}

/// The bytes of `values` as this machine stores them.
template <typename T>
QByteArray bytesOf(const std::vector<T>& values)
{
    return QByteArray(reinterpret_cast<const char*>(values.data()),
                      static_cast<qsizetype>(values.size() * sizeof(T)));
}

/// A float32 .npy of `shape` ("(8, 4, 2)") holding `count` values 0, 0.01, 0.02, ...
inline bool writeFloatNpy(const QString& path, const QByteArray& shape, int count)
{
    std::vector<float> values(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        values[static_cast<std::size_t>(i)] = static_cast<float>(i) * 0.01f;
    QFile file(path);
    const QByteArray bytes = npyHeader("<f4", shape) + bytesOf(values);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

}  // namespace es::test
