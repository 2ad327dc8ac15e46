#pragma once
// Text taken from input (file names, keys, values, model names) made safe to show: on a terminal
// an ESC or OSC sequence in a scenario name could clear the screen or retitle the window, a
// right-to-left override could make a message lie about its content, and a 500 KB key would bury
// the message.

#include <cstddef>
#include <string>
#include <string_view>

namespace core {

/// The longest piece of input a message repeats, in bytes (longer input is cut, saying by how much).
inline constexpr std::size_t kMaxEchoBytes = 120;

/// `text` with C0/C1 control characters, DEL, bidirectional overrides and isolates, and bytes that
/// are not UTF-8 escaped (\x1b, \u202e, \xff), and cut after `maxBytes` bytes of input on a
/// character boundary with "…(+N bytes)". Printable UTF-8 (Chinese, emoji) passes unchanged.
[[nodiscard]] std::string printable(std::string_view text, std::size_t maxBytes = kMaxEchoBytes);

/// Length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629: no overlongs, no
/// surrogates, at most U+10FFFF), or 0 if none starts there.
[[nodiscard]] std::size_t utf8SequenceLength(std::string_view s, std::size_t i);

/// The offset of the first byte of `text` that does not begin a well-formed UTF-8 sequence
/// (utf8SequenceLength()), npos when there is none.
[[nodiscard]] std::size_t firstInvalidUtf8(std::string_view text);
/// Whether `text` is well-formed UTF-8 throughout.
[[nodiscard]] bool isUtf8(std::string_view text);

/// `text` with every byte that does not begin a well-formed UTF-8 sequence replaced by U+FFFD: text
/// for a JSON, CSV, Markdown or TOML file, which must be UTF-8, from bytes that might not be. The
/// last line of defence: text is checked where it enters, and a path is written as a file URI.
[[nodiscard]] std::string toUtf8(std::string_view text);

/// printable() without a length limit: for output whose length is already bounded (a scenario name
/// of at most 200 bytes in a text report).
[[nodiscard]] std::string escapeControls(std::string_view text);

} // namespace core
