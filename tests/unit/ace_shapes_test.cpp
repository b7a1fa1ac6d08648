// The ACE route of ToUnicode when the decoder's shape decides
// (src/idna/ace_path.cpp, bootstring::label::decode_shaped): labels whose
// inserted code points lie in a range of one plain kind are written without
// a table read each, as runs of 2- or 3-byte UTF-8 (src/simd/utf8_out.hpp,
// eight or four code points a step, writing past the result); ranges that
// mix kinds take the checks.  For each name: the route's UTF-8 equals the
// pipeline's, the caller-buffer form with exactly the route's 4n bytes
// gives the allocating form's result and status and writes nothing past
// them, and decode_shaped reports the size, basic count and extremes that
// punycode::decode's result has.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bootstring/label_codec.hpp"
#include "idna/fast_path.hpp"
#include "idna_all_paths.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "unicode/ucd.hpp"

namespace {

namespace idna = puny::idna;
namespace detail = puny::idna::detail;
namespace label = puny::bootstring::label;

std::string ace(const std::u32string& l) {
  const auto r = puny::punycode::encode(l);
  EXPECT_TRUE(r.ok()) << "encode";
  return "xn--" + r.value;
}

std::string pipeline(const std::string& in, const idna::options& opt) {
  detail::fast_paths_disabled.store(true);
  const auto r = idna::to_unicode(in, opt);
  detail::fast_paths_disabled.store(false);
  return r.ok() ? r.value : "(error)";
}

// The caller-buffer form with exactly 4 * size bytes of room, then a guard
// the call must leave alone, against the allocating form.
void check_buffer(const std::string& in, const idna::options& opt) {
  const std::size_t room = 4 * in.size();
  std::vector<char> buf(room + 64, '\x5A');
  std::size_t written = 0;
  const puny::status st = idna::to_unicode(in, buf.data(), room, written, opt);
  const auto want = idna::to_unicode(in, opt);
  EXPECT_EQ(st.code, want.status.code) << in;
  if (st.ok()) {
    EXPECT_EQ(std::string(buf.data(), written), want.value) << in;
  }
  EXPECT_TRUE(std::all_of(buf.begin() + static_cast<std::ptrdiff_t>(room), buf.end(),
                          [](char c) { return c == '\x5A'; }))
      << "written past the capacity on " << in;
}

// The route (through ace_to_unicode_long), or "(declined)".
std::string route(const std::string& in, const idna::options& opt) {
  std::string out(4 * detail::ace_max_input, '\0');
  const std::size_t n = detail::ace_to_unicode_long(in.data(), in.size(), opt, &out[0]);
  if (n == detail::ace_declined) return "(declined)";
  out.resize(n);
  return out;
}

// Checks a name made of `labels` joined by dots under the default options
// and without CheckBidi; returns how often the route took it.
std::size_t check(const std::string& name) {
  std::size_t taken = 0;
  idna::options no_bidi = idna::uts46_default;
  no_bidi.check_bidi = false;
  for (const idna::options& opt : {idna::uts46_default, no_bidi}) {
    const std::string got = route(name, opt);
    if (got != "(declined)") {
      ++taken;
      EXPECT_EQ(got, pipeline(name, opt)) << "route and pipeline differ on " << name;
    }
    check_buffer(name, opt);
    const std::string diff = puny::fuzz::fast_path_mismatch(name, opt);
    EXPECT_TRUE(diff.empty()) << "entry points differ with the fast paths on " << name << "\n" << diff;
  }
  return taken;
}

// n code points from `from`, stepping by `step` within [from, to].
std::u32string run(char32_t from, char32_t to, std::size_t n, char32_t step = 1) {
  std::u32string s;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char32_t>(from + (i * step) % (to - from + 1));
  return s;
}

// Runs of every length from 1 to 40 in one script (2-byte, 3-byte, right
// to left), alone, after basic code points and beside other labels: the
// route must take them all.
TEST(AceShapes, RunsOfOneKindEveryLength) {
  struct script {
    char32_t from, to;
  };
  const script scripts[] = {
      {0x0430, 0x044F},  // Cyrillic small letters: 2 bytes
      {0x05D0, 0x05EA},  // Hebrew letters: 2 bytes, right to left
      {0x4E00, 0x4E80},  // CJK: 3 bytes, a narrow range
      {0x4E00, 0x9F00},  // CJK: a wide range (a table read each)
      {0xAC00, 0xD700},  // Hangul syllables
      {0x3041, 0x3096},  // Hiragana
  };
  for (const script& s : scripts) {
    for (std::size_t n = 1; n <= 40; ++n) {
      const std::u32string letters = run(s.from, s.to, n, 7);
      const std::string a = ace(letters);
      const bool rtl = s.from == 0x05D0;
      EXPECT_GT(check(a), 0u) << a;
      EXPECT_GT(check("www." + a + ".com"), 0u) << a;
      if (!rtl) {
        EXPECT_GT(check(ace(U"ab" + letters + U"9")), 0u) << a;  // with basic code points
        const std::string three = a + "." + a + "." + a;
        const std::size_t taken = check(three);
        if (three.size() <= detail::ace_max_input) {
          EXPECT_GT(taken, 0u) << three;
        }
      }
    }
  }
}

// Ranges of mixed kinds: a deviation (U+00DF, U+03C2), a mark inside the
// range, a capital (mapped: declined), right to left beside left to
// right: the route checks each code point (or declines), the same as the
// pipeline.
TEST(AceShapes, MixedRangesAreChecked) {
  const std::u32string labels[] = {
      U"\u00E0\u00DF\u00FF",       U"\u03B1\u03C2\u03C9",  U"\u0627\u064E\u0628",
      U"\u0430\u0410\u044F",       U"\u05D0\u00E9",        U"\u00E9\u0301",
      U"\u0915\u093F\u0916",       U"\u4E00\u3042\u30A2",  U"\u0430\U0001F600",
      U"\u0E01\u0E38\u0E48\u0E02", U"\u00F7\u00E9",        U"\u0661\u0662\u0663",
      // Right to left only: AN first fails RFC 5893's rule 1, AN after
      // AL passes; an extended Arabic-Indic digit is EN (not kind 2).
      U"\u0627\u0661",             U"\u0661\u0627",        U"\u0627\u06F1",
      U"\u05D0\u05EA\u05D1",
      // One run of 2 or 3 bytes checked code point by code point: a mark
      // first (V6), a mark that composes (not NFC), marks out of order.
      U"\u093F\u0915", U"\u0301\u00E9", U"\u03B1\u0301", U"\u0915\u094D\u093C",
      U"\u0E01\u0E48\u0E38", U"\u0627\u064E\u0650",
  };
  for (const std::u32string& l : labels) {
    check(ace(l));
    check(ace(l) + ".example");
    check("a-" + ace(l));
  }
}

// The blocks ace_path.cpp's plain_blocks takes as all kind_plain without
// reading the table: every code point of each must be kind_plain in this
// build's tables (a new Unicode version that changes one fails here).
TEST(AceShapes, PlainBlocksAreAllPlain) {
  namespace ucd = puny::detail::ucd;
  const char32_t blocks[][2] = {{0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}};
  for (const auto& b : blocks) {
    std::size_t other = 0;
    for (char32_t c = b[0]; c <= b[1]; ++c) other += ucd::idna_plain_kind(c) != ucd::kind_plain;
    EXPECT_EQ(other, 0u) << "code points of U+" << std::hex << static_cast<unsigned>(b[0])
                         << "..U+" << static_cast<unsigned>(b[1]) << " that are not kind_plain";
  }
}

// decode_shaped against punycode::decode: size, the basic count (the code
// points below U+0080) and the smallest and largest of the others.
TEST(AceShapes, DecodeShapedReportsTheShape) {
  const std::u32string labels[] = {
      U"\u00E9", U"b\u00FCcher", U"\u4F8B\u3048", U"\U0001F600x", U"\u05D0\u05D1",
      U"abc-\u0430\u044F", U"\uFFFD", U"\U0010FFFD\u0080", run(0x4E00, 0x9F00, 60, 13),
  };
  for (const std::u32string& l : labels) {
    const std::string a = ace(l).substr(4);
    std::vector<char32_t> out(a.size() + label::decode_shaped_room);
    label::decoded_shape shape;
    ASSERT_TRUE(label::decode_shaped(a, out.data(), shape)) << a;
    EXPECT_EQ(std::u32string(out.data(), shape.size), l) << a;
    std::size_t basic = 0;
    char32_t lo = 0, hi = 0;
    for (char32_t c : l) {
      if (c < 0x80) {
        ++basic;
      } else {
        lo = lo == 0 ? c : std::min(lo, c);
        hi = std::max(hi, c);
      }
    }
    EXPECT_EQ(shape.basic, basic) << a;
    EXPECT_EQ(shape.lo, lo) << a;
    EXPECT_EQ(shape.hi, hi) << a;
  }
  // Invalid input: refused (the caller takes its exact route).
  for (const char* bad : {"99999999999", "\xC3\xA9", "ab!"}) {
    std::vector<char32_t> out(64);
    label::decoded_shape shape;
    EXPECT_FALSE(label::decode_shaped(bad, out.data(), shape)) << bad;
  }
}

// ASCII labels in a Bidi domain name (RFC 5893 read from the first and
// last byte): a letter or digit first and last, a hyphen at either end
// (accepted without CheckHyphens), one byte.
TEST(AceShapes, AsciiLabelsOfBidiNames) {
  const std::string hebrew = ace(U"\u05D0\u05D1");
  idna::options lax = idna::uts46_default;
  lax.check_hyphens = false;
  for (const char* a : {"a", "z", "0", "9", "-", "ab", "a1", "1a", "a-", "-a", "a-b", "abc9", "9abc", "ABC"}) {
    for (const std::string& name : {hebrew + "." + a, std::string(a) + "." + hebrew}) {
      check(name);
      const std::string got = route(name, lax);
      if (got != "(declined)") {
        EXPECT_EQ(got, pipeline(name, lax)) << name;
      }
    }
  }
  EXPECT_NE(route(hebrew + ".a1", idna::uts46_default), "(declined)");
  EXPECT_EQ(route(hebrew + ".1a", idna::uts46_default), "(declined)");
  EXPECT_EQ(route(hebrew + ".a-", lax), "(declined)");
}

// Names the route declines half-way, into a caller buffer of exactly 4n
// bytes: the pipeline's result and status, nothing past them.
TEST(AceShapes, DeclinedIntoTheCallersBuffer) {
  const char* const names[] = {
      "xn--a.com", "xn--zz-.x", "a.xn--ls8h.xn--", "xn--a-ecp.ru.xn---",
      "xn--80ak6aa92e.xn--c1a", "XN--BCHER-KVA.de", "xn--bcher-kva.xn--bcher-kva.xn--a",
  };
  for (const char* n : names) check(n);
}

}  // namespace
