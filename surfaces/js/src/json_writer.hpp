// puny for JavaScript: JSON text for the structured results (errors,
// traces, the registry), which the JavaScript side parses.
#pragma once

#include <cstdint>
#include <string_view>

#include "memory.hpp"
#include "puny/unicode.hpp"

namespace {

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

// The one writer every export shares (the module is single-threaded).
extern json_writer g_json;

}  // namespace
