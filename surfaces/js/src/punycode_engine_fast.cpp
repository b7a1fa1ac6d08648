// puny for JavaScript: the Punycode engine of the UTS #46 and display
// modules: puny::punycode's own choice, the short-string and long-string
// engines specialised for speed (some 20 KB of code more than the compact one).
#include "module.hpp"
#include "puny/punycode.hpp"

namespace {

// At least the short-string engine's working room.
std::size_t decode_room() { return 32; }

puny::bootstring::buffer_result encode_code_points(std::u32string_view in, char* out, std::size_t capacity) {
  return puny::punycode::encode(in, out, capacity);
}

// No short route: the engines built for speed decode every label.
int decode_short_utf16(std::string_view, char16_t*) { return -1; }
const std::size_t short_room = 0;

puny::bootstring::buffer_result decode_code_points(std::string_view in, char32_t* out, std::size_t capacity) {
  return puny::punycode::decode(in, out, capacity);
}

}  // namespace
