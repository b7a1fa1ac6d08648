// puny::unicode::append_escaped (puny/unicode.hpp): text quoted in a
// message, so that no raw control, ill-formed byte or invisible format
// character reaches a terminal or a log (the CLI's error lines, a brand
// list's warnings).
#include <string>
#include <string_view>

#include "puny/unicode.hpp"

namespace puny::unicode {

namespace {

// C1 controls, soft hyphen, zero-width and joiner characters, bidi controls,
// line/paragraph separators, word joiner, BOM.
bool needs_escape(char32_t c) noexcept {
  return (c >= 0x80 && c <= 0x9F) || c == 0xAD || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF;
}

}  // namespace

void append_escaped(std::string& out, std::string_view s, std::size_t max_bytes) {
  static const char hex[] = "0123456789abcdef";
  std::size_t pos = 0;
  while (pos < s.size()) {
    if (pos >= max_bytes) {
      out += "...";
      return;
    }
    const auto b = static_cast<unsigned char>(s[pos]);
    if (b >= 0x20 && b < 0x7F) {
      if (b == '"' || b == '\\') out += '\\';
      out += static_cast<char>(b);
      ++pos;
      continue;
    }
    char32_t c = 0;
    std::size_t next = pos;
    if (b >= 0x80 && next_utf8(s, next, c)) {
      if (needs_escape(c)) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4) out += hex[(c >> shift) & 0xF];
      } else {
        out.append(s.data() + pos, next - pos);
      }
      pos = next;
      continue;
    }
    // C0 control, DEL, or a byte that does not start well-formed UTF-8.
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 0xF];
    ++pos;
  }
}

}  // namespace puny::unicode
