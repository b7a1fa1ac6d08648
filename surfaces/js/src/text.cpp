// puny for JavaScript: UTF-16 <-> UTF-8 with offsets kept in UTF-16 code units.
#include <string>
#include <string_view>

#include "module.hpp"
#include "puny/unicode.hpp"

namespace {

// The caller's string as UTF-8, or the status of its first lone surrogate
// (offset in code units).
puny::status to_utf8(std::u16string_view in, std::string& out) {
  std::u32string cps;
  puny::status s = puny::unicode::utf16_to_utf32(in, cps);
  if (!s) return s;
  out.clear();
  return puny::unicode::utf32_to_utf8(cps, out);
}

std::u16string to_utf16(std::string_view utf8) {
  std::u32string cps;
  (void)puny::unicode::utf8_to_utf32(utf8, cps);  // library output: always well-formed
  std::u16string out;
  (void)puny::unicode::utf32_to_utf16(cps, out);
  return out;
}

// Index in UTF-16 code units of byte `offset` of a well-formed UTF-8 string:
// each lead byte of a 4-byte sequence is two code units, other lead bytes one.
PUNY_WASM_COLD std::size_t utf16_index(std::string_view utf8, std::size_t offset) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < offset && i < utf8.size(); ++i) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if ((b & 0xC0) == 0x80) continue;
    units += b >= 0xF0 ? 2 : 1;
  }
  return units;
}

// Index in UTF-16 code units of code point `index` of a UTF-32 string.
PUNY_WASM_COLD std::size_t utf16_index(std::u32string_view cps, std::size_t index) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < index && i < cps.size(); ++i) units += cps[i] > 0xFFFF ? 2 : 1;
  return units;
}

}  // namespace
