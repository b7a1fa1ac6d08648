// puny for JavaScript: the Punycode-only level's vocabulary adds nothing.
#include "module.hpp"

namespace {

PUNY_WASM_COLD void write_level_vocabulary(json_writer&) {}

}  // namespace
