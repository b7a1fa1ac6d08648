// puny for JavaScript: UTS #46 / IDNA2008 ToASCII and ToUnicode (single,
// detailed and bulk), and punycode.js's toASCII / toUnicode of a whole
// domain in one call, for the IDNA levels.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <string>
#include <vector>

#include "idna_options.hpp"
#include "module.hpp"
#include "puny/unicode.hpp"

namespace {

// An IDNA2008 preset's conversion (its errors have no UTS #46 code).
std::u16string idna2008_convert(std::u16string_view domain, const puny::preset& p, unsigned bits,
                                bool unicode) {
  std::string utf8;
  puny::status s = to_utf8(domain, utf8);
  if (!s) return fail(s, s.offset, puny::error_source::idna2008);
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

// ---- Lone surrogates: one order of errors in every form (issue 51) ----
// The core's UTF-16 entry points (the throwing forms) record invalid_utf16 at
// a lone surrogate and go on with U+FFFD (src/idna/map.cpp), so its error
// takes its place in input order among the others.  The detailed forms work
// on UTF-8, where a lone surrogate has no encoding: they convert the input
// with U+FFFD in its place and merge the invalid_utf16 errors in at their
// code units, before any other error at the same place, as the core's
// mapping records them.  Every error's offset is then in UTF-16 code units.
struct utf16_errors {
  std::vector<puny::status> all;
  bool lone = false;  // the input had a lone surrogate
};

// `in` as UTF-8 with U+FFFD for each lone surrogate, whose errors (label:
// the count of full stops before it) go to `lone`.
void to_utf8_replacing(std::u16string_view in, std::string& utf8, std::vector<puny::status>& lone) {
  std::u16string copy(in);
  std::size_t label = 0;
  for (std::size_t i = 0; i < copy.size(); ++i) {
    const char16_t u = copy[i];
    if (u == u'.' || u == 0x3002 || u == 0xFF0E || u == 0xFF61) ++label;
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < copy.size() && copy[i + 1] >= 0xDC00 && copy[i + 1] <= 0xDFFF) {
      ++i;
      continue;
    }
    if (u < 0xD800 || u > 0xDFFF) continue;
    puny::status e;
    e.code = puny::errc::invalid_utf16;
    e.offset = i;
    e.label = label;
    e.code_point = u;
    lone.push_back(e);
    copy[i] = 0xFFFD;
  }
  (void)to_utf8(copy, utf8);
}

// `found` (offsets into `utf8`) in UTF-16 code units, with `lone` merged in.
std::vector<puny::status> merge_lone(const std::vector<puny::status>& found, std::string_view utf8,
                                     const std::vector<puny::status>& lone) {
  std::vector<puny::status> out;
  out.reserve(found.size() + lone.size());
  utf16_cursor at(utf8);
  std::size_t k = 0;
  for (puny::status e : found) {
    e.offset = at(e.offset);
    while (k < lone.size() && lone[k].offset <= e.offset) out.push_back(lone[k++]);
    out.push_back(e);
  }
  while (k < lone.size()) out.push_back(lone[k++]);
  return out;
}

void write_utf16_errors(json_writer& w, const std::vector<puny::status>& all) {
  w.open_array();
  for (const auto& e : all) write_error(w, e, e.offset, puny::error_source::uts46);
  w.close_array();
}

// as JSON in g_json: {output, bestEffort, errors, validationErrors}.
void detailed(std::u16string_view domain, unsigned bits, bool unicode) {
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  const puny::preset* p = idna2008_of(bits);
  if (!s && p != nullptr) {  // IDNA2008: the one error, as the throwing form's
    w.key("output").null();
    w.key("bestEffort").null();
    w.key("errors").open_array();
    write_error(w, s, s.offset, puny::error_source::idna2008);
    w.close_array();
    w.key("validationErrors").open_array().close_array();
  } else if (!s) {  // UTS #46 with lone surrogates (see merge_lone)
    std::vector<puny::status> lone;
    to_utf8_replacing(domain, utf8, lone);
    const puny::idna::detailed d = unicode ? puny::idna::to_unicode_detailed(utf8, options_of(bits))
                                           : puny::idna::to_ascii_detailed(utf8, options_of(bits));
    w.key("output").null();
    w.key("bestEffort").string(d.best_effort);
    w.key("errors");
    write_utf16_errors(w, merge_lone(d.errors.all, utf8, lone));
    w.key("validationErrors");
    write_errors(w, d.validation_errors, utf8);
  } else if (p != nullptr) {  // one error at most, no best effort
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

// An ASCII domain (most host names, every ACE name) through the UTF-8
// caller-buffer forms, where byte offsets are code unit offsets.  In a
// bulk call a failure there returns fast_failed: record_failure then takes
// the item's error from the detailed run (the error that decides the
// result, errors.first, which is what the general path would report), so
// an ASCII item is converted twice, not three times.
constexpr int fast_failed = -3;

int to_ascii_utf16(unsigned bits, std::u16string_view in, bool bulk = false) {
  clear_error();
  const auto general_ascii = [bits](std::u16string_view text) { return to_ascii(text, bits); };
  if (idna2008_of(bits) != nullptr || !narrow_ascii(in, g_bytes)) return general(in, general_ascii);
  static std::string out;
  if (out.size() < g_bytes.size() + 64) out.resize(g_bytes.size() * 2 + 64);
  std::size_t written = 0;
  const puny::status st = puny::idna::to_ascii(g_bytes.view(), out.data(), out.size(), written, options_of(bits));
  if (!st.ok()) return bulk ? fast_failed : general(in, general_ascii);
  if (std::string_view(out.data(), written) == g_bytes.view()) return same_as_input;
  return put_output_ascii(std::string_view(out.data(), written));
}

int to_unicode_utf16(unsigned bits, std::u16string_view in, bool bulk = false) {
  clear_error();
  const auto general_unicode = [bits](std::u16string_view text) { return to_unicode(text, bits); };
  if (idna2008_of(bits) != nullptr || !narrow_ascii(in, g_bytes)) return general(in, general_unicode);
  static std::string out;
  if (out.size() < g_bytes.size() * 4 + 64) out.resize(g_bytes.size() * 4 + 64);
  std::size_t written = 0;
  const puny::status st = puny::idna::to_unicode(g_bytes.view(), out.data(), out.size(), written, options_of(bits));
  if (!st.ok()) return bulk ? fast_failed : general(in, general_unicode);
  if (std::string_view(out.data(), written) == g_bytes.view()) return same_as_input;
  return put_output_utf8(std::string_view(out.data(), written));
}

// ---- A bulk item's failure, recorded in the pass that found it ----
// Issue 45: a failed toAsciiMany / toUnicodeMany item was converted again
// from JavaScript, once for its error and once more for every error and
// the best-effort output as JSON (about 13 us and 432 B an item).  Now the
// bulk export records them itself, as 32-bit words in g_bulk_failures,
// per failed item in item order:
//   the error the single call throws (g_error, read as itemError reads it):
//     kind (code | detail << 8 | source << 16), offset, label, code point
//     (-1: none)
//   the best-effort output: its start in g_bulk_best (-1: null), length
//   the number of errors k, then k errors as kind, offset, label, code point
// exactly the fields of `detailed` (the single call's errors and
// bestEffort), which the JavaScript side turns into objects only when read.
buffer<std::int32_t> g_bulk_failures;
buffer<char16_t> g_bulk_best;

void push_error(const puny::status& s, std::size_t offset, puny::error_source source) {
  const std::size_t at = g_bulk_failures.size();
  g_bulk_failures.resize(at + 4);
  std::int32_t* w = g_bulk_failures.data() + at;
  w[0] = static_cast<std::int32_t>(static_cast<unsigned>(s.code) | static_cast<unsigned>(s.detail) << 8 |
                                   static_cast<unsigned>(source) << 16);
  w[1] = static_cast<std::int32_t>(offset);
  w[2] = static_cast<std::int32_t>(s.label);
  w[3] = s.has_code_point() ? static_cast<std::int32_t>(s.code_point) : -1;
}

void push_best(bool present, std::string_view utf8) {
  g_bulk_failures.push_back(present ? static_cast<std::int32_t>(g_bulk_best.size()) : -1);
  const std::size_t before = g_bulk_best.size();
  if (present) {
    const std::size_t count = utf8_to_scratch(utf8);
    std::size_t units = 0;
    (void)puny::unicode::utf32_to_utf16(std::u32string_view(g_code_points.data(), count),
                                        g_bulk_best.reserve(before + 2 * count) + before, units);
    g_bulk_best.resize(before + units);
  }
  g_bulk_failures.push_back(static_cast<std::int32_t>(g_bulk_best.size() - before));
}

// After the single call's conversion failed (its error in g_error): the
// record above, with the errors and best effort of detailed() (same
// branches, same order), and the item's result, `failed`.
int record_failure(std::u16string_view domain, unsigned bits, bool unicode, bool fast) {
  // fast: the ASCII path failed (its error not recorded): the first
  // error of the detailed run, an ASCII input's offsets already UTF-16.
  if (!fast) push_error(g_error.status, g_error.offset, g_error.source);
  else push_error({}, 0, puny::error_source::uts46);
  const std::size_t primary = g_bulk_failures.size() - 4;
  static std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  const puny::preset* p = idna2008_of(bits);
  if (!s && p != nullptr) {  // as detailed(): the one error, no best effort
    push_best(false, {});
    g_bulk_failures.push_back(1);
    push_error(s, s.offset, puny::error_source::idna2008);
  } else if (!s) {  // lone surrogates (merge_lone): the first error leads
    std::vector<puny::status> lone;
    to_utf8_replacing(domain, utf8, lone);
    const puny::idna::detailed d = unicode ? puny::idna::to_unicode_detailed(utf8, options_of(bits))
                                           : puny::idna::to_ascii_detailed(utf8, options_of(bits));
    const std::vector<puny::status> all = merge_lone(d.errors.all, utf8, lone);
    push_best(true, d.best_effort);
    g_bulk_failures.push_back(static_cast<std::int32_t>(all.size()));
    for (const auto& e : all) push_error(e, e.offset, puny::error_source::uts46);
    const std::size_t end = g_bulk_failures.size();
    g_bulk_failures.resize(primary);
    push_error(all.front(), all.front().offset, puny::error_source::uts46);
    g_bulk_failures.resize(end);
  } else if (p != nullptr) {  // one error at most, no best effort
    const auto r = unicode ? puny::to_unicode(utf8, *p, options_of(bits)) : puny::to_ascii(utf8, *p, options_of(bits));
    push_best(r.ok(), r.value);
    g_bulk_failures.push_back(r.ok() ? 0 : 1);
    if (!r.ok()) push_error(r.status, utf16_index(utf8, r.status.offset), puny::error_source::idna2008);
  } else {
    const puny::idna::detailed d = unicode ? puny::idna::to_unicode_detailed(utf8, options_of(bits))
                                           : puny::idna::to_ascii_detailed(utf8, options_of(bits));
    push_best(true, d.best_effort);
    g_bulk_failures.push_back(static_cast<std::int32_t>(d.errors.all.size()));
    utf16_cursor at(utf8);
    for (const auto& e : d.errors.all) push_error(e, at(e.offset), puny::error_source::uts46);
    if (fast && !d.ok()) {
      const std::size_t end = g_bulk_failures.size();
      g_bulk_failures.resize(primary);
      push_error(d.errors.first, d.errors.first.offset, puny::error_source::uts46);
      g_bulk_failures.resize(end);
    } else if (fast) {  // (cannot happen: the general path decides, as the single call)
      g_bulk_failures.resize(primary);
      const int r = unicode ? to_unicode_utf16(bits, domain) : to_ascii_utf16(bits, domain);
      return r == failed ? record_failure(domain, bits, unicode, false) : append_output(r);
    }
  }
  return failed;
}

}  // namespace


extern "C" {

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

EMSCRIPTEN_KEEPALIVE int puny_js_to_ascii(unsigned bits, int n) { return to_ascii_utf16(bits, input_view(n)); }

EMSCRIPTEN_KEEPALIVE int puny_js_to_unicode(unsigned bits, int n) { return to_unicode_utf16(bits, input_view(n)); }

EMSCRIPTEN_KEEPALIVE int puny_js_to_ascii_many(unsigned bits, int count) {
  g_bulk_failures.clear();
  g_bulk_best.clear();
  return convert_many<char16_t>(count, [bits](std::u16string_view in) {
    const int r = to_ascii_utf16(bits, in, true);
    return r < 0 && r != same_as_input ? record_failure(in, bits, false, r == fast_failed) : append_output(r);
  });
}

EMSCRIPTEN_KEEPALIVE int puny_js_to_unicode_many(unsigned bits, int count) {
  g_bulk_failures.clear();
  g_bulk_best.clear();
  return convert_many<char16_t>(count, [bits](std::u16string_view in) {
    const int r = to_unicode_utf16(bits, in, true);
    return r < 0 && r != same_as_input ? record_failure(in, bits, true, r == fast_failed) : append_output(r);
  });
}

// The last bulk call's failure records and best-effort text (see
// record_failure), read once per batch by surfaces/js/lib/api.js.
EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_bulk_failures() { return reinterpret_cast<std::uintptr_t>(g_bulk_failures.data()); }
EMSCRIPTEN_KEEPALIVE int puny_js_bulk_failures_size() { return static_cast<int>(g_bulk_failures.size()); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_bulk_best() { return reinterpret_cast<std::uintptr_t>(g_bulk_best.data()); }
EMSCRIPTEN_KEEPALIVE int puny_js_bulk_best_size() { return static_cast<int>(g_bulk_best.size()); }

// The JSON error record ({code, uts46, description, ...}) of one kind of
// error, packed as in record_failure: what a bulk item's error shares with
// every error of its kind, read once per kind.
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_error_kind(int packed) {
  puny::status s;
  s.code = static_cast<puny::errc>(packed & 0xFF);
  s.detail = static_cast<decltype(s.detail)>((packed >> 8) & 0xFF);
  g_json.clear();
  write_error(g_json, s, 0, static_cast<puny::error_source>((packed >> 16) & 0xFF));
  return put_json();
}

// Every error and the best-effort output of ToASCII (unicode = 0) or
// ToUnicode under the option bits.
EMSCRIPTEN_KEEPALIVE int puny_js_detailed(unsigned bits, int unicode, int n) {
  detailed(input_view(n), bits, unicode != 0);
  return put_json();
}

}  // extern "C"
