// puny for JavaScript: what the files of the module share (surfaces/js/src/).
//
// The module is built at several levels, each from its own list of
// files (surfaces/js/CMakeLists.txt), never from #if inside a file:
//
//   punycode  Punycode and punycode.js's domain functions (the package's
//             `puny/punycode` entry: no Unicode tables): memory_heap_top.cpp,
//             error_rows_punycode.cpp, punycode_engine_compact.cpp,
//             vocabulary_punycode.cpp and the common files
//   puny      + UTS #46 / IDNA2008, presets and explain (`puny`):
//             memory_malloc.cpp, error_rows_all.cpp,
//             punycode_engine_fast.cpp, idna_exports.cpp, presets.cpp,
//             explain_exports.cpp, error_record_export.cpp,
//             vocabulary_idna.cpp and the common files
//   display   + display safety and UTS #39 skeletons (`puny/display`):
//             the puny level's files with display_exports.cpp and
//             vocabulary_display.cpp for vocabulary_idna.cpp
//   hunt      lookalike hunting (`puny/display`'s huntIndex): the common
//             files, memory_malloc.cpp, error_rows_all.cpp,
//             punycode_engine_compact.cpp, display_exports.cpp,
//             hunt_exports.cpp and vocabulary_hunt.cpp
//   email     e-mail addresses (`puny/email`, `puny/formats`): see
//             surfaces/js/CMakeLists.txt
//
// Common files: text.cpp, output.cpp, errors.cpp, punycode_exports.cpp,
// vocabulary.cpp.  Each level compiles as one unit (CMake's unity build), so
// the hot paths inline across files as they did in one file.
//
// Strings cross as the JavaScript string's own UTF-16 code units, unchanged:
// a lone surrogate reaches the library (which reports it as
// errc::invalid_utf16 at its index) instead of being replaced by U+FFFD on
// the way in.  Every offset handed back is an index into the caller's
// JavaScript string (UTF-16 code units), whatever unit the C++ API counts in.
//
// Every function is a plain C export (Module._puny_js_*) on scratch buffers,
// with no binding library: the input is the first `n` code units of g_input,
// the output is written into g_output, and the result is the output's length
// or a negative code (below).  Structured results (errors, traces, the
// registry) come back as JSON text that the JavaScript side parses, which
// keeps the module and its glue small.  The module is single-threaded, so one
// error record serves every call: a failed call returns -1 and the
// JavaScript side then asks for it (puny_js_last_error).
//
// The files declare and define everything in the unnamed namespace, as the
// one file did: each level is one unit, so the functions keep internal
// linkage and the inlining the size budgets were set with (with external
// linkage the Punycode-only module grew by 2.2 KB).  A file is therefore
// compiled only as part of its level's unit, never by itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error_table.hpp"
#include "json_writer.hpp"
#include "memory.hpp"
#include "puny/bootstring.hpp"
#include "puny/status.hpp"

// PUNY_WASM_COLD (set per level by surfaces/js/CMakeLists.txt): code off
// the hot paths of the Punycode-only module (error records, the
// vocabulary, decoding non-ASCII input, which always fails) is optimized
// there for size, the rest at the build's level: -Oz for all of it would
// make Punycode 1.5-2x slower.
#ifndef PUNY_WASM_COLD
#error "PUNY_WASM_COLD is set by surfaces/js/CMakeLists.txt"
#endif

namespace {

// Results other than a length.
constexpr int failed = -1;            // the error is in puny_js_last_error()
constexpr int same_as_input = -2;     // the output is the input itself: nothing to read back
constexpr int unknown_name = -4;      // a display profile the library does not have

// ---- Text (text.cpp): UTF-16 <-> UTF-8 with offsets in UTF-16 code units ----
puny::status to_utf8(std::u16string_view in, std::string& out);
std::u16string to_utf16(std::string_view utf8);
PUNY_WASM_COLD std::size_t utf16_index(std::string_view utf8, std::size_t offset);
PUNY_WASM_COLD std::size_t utf16_index(std::u32string_view cps, std::size_t index);


// utf16_index for many offsets of one input, mostly ascending (a trace's
// mappings and errors, a decision's labels and findings): it counts on from
// the previous offset, so n offsets cost O(n + input), where utf16_index
// each cost O(n * input) (issue 44: explain and display were quadratic in
// the number of labels).  A smaller offset starts over.
class utf16_cursor {
 public:
  explicit utf16_cursor(std::string_view utf8) : utf8_(utf8) {}
  std::size_t operator()(std::size_t offset) {
    if (offset > utf8_.size()) offset = utf8_.size();
    if (offset < byte_) byte_ = units_ = 0;
    for (; byte_ < offset; ++byte_) {
      const auto b = static_cast<unsigned char>(utf8_[byte_]);
      if ((b & 0xC0) != 0x80) units_ += b >= 0xF0 ? 2 : 1;
    }
    return units_;
  }

 private:
  std::string_view utf8_;
  std::size_t byte_ = 0, units_ = 0;
};


// ---- The caller's input and the call's output (output.cpp) ----
extern buffer<char16_t> g_input;
extern buffer<char16_t> g_output;
extern buffer<char32_t> g_code_points;  // scratch: UTF-32
extern buffer<char> g_bytes;            // scratch: ASCII / UTF-8 bytes
std::u16string_view input_view(int n);
// The input's first n code units as UTF-8 into `out`; on ill-formed UTF-16
// the call's error is set (with `source`, as fail) and false returned.
bool input_as_utf8(int n, std::string& out, puny::error_source source = puny::error_source::punycode);
int put_output(std::u16string_view units);
int put_output_ascii(std::string_view bytes);
int put_output(std::u32string_view cps);
PUNY_WASM_COLD std::size_t utf8_to_scratch(std::string_view utf8);
PUNY_WASM_COLD int put_output_utf8(std::string_view utf8);
PUNY_WASM_COLD int put_json();

// The input as bytes in `out` when it is ASCII.
template <class Bytes>
bool narrow_ascii(std::u16string_view in, Bytes& out) {
  out.resize(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] >= 0x80) return false;
    out.data()[i] = static_cast<char>(in[i]);
  }
  return true;
}

// ---- The error record (errors.cpp; its rows: error_rows_*.cpp) ----
const puny::detail::error_info* error_row(puny::errc code);
// The UTS #46 code of an error of `row` from `source` (the core's rule).
std::string_view uts46_code_of(const puny::detail::error_info* row, const puny::status& s,
                               puny::error_source source);
PUNY_WASM_COLD void write_error(json_writer& w, const puny::status& s, std::size_t offset,
                                puny::error_source source, std::string_view message = {});

struct last_error {
  puny::status status;
  std::size_t offset = 0;  // UTF-16 code units
  puny::error_source source = puny::error_source::punycode;
  buffer<char> message;    // a malformed display list: "topDomains:3: ..."
};
extern last_error g_error;

void clear_error();
// `source`: the Punycode paths' by default (an error whose row has no UTS
// #46 code, an ill-formed input or a list's, has none from any source).
void set_error(const puny::status& s, std::size_t utf16_offset,
               puny::error_source source = puny::error_source::punycode);
std::u16string fail(const puny::status& s, std::size_t utf16_offset,
                    puny::error_source source = puny::error_source::punycode);
// UTS #46 processing's errors as a JSON array, offsets in UTF-16 code units.
void write_errors(json_writer& w, const std::vector<puny::status>& all, utf16_cursor& at);
void write_errors(json_writer& w, const std::vector<puny::status>& all, std::string_view utf8);

// The general path: a function of the whole input string.
template <class F>
int general(std::u16string_view in, F fn) {
  const std::u16string result = fn(in);
  if (!g_error.status.ok()) return failed;
  return put_output(std::u16string_view(result));
}

// ---- Punycode (punycode_exports.cpp; its engine: punycode_engine_*.cpp) ----
puny::bootstring::buffer_result encode_code_points(std::u32string_view in, char* out, std::size_t capacity);
puny::bootstring::buffer_result decode_code_points(std::string_view in, char32_t* out, std::size_t capacity);
std::size_t decode_room();  // room the decoder needs beyond its input's length
// The level's short route to UTF-16 (room for in.size() + short_room units
// at out): the output's length, or -1 when the caller must decode with
// decode_scratch.
int decode_short_utf16(std::string_view in, char16_t* out);
extern const std::size_t short_room;
puny::bootstring::buffer_result encode_scratch(std::size_t count);
puny::bootstring::buffer_result decode_scratch(std::string_view in);

// ---- Bulk forms (punycode_exports.cpp; the IDNA ones in idna_exports.cpp) ----
extern buffer<char16_t> g_bulk_input;
extern buffer<std::int32_t> g_bulk_lengths;
extern buffer<char16_t> g_bulk_output;
extern buffer<char> g_bulk_bytes;  // puny_js_encode_many's outputs (ASCII)
int append_output(int r);

template <class CharT, class One>
int convert_many(int count, One one) {
  g_bulk_output.clear();
  g_bulk_bytes.clear();
  const auto* input = reinterpret_cast<const CharT*>(g_bulk_input.data());
  std::int32_t* lengths = g_bulk_lengths.data();
  std::size_t at = 0;
  for (int i = 0; i < count; ++i) {
    if (lengths[i] < 0) {
      lengths[i] = failed;
      continue;
    }
    const auto length = static_cast<std::size_t>(lengths[i]);
    lengths[i] = one(std::basic_string_view<CharT>(input + at, length));
    at += length;
  }
  // The outputs' size: code units in g_bulk_output, or bytes in g_bulk_bytes
  // for the encoder (one is empty).
  return static_cast<int>(g_bulk_output.size() + g_bulk_bytes.size());
}

// ---- The vocabulary (vocabulary.cpp; each level's part: vocabulary_*.cpp) ----
// What the level adds to {unicodeVersion}: presets, display profiles.
void write_level_vocabulary(json_writer& w);
// The core's preset registry (presets.cpp), for the IDNA levels.
void write_presets(json_writer& w);
// The display profiles and reasons (display_exports.cpp).
void write_display_vocabulary(json_writer& w);

}  // namespace
