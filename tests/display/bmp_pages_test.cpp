// The BMP tables made a page of 256 code points at a time on first use
// (src/unicode/bmp_pages.hpp), as UTS #39's skeleton pieces, the chromium
// profile's quick-verdict entries and its lookalike-skeleton classes are:
// the first page by the constructor, each other page once, when first
// read, and complete from any number of threads at once.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "unicode/bmp_pages.hpp"

namespace {

using puny::detail::ucd::bmp_pages;

struct test_page {
  std::uint32_t of[256] = {};
};

std::atomic<int> builds{0};
std::atomic<int> builds_of_page[256];

// A value that depends on the code point, and a count of builds per page.
void build_test_page(char32_t first, test_page& page) {
  builds.fetch_add(1);
  builds_of_page[first >> 8].fetch_add(1);
  for (unsigned i = 0; i < 256; ++i) page.of[i] = (first + i) * 2654435761u;
}

void reset_counts() {
  builds = 0;
  for (auto& b : builds_of_page) b = 0;
}

TEST(BmpPages, FirstPageByTheConstructorOthersWhenFirstRead) {
  reset_counts();
  const bmp_pages<test_page> table(build_test_page);
  EXPECT_EQ(builds.load(), 1);  // U+0000-U+00FF
  EXPECT_TRUE(table.built(U'a'));
  EXPECT_TRUE(table.built(0xFF));
  EXPECT_FALSE(table.built(0x0430));
  EXPECT_EQ(table.page(0x0430).of[0x30], 0x0430u * 2654435761u);
  EXPECT_TRUE(table.built(0x04FF));
  EXPECT_FALSE(table.built(0x0500));
  EXPECT_EQ(builds.load(), 2);
  for (char32_t c = 0x0400; c < 0x0500; ++c) EXPECT_EQ(table.page(c).of[c & 255], c * 2654435761u);
  EXPECT_EQ(builds.load(), 2);  // read again, not rebuilt
  EXPECT_EQ(table.page(0xFFFF).of[255], 0xFFFFu * 2654435761u);
  EXPECT_EQ(builds.load(), 3);
}

// Eight threads released together read every page in different orders:
// every read sees the page's full contents, and each page is published
// once (a page built twice by a race is freed, never read half-made).
// Under ThreadSanitizer (scripts/tsan-tests.sh) this also checks the
// publication's memory order.
TEST(BmpPages, ThreadsRacingOnFreshPagesReadCompletePages) {
  for (int round = 0; round < 4; ++round) {
    reset_counts();
    const bmp_pages<test_page> table(build_test_page);
    std::atomic<bool> go{false};
    std::atomic<long> wrong{0};
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < 8; ++t) {
      threads.emplace_back([&, t] {
        while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
        for (unsigned k = 0; k < 256; ++k) {
          const char32_t c = static_cast<char32_t>(((k * (2 * t + 1) + t * 37) & 255) << 8 | (k * 7 & 255));
          const test_page& page = table.page(c);
          for (unsigned i = 0; i < 256; ++i)
            if (page.of[i] != ((c & ~char32_t{255}) + i) * 2654435761u) wrong.fetch_add(1);
        }
      });
    }
    go.store(true, std::memory_order_release);
    for (std::thread& th : threads) th.join();
    EXPECT_EQ(wrong.load(), 0) << "round " << round;
    for (unsigned p = 0; p < 256; ++p) {
      EXPECT_TRUE(table.built(static_cast<char32_t>(p << 8))) << "page " << p;
      EXPECT_GE(builds_of_page[p].load(), 1) << "page " << p;
      EXPECT_LE(builds_of_page[p].load(), 8) << "page " << p;  // at most once per thread
    }
  }
}

}  // namespace
