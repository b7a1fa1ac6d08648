// puny CLI: simple case mapping for --mixed-case (RFC 3492 appendix A).
//
// Uses the library's simple case mappings (puny/case.hpp, generated from
// UnicodeData.txt like every other table, of the Unicode version the build
// selected: puny::unicode::unicode_version), so the result does not depend
// on the C library, the locale, LANG or LC_*.
#include "puny/case.hpp"

#include "cli.hpp"

namespace puny::cli {

// ASCII letters are basic code points and carry their own case, so a
// non-ASCII character never maps to ASCII here (U+0131 -> 'I' and U+212A
// KELVIN SIGN -> 'k' are not applied): the character is kept as it is.

char32_t to_upper(char32_t c) noexcept {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 0x20 : c;
  const char32_t u = unicode::simple_uppercase(c);
  return u >= 0x80 ? u : c;
}

char32_t to_lower(char32_t c) noexcept {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 0x20 : c;
  const char32_t l = unicode::simple_lowercase(c);
  return l >= 0x80 ? l : c;
}

}  // namespace puny::cli
