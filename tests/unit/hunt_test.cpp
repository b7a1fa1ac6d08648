// puny hunt (puny/hunt.hpp): every rule, A-label and U-label forms alike,
// offsets inside the input, the brand's own names and benign names.
// Expected matches come from the attack each name was built with by hand
// (docs/hunt.md's table), not from the matcher's output.
#include "puny/hunt.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "puny/idna.hpp"

namespace {

using puny::hunt::rule;

const char* const kBrands =
    "# test brands\n"
    "paypal.com keywords=wallet allow=paypal.me\n"
    "google.com\n"
    "microsoft.com\n"
    "amazon.co.uk\n"
    "ebay.com\n";

puny::hunt::brand_index make_index() {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  EXPECT_TRUE(puny::hunt::brand_index::parse(kBrands, "brands", idx, err)) << err.text;
  return idx;
}

std::set<std::pair<std::string, std::string>> matches(const std::string& name) {
  static const puny::hunt::brand_index idx = make_index();
  puny::hunt::report r = puny::hunt::find(name, idx);
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& m : r.matches) {
    EXPECT_LE(m.offset + m.length, name.size()) << name;
    out.insert({std::string(idx.brand(m.brand)), std::string(puny::hunt::to_string(m.why))});
  }
  return out;
}

bool has(const std::string& name, const char* brand, rule why) {
  auto m = matches(name);
  return m.count({brand, std::string(puny::hunt::to_string(why))}) == 1;
}

TEST(Hunt, RegistryNamesAreUniqueAndFindable) {
  std::set<std::string> names;
  for (const auto& r : puny::hunt::rules()) {
    EXPECT_TRUE(names.insert(std::string(r.name)).second);
    ASSERT_NE(puny::hunt::find_rule(r.name), nullptr);
    EXPECT_EQ(puny::hunt::find_rule(r.name)->id, r.id);
    EXPECT_EQ(puny::hunt::to_string(r.id), r.name);
  }
  EXPECT_EQ(puny::hunt::find_rule("no_such_rule"), nullptr);
}

TEST(Hunt, SkeletonWithCyrillicLetters) {
  // U+0440 U+0430 U+0443 U+0440 U+0430 l: Cyrillic er, a, u.
  EXPECT_TRUE(has("\xd1\x80\xd0\xb0\xd1\x83\xd1\x80\xd0\xb0l.com", "paypal.com", rule::skeleton));
}

TEST(Hunt, AsciiHomoglyphs) {
  EXPECT_TRUE(has("rnicrosoft.com", "microsoft.com", rule::homoglyph));
  EXPECT_TRUE(has("paypa1.com", "paypal.com", rule::homoglyph));
  EXPECT_TRUE(has("g0ogle.com", "google.com", rule::homoglyph));
  EXPECT_TRUE(has("microsoft.com.evil.tld", "microsoft.com", rule::target_embedding));
}

TEST(Hunt, EditDistanceOne) {
  EXPECT_TRUE(has("paypall.com", "paypal.com", rule::repetition));
  EXPECT_TRUE(has("paypal-x.com", "paypal.com", rule::combo_squatting));
  EXPECT_TRUE(has("paypzal.com", "paypal.com", rule::insertion));
  EXPECT_TRUE(has("paypl.com", "paypal.com", rule::omission));
  EXPECT_TRUE(has("paypel.com", "paypal.com", rule::replacement));
  EXPECT_TRUE(has("papyal.com", "paypal.com", rule::transposition));
  EXPECT_TRUE(has("pay-pal.com", "paypal.com", rule::hyphenation));
  EXPECT_TRUE(has("gogle.com", "google.com", rule::omission));
  // Distance 2 is not distance 1.
  EXPECT_FALSE(has("pyapla.com", "paypal.com", rule::transposition));
  EXPECT_TRUE(matches("pzypzl.com").empty());
}

// Each name below is built by hand from a brand with two changes, one
// lookalike and one edit; neither the homoglyph rule (equal skeletons) nor
// an edit rule (distance 1 as spelled) can match it alone.
TEST(Hunt, HomoglyphCombinedWithAnEdit) {
  EXPECT_TRUE(has("rnicrosft.com", "microsoft.com", rule::homoglyph_edit));    // rn/m + omission
  EXPECT_TRUE(has("pay9a1.com", "paypal.com", rule::homoglyph_edit));         // 1/l + replacement
  EXPECT_TRUE(has("g00gel.com", "google.com", rule::homoglyph_edit));         // 0/o + swap
  EXPECT_TRUE(has("rnicrosaft.com", "microsoft.com", rule::homoglyph_edit));  // rn/m + replacement
  // Cyrillic a and e (skeleton a, e) with one letter left out.
  EXPECT_TRUE(has("p\xd0\xb0ypl.com", "paypal.com", rule::homoglyph_edit));
  // The A-label of the same name matches alike.
  EXPECT_TRUE(has(puny::idna::to_ascii("p\xd0\xb0ypl.com").value, "paypal.com", rule::homoglyph_edit));
  // One change alone is another rule's, never reported twice.
  EXPECT_FALSE(has("rnicrosoft.com", "microsoft.com", rule::homoglyph_edit));
  EXPECT_FALSE(has("paypl.com", "paypal.com", rule::homoglyph_edit));
  EXPECT_EQ(matches("paypl.com").size(), 1u);
  // Two edits, or a lookalike and two edits, are too far.
  EXPECT_FALSE(has("rnicrsft.com", "microsoft.com", rule::homoglyph_edit));
  EXPECT_TRUE(matches("paypa1xx.com").empty());
  // Brands shorter than the rule's minimum (6) stay out: google has 6
  // letters, ebay 4.
  EXPECT_FALSE(has("3bey.com", "ebay.com", rule::homoglyph_edit));
  // Off when the rule set leaves it out.
  puny::hunt::options opt;
  opt.rules &= ~(std::uint32_t{1} << static_cast<unsigned>(rule::homoglyph_edit));
  EXPECT_TRUE(puny::hunt::find("rnicrosft.com", make_index(), opt).matches.empty());
}

TEST(Hunt, MinimumLengthKeepsShortBrandsOutOfEditRules) {
  // ebay has 4 letters: below the edit rules' default minimum of 5.
  EXPECT_TRUE(matches("ebey.com").empty());
  puny::hunt::options opt;
  opt.min_brand_length[static_cast<unsigned>(rule::replacement)] = 4;
  puny::hunt::report r = puny::hunt::find("ebey.com", make_index(), opt);
  ASSERT_EQ(r.matches.size(), 1u);
  EXPECT_EQ(r.matches[0].why, rule::replacement);
}

TEST(Hunt, TargetEmbedding) {
  EXPECT_TRUE(has("paypal.com-login.evil.tld", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("www.paypal.com.evil.tld", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("paypal-com.evil.tld", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("paypalcom.net", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("secure.amazon.co.uk.example.org", "amazon.co.uk", rule::target_embedding));
  // The offsets cover the embedding labels, not the registrable domain.
  const std::string in = "a.paypal.com-login.evil.tld";
  puny::hunt::report r = puny::hunt::find(in, make_index());
  ASSERT_FALSE(r.matches.empty());
  EXPECT_EQ(in.substr(r.matches[0].offset, r.matches[0].length), "paypal.com-login");
}

TEST(Hunt, ComboSquatting) {
  EXPECT_TRUE(has("paypal-secure-login.com", "paypal.com", rule::combo_squatting));
  EXPECT_TRUE(has("paypallogin.com", "paypal.com", rule::combo_squatting));
  EXPECT_TRUE(has("securepaypal.net", "paypal.com", rule::combo_squatting));
  EXPECT_TRUE(has("paypalwallet.com", "paypal.com", rule::combo_squatting));  // keywords=
  EXPECT_FALSE(has("paypalzebra.com", "paypal.com", rule::combo_squatting));  // not a keyword
}

TEST(Hunt, TldSwap) {
  EXPECT_TRUE(has("paypal.net", "paypal.com", rule::tld_swap));
  EXPECT_TRUE(has("amazon.com", "amazon.co.uk", rule::tld_swap));
  EXPECT_TRUE(has("login.google.xyz", "google.com", rule::tld_swap));
}

TEST(Hunt, OwnNamesDoNotMatch) {
  EXPECT_TRUE(matches("paypal.com").empty());
  EXPECT_TRUE(matches("www.PayPal.com").empty());
  EXPECT_TRUE(matches("paypal.me").empty());  // allow=
  EXPECT_TRUE(matches("mail.google.com.").empty());
  EXPECT_TRUE(matches("amazon.co.uk").empty());
}

TEST(Hunt, BenignNamesDoNotMatch) {
  for (const char* n : {"example.com", "wikipedia.org",
                        "b\xc3\xbc"
                        "cher.de",
                        "bbc.co.uk", "microscope.com", "pale.com", "goggles.com", "", ".", "..",
                        "a..b", "xn--", "xn--zz.com"})
    EXPECT_TRUE(matches(n).empty()) << n;
}

TEST(Hunt, ALabelAndULabelFormsMatchAlike) {
  for (const char* u : {"\xd1\x80\xd0\xb0\xd1\x83\xd1\x80\xd0\xb0l.com",
                        "p\xc3\xa1ypal.com",  // a with acute: replacement
                        "b\xc3\xbc"
                        "cher-paypal.com",  // combo squatting
                        "paypal.com.b\xc3\xbc"
                        "cher.de"}) {  // target embedding
    auto a = puny::idna::to_ascii(u);
    ASSERT_TRUE(a.ok()) << u;
    auto mu = matches(u), ma = matches(a.value);
    EXPECT_FALSE(mu.empty()) << u;
    EXPECT_EQ(mu, ma) << u << " vs " << a.value;
  }
}

TEST(Hunt, OffsetsPointAtTheMatchingLabelsOfTheInput) {
  const std::string in = "WWW.xn--80aa0cbo65f.com";  // Cyrillic paypal lookalike
  puny::hunt::report r = puny::hunt::find(in, make_index());
  ASSERT_FALSE(r.matches.empty());
  EXPECT_EQ(r.matches[0].why, rule::skeleton);
  EXPECT_EQ(in.substr(r.matches[0].offset, r.matches[0].length), "xn--80aa0cbo65f");
  // The verdict: a browser keeps this name in A-label form.
  EXPECT_TRUE(r.verdict_status.ok());
  EXPECT_FALSE(r.all_shown);
}

TEST(Hunt, HostileInputNeverCrashes) {
  std::string big(100000, 'a');
  big += ".com";
  EXPECT_TRUE(matches(big).empty());
  std::string bad = "\xff\xfe\x80paypal.com";
  (void)matches(bad);
  std::string nul("pay\0pal.com", 11);
  (void)matches(nul);
  // Many matching labels: one embedding match per label, none repeated.
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "paypal.com-";
  many += "x.evil.tld";
  puny::hunt::report r = puny::hunt::find(many, make_index());
  EXPECT_EQ(r.matches.size(), 5000u);  // each "paypal" token followed by "com", once
  std::string labels;
  for (int i = 0; i < 5000; ++i) labels += "paypal.";
  labels += "evil.tld";
  r = puny::hunt::find(labels, make_index());
  EXPECT_EQ(r.matches.size(), 5000u);  // each bare brand label in the subdomain, once
  for (const auto& m : r.matches) EXPECT_LE(m.offset + m.length, labels.size());
}

TEST(Hunt, EmptyIndexMatchesNothing) {
  puny::hunt::brand_index none;  // default-constructed
  EXPECT_EQ(none.size(), 0u);
  EXPECT_TRUE(puny::hunt::find("paypa1.com", none).matches.empty());
  puny::hunt::brand_index parsed;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse("# nothing\n\n", "empty", parsed, err));
  EXPECT_TRUE(puny::hunt::find("paypal-login.com", parsed).matches.empty());
}

TEST(Hunt, BrandListErrorsNameTheLine) {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  EXPECT_FALSE(puny::hunt::brand_index::parse("paypal.com\ncom\n", "b.txt", idx, err));
  EXPECT_EQ(err.line, 2u);
  EXPECT_EQ(err.status.code, puny::errc::list_syntax);
  EXPECT_FALSE(puny::hunt::brand_index::parse("paypal.com colour=red\n", "b.txt", idx, err));
  EXPECT_EQ(err.line, 1u);
  EXPECT_FALSE(puny::hunt::brand_index::load("/nonexistent/brands", idx, err));
  EXPECT_EQ(err.status.code, puny::errc::file_unreadable);
}

}  // namespace
