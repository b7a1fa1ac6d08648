// puny for JavaScript: the display level's vocabulary: the presets, the
// display profiles and reasons, the lookalike rules.
#include "module.hpp"

namespace {

// The lookalike rules (hunt_exports.cpp).
void write_hunt_rules(json_writer& w);

PUNY_WASM_COLD void write_level_vocabulary(json_writer& w) {
  w.key("presets");
  write_presets(w);
  write_display_vocabulary(w);
  write_hunt_rules(w);
}

}  // namespace
