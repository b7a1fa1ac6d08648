// puny for JavaScript: grow_block on the heap's top, for the Punycode-only
// module, which links no allocator (memory.hpp says why).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "memory.hpp"

extern "C" {
extern unsigned char __heap_base;  // the linker's: where the heap starts
// The loader's import (surfaces/js/lib/load.js): the memory grew, so its views of
// the old buffer are stale.  emscripten's sbrk calls it; here, take_heap.
void emscripten_notify_memory_growth(std::size_t memory_index);
}
namespace {

namespace {

std::uintptr_t g_heap_top = 0;  // the heap's first unused byte

// `bytes` (a multiple of 8) more at the heap's top; their address.
void* take_heap(std::size_t bytes) {
  constexpr std::uintptr_t page = 65536;
  if (g_heap_top == 0) g_heap_top = (reinterpret_cast<std::uintptr_t>(&__heap_base) + 7) & ~std::uintptr_t{7};
  const std::uintptr_t block = g_heap_top;
  const std::uintptr_t end = block + bytes;
  if (end < block) std::abort();  // past 4 GB
  const std::uintptr_t size = __builtin_wasm_memory_size(0) * page;
  if (end > size) {
    if (__builtin_wasm_memory_grow(0, (end - size + page - 1) / page) == static_cast<std::size_t>(-1))
      std::abort();  // out of memory: the loader reports it
    emscripten_notify_memory_growth(0);
  }
  g_heap_top = end;
  return reinterpret_cast<void*>(block);
}


}  // namespace

void* grow_block(void* block, std::size_t old_bytes, std::size_t new_bytes) {
  const auto at = reinterpret_cast<std::uintptr_t>(block);
  if (block != nullptr && at + old_bytes == g_heap_top) {  // the last block: in place
    take_heap(new_bytes - old_bytes);
    return block;
  }
  void* moved = take_heap(new_bytes);
  if (old_bytes != 0) std::memcpy(moved, block, old_bytes);
  return moved;
}
void release_block(void*) {}

}  // namespace
