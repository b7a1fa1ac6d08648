// puny for JavaScript: the Punycode engine of the Punycode-only module, built
// for size (bootstring/compact_engine.hpp: the same outputs and errors as
// the library's, in one code path); its entry point is held to a size
// budget (surfaces/js/test/sizes.test.mjs).
#include "bootstring/compact_engine.hpp"
#include "module.hpp"
#include "puny/punycode.hpp"

namespace {

// Punycode's constants, with an error naming only an ASCII character itself:
// decode_utf16 names any other from the caller's UTF-16 input, which keeps
// the engines' UTF-8 reader (rfc3492_steps.hpp, code_point_at) out of this
// module's size budget.
struct punycode_profile : puny::bootstring::detail::constant_profile<puny::punycode::profile> {
  static char32_t error_code_point(const char* text, std::size_t, std::size_t pos) {
    const auto c = static_cast<unsigned char>(text[pos]);
    return c < 0x80 ? c : puny::no_code_point;
  }
};
// The same for the decoder's general route, as parameters read at run time:
// what the short route gives up on (errors, code points above U+FFFF, long
// labels) is rare, and its code then has one path instead of checked and
// unchecked, 32-bit and 64-bit ones.
struct punycode_general_profile : puny::bootstring::detail::runtime_profile {
  static char32_t error_code_point(const char* text, std::size_t size, std::size_t pos) {
    return punycode_profile::error_code_point(text, size, pos);
  }
};
std::size_t decode_room() { return 0; }
buffer<std::uint64_t> g_engine_scratch;

std::uint64_t* engine_scratch(std::size_t length) {
  return g_engine_scratch.reserve(puny::bootstring::compact::scratch_words(length));
}

puny::bootstring::buffer_result encode_code_points(std::u32string_view in, char* out, std::size_t capacity) {
  return puny::bootstring::compact::encode(punycode_profile{}, in, out, capacity, engine_scratch(in.size()));
}

// A label straight to UTF-16 (compact::decode_short): no code point
// buffer, no second pass to convert it.  A label it gives up on (an error,
// a code point beyond U+FFFF, a long input) goes through decode_code_points.
int decode_short_utf16(std::string_view in, char16_t* out) {
  return static_cast<int>(puny::bootstring::compact::decode_short<char16_t>(punycode_profile{}, in, out));
}
const std::size_t short_room = puny::bootstring::compact::short_block;
// Room in g_output for any short route's output from the start (decode_ascii
// may not grow it).
const bool g_output_ready = g_output.reserve(puny::bootstring::compact::insertion_limit + short_room) != nullptr;

puny::bootstring::buffer_result decode_code_points(std::string_view in, char32_t* out, std::size_t capacity) {
  return puny::bootstring::compact::decode(punycode_general_profile{{puny::punycode::profile}}, in, out, capacity,
                                           engine_scratch(in.size()));
}

}  // namespace
