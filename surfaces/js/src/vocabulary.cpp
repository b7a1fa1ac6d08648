// puny for JavaScript: what the module offers, asked for once at load.
#include <emscripten/emscripten.h>

#include "module.hpp"
#include "puny/unicode.hpp"

namespace {



}  // namespace


extern "C" {

// What the module offers, as JSON: {unicodeVersion[, presets][,
// displayProfiles, displayReasons]} (the level's part: vocabulary_*.cpp).
PUNY_WASM_COLD EMSCRIPTEN_KEEPALIVE int puny_js_vocabulary() {
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  w.key("unicodeVersion").string(puny::unicode::unicode_version);
  write_level_vocabulary(w);
  w.close_object();
  return put_json();
}

}  // extern "C"
