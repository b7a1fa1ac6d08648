// Display decisions (puny/display.hpp): Chromium's own test table for the
// chromium profile, the UTS #39 and Firefox profiles from their rules, the
// Public Suffix List and protected-domain lists.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"
#include "idn_cases.hpp"

namespace {

using namespace puny::display;
using puny::test::idn_case;
using puny::test::read_cases;

TEST(ChromiumProfile, ChromiumSpoofCheckerTable) {
  const auto cases = read_cases(std::string(PUNY_SOURCE_DIR) + "/tests/display/data/chromium_idn_cases.tsv");
  ASSERT_GT(cases.size(), 170u);
  // As Chromium's test runs: its test top-domain list, and the Public
  // Suffix List (Debian's publicsuffix package) for the registrable part.
  list_error error;
  public_suffix_list psl;
  ASSERT_TRUE(public_suffix_list::load(std::string(public_suffix_list::default_path()), psl, error))
      << error.text << " (install Debian's publicsuffix package)";
  protected_domains top;
  ASSERT_TRUE(protected_domains::load(std::string(PUNY_SOURCE_DIR) + "/tests/display/data/chromium_test_domains.list",
                                      top, error))
      << error.text;
  options opt;
  opt.which = profile::chromium;
  opt.suffixes = &psl;
  opt.protected_list = &top;
  int passed = 0, failed = 0;
  for (const idn_case& c : cases) {
    const auto r = decide(c.input, opt);
    bool ok = false;
    std::string got;
    if (c.expected == "invalid") {
      ok = !r.ok();
      got = r.ok() ? "valid: " + r.value.display : "invalid";
    } else if (r.ok()) {
      got = r.value.display;
      std::string unicode;
      for (const auto& l : r.value.labels) unicode += (unicode.empty() && &l == &r.value.labels[0] ? "" : ".") + l.u_label;
      const std::string& want = c.expected == "safe" ? c.unicode : c.input;
      // Where Chromium's Unicode column keeps a label as xn-- (one label kept,
      // the others decoded), only the display form can be compared.
      const bool mixed_column = c.unicode.find("xn--") != std::string::npos;
      ok = got == want && (unicode == c.unicode || mixed_column);
      if (!ok && unicode != c.unicode) got += " (U-labels " + unicode + ")";
      if (!ok) {
        for (const auto& l : r.value.labels)
          for (const auto& f : l.findings) got += " [" + std::string(to_string(f.why)) + "]";
      }
    } else {
      got = "error " + puny::to_string(r.status);
    }
    // The display-only form (the quick path) must agree.
    const auto shown = to_display(c.input, opt);
    if (ok && r.ok() && (!shown.ok() || shown.value != r.value.display)) {
      ok = false;
      got = "to_display gave " + shown.value + ", decide " + r.value.display;
    }
    if (ok) {
      ++passed;
    } else {
      ++failed;
      ADD_FAILURE() << "line " << c.line << ": " << c.input << " expected " << c.expected << " ("
                    << c.unicode << "), got " << got;
    }
  }
  std::printf("Chromium spoof-checker table: %d passed, %d failed\n", passed, failed);
  EXPECT_EQ(failed, 0);
}

TEST(ChromiumProfile, ReasonsSayWhatAndWhere) {
  options opt;
  opt.which = profile::chromium;
  // U+0430 (Cyrillic a) in "ebаy": scripts mixed at byte 2.
  const auto mixed = decide("eb\xD0\xB0y.com", opt);
  ASSERT_TRUE(mixed.ok());
  EXPECT_EQ(mixed.value.display, "xn--eby-7cd.com");
  ASSERT_EQ(mixed.value.labels[0].findings.size(), 1u);
  const finding& f = mixed.value.labels[0].findings[0];
  EXPECT_EQ(f.why, reason::restriction_level);
  EXPECT_EQ(f.offset, 2u);
  EXPECT_TRUE(f.has_code_point);
  EXPECT_EQ(f.code_point, U'\u0430');
  EXPECT_EQ(f.imitates, U'a');
  EXPECT_FALSE(f.step.empty());
  // "аррӏе.com", all Cyrillic lookalikes under .com.
  const auto apple = decide("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com", opt);
  ASSERT_TRUE(apple.ok());
  EXPECT_EQ(apple.value.display, "xn--80ak6aa92e.com");
  EXPECT_EQ(apple.value.labels[0].findings.at(0).why, reason::whole_script_confusable);
  // Cyrillic te is a Latin lookalike in the 2026 tree (its table's
  // теѕт.com); театр (theatre), one of the words that tree allows, is still
  // shown, the non-word тетр is not.
  EXPECT_TRUE(decide("\xD1\x82\xD0\xB5\xD0\xB0\xD1\x82\xD1\x80.com", opt).value.all_shown());
  const auto tetr = decide("\xD1\x82\xD0\xB5\xD1\x82\xD1\x80.com", opt);
  ASSERT_TRUE(tetr.ok());
  EXPECT_EQ(tetr.value.labels[0].findings.at(0).why, reason::whole_script_confusable);
  // The same label under a Cyrillic TLD (.рф) is shown.
  const auto rf = decide("xn--80ak6aa92e.xn--p1ai", opt);
  ASSERT_TRUE(rf.ok());
  EXPECT_TRUE(rf.value.all_shown());
  // Deviation characters are shown (Chromium's non-transitional mode, as
  // puny's ToUnicode), but not the joiners (Restricted); thorn outside .is,
  // middle dot outside .cat are not.
  EXPECT_TRUE(decide("xn--fu-hia.de", opt).value.all_shown());
  EXPECT_EQ(decide("xn--11b6iy14e.in", opt).value.labels[0].findings.at(0).why, reason::restricted_character);
  EXPECT_EQ(decide("\xC3\xBEorp.com", opt).value.labels[0].findings.at(0).why, reason::tld_specific_character);
  EXPECT_TRUE(decide("\xC3\xBEorp.is", opt).value.all_shown());
  EXPECT_TRUE(decide("l\xC2\xB7l.cat", opt).value.all_shown());
  EXPECT_EQ(decide("a\xC2\xB7" "b.cat", opt).value.labels[0].findings.at(0).why, reason::unsafe_middle_dot);
}

TEST(Display, InvalidNamesFailLikeToUnicode) {
  for (const char* name : {"xn--a.com", "a\xE2\x80\xA8" "b.de", "ab\xFF.com"}) {
    const auto r = decide(name);
    const auto u = puny::idna::to_unicode(name);
    ASSERT_FALSE(u.ok()) << name;
    EXPECT_FALSE(r.ok()) << name;
    EXPECT_EQ(r.status.code, u.status.code) << name;
    EXPECT_EQ(r.status.offset, u.status.offset) << name;
  }
}

TEST(Display, AsciiOnlyKeepsEveryNonAsciiLabel) {
  options opt;
  opt.which = profile::ascii_only;
  const auto r = decide("www.b\xC3\xBC" "cher.de", opt);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.display, "www.xn--bcher-kva.de");
  EXPECT_TRUE(r.value.labels[0].show_unicode);
  EXPECT_FALSE(r.value.labels[1].show_unicode);
  EXPECT_EQ(r.value.labels[1].findings.at(0).why, reason::not_ascii);
  EXPECT_EQ(r.value.labels[1].findings.at(0).offset, 5u);  // the u-umlaut, after "www.b"
}

TEST(Display, Uts39ProfilesFollowTheRestrictionLevels) {
  options high, moderate;
  high.which = profile::uts39_highly_restrictive;
  moderate.which = profile::uts39_moderately_restrictive;
  // Latin + Han + Hiragana: highly restrictive (5.2 level 3).
  EXPECT_TRUE(decide("abc\xE6\xBC\xA2\xE3\x81\x8B.jp", high).value.all_shown());
  // Latin + Arabic digits... Latin + Armenian: moderately restrictive only.
  const char* latin_armenian = "b\xD5\xBDs.com";
  EXPECT_FALSE(decide(latin_armenian, high).value.all_shown());
  EXPECT_TRUE(decide(latin_armenian, moderate).value.all_shown());
  // Latin + Cyrillic is neither.
  EXPECT_FALSE(decide("eb\xD0\xB0y.com", moderate).value.all_shown());
  // Mixed numbers (ASCII 1 with Arabic-Indic 1 would be Bidi-invalid; use
  // Devanagari digits with ASCII ones).
  const auto digits = decide("\xE0\xA4\x95" "1\xE0\xA5\xA8.in", high);
  ASSERT_TRUE(digits.ok());
  bool mixed = false;
  for (const auto& f : digits.value.labels[0].findings) mixed = mixed || f.why == reason::mixed_numbers;
  EXPECT_TRUE(mixed);
}

TEST(Display, FirefoxProfiles) {
  options moderate, high;
  moderate.which = profile::firefox_moderate;
  high.which = profile::firefox_high;
  // Latin + Armenian: Firefox's moderate profile allows Latin with one other
  // recommended script except Cyrillic and Greek; high does not.
  EXPECT_TRUE(decide("b\xD5\xBDs.com", moderate).value.all_shown());
  EXPECT_FALSE(decide("b\xD5\xBDs.com", high).value.all_shown());
  // Latin + Greek is refused by both.
  EXPECT_FALSE(decide("payp\xCE\xB1l.com", moderate).value.all_shown());
  // A restricted character (U+0261 LATIN SMALL LETTER SCRIPT G).
  const auto g = decide("goo\xC9\xA1le.com", moderate);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g.value.labels[0].findings.at(0).why, reason::restricted_character);
  EXPECT_EQ(g.value.labels[0].findings.at(0).code_point, U'\u0261');
  // A dotless i with a combining mark (na\u0131\u0308ve) looks like an
  // accented i: nsIDNService keeps it as Punycode, in both profiles, and
  // names the mark.  The same mark on a dotted i's base is shown.
  for (const options* o : {&moderate, &high}) {
    const auto naive = decide("na\xC4\xB1\xCC\x88ve.com", *o);
    ASSERT_TRUE(naive.ok());
    EXPECT_FALSE(naive.value.labels[0].show_unicode);
    bool named = false;
    for (const auto& f : naive.value.labels[0].findings)
      named = named || (f.why == reason::dangerous_pattern && f.code_point == U'\u0308' &&
                        f.step == "firefox/4-dotless-i-mark");
    EXPECT_TRUE(named);
    // Another mark in between does not hide the dotless i (U+0323 below,
    // U+0301 above).
    EXPECT_FALSE(decide("p\xC4\xB1\xCC\xA3\xCC\x81n.com", *o).value.all_shown());
    // The same accent on an ordinary i (precomposed U+00EF) is shown.
    EXPECT_TRUE(decide("na\xC3\xAFve.com", *o).value.all_shown());
    // A dotless i without a mark is an ordinary Turkish letter.
    EXPECT_TRUE(decide("s\xC4\xB1k.com", *o).value.all_shown());
  }
  // Ordinary names.
  EXPECT_TRUE(decide("b\xC3\xBC" "cher.de", high).value.all_shown());
  EXPECT_TRUE(decide("\xE4\xBE\x8B\xE3\x81\x88.jp", high).value.all_shown());
}

// The browser profiles' characters are those of the ICU the browsers ship
// (ICU 78: Unicode 17.0.0's Identifier_Type / Identifier_Status), not this
// build's Unicode data.  U+11B0A DEVANAGARI LETTER ALTERNATE DDDA is new in Unicode 18.0.0
// (Identifier_Type Recommended there): ICU 78 does not know it, so Chromium
// and Firefox keep a label with it as an A-label while the uts39 profiles,
// on this build's data, show it.
TEST(ChromiumProfile, CharacterDataIsChromiumsIcu) {
  EXPECT_NE(info(profile::chromium).character_data.find("ICU 78.2"), std::string_view::npos);
  EXPECT_NE(info(profile::chromium).character_data.find("Unicode 17.0.0"), std::string_view::npos);
  for (const profile_info& p : profiles()) EXPECT_FALSE(p.character_data.empty()) << p.name;
  const std::string label = "\xE0\xA4\x95\xF0\x91\xAC\x8A.in";  // U+0915 U+11B0A
  options chromium, uts39;
  chromium.which = profile::chromium;
  uts39.which = profile::uts39_highly_restrictive;
  const auto c = decide(label, chromium);
  const auto u = decide(label, uts39);
  if (puny::unicode::unicode_version == "18.0.0") {
    ASSERT_TRUE(c.ok());
    ASSERT_TRUE(u.ok());
    EXPECT_TRUE(u.value.all_shown());
    EXPECT_FALSE(c.value.labels[0].show_unicode);
    ASSERT_FALSE(c.value.labels[0].findings.empty());
    EXPECT_EQ(c.value.labels[0].findings[0].why, reason::restricted_character);
    EXPECT_EQ(c.value.labels[0].findings[0].code_point, U'\U00011B0A');
    EXPECT_EQ(c.value.labels[0].findings[0].step, "chromium/1-icu-allowed-set");
    // Firefox asks its ICU (Identifier_Status) the same question.
    options firefox;
    firefox.which = profile::firefox_moderate;
    const auto f = decide(label, firefox);
    ASSERT_TRUE(f.ok());
    EXPECT_FALSE(f.value.labels[0].show_unicode);
    EXPECT_EQ(f.value.labels[0].findings.at(0).step, "firefox/2-identifier-status");
    EXPECT_EQ(f.value.labels[0].findings.at(0).code_point, U'\U00011B0A');
  } else {
    // A build on Unicode 17.0.0 does not know the letter: not valid IDNA.
    EXPECT_FALSE(c.ok());
    EXPECT_FALSE(u.ok());
  }
  // Letters ICU 78 and this build both recommend are shown alike.
  EXPECT_TRUE(decide("\xE0\xA4\x95\xE0\xA4\xAE\xE0\xA4\xB2.in", chromium).value.all_shown());
}

// Letters ICU 74's hard-coded recommended set had and Unicode 17.0.0's
// IdentifierType.txt makes Limited_Use (Bopomofo) or Uncommon_Use (U+309A,
// Georgian U+10FD..U+10FF, Myanmar Shan digits).  Chromium's table, rewritten
// for its ICU 78.2 roll (crbug.com/492063443), expects these names as
// A-labels; the table test checks the display, this one the reason: the
// letter is outside the allowed set, in Chromium and in Firefox (whose ICU
// answers Identifier_Status from the same data).
TEST(ChromiumProfile, Unicode17LimitedLettersStayALabels) {
  const struct {
    const char* name;
    char32_t letter;
  } cases[] = {{"xn--5ekcde0577e87tc.tw", U'\u3105'},
               {"xn--bopomofo-hj5gkalm.tw", U'\u3105'},
               {"xn--4fkv10r.com", U'\u3127'},
               {"xn--3bkxe.jp", U'\u309A'},
               {"xn--gpd3ag.ge", U'\u10FD'},
               {"xn--rmdcmef.mm", U'\u1090'}};
  const struct {
    profile which;
    const char* step;
  } browsers[] = {{profile::chromium, "chromium/1-icu-allowed-set"},
                  {profile::firefox_moderate, "firefox/2-identifier-status"},
                  {profile::firefox_high, "firefox/2-identifier-status"}};
  for (const auto& b : browsers) {
    options o;
    o.which = b.which;
    for (const auto& c : cases) {
      const auto r = decide(c.name, o);
      ASSERT_TRUE(r.ok()) << c.name;
      EXPECT_EQ(r.value.display, c.name) << b.step;
      bool named = false;
      for (const auto& f : r.value.labels[0].findings)
        named = named || (f.why == reason::restricted_character && f.code_point == c.letter && f.step == b.step);
      EXPECT_TRUE(named) << c.name << " " << b.step;
    }
  }
}

TEST(Display, ProfilesAndReasonsHaveUniqueNames) {
  std::set<std::string_view> names;
  for (const profile_info& p : profiles()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_EQ(find_profile(p.name), &p);
    EXPECT_EQ(info(p.id).name, p.name);
    EXPECT_FALSE(p.description.empty());
    EXPECT_FALSE(p.source.empty());
  }
  EXPECT_EQ(profiles().size(), 7u);
  EXPECT_EQ(find_profile("chrome"), nullptr);
  std::set<std::string_view> reasons;
  for (int r = 1; !to_string(static_cast<reason>(r)).empty(); ++r) {
    EXPECT_TRUE(reasons.insert(to_string(static_cast<reason>(r))).second);
    EXPECT_FALSE(message(static_cast<reason>(r)).empty());
  }
  EXPECT_EQ(reasons.size(), static_cast<std::size_t>(reason::latin_mixed_with_other));
}

// A name a person typed: ASCII case ignored, as parse_preset_spec does for
// presets; nothing else is folded (no trimming, no non-ASCII case).
TEST(Display, ProfileNamesIgnoreAsciiCase) {
  for (const profile_info& p : profiles()) {
    std::string upper(p.name);
    for (char& c : upper) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c;
    EXPECT_EQ(find_profile_ignoring_case(upper), &p) << upper;
    EXPECT_EQ(find_profile_ignoring_case(p.name), &p);
    EXPECT_EQ(find_profile(upper), nullptr) << "find_profile stays exact";
  }
  EXPECT_EQ(find_profile_ignoring_case("Firefox-High"), find_profile("firefox-high"));
  EXPECT_EQ(find_profile_ignoring_case(" chromium"), nullptr);
  EXPECT_EQ(find_profile_ignoring_case("chromium "), nullptr);
  EXPECT_EQ(find_profile_ignoring_case("chromiu"), nullptr);
  EXPECT_EQ(find_profile_ignoring_case(""), nullptr);
  // U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE is not ASCII: no match.
  EXPECT_EQ(find_profile_ignoring_case("ch\xc4\xb0romium"), nullptr);
}

TEST(PublicSuffixList, RulesWildcardsAndExceptions) {
  public_suffix_list psl;
  list_error error;
  ASSERT_TRUE(public_suffix_list::parse(
      "// comment\n\ncom\nuk\nco.uk\n*.ck\n!www.ck\n\xE4\xB8\xAD\xE5\x9B\xBD\n", "t.dat", psl, error))
      << error.text;
  EXPECT_EQ(psl.rule_count(), 6u);
  EXPECT_EQ(psl.registrable_domain("a.b.example.co.uk"), "example.co.uk");
  EXPECT_EQ(psl.registrable_domain("co.uk"), "");
  EXPECT_EQ(psl.registrable_domain("www.example.com."), "example.com");
  EXPECT_EQ(psl.registrable_domain("a.b.c.ck"), "b.c.ck");  // *.ck: c.ck is a suffix
  EXPECT_EQ(psl.registrable_domain("www.ck"), "www.ck");    // !www.ck
  EXPECT_EQ(psl.registrable_domain("x.xn--fiqs8s"), "x.xn--fiqs8s");  // Unicode rule in A-label form
  EXPECT_EQ(psl.registrable_domain("a.b.unlisted"), "b.unlisted");    // implicit "*"
}

// Thousands of rules of each kind, some listed twice (the sets are
// open-addressing tables built once, src/display/lists.cpp): every listed
// rule is found and an unlisted neighbour is not.
TEST(PublicSuffixList, ThousandsOfRulesOfEachKind) {
  std::string text;
  for (int i = 0; i < 4000; ++i) {
    const std::string n = std::to_string(i);
    text += "s" + n + ".example\n*.w" + n + ".test\n!x.w" + n + ".test\n";
    if (i % 7 == 0) text += "s" + n + ".example\n";
  }
  public_suffix_list psl;
  list_error error;
  ASSERT_TRUE(public_suffix_list::parse(text, "big.dat", psl, error)) << error.text;
  for (int i : {0, 1, 7, 1234, 3999}) {
    const std::string n = std::to_string(i);
    EXPECT_EQ(psl.registrable_domain("a.q.s" + n + ".example"), "q.s" + n + ".example");
    EXPECT_EQ(psl.registrable_domain("a.b.c.w" + n + ".test"), "b.c.w" + n + ".test");  // *.wN
    EXPECT_EQ(psl.registrable_domain("a.x.w" + n + ".test"), "x.w" + n + ".test");      // !x.wN
  }
  // Not listed: the implicit "*" rule, the last label.
  EXPECT_EQ(psl.registrable_domain("a.q.s4000.example"), "s4000.example");
  EXPECT_EQ(psl.registrable_domain("a.b.c.w4000.test"), "w4000.test");
}

TEST(PublicSuffixList, MalformedLineNamesFileAndLine) {
  public_suffix_list psl;
  list_error error;
  EXPECT_FALSE(public_suffix_list::parse("com\nbad..rule\n", "mine.dat", psl, error));
  EXPECT_EQ(error.status.code, puny::errc::list_syntax);
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.status.offset, 4u);
  EXPECT_NE(error.text.find("mine.dat:2"), std::string::npos) << error.text;
  EXPECT_FALSE(public_suffix_list::load("/nonexistent/x.dat", psl, error));
  EXPECT_EQ(error.status.code, puny::errc::file_unreadable);
  EXPECT_NE(error.text.find("/nonexistent/x.dat"), std::string::npos);
}

TEST(PublicSuffixList, DebiansFile) {
  public_suffix_list psl;
  list_error error;
  ASSERT_TRUE(public_suffix_list::load(std::string(public_suffix_list::default_path()), psl, error))
      << error.text << " (Debian package publicsuffix)";
  EXPECT_GT(psl.rule_count(), 5000u);
  EXPECT_EQ(psl.registrable_domain("a.b.example.co.uk"), "example.co.uk");
  EXPECT_EQ(psl.registrable_domain("foo.github.io"), "foo.github.io");
  EXPECT_EQ(psl.public_suffix("www.example.com"), "com");
}

TEST(ProtectedDomains, LookalikesByIndexedSkeleton) {
  protected_domains list;
  list_error error;
  ASSERT_TRUE(protected_domains::parse("# top\ngoogle.com\n\napple.com\n", "top.list", list, error));
  EXPECT_EQ(list.size(), 2u);
  EXPECT_EQ(list.lookalike_of("google.com"), "");  // itself is no lookalike
  EXPECT_EQ(list.lookalike_of("xn--googl-fsa.com"), "google.com");  // googlé.com
  EXPECT_EQ(list.lookalike_of("g\xD0\xBE\xD0\xBEgle.com"), "google.com");  // Cyrillic o
  EXPECT_EQ(list.lookalike_of("example.com"), "");
  options opt;
  opt.protected_list = &list;
  const auto r = decide("www.googl\xC3\xA9.com", opt);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.display, "www.xn--googl-fsa.com");
  EXPECT_EQ(r.value.registrable_domain, "googl\xC3\xA9.com");
  EXPECT_EQ(r.value.labels[1].findings.at(0).why, reason::top_domain_lookalike);
  EXPECT_EQ(r.value.labels[1].findings.at(0).similar_to, "google.com");
  // Without the list the same name is shown.
  EXPECT_TRUE(decide("www.googl\xC3\xA9.com").value.all_shown());
}

TEST(ProtectedDomains, MalformedLineNamesFileAndLine) {
  protected_domains list;
  list_error error;
  EXPECT_FALSE(protected_domains::parse("google.com\n# c\nnot a domain\n", "top.list", list, error));
  EXPECT_EQ(error.status.code, puny::errc::list_syntax);
  EXPECT_EQ(error.line, 3u);
  EXPECT_NE(error.text.find("top.list:3"), std::string::npos) << error.text;
}

}  // namespace

namespace {
// Chromium's GetSimilarTopDomain cases (idn_spoof_checker_unittest.cc), with
// its test top-domain list and the Public Suffix List: the protected domain a
// name imitates, or none for the domain itself and its subdomains.
TEST(ChromiumProfile, SimilarTopDomain) {
  list_error error;
  public_suffix_list psl;
  ASSERT_TRUE(public_suffix_list::load(std::string(public_suffix_list::default_path()), psl, error)) << error.text;
  protected_domains top;
  ASSERT_TRUE(protected_domains::load(std::string(PUNY_SOURCE_DIR) + "/tests/display/data/chromium_test_domains.list",
                                      top, error))
      << error.text;
  options opt;
  opt.suffixes = &psl;
  opt.protected_list = &top;
  const struct {
    const char* name;
    const char* imitates;
  } cases[] = {
      {"t\xC3\xA9st.net", "test.net"},
      {"subdomain.t\xC3\xA9st.net", "test.net"},
      {"test.net", ""},
      {"subdomain.test.net", ""},
      {"subd\xC3\xB3main.test.net", ""},
      {"tes\xC5\x82.net", "test.net"},            // l with stroke as t
      {"\xC5\x82" "est.net", "test.net"},
      {"\xC5\x82" "es\xC5\x82.net", "test.net"},
      {"\xE1\x80\x85" "2.com", "o2.com"},         // U+1005
      {"\xE1\x83\x99" "9.com", "39.com"},         // U+10D9
      {"\xE0\xA9\x9C" "9.com", "39.com"},         // U+0A5C
  };
  for (const auto& c : cases) {
    const auto r = decide(c.name, opt);
    ASSERT_TRUE(r.ok()) << c.name;
    std::string similar;
    for (const auto& l : r.value.labels)
      for (const auto& f : l.findings)
        if (f.why == reason::top_domain_lookalike) similar = f.similar_to;
    EXPECT_EQ(similar, c.imitates) << c.name;
    if (*c.imitates) {
      EXPECT_FALSE(r.value.all_shown()) << c.name;
    }
  }
}
}  // namespace
