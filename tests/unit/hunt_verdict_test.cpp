// hunt::find's display verdict takes the brands as display's protected
// domains (issue 53): a skeleton lookalike of a brand that Chromium keeps
// in A-label form is not "shown", and its finding names the brand, as
// display::decide with the same names as a protected-domain list decides.
// And a brand listed twice is merged into its first line, with a warning
// naming both lines when warnings are asked for.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puny/display.hpp"
#include "puny/hunt.hpp"

namespace {

const char kBrands[] =
    "twitter.com\nbing.com\nebay.com\nicloud.com\ndropbox.com\ngoogle.com\npaypal.com\n";

TEST(HuntVerdict, BrandsAreTheProtectedDomains) {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse(kBrands, "brands", idx, err)) << err.text;
  puny::display::protected_domains top;
  ASSERT_TRUE(puny::display::protected_domains::parse(kBrands, "top", top, err)) << err.text;
  const char* const names[] = {"tw\xC9\xA8tter.com", "b\xC9\xA8ng.com", "e\xC9\x93" "ay.com",
                               "\xC9\xA8" "cloud.com", "\xC9\x96ropbox.com", "goog\xC4\xB1" "e.com"};
  const char* const brands[] = {"twitter.com", "bing.com", "ebay.com", "icloud.com", "dropbox.com",
                                "google.com"};
  for (puny::display::profile p : {puny::display::profile::chromium, puny::display::profile::firefox}) {
    puny::hunt::options opt;
    opt.profile = p;
    puny::display::options dopt;
    dopt.which = p;
    dopt.protected_list = &top;
    for (std::size_t i = 0; i < std::size(names); ++i) {
      SCOPED_TRACE(names[i]);
      const puny::hunt::report r = puny::hunt::find(names[i], idx, opt);
      ASSERT_FALSE(r.matches.empty());
      ASSERT_TRUE(r.verdict_status.ok());
      auto d = puny::display::decide(names[i], dopt);
      ASSERT_TRUE(d.ok());
      EXPECT_EQ(r.display, d.value.display);
      EXPECT_EQ(r.all_shown, d.value.all_shown());
      if (p != puny::display::profile::chromium) continue;
      EXPECT_FALSE(r.all_shown);
      EXPECT_EQ(r.display.rfind("xn--", 0), 0u) << r.display;
      std::vector<std::string> similar;
      for (const puny::display::finding& f : r.findings)
        if (f.why == puny::display::reason::top_domain_lookalike) similar.push_back(f.similar_to);
      EXPECT_EQ(similar, std::vector<std::string>{brands[i]});
    }
  }
  // An ASCII lookalike is shown, as before (the lookalike step is for
  // non-ASCII registrable names).
  const puny::hunt::report ascii = puny::hunt::find("paypa1.com", idx);
  EXPECT_TRUE(ascii.all_shown);
  EXPECT_EQ(ascii.display, "paypa1.com");
}

TEST(HuntVerdict, ABrandListedAgainIsMergedWithAWarning) {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  std::vector<puny::display::list_error> warnings;
  ASSERT_TRUE(puny::hunt::brand_index::parse(
      "paypal.com keywords=wallet\nebay.com\nPayPal.COM allow=paypal.me\npaypal.com.\n", "b.txt", idx,
      err, nullptr, &warnings))
      << err.text;
  EXPECT_EQ(idx.size(), 2u);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0].line, 3u);
  EXPECT_EQ(warnings[1].line, 4u);
  EXPECT_NE(warnings[0].text.find("b.txt:3:"), std::string::npos) << warnings[0].text;
  EXPECT_NE(warnings[0].text.find("merged into line 1"), std::string::npos) << warnings[0].text;
  EXPECT_NE(warnings[1].text.find("'paypal.com.'"), std::string::npos) << warnings[1].text;
  // Merged: line 3's allowed name is the brand's own, line 1's keyword counts.
  EXPECT_TRUE(puny::hunt::find("paypal.me", idx).matches.empty());
  EXPECT_FALSE(puny::hunt::find("paypal-wallet.net", idx).matches.empty());
  // Without warnings (strict for malformed lines) a repeat still merges.
  puny::hunt::brand_index quiet;
  EXPECT_TRUE(puny::hunt::brand_index::parse("paypal.com\npaypal.com\n", "b.txt", quiet, err)) << err.text;
  EXPECT_EQ(quiet.size(), 1u);
}

}  // namespace
