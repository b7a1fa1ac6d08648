// puny for JavaScript: the UTS #46 level's vocabulary: the presets.
#include "module.hpp"

namespace {

PUNY_WASM_COLD void write_level_vocabulary(json_writer& w) {
  w.key("presets");
  write_presets(w);
}

}  // namespace
