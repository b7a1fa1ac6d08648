// puny for JavaScript: e-mail addresses (puny/email.hpp) for the package's
// `puny/email` and `puny/formats` entry points (surfaces/js/lib/email.js,
// surfaces/js/lib/formats.js).  Linked beside the main level's files
// (surfaces/js/src/module.hpp) into the email module only (surfaces/js/CMakeLists.txt, puny_wasm_email): the
// core's e-mail code reaches its display and UTS #39 tables, which the
// main entry point must not carry.
//
// Self-contained: its own input buffer (the caller's UTF-16 code units, so a
// lone surrogate reaches the core's converter and is reported at its index)
// and its own answer, JSON text in UTF-8 that the JavaScript side decodes
// and parses.  Every call answers with the JSON's length in bytes.  Offsets
// in the answer are indices into the caller's JavaScript string (UTF-16
// code units), as everywhere in the package.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puny/display.hpp"
#include "puny/email.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

namespace {

// The option switches of puny_js_email_validate, in the order of
// puny::email::options (surfaces/js/lib/email.js builds the word).
enum switch_bit : unsigned {
  quoted_local_part = 1,
  address_literal = 2,
  empty_local_part = 4,
  display_name = 8,
  smtputf8 = 16,
  global_domain = 32,
  local_part_security = 64,
  use_psl = 128,  // the display decision consults the list of puny_js_email_psl
};

std::vector<char16_t> g_input;
std::string g_out;  // the answer, JSON in UTF-8
puny::display::public_suffix_list g_psl;

// ---- JSON (RFC 8259): the library's strings are well-formed UTF-8 ----
void text(std::string_view s) {
  g_out += '"';
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      g_out += '\\';
      g_out += c;
    } else if (b < 0x20) {
      g_out += "\\u00";
      g_out += "0123456789abcdef"[b >> 4];
      g_out += "0123456789abcdef"[b & 15];
    } else {
      g_out += c;
    }
  }
  g_out += '"';
}
void key(std::string_view name) {
  if (g_out.back() != '{') g_out += ',';
  g_out += '"';
  g_out += name;
  g_out += "\":";
}
void number(std::uint64_t n) { g_out += std::to_string(n); }
void boolean(bool b) { g_out += b ? "true" : "false"; }
void code_point(bool has, char32_t c) { has ? number(c) : void(g_out += "null"); }

// Index in UTF-16 code units of byte `offset` of well-formed UTF-8.
std::size_t utf16_index(std::string_view utf8, std::size_t offset) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < offset && i < utf8.size(); ++i) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if ((b & 0xC0) != 0x80) units += b >= 0xF0 ? 2 : 1;
  }
  return units;
}

// The error record the JavaScript side makes a PunyError of (the fields of
// core.js's records): the name and message from the core's table, the UTS #46
// code and the label for the domain's IDNA errors (null otherwise).
void error(const puny::status& s, std::size_t offset) {
  g_out += '{';
  key("code");
  text(puny::to_string(s.code));
  const std::string_view uts46 = puny::idna::uts46_code(s);
  key("uts46");
  text(uts46);
  key("description");
  text(puny::message(s.code));
  key("offset");
  number(offset);
  key("label");
  if (!uts46.empty() || s.code == puny::errc::forbidden_domain_code_point)
    number(s.label);
  else
    g_out += "null";
  key("codePoint");
  code_point(s.has_code_point(), s.code_point);
  key("detail");
  number(s.detail);
  g_out += '}';
}

int answer() { return static_cast<int>(g_out.size()); }

int failed(const puny::status& s, std::size_t offset) {
  g_out = "{\"ok\":false,\"error\":";
  error(s, offset);
  g_out += '}';
  return answer();
}

// The caller's string (the first n code units of g_input) as UTF-8; a lone
// surrogate is the core's invalid_utf16 at its code unit.
puny::status input_utf8(int n, std::string& out) {
  std::u32string cps;
  const puny::status s = puny::unicode::utf16_to_utf32(
      std::u16string_view(g_input.data(), static_cast<std::size_t>(n)), cps);
  if (!s) return s;
  out.clear();
  return puny::unicode::utf32_to_utf8(cps, out);
}

template <class Registry>
auto nth(Registry list, int i) -> decltype(&*list.begin()) {
  int k = 0;
  for (const auto& item : list)
    if (k++ == i) return &item;
  return nullptr;
}

void write_display(const puny::display::decision& d, std::string_view profile) {
  g_out += '{';
  key("profile");
  text(profile);
  key("display");
  text(d.display);
  key("allShown");
  boolean(d.all_shown());
  key("findings");
  g_out += '[';
  bool first = true;
  for (const auto& l : d.labels)
    for (const auto& f : l.findings) {
      if (!first) g_out += ',';
      first = false;
      g_out += '{';
      key("label");
      text(l.a_label);
      key("reason");
      text(puny::display::to_string(f.why));
      key("codePoint");
      code_point(f.has_code_point, f.code_point);
      g_out += '}';
    }
  g_out += "]}";
}

}  // namespace

extern "C" {

// Room for `n` code units of input; its address.
EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_email_input(int n) {
  if (static_cast<std::size_t>(n) > g_input.size()) g_input.resize(static_cast<std::size_t>(n));
  return reinterpret_cast<std::uintptr_t>(g_input.data());
}

// The last answer's bytes.
EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_email_output() {
  return reinterpret_cast<std::uintptr_t>(g_out.data());
}

// The registries the options name, in their order (their index is what
// puny_js_email_validate takes): {"presets": [...], "aliases": {alias: name},
// "flags": [[field_name, bit], ...], "displayProfiles": [...]}.
EMSCRIPTEN_KEEPALIVE int puny_js_email_vocabulary() {
  g_out = "{\"presets\":[";
  for (const auto& p : puny::presets()) {
    if (g_out.back() != '[') g_out += ',';
    text(p.name);
  }
  g_out += "],\"aliases\":{";
  for (const auto& a : puny::preset_aliases()) {
    if (g_out.back() != '{') g_out += ',';
    text(a.alias);
    g_out += ':';
    text(a.name);
  }
  g_out += "},\"flags\":[";
  for (const auto& f : puny::option_flags()) {
    if (g_out.back() != '[') g_out += ',';
    g_out += '[';
    text(f.field_name);
    g_out += ',';
    number(f.bit);
    g_out += ']';
  }
  g_out += "],\"displayProfiles\":[";
  for (const auto& p : puny::display::profiles()) {
    if (g_out.back() != '[') g_out += ',';
    text(p.name);
  }
  g_out += "]}";
  return answer();
}

// The Public Suffix List for the display decisions, from the input's text:
// {"ok":true} or {"ok":false,"error":{...},"message":"psl:3: ..."}.
EMSCRIPTEN_KEEPALIVE int puny_js_email_psl(int n) {
  std::string utf8;
  if (const puny::status s = input_utf8(n, utf8); !s) return failed(s, s.offset);
  puny::display::list_error e;
  puny::display::public_suffix_list parsed;
  if (!puny::display::public_suffix_list::parse(utf8, "psl", parsed, e)) {
    g_out = "{\"ok\":false,\"error\":";
    error(e.status, utf16_index(utf8, e.status.offset));
    key("message");
    text(e.text);
    g_out += '}';
    return answer();
  }
  g_psl = std::move(parsed);
  g_out = "{\"ok\":true}";
  return answer();
}

// Checks the address in the first n code units of the input.
//   switches     switch_bit values
//   preset       index in puny::presets(), or -1 for the library's default
//                domain policy (uts46-strict, then IDNA2008 on the A-labels)
//   flag_mask    option bits (puny::option_flags()' `bit`) the caller set or
//                cleared over the preset; flag_values their values
//   profile      index in puny::display::profiles(), or -1 for no decision
// {"ok":true,"value":{...fields}} or {"ok":false,"error":{...}}.
EMSCRIPTEN_KEEPALIVE int puny_js_email_validate(unsigned switches, int preset, unsigned flag_mask,
                                                unsigned flag_values, int profile, int n) {
  std::string in;
  if (const puny::status s = input_utf8(n, in); !s) return failed(s, s.offset);
  puny::email::options opt;
  opt.allow_quoted_local_part = (switches & quoted_local_part) != 0;
  opt.allow_address_literal = (switches & address_literal) != 0;
  opt.allow_empty_local_part = (switches & empty_local_part) != 0;
  opt.allow_display_name = (switches & display_name) != 0;
  opt.allow_smtputf8 = (switches & smtputf8) != 0;
  opt.require_global_domain = (switches & global_domain) != 0;
  opt.check_local_part_security = (switches & local_part_security) != 0;
  // Flags without a preset adjust uts46-strict, as the CLI's `puny email`.
  if (preset >= 0)
    opt.domain_preset = nth(puny::presets(), preset);
  else if (flag_mask != 0)
    opt.domain_preset = puny::find_preset("uts46-strict");
  puny::idna::options domain_options;
  if (opt.domain_preset != nullptr) {
    domain_options = opt.domain_preset->options;
    for (const auto& f : puny::option_flags())
      if ((flag_mask & f.bit) != 0) domain_options.*(f.field) = (flag_values & f.bit) != 0;
    opt.domain_options = &domain_options;
  }
  const puny::display::profile_info* shown = profile >= 0 ? nth(puny::display::profiles(), profile) : nullptr;
  if (shown != nullptr) {
    opt.check_display = true;
    opt.display.which = shown->id;
    opt.display.suffixes = (switches & use_psl) != 0 ? &g_psl : nullptr;
  }
  puny::email::address a;
  if (const puny::status s = puny::email::validate(in, opt, a); !s)
    return failed(s, utf16_index(in, s.offset));
  g_out = "{\"ok\":true,\"value\":{";
  key("displayName");
  text(a.display_name);
  key("localPart");
  text(a.local_part);
  key("domain");
  text(a.domain);
  key("asciiDomain");
  text(a.ascii_domain);
  key("normalized");
  text(a.normalized);
  key("asciiEmail");
  if (a.ascii_email.empty()) g_out += "null"; else text(a.ascii_email);
  key("smtputf8");
  boolean(a.smtputf8);
  key("addressLiteral");
  boolean(a.address_literal);
  key("display");
  if (shown != nullptr && a.display_checked) write_display(a.display, shown->name); else g_out += "null";
  key("localPartSafe");
  if (a.local_part_checked) boolean(a.local_part_safe); else g_out += "null";
  key("localPartRule");
  if (a.local_part_checked && !a.local_part_safe) text(a.local_part_rule); else g_out += "null";
  key("localPartCodePoint");
  code_point(a.local_part_checked && !a.local_part_safe && a.local_part_code_point != puny::no_code_point,
             a.local_part_code_point);
  g_out += "}}";
  return answer();
}

}  // extern "C"
