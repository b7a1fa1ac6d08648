// puny for JavaScript: the error record every failed call leaves (one:
// the module is single-threaded) and its JSON form.
#include <emscripten/emscripten.h>

#include <vector>

#include "module.hpp"

namespace {

// The status as the JavaScript side's error record; `offset` already in
// UTF-16 code units.  Its UTS #46 code is the core's rule for where the
// error was found (puny::error_source): UTS #46 processing its code, plain
// Punycode P4, IDNA2008 none (issue 45: as C, the CLI and Python).
PUNY_WASM_COLD void write_error(json_writer& w, const puny::status& s, std::size_t offset,
                                puny::error_source source, std::string_view message) {
  w.open_object();
  const puny::detail::error_info* row = error_row(s.code);
  w.key("code");
  if (row != nullptr) w.string(row->name); else w.number(static_cast<std::uint64_t>(s.code));
  w.key("uts46").string(uts46_code_of(row, s, source));
  w.key("description").string(row != nullptr ? row->message : std::string_view());
  w.key("offset").number(offset);
  w.key("label").number(s.label);
  w.key("codePoint").code_point(s.has_code_point(), s.code_point);
  w.key("detail").number(s.detail);
  if (!message.empty()) w.key("message").string(message);
  w.close_object();
}

last_error g_error;

void clear_error() {
  g_error.status = {};
  g_error.offset = 0;
  g_error.source = puny::error_source::punycode;
  g_error.message.clear();
}

void set_error(const puny::status& s, std::size_t utf16_offset, puny::error_source source) {
  g_error.status = s;
  g_error.offset = utf16_offset;
  g_error.source = source;
  g_error.message.clear();
}

std::u16string fail(const puny::status& s, std::size_t utf16_offset, puny::error_source source) {
  set_error(s, utf16_offset, source);
  return {};
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

}  // namespace


extern "C" {

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

// The last failed call's error record as JSON ({code, uts46, description,
// offset, label, codePoint, detail[, message]}), or 0 when none.
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_last_error() {
  if (g_error.status.ok()) return 0;
  g_json.clear();
  write_error(g_json, g_error.status, g_error.offset, g_error.source, g_error.message.view());
  return put_json();
}

}  // extern "C"
