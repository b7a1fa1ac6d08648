// The chromium profile's lookalike step for Latin letters whose UTS #39
// skeleton keeps a mark (a hook, a stroke, a tail): bɨng.com, eɓay.com, ...
// stay A-labels when the brand is protected (issue 53; the rows and their
// source are in data/latin_hook_lookalikes.tsv, the step in docs/display.md).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "display/internal.hpp"
#include "idn_cases.hpp"
#include "puny/display.hpp"

namespace {

using namespace puny::display;
using puny::test::idn_case;
using puny::test::read_cases;

std::vector<idn_case> hook_cases() {
  return read_cases(std::string(PUNY_SOURCE_DIR) + "/tests/display/data/latin_hook_lookalikes.tsv");
}

// Every row: shown without a list (each letter is in Chromium's allowed
// set), kept with its brand protected, with the finding naming the brand;
// from the A-label and from the U-label alike.
TEST(ChromiumLatinSkeleton, HookAndStrokeLettersImitatingProtectedBrands) {
  const auto cases = hook_cases();
  ASSERT_EQ(cases.size(), 11u);
  std::string brands;
  for (const idn_case& c : cases) brands += c.expected + "\n";
  protected_domains top;
  list_error error;
  ASSERT_TRUE(protected_domains::parse(brands, "brands", top, error)) << error.text;
  options bare, listed;
  listed.protected_list = &top;
  int failed = 0;
  for (const idn_case& c : cases) {
    const auto shown = decide(c.input, bare);
    ASSERT_TRUE(shown.ok()) << c.input;
    if (shown.value.display != c.unicode) {
      ++failed;
      ADD_FAILURE() << "line " << c.line << ": without a list " << c.input << " gave " << shown.value.display
                    << ", expected " << c.unicode;
    }
    for (const std::string& form : {c.input, c.unicode}) {
      const auto kept = decide(form, listed);
      ASSERT_TRUE(kept.ok()) << form;
      bool named = false;
      for (const finding& f : kept.value.labels.at(0).findings)
        named = named || (f.why == reason::top_domain_lookalike && f.similar_to == c.expected);
      if (kept.value.display != c.input || !named) {
        ++failed;
        ADD_FAILURE() << "line " << c.line << ": " << form << " with " << c.expected << " protected gave "
                      << kept.value.display << (named ? "" : " (no top_domain_lookalike naming the brand)")
                      << ", expected " << c.input;
      }
      // The display-only form agrees.
      const auto display_only = to_display(form, listed);
      EXPECT_TRUE(display_only.ok() && display_only.value == c.input) << form;
    }
  }
  EXPECT_EQ(failed, 0);
}

// The skeletons behind it: the mark-free one besides the UTS #39 skeleton,
// and the letters are among those hunt asks about (has_lookalike_extra).
TEST(ChromiumLatinSkeleton, SkeletonsWithoutTheMarksTheConfusablesAdd) {
  std::vector<std::string> got;
  puny::detail::display::lookalike_skeletons("b\xC9\xA8ng.com", got);  // U+0268
  EXPECT_EQ(std::set<std::string>(got.begin(), got.end()),
            (std::set<std::string>{"bi\xCC\xB5ng.corn", "bing.corn"}));
  puny::detail::display::lookalike_skeletons("e\xC9\x93" "ay.com", got);  // U+0253
  EXPECT_EQ(std::set<std::string>(got.begin(), got.end()),
            (std::set<std::string>{"eb\xCC\x94" "ay.corn", "ebay.corn"}));
  for (const char32_t c : {U'\u0268', U'\u0253', U'\u01B4', U'\u0199', U'\u024D', U'\u0256', U'\u0257'})
    EXPECT_TRUE(puny::detail::display::has_lookalike_extra(std::u32string(1, c)))
        << "U+" << std::hex << static_cast<unsigned>(c);
  // Not for a name of another script: Chromium removes diacritics only from
  // Latin, Greek and Cyrillic names, and so does this step.
  puny::detail::display::lookalike_skeletons("b\xC9\xA8ng\xE4\xB8\xAD.com", got);  // + U+4E2D
  for (const std::string& s : got) EXPECT_EQ(s.find("bing"), std::string::npos) << s;
  // A plain accented letter was already handled before the skeleton: one
  // skeleton, as before.
  puny::detail::display::lookalike_skeletons("b\xC3\xAFng.com", got);  // U+00EF
  EXPECT_EQ(got, std::vector<std::string>{"bing.corn"});
}

// Such letters in a name that imitates no protected domain are shown: the
// step compares, it forbids nothing.
TEST(ChromiumLatinSkeleton, UnprotectedNamesWithTheseLettersAreShown) {
  protected_domains top;
  list_error error;
  ASSERT_TRUE(protected_domains::parse("bing.com\nebay.com\n", "brands", top, error)) << error.text;
  options listed;
  listed.protected_list = &top;
  for (const char* name : {"\xC9\x93" "ak\xC9\x97" "a.com", "\xC6\x99" "asuwa.ng"}) {  // ɓakɗa, ƙasuwa
    const auto r = decide(name, listed);
    ASSERT_TRUE(r.ok()) << name;
    EXPECT_TRUE(r.value.all_shown()) << name << " gave " << r.value.display;
  }
}

}  // namespace
