#pragma once
// What every fuzz target checks besides the sanitizers: a broken expectation aborts (libFuzzer keeps
// the input that did it), and no message a user may read carries a control byte (a hostile input
// must not reach the terminal).

#include <cstdlib>
#include <string_view>

namespace fuzz {

inline void require(bool condition)
{
    if (!condition) std::abort();
}

/// C0 controls other than line feed and tab, and DEL.
inline bool hasControlBytes(std::string_view s)
{
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return true;
    }
    return false;
}

} // namespace fuzz
