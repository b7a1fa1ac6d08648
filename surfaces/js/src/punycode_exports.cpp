// puny for JavaScript: Punycode (RFC 3492), label level, no xn-- prefix:
// encode, decode and their bulk forms (every level).
#include <emscripten/emscripten.h>

#include <cstdint>

#include "module.hpp"
#include "puny/unicode.hpp"

namespace {

// Encodes the code points in g_code_points into g_bytes; its status, and
// the output's length in `size`.
puny::bootstring::buffer_result encode_scratch(std::size_t count) {
  const std::u32string_view cps(g_code_points.data(), count);
  std::size_t capacity = 4 * count + 16;
  for (;;) {
    const auto r = encode_code_points(cps, g_bytes.reserve(capacity), capacity);
    if (r.status.code != puny::errc::buffer_too_small) return r;
    capacity = r.status.needed;
  }
}

// Decodes `in` (bytes) into g_code_points; its status, and the count in `size`.
puny::bootstring::buffer_result decode_scratch(std::string_view in) {
  const std::size_t capacity = in.size() + decode_room();
  return decode_code_points(in, g_code_points.reserve(capacity), capacity);
}

// The caller's UTF-16 string as code points in g_code_points (count in
// `count`); a lone surrogate is the error, at its code unit.
bool utf16_to_scratch(std::u16string_view in, std::size_t& count) {
  const puny::status s = puny::unicode::utf16_to_utf32(in, g_code_points.reserve(in.size()), count);
  if (!s) set_error(s, s.offset);
  return s.ok();
}

// Encodes the caller's string into g_output.
int encode_utf16(std::u16string_view in) {
  clear_error();
  std::size_t count = 0;
  if (!utf16_to_scratch(in, count)) return failed;
  const auto r = encode_scratch(count);
  if (!r.ok()) {  // the encoder counts code points
    set_error(r.status, utf16_index(std::u32string_view(g_code_points.data(), count), r.status.offset));
    return failed;
  }
  return put_output_ascii(std::string_view(g_bytes.data(), r.size));
}

// Decodes the caller's string (Punycode is ASCII; anything else is decoded
// as its UTF-8, so that the error names the first code point that is not
// a digit, at its offset in code units).
// Decodes ASCII (the usual Punycode), whose byte offsets are code unit offsets.
int decode_ascii(std::string_view in) {
  clear_error();
  // Straight into g_output when it has the room (the level makes room for
  // every short route's output at start): the JavaScript side reads
  // g_output's address again only when a result is longer than its
  // capacity, so the buffer must not move here for a shorter one.
  if (in.size() + short_room <= g_output.capacity()) {
    const int units = decode_short_utf16(in, g_output.data());
    if (units >= 0) return units;
  }
  const auto r = decode_scratch(in);
  if (!r.ok()) {
    set_error(r.status, r.status.offset);
    return failed;
  }
  return put_output(std::u32string_view(g_code_points.data(), r.size));
}

// (The JavaScript side sends ASCII input to decode_ascii, through
// puny_js_decode_ascii; ASCII that comes here anyway is its own UTF-8 and
// decodes to the same result and error, without a shortcut of its own.)
PUNY_WASM_COLD int decode_utf16(std::u16string_view in) {
  clear_error();
  std::size_t count = 0;
  if (!utf16_to_scratch(in, count)) return failed;
  char* bytes = g_bytes.reserve(4 * count);
  std::size_t size = 0;
  for (std::size_t i = 0; i < count; ++i) size += puny::unicode::put_utf8(g_code_points.data()[i], bytes + size);
  const std::string_view utf8(g_bytes.data(), size);
  auto r = decode_scratch(utf8);
  if (!r.ok()) {  // the decoder counts bytes
    const std::size_t at = utf16_index(utf8, r.status.offset);
    // The character an error names, from the input (a surrogate pair is
    // one code point), where the engine named none.
    const bool names_a_character = r.status.code == puny::errc::invalid_digit ||
                                   r.status.code == puny::errc::non_basic_before_delimiter;
    if (names_a_character && !r.status.has_code_point() && at < in.size()) {
      char32_t c = in[at];
      if (c >= 0xD800 && c < 0xDC00 && at + 1 < in.size() && in[at + 1] >= 0xDC00 && in[at + 1] < 0xE000)
        c = 0x10000 + ((c - 0xD800) << 10) + (in[at + 1] - 0xDC00);
      r.status.code_point = c;
    }
    set_error(r.status, at);
    return failed;
  }
  return put_output(std::u32string_view(g_code_points.data(), r.size));
}

buffer<char16_t> g_bulk_input;
buffer<std::int32_t> g_bulk_lengths;
buffer<char16_t> g_bulk_output;
buffer<char> g_bulk_bytes;  // puny_js_encode_many's outputs (ASCII)

// A single call's answer, its output (in g_output) appended to the batch's.
int append_output(int r) {
  if (r >= 0) g_bulk_output.append(std::u16string_view(g_output.data(), static_cast<std::size_t>(r)));
  return r;
}

// Punycode encoding as encode_utf16, its output appended to g_bulk_output.
int encode_into_bulk(std::u16string_view in) {
  std::size_t count = 0;
  if (!puny::unicode::utf16_to_utf32(in, g_code_points.reserve(in.size()), count).ok()) return failed;
  const auto r = encode_scratch(count);
  if (!r.ok()) return failed;
  g_bulk_bytes.append(std::string_view(g_bytes.data(), r.size));
  return static_cast<int>(r.size);
}

// Punycode decoding as decode_ascii, its code points appended to
// g_bulk_output as UTF-16.
int decode_into_bulk(std::string_view in) {
  const std::size_t at = g_bulk_output.size();
  const int direct = decode_short_utf16(in, g_bulk_output.reserve(at + in.size() + short_room) + at);
  if (direct >= 0) {
    g_bulk_output.resize(at + static_cast<std::size_t>(direct));
    return direct;
  }
  // Where the level has a short route, what it gives up on (an error, a
  // code point above U+FFFF, a long label: a few in a hundred) is left to
  // the single call, as a failed item is, which gives its output or error.
  if (short_room > 0) return failed;
  const auto r = decode_scratch(in);
  if (!r.ok()) return failed;
  const std::u32string_view cps(g_code_points.data(), r.size);
  const std::size_t before = g_bulk_output.size();
  std::size_t units = 0;
  (void)puny::unicode::utf32_to_utf16(cps, g_bulk_output.reserve(before + 2 * cps.size()) + before, units);
  g_bulk_output.resize(before + units);
  return static_cast<int>(units);
}

// The decoder's input is ASCII in the common case: the JavaScript side
// writes it as bytes here (puny_js_ascii_input), which spares the widening
// and narrowing; anything else comes through g_input and puny_js_decode.
buffer<char> g_ascii_input;

}  // namespace


extern "C" {

EMSCRIPTEN_KEEPALIVE int puny_js_encode(int n) { return encode_utf16(input_view(n)); }

// Non-ASCII input (the JavaScript side writes ASCII through puny_js_decode_ascii).
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_decode(int n) { return decode_utf16(input_view(n)); }

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_ascii_input(int n) {
  return reinterpret_cast<std::uintptr_t>(g_ascii_input.reserve(static_cast<std::size_t>(n)));
}

EMSCRIPTEN_KEEPALIVE int puny_js_decode_ascii(int n) {
  return decode_ascii(std::string_view(g_ascii_input.data(), static_cast<std::size_t>(n)));
}

// ---- Bulk forms: one call for many strings ----
// The JavaScript side writes a batch's strings one after another into
// g_bulk_input, as code units, or as bytes for the Punycode decoder (whose
// input is ASCII, as the single call's puny_js_decode_ascii), and each
// string's length into g_bulk_lengths (so U+0000 and lone surrogates need
// no special case; -1 for a string it could not write in bytes).  Each item
// goes through the function its single call uses, and what that call would
// return is written over the item's length: the output's length (the
// output appended to g_bulk_output, or to g_bulk_bytes for the encoder's
// ASCII), same_as_input, or failed (the item is left to its single call,
// which records its error).  The JavaScript side reads all the outputs with
// one decoder call.  A crossing into the module costs little in today's
// engines; what a batch saves is the single call's work around the
// conversion (putting, taking, reading each output), not conversion work.

// Room for a batch of `units` code units and `count` lengths; the input's
// address (the lengths' is puny_js_bulk_lengths()).
EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_bulk_input(int units, int count) {
  g_bulk_lengths.reserve(static_cast<std::size_t>(count));
  return reinterpret_cast<std::uintptr_t>(g_bulk_input.reserve(static_cast<std::size_t>(units)));
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_bulk_lengths() { return reinterpret_cast<std::uintptr_t>(g_bulk_lengths.data()); }

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_bulk_output() {
  return reinterpret_cast<std::uintptr_t>(g_bulk_output.data());
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_bulk_bytes() { return reinterpret_cast<std::uintptr_t>(g_bulk_bytes.data()); }

EMSCRIPTEN_KEEPALIVE int puny_js_encode_many(int count) { return convert_many<char16_t>(count, encode_into_bulk); }

EMSCRIPTEN_KEEPALIVE int puny_js_decode_many(int count) { return convert_many<char>(count, decode_into_bulk); }

}  // extern "C"
