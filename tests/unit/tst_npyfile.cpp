#include "engine/config/configerror.h"
#include "engine/data/hostmemory.h"
#include "engine/data/npyfile.h"
#include "engine/data/npzarchive.h"
#include "tests/support/numpyscript.h"

#include <QtTest>

#include <cmath>
#include <cstring>

namespace {

// Writes the test files with NumPy itself and a manifest.json describing each: the expected
// values are NumPy's own conversion, saved as raw little-endian float32 (.f32) and int64
// (.i64) bytes, so the comparison does not go through the reader under test.
const char* const kWriter = R"PY(
import json, os, sys, zipfile
import numpy as np
np.seterr(all="ignore")  # float64 1e300 -> float32 inf is the point, not a mistake

out = sys.argv[1]
manifest = []

def values(dtype):
    n = 24
    if dtype == 'bool':
        return (np.arange(n) % 3 == 0)
    if dtype.startswith('int') or dtype.startswith('uint'):
        info = np.iinfo(dtype)
        a = (np.arange(n) * 7 - 60).astype(np.int64)
        if dtype.startswith('uint'):
            a = np.abs(a)
        a = a.astype(dtype)
        a[0], a[1] = info.min, info.max
        return a
    specials = [np.inf, -np.inf, np.nan, -0.0, 1.0 / 3.0]
    if dtype == 'float16':
        specials += [2.0 ** -24, 6.0e-5, 65504.0]
    elif dtype == 'float32':
        specials += [1e-45, 1.2e-38, 3.4e38]
    else:
        specials += [1e-300, 1e300, 5e-324]
    a = np.arange(n, dtype=np.float64) * 0.75 - 7
    a[:len(specials)] = specials
    return a.astype(dtype)

def expect(path, a, kind, archive=None, member=None, version=None):
    a = np.asarray(a)
    entry = {'file': path, 'dtype': a.dtype.name, 'shape': list(a.shape),
             'bigEndian': a.dtype.byteorder == '>',
             'fortran': bool(a.flags.f_contiguous and not a.flags.c_contiguous),
             'version': version, 'archive': archive, 'member': member}
    base = os.path.join(out, path if archive is None else archive + '.' + member)
    np.ascontiguousarray(a.astype('<f4')).tofile(base + '.f32')
    flat = a.astype(np.float64).ravel(order='C')
    bad = ~np.isfinite(flat)
    entry['nan'] = int(np.isnan(flat).sum())
    entry['inf'] = int(np.isinf(flat).sum())
    entry['firstNonFinite'] = int(np.flatnonzero(bad)[0]) if bad.any() else -1
    good = flat[~bad]
    entry['min'] = float(good.min()) if good.size else None
    entry['max'] = float(good.max()) if good.size else None
    ints_ok = a.dtype.kind in 'biu' and not (a.dtype.kind == 'u' and a.size and int(a.max()) > 2**63 - 1)
    if a.dtype.kind == 'f':
        ints_ok = bool(np.all(np.isfinite(flat)) and np.all(np.floor(flat) == flat))
    entry['ints'] = ints_ok
    if ints_ok:
        np.ascontiguousarray(a.astype('<i8')).tofile(base + '.i64')
    manifest.append(entry)

def write(path, a, version):
    with open(os.path.join(out, path), 'wb') as f:
        np.lib.format.write_array(f, a, version=version, allow_pickle=False)
    expect(path, a, 'npy', version=list(version))

dtypes = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
          'float16', 'float32', 'float64']
for dtype in dtypes:
    for order in '<>':
        for memory in 'CF':
            for version in [(1, 0), (2, 0), (3, 0)]:
                a = values(dtype).reshape(2, 3, 4)
                a = a.astype(np.dtype(dtype).newbyteorder(order))
                a = np.asfortranarray(a) if memory == 'F' else np.ascontiguousarray(a)
                write('%s_%s_%s_v%d.npy' % (dtype, 'be' if order == '>' else 'le', memory,
                                            version[0]), a, version)

shapes = [(), (5,), (2, 3), (2, 3, 4), (2, 1, 3, 2)]
for rank, shape in enumerate(shapes):
    n = int(np.prod(shape))
    for memory in 'CF':
        a = (np.arange(n, dtype=np.float32) - 3.5).reshape(shape)
        a = np.asfortranarray(a) if memory == 'F' else a
        write('rank%d_%s.npy' % (rank, memory), a, (1, 0))
for i, shape in enumerate([(0,), (3, 0), (0, 4, 2)]):
    for dtype in ['float64', 'int32']:
        write('empty%d_%s.npy' % (i, dtype), np.zeros(shape, dtype=dtype), (1, 0))
        write('empty%d_%s_F.npy' % (i, dtype), np.asfortranarray(np.zeros(shape, dtype=dtype)),
              (2, 0))
write('tokens_as_float.npy', np.array([[0, 5, 17], [3, 2, 1]], dtype=np.float64), (1, 0))

np.save(os.path.join(out, 'object.npy'), np.array([1, 'a', None], dtype=object),
        allow_pickle=True)
np.save(os.path.join(out, 'truncated.npy'), np.arange(100, dtype=np.float64))
with open(os.path.join(out, 'truncated.npy'), 'r+b') as f:
    f.truncate(128 + 400)

rng = np.random.default_rng(7)
members = {
    'x_train': rng.standard_normal((5, 4, 3)),
    'y_train': np.arange(5, dtype=np.int32),
    'x_val': rng.standard_normal((2, 4, 3)).astype(np.float32),
    'y_val': np.array([1, 0], dtype=np.uint8),
}
np.savez(os.path.join(out, 'plain.npz'), **members)
for name, a in members.items():
    expect(None, a, 'npz', 'plain.npz', name)
big = {
    'x_test': np.asfortranarray(rng.standard_normal((300, 700))),
    'y_test': np.asfortranarray(np.arange(60, dtype='>i4').reshape(3, 4, 5)),
    'halves': np.array([np.inf, np.nan, 2.0 ** -24, -0.0], dtype='>f2'),
    'direct': np.arange(300000, dtype=np.float32),
    'huge_ids': np.array([1, 2**64 - 1], dtype=np.uint64),
}
np.savez_compressed(os.path.join(out, 'compressed.npz'), **big)
for name, a in big.items():
    expect(None, a, 'npz', 'compressed.npz', name)

np.savez(os.path.join(out, 'object.npz'), fine=np.zeros(3), bad=np.array([None, 1], dtype=object))
with zipfile.ZipFile(os.path.join(out, 'badheader.npz'), 'w') as z:
    z.writestr('x_train.npy', b'\x93NUMPY\x09\x00' + b'\x00' * 64)
data = open(os.path.join(out, 'compressed.npz'), 'rb').read()
open(os.path.join(out, 'cut.npz'), 'wb').write(data[:len(data) // 2])
corrupt = bytearray(open(os.path.join(out, 'plain.npz'), 'rb').read())
at = corrupt.find(b'\x93NUMPY') + 200   # inside x_train's stored data
corrupt[at:at + 8] = b'\xff' * 8
open(os.path.join(out, 'crc.npz'), 'wb').write(bytes(corrupt))
open(os.path.join(out, 'empty.npz'), 'wb').close()
open(os.path.join(out, 'notzip.npz'), 'wb').write(b'x,y\n1,2\n')

json.dump(manifest, open(os.path.join(out, 'manifest.json'), 'w'))
)PY";

bool sameFloat(float a, float b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

template <typename T>
std::vector<T> readRaw(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    std::vector<T> values(std::size_t(bytes.size()) / sizeof(T));
    std::memcpy(values.data(), bytes.constData(), values.size() * sizeof(T));
    return values;
}

QString messageOf(const es::ConfigError& error)
{
    return QString::fromUtf8(error.what());
}

}  // namespace

// Files written by NumPy itself, read back and compared value by value with NumPy's own
// conversion; corrupt, hostile and oversized files must give errors that name the file.
class TestNpyFile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QJsonArray m_manifest;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    /// Runs `load` and checks that it throws a ConfigError whose text holds every fragment.
    template <typename Fn>
    void expectError(Fn load, const QStringList& fragments)
    {
        try {
            load();
            QFAIL("no error");
        } catch (const es::ConfigError& error) {
            for (const QString& fragment : fragments)
                QVERIFY2(messageOf(error).contains(fragment), qPrintable(messageOf(error)));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = es::test::runNumPyScript(kWriter, {m_dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QFile manifest(path("manifest.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        m_manifest = QJsonDocument::fromJson(manifest.readAll()).array();
        QVERIFY(m_manifest.size() > 150);
    }

    void loadsLikeNumPy_data()
    {
        QTest::addColumn<QJsonObject>("entry");
        for (const QJsonValue value : m_manifest) {
            const QJsonObject entry = value.toObject();
            const QString name = entry["archive"].isNull() ? entry["file"].toString()
                                                           : entry["archive"].toString() + ":" +
                                                                 entry["member"].toString();
            QTest::newRow(qPrintable(name)) << entry;
        }
    }

    void loadsLikeNumPy()
    {
        QFETCH(QJsonObject, entry);
        const bool inArchive = !entry["archive"].isNull();
        const QString file =
            inArchive ? path(entry["archive"].toString()) : path(entry["file"].toString());
        const QString expectedBase =
            inArchive ? path(entry["archive"].toString() + "." + entry["member"].toString()) : file;
        const std::string member = entry["member"].toString().toStdString();
        const auto load = [&](es::ElementKind kind) {
            return inArchive ? es::loadNpzArray(file.toStdString(), member, kind)
                             : es::loadNpyFile(file.toStdString(), kind);
        };

        std::vector<std::int64_t> shape;
        for (const QJsonValue dim : entry["shape"].toArray())
            shape.push_back(dim.toInteger());

        if (!inArchive) {
            const es::NpyArrayInfo info = es::inspectNpyFile(file.toStdString());
            QCOMPARE(info.shape, shape);
            QCOMPARE(QString::fromUtf8(es::npyDTypeName(info.dtype).data()),
                     entry["dtype"].toString());
            QCOMPARE(info.fortranOrder, entry["fortran"].toBool());
            QCOMPARE(info.versionMajor, entry["version"].toArray()[0].toInt());
            if (info.dtype != es::NpyDType::Bool && info.dtype != es::NpyDType::Int8 &&
                info.dtype != es::NpyDType::UInt8)
                QCOMPARE(info.bigEndian, entry["bigEndian"].toBool());
            const es::ArrayStats stats = es::scanNpyFile(file.toStdString());
            QCOMPARE(qint64(stats.nanCount), entry["nan"].toInteger());
            QCOMPARE(qint64(stats.infCount), entry["inf"].toInteger());
            QCOMPARE(qint64(stats.firstNonFiniteIndex), entry["firstNonFinite"].toInteger());
            if (entry["min"].isNull()) {
                QVERIFY(std::isnan(stats.min));
            } else {
                QCOMPARE(stats.min, entry["min"].toDouble());
                QCOMPARE(stats.max, entry["max"].toDouble());
            }
        }

        const es::HostArray floats = load(es::ElementKind::Float32);
        QCOMPARE(floats.shape, shape);
        QVERIFY(floats.ints.empty());
        const std::vector<float> expected = readRaw<float>(expectedBase + ".f32");
        QCOMPARE(floats.floats.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (!sameFloat(floats.floats[i], expected[i]))
                QFAIL(qPrintable(QString("element %1: %2, NumPy says %3")
                                     .arg(i)
                                     .arg(double(floats.floats[i]))
                                     .arg(double(expected[i]))));
        }
        if (entry["dtype"].toString() == "float64")
            QVERIFY(QString::fromStdString(floats.note).contains("float64 converted to float32"));

        if (entry["ints"].toBool()) {
            const es::HostArray ints = load(es::ElementKind::Int64);
            QCOMPARE(ints.ints, readRaw<std::int64_t>(expectedBase + ".i64"));
        } else {
            expectError([&] { load(es::ElementKind::Int64); }, {"int64", "@byte "});
        }
    }

    void objectArraysAreRefused()
    {
        const std::string npy = path("object.npy").toStdString();
        expectError([&] { es::loadNpyFile(npy, es::ElementKind::Float32); },
                    {"object.npy@byte ", "pickled", "allow_pickle=False", ".astype(np.float32)"});
        const std::string npz = path("object.npz").toStdString();
        expectError([&] { es::loadNpzArray(npz, "bad", es::ElementKind::Float32); },
                    {"object.npz:bad.npy@byte ", "never loaded"});
        QCOMPARE(es::loadNpzArray(npz, "fine", es::ElementKind::Float32).floats.size(),
                 std::size_t(3));
    }

    void listsArchiveMembers()
    {
        const auto members = es::listNpzArrays(path("plain.npz").toStdString());
        std::vector<std::string> names;
        for (const es::NpzMember& member : members)
            names.push_back(member.name);
        QCOMPARE(names, (std::vector<std::string>{"x_train", "y_train", "x_val", "y_val"}));
        QCOMPARE(members[0].info.dtype, es::NpyDType::Float64);
        QCOMPARE(members[0].info.shape, (std::vector<std::int64_t>{5, 4, 3}));
        const es::DefaultArrays picked = es::pickDefaultArrays(names);
        QCOMPARE(picked.xTrain, std::string("x_train"));
        QCOMPARE(picked.yVal, std::string("y_val"));
        // A name given with its .npy suffix finds the same member.
        QCOMPARE(
            es::loadNpzArray(path("plain.npz").toStdString(), "y_train.npy", es::ElementKind::Int64)
                .ints,
            (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
    }

    void picksDefaults_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("picked");  // xTrain, yTrain, xVal, yVal
        QTest::newRow("train and val") << QStringList{"y_val", "x_val", "y_train", "x_train"}
                                       << QStringList{"x_train", "y_train", "x_val", "y_val"};
        QTest::newRow("test as validation")
            << QStringList{"x_train", "y_train", "x_test", "y_test"}
            << QStringList{"x_train", "y_train", "x_test", "y_test"};
        QTest::newRow("val preferred over test")
            << QStringList{"x_test", "y_test", "x_val", "y_val", "x_train"}
            << QStringList{"x_train", "", "x_val", "y_val"};
        QTest::newRow("half a validation pair is not picked")
            << QStringList{"x_train", "y_train", "x_val"}
            << QStringList{"x_train", "y_train", "", ""};
        QTest::newRow("other names")
            << QStringList{"arr_0", "arr_1"} << QStringList{"", "", "", ""};
    }

    void picksDefaults()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, picked);
        std::vector<std::string> list;
        for (const QString& name : names)
            list.push_back(name.toStdString());
        const es::DefaultArrays d = es::pickDefaultArrays(list);
        QCOMPARE(QString::fromStdString(d.xTrain), picked[0]);
        QCOMPARE(QString::fromStdString(d.yTrain), picked[1]);
        QCOMPARE(QString::fromStdString(d.xVal), picked[2]);
        QCOMPARE(QString::fromStdString(d.yVal), picked[3]);
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("member");  // empty: a .npy file
        QTest::addColumn<QStringList>("fragments");

        QTest::newRow("missing .npy")
            << "nothing.npy"
            << "" << QStringList{"nothing.npy", "No such file or directory"};
        QTest::newRow("directory") << "."
                                   << "" << QStringList{"not a regular file"};
        QTest::newRow("truncated .npy")
            << "truncated.npy"
            << "" << QStringList{"truncated.npy@byte 528", "needs 800 bytes", "found 400"};
        QTest::newRow("missing .npz")
            << "nothing.npz"
            << "x" << QStringList{"nothing.npz", "No such file or directory"};
        QTest::newRow("missing member")
            << "plain.npz"
            << "x_test" << QStringList{"no array named 'x_test'", "x_train, y_train, x_val, y_val"};
        QTest::newRow("bad member header")
            << "badheader.npz"
            << "x_train" << QStringList{"badheader.npz:x_train.npy@byte 6", "version 9.0"};
        QTest::newRow("archive cut in half") << "cut.npz"
                                             << "x_test" << QStringList{"cut.npz", "zip archive"};
        QTest::newRow("corrupt stored data")
            << "crc.npz"
            << "x_train" << QStringList{"crc.npz:x_train.npy", "CRC"};
        QTest::newRow("empty archive") << "empty.npz"
                                       << "x" << QStringList{"empty file"};
        QTest::newRow("CSV named .npz") << "notzip.npz"
                                        << "x" << QStringList{"notzip.npz", "Not a zip archive"};
    }

    void badFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, member);
        QFETCH(QStringList, fragments);
        const std::string name = path(file).toStdString();
        if (member.isEmpty()) {
            expectError([&] { es::loadNpyFile(name, es::ElementKind::Float32); }, fragments);
            if (file != ".")
                expectError([&] { es::inspectNpyFile(name); }, fragments);
        } else {
            expectError(
                [&] { es::loadNpzArray(name, member.toStdString(), es::ElementKind::Float32); },
                fragments);
        }
    }

    void refusesArraysLargerThanMemory()
    {
        // A sparse uint8 file as large as the memory available: as float32 it needs four
        // times that. The header claims the size honestly, so only the memory check refuses it.
        const auto available = es::memAvailableBytes();
        QVERIFY(available.has_value());
        const qint64 elements = qint64(*available) + 1;
        const QByteArray dict = "{'descr': '|u1', 'fortran_order': False, 'shape': (" +
                                QByteArray::number(elements) + ",), }\n";
        QByteArray header("\x93NUMPY\x01\x00", 8);
        header.append(char(dict.size() & 0xFF));
        header.append(char(dict.size() >> 8));
        header += dict;
        QFile file(path("huge.npy"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(header);
        QVERIFY(file.resize(header.size() + elements));
        file.close();
        const QString needed = QString("needs %1 bytes").arg(elements * 4);
        expectError(
            [&] { es::loadNpyFile(path("huge.npy").toStdString(), es::ElementKind::Float32); },
            {"huge.npy", needed, "available (MemAvailable"});
        QFile::remove(path("huge.npy"));
    }

    void memAvailable()
    {
        const char* meminfo =
            "MemTotal:       16000000 kB\nMemFree:  100 kB\n"
            "MemAvailable:    8000000 kB\n";
        QCOMPARE(es::parseMemAvailable(meminfo), std::optional<std::uint64_t>(8192000000ull));
        QCOMPARE(es::parseMemAvailable("MemTotal: 1 kB\n"), std::optional<std::uint64_t>());
        es::requireMemory("a.npy", "loading", 10, std::nullopt);
        es::requireMemory("a.npy", "loading", 10, 10);
        expectError([] { es::requireMemory("a.npy", "loading", 11, 10); },
                    {"a.npy", "needs 11 bytes"});
    }

    void emptyFileReads()
    {
        QFile file(path("zero.npy"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const es::InputFile opened(path("zero.npy").toStdString());
        QCOMPARE(opened.size(), std::uint64_t(0));
        QVERIFY(opened.readAll().empty());
        expectError(
            [&] { es::loadNpyFile(path("zero.npy").toStdString(), es::ElementKind::Int64); },
            {"zero.npy@byte 0", "empty file"});
    }
};

QTEST_GUILESS_MAIN(TestNpyFile)
#include "tst_npyfile.moc"
