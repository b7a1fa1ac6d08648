// puny_scaling: shows that no public entry point has a quadratic path.
//
// For every entry point and several hostile input shapes, times the call on
// inputs of n and 2n units for growing n and prints time(2n) / time(n):
// about 2 means linear (or n log n, slightly above 2), about 4 quadratic.
// Not a test (timing is machine dependent); run it on a Release build:
//
//   build/tests/hostile/puny_scaling [max_n [name-filter]]
//
// The control row "bootstring simple (control)" forces the RFC's quadratic
// loop (used by the library only up to bootstring::inplace_limit code
// points) to show what a quadratic path looks like in this table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

namespace {

namespace bs = puny::bootstring;
namespace pc = puny::punycode;
namespace idna = puny::idna;

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

std::u32string to32(const std::string& s) {
  std::u32string out;
  (void)puny::unicode::utf8_to_utf32(s, out);
  return out;
}

// Distinct CJK code points cycling, so Punycode has many deltas.
std::string cjk(std::size_t n) {
  std::string out;
  std::u32string cps;
  for (std::size_t i = 0; i < n; ++i) cps.push_back(static_cast<char32_t>(0x4E00 + (i * 7919) % 0x5000));
  (void)puny::unicode::utf32_to_utf8(cps, out);
  return out;
}

volatile std::size_t sink = 0;

// Best of `reps` runs, in seconds.
double time_call(const std::function<std::size_t()>& f) {
  double best = 1e9;
  int reps = 0;
  const auto start_all = std::chrono::steady_clock::now();
  do {
    const auto t0 = std::chrono::steady_clock::now();
    sink = sink + f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
    ++reps;
  } while (reps < 3 || (reps < 50 && std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                                     start_all).count() < 0.2));
  return best;
}

struct entry {
  const char* name;
  // Builds the input for size n and returns the call to time.
  std::function<std::function<std::size_t()>(std::size_t)> make;
};

}  // namespace

int main(int argc, char** argv) {
  const std::size_t max_n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (1u << 18);
  const std::string filter = argc > 2 ? argv[2] : "";
  const idna::options no_bidi{true, false, true, false, false, false, false, false};
  std::vector<entry> entries = {
      {"punycode::encode (UTF-32, CJK)",
       [](std::size_t n) {
         auto in = std::make_shared<std::u32string>(to32(cjk(n)));
         return [in] { return pc::encode(*in).value.size(); };
       }},
      {"punycode::decode (UTF-32, CJK)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(pc::encode_utf8(cjk(n)).value);
         return [in] { return pc::decode(*in).value.size(); };
       }},
      {"punycode::encode_utf8 (caller buffer)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(cjk(n));
         auto buf = std::make_shared<std::vector<char>>(in->size() * 4 + 16);
         return [in, buf] { return pc::encode_utf8(*in, buf->data(), buf->size()).size; };
       }},
      {"punycode::decode_to_utf8 (caller buffer)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(pc::encode_utf8(cjk(n)).value);
         auto buf = std::make_shared<std::vector<char>>(n * 4 + 16);
         return [in, buf] { return pc::decode_to_utf8(*in, buf->data(), buf->size()).size; };
       }},
      {"punycode::decode ('a' digits: n x U+0080)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(n, 'a');
         return [in] { return pc::decode(*in).value.size(); };
       }},
      {"punycode::decode (n hyphens)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(n, '-');
         return [in] { return pc::decode(*in).value.size(); };
       }},
      {"bootstring simple (control, quadratic)",
       [](std::size_t n) {
         auto in = std::make_shared<std::u32string>(to32(cjk(n)));
         return [in] {
           std::string out;
           (void)bs::encode(*in, pc::profile, out, nullptr,
                      bs::advanced_options{bs::strategy::simple, nullptr});
           return out.size();
         };
       }},
      {"idna::to_ascii (ASCII labels a.)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("a.", n / 2));
         return [in] { return idna::to_ascii(*in).value.size(); };
       }},
      {"idna::to_ascii (one CJK label)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(cjk(n));
         return [in] { return idna::to_ascii(*in).value.size(); };
       }},
      {"idna::to_ascii (U+00FC labels)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xC3\xBC.", n / 2));
         return [in] { return idna::to_ascii(*in).value.size(); };
       }},
      {"idna::to_ascii (U+0660 x n, Bidi)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xD9\xA0", n));
         return [in] { return idna::to_ascii_detailed(*in).best_effort.size(); };
       }},
      {"idna::to_ascii (U+0660 x n, no Bidi)",
       [no_bidi](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xD9\xA0", n));
         return [in, no_bidi] { return idna::to_ascii(*in, no_bidi).value.size(); };
       }},
      {"idna::to_ascii (RTL labels, Bidi)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xD8\xA7\xD9\xA0.", n / 2));
         return [in] { return idna::to_ascii_detailed(*in).best_effort.size(); };
       }},
      {"idna::to_ascii (ZWNJ after virama, CONTEXTJ)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8C", n / 3));
         return [in] { return idna::to_ascii_detailed(*in).best_effort.size(); };
       }},
      {"idna::to_ascii (ZWJ x n, CONTEXTJ errors)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>("a" + repeat("\xE2\x80\x8D", n));
         return [in] { return idna::to_ascii_detailed(*in).errors.all.size(); };
       }},
      {"idna::to_ascii (marks to reorder, NFC)",
       [](std::size_t n) {
         // ccc 230 then 220 repeated: canonical ordering must sort the run.
         auto in = std::make_shared<std::string>("a" + repeat("\xCC\x81\xCC\x96", n / 2));
         return [in] { return idna::to_ascii_detailed(*in).best_effort.size(); };
       }},
      {"idna::to_ascii (Hangul jamo, NFC compose)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xE1\x84\x80\xE1\x85\xA1", n / 2));
         return [in] { return idna::to_ascii_detailed(*in).best_effort.size(); };
       }},
      {"idna::to_ascii (n dots, VerifyDnsLength)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(n, '.');
         return [in] { return idna::to_ascii_detailed(*in, idna::registration).errors.all.size(); };
       }},
      {"idna::to_ascii (caller buffer, U+00FC labels)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xC3\xBC.", n / 2));
         auto buf = std::make_shared<std::vector<char>>(n * 8 + 16);
         return [in, buf] {
           std::size_t written = 0;
           (void)idna::to_ascii(*in, buf->data(), buf->size(), written);
           return written;
         };
       }},
      {"idna::to_unicode (one long xn-- label)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>("xn--" + pc::encode_utf8(cjk(n)).value);
         return [in] { return idna::to_unicode(*in).value.size(); };
       }},
      {"idna::to_unicode (xn--tda labels)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("xn--tda.", n / 8));
         return [in] { return idna::to_unicode(*in).value.size(); };
       }},
      {"idna::to_unicode (xn-- + n digits 'a')",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>("xn--" + std::string(n, 'a'));
         return [in] { return idna::to_unicode(*in).value.size(); };
       }},
      {"idna::to_unicode (UTF-16, U+0660 x n)",
       [](std::size_t n) {
         auto in = std::make_shared<std::u16string>(n, u'\x0660');
         return [in] { return idna::to_unicode(std::u16string_view(*in)).value.size(); };
       }},
      // Display safety: one long Cyrillic label (every chromium step runs
      // over it), many labels, and repeated combining marks (the invisible
      // check), and the skeleton of a long mixed string.
      {"display::decide (chromium, one Cyrillic label)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xD0\xB0", n / 2) + ".com");
         return [in] { return puny::display::decide(*in).value.display.size(); };
       }},
      {"display::decide (chromium, a.b labels)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("\xC3\xBC.", n / 3) + "de");
         return [in] { return puny::display::decide(*in).value.display.size(); };
       }},
      {"display::decide (firefox-high, marks on a)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>("a" + repeat("\xCC\x81\xCC\x80", n / 4));
         puny::display::options o;
         o.which = puny::display::profile::firefox_high;
         return [in, o] { return puny::display::decide(*in, o).value.display.size(); };
       }},
      {"uts39::skeleton (Latin, Cyrillic, marks)",
       [](std::size_t n) {
         auto in = std::make_shared<std::string>(repeat("a\xD0\xB0\xC3\xA9m1", n / 7));
         return [in] { return puny::uts39::skeleton(std::string_view(*in)).value.size(); };
       }},
  };

  std::vector<std::size_t> sizes;
  for (std::size_t n = 1u << 12; n <= max_n; n *= 2) sizes.push_back(n);
  std::printf("%-46s", "entry point (input shape)   n =");
  for (std::size_t j = 0; j + 1 < sizes.size(); ++j) std::printf(" %7zuk", sizes[j] / 1024);
  std::printf("   t(max n)\n");
  for (const entry& e : entries) {
    if (std::string(e.name).find(filter) == std::string::npos) continue;
    std::printf("%-46s", e.name);
    std::fflush(stdout);
    double prev = 0;
    double last = 0;
    const bool control = std::string(e.name).find("control") != std::string::npos;
    for (std::size_t j = 0; j < sizes.size(); ++j) {
      // The control stops at 16k: beyond that its input repeats code points
      // (20,480 distinct CJK values), so the rescans stop growing with n.
      if (control && sizes[j] > (1u << 14)) {
        std::printf("       - ");
        continue;
      }
      const double t = time_call(e.make(sizes[j]));
      if (j > 0) std::printf(" %8.2f", t / prev);
      prev = t;
      last = t;
    }
    std::printf("   %8.2f ms\n", last * 1e3);
  }
  return 0;
}
