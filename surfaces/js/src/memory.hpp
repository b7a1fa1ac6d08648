// puny for JavaScript: the growable buffers every export writes on
// (surfaces/js/src/, one job a file; see module.hpp for the file list of
// each entry level).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace {

// ---- Buffers ----
// A growable array of a trivially copyable type (on malloc, or in the
// Punycode-only module on the heap's top, memory_heap_top.cpp).  What every
// entry point runs (Punycode, the error record, the JSON text) is written
// on these rather than on std::basic_string, whose code would be a large
// part of the Punycode-only module (surfaces/js/test/sizes.test.mjs holds it to its
// budget); the UTS #46 levels use the library's strings as well.
//
// The Punycode-only module links no allocator: its buffers only grow, so
// they take their memory from the top of the heap instead (grow_block), a
// buffer that is the last block there growing in place and any other moving
// to the top.  A moved buffer's old block is not reused; with capacities
// that at least double, the memory held stays under twice what the buffers
// hold.  (emscripten's smallest allocator, emmalloc, is 2.6 KB of code.)
//
// The block functions come from one of two files, chosen by the entry
// level's file list (surfaces/js/CMakeLists.txt): memory_heap_top.cpp for
// the Punycode-only module, memory_malloc.cpp for the others.
void* grow_block(void* block, std::size_t old_bytes, std::size_t new_bytes);
void release_block(void* block);

template <class T>
class buffer {
 public:
  buffer() = default;
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer() { release_block(data_); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  std::basic_string_view<T> view() const { return {data_, size_}; }
  void clear() { size_ = 0; }
  // Room for `n` elements (the contents kept); the new address is data().
  T* reserve(std::size_t n) {
    if (n > capacity_) {
      // Past what 32-bit memory can hold (no input gets here before the
      // memory runs out, but the sizes below must not wrap): the abort the
      // loader reports.
      if (n > static_cast<std::size_t>(-1) / 4 / sizeof(T)) std::abort();
      // Capacities in whole 8-byte units, as grow_block hands them out.
      std::size_t grown = std::max({n, capacity_ * 2, std::size_t{64}});
      grown = (grown * sizeof(T) + 7) / 8 * 8 / sizeof(T);
      data_ = static_cast<T*>(grow_block(data_, capacity_ * sizeof(T), grown * sizeof(T)));
      capacity_ = grown;
    }
    return data_;
  }
  void resize(std::size_t n) {
    reserve(n);
    size_ = n;
  }
  void push_back(T v) {
    reserve(size_ + 1);
    data_[size_++] = v;
  }
  void append(std::basic_string_view<T> more) {
    reserve(size_ + more.size());
    if (!more.empty()) std::memcpy(data_ + size_, more.data(), more.size() * sizeof(T));
    size_ += more.size();
  }
  buffer& operator+=(T v) {
    push_back(v);
    return *this;
  }
  buffer& operator+=(std::basic_string_view<T> more) {
    append(more);
    return *this;
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace
