// Every public UTS #46 entry point on one input, recorded as text: the
// output, the first error and every error (code, offset, label, code point,
// detail, needed) of each form.  Used to demand that the fast path and the
// forced full pipeline agree (tests/unit/fast_path_test.cpp and
// fuzz/fuzz_idna_fast_path.cpp); not part of the library.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "idna/fast_path.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny::fuzz {

inline void describe(std::string& out, const status& s) {
  out += '{';
  out += to_string(s.code);
  out += ' ' + std::to_string(s.offset) + ' ' + std::to_string(s.label) + ' ' +
         std::to_string(static_cast<unsigned long>(s.code_point)) + ' ' +
         std::to_string(static_cast<unsigned>(s.detail)) + ' ' + std::to_string(s.needed) + '}';
}

template <class Str>
void describe_value(std::string& out, const Str& v) {
  out += '[';
  for (const auto c : v) out += std::to_string(static_cast<unsigned long>(c)) + ',';
  out += ']';
}

template <class T>
void describe(std::string& out, const char* what, const result<T>& r) {
  out += what;
  describe(out, r.status);
  describe_value(out, r.value);
  out += '\n';
}

inline void describe(std::string& out, const char* what, const idna::detailed& d) {
  out += what;
  describe_value(out, d.output);
  describe_value(out, d.best_effort);
  describe(out, d.errors.first);
  for (const status& s : d.errors.all) describe(out, s);
  out += " validation";
  for (const status& s : d.validation_errors) describe(out, s);
  out += '\n';
}

// Caller-buffer forms at a few capacities (room, exact, one short, none).
template <class Into>
void describe_buffers(std::string& out, const char* what, Into&& into, std::size_t exact) {
  const std::size_t caps[] = {exact + 64, exact, exact == 0 ? 0 : exact - 1, 0};
  for (const std::size_t cap : caps) {
    std::string buf(cap + 1, '\x5A');
    std::size_t written = 777;
    const status s = into(&buf[0], cap, written);
    out += what;
    out += " cap " + std::to_string(cap) + ' ';
    describe(out, s);
    out += std::to_string(written) + ' ';
    // Only what the call reports as written is its output (the rest of the
    // buffer is scratch); the guard byte must be intact.
    describe_value(out, std::string_view(buf.data(), written <= cap ? written : 0));
    if (buf[cap] != '\x5A') out += " GUARD BYTE OVERWRITTEN";
    out += '\n';
  }
}

// Every entry point on `in` under `opt`.
inline std::string all_paths(std::string_view in, const idna::options& opt) {
  std::string out;
  const result<std::string> a = idna::to_ascii(in, opt);
  describe(out, "to_ascii", a);
  describe(out, "to_ascii_detailed", idna::to_ascii_detailed(in, opt));
  const result<std::string> u = idna::to_unicode(in, opt);
  describe(out, "to_unicode", u);
  describe(out, "to_unicode_detailed", idna::to_unicode_detailed(in, opt));
  describe_buffers(
      out, "to_ascii buffer",
      [&](char* p, std::size_t cap, std::size_t& w) { return idna::to_ascii(in, p, cap, w, opt); },
      a.value.size());
  describe_buffers(
      out, "to_unicode buffer",
      [&](char* p, std::size_t cap, std::size_t& w) { return idna::to_unicode(in, p, cap, w, opt); },
      u.value.size());
  std::u32string u32;
  if (unicode::utf8_to_utf32(in, u32).ok()) {
    std::u16string u16;
    (void)unicode::utf32_to_utf16(u32, u16);
    describe(out, "to_ascii u16", idna::to_ascii(std::u16string_view(u16), opt));
    describe(out, "to_ascii u32", idna::to_ascii(std::u32string_view(u32), opt));
    describe(out, "to_unicode u16", idna::to_unicode(std::u16string_view(u16), opt));
    describe(out, "to_unicode u32", idna::to_unicode(std::u32string_view(u32), opt));
  }
  return out;
}

// all_paths with the fast paths on, then with every call forced through the
// full pipeline; empty when they agree, else both descriptions.
inline std::string fast_path_mismatch(std::string_view in, const idna::options& opt) {
  const std::string fast = all_paths(in, opt);
  idna::detail::fast_paths_disabled.store(true, std::memory_order_relaxed);
  const std::string full = all_paths(in, opt);
  idna::detail::fast_paths_disabled.store(false, std::memory_order_relaxed);
  if (fast == full) return {};
  return "fast path:\n" + fast + "full pipeline:\n" + full;
}

}  // namespace puny::fuzz
