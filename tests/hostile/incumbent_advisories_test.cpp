// Regression tests named after the advisories of the libraries puny
// replaces (issue 57): Python's idna (CVE-2024-3651, CVE-2026-45409), the
// ASCII-only Punycode labels of Go's x/net/idna (CVE-2026-39821) and Rust's
// idna (RUSTSEC-2024-0421, CVE-2024-12224), and libidn2's and GNU libidn's.
// Each suite drives the UTS #46 entry points under every preset
// (every_entry_point.hpp) and IDNA2008's registration and lookup, and
// asserts the answer: the error, its offset and label.  That these inputs
// take linear time is measured, not asserted here: tests/scaling/
// adversarial.py has each payload as a shape ("advisories", "arabic-digits",
// "contexto"), through every surface.  advisories_test.cpp holds the
// 2025-2026 advisories of other implementations.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "every_entry_point.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"

namespace {

using puny::errc;
using puny::test::every_entry_point;
using puny::test::every_preset;
using puny::test::outcome;
namespace idna = puny::idna;
namespace i8 = puny::idna2008;

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

const std::string beh = "\xD8\xA8";          // U+0628 ARABIC LETTER BEH (Joining_Type D)
const std::string zwnj = "\xE2\x80\x8C";     // U+200C
const std::string arabic_zero = "\xD9\xA0";  // U+0660 ARABIC-INDIC DIGIT ZERO
const std::string katakana_dot = "\xE3\x83\xBB";  // U+30FB KATAKANA MIDDLE DOT
const std::string han = "\xE6\xBC\xA2";      // U+6F22

// IDNA2008's registration and lookup, allocating and caller-buffer forms.
struct idna2008_outcome {
  std::string form;
  puny::status first;
};

std::vector<idna2008_outcome> every_idna2008(const std::string& in) {
  std::vector<idna2008_outcome> out;
  out.push_back({"registration", i8::registration(in).status});
  out.push_back({"lookup", i8::lookup(in).status});
  std::string buffer(in.size() * 4 + 64, '\0');
  std::size_t written = 0;
  out.push_back({"registration(char*)", i8::registration(in, &buffer[0], buffer.size(), written)});
  out.push_back({"lookup(char*)", i8::lookup(in, &buffer[0], buffer.size(), written)});
  return out;
}

void expect_idna2008(const std::string& in, errc code, std::size_t offset) {
  for (const idna2008_outcome& o : every_idna2008(in)) {
    SCOPED_TRACE(o.form);
    EXPECT_EQ(o.first.code, code) << puny::to_string(o.first);
    EXPECT_EQ(o.first.offset, offset);
  }
}

// Every UTS #46 entry point under every preset that checks joiners reports
// C1 at `offset` (bytes) among its errors, and fails.
void expect_c1_everywhere(const std::string& in, std::size_t offset) {
  for (const auto& preset : every_preset()) {
    // (Transitional processing deletes the joiners, UTS #46 deviations.)
    if (!preset.opt.check_joiners || preset.opt.transitional_processing) continue;
    for (const outcome& o : every_entry_point(in, preset.opt)) {
      SCOPED_TRACE(std::string(preset.name) + " " + o.form);
      if (o.form.find("to_unicode") != std::string::npos && preset.opt.url_family()) continue;
      EXPECT_FALSE(o.ok());
      if (o.all.empty()) continue;  // the forms that report the first error only
      const bool c1 = std::any_of(o.all.begin(), o.all.end(), [&](const puny::status& s) {
        return s.code == errc::contextj && s.offset == offset;
      });
      EXPECT_TRUE(c1);
    }
  }
}

// ------------------------------------------------------------------------
// Python idna CVE-2024-3651 (fixed in 3.7): valid_contextj's scan for a
// joining letter before a ZWNJ did not stop at a non-transparent code
// point, so BEH + (ZWNJ a) x n + BEH scanned the label once per ZWNJ.  The
// first ZWNJ has 'a' (Joining_Type U) after it: RFC 5892 A.1 fails there.

TEST(PythonIdna_CVE_2024_3651, ZwnjBetweenNonJoiningLettersFailsAtTheFirst) {
  for (std::size_t n : {1u, 1000u, 100000u}) {
    SCOPED_TRACE(n);
    const std::string in = beh + repeat(zwnj + "a", n) + beh;
    expect_idna2008(in, errc::contextj, 2);
    if (n <= 1000) expect_c1_everywhere(in, 2);
  }
}

TEST(PythonIdna_CVE_2024_3651, ZwnjAfterALongLatinRunFailsAtTheZwnj) {
  // kjd/idna#175's attempt: 'a' x 1000 + ZWNJ.
  const std::string in = std::string(1000, 'a') + zwnj;
  expect_idna2008(in, errc::contextj, 1000);
  expect_c1_everywhere(in, 1000);
}

// ------------------------------------------------------------------------
// Python idna CVE-2026-45409 (fixed in 3.14/3.15): valid_contexto looked at
// the whole label for every U+0660 (A.8) and every KATAKANA MIDDLE DOT
// (A.7) before the length was checked.  IDNA2008 here: the long label is
// label_too_long at its start (RFC 5891 4.2.4 / 5.4; one pass over the
// rules, issue 57); short ones get their rule's answer.

TEST(PythonIdna_CVE_2026_45409, ArabicIndicDigitRuns) {
  for (std::size_t n : {32000u, 128000u}) {
    SCOPED_TRACE(n);
    expect_idna2008(repeat(arabic_zero, n), errc::label_too_long, 0);
  }
  // A short run: a label of AN only breaks Bidi rule 1 (the first
  // character must be L, R or AL), at the label's start.
  for (const idna2008_outcome& o : every_idna2008(repeat(arabic_zero, 10))) {
    SCOPED_TRACE(o.form);
    EXPECT_EQ(o.first.code, errc::bidi);
    EXPECT_EQ(o.first.detail, 1);
    EXPECT_EQ(o.first.offset, 0u);
  }
  // UTS #46 has no CONTEXTO rules: B1 at 0 under every preset with Bidi.
  for (const auto& preset : every_preset()) {
    if (!preset.opt.check_bidi) continue;
    const idna::detailed d = idna::to_ascii_detailed(repeat(arabic_zero, 32000), preset.opt);
    SCOPED_TRACE(preset.name);
    EXPECT_EQ(d.errors.first.code, errc::bidi);
    EXPECT_EQ(d.errors.first.offset, 0u);
  }
}

TEST(PythonIdna_CVE_2026_45409, KatakanaMiddleDotsThenHan) {
  // Registration evaluates A.7 (a Han, Hiragana or Katakana code point in
  // the label): holds with the Han at the end.
  const auto short_one = i8::registration(repeat(katakana_dot, 3) + han);
  ASSERT_TRUE(short_one.ok()) << puny::to_string(short_one.status);
  EXPECT_EQ(short_one.value, "xn--vekaa8574d");
  // Without it, A.7 fails at the first dot (lookup does not evaluate
  // CONTEXTO rules, RFC 5891 5.4).
  const auto no_han = i8::registration("a" + repeat(katakana_dot, 3));
  EXPECT_EQ(no_han.status.code, errc::contexto);
  EXPECT_EQ(no_han.status.offset, 1u);
  EXPECT_EQ(no_han.status.detail, 7);
  EXPECT_TRUE(i8::lookup("a" + repeat(katakana_dot, 3)).ok());
  for (std::size_t n : {32000u, 128000u}) {
    SCOPED_TRACE(n);
    expect_idna2008(repeat(katakana_dot, n) + han, errc::label_too_long, 0);
  }
}

// ------------------------------------------------------------------------
// Go x/net/idna CVE-2026-39821 and Rust idna RUSTSEC-2024-0421
// (CVE-2024-12224): xn-- labels whose Punycode decodes to ASCII only (or
// to nothing) were accepted, so "xn--example-.com" named "example.com".
// UTS #46: P4 at the label; IDNA2008: invalid_ace_label (not an A-label,
// RFC 5890 2.3.2.1).  (Symfony's CVE-2026-46644, advisories_test.cpp,
// drives the same rule through mixed names.)

struct ace_payload {
  std::string input;
  std::size_t label;
  std::size_t offset;
};

const std::vector<ace_payload> ascii_only_payloads = {
    {"xn--example-.com", 0, 0},   // CVE-2026-39821's example
    {"www.xn--example-.com", 1, 4},
    {"xn--ascii-", 0, 0},         // RUSTSEC-2024-0421
    {"a.xn--a-.b", 1, 2},
    {"xn--.example", 0, 0},       // decodes to nothing: masks an empty label
    {"example.xn--", 1, 8},
};

TEST(GoXNetIdna_CVE_2026_39821, AsciiOnlyAceLabelsFailInEveryUts46EntryPoint) {
  for (const auto& preset : every_preset()) {
    for (const ace_payload& c : ascii_only_payloads) {
      for (const outcome& o : every_entry_point(c.input, preset.opt)) {
        SCOPED_TRACE(std::string(preset.name) + " " + o.form + " " + c.input);
        // The URL Standard returns all-ASCII input unexamined by design
        // (whatwg/url#914), and its domain to Unicode the input on error.
        if (preset.opt.url_family()) continue;
        EXPECT_FALSE(o.ok());
        EXPECT_EQ(o.first.code, errc::invalid_ace_label);
        EXPECT_EQ(idna::uts46_code(o.first), "P4");
        EXPECT_EQ(o.first.label, c.label);
        EXPECT_EQ(o.offset8, c.offset);
      }
    }
  }
}

TEST(RustIdna_RUSTSEC_2024_0421, AsciiOnlyAceLabelsAreNotALabelsInIdna2008) {
  for (const ace_payload& c : ascii_only_payloads) {
    SCOPED_TRACE(c.input);
    for (const idna2008_outcome& o : every_idna2008(c.input)) {
      SCOPED_TRACE(o.form);
      EXPECT_EQ(o.first.code, errc::invalid_ace_label) << puny::to_string(o.first);
      EXPECT_EQ(o.first.label, c.label);
      EXPECT_EQ(o.first.offset, c.offset);
    }
  }
}

// ------------------------------------------------------------------------
// libidn2 CVE-2019-12290 (fixed in 2.2.0): A-labels were not round-tripped
// (RFC 5891 5.5), so an A-label whose decoding is not a valid U-label (or
// does not encode back to itself) named another domain.  Here a decoded
// label is checked as a U-label: not NFC is V1, a mapped character V7/P1;
// IDNA2008 requires the A-label to be what encoding its U-label gives.

TEST(Libidn2_CVE_2019_12290, ALabelsThatDoNotRoundTripFail) {
  // "u" + U+0308 (not NFC): Punycode "u-ccb".
  ASSERT_EQ(puny::punycode::decode("u-ccb").value, U"u\u0308");
  for (const auto& preset : every_preset()) {
    const auto r = idna::to_ascii("xn--u-ccb.com", preset.opt);
    SCOPED_TRACE(preset.name);
    if (preset.opt.url_family()) continue;  // all-ASCII pass-through
    EXPECT_EQ(r.status.code, errc::not_nfc);
    EXPECT_EQ(r.status.offset, 0u);
  }
  expect_idna2008("xn--u-ccb.com", errc::not_nfc, 0);
  // U+00DC (capital U with diaeresis) is mapped by UTS #46 and DISALLOWED
  // in IDNA2008: "xn--tda" (U+00FC) spelled for the capital, "xn--wca".
  ASSERT_EQ(puny::punycode::decode("wca").value, U"\u00DC");
  EXPECT_EQ(idna::to_unicode("xn--wca.com").status.code, errc::disallowed);
  expect_idna2008("xn--wca.com", errc::disallowed, 0);
  // And the canonical spelling passes both.
  EXPECT_EQ(idna::to_unicode("xn--tda.com").value, "\xC3\xBC.com");
  EXPECT_EQ(i8::registration("xn--tda.com").value, "xn--tda.com");
}

// ------------------------------------------------------------------------
// libidn2 and GNU libidn CVE-2017-14062: an integer overflow in the
// Punycode decoder's digit arithmetic (decode_digit / puny_decode).
// RFC 3492 6.4: overflow is detected, never wrapped into a code point.

TEST(Libidn2_CVE_2017_14062, HugeDeltasAreOverflowNotACodePoint) {
  // Digits of weight 35 ('9') then a digit below the threshold ('a', 0)
  // that ends the integer: 13 of them pass U+10FFFF, 20 and 40 pass 2^64.
  for (const std::size_t nines : {13u, 20u, 40u}) {
    const std::string digits = std::string(nines, '9') + "a";
    SCOPED_TRACE(digits);
    const auto d = puny::punycode::decode(digits);
    EXPECT_FALSE(d.ok());
    const auto wrapped = [](errc c) { return c != errc::overflow && c != errc::decoded_out_of_range; };
    EXPECT_FALSE(wrapped(d.status.code)) << puny::to_string(d.status);
    EXPECT_LE(d.status.offset, digits.size());
    // In a name: the same error, P4, in the label, at its byte there.
    const auto u = idna::to_unicode("xn--" + digits + ".com");
    EXPECT_EQ(u.status.code, d.status.code);
    EXPECT_EQ(idna::uts46_code(u.status), "P4");
    EXPECT_EQ(u.status.label, 0u);
    EXPECT_EQ(u.status.offset, 4 + d.status.offset);
    for (const idna2008_outcome& o : every_idna2008("xn--" + digits + ".com")) {
      SCOPED_TRACE(o.form);
      EXPECT_FALSE(o.first.ok());
      EXPECT_FALSE(wrapped(o.first.code)) << puny::to_string(o.first);
      EXPECT_EQ(o.first.offset, 4 + d.status.offset);
    }
  }
}

// libidn2 CVE-2017-14061: an integer overflow in _isBidi on long labels.
// The Bidi rules hold over the whole label, however long: an L after
// 65,536 or 70,000 R code points (past 2^16) breaks rule 2 (reported at
// the label, as every Bidi error); without it the label is valid.
TEST(Libidn2_CVE_2017_14061, BidiOnLabelsPast65536CodePoints) {
  const std::string alef = "\xD7\x90";  // U+05D0, R
  for (std::size_t n : {65536u, 70000u}) {
    SCOPED_TRACE(n);
    const idna::detailed d = idna::to_ascii_detailed("x." + repeat(alef, n) + "a", idna::uts46_default);
    ASSERT_FALSE(d.errors.all.empty());
    EXPECT_EQ(d.errors.first.code, errc::bidi);
    EXPECT_EQ(d.errors.first.detail, 2);
    EXPECT_EQ(d.errors.first.label, 1u);
    EXPECT_EQ(d.errors.first.offset, 2u);
    EXPECT_TRUE(idna::to_ascii("x." + repeat(alef, n), idna::uts46_default).ok());
  }
}

// ------------------------------------------------------------------------
// GNU libidn CVE-2016-6261 (idna_to_ascii_4i read out of bounds on 64
// bytes of input) and libidn2 CVE-2019-18224 (idn2_to_ascii_4i overflowed
// its output on long input): the label limit is an answer, at the label,
// and a caller buffer is never written past.

TEST(Libidn_CVE_2016_6261, LabelsOf63And64Bytes) {
  const std::string at = std::string(63, 'a') + ".com";
  const std::string over = std::string(64, 'a') + ".com";
  EXPECT_TRUE(idna::to_ascii(at, idna::registration).ok());
  const auto r = idna::to_ascii(over, idna::registration);
  EXPECT_EQ(r.status.code, errc::label_too_long);
  EXPECT_EQ(r.status.offset, 0u);
  EXPECT_TRUE(i8::registration(at).ok());
  expect_idna2008(over, errc::label_too_long, 0);
}

TEST(Libidn2_CVE_2019_18224, LongInputIntoSmallBuffersNeverOverflows) {
  const std::string in = repeat("\xC3\xBC" "a.", 200) + "com";  // an A-label per ü
  const auto full = idna::to_ascii(in, idna::uts46_default);
  ASSERT_TRUE(full.ok());
  for (std::size_t capacity : {std::size_t{0}, std::size_t{63}, std::size_t{64}, full.value.size() - 1,
                               full.value.size()}) {
    SCOPED_TRACE(capacity);
    std::string buffer(capacity + 16, '#');
    std::size_t written = 0;
    const puny::status s = idna::to_ascii(in, &buffer[0], capacity, written, idna::uts46_default);
    EXPECT_EQ(buffer.substr(capacity), std::string(16, '#'));  // nothing past it
    if (capacity < full.value.size()) {
      EXPECT_EQ(s.code, errc::buffer_too_small);
      EXPECT_EQ(s.needed, full.value.size());
    } else {
      EXPECT_TRUE(s.ok());
      EXPECT_EQ(buffer.substr(0, written), full.value);
    }
  }
}

// GNU libidn CVE-2015-2059 and CVE-2016-6263: ill-formed UTF-8 read past
// its end (stringprep_utf8_to_ucs4); CVE-2015-8948: a line starting with
// NUL.  Here ill-formed UTF-8 is invalid_utf8 at its byte, and NUL a code
// point like any other (the URL Standard's forbidden ones, STD3's).
TEST(Libidn_CVE_2015_2059, IllFormedUtf8AtTheEndIsInvalidUtf8AtItsByte) {
  for (const std::string& tail : {std::string("\xC3"), std::string("\xE2\x82"), std::string("\xF0\x9F\x98"),
                                  std::string("\xC0\x80"), std::string("\xFF")}) {
    const std::string in = "ab\xC3\xBC" + tail;
    for (const auto& preset : every_preset()) {
      SCOPED_TRACE(preset.name);
      const auto r = idna::to_ascii(in, preset.opt);
      EXPECT_EQ(r.status.code, errc::invalid_utf8);
      EXPECT_EQ(r.status.offset, 4u);
    }
    expect_idna2008(in, errc::invalid_utf8, 4);
  }
}

TEST(Libidn_CVE_2015_8948, LeadingNulIsAnErrorAtZeroNotTheEndOfTheInput) {
  const std::string in = std::string("\0abc.com", 8);
  const auto r = idna::to_ascii(in, idna::uts46_default);  // forbidden domain code point
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status.offset, 0u);
  EXPECT_EQ(idna::to_ascii(in, idna::registration).status.code, errc::std3_disallowed);
  const auto lookup = i8::lookup(in);
  EXPECT_FALSE(lookup.ok());
  EXPECT_EQ(lookup.status.offset, 0u);
}

}  // namespace
