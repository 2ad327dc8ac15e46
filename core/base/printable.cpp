#include "core/base/printable.h"

#include <algorithm>
#include <cstdio>

namespace core {

std::size_t utf8SequenceLength(std::string_view s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return 1;
    std::size_t extra = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        extra = 1;
    else if (c == 0xE0) {
        extra = 2;
        lo = 0xA0;
    } else if (c == 0xED) {
        extra = 2;
        hi = 0x9F;
    } else if (c >= 0xE1 && c <= 0xEF)
        extra = 2;
    else if (c == 0xF0) {
        extra = 3;
        lo = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3)
        extra = 3;
    else if (c == 0xF4) {
        extra = 3;
        hi = 0x8F;
    } else
        return 0;
    if (i + extra >= s.size()) return 0;
    for (std::size_t k = 1; k <= extra; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if (cc < (k == 1 ? lo : 0x80) || cc > (k == 1 ? hi : 0xBF)) return 0;
    }
    return extra + 1;
}

namespace {

char32_t decode(std::string_view s, std::size_t i, std::size_t n)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (n == 1) return c;
    char32_t cp = c & (0xFF >> (n + 1));
    for (std::size_t k = 1; k < n; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return cp;
}

/// Code points that change how a terminal or a bidirectional renderer shows the text around them.
bool isHidden(char32_t cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) // C0, DEL, C1 (CSI 0x9B, OSC 0x9D)
        || (cp >= 0x200E && cp <= 0x200F) // LRM, RLM
        || (cp >= 0x202A && cp <= 0x202E) // embeddings and overrides
        || (cp >= 0x2066 && cp <= 0x2069) // isolates
        || cp == 0x061C || cp == 0xFEFF; // Arabic letter mark, BOM / ZWNBSP
}

std::string escaped(std::string_view text, std::size_t maxBytes)
{
    std::string out;
    out.reserve(std::min(text.size(), maxBytes) + 16);
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t n = utf8SequenceLength(text, i);
        if (i + std::max<std::size_t>(n, 1) > maxBytes) break;
        char buf[16];
        if (n == 0) {
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[i]));
            out += buf;
            ++i;
            continue;
        }
        const char32_t cp = decode(text, i, n);
        if (isHidden(cp)) {
            if (cp < 0x80)
                std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
            else
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    if (i < text.size()) out += "…(+" + std::to_string(text.size() - i) + " bytes)";
    return out;
}

} // namespace

std::string printable(std::string_view text, std::size_t maxBytes)
{
    return escaped(text, maxBytes);
}

std::string escapeControls(std::string_view text)
{
    return escaped(text, std::string_view::npos);
}

std::size_t firstInvalidUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8SequenceLength(text, i);
        if (n == 0) return i;
        i += n;
    }
    return std::string_view::npos;
}

bool isUtf8(std::string_view text)
{
    return firstInvalidUtf8(text) == std::string_view::npos;
}

std::string toUtf8(std::string_view text)
{
    if (isUtf8(text)) return std::string(text);
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8SequenceLength(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
            ++i;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    return out;
}

} // namespace core
