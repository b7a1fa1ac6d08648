// puny for JavaScript: grow_block on emscripten's allocator (the levels
// that link one: UTS #46 and display).
#include <cstdlib>

#include "memory.hpp"

namespace {

void* grow_block(void* block, std::size_t, std::size_t new_bytes) {
  void* moved = std::realloc(block, new_bytes);
  if (moved == nullptr) std::abort();  // out of memory: the loader reports it
  return moved;
}
void release_block(void* block) { std::free(block); }

}  // namespace
