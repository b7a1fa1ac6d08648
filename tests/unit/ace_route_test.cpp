// The ACE route of ToUnicode (src/idna/ace_path.cpp) on the cases its
// shortcuts touch: ASCII labels of every length from 0 to 24 copied in
// word-sized moves beside decoded labels (and the hyphen rules read from
// a label's first four bytes at once), decoded labels whose basic code
// points carry the hyphen and "xn--" rules (V2, V3, V4 on the decoded
// label), and decoded code points of 2, 3 and 4 bytes in UTF-8, marks,
// right-to-left letters and looked-up code points.  For each name: when the
// route answers, its UTF-8 equals the pipeline's successful result; when
// the pipeline finds an error, the route declines; and every public entry
// point gives the same with and without the fast paths.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "idna/fast_path.hpp"
#include "idna_all_paths.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"

namespace {

namespace idna = puny::idna;
namespace detail = puny::idna::detail;

const char* const declined = "(declined)";

// The route on `in` as it is (ace_to_unicode_long lowercases and splits
// like the decision), or "(declined)".
std::string route(const std::string& in, const idna::options& opt) {
  std::string out(4 * detail::ace_max_input, '\0');
  const std::size_t n = detail::ace_to_unicode_long(in.data(), in.size(), opt, &out[0]);
  if (n == detail::ace_declined) return declined;
  out.resize(n);
  return out;
}

// The pipeline's result with every fast path off, or "(error)".
std::string pipeline(const std::string& in, const idna::options& opt) {
  detail::fast_paths_disabled.store(true);
  const auto r = idna::to_unicode(in, opt);
  detail::fast_paths_disabled.store(false);
  return r.ok() ? r.value : "(error)";
}

// "xn--" and the Punycode of the UTF-32 label.
std::string ace(const std::u32string& label) {
  const auto r = puny::punycode::encode(label);
  EXPECT_TRUE(r.ok());
  return "xn--" + r.value;
}

std::vector<idna::options> option_sets() {
  std::vector<idna::options> all;
  for (unsigned b = 0; b < 4; ++b) {
    idna::options o = idna::uts46_default;
    o.check_hyphens = b & 1;
    o.check_bidi = b & 2;
    all.push_back(o);
  }
  return all;
}

// Checks `in` under every option set; counts the names the route took.
// must_take: a name the pipeline converts without an error must take the
// route (nothing in it is left to the pipeline).
void check(const std::string& in, std::size_t& taken, bool must_take = false) {
  for (const idna::options& opt : option_sets()) {
    const std::string got = route(in, opt);
    const std::string want = pipeline(in, opt);
    if (got != declined) {
      ++taken;
      EXPECT_EQ(got, want) << "route and pipeline differ on " << in << " (check_hyphens "
                           << opt.check_hyphens << ", check_bidi " << opt.check_bidi << ")";
    } else if (must_take) {
      EXPECT_EQ(want, "(error)") << "the route declined " << in << ", which the pipeline converts"
                                 << " (check_hyphens " << opt.check_hyphens << ", check_bidi "
                                 << opt.check_bidi << ")";
    }
    const std::string diff = puny::fuzz::fast_path_mismatch(in, opt);
    EXPECT_TRUE(diff.empty()) << "entry points differ with the fast paths on " << in << "\n" << diff;
  }
}

// ASCII labels of length 0-24 with a hyphen nowhere, first, third and
// fourth, or last, before and after decoded labels of each UTF-8 width.
TEST(AceRoute, AsciiLabelsOfEveryLengthBesideDecodedLabels) {
  const std::string decoded[] = {
      ace(U"b\u00FCcher"),      // 2-byte UTF-8
      ace(U"\u4F8B\u3048"),     // 3-byte
      ace(U"\U0001F600x"),      // 4-byte, looked up
      ace(U"\u05D0\u05D1"),     // right to left (Bidi rule on the whole name)
      ace(U"\u0915\u093F"),     // a valid mark after a letter
  };
  // Letters, and letters whose bits cover a hyphen's (m, o: a byte test
  // that masked the wrong bits would take them for hyphens).
  const std::string alphabets[] = {"abcdefghijklmnopqrstuvwxyz", "mommomommomoommoomomoommo"};
  std::size_t taken = 0, names = 0;
  for (std::size_t len = 0; len <= 24; ++len) {
   for (const std::string& letters : alphabets) {
    std::vector<std::string> labels;
    const std::string plain = letters.substr(0, len);
    labels.push_back(plain);
    for (std::size_t at : {std::size_t{0}, std::size_t{2}, len == 0 ? 0 : len - 1}) {
      if (at >= len) continue;
      std::string h = plain;
      h[at] = '-';
      if (at == 2 && len >= 4) h[3] = '-';
      labels.push_back(h);
    }
    std::string upper = plain;
    for (char& c : upper) c = static_cast<char>(c - 0x20);
    labels.push_back(upper);
    for (const std::string& a : labels) {
      for (const std::string& d : decoded) {
        check(a + "." + d, taken, true);
        check(d + "." + a, taken, true);
        check(d + "." + a + "." + d + "." + a, taken, true);
        names += 3;
      }
    }
   }
  }
  // Most of these names are valid: the route must have taken them.
  EXPECT_GT(taken, names);
}

// Basic code points of a decoded label breaking V2, V3 or V4: declined
// (or, without CheckHyphens, V2/V3 accepted as the pipeline accepts them).
TEST(AceRoute, HyphenRulesOnDecodedLabels) {
  const std::u32string labels[] = {
      U"-\u00E9", U"\u00E9-", U"ab--\u00E9", U"xn--\u00E9", U"x\u00E9--", U"a-b-\u00E9",
      U"\u00E9ab--", U"xn-\u00E9", U"--\u00E9", U"\u00E9--",
  };
  std::size_t taken = 0;
  for (const std::u32string& l : labels) {
    check(ace(l) + ".com", taken);
    check("a." + ace(l), taken);
  }
  // xn--<decoded xn--é> fails V4 whatever CheckHyphens says.
  idna::options lax = idna::uts46_default;
  lax.check_hyphens = false;
  EXPECT_EQ(route(ace(U"xn--\u00E9"), lax), declined);
  EXPECT_EQ(route(ace(U"xn--\u00E9"), idna::uts46_default), declined);
  EXPECT_EQ(route(ace(U"ab--\u00E9"), idna::uts46_default), declined);
  EXPECT_EQ(route(ace(U"ab--\u00E9"), lax), "ab--\xC3\xA9");
}

// What each decoded code point's kind asks of the route.
TEST(AceRoute, DecodedCodePointsOfEveryKind) {
  const std::u32string taken_labels[] = {
      U"\u00E9", U"\u0800", U"\uFFFD" U"a", U"\u4F8B", U"\U00020000", U"\U0001F600",
      U"\u05D0\u05D1", U"\u0628\u0627", U"\u0915\u093F\u0902", U"\u0E01\u0E38\u0E48",
      U"\u00DF", U"\u03C2",
  };
  std::size_t taken = 0;
  for (const std::u32string& l : taken_labels) check(ace(l) + ".example", taken, true);
  EXPECT_GT(taken, 0u);
  const std::u32string declined_labels[] = {
      U"\u093Fa",             // V6: a mark starts the label
      U"\u0E01\u0E48\u0E38",  // classes out of canonical order
      U"a\u200Db",            // a joiner
      U"\u00C9",              // a capital: not valid (V7)
      U"\u05D0" U"1",         // passes, but the next label breaks the Bidi rule
      U"a\u0301",             // a + combining acute: not NFC
  };
  for (const std::u32string& l : declined_labels) {
    check(ace(l) + ".1abc", taken);
    EXPECT_EQ(route(ace(l) + ".1abc", idna::uts46_default), declined) << ace(l);
  }
}

}  // namespace
