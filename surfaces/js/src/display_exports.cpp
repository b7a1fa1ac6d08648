// puny for JavaScript: display safety and UTS #39 skeletons (the display
// level).
#include <emscripten/emscripten.h>

#include <string>

#include "module.hpp"
#include "puny/display.hpp"
#include "puny/uts39.hpp"

namespace {

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

// One finding as JSON (the DisplayFinding of lib/display.d.ts), its offset
// in UTF-16 code units by `at`: display()'s and the hunt module's
// (hunt_exports.cpp, a report's verdict.findings) one shape.
void write_finding(json_writer& w, const puny::display::finding& f, utf16_cursor& at) {
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
    for (const auto& f : l.findings) write_finding(w, f, at);
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

}  // namespace


extern "C" {

// Replaces the protected domains (list 0) or the Public Suffix List (list 1)
// with the input's text (n = 0: no list).  0, or -1 when it is malformed.
EMSCRIPTEN_KEEPALIVE int puny_js_display_list(int list, int n) {
  clear_error();
  std::string text;
  if (!input_as_utf8(n, text)) return failed;
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
// The display form alone (puny::display::to_display): no per-label decision
// and no JSON document, which display() builds for every label and toDisplay
// used to build only to keep its `display` field (about 500 bytes of memory
// per input byte on a name of many short labels; issue 44).
EMSCRIPTEN_KEEPALIVE int puny_js_to_display(int profile, int n) {
  clear_error();
  const auto all = puny::display::profiles();
  if (profile < 0 || static_cast<std::size_t>(profile) >= all.size()) return unknown_name;
  std::string utf8;
  if (!input_as_utf8(n, utf8, puny::error_source::uts46)) return failed;
  puny::display::options o;
  o.which = all[static_cast<std::size_t>(profile)].id;
  o.suffixes = g_lists.have_psl ? &g_lists.psl : nullptr;
  o.protected_list = g_lists.have_top ? &g_lists.top : nullptr;
  std::string shown;
  const puny::status r = puny::display::to_display(utf8, o, shown);
  if (!r) {
    fail(r, utf16_index(utf8, r.offset), puny::error_source::uts46);
    return failed;
  }
  return put_output_utf8(shown);
}

EMSCRIPTEN_KEEPALIVE int puny_js_skeleton(int n) {
  clear_error();
  std::string utf8;
  if (!input_as_utf8(n, utf8)) return failed;
  return put_output_utf8(puny::uts39::skeleton(utf8).value);  // well-formed input: cannot fail
}

}  // extern "C"
