// Internal: a table over the BMP made a page of 256 code points at a time,
// the first time a code point of the page is read, and shared by every
// thread.  For derived tables (display's and UTS #39's per-code-point
// classes and pieces) that cost hundreds of instructions a code point to
// compute: a run that meets a few scripts builds a few pages, not all 256.
//
// The first page (U+0000-U+00FF: ASCII and Latin-1, in nearly every
// name) is built by the constructor, so reading it costs one comparison
// more than a flat table; the others are read through an atomic pointer.
//
// Thread safety: the table is meant to be a function-local static,
// constructed once with its first page (the language serializes that);
// any other page is built outside any lock and published with one
// compare-and-swap; a thread that loses the race frees its copy and reads
// the winner's (the builders are pure functions of the code points, so
// both copies are equal).  A page once published is never changed or freed
// until the table is destroyed.  Readers load the page pointer with acquire
// order, which pairs with the release of the compare-and-swap, so the
// page's contents are visible before its pointer is.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

namespace puny::detail::ucd {

// Page: a default-constructible type; build(first, page) fills it for the
// code points first .. first + 255.
template <typename Page>
class bmp_pages {
 public:
  using builder = void (*)(char32_t first, Page& page);
  static constexpr std::size_t page_count = 256;

  explicit bmp_pages(builder build) : build_(build) { build_(0, first_); }
  bmp_pages(const bmp_pages&) = delete;
  bmp_pages& operator=(const bmp_pages&) = delete;
  ~bmp_pages() {
    for (auto& p : pages_) delete p.load(std::memory_order_acquire);  // [0] stays null
  }

  // The page holding c (c < 0x10000), built now if no thread built it yet.
  const Page& page(char32_t c) const {
    if (c < 0x100) return first_;
    const std::size_t i = static_cast<std::size_t>(c >> 8) & (page_count - 1);
    const Page* p = pages_[i].load(std::memory_order_acquire);
    return p ? *p : make(i);
  }

  // Whether c's page is built (for the tests).
  bool built(char32_t c) const noexcept {
    return c < 0x100 || pages_[static_cast<std::size_t>(c >> 8) & (page_count - 1)].load(std::memory_order_acquire) != nullptr;
  }

 private:
  const Page& make(std::size_t i) const {
    auto fresh = std::make_unique<Page>();
    build_(static_cast<char32_t>(i << 8), *fresh);
    const Page* expected = nullptr;
    if (pages_[i].compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel, std::memory_order_acquire))
      return *fresh.release();
    return *expected;  // another thread published the page first; ours is freed
  }

  mutable std::atomic<const Page*> pages_[page_count] = {};
  builder build_;
  Page first_;
};

}  // namespace puny::detail::ucd
