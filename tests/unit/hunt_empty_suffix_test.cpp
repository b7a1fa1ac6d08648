// A brand line whose public suffix is empty under the given Public Suffix
// List: an exception rule for a top-level label ("!example") makes the
// registrable name of "example" the label alone.  A brand is a label and a
// public suffix (docs/hunt.md, "Brand list"), so such a line is refused as
// --no-psl refuses a name without a dot; before this it was taken with a
// label cut short ("exampl", up to 715afe4) or with the whole name as both
// label and suffix (cfa09a6..5065570).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puny/display.hpp"
#include "puny/hunt.hpp"

namespace {

puny::display::public_suffix_list excepting_a_tld() {
  puny::display::public_suffix_list psl;
  puny::display::list_error err;
  EXPECT_TRUE(puny::display::public_suffix_list::parse("!example\ncom\norg\n", "psl", psl, err)) << err.text;
  return psl;
}

TEST(HuntEmptySuffix, BrandWithoutPublicSuffixIsWarnedAndSkipped) {
  const puny::display::public_suffix_list psl = excepting_a_tld();
  // The PSL's own answer: "example" is its own registrable name, with an
  // empty public suffix.
  EXPECT_EQ(psl.public_suffix("example"), "");
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  std::vector<puny::display::list_error> warnings;
  ASSERT_TRUE(puny::hunt::brand_index::parse("example\npaypal.com\n", "brands", idx, err, &psl, &warnings))
      << err.text;
  ASSERT_EQ(warnings.size(), 1u) << "the line 'example' was taken as a brand";
  EXPECT_EQ(warnings[0].line, 1u);
  EXPECT_NE(warnings[0].text.find("brands:1"), std::string::npos) << warnings[0].text;
  EXPECT_NE(warnings[0].text.find("no public suffix"), std::string::npos) << warnings[0].text;
  ASSERT_EQ(idx.size(), 1u);
  EXPECT_EQ(idx.brand(0), "paypal.com");
}

TEST(HuntEmptySuffix, StrictParseFailsOnTheLine) {
  const puny::display::public_suffix_list psl = excepting_a_tld();
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  EXPECT_FALSE(puny::hunt::brand_index::parse("paypal.com\nexample\n", "brands", idx, err, &psl));
  EXPECT_EQ(err.line, 2u) << err.text;
  EXPECT_NE(err.text.find("'example' has no public suffix"), std::string::npos) << err.text;
}

TEST(HuntEmptySuffix, NoMatchAgainstARefusedBrand) {
  const puny::display::public_suffix_list psl = excepting_a_tld();
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  std::vector<puny::display::list_error> warnings;
  ASSERT_TRUE(puny::hunt::brand_index::parse("example\npaypal.com\n", "brands", idx, err, &psl, &warnings))
      << err.text;
  puny::hunt::options every;
  every.min_score = 0;
  for (const char* name : {"exampl.com", "examp1e.com", "examplee.com", "example.org"}) {
    const puny::hunt::report r = puny::hunt::find(name, idx, every);
    for (const auto& m : r.matches) EXPECT_EQ(idx.brand(m.brand), "paypal.com") << name;
  }
}

}  // namespace
