// Runs one UTF-8 input through every public UTS #46 entry point (UTF-8,
// UTF-16 and UTF-32 overloads, _detailed, caller buffer, explain) and
// brings the answers to one shape, so an advisory regression can assert
// "the same in every API" in one loop (tests/hostile/advisories_test.cpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny::test {

// One entry point's answer, with its output and error offset translated to
// UTF-8 bytes of the input (the UTF-16 and UTF-32 overloads count code
// units and code points).
struct outcome {
  std::string form;               // e.g. "to_ascii(u16string_view)"
  status first;                   // first error, as returned
  std::size_t offset8 = 0;        // first.offset in UTF-8 bytes of the input
  std::vector<status> all;        // every error (the _detailed forms only)
  std::string value;              // output (best effort for to_unicode), UTF-8
  bool ok() const { return first.ok(); }
};

// Byte offset in `utf8` of the code point or UTF-16 code unit at `units`.
inline std::size_t utf8_offset(std::string_view utf8, std::size_t units, bool utf16) {
  std::size_t pos = 0;
  std::size_t count = 0;
  while (pos < utf8.size() && count < units) {
    char32_t c = 0;
    if (!unicode::next_utf8(utf8, pos, c)) return std::string_view::npos;
    count += (utf16 && c > 0xFFFF) ? 2 : 1;
  }
  return count == units ? pos : std::string_view::npos;
}

inline outcome make_outcome(std::string form, const status& s, std::string value) {
  outcome o;
  o.form = std::move(form);
  o.first = s;
  o.offset8 = s.offset;
  o.value = std::move(value);
  return o;
}

// Every to_ascii form.  The UTF-16 and UTF-32 overloads only when the input
// is well-formed UTF-8 (there is nothing to transcode otherwise).
inline std::vector<outcome> every_to_ascii(const std::string& in, const idna::options& opt) {
  std::vector<outcome> out;
  const result<std::string> r = idna::to_ascii(in, opt);
  out.push_back(make_outcome("to_ascii(string_view)", r.status, r.value));
  const idna::detailed d = idna::to_ascii_detailed(in, opt);
  out.push_back(make_outcome("to_ascii_detailed", d.errors.first, d.output));
  out.back().all = d.errors.all;
  const idna::trace t = idna::explain_to_ascii(in, opt);
  out.push_back(make_outcome("explain_to_ascii", t.result.errors.first, t.result.output));
  out.back().all = t.result.errors.all;
  // Caller buffer of exactly the size the allocating form needs (or 0).
  const std::size_t capacity = r.value.size();
  std::unique_ptr<char[]> buf(new char[capacity + 1]);
  std::size_t written = 0;
  const status sb = idna::to_ascii(in, buf.get(), capacity, written, opt);
  out.push_back(make_outcome("to_ascii(char* buffer)", sb, std::string(buf.get(), written)));

  std::u32string u32;
  if (!unicode::utf8_to_utf32(in, u32).ok()) return out;
  std::u16string u16;
  (void)unicode::utf32_to_utf16(u32, u16);
  const result<std::string> r16 = idna::to_ascii(std::u16string_view(u16), opt);
  out.push_back(make_outcome("to_ascii(u16string_view)", r16.status, r16.value));
  out.back().offset8 = utf8_offset(in, r16.status.offset, true);
  const result<std::string> r32 = idna::to_ascii(std::u32string_view(u32), opt);
  out.push_back(make_outcome("to_ascii(u32string_view)", r32.status, r32.value));
  out.back().offset8 = utf8_offset(in, r32.status.offset, false);
  return out;
}

// The URL Standard's domain to Unicode (the URL family) never fails on what
// ToUnicode records: every form returns ok with the input as its value, and
// to_unicode_detailed lists the errors as validation errors.  Checked here;
// then each outcome carries the first recorded error (offset in UTF-8, as
// to_unicode_detailed gives it) so that a test checks what ToUnicode found
// the same way under every preset.
inline void recorded_as_validation_errors(const std::string& in, const std::vector<status>& recorded,
                                          std::vector<outcome>& forms) {
  for (outcome& o : forms) {
    EXPECT_TRUE(o.first.ok()) << o.form << ": " << to_string(o.first);
    EXPECT_EQ(o.value, in) << o.form;
    o.first = recorded.front();
    o.offset8 = recorded.front().offset;
    if (o.form == "to_unicode_detailed") o.all = recorded;
  }
}

// Every to_unicode form (outputs in UTF-8).
inline std::vector<outcome> every_to_unicode(const std::string& in, const idna::options& opt) {
  std::vector<outcome> out;
  const result<std::string> r = idna::to_unicode(in, opt);
  out.push_back(make_outcome("to_unicode(string_view)", r.status, r.value));
  const idna::detailed d = idna::to_unicode_detailed(in, opt);
  out.push_back(make_outcome("to_unicode_detailed", d.errors.first, d.best_effort));
  out.back().all = d.errors.all;
  const std::size_t capacity = r.value.size();
  std::unique_ptr<char[]> buf(new char[capacity + 1]);
  std::size_t written = 0;
  const status sb = idna::to_unicode(in, buf.get(), capacity, written, opt);
  out.push_back(make_outcome("to_unicode(char* buffer)", sb, std::string(buf.get(), written)));

  std::u32string u32;
  if (!unicode::utf8_to_utf32(in, u32).ok()) return out;
  std::u16string u16;
  (void)unicode::utf32_to_utf16(u32, u16);
  const result<std::u16string> r16 = idna::to_unicode(std::u16string_view(u16), opt);
  std::u32string back32;
  (void)unicode::utf16_to_utf32(r16.value, back32);
  std::string back8;
  (void)unicode::utf32_to_utf8(back32, back8);
  out.push_back(make_outcome("to_unicode(u16string_view)", r16.status, back8));
  out.back().offset8 = utf8_offset(in, r16.status.offset, true);
  const result<std::u32string> r32 = idna::to_unicode(std::u32string_view(u32), opt);
  back8.clear();
  (void)unicode::utf32_to_utf8(r32.value, back8);
  out.push_back(make_outcome("to_unicode(u32string_view)", r32.status, back8));
  out.back().offset8 = utf8_offset(in, r32.status.offset, false);
  if (opt.url_family() && d.errors.all.empty() && !d.validation_errors.empty())
    recorded_as_validation_errors(in, d.validation_errors, out);
  return out;
}

// Both families.
inline std::vector<outcome> every_entry_point(const std::string& in, const idna::options& opt) {
  std::vector<outcome> all = every_to_ascii(in, opt);
  for (outcome& o : every_to_unicode(in, opt)) all.push_back(std::move(o));
  return all;
}

inline bool has_error_at(const std::vector<status>& all, errc code, std::size_t offset) {
  for (const status& s : all)
    if (s.code == code && s.offset == offset) return true;
  return false;
}

// The presets and a few flag sets between them.
struct named_options {
  const char* name;
  idna::options opt;
};
inline std::vector<named_options> every_preset() {
  idna::options transitional;
  transitional.transitional_processing = true;
  idna::options lenient;  // every check off
  lenient.check_hyphens = false;
  lenient.check_bidi = false;
  lenient.check_joiners = false;
  idna::options ignore_invalid;
  ignore_invalid.ignore_invalid_punycode = true;
  idna::options forbid = idna::registration;  // a host-list tool's setting
  forbid.allow_underscore = true;
  forbid.forbid_domain_code_points = true;
  return {{"uts46_default", idna::uts46_default}, {"registration", idna::registration},
          {"url", idna::url},                     {"url_strict", idna::url_strict},
          {"transitional", transitional},         {"lenient", lenient},
          {"ignore_invalid_punycode", ignore_invalid},
          {"registration+allow_underscore+forbid_domain_code_points", forbid}};
}

}  // namespace puny::test
