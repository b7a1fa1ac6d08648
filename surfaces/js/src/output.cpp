// puny for JavaScript: the caller's input and the call's output, on
// buffers the JavaScript side reads and writes directly.
#include <emscripten/emscripten.h>

#include <algorithm>

#include "module.hpp"
#include "puny/unicode.hpp"

namespace {

json_writer g_json;

// The JavaScript side writes the input's code units straight into g_input and
// reads the result from g_output: no per-call allocation or string
// marshalling, which cost more than a label's conversion.
buffer<char16_t> g_input;
buffer<char16_t> g_output;

std::u16string_view input_view(int n) { return std::u16string_view(g_input.data(), static_cast<std::size_t>(n)); }

bool input_as_utf8(int n, std::string& out, puny::error_source source) {
  const puny::status s = to_utf8(input_view(n), out);
  if (s) return true;
  fail(s, s.offset, source);
  return false;
}

int put_output(std::u16string_view units) {
  std::copy(units.begin(), units.end(), g_output.reserve(units.size()));
  return static_cast<int>(units.size());
}

int put_output_ascii(std::string_view bytes) {
  char16_t* out = g_output.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size(); ++i) out[i] = static_cast<unsigned char>(bytes[i]);
  return static_cast<int>(bytes.size());
}

// Scalar values (the library's output) as UTF-16.  Every put_output
// reserves exactly the result's length: the JavaScript side asks for the
// buffer's new address only when a result is longer than its capacity.
int put_output(std::u32string_view cps) {
  std::size_t units = cps.size();
  for (const char32_t c : cps) units += c >= 0x10000;
  (void)puny::unicode::utf32_to_utf16(cps, g_output.reserve(units), units);
  return static_cast<int>(units);
}

buffer<char32_t> g_code_points;  // scratch: UTF-32
buffer<char> g_bytes;            // scratch: ASCII / UTF-8 bytes

// Well-formed UTF-8 (the library's output) as code points in
// g_code_points; their count.  Well-formed by construction, so the
// sequences are read by their lead byte alone (the library's validating
// decoder, unicode::next_utf8, costs a call per code point); a truncated
// sequence, which cannot occur, ends the text.
PUNY_WASM_COLD std::size_t utf8_to_scratch(std::string_view utf8) {
  char32_t* cps = g_code_points.reserve(utf8.size());
  std::size_t count = 0;
  const auto byte = [&utf8](std::size_t at) { return static_cast<char32_t>(static_cast<unsigned char>(utf8[at])); };
  for (std::size_t at = 0; at < utf8.size();) {
    const char32_t lead = byte(at);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    if (at + length > utf8.size()) break;
    switch (length) {
      case 1: cps[count++] = lead; break;
      case 2: cps[count++] = (lead & 0x1F) << 6 | (byte(at + 1) & 0x3F); break;
      case 3: cps[count++] = (lead & 0x0F) << 12 | (byte(at + 1) & 0x3F) << 6 | (byte(at + 2) & 0x3F); break;
      default:
        cps[count++] = (lead & 0x07) << 18 | (byte(at + 1) & 0x3F) << 12 | (byte(at + 2) & 0x3F) << 6 | (byte(at + 3) & 0x3F);
    }
    at += length;
  }
  return count;
}

// UTF-8 to UTF-16 into g_output (the library's output: well-formed).
PUNY_WASM_COLD int put_output_utf8(std::string_view utf8) {
  const std::size_t count = utf8_to_scratch(utf8);
  return put_output(std::u32string_view(g_code_points.data(), count));
}

// The JSON text in g_json, as the call's output.
PUNY_WASM_COLD int put_json() { return put_output_utf8(g_json.text()); }

}  // namespace


extern "C" {

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_input(int n) {
  return reinterpret_cast<std::uintptr_t>(g_input.reserve(static_cast<std::size_t>(n)));
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_output() {
  return reinterpret_cast<std::uintptr_t>(g_output.data());
}

// How many code units fit at puny_js_output() before it moves.
EMSCRIPTEN_KEEPALIVE int puny_js_output_size() { return static_cast<int>(g_output.capacity()); }

}  // extern "C"
