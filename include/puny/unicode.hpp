// puny: small Unicode helpers shared by every layer.
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <string>
#include <string_view>

#include "puny/status.hpp"
#include "puny/unicode_version.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::unicode {

// The Unicode version of every generated table in this build: CMake's
// PUNY_UNICODE_VERSION (default 18.0.0), written into the generated
// puny/unicode_version.hpp; the library checks at compile time that its
// tables were made from the same version.
inline constexpr std::string_view unicode_version = PUNY_UNICODE_VERSION_STRING;

constexpr bool is_surrogate(char32_t c) noexcept { return c >= 0xD800 && c <= 0xDFFF; }
constexpr bool is_scalar_value(char32_t c) noexcept { return c <= 0x10FFFF && !is_surrogate(c); }

// Strict UTF-8 (Unicode section 3.9, table 3-7): no overlongs, no
// surrogates, nothing above U+10FFFF.  On error, status.offset is the byte
// offset of the first byte of the ill-formed sequence.
// Appends to `out`.
[[nodiscard]]
status utf8_to_utf32(std::string_view in, std::u32string& out);
// Appends; UTF-32 values that are not scalar values give invalid_code_point
// with the code point index as offset.
[[nodiscard]]
status utf32_to_utf8(std::u32string_view in, std::string& out);
// Well-formed UTF-16: a lone surrogate gives invalid_utf16 at its code unit.
[[nodiscard]]
status utf16_to_utf32(std::u16string_view in, std::u32string& out);
[[nodiscard]]
status utf32_to_utf16(std::u32string_view in, std::u16string& out);
// The same into a caller's buffer, for code that must not allocate: `out`
// has room for in.size() code points (UTF-16 to UTF-32) or 2 * in.size()
// code units (UTF-32 to UTF-16); `written` is what was written before the
// error, or all of it.
[[nodiscard]]
status utf16_to_utf32(std::u16string_view in, char32_t* out, std::size_t& written) noexcept;
[[nodiscard]]
status utf32_to_utf16(std::u32string_view in, char16_t* out, std::size_t& written) noexcept;

// Number of UTF-8 bytes of a scalar value (1..4).
constexpr std::size_t utf8_length(char32_t c) noexcept {
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

// Writes the UTF-8 form of scalar value c at p (room for 4 bytes); returns
// the number of bytes written.
inline std::size_t put_utf8(char32_t c, char* p) noexcept {
  if (c < 0x80) {
    p[0] = static_cast<char>(c);
    return 1;
  }
  if (c < 0x800) {
    p[0] = static_cast<char>(0xC0 | (c >> 6));
    p[1] = static_cast<char>(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    p[0] = static_cast<char>(0xE0 | (c >> 12));
    p[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    p[2] = static_cast<char>(0x80 | (c & 0x3F));
    return 3;
  }
  p[0] = static_cast<char>(0xF0 | (c >> 18));
  p[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
  p[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  p[3] = static_cast<char>(0x80 | (c & 0x3F));
  return 4;
}

// Decodes one UTF-8 sequence starting at in[pos]; on success stores the
// code point and advances pos.  Returns false (pos unchanged) when ill-formed.
bool next_utf8(std::string_view in, std::size_t& pos, char32_t& c) noexcept;

// Appends `s` as a message quotes it (a terminal, a log): printable UTF-8
// as it is, quotes and backslashes escaped with a backslash, C0 controls,
// DEL and ill-formed bytes as \xNN, C1 controls and invisible or Bidi
// format characters (soft hyphen, U+200B..U+200F, U+2028..U+202E,
// U+2060..U+2069, BOM) as \uXXXX; at most `max_bytes` bytes of `s`, then
// "...".
void append_escaped(std::string& out, std::string_view s, std::size_t max_bytes = std::string_view::npos);

// Unicode Normalization Form C (UAX #15) of this build's Unicode version.
// `s` must hold scalar values only (e.g. from utf8_to_utf32); linear in its
// length.  For callers that must normalize before an IDNA2008 check, which
// (RFC 5891 section 5.3) requires NFC but does not produce it.
std::u32string to_nfc(std::u32string_view s);

}  // namespace puny::unicode
PUNY_PUBLIC_END
