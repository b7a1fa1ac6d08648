// The triage view and the reason texts in the core (issue 53, "Triage
// output" for every surface): hunt::by_brand groups a report's matches per
// brand (best first, the others as `also`, entries by score, the top score)
// and hunt::reason words a match from the rule registry, so that the CLI,
// C, Python and JavaScript show the same.  The CLI's --json "brands" and
// "reason" are these (surfaces/cli/tests/test_hunt_triage.py checks that
// side; each surface's triage test compares its reasons with the CLI's).
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "puny/hunt.hpp"

namespace {

namespace hunt = puny::hunt;
using hunt::rule;

const hunt::brand_index& brands() {
  static const hunt::brand_index idx = [] {
    hunt::brand_index made;
    puny::display::list_error err;
    EXPECT_TRUE(hunt::brand_index::parse("paypal.com\ngoogle.com\n", "brands", made, err)) << err.text;
    return made;
  }();
  return idx;
}

hunt::report find_all(std::string_view name) {
  hunt::options every;
  every.min_score = 0;
  return hunt::find(name, brands(), every);
}

const std::string homoglyph_text =
    "Same skeleton as the brand's label with ASCII lookalikes only (rn/m, 0/o, 1/l, vv/w)";

TEST(HuntTriage, ReasonIsTheRuleAndTheViaRule) {
  EXPECT_EQ(hunt::reason(rule::homoglyph), homoglyph_text);
  EXPECT_EQ(hunt::reason(rule::homoglyph), hunt::info(rule::homoglyph).description);
  EXPECT_EQ(hunt::reason(rule::combo_squatting, rule::homoglyph),
            "The brand's label joined to a keyword or to a word by a hyphen; the brand's label "
            "in it: same skeleton as the brand's label with ASCII lookalikes only (rn/m, 0/o, "
            "1/l, vv/w)");
  // Every pair of the registry: the rule's description, and the via
  // rule's after the fixed phrase; a NUL after the text (the C API's).
  for (const hunt::rule_info& why : hunt::rules()) {
    EXPECT_EQ(hunt::reason(why.id), why.description);
    for (const hunt::rule_info& via : hunt::rules()) {
      const std::string_view r = hunt::reason(why.id, via.id);
      std::string lower(via.description);
      lower[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(lower[0])));
      EXPECT_EQ(r, std::string(why.description) + "; the brand's label in it: " + lower);
      EXPECT_EQ(std::strlen(r.data()), r.size());
    }
  }
  // A value that is no rule: empty, never another rule's text.
  EXPECT_EQ(hunt::reason(static_cast<rule>(0)), "");
  EXPECT_EQ(hunt::reason(static_cast<rule>(31)), "");
  EXPECT_EQ(hunt::reason(static_cast<rule>(200)), "");
  EXPECT_EQ(hunt::reason(rule::homoglyph, static_cast<rule>(31)), "");
  EXPECT_EQ(hunt::reason(rule::homoglyph, static_cast<rule>(255)), "");
}

TEST(HuntTriage, ACombinedMatchCarriesItsViaRule) {
  const hunt::report r = find_all("paypa1-login.com");
  hunt::triage t;
  hunt::by_brand(r, t);
  ASSERT_EQ(t.count, 1u);
  const hunt::match& best = r.matches[t.entries[0].best];
  EXPECT_EQ(brands().brand(best.brand), "paypal.com");
  EXPECT_EQ(best.why, rule::combo_squatting);
  EXPECT_EQ(best.via, rule::homoglyph);
  EXPECT_EQ(hunt::reason(best), hunt::reason(rule::combo_squatting, rule::homoglyph));
  EXPECT_EQ(t.score, best.score);
  EXPECT_GE(t.score, hunt::alert_score);
}

TEST(HuntTriage, OneBrandByTwoRulesIsOneEntryWithAlso) {
  const hunt::report r = find_all("paypa1.com");
  hunt::triage t;
  hunt::by_brand(r, t);
  ASSERT_EQ(r.matches.size(), 2u);
  ASSERT_EQ(t.count, 1u);
  const hunt::brand_matches& e = t.entries[0];
  EXPECT_EQ(r.matches[e.best].why, rule::homoglyph);
  EXPECT_EQ(r.matches[e.best].score, 90);
  ASSERT_EQ(e.also.size(), 1u);
  EXPECT_EQ(r.matches[e.also[0]].why, rule::replacement);
  EXPECT_EQ(r.matches[e.also[0]].via, rule{});
  EXPECT_EQ(t.score, 90);
  EXPECT_EQ(hunt::reason(r.matches[e.best]), homoglyph_text);
}

TEST(HuntTriage, BrandsByBestScore) {
  // google.com through a homoglyph beside a word (60), paypal.com as a
  // plain word beside it (weak, 25): google first, whatever the order of
  // the matches in the report.
  const hunt::report r = find_all("g00gle-paypal.com");
  hunt::triage t;
  hunt::by_brand(r, t);
  ASSERT_EQ(t.count, 2u);
  EXPECT_EQ(brands().brand(r.matches[t.entries[0].best].brand), "google.com");
  EXPECT_EQ(r.matches[t.entries[0].best].via, rule::homoglyph);
  EXPECT_EQ(brands().brand(r.matches[t.entries[1].best].brand), "paypal.com");
  EXPECT_GT(r.matches[t.entries[0].best].score, r.matches[t.entries[1].best].score);
  EXPECT_EQ(t.score, r.matches[t.entries[0].best].score);
}

hunt::match made(std::size_t brand, rule why, int score) {
  hunt::match m;
  m.brand = brand;
  m.why = why;
  m.score = score;
  return m;
}

TEST(HuntTriage, OrderAndTiesOnAReportMadeByHand) {
  hunt::report r;
  r.matches = {made(0, rule::replacement, 50), made(1, rule::omission, 70),
               made(0, rule::homoglyph, 80),   made(1, rule::insertion, 70),
               made(2, rule::tld_swap, 70),    made(0, rule::keyboard, 60),
               made(0, rule::vowel_swap, 50)};
  hunt::triage t;
  hunt::by_brand(r, t);
  ASSERT_EQ(t.count, 3u);
  EXPECT_EQ(t.score, 80);
  // Brand 0: best the 80, the others highest first, equal ones (50, 50)
  // in the report's order.
  EXPECT_EQ(t.entries[0].best, 2u);
  EXPECT_EQ(t.entries[0].also, (std::vector<std::size_t>{5, 0, 6}));
  // Brands 1 and 2 tie at 70: in the order first matched; brand 1's equal
  // second match stays in `also`.
  EXPECT_EQ(t.entries[1].best, 1u);
  EXPECT_EQ(t.entries[1].also, (std::vector<std::size_t>{3}));
  EXPECT_EQ(t.entries[2].best, 4u);
  EXPECT_TRUE(t.entries[2].also.empty());
}

TEST(HuntTriage, NoMatchNoEntryAndScoreZero) {
  hunt::triage t;
  hunt::by_brand(find_all("paypa1.com"), t);
  EXPECT_EQ(t.count, 1u);
  hunt::by_brand(find_all("example.org"), t);
  EXPECT_EQ(t.count, 0u);
  EXPECT_EQ(t.score, 0);
}

TEST(HuntTriage, ReusedStorageIsKept) {
  hunt::report big;
  for (std::size_t b = 0; b < 4; ++b)
    for (int k = 0; k < 3; ++k) big.matches.push_back(made(b, rule::insertion, 60 + k));
  hunt::triage t;
  hunt::by_brand(big, t);
  ASSERT_EQ(t.count, 4u);
  const hunt::brand_matches* entries = t.entries.data();
  // A smaller report afterwards: the same storage, the spare entries kept.
  hunt::report small;
  small.matches = {made(7, rule::omission, 70), made(7, rule::homoglyph, 90)};
  hunt::by_brand(small, t);
  ASSERT_EQ(t.count, 1u);
  EXPECT_EQ(t.entries.size(), 4u);
  EXPECT_EQ(t.entries.data(), entries);
  EXPECT_EQ(t.entries[0].best, 1u);
  EXPECT_EQ(t.entries[0].also, (std::vector<std::size_t>{0}));
  EXPECT_GE(t.entries[0].also.capacity(), 2u);
  EXPECT_EQ(t.score, 90);
}

}  // namespace
