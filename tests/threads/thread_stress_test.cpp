// Threads: the library's only shared mutable state is the per-thread UTS #46
// workspace (thread_local in src/idna/uts46.cpp); everything else is
// constant tables.  These tests run conversions from several threads at
// once and check that every answer equals the single-threaded one, with
// huge names in between so that each thread's workspace grows past its keep
// limit and starts afresh while the other threads keep converting; and they
// bound the memory a thread keeps after a huge name.
//
// scripts/tsan-tests.sh runs them under ThreadSanitizer (CI does).
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PUNY_SANITIZER_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PUNY_SANITIZER_ALLOCATOR 1
#endif
#endif
#ifdef PUNY_SANITIZER_ALLOCATOR
// From the sanitizer runtime (declared in clang's
// <sanitizer/allocator_interface.h>, which GCC does not ship).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#else
#include <malloc.h>
#endif

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace {

namespace idna = puny::idna;
namespace pc = puny::punycode;
using puny::errc;

// Bytes currently allocated by the process (the sanitizers' allocators
// replace malloc and keep their own count).
std::size_t allocated_bytes() {
#ifdef PUNY_SANITIZER_ALLOCATOR
  return __sanitizer_get_current_allocated_bytes();
#else
  // In-use chunks of the arenas plus chunks malloc gave their own mmap
  // (large blocks: uordblks alone does not count those).
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
#endif
}

std::vector<std::string> read_lines(const std::string& name, std::size_t limit) {
  const std::string path = std::string(PUNY_BENCH_DATA_DIR) + "/" + name;
  std::ifstream in(path);
  std::vector<std::string> lines;
  std::string line;
  while (lines.size() < limit && std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// One conversion's answer in a comparable form.
struct answer {
  errc code = errc::ok;
  std::size_t offset = 0;
  std::string value;
  bool operator==(const answer& o) const {
    return code == o.code && offset == o.offset && value == o.value;
  }
};

// The API forms a thread cycles through: allocating UTF-8, caller buffer,
// UTF-16, detailed; ToASCII and ToUnicode.
answer convert(const std::string& in, unsigned form) {
  answer a;
  switch (form % 6) {
    case 0: {
      const auto r = idna::to_ascii(in);
      a = {r.status.code, r.status.offset, r.value};
      break;
    }
    case 1: {
      const auto r = idna::to_unicode(in);
      a = {r.status.code, r.status.offset, r.value};
      break;
    }
    case 2: {
      // Caller buffer: the size the allocating form gives, then the call.
      const auto ref = idna::to_ascii(in);
      std::unique_ptr<char[]> buf(new char[ref.value.size() + 1]);
      std::size_t written = 0;
      const puny::status s = idna::to_ascii(in, buf.get(), ref.value.size(), written);
      a = {s.code, s.offset, std::string(buf.get(), written)};
      break;
    }
    case 3: {
      std::u32string u32;
      std::u16string u16;
      if (!puny::unicode::utf8_to_utf32(in, u32).ok()) return convert(in, 0);
      (void)puny::unicode::utf32_to_utf16(u32, u16);
      const auto r = idna::to_ascii(std::u16string_view(u16));
      a = {r.status.code, 0, r.value};
      break;
    }
    case 4: {
      const auto d = idna::to_unicode_detailed(in, idna::registration);
      a = {d.errors.first.code, d.errors.first.offset, d.best_effort};
      break;
    }
    default: {
      const auto r = idna::to_ascii(in, idna::url);
      a = {r.status.code, r.status.offset, r.value};
      break;
    }
  }
  return a;
}

// Names above the workspace's keep limit (65,536 code points): one long
// label, many labels, ill-formed bytes (one error each), an ACE label.
std::vector<std::string> huge_names() {
  std::vector<std::string> names;
  names.push_back(repeat("\xC3\xBC", 80000));
  names.push_back(repeat("b\xC3\xBC" "cher.", 12000) + "de");
  names.push_back(std::string(80000, '\xFF'));
  names.push_back("xn--" + pc::encode_utf8(repeat("\xE6\x97\xA5", 70000)).value);
  return names;
}

TEST(Threads, ConcurrentConversionsMatchTheSingleThreadedAnswers) {
  std::vector<std::string> inputs;
  for (const char* file : {"domains-idn.txt", "domains-mixed.txt", "labels.txt"}) {
    const std::vector<std::string> lines = read_lines(file, 1500);
    ASSERT_EQ(lines.size(), 1500u) << "missing or short bench data: " << PUNY_BENCH_DATA_DIR << "/"
                                   << file;
    inputs.insert(inputs.end(), lines.begin(), lines.end());
  }
  const std::vector<std::string> huge = huge_names();

  // The reference, computed on this thread before any other starts.
  std::vector<std::vector<answer>> want(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i)
    for (unsigned form = 0; form < 6; ++form) want[i].push_back(convert(inputs[i], form));
  std::vector<answer> want_huge;
  for (std::size_t h = 0; h < huge.size(); ++h)
    want_huge.push_back(convert(huge[h], static_cast<unsigned>(h)));

  constexpr unsigned thread_count = 4;
  constexpr std::size_t huge_every = 1500;  // a huge name every so many inputs
  std::atomic<std::size_t> mismatches{0};
  std::atomic<std::size_t> conversions{0};
  std::atomic<std::size_t> huge_done{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      // Each thread walks the inputs from its own starting point and
      // stride, so different threads convert different names at once.
      const std::size_t n = inputs.size();
      std::size_t i = (n / thread_count) * t;
      for (std::size_t step = 0; step < n; ++step, i = (i + 7 + 2 * t) % n) {
        const unsigned form = static_cast<unsigned>(step + t) % 6;
        if (!(convert(inputs[i], form) == want[i][form])) ++mismatches;
        ++conversions;
        if (step % huge_every == huge_every / 2) {
          const std::size_t h = (step / huge_every + t) % huge.size();
          if (!(convert(huge[h], static_cast<unsigned>(h)) == want_huge[h])) ++mismatches;
          ++huge_done;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0u);
  EXPECT_EQ(conversions.load(), thread_count * inputs.size());
  EXPECT_EQ(huge_done.load(), thread_count * ((inputs.size() + huge_every / 2) / huge_every));
}

TEST(Threads, PunycodeFromManyThreads) {
  // The Punycode layer keeps no state; long strings take its heap path.
  const std::vector<std::string> words = read_lines("labels.txt", 2000);
  ASSERT_EQ(words.size(), 2000u) << "missing bench data: " << PUNY_BENCH_DATA_DIR;
  std::vector<std::string> want;
  for (const std::string& w : words) want.push_back(pc::encode_utf8(w).value);
  const std::string long_word = repeat("\xE4\xB8\xAD\xE6\x96\x87", 5000);
  const std::string long_want = pc::encode_utf8(long_word).value;
  std::atomic<std::size_t> mismatches{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = t; i < words.size(); i += 1) {
        const auto e = pc::encode_utf8(words[i]);
        if (e.value != want[i]) ++mismatches;
        if (pc::decode_to_utf8(e.value).value != words[i]) ++mismatches;
        if (i % 500 == t && pc::encode_utf8(long_word).value != long_want) ++mismatches;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0u);
}

// What a thread keeps allocated after converting `huge` and then one
// ordinary name, beyond what it kept after the ordinary name alone.
template <class Convert>
std::ptrdiff_t kept_after(const std::string& huge, Convert&& convert_one) {
  std::ptrdiff_t kept = 0;
  std::thread([&] {
    convert_one("b\xC3\xBC" "cher.example");  // the workspace as ordinary names leave it
    const std::size_t before = allocated_bytes();
    convert_one(huge);
    convert_one("b\xC3\xBC" "cher.example");  // the next call starts afresh
    kept = static_cast<std::ptrdiff_t>(allocated_bytes()) - static_cast<std::ptrdiff_t>(before);
  }).join();
  return kept;
}

// docs/security.md: past 65,536 code points of capacity the workspace
// starts afresh on the thread's next call.  What stays is what an ordinary
// name needs: the bound below is generous for that (2-5 KiB measured) and far
// below what the huge names grow the workspace to (tens of MiB).
constexpr std::ptrdiff_t kept_bound = 64 * 1024;

TEST(ThreadWorkspace, MemoryKeptAfterAHugeNameIsBounded) {
  const auto ascii = [](const std::string& s) { (void)idna::to_ascii(s); };
  const auto unicode = [](const std::string& s) { (void)idna::to_unicode(s); };
  const auto detailed = [](const std::string& s) { (void)idna::to_unicode_detailed(s, idna::registration); };
  const auto utf16 = [](const std::string& s) {
    std::u32string u32;
    std::u16string u16;
    (void)puny::unicode::utf8_to_utf32(s, u32);
    (void)puny::unicode::utf32_to_utf16(u32, u16);
    (void)idna::to_unicode(std::u16string_view(u16));
  };
  const auto buffer = [](const std::string& s) {
    std::unique_ptr<char[]> out(new char[64]);
    std::size_t written = 0;
    (void)idna::to_ascii(s, out.get(), 64, written);
  };
  const auto explain = [](const std::string& s) { (void)idna::explain_to_ascii(s); };
  const std::vector<std::string> huge = huge_names();
  for (std::size_t h = 0; h < huge.size(); ++h) {
    SCOPED_TRACE("huge name " + std::to_string(h));
    EXPECT_LT(kept_after(huge[h], ascii), kept_bound);
    EXPECT_LT(kept_after(huge[h], unicode), kept_bound);
    EXPECT_LT(kept_after(huge[h], detailed), kept_bound);
    EXPECT_LT(kept_after(huge[h], utf16), kept_bound);
    EXPECT_LT(kept_after(huge[h], buffer), kept_bound);
    EXPECT_LT(kept_after(huge[h], explain), kept_bound);
  }
}

TEST(ThreadWorkspace, NamesBelowTheKeepLimitStayBelowItsSize) {
  // A name just under the keep limit is kept (steady-state calls on such
  // names do not allocate); what it keeps is O(limit), here at most 256
  // bytes a code point of the limit.
  const std::string below = repeat("\xC3\xBC", 60000);
  const std::ptrdiff_t kept = kept_after(below, [](const std::string& s) { (void)idna::to_ascii(s); });
  EXPECT_LT(kept, std::ptrdiff_t{65536} * 256);
}

TEST(ThreadWorkspace, ThreadExitReleasesItsWorkspace) {
  const std::size_t before = allocated_bytes();
  std::thread([] {
    (void)idna::to_ascii(repeat("\xC3\xBC", 60000));  // kept while the thread lives
    (void)idna::to_unicode("xn--" + pc::encode_utf8(repeat("\xE6\x97\xA5", 30000)).value);
  }).join();
  const std::ptrdiff_t kept =
      static_cast<std::ptrdiff_t>(allocated_bytes()) - static_cast<std::ptrdiff_t>(before);
  EXPECT_LT(kept, kept_bound);
}

}  // namespace
