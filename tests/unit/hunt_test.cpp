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

// Every match, weak evidence too: these tests check what each rule finds and
// how it scores; the default minimum score (the alert threshold) is
// hunt_alert_test.cpp's.
puny::hunt::options every() {
  puny::hunt::options o;
  o.min_score = 0;
  return o;
}

puny::hunt::brand_index make_index() {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  EXPECT_TRUE(puny::hunt::brand_index::parse(kBrands, "brands", idx, err)) << err.text;
  return idx;
}

std::set<std::pair<std::string, std::string>> matches(const std::string& name) {
  static const puny::hunt::brand_index idx = make_index();
  puny::hunt::report r = puny::hunt::find(name, idx, every());
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

// Names whose letters confusables.txt (17.0.0) maps to non-ASCII
// prototypes (п to π, к to ĸ, т to ᴛ, м to ʍ, ԍ to ɢ), so the UTS #39
// skeleton is not the brand's, while Chromium's skeleton generator maps
// them to the Latin letters they pass for (its extra confusables table,
// skeleton_generator.cc).  The names are from the labelled real homographs
// of docs/hunt.md (піке, ѕкуре, ĸaĸaĸu, ратгеоп) and dnstwist's cyrillic
// fuzzer (ԍооԍӏе); амаzoп is built by hand with м and п.
TEST(Hunt, ChromiumSkeletonCatchesWhatUts39Misses) {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse(
      "google.com\nnike.com\nskype.com\nkakaku.com\npatreon.com\namazon.co.uk\npaypal.com\n",
      "brands", idx, err))
      << err.text;
  auto rules_of = [&](const std::string& name, const puny::hunt::options& opt = every()) {
    std::set<std::pair<std::string, std::string>> out;
    for (const auto& m : puny::hunt::find(name, idx, opt).matches) {
      EXPECT_LE(m.offset + m.length, name.size()) << name;
      out.insert({std::string(idx.brand(m.brand)), std::string(puny::hunt::to_string(m.why))});
    }
    return out;
  };
  using set = std::set<std::pair<std::string, std::string>>;
  const std::pair<const char*, const char*> cases[] = {
      {"\xd4\x8d\xd0\xbe\xd0\xbe\xd4\x8d\xd3\x8f\xd0\xb5.com", "google.com"},  // ԍ: g
      {"\xd0\xbf\xd1\x96\xd0\xba\xd0\xb5.com", "nike.com"},                   // п: n, к: k
      {"\xd1\x95\xd0\xba\xd1\x83\xd1\x80\xd0\xb5.com", "skype.com"},          // к: k
      {"\xc4\xb8" "a\xc4\xb8" "a\xc4\xb8" "u.com", "kakaku.com"},                  // ĸ: k
      {"\xd1\x80\xd0\xb0\xd1\x82\xd0\xb3\xd0\xb5\xd0\xbe\xd0\xbf.com", "patreon.com"},  // т: t
      {"\xd0\xb0\xd0\xbc\xd0\xb0zo\xd0\xbf.co.uk", "amazon.co.uk"},  // м: m, п: n
  };
  for (const auto& c : cases) {
    EXPECT_EQ(rules_of(c.first), (set{{c.second, "chromium_skeleton"}})) << c.first;
    // The A-label form matches alike, its offsets those of the A-label.
    const std::string ace = puny::idna::to_ascii(c.first).value;
    ASSERT_EQ(ace.compare(0, 4, "xn--"), 0) << c.first;
    EXPECT_EQ(rules_of(ace), (set{{c.second, "chromium_skeleton"}})) << ace;
  }
  // The offsets are those of the matching label.
  const std::string sub = "www.\xd1\x95\xd0\xba\xd1\x83\xd1\x80\xd0\xb5.com";
  puny::hunt::report r = puny::hunt::find(sub, idx, every());
  ASSERT_EQ(r.matches.size(), 1u);
  EXPECT_EQ(r.matches[0].why, rule::chromium_skeleton);
  EXPECT_EQ(r.matches[0].offset, 4u);
  EXPECT_EQ(r.matches[0].length, 10u);
  // A name the UTS #39 skeleton matches is the skeleton rule's, not
  // reported twice (Cyrillic р, а, у: confusables.txt maps them to p, a,
  // y), and not this rule's even with the skeleton rule off: it has no
  // letter only Chromium's table maps.
  const std::string paypal = "\xd1\x80\xd0\xb0\xd1\x83\xd1\x80\xd0\xb0l.com";
  EXPECT_EQ(rules_of(paypal), (set{{"paypal.com", "skeleton"}}));
  puny::hunt::options only = every();
  only.rules = std::uint32_t{1} << static_cast<unsigned>(rule::chromium_skeleton);
  EXPECT_TRUE(rules_of(paypal, only).empty());
  EXPECT_EQ(rules_of(cases[0].first, only), (set{{"google.com", "chromium_skeleton"}}));
  // Off when the rule set leaves it out, and below a minimum brand length.
  puny::hunt::options off = every();
  off.rules &= ~(std::uint32_t{1} << static_cast<unsigned>(rule::chromium_skeleton));
  EXPECT_TRUE(rules_of(cases[1].first, off).empty());
  puny::hunt::options longer = every();
  longer.min_brand_length[static_cast<unsigned>(rule::chromium_skeleton)] = 5;
  EXPECT_TRUE(rules_of(cases[1].first, longer).empty());  // nike has 4 letters
  EXPECT_EQ(rules_of(cases[2].first, longer), (set{{"skype.com", "chromium_skeleton"}}));
  // Russian words whose Chromium skeletons are no brand's: nothing
  // (привет: "hello", тест: "test", skeleton tect).
  EXPECT_TRUE(rules_of("\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82.com").empty());
  EXPECT_TRUE(rules_of("\xd1\x82\xd0\xb5\xd1\x81\xd1\x82.com").empty());
  // The ASCII spelling of the brand under another suffix stays a TLD swap.
  EXPECT_EQ(rules_of("nike.net"), (set{{"nike.com", "tld_swap"}}));
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
  EXPECT_TRUE(has("paypxl.com", "paypal.com", rule::replacement));  // a, x: no cause below
  EXPECT_TRUE(has("papyal.com", "paypal.com", rule::transposition));
  EXPECT_TRUE(has("pay-pal.com", "paypal.com", rule::hyphenation));
  EXPECT_TRUE(has("gogle.com", "google.com", rule::omission));
  // Distance 2 is not distance 1.
  EXPECT_FALSE(has("pyapla.com", "paypal.com", rule::transposition));
  EXPECT_TRUE(matches("pzypzl.com").empty());
}

// A replacement's reason comes from its pair (brand letter, input letter),
// each pair chosen by hand from a QWERTY keyboard, the vowels and the ASCII
// table; one reason per match, never `replacement` as well.
std::set<std::string> reasons(const std::string& name, const char* brand,
                              const puny::hunt::options& opt = every()) {
  static const puny::hunt::brand_index idx = make_index();
  std::set<std::string> out;
  for (const auto& m : puny::hunt::find(name, idx, opt).matches)
    if (idx.brand(m.brand) == brand) out.insert(std::string(puny::hunt::to_string(m.why)));
  return out;
}

using names = std::set<std::string>;

TEST(Hunt, KeyboardNeighbour) {
  // l -> k: side by side on the home row; 0x6c ^ 0x6b is three bits.
  EXPECT_EQ(reasons("paypak.com", "paypal.com"), names{"keyboard"});
  // m -> n (bottom row), t -> g (the key below and to the right).
  EXPECT_EQ(reasons("nicrosoft.com", "microsoft.com"), names{"keyboard"});
  EXPECT_EQ(reasons("microsofg.com", "microsoft.com"), names{"keyboard"});
  // Keys two rows apart are not neighbours: t -> b (0x74 ^ 0x62, three bits).
  EXPECT_EQ(reasons("microsofb.com", "microsoft.com"), names{"replacement"});
}

TEST(Hunt, KeyboardNeighboursOfSomeKeys) {
  // Read off a QWERTY keyboard: l (at the end of the home row) has the
  // neighbours k, o, p; g (in its middle) t, y, f, h, v, b.
  for (const char* n : {"paypak", "paypao", "paypap"})
    EXPECT_EQ(reasons(std::string(n) + ".com", "paypal.com"), names{"keyboard"}) << n;
  for (const char* n : {"paypai", "paypa9", "paypam", "paypaj"})
    EXPECT_EQ(reasons(std::string(n) + ".com", "paypal.com").count("keyboard"), 0u) << n;
  for (char c : std::string("tyfhvb"))
    EXPECT_EQ(reasons(std::string(1, c) + "oogle.com", "google.com").count("keyboard"), 1u) << c;
  for (char c : std::string("rudjcn5"))
    EXPECT_EQ(reasons(std::string(1, c) + "oogle.com", "google.com").count("keyboard"), 0u) << c;
}

TEST(Hunt, VowelSwap) {
  // a -> o: vowels, not neighbours, 0x61 ^ 0x6f is three bits.
  EXPECT_EQ(reasons("paypol.com", "paypal.com"), names{"vowel_swap"});
  EXPECT_EQ(reasons("gooogle.com", "google.com").count("vowel_swap"), 0u);  // not a replacement
}

TEST(Hunt, Bitsquatting) {
  // a (0x61) -> c (0x63); t (0x74) -> u (0x75); e (0x65) -> m (0x6d).  None
  // is a keyboard neighbour or a vowel pair.
  EXPECT_EQ(reasons("paypcl.com", "paypal.com"), names{"bitsquatting"});
  EXPECT_EQ(reasons("microsofu.com", "microsoft.com"), names{"bitsquatting"});
  EXPECT_EQ(reasons("googlm.com", "google.com"), names{"bitsquatting"});
  EXPECT_EQ(reasons("goo-le.com", "google.com"), names{"replacement"});  // g 0x67, - 0x2d
}

TEST(Hunt, ReplacementReasonPrecedence) {
  // Several causes at once: keyboard before vowel_swap before bitsquatting.
  // g -> f: neighbours and one bit apart (0x67 ^ 0x66).
  EXPECT_EQ(reasons("goofle.com", "google.com"), names{"keyboard"});
  // o -> i: neighbours and vowels.
  EXPECT_EQ(reasons("goigle.com", "google.com"), names{"keyboard"});
  // a -> e: vowels and one bit apart (0x61 ^ 0x65).
  EXPECT_EQ(reasons("paypel.com", "paypal.com"), names{"vowel_swap"});
  // A cause that is off passes the pair on to the next that names it, and
  // at last to replacement.
  const auto without = [](std::initializer_list<rule> rs) {
    puny::hunt::options o = every();
    for (rule r : rs) o.rules &= ~(std::uint32_t{1} << static_cast<unsigned>(r));
    return o;
  };
  EXPECT_EQ(reasons("goofle.com", "google.com", without({rule::keyboard})), names{"bitsquatting"});
  EXPECT_EQ(reasons("goigle.com", "google.com", without({rule::keyboard})), names{"vowel_swap"});
  EXPECT_EQ(reasons("paypel.com", "paypal.com", without({rule::vowel_swap})),
            names{"bitsquatting"});
  EXPECT_EQ(reasons("paypel.com", "paypal.com",
                    without({rule::keyboard, rule::vowel_swap, rule::bitsquatting})),
            names{"replacement"});
  EXPECT_TRUE(reasons("paypel.com", "paypal.com",
                      without({rule::vowel_swap, rule::bitsquatting, rule::replacement}))
                  .empty());
  // So does a brand shorter than the cause's minimum length.
  puny::hunt::options longer = every();
  longer.min_brand_length[static_cast<unsigned>(rule::keyboard)] = 7;  // paypal has 6
  EXPECT_EQ(reasons("paypak.com", "paypal.com", longer), names{"replacement"});
  EXPECT_EQ(reasons("microsofg.com", "microsoft.com", longer), names{"keyboard"});
  // Each reason has its own score.
  for (rule r : {rule::keyboard, rule::vowel_swap, rule::bitsquatting, rule::label_split})
    EXPECT_GT(puny::hunt::info(r).score, 0) << puny::hunt::to_string(r);
  puny::hunt::options strict = every();
  strict.min_score = puny::hunt::info(rule::bitsquatting).score + 1;
  EXPECT_TRUE(reasons("paypcl.com", "paypal.com", strict).empty());
}

TEST(Hunt, LabelSplit) {
  const auto span_of = [](const std::string& in, const char* brand) {
    static const puny::hunt::brand_index idx = make_index();
    std::string spans;
    for (const auto& m : puny::hunt::find(in, idx, every()).matches)
      if (m.why == rule::label_split && idx.brand(m.brand) == brand) {
        EXPECT_LE(m.offset + m.length, in.size());
        spans += (spans.empty() ? "" : "|") + in.substr(m.offset, m.length);
      }
    return spans;
  };
  // dnstwist's subdomain fuzzer: a dot inside the brand's label.
  EXPECT_EQ(span_of("pay.pal.com", "paypal.com"), "pay.pal");
  EXPECT_EQ(span_of("p.aypal.com", "paypal.com"), "p.aypal");
  EXPECT_EQ(span_of("payp.al.net", "paypal.com"), "payp.al");  // any suffix
  EXPECT_EQ(span_of("p.ay.pal.com", "paypal.com"), "p.ay.pal");  // several dots
  EXPECT_EQ(span_of("login.pay.pal.com.", "paypal.com"), "pay.pal");  // labels further left stay out
  EXPECT_EQ(span_of("AMA.zon.co.uk", "amazon.co.uk"), "AMA.zon");  // the suffix's labels stay out
  EXPECT_EQ(span_of("eb.ay.com", "ebay.com"), "eb.ay");  // 4 letters: the rule's minimum
  // Not the brand's label exactly, or not ending at the registrable label.
  EXPECT_EQ(span_of("pay.pall.com", "paypal.com"), "");
  EXPECT_EQ(span_of("pay.pal.evil.com", "paypal.com"), "");
  EXPECT_EQ(span_of("pay..pal.com", "paypal.com"), "");
  EXPECT_EQ(span_of("paypal.com", "paypal.com"), "");  // the brand itself
  EXPECT_EQ(span_of("pay.paypal.com", "paypal.com"), "");  // its own name
  // Only the brand's rule on it: the other rules do not see pay.pal.
  EXPECT_EQ(reasons("pay.pal.com", "paypal.com"), names{"label_split"});
  puny::hunt::options off = every();
  off.rules &= ~(std::uint32_t{1} << static_cast<unsigned>(rule::label_split));
  EXPECT_TRUE(reasons("pay.pal.com", "paypal.com", off).empty());
  // Many one-letter labels: bounded work, one match for the last six.
  std::string many;
  for (int i = 0; i < 20000; ++i) many += "x.";
  many += "p.a.y.p.a.l.com";
  EXPECT_EQ(span_of(many, "paypal.com"), "p.a.y.p.a.l");
}

TEST(Hunt, LabelSplitOfAnALabel) {
  // A brand with a non-ASCII letter, split so that one part is an A-label:
  // the same match for both forms, the offsets on the input's own labels.
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse("b\xc3\xbc" "cher.de\n", "brands", idx, err));
  const std::string u = "b\xc3\xbc.cher.de", a = puny::idna::to_ascii(u).value;
  ASSERT_EQ(a.substr(0, 4), "xn--");
  for (const std::string& in : {u, a}) {
    const puny::hunt::report r = puny::hunt::find(in, idx, every());
    ASSERT_EQ(r.matches.size(), 1u) << in;
    EXPECT_EQ(r.matches[0].why, rule::label_split);
    EXPECT_EQ(in.substr(r.matches[0].offset, r.matches[0].length), in.substr(0, in.size() - 3));
  }
}

TEST(Hunt, LabelSplitUpToTheLongestDnsLabel) {
  // 63 letters, a DNS label's limit (RFC 1035 section 2.3.4), split in two:
  // found.  70 letters: the brand list takes it (names are mapped, not
  // checked against DNS lengths), but no such name can be registered, and
  // joins stop at 63 code points so that the work stays bounded.
  for (const std::size_t n : {63u, 70u}) {
    const std::string a(n / 2, 'a'), b(n - n / 2, 'b');
    puny::hunt::brand_index idx;
    puny::display::list_error err;
    ASSERT_TRUE(puny::hunt::brand_index::parse(a + b + ".com\n", "brands", idx, err)) << err.text;
    const puny::hunt::report r = puny::hunt::find(a + "." + b + ".com", idx, every());
    if (n == 63) {
      ASSERT_EQ(r.matches.size(), 1u);
      EXPECT_EQ(r.matches[0].why, rule::label_split);
      EXPECT_EQ(r.matches[0].length, n + 1);
    } else {
      EXPECT_TRUE(r.matches.empty());
    }
  }
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
  puny::hunt::options opt = every();
  opt.rules &= ~(std::uint32_t{1} << static_cast<unsigned>(rule::homoglyph_edit));
  EXPECT_TRUE(puny::hunt::find("rnicrosft.com", make_index(), opt).matches.empty());
}

TEST(Hunt, MinimumLengthKeepsShortBrandsOutOfEditRules) {
  // ebay has 4 letters: below the edit rules' default minimum of 5, so it
  // gets a vowel swap only under its own suffix (docs/hunt.md, "Short
  // brands"); a caller's minimum applies under any suffix.
  EXPECT_TRUE(matches("ebey.net").empty());
  EXPECT_TRUE(has("ebey.com", "ebay.com", rule::vowel_swap));
  puny::hunt::options opt = every();
  opt.min_brand_length[static_cast<unsigned>(rule::vowel_swap)] = 4;
  puny::hunt::report r = puny::hunt::find("ebey.net", make_index(), opt);
  ASSERT_EQ(r.matches.size(), 1u);
  EXPECT_EQ(r.matches[0].why, rule::vowel_swap);
  // A rule past the first sixteen (rules are bits of a 32-bit mask).
  opt.min_brand_length[static_cast<unsigned>(rule::label_split)] = 5;
  EXPECT_TRUE(puny::hunt::find("eb.ay.com", make_index(), opt).matches.empty());
}

TEST(Hunt, TargetEmbedding) {
  EXPECT_TRUE(has("paypal.com-login.evil.tld", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("www.paypal.com.evil.tld", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("paypal-com.evil.tld", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("paypalcom.net", "paypal.com", rule::target_embedding));
  EXPECT_TRUE(has("secure.amazon.co.uk.example.org", "amazon.co.uk", rule::target_embedding));
  // The offsets cover the embedding labels, not the registrable domain.
  const std::string in = "a.paypal.com-login.evil.tld";
  puny::hunt::report r = puny::hunt::find(in, make_index(), every());
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

// Each keyword of a keywords= field is its own word: the second was once
// read as the first and second together (and a list of n such lines took
// memory in the square of n).
TEST(Hunt, EveryKeywordOfAFieldStandsAlone) {
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse(
      "paypal.com keywords=zzfoo,zzbar,zzqux\nebay.com keywords=zzone\n", "brands", idx, err))
      << err.text;
  auto combo = [&](const std::string& name) {
    for (const auto& m : puny::hunt::find(name, idx, every()).matches)
      if (m.why == rule::combo_squatting) return true;
    return false;
  };
  EXPECT_TRUE(combo("paypalzzfoo.com"));
  EXPECT_TRUE(combo("paypalzzbar.com"));
  EXPECT_TRUE(combo("zzquxpaypal.com"));
  EXPECT_TRUE(combo("ebayzzone.com"));
  EXPECT_FALSE(combo("paypalzzfoozzbar.com"));
  EXPECT_FALSE(combo("ebayzzfoozzbarzzquxzzone.com"));
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
  puny::hunt::report r = puny::hunt::find(in, make_index(), every());
  ASSERT_FALSE(r.matches.empty());
  EXPECT_EQ(r.matches[0].why, rule::skeleton);
  EXPECT_EQ(in.substr(r.matches[0].offset, r.matches[0].length), "xn--80aa0cbo65f");
  // The verdict: a browser keeps this name in A-label form.
  EXPECT_TRUE(r.verdict_status.ok());
  EXPECT_FALSE(r.all_shown);
}

// Thousands of brands whose labels share their deletion keys (every 26
// consecutive labels differ in the last letter only): the index's flat
// tables (docs/security.md's scaling note) must keep every entry of a
// shared key, every brand's own name and every distinct keyword.  The
// expected brands follow from how each input was spelled from the labels.
TEST(Hunt, LargeIndexKeepsEverySharedKey) {
  constexpr int kBigBrands = 26 * 26 * 5;
  auto label = [](int i) {
    std::string l = "zq";
    for (int d = 4, v = i; d >= 0; --d, v /= 26) l.insert(2, 1, static_cast<char>('a' + v % 26));
    return l;
  };
  std::string list;
  for (int i = 0; i < kBigBrands; ++i) {
    const int k = i % 100;
    list += label(i) + ".com keywords=kw" + std::string(1, static_cast<char>('a' + k / 10)) +
            std::string(1, static_cast<char>('a' + k % 10)) + "\n";
    if (i % 500 == 0) list += label(i) + ".com\n";  // listed twice: kept once
  }
  puny::hunt::brand_index big, one;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse(list, "big", big, err)) << err.text;
  ASSERT_TRUE(puny::hunt::brand_index::parse("zqaaaaa.com\n", "one", one, err)) << err.text;
  EXPECT_EQ(big.size(), static_cast<std::size_t>(kBigBrands));
  EXPECT_EQ(big.keyword_count(), one.keyword_count() + 100);  // kwaa..kwjj, each once
  auto found = [&](const std::string& name) {
    std::set<std::pair<std::string, std::string>> out;
    for (const auto& m : puny::hunt::find(name, big, every()).matches)
      out.insert({std::string(big.brand(m.brand)), std::string(puny::hunt::to_string(m.why))});
    return out;
  };
  for (int i : {0, 1, 777, 2025, kBigBrands - 1}) {
    const std::string l = label(i), brand = l + ".com";
    EXPECT_TRUE(found(brand).empty()) << brand;  // the brand's own name
    EXPECT_EQ(found(l.substr(0, 3) + l.substr(4) + ".com").count({brand, "omission"}), 1u) << l;
    EXPECT_EQ(found(l.substr(0, 4) + "7" + l.substr(4) + ".com").count({brand, "insertion"}), 1u)
        << l;
    EXPECT_EQ(found(l + "login.com").count({brand, "combo_squatting"}), 1u) << l;
    // Its 25 siblings and itself: the letter where they differ replaced by
    // a digit no lookalike rule folds (8; 0 would read as o and add the
    // homoglyph_edit matches of other brands) is one replacement from each.
    const std::string prefix = l.substr(0, l.size() - 1);
    std::set<std::string> brands;
    for (const auto& m : found(prefix + "8.com")) brands.insert(m.first);
    std::set<std::string> expected;
    for (char c = 'a'; c <= 'z'; ++c) expected.insert(prefix + c + ".com");
    EXPECT_EQ(brands, expected) << prefix;
  }
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
  puny::hunt::report r = puny::hunt::find(many, make_index(), every());
  EXPECT_EQ(r.matches.size(), 5000u);  // each "paypal" token followed by "com", once
  std::string labels;
  for (int i = 0; i < 5000; ++i) labels += "paypal.";
  labels += "evil.tld";
  r = puny::hunt::find(labels, make_index(), every());
  EXPECT_EQ(r.matches.size(), 5000u);  // each bare brand label in the subdomain, once
  for (const auto& m : r.matches) EXPECT_LE(m.offset + m.length, labels.size());
}

TEST(Hunt, EmptyIndexMatchesNothing) {
  puny::hunt::brand_index none;  // default-constructed
  EXPECT_EQ(none.size(), 0u);
  EXPECT_TRUE(puny::hunt::find("paypa1.com", none, every()).matches.empty());
  puny::hunt::brand_index parsed;
  puny::display::list_error err;
  ASSERT_TRUE(puny::hunt::brand_index::parse("# nothing\n\n", "empty", parsed, err));
  EXPECT_TRUE(puny::hunt::find("paypal-login.com", parsed, every()).matches.empty());
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
