// puny for JavaScript: the hunt level's vocabulary: the display profiles
// and reasons (a match's verdict names them), the lookalike rules and the
// alert threshold (huntIndex's default minScore).
#include "module.hpp"

namespace {

// The lookalike rules and the alert threshold (hunt_exports.cpp).
void write_hunt_rules(json_writer& w);

PUNY_WASM_COLD void write_level_vocabulary(json_writer& w) {
  write_display_vocabulary(w);
  write_hunt_rules(w);
}

}  // namespace
