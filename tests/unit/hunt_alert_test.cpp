// The default minimum score (issue 53): options::min_score defaults to
// hunt::alert_score, the alert threshold of docs/hunt.md ("Weak evidence and
// the alert threshold"), so that a plain find() reports alerts only; weak
// evidence (paypal.net, a tld_swap of paypal.com, scores 35) needs
// min_score 0.  Every surface takes its default from this constant (each
// surface's own test holds it to the vocabulary dump's hunt_alert_score).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "puny/hunt.hpp"

namespace {

using puny::hunt::rule;

std::vector<std::pair<rule, int>> found(const std::string& name, const puny::hunt::options& opt) {
  static const puny::hunt::brand_index idx = [] {
    puny::hunt::brand_index made;
    puny::display::list_error err;
    EXPECT_TRUE(puny::hunt::brand_index::parse("paypal.com\n", "brands", made, err)) << err.text;
    return made;
  }();
  std::vector<std::pair<rule, int>> out;
  for (const auto& m : puny::hunt::find(name, idx, opt).matches) out.emplace_back(m.why, m.score);
  return out;
}

TEST(HuntAlert, TheDefaultMinimumScoreIsTheAlertThreshold) {
  static_assert(puny::hunt::alert_score > 0 && puny::hunt::alert_score <= 100, "a score");
  EXPECT_EQ(puny::hunt::options{}.min_score, puny::hunt::alert_score);
  EXPECT_EQ(puny::hunt::alert_score, 50);  // docs/hunt.md and the man page say 50
}

TEST(HuntAlert, WeakEvidenceOnlyAtMinScoreZero) {
  puny::hunt::options every;
  every.min_score = 0;
  const std::vector<std::pair<rule, int>> weak{{rule::tld_swap, 35}};
  EXPECT_EQ(found("paypal.net", every), weak);
  EXPECT_LT(35, puny::hunt::alert_score);
  EXPECT_TRUE(found("paypal.net", {}).empty());
  // An alert stays under the default.
  bool homoglyph = false;
  for (const auto& [why, score] : found("paypa1.com", {})) {
    EXPECT_GE(score, puny::hunt::alert_score);
    homoglyph = homoglyph || why == rule::homoglyph;
  }
  EXPECT_TRUE(homoglyph);
}

}  // namespace
