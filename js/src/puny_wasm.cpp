// puny for JavaScript: the embind layer between the C++ library and the npm
// package (js/lib/api.js).  Built only by js/build.sh with Debian's emscripten.
//
// Strings cross as the JavaScript string's own UTF-16 code units, unchanged:
// a lone surrogate reaches the library (which reports it as
// errc::invalid_utf16 at its index) instead of being replaced by U+FFFD on
// the way in.  Every offset handed back is an index into the caller's
// JavaScript string (UTF-16 code units), whatever unit the C++ API counts in.
//
// The per-name conversions are raw exports on scratch buffers (puny_js_*,
// below) and report errors through one record (the module is
// single-threaded): a failed call returns -1 and the JavaScript side then
// asks for lastError().  That keeps the common path free of embind dispatch,
// of allocation per call and of object construction.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "explain/punycode_trace.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"
#ifndef PUNY_WASM_NO_IDNA
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/uts39.hpp"
#endif

namespace {

using emscripten::val;

// ---- UTF-16 <-> UTF-8 with offsets kept in UTF-16 code units ----

// The caller's string as UTF-8, or the status of its first lone surrogate
// (offset in code units).
puny::status to_utf8(const std::u16string& in, std::string& out) {
  std::u32string cps;
  puny::status s = puny::unicode::utf16_to_utf32(in, cps);
  if (!s) return s;
  out.clear();
  return puny::unicode::utf32_to_utf8(cps, out);
}

std::u16string to_utf16(std::string_view utf8) {
  std::u32string cps;
  puny::unicode::utf8_to_utf32(utf8, cps);  // library output: always well-formed
  std::u16string out;
  puny::unicode::utf32_to_utf16(cps, out);
  return out;
}

std::u16string to_utf16(std::u32string_view cps) {
  std::u16string out;
  puny::unicode::utf32_to_utf16(cps, out);
  return out;
}

// Index in UTF-16 code units of byte `offset` of a well-formed UTF-8 string:
// each lead byte of a 4-byte sequence is two code units, other lead bytes one.
std::size_t utf16_index(std::string_view utf8, std::size_t offset) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < offset && i < utf8.size(); ++i) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if ((b & 0xC0) == 0x80) continue;
    units += b >= 0xF0 ? 2 : 1;
  }
  return units;
}

// Index in UTF-16 code units of code point `index` of a UTF-32 string.
std::size_t utf16_index(std::u32string_view cps, std::size_t index) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < index && i < cps.size(); ++i) units += cps[i] > 0xFFFF ? 2 : 1;
  return units;
}

// ---- Errors ----

std::string uts46_code_of(const puny::status& s) {
#ifndef PUNY_WASM_NO_IDNA
  return std::string(puny::idna::uts46_code(s));
#else
  (void)s;
  return {};
#endif
}

// The status as the JavaScript side's error record; `offset` already in
// UTF-16 code units.  The UTS #46 code is given for IDNA calls only (for a
// plain Punycode call the library would name decoding errors P4).
val error_value(const puny::status& s, std::size_t offset, bool idna) {
  val e = val::object();
  e.set("code", std::string(puny::to_string(s.code)));
  e.set("uts46", idna ? uts46_code_of(s) : std::string());
  e.set("description", std::string(puny::message(s.code)));
  e.set("offset", static_cast<double>(offset));
  e.set("label", static_cast<double>(s.label));
  e.set("codePoint", s.has_code_point() ? val(static_cast<double>(s.code_point)) : val::null());
  e.set("detail", static_cast<double>(s.detail));
  return e;
}

struct last_error {
  puny::status status;
  std::size_t offset = 0;  // UTF-16 code units
  bool idna = false;
};
last_error g_error;

std::u16string fail(const puny::status& s, std::size_t utf16_offset, bool idna = false) {
  g_error.status = s;
  g_error.offset = utf16_offset;
  g_error.idna = idna;
  return {};
}

val last_error_value() {
  if (g_error.status.ok()) return val::null();
  return error_value(g_error.status, g_error.offset, g_error.idna);
}

// ---- Scratch buffers for the hot paths ----
// The JavaScript side writes the input's code units straight into g_input and
// reads the result from g_output: no per-call allocation or embind string
// marshalling, which cost more than a label's conversion.
std::u16string g_input;
std::u16string g_output;

// ---- Punycode (RFC 3492), label level, no xn-- prefix ----

std::u16string encode(const std::u16string& input) {
  g_error = {};
  std::u32string cps;
  puny::status s = puny::unicode::utf16_to_utf32(input, cps);
  if (!s) return fail(s, s.offset);
  puny::result<std::string> r = puny::punycode::encode(cps);
  if (!r.ok()) return fail(r.status, utf16_index(cps, r.status.offset));
  return std::u16string(r.value.begin(), r.value.end());
}

bool is_ascii(const std::u16string& s) {
  for (char16_t c : s)
    if (c >= 0x80) return false;
  return true;
}

std::u16string decode(const std::u16string& input) {
  g_error = {};
  std::string utf8;
  if (is_ascii(input)) {  // the usual case: byte offsets are code unit offsets
    utf8.assign(input.begin(), input.end());
  } else {
    puny::status s = to_utf8(input, utf8);
    if (!s) return fail(s, s.offset);
  }
  puny::result<std::u32string> r = puny::punycode::decode(utf8);
  if (!r.ok()) return fail(r.status, utf16_index(utf8, r.status.offset));
  return to_utf16(r.value);
}

// ---- Explain: the Bootstring steps, from the library's own coder ----

val punycode_trace_value(const puny::explain::trace& t, std::string_view input_utf8) {
  val out = val::object();
  out.set("direction", std::string(t.decoding ? "decode" : "encode"));
  val cps = val::array();
  for (char32_t c : t.code_points) cps.call<void>("push", static_cast<double>(c));
  out.set("codePoints", cps);
  out.set("basic", to_utf16(t.basic));
  out.set("delimiter", t.has_delimiter ? val(std::string(1, t.delimiter)) : val::null());
  val steps = val::array();
  for (const auto& d : t.steps) {
    val step = val::object();
    step.set("codePoint", static_cast<double>(d.code_point));
    step.set("position", static_cast<double>(d.position));
    step.set("delta", static_cast<double>(d.delta));
    step.set("bias", d.bias);
    step.set("newBias", d.new_bias);
    val digits = val::array();
    for (const auto& g : d.digits) {
      val digit = val::object();
      digit.set("value", g.value);
      digit.set("threshold", g.threshold);
      digit.set("weight", static_cast<double>(g.weight));
      digit.set("character", std::string(1, g.character));
      digits.call<void>("push", digit);
    }
    step.set("digits", digits);
    if (t.decoding) {
      step.set("textAfter", to_utf16(std::u32string_view(d.text_after)));
    } else {
      step.set("startsCodePoint", d.starts_code_point);
      step.set("previousN", static_cast<double>(d.previous_n));
      step.set("handled", static_cast<double>(d.handled));
      step.set("carried", static_cast<double>(d.carried));
      step.set("smallerBefore", static_cast<double>(d.smaller_before));
    }
    steps.call<void>("push", step);
  }
  out.set("steps", steps);
  if (t.status) {
    out.set("output", t.decoding ? to_utf16(t.output) : std::u16string(t.output.begin(), t.output.end()));
    out.set("error", val::null());
  } else {
    // Encoder errors count code points, decoder errors bytes of the input.
    const std::size_t at = t.decoding ? utf16_index(input_utf8, t.status.offset)
                                      : utf16_index(t.code_points, t.status.offset);
    out.set("output", val::null());
    out.set("error", error_value(t.status, at, false));
  }
  return out;
}

val explain_punycode(const std::u16string& input, bool decoding) {
  std::string utf8;
  puny::status s = to_utf8(input, utf8);
  if (!s) {
    puny::explain::trace t;
    t.decoding = decoding;
    t.status = s;
    val out = punycode_trace_value(t, utf8);
    out.set("error", error_value(s, s.offset, false));
    return out;
  }
  const puny::explain::trace t =
      decoding ? puny::explain::run_decode(utf8) : puny::explain::run_encode(utf8);
  return punycode_trace_value(t, utf8);
}

val explain_encode(const std::u16string& input) { return explain_punycode(input, false); }
val explain_decode(const std::u16string& input) { return explain_punycode(input, true); }

#ifndef PUNY_WASM_NO_IDNA
// ---- IDNA (UTS #46) ----

// Option bits, in the order of puny::idna::options, and from bit 16 the
// preset's index in puny::presets() plus one (so the IDNA2008 presets,
// which are no flag set, are reachable by name); js/lib/api.js builds them.
constexpr unsigned preset_shift = 16;

// The IDNA2008 preset the bits name, or nullptr (a UTS #46 preset).
const puny::preset* idna2008_of(unsigned bits) {
  const unsigned index = (bits >> preset_shift) & 0xFFu;
  if (index == 0 || index > puny::presets().size()) return nullptr;
  const puny::preset& p = puny::presets()[index - 1];
  return p.family == puny::preset_family::idna2008 ? &p : nullptr;
}

puny::idna::options options_of(unsigned bits) {
  puny::idna::options o;
  o.check_hyphens = bits & 1u;
  o.check_bidi = bits & 2u;
  o.check_joiners = bits & 4u;
  o.use_std3_ascii_rules = bits & 8u;
  o.transitional_processing = bits & 16u;
  o.verify_dns_length = bits & 32u;
  o.ignore_invalid_punycode = bits & 64u;
  o.url_domain_to_ascii = bits & 128u;
  o.allow_underscore = bits & 256u;
  o.forbid_domain_code_points = bits & 512u;
  return o;
}

unsigned option_bits(const puny::idna::options& o) {
  return (o.check_hyphens ? 1u : 0u) | (o.check_bidi ? 2u : 0u) | (o.check_joiners ? 4u : 0u) |
         (o.use_std3_ascii_rules ? 8u : 0u) | (o.transitional_processing ? 16u : 0u) |
         (o.verify_dns_length ? 32u : 0u) | (o.ignore_invalid_punycode ? 64u : 0u) |
         (o.url_family() ? 128u : 0u) | (o.allow_underscore ? 256u : 0u) |
         (o.forbid_domain_code_points ? 512u : 0u);
}

// The core's registry (puny/presets.hpp), so the JavaScript side never
// restates it: {bits: {name or alias: option bits}, list: [{name,
// description, family}], aliases: {alias: name}}.
val presets() {
  val bits = val::object(), list = val::array(), aliases = val::object();
  const auto all = puny::presets();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const puny::preset& p = all[i];
    bits.set(std::string(p.name), option_bits(p.options) | static_cast<unsigned>(i + 1) << preset_shift);
    val item = val::object();
    item.set("name", std::string(p.name));
    item.set("description", std::string(p.description));
    item.set("family", std::string(p.family == puny::preset_family::idna2008 ? "idna2008" : "uts46"));
    list.call<void>("push", item);
  }
  for (const puny::preset_alias& a : puny::preset_aliases()) {
    bits.set(std::string(a.alias), bits[std::string(a.name)]);
    aliases.set(std::string(a.alias), std::string(a.name));
  }
  val out = val::object();
  out.set("bits", bits);
  out.set("list", list);
  out.set("aliases", aliases);
  return out;
}

// An IDNA2008 preset's conversion (its errors have no UTS #46 code).
std::u16string idna2008_convert(const std::u16string& domain, const puny::preset& p, unsigned bits,
                                bool unicode) {
  std::string utf8;
  puny::status s = to_utf8(domain, utf8);
  if (!s) return fail(s, s.offset);
  const auto r = unicode ? puny::to_unicode(utf8, p, options_of(bits)) : puny::to_ascii(utf8, p, options_of(bits));
  if (!r.ok()) return fail(r.status, utf16_index(utf8, r.status.offset));
  return to_utf16(r.value);
}

// Fast path: the UTF-16 entry points already count offsets in code units.
std::u16string to_ascii(const std::u16string& domain, unsigned bits) {
  g_error = {};
  if (const puny::preset* p = idna2008_of(bits)) return idna2008_convert(domain, *p, bits, false);
  puny::result<std::string> r = puny::idna::to_ascii(std::u16string_view(domain), options_of(bits));
  if (!r.ok()) return fail(r.status, r.status.offset, true);
  return std::u16string(r.value.begin(), r.value.end());
}

std::u16string to_unicode(const std::u16string& domain, unsigned bits) {
  g_error = {};
  if (const puny::preset* p = idna2008_of(bits)) return idna2008_convert(domain, *p, bits, true);
  puny::result<std::u16string> r =
      puny::idna::to_unicode(std::u16string_view(domain), options_of(bits));
  if (!r.ok()) return fail(r.status, r.status.offset, true);
  return std::move(r.value);
}

val errors_value(const std::vector<puny::status>& all, std::string_view utf8) {
  val list = val::array();
  for (const auto& e : all) list.call<void>("push", error_value(e, utf16_index(utf8, e.offset), true));
  return list;
}

// Every error and the best-effort string (the page and the error objects).
val detailed(const std::u16string& domain, unsigned bits, bool unicode) {
  val out = val::object();
  std::string utf8;
  puny::status s = to_utf8(domain, utf8);
  if (!s) {
    val list = val::array();
    list.call<void>("push", error_value(s, s.offset, true));
    out.set("output", val::null());
    out.set("bestEffort", std::u16string());
    out.set("errors", list);
    out.set("validationErrors", val::array());
    return out;
  }
  if (const puny::preset* p = idna2008_of(bits)) {  // one error at most, no best effort
    const auto r = unicode ? puny::to_unicode(utf8, *p, options_of(bits)) : puny::to_ascii(utf8, *p, options_of(bits));
    val list = val::array();
    if (!r.ok()) list.call<void>("push", error_value(r.status, utf16_index(utf8, r.status.offset), false));
    out.set("output", r.ok() ? val(to_utf16(r.value)) : val::null());
    out.set("bestEffort", r.ok() ? val(to_utf16(r.value)) : val::null());
    out.set("errors", list);
    out.set("validationErrors", val::array());
    return out;
  }
  const puny::idna::detailed d = unicode ? puny::idna::to_unicode_detailed(utf8, options_of(bits))
                                         : puny::idna::to_ascii_detailed(utf8, options_of(bits));
  out.set("output", d.ok() ? val(to_utf16(d.output)) : val::null());
  out.set("bestEffort", to_utf16(d.best_effort));
  out.set("errors", errors_value(d.errors.all, utf8));
  // The URL Standard's non-fatal validation errors (url preset, toAscii).
  out.set("validationErrors", errors_value(d.validation_errors, utf8));
  return out;
}

val to_ascii_detailed(const std::u16string& domain, unsigned bits) {
  return detailed(domain, bits, false);
}
val to_unicode_detailed(const std::u16string& domain, unsigned bits) {
  return detailed(domain, bits, true);
}

val explain_to_ascii(const std::u16string& domain, unsigned bits) {
  std::string utf8;
  puny::status s = to_utf8(domain, utf8);
  val out = val::object();
  if (!s) {
    out.set("error", error_value(s, s.offset, true));
    return out;
  }
  const puny::idna::trace t = puny::idna::explain_to_ascii(utf8, options_of(bits));
  val maps = val::array();
  for (const auto& m : t.mappings) {
    val item = val::object();
    item.set("offset", static_cast<double>(utf16_index(utf8, m.offset)));
    item.set("codePoint", static_cast<double>(m.code_point));
    item.set("status", std::string(m.status));
    item.set("replacement", to_utf16(std::u32string_view(m.replacement)));
    maps.call<void>("push", item);
  }
  out.set("mappings", maps);
  out.set("mapped", to_utf16(std::u32string_view(t.mapped)));
  out.set("normalized", to_utf16(std::u32string_view(t.normalized)));
  val labels = val::array();
  for (const auto& l : t.labels) {
    val item = val::object();
    item.set("text", to_utf16(std::u32string_view(l.text)));
    item.set("ace", l.ace);
    item.set("decoded", l.ace ? val(to_utf16(std::u32string_view(l.decoded))) : val::null());
    item.set("errors", errors_value(l.errors, utf8));
    item.set("ascii", to_utf16(l.ascii));
    labels.call<void>("push", item);
  }
  out.set("labels", labels);
  out.set("domainErrors", errors_value(t.domain_errors, utf8));
  out.set("output", t.result.ok() ? val(to_utf16(t.result.output)) : val::null());
  out.set("bestEffort", to_utf16(t.result.best_effort));
  out.set("errors", errors_value(t.result.errors.all, utf8));
  out.set("validationErrors", errors_value(t.result.validation_errors, utf8));
  out.set("unicodeVersion", std::string(puny::unicode::unicode_version));
  return out;
}

// ---- Display safety (puny/display.hpp) ----
// The lists arrive as text (a browser has no files); the last text of each
// is kept parsed, so repeated calls with the same list do not parse it again.
struct parsed_lists {
  std::string psl_text, top_text;
  bool have_psl = false, have_top = false;
  puny::display::public_suffix_list psl;
  puny::display::protected_domains top;
};
parsed_lists g_lists;

// Parses a list into `slot` unless the same text is already there; false
// with g_error set (code list_syntax, offset of the line) when malformed.
template <class List>
bool parse_list(const std::string& text, std::string& kept, bool& have, List& slot,
                const char* source, std::string& message) {
  if (text.empty()) {
    have = false;
    return true;
  }
  if (have && text == kept) return true;
  puny::display::list_error e;
  List parsed;
  if (!List::parse(text, source, parsed, e)) {
    message = e.text;
    g_error.status = e.status;
    g_error.status.label = e.line;
    g_error.offset = e.status.offset;
    g_error.idna = false;
    return false;
  }
  slot = std::move(parsed);
  kept = text;
  have = true;
  return true;
}

val code_point_value(bool has, char32_t c) {
  return has ? val(static_cast<double>(c)) : val::null();
}

// The decision as a plain object; null with the error record set when the
// name is not valid IDNA or a list is malformed (then `listMessage` says
// which line).
std::string g_list_message;
val display_decide(const std::u16string& domain, const std::string& profile,
                   const std::string& top_text, const std::string& psl_text) {
  g_error = {};
  g_list_message.clear();
  const puny::display::profile_info* p = puny::display::find_profile(profile);
  if (p == nullptr) return val::undefined();
  if (!parse_list(top_text, g_lists.top_text, g_lists.have_top, g_lists.top, "topDomains",
                  g_list_message) ||
      !parse_list(psl_text, g_lists.psl_text, g_lists.have_psl, g_lists.psl, "psl", g_list_message))
    return val::null();
  std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  if (!s) {
    fail(s, s.offset, true);
    return val::null();
  }
  puny::display::options o;
  o.which = p->id;
  o.suffixes = g_lists.have_psl ? &g_lists.psl : nullptr;
  o.protected_list = g_lists.have_top ? &g_lists.top : nullptr;
  const auto r = puny::display::decide(utf8, o);
  if (!r.ok()) {
    fail(r.status, utf16_index(utf8, r.status.offset), true);
    return val::null();
  }
  val labels = val::array();
  for (const auto& l : r.value.labels) {
    val findings = val::array();
    for (const auto& f : l.findings) {
      val item = val::object();
      item.set("reason", std::string(puny::display::to_string(f.why)));
      item.set("message", std::string(puny::display::message(f.why)));
      item.set("offset", static_cast<double>(utf16_index(utf8, f.offset)));
      item.set("label", static_cast<double>(f.label));
      item.set("codePoint", code_point_value(f.has_code_point, f.code_point));
      item.set("step", std::string(f.step));
      item.set("similarTo", f.similar_to.empty() ? val::null() : val(f.similar_to));
      item.set("imitates", code_point_value(f.imitates != 0, f.imitates));
      findings.call<void>("push", item);
    }
    val v = val::object();
    v.set("aLabel", l.a_label);
    v.set("uLabel", to_utf16(l.u_label));
    v.set("showUnicode", l.show_unicode);
    v.set("offset", static_cast<double>(utf16_index(utf8, l.offset)));
    v.set("findings", findings);
    labels.call<void>("push", v);
  }
  val out = val::object();
  out.set("display", to_utf16(r.value.display));
  out.set("registrableDomain", r.value.registrable_domain.empty()
                                   ? val::null()
                                   : val(to_utf16(r.value.registrable_domain)));
  out.set("labels", labels);
  return out;
}

val skeleton_of(const std::u16string& text) {
  g_error = {};
  std::string utf8;
  const puny::status s = to_utf8(text, utf8);
  if (!s) {
    fail(s, s.offset);
    return val::null();
  }
  const auto r = puny::uts39::skeleton(utf8);
  return val(to_utf16(r.value));  // well-formed UTF-8 in: cannot fail
}

val display_profiles() {
  val list = val::array();
  for (const auto& p : puny::display::profiles()) {
    val item = val::object();
    item.set("name", std::string(p.name));
    item.set("description", std::string(p.description));
    item.set("source", std::string(p.source));
    list.call<void>("push", item);
  }
  return list;
}

val display_reasons() {
  val list = val::array();
  for (int r = 1; r < 256; ++r) {
    const std::string_view name = puny::display::to_string(static_cast<puny::display::reason>(r));
    if (name.empty()) break;
    list.call<void>("push", std::string(name));
  }
  return list;
}
#endif  // PUNY_WASM_NO_IDNA

// ---- The hot paths without embind: raw exports ----
// Each call through embind costs more than converting a short label, so the
// per-name conversions are plain C functions (Module._puny_js_*): the input
// is the first `n` code units of g_input (sized by puny_js_input, which the
// JavaScript side calls only when a longer input arrives), the output is
// written into g_output, whose address puny_js_output gives after the call;
// the result is the output's length, -1 with the error in lastError(), or
// -2 when the output is the input itself (most host names: nothing to read
// back).
// The common cases (an ASCII label to decode, an ASCII domain) run on
// reused buffers without allocating; the others take the general functions
// above.
constexpr int same_as_input = -2;
constexpr int use_general_path = -3;  // the JavaScript side converts label by label
std::u32string g_code_points;  // scratch: UTF-32
std::string g_bytes;           // scratch: ASCII / UTF-8 bytes

std::u16string_view input_view(int n) { return std::u16string_view(g_input.data(), static_cast<std::size_t>(n)); }

bool narrow_ascii(std::u16string_view in, std::string& out) {
  out.resize(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] >= 0x80) return false;
    out[i] = static_cast<char>(in[i]);
  }
  return true;
}

// g_output grows only when a result does not fit (the JavaScript side asks
// for its new address then), to exactly what the result needs.
void reserve_output(std::size_t units) {
  if (g_output.size() < units) g_output.resize(units);
}

int put_output_ascii(std::string_view bytes) {
  reserve_output(bytes.size());
  for (std::size_t i = 0; i < bytes.size(); ++i) g_output[i] = static_cast<unsigned char>(bytes[i]);
  return static_cast<int>(bytes.size());
}

int put_output(std::u32string_view cps) {
  std::size_t units = cps.size();
  for (const char32_t c : cps) units += c >= 0x10000;
  reserve_output(units);
  std::size_t k = 0;
  for (const char32_t c : cps) {
    if (c < 0x10000) {
      g_output[k++] = static_cast<char16_t>(c);
    } else {
      g_output[k++] = static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      g_output[k++] = static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  return static_cast<int>(k);
}

// The general path: a function of the whole input string.
template <class F>
int general(int n, F fn) {
  std::u16string result = fn(std::u16string(input_view(n)));
  if (!g_error.status.ok()) return -1;
  reserve_output(result.size());
  std::copy(result.begin(), result.end(), g_output.begin());
  return static_cast<int>(result.size());
}

// UTF-8 to UTF-16 into g_output (the library's output: well-formed).
int put_output_utf8(std::string_view utf8) {
  g_code_points.clear();
  (void)puny::unicode::utf8_to_utf32(utf8, g_code_points);
  return put_output(g_code_points);
}

// punycode.js's toASCII / toUnicode of a whole domain in one call (see
// mapDomain in js/lib/api.js, which they must equal): the part after the
// last '@', split at U+002E, U+3002, U+FF0E and U+FF61 and joined with '.'.
// Anything unusual (an error, a non-ASCII xn-- label) returns
// use_general_path, and the JavaScript functions run label by label, which
// gives punycode.js's exact error.
std::u16string g_compat;

constexpr bool is_separator(char16_t c) noexcept {
  return c == 0x2E || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

template <class Label>
int compat_map(int n, Label label_fn) {
  const std::u16string_view in = input_view(n);
  const std::size_t at = in.rfind(u'@');
  const std::size_t domain = at == std::u16string_view::npos ? 0 : at + 1;
  g_compat.assign(in.substr(0, domain));
  for (std::size_t b = domain;;) {
    std::size_t e = b;
    while (e < in.size() && !is_separator(in[e])) ++e;
    if (!label_fn(in.substr(b, e - b))) return use_general_path;
    if (e == in.size()) break;
    g_compat.push_back(u'.');
    b = e + 1;
  }
  if (g_compat == in) return same_as_input;
  reserve_output(g_compat.size());
  std::copy(g_compat.begin(), g_compat.end(), g_output.begin());
  return static_cast<int>(g_compat.size());
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int puny_js_compat_to_ascii(int n) {
  g_error = {};
  return compat_map(n, [](std::u16string_view label) {
    bool ascii = true;
    for (const char16_t c : label) ascii = ascii && c < 0x80;
    if (ascii) {
      g_compat.append(label);
      return true;
    }
    g_code_points.clear();
    if (!puny::unicode::utf16_to_utf32(label, g_code_points).ok()) return false;
    g_bytes.resize(g_code_points.size() * 4 + 16);
    const auto r = puny::punycode::encode(g_code_points, g_bytes.data(), g_bytes.size());
    if (!r.ok()) return false;
    g_compat.append(u"xn--");
    for (std::size_t i = 0; i < r.size; ++i) g_compat.push_back(static_cast<unsigned char>(g_bytes[i]));
    return true;
  });
}

EMSCRIPTEN_KEEPALIVE int puny_js_compat_to_unicode(int n) {
  g_error = {};
  return compat_map(n, [](std::u16string_view label) {
    if (label.size() < 4 || label.substr(0, 4) != u"xn--") {
      g_compat.append(label);
      return true;
    }
    // label.slice(4).toLowerCase(), for ASCII (anything else: the general path).
    g_bytes.resize(label.size() - 4);
    for (std::size_t i = 4; i < label.size(); ++i) {
      char16_t c = label[i];
      if (c >= 0x80) return false;
      if (c >= u'A' && c <= u'Z') c = static_cast<char16_t>(c + 32);
      g_bytes[i - 4] = static_cast<char>(c);
    }
    if (g_code_points.size() < g_bytes.size() + 1) g_code_points.resize(g_bytes.size() + 1);
    const auto r = puny::punycode::decode(g_bytes, g_code_points.data(), g_code_points.size());
    if (!r.ok()) return false;
    // Decoded code points are scalar values: the conversion cannot fail.
    (void)puny::unicode::utf32_to_utf16(std::u32string_view(g_code_points.data(), r.size), g_compat);
    return true;
  });
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_input(int n) {
  if (g_input.size() < static_cast<std::size_t>(n)) g_input.resize(static_cast<std::size_t>(n));
  return reinterpret_cast<std::uintptr_t>(g_input.data());
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_output() {
  return reinterpret_cast<std::uintptr_t>(g_output.data());
}

// How many code units fit at puny_js_output() before it moves.
EMSCRIPTEN_KEEPALIVE int puny_js_output_size() { return static_cast<int>(g_output.size()); }

EMSCRIPTEN_KEEPALIVE int puny_js_encode(int n) {
  g_error = {};
  const std::u16string_view in = input_view(n);
  g_code_points.clear();
  if (!puny::unicode::utf16_to_utf32(in, g_code_points).ok()) return general(n, encode);
  g_bytes.resize(g_code_points.size() * 4 + 16);
  const auto r = puny::punycode::encode(g_code_points, g_bytes.data(), g_bytes.size());
  if (!r.ok()) return general(n, encode);  // the error, located
  return put_output_ascii(std::string_view(g_bytes.data(), r.size));
}

EMSCRIPTEN_KEEPALIVE int puny_js_decode(int n) {
  g_error = {};
  if (!narrow_ascii(input_view(n), g_bytes)) return general(n, decode);
  if (g_code_points.size() < g_bytes.size() + 1) g_code_points.resize(g_bytes.size() + 1);
  const auto r = puny::punycode::decode(g_bytes, g_code_points.data(), g_code_points.size());
  if (!r.ok()) return general(n, decode);  // the error, located
  return put_output(std::u32string_view(g_code_points.data(), r.size));
}

// The decoder's input is ASCII in the common case: the JavaScript side
// writes it as bytes here (puny_js_ascii_input), which spares the narrowing
// copy; anything else comes through g_input and puny_js_decode.
std::string g_ascii_input;

EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_ascii_input(int n) {
  if (g_ascii_input.size() < static_cast<std::size_t>(n)) g_ascii_input.resize(static_cast<std::size_t>(n));
  return reinterpret_cast<std::uintptr_t>(g_ascii_input.data());
}

EMSCRIPTEN_KEEPALIVE int puny_js_decode_ascii(int n) {
  g_error = {};
  const std::string_view in(g_ascii_input.data(), static_cast<std::size_t>(n));
  if (g_code_points.size() < in.size() + 1) g_code_points.resize(in.size() + 1);
  const auto r = puny::punycode::decode(in, g_code_points.data(), g_code_points.size());
  if (r.ok()) return put_output(std::u32string_view(g_code_points.data(), r.size));
  // The error, located, by the general path.
  if (g_input.size() < in.size()) g_input.resize(in.size());
  std::copy(in.begin(), in.end(), g_input.begin());
  return general(n, decode);
}

#ifndef PUNY_WASM_NO_IDNA
// An ASCII domain (most host names, every ACE name) through the UTF-8
// caller-buffer forms, where byte offsets are code unit offsets.
EMSCRIPTEN_KEEPALIVE int puny_js_to_ascii(unsigned bits, int n) {
  g_error = {};
  const auto general_ascii = [bits](const std::u16string& in) { return to_ascii(in, bits); };
  if (idna2008_of(bits) != nullptr || !narrow_ascii(input_view(n), g_bytes)) return general(n, general_ascii);
  static std::string out;
  if (out.size() < g_bytes.size() + 64) out.resize(g_bytes.size() * 2 + 64);
  std::size_t written = 0;
  const puny::status st = puny::idna::to_ascii(g_bytes, out.data(), out.size(), written, options_of(bits));
  if (!st.ok()) return general(n, general_ascii);
  if (std::string_view(out.data(), written) == g_bytes) return same_as_input;
  return put_output_ascii(std::string_view(out.data(), written));
}

EMSCRIPTEN_KEEPALIVE int puny_js_to_unicode(unsigned bits, int n) {
  g_error = {};
  const auto general_unicode = [bits](const std::u16string& in) { return to_unicode(in, bits); };
  if (idna2008_of(bits) != nullptr || !narrow_ascii(input_view(n), g_bytes)) return general(n, general_unicode);
  static std::string out;
  if (out.size() < g_bytes.size() * 4 + 64) out.resize(g_bytes.size() * 4 + 64);
  std::size_t written = 0;
  const puny::status st = puny::idna::to_unicode(g_bytes, out.data(), out.size(), written, options_of(bits));
  if (!st.ok()) return general(n, general_unicode);
  if (std::string_view(out.data(), written) == g_bytes) return same_as_input;
  return put_output_utf8(std::string_view(out.data(), written));
}
#endif

}  // extern "C"

EMSCRIPTEN_BINDINGS(puny) {
  using emscripten::function;
  function("lastError", &last_error_value);
  function("unicodeVersion", +[] { return std::string(puny::unicode::unicode_version); });
  function("explainEncode", &explain_encode);
  function("explainDecode", &explain_decode);
#ifndef PUNY_WASM_NO_IDNA
  function("presets", &presets);
  function("toAsciiDetailed", &to_ascii_detailed);
  function("toUnicodeDetailed", &to_unicode_detailed);
  function("explainToAscii", &explain_to_ascii);
  function("displayDecide", &display_decide);
  function("displayListMessage", +[] { return g_list_message; });
  function("skeleton", &skeleton_of);
  function("displayProfiles", &display_profiles);
  function("displayReasons", &display_reasons);
#endif
}
