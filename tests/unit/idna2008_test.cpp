// IDNA2008 profile (puny/idna2008.hpp): registration (RFC 5891 section 4)
// and lookup (section 5), one test per rule, plus the derived property of
// every code point against Idna2008.txt of the build's Unicode version.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

#ifndef PUNY_UNICODE_DATA_DIR
#error "PUNY_UNICODE_DATA_DIR must name the Unicode data directory"
#endif

namespace {

namespace i8 = puny::idna2008;
using puny::errc;

i8::options unicode_output() {
  i8::options o;
  o.output = i8::output_form::unicode;
  return o;
}

// Both profiles give `want`.
void expect_both_ok(const std::string& in, const std::string& want) {
  const auto r = i8::registration(in);
  EXPECT_TRUE(r.ok()) << in << ": " << puny::to_string(r.status);
  EXPECT_EQ(r.value, want) << in;
  const auto l = i8::lookup(in);
  EXPECT_TRUE(l.ok()) << in << ": " << puny::to_string(l.status);
  EXPECT_EQ(l.value, want) << in;
}

void expect_error(const puny::result<std::string>& r, errc code, std::size_t offset,
                  std::size_t label, const std::string& what) {
  EXPECT_FALSE(r.ok()) << what << " gave " << r.value;
  EXPECT_EQ(r.status.code, code) << what << ": " << puny::to_string(r.status);
  EXPECT_EQ(r.status.offset, offset) << what << ": " << puny::to_string(r.status);
  EXPECT_EQ(r.status.label, label) << what;
  EXPECT_TRUE(r.value.empty()) << what;
}

// Both profiles refuse `in` the same way.
void expect_both_fail(const std::string& in, errc code, std::size_t offset, std::size_t label = 0) {
  expect_error(i8::registration(in), code, offset, label, "registration of " + in);
  expect_error(i8::lookup(in), code, offset, label, "lookup of " + in);
}

TEST(Idna2008, ValidNamesBothWays) {
  expect_both_ok("b\u00fccher.de", "xn--bcher-kva.de");
  expect_both_ok("xn--bcher-kva.de", "xn--bcher-kva.de");
  expect_both_ok("example.com", "example.com");
  expect_both_ok("b\u00fccher.de.", "xn--bcher-kva.de.");  // the root label is kept
  const auto u = i8::registration("xn--bcher-kva.de", unicode_output());
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u.value, "b\u00fccher.de");
  // No mapping of any kind: fa\u00df stays (PVALID in IDNA2008).
  expect_both_ok("fa\u00df.de", "xn--fa-hia.de");
}

// The examples: UTS #46 maps or accepts them, IDNA2008 refuses.
TEST(Idna2008, SymbolsAndCompatibilityCharactersAreDisallowed) {
  expect_both_fail("\U0001F4A9.la", errc::disallowed, 0);  // PILE OF POO: DISALLOWED
  expect_both_fail("\u2260.com", errc::disallowed, 0);     // NOT EQUAL TO
  expect_both_fail("\u216B.com", errc::disallowed, 0);     // ROMAN NUMERAL TWELVE (UTS #46: xii)
  EXPECT_EQ(i8::registration("\u216B.com").status.code_point, U'\u216B');
  // Uppercase is DISALLOWED inside a U-label (no case mapping), with its offset.
  expect_both_fail("B\u00fccher.de", errc::disallowed, 0);
  expect_both_fail("a\u00fc\U0001F4A9.de", errc::disallowed, 3);
  // U+3002 IDEOGRAPHIC FULL STOP is not a label separator in IDNA2008.
  expect_both_fail("a\u3002b", errc::disallowed, 1);
  // Full-width letters: DISALLOWED, never mapped.
  expect_both_fail("\uFF41\u00fc.com", errc::disallowed, 0);
}

TEST(Idna2008, UnassignedCodePoints) {
  expect_both_fail("\u00fc\u0378.com", errc::unassigned, 2);  // U+0378 is unassigned
  EXPECT_EQ(i8::derived_property(0x0378), i8::property::unassigned);
  EXPECT_EQ(i8::derived_property(0x110000), i8::property::unassigned);
}

TEST(Idna2008, ALabelsMustRoundTripExactly) {
  // Uppercase A-labels: not what encoding the U-label gives (RFC 5891 5.3).
  expect_both_fail("XN--BCHER-KVA.de", errc::a_label_not_canonical, 0);
  expect_both_fail("de.xn--bcher-kvA", errc::a_label_not_canonical, 15, 1);
  // "-9uc" is not Punycode: with nothing before the last delimiter, RFC 3492
  // section 6.2 does not consume it, and "-" is not a digit.
  expect_both_fail("xn---9uc", errc::invalid_digit, 4);
  // Uppercase digits decode, but do not round-trip; an uppercase basic
  // code point round-trips, but is DISALLOWED in the U-label.
  expect_both_fail("xn--bcher-KVA", errc::a_label_not_canonical, 10);
  expect_both_fail("xn--Bcher-kva", errc::disallowed, 0);
  // Decodes to ASCII only, or to nothing: not an A-label.
  expect_both_fail("xn--ab-.com", errc::invalid_ace_label, 0);
  expect_both_fail("xn--.com", errc::invalid_ace_label, 0);
  // Punycode errors point into the label.
  const auto bad = i8::registration("a.xn--bcher-kv!");
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.status.label, 1u);
  EXPECT_EQ(bad.status.offset, 14u) << puny::to_string(bad.status);
  // The U-label of an A-label is checked like any U-label: U+0080 is DISALLOWED.
  expect_both_fail("xn--a", errc::disallowed, 0);
  // A-label of "a-" + NFD: decodes, but the U-label is not NFC.
  const auto nfd = puny::punycode::encode(U"a\u0301b");
  ASSERT_TRUE(nfd.ok());
  expect_both_fail("xn--" + nfd.value, errc::not_nfc, 0);
}

TEST(Idna2008, NfcAndLeadingCombiningMark) {
  expect_both_fail("a\u0301\u00fc.com", errc::not_nfc, 0);
  expect_both_fail("x.\u0301a", errc::leading_combining_mark, 2, 1);
}

TEST(Idna2008, HyphenRules) {
  // "--" in positions 3 and 4: both profiles (RFC 5891 4.2.3.1, 5.4 item 2).
  expect_both_fail("ab--\u00fc.com", errc::hyphen_3_4, 0);
  // Leading / trailing hyphen: registration only.
  expect_error(i8::registration("-\u00fc.com"), errc::leading_hyphen, 0, 0, "-\u00fc");
  expect_error(i8::registration("\u00fc-.com"), errc::trailing_hyphen, 0, 0, "\u00fc-");
  EXPECT_TRUE(i8::lookup("-\u00fc.com").ok());
  EXPECT_TRUE(i8::lookup("\u00fc-.com").ok());
  // ASCII labels: registration wants LDH labels, lookup leaves them to the DNS.
  expect_error(i8::registration("-ab.com"), errc::leading_hyphen, 0, 0, "-ab");
  expect_error(i8::registration("ab--c.com"), errc::hyphen_3_4, 0, 0, "ab--c");
  expect_error(i8::registration("a_b.com"), errc::disallowed, 1, 0, "a_b");
  EXPECT_EQ(i8::lookup("_dmarc.example.com").value, "_dmarc.example.com");
}

TEST(Idna2008, ContextJRules) {
  // A.1 ZWNJ: after a virama, or between joining letters; A.2 ZWJ: after a virama.
  // (Expected A-labels as libidn2's idn2_register_u8 gives them.)
  expect_both_ok("\u0915\u094D\u200C\u0937", "xn--11b2ezcs70k");
  expect_both_ok("\u0628\u200C\u0628", "xn--ngba799q");
  const auto zwnj = i8::registration("a\u200Cb");
  expect_error(zwnj, errc::contextj, 1, 0, "a ZWNJ b");
  EXPECT_EQ(zwnj.status.detail, 1);
  const auto zwj = i8::lookup("ab\u200D");
  expect_error(zwj, errc::contextj, 2, 0, "a b ZWJ");
  EXPECT_EQ(zwj.status.detail, 2);
}

// Registration evaluates each CONTEXTO rule; lookup only requires that a
// rule exists (RFC 5891 section 5.4).
void expect_contexto(const std::string& bad, std::size_t offset, int rule) {
  const auto r = i8::registration(bad);
  expect_error(r, errc::contexto, offset, 0, "registration of " + bad);
  EXPECT_EQ(r.status.detail, rule) << bad;
  EXPECT_TRUE(i8::lookup(bad, [] {
                i8::options o;
                o.check_bidi = false;
                return o;
              }())
                  .ok())
      << "lookup of " << bad;
}

TEST(Idna2008, ContextORules) {
  // A.3 MIDDLE DOT between two l.
  expect_both_ok("l\u00B7l", "xn--ll-0ea");
  expect_contexto("a\u00B7b", 1, 3);
  expect_contexto("l\u00B7", 1, 3);
  // A.4 GREEK LOWER NUMERAL SIGN (KERAIA) before a Greek letter.
  expect_both_ok("\u0375\u03B2", "xn--wva6j");
  expect_contexto("\u0375a", 0, 4);
  // A.5 / A.6 HEBREW GERESH / GERSHAYIM after a Hebrew letter.
  EXPECT_TRUE(i8::registration("\u05D0\u05F3").ok());
  EXPECT_TRUE(i8::registration("\u05D0\u05F4\u05D1").ok());
  expect_contexto("a\u05F3", 1, 5);
  expect_contexto("a\u05F4", 1, 6);
  // A.7 KATAKANA MIDDLE DOT with Hiragana, Katakana or Han in the label.
  expect_both_ok("\u30A2\u30FB\u30AB", "xn--ccks3v");
  EXPECT_TRUE(i8::registration("\u65E5\u30FB").ok());
  expect_contexto("a\u30FBb", 1, 7);
  // A.8 / A.9 Arabic-Indic and Extended Arabic-Indic digits do not mix.
  EXPECT_TRUE(i8::registration("\u0628\u0660\u0661").ok());
  EXPECT_TRUE(i8::registration("\u0628\u06F0\u06F1").ok());
  expect_contexto("\u0628\u0660\u06F1", 2, 8);
  expect_contexto("\u0628\u06F1\u0660", 2, 9);
}

TEST(Idna2008, BidiRule) {
  EXPECT_TRUE(i8::registration("ab.\u05D0\u05D1").ok());
  // Every label of a Bidi domain name: "0a" breaks condition 1.
  const auto r = i8::registration("0a.\u05D0\u05D1");
  expect_error(r, errc::bidi, 0, 0, "0a.alef bet");
  EXPECT_EQ(r.status.detail, 1);
  // An RTL label ending in an LTR letter breaks condition 3.
  const auto l = i8::lookup("\u05D0a");
  EXPECT_EQ(l.status.code, errc::bidi);
  EXPECT_EQ(l.status.detail, 2);
  i8::options off;
  off.check_bidi = false;
  EXPECT_TRUE(i8::registration("0a.\u05D0\u05D1", off).ok());
}

TEST(Idna2008, LengthsAndEmptyLabels) {
  const std::string l63(63, 'a');
  EXPECT_TRUE(i8::registration(l63 + ".com").ok());
  expect_both_fail(l63 + "a.com", errc::label_too_long, 0);
  // The ACE form counts: 60 x U+00FC encodes to far more than 63 bytes.
  std::string long_u;
  for (int i = 0; i < 60; ++i) long_u += "\u00fc";
  expect_both_fail("a." + long_u, errc::label_too_long, 2, 1);
  std::string name;
  for (int i = 0; i < 4; ++i) name += l63 + ".";
  expect_both_fail(name + "a", errc::domain_too_long, 0);
  // A label of 59 code points may fit (4 + 59 = 63: "xn--" and one ASCII
  // character per code point at best); whether it does is Punycode's answer.
  std::string fits_at_best;
  for (int i = 0; i < 59; ++i) fits_at_best += "\u0628";
  expect_both_fail(fits_at_best, errc::label_too_long, 0);
  // RFC 5891 orders the validity checks (4.2.3) before the A-label's length
  // (4.4): an over-long label with a disallowed or out-of-context code point
  // reports that code point, however long the label.
  std::string digits;
  for (int i = 0; i < 40000; ++i) digits += "\u0660";
  expect_both_fail(digits + "\u00A0", errc::disallowed, digits.size());
  const auto mixed = i8::registration("\u0628" + digits + "\u06F0");
  EXPECT_EQ(mixed.status.code, errc::contexto);
  EXPECT_EQ(mixed.status.offset, 2u);  // the first U+0660
  EXPECT_EQ(mixed.status.detail, 8);
  EXPECT_EQ(i8::registration("\u0628" + digits).status.code, errc::label_too_long);
  expect_both_fail("", errc::empty_label, 0);
  expect_both_fail(".", errc::empty_label, 0);
  expect_both_fail("a..b", errc::empty_label, 2, 1);
  expect_both_fail("a\xFF.com", errc::invalid_utf8, 1);
  expect_both_fail("\xED\xA0\x80.com", errc::invalid_utf8, 0);  // encoded surrogate
}

TEST(Idna2008, CallerBuffer) {
  char buf[32];
  std::size_t written = 0;
  puny::status s = i8::registration("b\u00fccher.de", buf, 16, written);
  ASSERT_TRUE(s.ok()) << puny::to_string(s);
  EXPECT_EQ(std::string(buf, written), "xn--bcher-kva.de");
  s = i8::lookup("b\u00fccher.de", buf, 15, written);
  EXPECT_EQ(s.code, errc::buffer_too_small);
  EXPECT_EQ(s.needed, 16u);
  EXPECT_EQ(written, 0u);
  s = i8::lookup("\U0001F4A9.la", buf, 0, written);
  EXPECT_EQ(s.code, errc::disallowed);
}

// The generated table against Idna2008.txt, every code point.
TEST(Idna2008, DerivedPropertyMatchesIdna2008Txt) {
  const std::string path = std::string(PUNY_UNICODE_DATA_DIR) + "/idna/Idna2008.txt";
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << "cannot open " << path;
  std::vector<i8::property> want(0x110000, i8::property::unassigned);  // @missing
  std::string line;
  std::size_t listed = 0;
  while (std::getline(in, line)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    std::string range = line.substr(0, semi);
    std::string value;
    std::istringstream(line.substr(semi + 1)) >> value;
    const auto dots = range.find("..");
    const unsigned long lo = std::stoul(range.substr(0, dots), nullptr, 16);
    const unsigned long hi = dots == std::string::npos ? lo : std::stoul(range.substr(dots + 2), nullptr, 16);
    i8::property p;
    if (value == "PVALID") p = i8::property::pvalid;
    else if (value == "CONTEXTJ") p = i8::property::contextj;
    else if (value == "CONTEXTO") p = i8::property::contexto;
    else if (value == "DISALLOWED") p = i8::property::disallowed;
    else if (value == "UNASSIGNED") p = i8::property::unassigned;
    else FAIL() << "unknown value " << value << " in " << path;
    for (unsigned long c = lo; c <= hi; ++c) want[c] = p;
    listed += hi - lo + 1;
  }
  ASSERT_GT(listed, 100000u) << path << " looks truncated";
  std::size_t wrong = 0;
  for (char32_t c = 0; c < 0x110000; ++c)
    if (i8::derived_property(c) != want[c] && ++wrong <= 10)
      ADD_FAILURE() << "U+" << std::hex << static_cast<unsigned>(c);
  EXPECT_EQ(wrong, 0u);
}

}  // namespace
