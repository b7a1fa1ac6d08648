// Threads meeting the BMP tables' pages when they are first read: UTS #39's
// skeleton pieces, the chromium profile's quick verdict and its
// lookalike-skeleton classes and pieces are made a page of 256 code points
// at a time, on first use, shared by every thread (src/unicode/bmp_pages.hpp).
// Eight threads are released together on names from every page of the BMP,
// each in its own order, so that most pages are first read by several
// threads at once; every answer must equal the one the main thread gets
// afterwards.  ctest runs this test in a process of its own, so the pages
// are fresh; scripts/tsan-tests.sh runs it under ThreadSanitizer.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <string>
#include <thread>
#include <vector>

#include "puny/display.hpp"
#include "puny/hunt.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

namespace {

// Two code points of each BMP page (letters where the page has them: its
// 0x30th and 0xB5th), between Latin letters and before a TLD.
std::vector<std::string> names_over_the_bmp() {
  std::vector<std::string> names;
  for (char32_t page = 0; page < 0x100; ++page) {
    if (page >= 0xD8 && page <= 0xDF) continue;  // surrogates
    for (const char32_t low : {char32_t{0x30}, char32_t{0xB5}}) {
      std::string name = "g";
      if (!puny::unicode::utf32_to_utf8(std::u32string{page << 8 | low, U'o', page << 8 | (low + 1)}, name).ok())
        continue;
      names.push_back("g" + name.substr(1) + "gle.com");
    }
  }
  return names;
}

// Everything the three tables decide for one name, as text.
std::string answers(const std::string& name, const puny::display::options& chromium,
                    const puny::display::options& firefox, const puny::hunt::brand_index& brands) {
  std::string out;
  puny::display::decision d;
  for (const puny::display::options* opt : {&chromium, &firefox}) {
    const puny::status st = puny::display::decide(name, *opt, d);
    out += std::to_string(static_cast<int>(st.code)) + " " + d.display + (d.all_shown() ? " shown|" : " kept|");
  }
  std::string skeleton;
  if (puny::uts39::skeleton(name, skeleton).ok()) out += skeleton + "|";
  const puny::hunt::report r = puny::hunt::find(name, brands);
  for (const puny::hunt::match& m : r.matches)
    out += std::to_string(m.brand) + ":" + std::to_string(static_cast<int>(m.why)) + ":" + std::to_string(m.offset) + " ";
  return out + r.display;
}

TEST(FirstUseRace, ThreadsMeetingFreshPagesAnswerAsOneThreadDoes) {
  puny::display::protected_domains top;
  puny::display::list_error error;
  ASSERT_TRUE(puny::display::protected_domains::parse("google.com\nyandex.ru\n", "brands", top, error)) << error.text;
  puny::hunt::brand_index brands;
  ASSERT_TRUE(puny::hunt::brand_index::parse("google.com\nyandex.ru\n", "brands", brands, error)) << error.text;
  puny::display::options chromium, firefox;
  chromium.protected_list = &top;
  firefox.which = puny::display::profile::firefox;

  const std::vector<std::string> names = names_over_the_bmp();
  ASSERT_GT(names.size(), 400u);
  constexpr std::size_t thread_count = 8;
  std::vector<std::vector<std::string>> got(thread_count, std::vector<std::string>(names.size()));
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      // Thread t walks the names with stride 2t + 1 from its own start:
      // each thread's order differs, every name is visited.
      const std::size_t n = names.size();
      std::size_t stride = 2 * t + 1;
      while (n % stride == 0) stride += 2;  // coprime with n
      for (std::size_t k = 0, i = (t * 97) % n; k < n; ++k, i = (i + stride) % n)
        got[t][i] = answers(names[i], chromium, firefox, brands);
    });
  }
  go.store(true, std::memory_order_release);
  for (std::thread& th : threads) th.join();

  std::size_t wrong = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string want = answers(names[i], chromium, firefox, brands);
    for (std::size_t t = 0; t < thread_count; ++t)
      if (got[t][i] != want && ++wrong <= 5)
        ADD_FAILURE() << "thread " << t << ", name " << names[i] << ": " << got[t][i] << " != " << want;
  }
  EXPECT_EQ(wrong, 0u);
}

}  // namespace
