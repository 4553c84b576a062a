// engine/core/utf8.h against Unicode's definition written out the slow way: a sequence is
// well-formed when its bits decode to a code point of its length's range that is no surrogate
// and no more than U+10FFFF, and an ill-formed sequence's maximal subpart is the longest prefix
// that some continuation bytes would still complete. Every sequence of up to three bytes is
// checked, and the four-byte ones over every lead and second byte.
#include "engine/core/utf8.h"

#include <QtTest>

#include <array>
#include <cstdint>
#include <string>

namespace {

bool isContinuation(unsigned char byte)
{
    return (byte & 0xC0) == 0x80;
}

/// The length a lead byte's high bits announce, whatever the code point: 0 for a continuation
/// byte or 0xF8 and above.
std::size_t announcedLength(unsigned char lead)
{
    if (lead < 0x80)
        return 1;
    if ((lead & 0xE0) == 0xC0)
        return 2;
    if ((lead & 0xF0) == 0xE0)
        return 3;
    if ((lead & 0xF8) == 0xF0)
        return 4;
    return 0;
}

/// Whether the first `length` bytes of `bytes` are one well-formed sequence, by decoding them.
bool decodesWell(const std::string& bytes, std::size_t length)
{
    const auto lead = static_cast<unsigned char>(bytes[0]);
    if (length == 0 || announcedLength(lead) != length || bytes.size() < length)
        return false;
    static constexpr std::array<std::uint32_t, 5> kLeadMask = {0, 0x7F, 0x1F, 0x0F, 0x07};
    static constexpr std::array<std::uint32_t, 5> kSmallest = {0, 0, 0x80, 0x800, 0x10000};
    std::uint32_t codePoint = lead & kLeadMask[length];
    for (std::size_t i = 1; i < length; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[i]);
        if (!isContinuation(byte))
            return false;
        codePoint = (codePoint << 6) | (byte & 0x3F);
    }
    const bool surrogate = codePoint >= 0xD800 && codePoint <= 0xDFFF;
    return codePoint >= kSmallest[length] && codePoint <= 0x10FFFF && !surrogate;
}

/// The length of the well-formed sequence at the start of `bytes`, or 0.
std::size_t slowSequenceLength(const std::string& bytes)
{
    const std::size_t length = announcedLength(static_cast<unsigned char>(bytes[0]));
    return decodesWell(bytes, length) ? length : 0;
}

bool completableSlowly(const std::string& prefix);

/// Whether some continuation bytes after `prefix` make a well-formed sequence; the answers for
/// prefixes of one and two bytes are kept, which the exhaustive loops ask millions of times.
bool completable(const std::string& prefix)
{
    static std::array<std::int8_t, 256 * 256 + 256> known = [] {
        std::array<std::int8_t, 256 * 256 + 256> unknown{};
        unknown.fill(-1);
        return unknown;
    }();
    if (prefix.size() > 2)
        return completableSlowly(prefix);
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(prefix[i]); };
    const std::size_t slot = prefix.size() == 1 ? byte(0) : 256 + byte(0) * 256 + byte(1);
    if (known[slot] < 0)
        known[slot] = completableSlowly(prefix) ? 1 : 0;
    return known[slot] == 1;
}

bool completableSlowly(const std::string& prefix)
{
    const std::size_t length = announcedLength(static_cast<unsigned char>(prefix[0]));
    if (length < prefix.size() || length == 0)
        return false;
    if (length == prefix.size())
        return decodesWell(prefix, length);
    for (int next = 0x80; next <= 0xBF; ++next)
        if (completable(prefix + static_cast<char>(next)))
            return true;
    return false;
}

/// The maximal subpart at the start of `bytes`: its longest completable prefix, at least 1.
std::size_t slowMaximalSubpart(const std::string& bytes)
{
    std::size_t longest = 1;
    for (std::size_t k = 1; k <= bytes.size() && k <= 4; ++k)
        if (completable(bytes.substr(0, k)))
            longest = k;
    return longest;
}

}  // namespace

class TestUtf8 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void examples_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("sequence");
        QTest::addColumn<int>("subpart");
        QTest::newRow("ascii") << QByteArray("a") << 1 << 1;
        QTest::newRow("two bytes") << QByteArray("\xC3\xA9") << 2 << 2;
        QTest::newRow("overlong two") << QByteArray("\xC0\xAF") << 0 << 1;
        QTest::newRow("three bytes") << QByteArray("\xE2\x82\xAC") << 3 << 3;
        QTest::newRow("three cut short") << QByteArray("\xE2\x82") << 0 << 2;
        QTest::newRow("three then ascii") << QByteArray("\xE2\x82z") << 0 << 2;
        QTest::newRow("overlong three") << QByteArray("\xE0\x80\x80") << 0 << 1;
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 0 << 1;
        QTest::newRow("four bytes") << QByteArray("\xF0\x9F\x98\x80") << 4 << 4;
        QTest::newRow("four cut short") << QByteArray("\xF0\x9F\x98") << 0 << 3;
        QTest::newRow("beyond U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0 << 1;
        QTest::newRow("F5") << QByteArray("\xF5\x80\x80\x80") << 0 << 1;
        QTest::newRow("stray continuation") << QByteArray("\x80") << 0 << 1;
    }

    void examples()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, sequence);
        QFETCH(int, subpart);
        const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        QCOMPARE(static_cast<int>(es::utf8SequenceLength(text, 0)), sequence);
        const int expectedSubpart = sequence > 0 ? sequence : subpart;
        QCOMPARE(static_cast<int>(es::utf8MaximalSubpartLength(text, 0)), expectedSubpart);
    }

    void everySequenceOfUpToThreeBytes()
    {
        std::size_t checked = 0;
        std::string bytes(3, '\0');
        for (int a = 0x80; a <= 0xFF; ++a)
            for (int b = 0; b <= 0xFF; ++b)
                for (int c = 0; c <= 0xFF; ++c) {
                    bytes[0] = static_cast<char>(a);
                    bytes[1] = static_cast<char>(b);
                    bytes[2] = static_cast<char>(c);
                    // Also cut short: the same bytes ending after the first or second.
                    for (std::size_t size : {std::size_t{1}, std::size_t{2}, std::size_t{3}}) {
                        if (size < 3 && c != 0)
                            continue;
                        if (size < 2 && b != 0)
                            continue;
                        const std::string part = bytes.substr(0, size);
                        const std::size_t sequence = es::utf8SequenceLength(part, 0);
                        if (sequence != slowSequenceLength(part))
                            QFAIL(qPrintable(QByteArray::fromStdString(part).toHex(' ')));
                        if (sequence == 0 &&
                            es::utf8MaximalSubpartLength(part, 0) != slowMaximalSubpart(part))
                            QFAIL(qPrintable(QByteArray::fromStdString(part).toHex(' ')));
                        ++checked;
                    }
                }
        QCOMPARE(checked, std::size_t{128} * (256 * 256 + 256 + 1));
    }

    void fourByteSequences()
    {
        std::string bytes(4, '\0');
        for (int a = 0xF0; a <= 0xFF; ++a)
            for (int b = 0; b <= 0xFF; ++b)
                for (int c : {0x00, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0})
                    for (int d : {0x00, 0x80, 0xBF, 0xC0}) {
                        bytes = {static_cast<char>(a), static_cast<char>(b), static_cast<char>(c),
                                 static_cast<char>(d)};
                        const std::size_t sequence = es::utf8SequenceLength(bytes, 0);
                        if (sequence != slowSequenceLength(bytes))
                            QFAIL(qPrintable(QByteArray::fromStdString(bytes).toHex(' ')));
                        if (sequence == 0 &&
                            es::utf8MaximalSubpartLength(bytes, 0) != slowMaximalSubpart(bytes))
                            QFAIL(qPrintable(QByteArray::fromStdString(bytes).toHex(' ')));
                    }
    }

    void firstInvalidByte()
    {
        QCOMPARE(es::firstInvalidUtf8("plain"), std::string_view::npos);
        QCOMPARE(es::firstInvalidUtf8("caf\xC3\xA9 \xE2\x82"), std::size_t{6});
        QCOMPARE(es::firstInvalidUtf8("ok \xED\xA0\x80"), std::size_t{3});
    }
};

QTEST_APPLESS_MAIN(TestUtf8)
#include "tst_utf8.moc"
