// puny for JavaScript: the layer between the C++ library and the npm package
// (surfaces/js/lib/core.js, surfaces/js/lib/api.js).  Built only by surfaces/js/build.sh with Debian's
// emscripten, at three levels (surfaces/js/CMakeLists.txt):
//
//   PUNY_WASM_PUNYCODE_ONLY   Punycode and punycode.js's domain functions (the
//                             package's `puny/punycode` entry: no Unicode tables)
//   (default)                 + UTS #46 / IDNA2008, presets and explain (`puny`)
//   PUNY_WASM_DISPLAY         + display safety and UTS #39 skeletons (`puny/display`)
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
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/error_table.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"
#ifdef PUNY_WASM_PUNYCODE_ONLY
#include "bootstring/compact_engine.hpp"
#else
#include "explain/punycode_trace.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#endif
#ifdef PUNY_WASM_DISPLAY
#include "puny/display.hpp"
#include "puny/uts39.hpp"
#endif

// Code off the hot paths of the Punycode-only module (error records, the
// vocabulary, decoding non-ASCII input, which always fails) is optimized
// there for size, the rest at the build's level: -Oz for all of
// it would make Punycode 1.5-2x slower.
#ifdef PUNY_WASM_PUNYCODE_ONLY
#define PUNY_WASM_COLD __attribute__((minsize))
#else
#define PUNY_WASM_COLD
#endif

namespace {

// Results other than a length.
constexpr int failed = -1;            // the error is in puny_js_last_error()
constexpr int same_as_input = -2;     // the output is the input itself: nothing to read back
constexpr int unknown_name = -4;      // a display profile the library does not have

// ---- Buffers ----
// A growable array of a trivially copyable type (on malloc, or in the
// Punycode-only module on the heap's top, see below).  What every
// entry point runs (Punycode, the error record, the JSON text) is written
// on these rather than on std::basic_string, whose code would be a large
// part of the Punycode-only module (surfaces/js/test/sizes.test.mjs holds it to its
// budget); the UTS #46 levels use the library's strings as well.
//
// The Punycode-only module links no allocator: its buffers only grow, so
// they take their memory from the top of the heap instead (grow_block), a
// buffer that is the last block there growing in place and any other moving
// to the top.  A moved buffer's old block is not reused; with capacities
// that at least double, the memory held stays under twice what the buffers
// hold.  (emscripten's smallest allocator, emmalloc, is 2.6 KB of code.)
#ifdef PUNY_WASM_PUNYCODE_ONLY
}  // namespace
extern "C" {
extern unsigned char __heap_base;  // the linker's: where the heap starts
// The loader's import (surfaces/js/lib/load.js): the memory grew, so its views of
// the old buffer are stale.  emscripten's sbrk calls it; here, take_heap.
void emscripten_notify_memory_growth(std::size_t memory_index);
}
namespace {

std::uintptr_t g_heap_top = 0;  // the heap's first unused byte

// `bytes` (a multiple of 8) more at the heap's top; their address.
void* take_heap(std::size_t bytes) {
  constexpr std::uintptr_t page = 65536;
  if (g_heap_top == 0) g_heap_top = (reinterpret_cast<std::uintptr_t>(&__heap_base) + 7) & ~std::uintptr_t{7};
  const std::uintptr_t block = g_heap_top;
  const std::uintptr_t end = block + bytes;
  if (end < block) std::abort();  // past 4 GB
  const std::uintptr_t size = __builtin_wasm_memory_size(0) * page;
  if (end > size) {
    if (__builtin_wasm_memory_grow(0, (end - size + page - 1) / page) == static_cast<std::size_t>(-1))
      std::abort();  // out of memory: the loader reports it
    emscripten_notify_memory_growth(0);
  }
  g_heap_top = end;
  return reinterpret_cast<void*>(block);
}

void* grow_block(void* block, std::size_t old_bytes, std::size_t new_bytes) {
  const auto at = reinterpret_cast<std::uintptr_t>(block);
  if (block != nullptr && at + old_bytes == g_heap_top) {  // the last block: in place
    take_heap(new_bytes - old_bytes);
    return block;
  }
  void* moved = take_heap(new_bytes);
  if (old_bytes != 0) std::memcpy(moved, block, old_bytes);
  return moved;
}
void release_block(void*) {}
#else
void* grow_block(void* block, std::size_t, std::size_t new_bytes) {
  void* moved = std::realloc(block, new_bytes);
  if (moved == nullptr) std::abort();  // out of memory: the loader reports it
  return moved;
}
void release_block(void* block) { std::free(block); }
#endif

template <class T>
class buffer {
 public:
  buffer() = default;
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer() { release_block(data_); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  std::basic_string_view<T> view() const { return {data_, size_}; }
  void clear() { size_ = 0; }
  // Room for `n` elements (the contents kept); the new address is data().
  T* reserve(std::size_t n) {
    if (n > capacity_) {
      // Past what 32-bit memory can hold (no input gets here before the
      // memory runs out, but the sizes below must not wrap): the abort the
      // loader reports.
      if (n > static_cast<std::size_t>(-1) / 4 / sizeof(T)) std::abort();
      // Capacities in whole 8-byte units, as grow_block hands them out.
      std::size_t grown = std::max({n, capacity_ * 2, std::size_t{64}});
      grown = (grown * sizeof(T) + 7) / 8 * 8 / sizeof(T);
      data_ = static_cast<T*>(grow_block(data_, capacity_ * sizeof(T), grown * sizeof(T)));
      capacity_ = grown;
    }
    return data_;
  }
  void resize(std::size_t n) {
    reserve(n);
    size_ = n;
  }
  void push_back(T v) {
    reserve(size_ + 1);
    data_[size_++] = v;
  }
  void append(std::basic_string_view<T> more) {
    reserve(size_ + more.size());
    if (!more.empty()) std::memcpy(data_ + size_, more.data(), more.size() * sizeof(T));
    size_ += more.size();
  }
  buffer& operator+=(T v) {
    push_back(v);
    return *this;
  }
  buffer& operator+=(std::basic_string_view<T> more) {
    append(more);
    return *this;
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// ---- UTF-16 <-> UTF-8 with offsets kept in UTF-16 code units ----

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

// Index in UTF-16 code units of code point `index` of a UTF-32 string.
PUNY_WASM_COLD std::size_t utf16_index(std::u32string_view cps, std::size_t index) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < index && i < cps.size(); ++i) units += cps[i] > 0xFFFF ? 2 : 1;
  return units;
}

// ---- JSON text for the structured results (RFC 8259) ----
// Strings are written from UTF-32, so a code point that UTF-8 cannot carry
// (a surrogate in a Bootstring trace) travels as a \u escape; the JavaScript
// side turns the text into objects with JSON.parse.
class json_writer {
 public:
  PUNY_WASM_COLD void clear() {
    text_.clear();
    need_comma_ = false;
  }
  std::string_view text() const { return text_.view(); }

  PUNY_WASM_COLD json_writer& open_object() { return open('{'); }
  PUNY_WASM_COLD json_writer& close_object() { return close('}'); }
  PUNY_WASM_COLD json_writer& open_array() { return open('['); }
  PUNY_WASM_COLD json_writer& close_array() { return close(']'); }
  PUNY_WASM_COLD json_writer& key(std::string_view name) {
    separate();
    quoted(name);
    text_ += ':';
    need_comma_ = false;
    return *this;
  }
  // Library text, well-formed UTF-8 (so no surrogate): its bytes as they
  // are, but for the escapes JSON requires.
  PUNY_WASM_COLD json_writer& string(std::string_view utf8) {
    separate();
    text_ += '"';
    for (const char byte : utf8) {
      if (static_cast<unsigned char>(byte) < 0x20 || byte == '"' || byte == '\\')
        character(static_cast<unsigned char>(byte));
      else
        text_ += byte;
    }
    text_ += '"';
    need_comma_ = true;
    return *this;
  }
  PUNY_WASM_COLD json_writer& string(std::u32string_view cps) {
    separate();
    text_ += '"';
    for (const char32_t c : cps) character(c);
    text_ += '"';
    need_comma_ = true;
    return *this;
  }
  PUNY_WASM_COLD json_writer& number(std::uint64_t n) {
    separate();
    char digits[20];  // 2^64 - 1 has 20
    std::size_t k = 0;
    do {
      digits[k++] = static_cast<char>('0' + n % 10);
      n /= 10;
    } while (n != 0);
    while (k > 0) text_ += digits[--k];
    need_comma_ = true;
    return *this;
  }
  PUNY_WASM_COLD json_writer& boolean(bool b) { return literal(b ? "true" : "false"); }
  PUNY_WASM_COLD json_writer& null() { return literal("null"); }
  // A code point, or null when none applies (U+0000 is a code point).
  PUNY_WASM_COLD json_writer& code_point(bool has, char32_t c) { return has ? number(c) : null(); }

 private:
  PUNY_WASM_COLD json_writer& open(char c) {
    separate();
    text_ += c;
    need_comma_ = false;
    return *this;
  }
  PUNY_WASM_COLD json_writer& close(char c) {
    text_ += c;
    need_comma_ = true;
    return *this;
  }
  PUNY_WASM_COLD json_writer& literal(std::string_view word) {
    separate();
    text_ += word;
    need_comma_ = true;
    return *this;
  }
  PUNY_WASM_COLD void separate() {
    if (need_comma_) text_ += ',';
  }
  PUNY_WASM_COLD void quoted(std::string_view ascii) {
    text_ += '"';
    text_ += ascii;  // keys are ASCII identifiers
    text_ += '"';
  }
  // One character of a string: escaped where JSON requires it, and a
  // surrogate (possible in a Bootstring trace) as \u, which UTF-8 cannot carry.
  PUNY_WASM_COLD void character(char32_t c) {
    if (c == '"' || c == '\\') {
      text_ += '\\';
      text_ += static_cast<char>(c);
    } else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) {
      text_ += std::string_view("\\u");
      for (int shift = 12; shift >= 0; shift -= 4) text_ += "0123456789ABCDEF"[(c >> shift) & 0xF];
    } else {
      char bytes[4];
      text_ += std::string_view(bytes, puny::unicode::put_utf8(c, bytes));
    }
  }

  buffer<char> text_;
  bool need_comma_ = false;
};

json_writer g_json;

// ---- Errors ----

// Each error's stable name and message, from the core's table.  The
// Punycode-only module carries only the rows of the errors it can report
// (its input's UTF-16 and the Bootstring engine's), picked at compile time,
// rather than every IDNA and display error's (2 KB of its data).
#ifdef PUNY_WASM_PUNYCODE_ONLY
constexpr puny::errc reported_errors[] = {
    puny::errc::invalid_utf16,    puny::errc::invalid_code_point,
    puny::errc::buffer_too_small, puny::errc::input_too_long,
    puny::errc::bad_parameters,   puny::errc::non_basic_before_delimiter,
    puny::errc::invalid_digit,    puny::errc::truncated_number,
    puny::errc::overflow,         puny::errc::decoded_out_of_range,
    puny::errc::case_flags_mismatch};
constexpr std::size_t reported_count = sizeof reported_errors / sizeof reported_errors[0];

struct error_rows {
  puny::detail::error_info row[reported_count] = {};
  constexpr error_rows() {
    for (std::size_t i = 0; i < reported_count; ++i) row[i] = *puny::detail::find_error(reported_errors[i]);
  }
};
constexpr error_rows reported_rows{};

// A code outside the list cannot come from this module's calls; were one to,
// its record would still name it by number.
const puny::detail::error_info* error_row(puny::errc code) {
  for (const auto& r : reported_rows.row)
    if (r.code == code) return &r;
  return nullptr;
}
#else
const puny::detail::error_info* error_row(puny::errc code) { return puny::detail::find_error(code); }
#endif

// The status as the JavaScript side's error record; `offset` already in
// UTF-16 code units.  Its UTS #46 code is the core's rule for where the
// error was found (puny::error_source): UTS #46 processing its code, plain
// Punycode P4, IDNA2008 none (issue 45: as C, the CLI and Python).
PUNY_WASM_COLD void write_error(json_writer& w, const puny::status& s, std::size_t offset,
                                puny::error_source source, std::string_view message = {}) {
  w.open_object();
  const puny::detail::error_info* row = error_row(s.code);
  w.key("code");
  if (row != nullptr) w.string(row->name); else w.number(static_cast<std::uint64_t>(s.code));
#ifdef PUNY_WASM_PUNYCODE_ONLY
  (void)source;  // always Punycode's
  w.key("uts46").string(puny::detail::uts46_code(row, s, puny::error_source::punycode));
#else
  w.key("uts46").string(puny::detail::uts46_code(row, s, source));
#endif
  w.key("description").string(row != nullptr ? row->message : std::string_view());
  w.key("offset").number(offset);
  w.key("label").number(s.label);
  w.key("codePoint").code_point(s.has_code_point(), s.code_point);
  w.key("detail").number(s.detail);
  if (!message.empty()) w.key("message").string(message);
  w.close_object();
}

struct last_error {
  puny::status status;
  std::size_t offset = 0;  // UTF-16 code units
  puny::error_source source = puny::error_source::punycode;
  buffer<char> message;    // a malformed display list: "topDomains:3: ..."
};
last_error g_error;

void clear_error() {
  g_error.status = {};
  g_error.offset = 0;
  g_error.source = puny::error_source::punycode;
  g_error.message.clear();
}

// `source`: the Punycode paths' by default (an error whose row has no UTS
// #46 code, an ill-formed input or a list's, has none from any source).
void set_error(const puny::status& s, std::size_t utf16_offset,
               puny::error_source source = puny::error_source::punycode) {
  g_error.status = s;
  g_error.offset = utf16_offset;
  g_error.source = source;
  g_error.message.clear();
}

std::u16string fail(const puny::status& s, std::size_t utf16_offset,
                    puny::error_source source = puny::error_source::punycode) {
  set_error(s, utf16_offset, source);
  return {};
}

// ---- Scratch buffers ----
// The JavaScript side writes the input's code units straight into g_input and
// reads the result from g_output: no per-call allocation or string
// marshalling, which cost more than a label's conversion.
buffer<char16_t> g_input;
buffer<char16_t> g_output;

std::u16string_view input_view(int n) { return std::u16string_view(g_input.data(), static_cast<std::size_t>(n)); }

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

// ---- Punycode (RFC 3492), label level, no xn-- prefix ----

// The library's two directions on caller buffers.  The Punycode-only module
// (its entry point is held to a size budget, surfaces/js/test/sizes.test.mjs)
// runs the engine built for size (bootstring/compact_engine.hpp, the same
// outputs and errors in one code path); the other levels take
// puny::punycode's own choice, the short-string and long-string engines
// specialised for speed, some 20 KB of code more.
#ifdef PUNY_WASM_PUNYCODE_ONLY
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
constexpr std::size_t decode_room = 0;
buffer<std::uint64_t> g_engine_scratch;

std::uint64_t* engine_scratch(std::size_t length) {
  return g_engine_scratch.reserve(puny::bootstring::compact::scratch_words(length));
}

puny::bootstring::buffer_result encode_code_points(std::u32string_view in, char* out, std::size_t capacity) {
  return puny::bootstring::compact::encode(punycode_profile{}, in, out, capacity, engine_scratch(in.size()));
}

puny::bootstring::buffer_result decode_code_points(std::string_view in, char32_t* out, std::size_t capacity) {
  return puny::bootstring::compact::decode(punycode_profile{}, in, out, capacity, engine_scratch(in.size()));
}
#else
constexpr std::size_t decode_room = 32;  // at least the short-string engine's working room

puny::bootstring::buffer_result encode_code_points(std::u32string_view in, char* out, std::size_t capacity) {
  return puny::punycode::encode(in, out, capacity);
}

puny::bootstring::buffer_result decode_code_points(std::string_view in, char32_t* out, std::size_t capacity) {
  return puny::punycode::decode(in, out, capacity);
}
#endif

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
  const std::size_t capacity = in.size() + decode_room;
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
  const auto r = decode_scratch(in);
  if (!r.ok()) {
    set_error(r.status, r.status.offset);
    return failed;
  }
  return put_output(std::u32string_view(g_code_points.data(), r.size));
}

PUNY_WASM_COLD int decode_utf16(std::u16string_view in) {
  if (narrow_ascii(in, g_bytes)) return decode_ascii(g_bytes.view());
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

// The general path: a function of the whole input string.
template <class F>
int general(std::u16string_view in, F fn) {
  const std::u16string result = fn(in);
  if (!g_error.status.ok()) return failed;
  return put_output(std::u16string_view(result));
}

#ifndef PUNY_WASM_PUNYCODE_ONLY
// ---- Explain: the Bootstring steps, from the library's own coder ----

// `error_offset`: where t.status points, in UTF-16 code units.
void write_punycode_trace(json_writer& w, const puny::explain::trace& t, std::size_t error_offset) {
  w.open_object();
  w.key("direction").string(t.decoding ? "decode" : "encode");
  w.key("codePoints").open_array();
  for (char32_t c : t.code_points) w.number(c);
  w.close_array();
  w.key("basic").string(t.basic);
  w.key("delimiter");
  if (t.has_delimiter) w.string(std::string_view(&t.delimiter, 1)); else w.null();
  w.key("steps").open_array();
  for (const auto& d : t.steps) {
    w.open_object();
    w.key("codePoint").number(d.code_point);
    w.key("position").number(d.position);
    w.key("delta").number(d.delta);
    w.key("bias").number(d.bias);
    w.key("newBias").number(d.new_bias);
    w.key("digits").open_array();
    for (const auto& g : d.digits) {
      w.open_object();
      w.key("value").number(g.value);
      w.key("threshold").number(g.threshold);
      w.key("weight").number(g.weight);
      w.key("character").string(std::string_view(&g.character, 1));
      w.close_object();
    }
    w.close_array();
    if (t.decoding) {
      w.key("textAfter").string(std::u32string_view(d.text_after));
    } else {
      w.key("startsCodePoint").boolean(d.starts_code_point);
      w.key("previousN").number(d.previous_n);
      w.key("handled").number(d.handled);
      w.key("carried").number(d.carried);
      w.key("smallerBefore").number(d.smaller_before);
    }
    w.close_object();
  }
  w.close_array();
  if (t.status) {
    w.key("output").string(t.output);  // UTF-8 (decoder) or ASCII (encoder)
    w.key("error").null();
  } else {
    w.key("output").null();
    w.key("error");
    write_error(w, t.status, error_offset, puny::error_source::punycode);
  }
  w.close_object();
}

// The trace of encoding or decoding the caller's string, as JSON in g_json.
void explain_punycode(std::u16string_view input, bool decoding) {
  g_json.clear();
  std::string utf8;
  const puny::status s = to_utf8(input, utf8);
  if (!s) {  // a lone surrogate, at its code unit
    puny::explain::trace t;
    t.decoding = decoding;
    t.status = s;
    write_punycode_trace(g_json, t, s.offset);
    return;
  }
  const puny::explain::trace t =
      decoding ? puny::explain::run_decode(utf8) : puny::explain::run_encode(utf8);
  // Encoder errors count code points, decoder errors bytes of the input.
  const std::size_t at = t.decoding ? utf16_index(utf8, t.status.offset)
                                    : utf16_index(t.code_points, t.status.offset);
  write_punycode_trace(g_json, t, at);
}

// ---- IDNA (UTS #46) ----

// Option bits, in the order of puny::idna::options, and from bit 16 the
// preset's index in puny::presets() plus one (so the IDNA2008 presets,
// which are no flag set, are reachable by name); surfaces/js/lib/api.js builds them.
constexpr unsigned preset_shift = 16;

// The IDNA2008 preset the bits name, or nullptr (a UTS #46 preset).
const puny::preset* idna2008_of(unsigned bits) {
  const unsigned index = (bits >> preset_shift) & 0xFFu;
  if (index == 0 || index > puny::presets().size()) return nullptr;
  const puny::preset& p = puny::presets()[index - 1];
  return p.family == puny::preset_family::idna2008 ? &p : nullptr;
}

// The option word's flag bits are the core's (puny::option_bits, each
// flag's stable `bit` in puny::option_flags(), url_family_bit); the preset
// index above them is ignored there.
puny::idna::options options_of(unsigned bits) { return puny::options_from_bits(bits); }

unsigned option_bits(const puny::idna::options& o) { return puny::option_bits(o); }

// The core's registry (puny/presets.hpp), so the JavaScript side never
// restates it: {bits: {name or alias: option bits}, list: [{name,
// description, family}], aliases: {alias: name}, flags: [{field, bit}]}
// (the flags in bit order; surfaces/js/lib/api.js names each by its field
// in camelCase).
void write_presets(json_writer& w) {
  const auto all = puny::presets();
  w.open_object();
  w.key("bits").open_object();
  for (std::size_t i = 0; i < all.size(); ++i)
    w.key(all[i].name).number(option_bits(all[i].options) | static_cast<unsigned>(i + 1) << preset_shift);
  for (const puny::preset_alias& a : puny::preset_aliases())
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].name == a.name)
        w.key(a.alias).number(option_bits(all[i].options) | static_cast<unsigned>(i + 1) << preset_shift);
  w.close_object();
  w.key("list").open_array();
  for (const puny::preset& p : all) {
    w.open_object();
    w.key("name").string(p.name);
    w.key("description").string(p.description);
    w.key("family").string(p.family == puny::preset_family::idna2008 ? "idna2008" : "uts46");
    w.close_object();
  }
  w.close_array();
  w.key("aliases").open_object();
  for (const puny::preset_alias& a : puny::preset_aliases()) w.key(a.alias).string(a.name);
  w.close_object();
  w.key("flags").open_array();
  for (std::uint32_t bit = 1; bit != 0; bit <<= 1) {  // bit order
    for (const puny::option_flag& f : puny::option_flags()) {
      if (f.bit != bit) continue;
      w.open_object();
      w.key("field").string(f.field_name);
      w.key("bit").number(f.bit);
      w.close_object();
    }
  }
  w.close_array();
  w.close_object();
}

// An IDNA2008 preset's conversion (its errors have no UTS #46 code).
std::u16string idna2008_convert(std::u16string_view domain, const puny::preset& p, unsigned bits,
                                bool unicode) {
  std::string utf8;
  puny::status s = to_utf8(domain, utf8);
  if (!s) return fail(s, s.offset);
  const auto r = unicode ? puny::to_unicode(utf8, p, options_of(bits)) : puny::to_ascii(utf8, p, options_of(bits));
  if (!r.ok()) return fail(r.status, utf16_index(utf8, r.status.offset), puny::error_source::idna2008);
  return to_utf16(r.value);
}

// The UTF-16 entry points count offsets in code units already.
std::u16string to_ascii(std::u16string_view domain, unsigned bits) {
  clear_error();
  if (const puny::preset* p = idna2008_of(bits)) return idna2008_convert(domain, *p, bits, false);
  puny::result<std::string> r = puny::idna::to_ascii(domain, options_of(bits));
  if (!r.ok()) return fail(r.status, r.status.offset, puny::error_source::uts46);
  return std::u16string(r.value.begin(), r.value.end());
}

std::u16string to_unicode(std::u16string_view domain, unsigned bits) {
  clear_error();
  if (const puny::preset* p = idna2008_of(bits)) return idna2008_convert(domain, *p, bits, true);
  puny::result<std::u16string> r = puny::idna::to_unicode(domain, options_of(bits));
  if (!r.ok()) return fail(r.status, r.status.offset, puny::error_source::uts46);
  return std::move(r.value);
}

// UTS #46 processing's errors.
void write_errors(json_writer& w, const std::vector<puny::status>& all, utf16_cursor& at) {
  w.open_array();
  for (const auto& e : all) write_error(w, e, at(e.offset), puny::error_source::uts46);
  w.close_array();
}

void write_errors(json_writer& w, const std::vector<puny::status>& all, std::string_view utf8) {
  utf16_cursor at(utf8);
  write_errors(w, all, at);
}

// Every error and the best-effort string (the page and the error objects),
// as JSON in g_json: {output, bestEffort, errors, validationErrors}.
void detailed(std::u16string_view domain, unsigned bits, bool unicode) {
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  if (!s) {
    w.key("output").null();
    w.key("bestEffort").string("");
    w.key("errors").open_array();
    write_error(w, s, s.offset, puny::error_source::uts46);
    w.close_array();
    w.key("validationErrors").open_array().close_array();
  } else if (const puny::preset* p = idna2008_of(bits)) {  // one error at most, no best effort
    const auto r = unicode ? puny::to_unicode(utf8, *p, options_of(bits)) : puny::to_ascii(utf8, *p, options_of(bits));
    w.key("output");
    r.ok() ? w.string(r.value) : w.null();
    w.key("bestEffort");
    r.ok() ? w.string(r.value) : w.null();
    w.key("errors").open_array();
    if (!r.ok()) write_error(w, r.status, utf16_index(utf8, r.status.offset), puny::error_source::idna2008);
    w.close_array();
    w.key("validationErrors").open_array().close_array();
  } else {
    const puny::idna::detailed d = unicode ? puny::idna::to_unicode_detailed(utf8, options_of(bits))
                                           : puny::idna::to_ascii_detailed(utf8, options_of(bits));
    w.key("output");
    d.ok() ? w.string(d.output) : w.null();
    w.key("bestEffort").string(d.best_effort);
    w.key("errors");
    write_errors(w, d.errors.all, utf8);
    // The URL Standard's non-fatal validation errors (url preset).
    w.key("validationErrors");
    write_errors(w, d.validation_errors, utf8);
  }
  w.close_object();
}

// ToASCII step by step (puny::idna::explain_to_ascii), as JSON in g_json.
void explain_to_ascii(std::u16string_view domain, unsigned bits) {
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  if (!s) {
    w.key("error");
    write_error(w, s, s.offset, puny::error_source::uts46);
    w.close_object();
    return;
  }
  const puny::idna::trace t = puny::idna::explain_to_ascii(utf8, options_of(bits));
  utf16_cursor at(utf8), label_at(utf8);  // mappings ascend; so do label errors
  w.key("mappings").open_array();
  for (const auto& m : t.mappings) {
    w.open_object();
    w.key("offset").number(at(m.offset));
    w.key("codePoint").number(m.code_point);
    w.key("status").string(m.status);
    w.key("replacement").string(std::u32string_view(m.replacement));
    w.close_object();
  }
  w.close_array();
  w.key("mapped").string(std::u32string_view(t.mapped));
  w.key("normalized").string(std::u32string_view(t.normalized));
  w.key("labels").open_array();
  for (const auto& l : t.labels) {
    w.open_object();
    w.key("text").string(std::u32string_view(l.text));
    w.key("ace").boolean(l.ace);
    w.key("decoded");
    l.ace ? w.string(std::u32string_view(l.decoded)) : w.null();
    w.key("errors");
    write_errors(w, l.errors, label_at);
    w.key("ascii").string(l.ascii);
    w.close_object();
  }
  w.close_array();
  w.key("domainErrors");
  write_errors(w, t.domain_errors, utf8);
  w.key("output");
  t.result.ok() ? w.string(t.result.output) : w.null();
  w.key("bestEffort").string(t.result.best_effort);
  w.key("errors");
  write_errors(w, t.result.errors.all, utf8);
  w.key("validationErrors");
  write_errors(w, t.result.validation_errors, utf8);
  w.key("unicodeVersion").string(puny::unicode::unicode_version);
  w.close_object();
}
#endif  // !PUNY_WASM_PUNYCODE_ONLY

#ifdef PUNY_WASM_DISPLAY
// ---- Display safety (puny/display.hpp) ----
// The lists arrive as text (a browser has no files) through
// puny_js_display_list, which the JavaScript side calls only when a list's
// text changes; they stay parsed here until the next one.
struct parsed_lists {
  bool have_psl = false, have_top = false;
  puny::display::public_suffix_list psl;
  puny::display::protected_domains top;
};
parsed_lists g_lists;

// Parses `text` into `slot` (an empty text: no list); false with g_error set
// (code list_syntax, the line as its label, the message) when malformed.
template <class List>
bool parse_list(const std::string& text, bool& have, List& slot, const char* source) {
  have = false;
  if (text.empty()) return true;
  puny::display::list_error e;
  List parsed;
  if (!List::parse(text, source, parsed, e)) {
    fail(e.status, e.status.offset);
    g_error.status.label = e.line;
    g_error.message.append(e.text);
    return false;
  }
  slot = std::move(parsed);
  have = true;
  return true;
}

// The decision as JSON in g_json; false with the error record set when the
// name is not valid IDNA.
bool display_decide(std::u16string_view domain, const puny::display::profile_info& profile) {
  std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  if (!s) {
    fail(s, s.offset, puny::error_source::uts46);
    return false;
  }
  puny::display::options o;
  o.which = profile.id;
  o.suffixes = g_lists.have_psl ? &g_lists.psl : nullptr;
  o.protected_list = g_lists.have_top ? &g_lists.top : nullptr;
  const auto r = puny::display::decide(utf8, o);
  if (!r.ok()) {
    fail(r.status, utf16_index(utf8, r.status.offset), puny::error_source::uts46);
    return false;
  }
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  w.key("display").string(r.value.display);
  w.key("registrableDomain");
  r.value.registrable_domain.empty() ? w.null() : w.string(r.value.registrable_domain);
  w.key("labels").open_array();
  utf16_cursor at(utf8);  // labels, and their findings, ascend
  for (const auto& l : r.value.labels) {
    w.open_object();
    w.key("aLabel").string(l.a_label);
    w.key("uLabel").string(l.u_label);
    w.key("showUnicode").boolean(l.show_unicode);
    w.key("offset").number(at(l.offset));
    w.key("findings").open_array();
    for (const auto& f : l.findings) {
      w.open_object();
      w.key("reason").string(puny::display::to_string(f.why));
      w.key("message").string(puny::display::message(f.why));
      w.key("offset").number(at(f.offset));
      w.key("label").number(f.label);
      w.key("codePoint").code_point(f.has_code_point, f.code_point);
      w.key("step").string(f.step);
      w.key("similarTo");
      f.similar_to.empty() ? w.null() : w.string(f.similar_to);
      w.key("imitates").code_point(f.imitates != 0, f.imitates);
      w.close_object();
    }
    w.close_array();
    w.close_object();
  }
  w.close_array();
  w.close_object();
  return true;
}

void write_display_vocabulary(json_writer& w) {
  w.key("displayProfiles").open_array();
  for (const auto& p : puny::display::profiles()) {
    w.open_object();
    w.key("name").string(p.name);
    w.key("description").string(p.description);
    w.key("source").string(p.source);
    w.close_object();
  }
  w.close_array();
  w.key("displayReasons").open_array();
  for (int r = 1; r < 256; ++r) {
    const std::string_view name = puny::display::to_string(static_cast<puny::display::reason>(r));
    if (name.empty()) break;
    w.string(name);
  }
  w.close_array();
}
#endif  // PUNY_WASM_DISPLAY

#ifndef PUNY_WASM_PUNYCODE_ONLY
// punycode.js's toASCII / toUnicode of a whole domain in one call, for the
// IDNA levels (surfaces/js/lib/api.js; the same mapping as mapDomain in
// surfaces/js/lib/core.js, which the Punycode-only entry runs label by label): the
// part after the last '@', split at U+002E, U+3002, U+FF0E and U+FF61 and
// joined with '.'.  Anything unusual (an error, a non-ASCII xn-- label)
// fails with no error recorded, and the JavaScript functions go label by
// label, which gives punycode.js's exact error.
buffer<char16_t> g_compat;

constexpr bool is_separator(char16_t c) noexcept {
  return c == 0x2E || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

template <class Label>
int compat_map(int n, Label label_fn) {
  const std::u16string_view in = input_view(n);
  const std::size_t at = in.rfind(u'@');
  const std::size_t domain = at == std::u16string_view::npos ? 0 : at + 1;
  g_compat.clear();
  g_compat.append(in.substr(0, domain));
  for (std::size_t b = domain;;) {
    std::size_t e = b;
    while (e < in.size() && !is_separator(in[e])) ++e;
    if (!label_fn(in.substr(b, e - b))) return failed;
    if (e == in.size()) break;
    g_compat.push_back(u'.');
    b = e + 1;
  }
  if (g_compat.view() == in) return same_as_input;
  return put_output(g_compat.view());
}
#endif  // !PUNY_WASM_PUNYCODE_ONLY

}  // namespace

// ---- The exports ----
// The hot paths (a label to encode, an ASCII label to decode, an ASCII
// domain) run on reused buffers without allocating; the others take the
// general functions above.
extern "C" {

#ifndef PUNY_WASM_PUNYCODE_ONLY
EMSCRIPTEN_KEEPALIVE int puny_js_compat_to_ascii(int n) {
  clear_error();
  return compat_map(n, [](std::u16string_view label) {
    bool ascii = true;
    for (const char16_t c : label) ascii = ascii && c < 0x80;
    if (ascii) {
      g_compat.append(label);
      return true;
    }
    std::size_t count = 0;
    if (!puny::unicode::utf16_to_utf32(label, g_code_points.reserve(label.size()), count).ok()) return false;
    const auto r = encode_scratch(count);
    if (!r.ok()) return false;
    g_compat.append(u"xn--");
    for (std::size_t i = 0; i < r.size; ++i) g_compat.push_back(static_cast<unsigned char>(g_bytes.data()[i]));
    return true;
  });
}

EMSCRIPTEN_KEEPALIVE int puny_js_compat_to_unicode(int n) {
  clear_error();
  return compat_map(n, [](std::u16string_view label) {
    if (label.size() < 4 || label.substr(0, 4) != u"xn--") {
      g_compat.append(label);
      return true;
    }
    // label.slice(4).toLowerCase(), for ASCII (anything else: the general path).
    char* bytes = g_bytes.reserve(label.size() - 4);
    for (std::size_t i = 4; i < label.size(); ++i) {
      char16_t c = label[i];
      if (c >= 0x80) return false;
      if (c >= u'A' && c <= u'Z') c = static_cast<char16_t>(c + 32);
      bytes[i - 4] = static_cast<char>(c);
    }
    const auto r = decode_scratch(std::string_view(bytes, label.size() - 4));
    if (!r.ok()) return false;
    // Decoded code points are scalar values: the conversion cannot fail.
    std::size_t units = 0;
    const std::size_t before = g_compat.size();
    g_compat.reserve(before + 2 * r.size);
    (void)puny::unicode::utf32_to_utf16(std::u32string_view(g_code_points.data(), r.size),
                                        g_compat.data() + before, units);
    g_compat.resize(before + units);
    return true;
  });
}
#endif

// Records input_too_long at `limit` (the core's row; the JavaScript side
// refuses inputs longer than `limit` code units before they reach the
// module, surfaces/js/lib/core.js) and returns -1, so the caller reads it as
// any error.
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_too_long(int limit) {
  puny::status s;
  s.code = puny::errc::input_too_long;
  s.offset = static_cast<std::size_t>(limit);
  set_error(s, s.offset);
  return failed;
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_input(int n) {
  return reinterpret_cast<std::uintptr_t>(g_input.reserve(static_cast<std::size_t>(n)));
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_output() {
  return reinterpret_cast<std::uintptr_t>(g_output.data());
}

// How many code units fit at puny_js_output() before it moves.
EMSCRIPTEN_KEEPALIVE int puny_js_output_size() { return static_cast<int>(g_output.capacity()); }

EMSCRIPTEN_KEEPALIVE int puny_js_encode(int n) { return encode_utf16(input_view(n)); }

// Non-ASCII input (the JavaScript side writes ASCII through puny_js_decode_ascii).
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_decode(int n) { return decode_utf16(input_view(n)); }

// The decoder's input is ASCII in the common case: the JavaScript side
// writes it as bytes here (puny_js_ascii_input), which spares the widening
// and narrowing; anything else comes through g_input and puny_js_decode.
buffer<char> g_ascii_input;

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_ascii_input(int n) {
  return reinterpret_cast<std::uintptr_t>(g_ascii_input.reserve(static_cast<std::size_t>(n)));
}

EMSCRIPTEN_KEEPALIVE int puny_js_decode_ascii(int n) {
  return decode_ascii(std::string_view(g_ascii_input.data(), static_cast<std::size_t>(n)));
}

#ifndef PUNY_WASM_PUNYCODE_ONLY
}  // extern "C"

namespace {

// An ASCII domain (most host names, every ACE name) through the UTF-8
// caller-buffer forms, where byte offsets are code unit offsets.
int to_ascii_utf16(unsigned bits, std::u16string_view in) {
  clear_error();
  const auto general_ascii = [bits](std::u16string_view text) { return to_ascii(text, bits); };
  if (idna2008_of(bits) != nullptr || !narrow_ascii(in, g_bytes)) return general(in, general_ascii);
  static std::string out;
  if (out.size() < g_bytes.size() + 64) out.resize(g_bytes.size() * 2 + 64);
  std::size_t written = 0;
  const puny::status st = puny::idna::to_ascii(g_bytes.view(), out.data(), out.size(), written, options_of(bits));
  if (!st.ok()) return general(in, general_ascii);
  if (std::string_view(out.data(), written) == g_bytes.view()) return same_as_input;
  return put_output_ascii(std::string_view(out.data(), written));
}

int to_unicode_utf16(unsigned bits, std::u16string_view in) {
  clear_error();
  const auto general_unicode = [bits](std::u16string_view text) { return to_unicode(text, bits); };
  if (idna2008_of(bits) != nullptr || !narrow_ascii(in, g_bytes)) return general(in, general_unicode);
  static std::string out;
  if (out.size() < g_bytes.size() * 4 + 64) out.resize(g_bytes.size() * 4 + 64);
  std::size_t written = 0;
  const puny::status st = puny::idna::to_unicode(g_bytes.view(), out.data(), out.size(), written, options_of(bits));
  if (!st.ok()) return general(in, general_unicode);
  if (std::string_view(out.data(), written) == g_bytes.view()) return same_as_input;
  return put_output_utf8(std::string_view(out.data(), written));
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int puny_js_to_ascii(unsigned bits, int n) { return to_ascii_utf16(bits, input_view(n)); }

EMSCRIPTEN_KEEPALIVE int puny_js_to_unicode(unsigned bits, int n) { return to_unicode_utf16(bits, input_view(n)); }
#endif

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
}  // extern "C"

namespace {

buffer<char16_t> g_bulk_input;
buffer<std::int32_t> g_bulk_lengths;
buffer<char16_t> g_bulk_output;
buffer<char> g_bulk_bytes;  // puny_js_encode_many's outputs (ASCII)

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
  const auto r = decode_scratch(in);
  if (!r.ok()) return failed;
  const std::u32string_view cps(g_code_points.data(), r.size);
  const std::size_t before = g_bulk_output.size();
  std::size_t units = 0;
  (void)puny::unicode::utf32_to_utf16(cps, g_bulk_output.reserve(before + 2 * cps.size()) + before, units);
  g_bulk_output.resize(before + units);
  return static_cast<int>(units);
}

}  // namespace

extern "C" {

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

#ifndef PUNY_WASM_PUNYCODE_ONLY
EMSCRIPTEN_KEEPALIVE int puny_js_to_ascii_many(unsigned bits, int count) {
  return convert_many<char16_t>(count, [bits](std::u16string_view in) { return append_output(to_ascii_utf16(bits, in)); });
}

EMSCRIPTEN_KEEPALIVE int puny_js_to_unicode_many(unsigned bits, int count) {
  return convert_many<char16_t>(count, [bits](std::u16string_view in) { return append_output(to_unicode_utf16(bits, in)); });
}
#endif

// ---- Errors, the registry, explain and display ----

// The last failed call's error record as JSON ({code, uts46, description,
// offset, label, codePoint, detail[, message]}), or 0 when none.
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_last_error() {
  if (g_error.status.ok()) return 0;
  g_json.clear();
  write_error(g_json, g_error.status, g_error.offset, g_error.source, g_error.message.view());
  return put_json();
}


// What the module offers, as JSON: {unicodeVersion[, presets][,
// displayProfiles, displayReasons]}, asked for once at load.
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_vocabulary() {
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  w.key("unicodeVersion").string(puny::unicode::unicode_version);
#ifndef PUNY_WASM_PUNYCODE_ONLY
  w.key("presets");
  write_presets(w);
#endif
#ifdef PUNY_WASM_DISPLAY
  write_display_vocabulary(w);
#endif
  w.close_object();
  return put_json();
}

#ifndef PUNY_WASM_PUNYCODE_ONLY
// The Bootstring trace of encoding (decoding = 0) or decoding the input.
EMSCRIPTEN_KEEPALIVE int puny_js_explain_punycode(int decoding, int n) {
  explain_punycode(input_view(n), decoding != 0);
  return put_json();
}

// Every error and the best-effort output of ToASCII (unicode = 0) or
// ToUnicode under the option bits.
EMSCRIPTEN_KEEPALIVE int puny_js_detailed(unsigned bits, int unicode, int n) {
  detailed(input_view(n), bits, unicode != 0);
  return put_json();
}

EMSCRIPTEN_KEEPALIVE int puny_js_explain_to_ascii(unsigned bits, int n) {
  explain_to_ascii(input_view(n), bits);
  return put_json();
}
#endif

#ifdef PUNY_WASM_DISPLAY
// Replaces the protected domains (list 0) or the Public Suffix List (list 1)
// with the input's text (n = 0: no list).  0, or -1 when it is malformed.
EMSCRIPTEN_KEEPALIVE int puny_js_display_list(int list, int n) {
  clear_error();
  std::string text;
  const puny::status s = to_utf8(input_view(n), text);
  if (!s) {
    fail(s, s.offset);
    return failed;
  }
  const bool ok = list == 0 ? parse_list(text, g_lists.have_top, g_lists.top, "topDomains")
                            : parse_list(text, g_lists.have_psl, g_lists.psl, "psl");
  return ok ? 0 : failed;
}

// The display decision for the input under profile number `profile` (its
// index in displayProfiles), as JSON; -1 when the name is not valid IDNA,
// -4 for a profile number the library does not have.
EMSCRIPTEN_KEEPALIVE int puny_js_display_decide(int profile, int n) {
  clear_error();
  const auto all = puny::display::profiles();
  if (profile < 0 || static_cast<std::size_t>(profile) >= all.size()) return unknown_name;
  if (!display_decide(input_view(n), all[static_cast<std::size_t>(profile)])) return failed;
  return put_json();
}

// The UTS #39 skeleton of the input.
EMSCRIPTEN_KEEPALIVE int puny_js_skeleton(int n) {
  clear_error();
  std::string utf8;
  const puny::status s = to_utf8(input_view(n), utf8);
  if (!s) {
    fail(s, s.offset);
    return failed;
  }
  return put_output_utf8(puny::uts39::skeleton(utf8).value);  // well-formed input: cannot fail
}
#endif

}  // extern "C"
