// puny for JavaScript: the display level's vocabulary: the presets, the
// display profiles and reasons.
#include "module.hpp"

namespace {

PUNY_WASM_COLD void write_level_vocabulary(json_writer& w) {
  w.key("presets");
  write_presets(w);
  write_display_vocabulary(w);
}

}  // namespace
