// The URL Standard's IDNA algorithms (https://url.spec.whatwg.org/#idna, the
// 2026 wording after whatwg/url#914): "domain parser" under idna::url
// (beStrict=false) and idna::url_strict (beStrict=true), and "domain to
// Unicode" under idna::url.  Each test cites the step it checks; the
// expected values follow from the spec text and UTS #46, not from a run of
// this library.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace {

namespace idna = puny::idna;
using puny::errc;
using puny::status;

bool has(const std::vector<status>& all, errc code, std::size_t offset) {
  for (const status& s : all)
    if (s.code == code && s.offset == offset) return true;
  return false;
}

std::string codes(const std::vector<status>& all) {
  std::string out;
  for (const status& s : all)
    out += std::string(puny::to_string(s.code)) + "@" + std::to_string(s.offset) + " ";
  return out;
}

// Every to_ascii form under `opt` gives `expected` (or fails with `code`
// when expected is null), and to_ascii_detailed and explain_to_ascii agree
// with them and with each other, validation errors included.
void expect_to_ascii(const std::string& in, const idna::options& opt, const char* expected,
                     errc code = errc::ok) {
  SCOPED_TRACE("input \"" + in + "\"");
  const auto r = idna::to_ascii(in, opt);
  const idna::detailed d = idna::to_ascii_detailed(in, opt);
  const idna::trace t = idna::explain_to_ascii(in, opt);
  char buf[512];
  std::size_t written = 0;
  const status b = idna::to_ascii(in, buf, sizeof buf, written, opt);
  std::u32string u32;
  ASSERT_TRUE(puny::unicode::utf8_to_utf32(in, u32).ok());
  std::u16string u16;
  ASSERT_TRUE(puny::unicode::utf32_to_utf16(u32, u16).ok());
  const auto r16 = idna::to_ascii(std::u16string_view(u16), opt);
  const auto r32 = idna::to_ascii(std::u32string_view(u32), opt);
  if (expected != nullptr) {
    EXPECT_TRUE(r.ok()) << puny::to_string(r.status.code);
    EXPECT_EQ(r.value, expected);
    EXPECT_TRUE(b.ok());
    EXPECT_EQ(std::string(buf, written), expected);
    EXPECT_EQ(d.output, expected);
    EXPECT_EQ(r16.value, expected);
    EXPECT_EQ(r32.value, expected);
  } else {
    EXPECT_EQ(r.status.code, code);
    EXPECT_EQ(b.code, code);
    EXPECT_EQ(d.errors.first.code, code);
    EXPECT_EQ(r16.status.code, code);
    EXPECT_EQ(r32.status.code, code);
    EXPECT_TRUE(r.value.empty());
    EXPECT_TRUE(d.output.empty());
  }
  EXPECT_EQ(t.result.output, d.output);
  EXPECT_EQ(t.result.best_effort, d.best_effort);
  EXPECT_EQ(codes(t.result.errors.all), codes(d.errors.all));
  EXPECT_EQ(codes(t.result.validation_errors), codes(d.validation_errors));
}

// ------------------------------------------------------------- domain parser

// Steps 1-2: strictResult (ToASCII with CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength true) fails -> a validation error, which "does not
// return"; step 5: an ASCII domain is the result, lowercased, "regardless
// of Unicode ToASCII's outcome".  The spec's own example: xn--8i7caa
// decodes to U+FF57 x3 (fullwidth w), status "mapped", so ToASCII fails
// validity criterion V7 in the decoded label.
TEST(UrlDomainParser, AsciiXn8i7caaPassesWithValidationError) {
  expect_to_ascii("xn--8i7caa", idna::url, "xn--8i7caa");
  const idna::detailed d = idna::to_ascii_detailed("xn--8i7caa", idna::url);
  EXPECT_TRUE(d.ok());
  EXPECT_TRUE(d.errors.all.empty());
  ASSERT_FALSE(d.validation_errors.empty());
  for (const status& s : d.validation_errors) {
    EXPECT_EQ(s.code, errc::disallowed);      // V7
    EXPECT_EQ(s.code_point, U'\uFF57');       // the decoded code point
    EXPECT_EQ(s.label, 0u);
    EXPECT_EQ(s.offset, 0u);  // decoded Punycode: the label's offset
  }
  EXPECT_EQ(idna::uts46_code(d.validation_errors.front()), "V7");
}

// Step 5 lowercases; steps 1-2 still run on the input.
TEST(UrlDomainParser, AsciiUppercaseIsLowercased) {
  expect_to_ascii("XN--8I7CAA.Example.COM", idna::url, "xn--8i7caa.example.com");
  expect_to_ascii("WWW.EXAMPLE.COM", idna::url, "www.example.com");
  // Uppercase ASCII is "mapped" to lowercase by ToASCII itself: no
  // validation error.
  EXPECT_TRUE(idna::to_ascii_detailed("WWW.EXAMPLE.COM", idna::url).validation_errors.empty());
}

// Steps 1-2 with UseSTD3ASCIIRules: U+005F is not LDH -> U1; step 5 keeps it.
TEST(UrlDomainParser, UnderscoreIsAStd3ValidationError) {
  expect_to_ascii("a_b.com", idna::url, "a_b.com");
  const idna::detailed d = idna::to_ascii_detailed("a_b.com", idna::url);
  ASSERT_EQ(d.validation_errors.size(), 1u) << codes(d.validation_errors);
  EXPECT_EQ(d.validation_errors[0].code, errc::std3_disallowed);
  EXPECT_EQ(idna::uts46_code(d.validation_errors[0]), "U1");
  EXPECT_EQ(d.validation_errors[0].offset, 1u);
  EXPECT_EQ(d.validation_errors[0].label, 0u);
  EXPECT_EQ(d.validation_errors[0].code_point, U'_');
}

// Steps 1-2 with CheckHyphens: "--" in positions 3-4 -> V2 (label start).
TEST(UrlDomainParser, HyphensAreValidationErrors) {
  expect_to_ascii("x.ab--c.com", idna::url, "x.ab--c.com");
  const idna::detailed d = idna::to_ascii_detailed("x.ab--c.com", idna::url);
  ASSERT_EQ(d.validation_errors.size(), 1u) << codes(d.validation_errors);
  EXPECT_EQ(d.validation_errors[0].code, errc::hyphen_3_4);
  EXPECT_EQ(d.validation_errors[0].offset, 2u);
  EXPECT_EQ(d.validation_errors[0].label, 1u);
  // V3: leading and trailing hyphens.
  const idna::detailed e = idna::to_ascii_detailed("-a.b-", idna::url);
  EXPECT_TRUE(e.ok());
  EXPECT_TRUE(has(e.validation_errors, errc::leading_hyphen, 0)) << codes(e.validation_errors);
  EXPECT_TRUE(has(e.validation_errors, errc::trailing_hyphen, 3)) << codes(e.validation_errors);
}

// Steps 1-2 with VerifyDnsLength: a 300-byte name (labels over 63 bytes,
// domain over 253) -> A4_2 and A4_1; step 5 returns it.
TEST(UrlDomainParser, DnsLengthIsAValidationError) {
  const std::string name = std::string(70, 'a') + "." + std::string(229, 'b');
  ASSERT_EQ(name.size(), 300u);
  expect_to_ascii(name, idna::url, name.c_str());
  const idna::detailed d = idna::to_ascii_detailed(name, idna::url);
  EXPECT_TRUE(has(d.validation_errors, errc::label_too_long, 0)) << codes(d.validation_errors);
  EXPECT_TRUE(has(d.validation_errors, errc::label_too_long, 71)) << codes(d.validation_errors);
  EXPECT_TRUE(has(d.validation_errors, errc::domain_too_long, 0)) << codes(d.validation_errors);
  EXPECT_EQ(idna::uts46_code(d.validation_errors[0]), "A4_2");
}

// Step 3: beStrict=true returns failure or strictResult.  url_strict fails
// exactly where url returns the lowercased input with a validation error.
TEST(UrlDomainParser, StrictFailsWhereNonStrictReturnsTheInput) {
  struct strict_case {
    const char* in;
    const char* url_result;
    errc strict_code;
  };
  const strict_case cases[] = {
      {"xn--8i7caa", "xn--8i7caa", errc::disallowed},
      {"A_B.com", "a_b.com", errc::std3_disallowed},
      {"AB--C.com", "ab--c.com", errc::hyphen_3_4},
      {"xn--a.com", "xn--a.com", errc::disallowed},  // decodes to U+0080
  };
  for (const strict_case& c : cases) {
    expect_to_ascii(c.in, idna::url, c.url_result);
    expect_to_ascii(c.in, idna::url_strict, nullptr, c.strict_code);
    // The strict preset's failure is fatal: no validation errors there.
    EXPECT_TRUE(idna::to_ascii_detailed(c.in, idna::url_strict).validation_errors.empty());
    // What url reports as validation errors is what url_strict fails with.
    const idna::detailed loose = idna::to_ascii_detailed(c.in, idna::url);
    const idna::detailed strict = idna::to_ascii_detailed(c.in, idna::url_strict);
    EXPECT_EQ(codes(loose.validation_errors), codes(strict.errors.all)) << c.in;
  }
  // Step 3.2: strictResult when it succeeds (the same as step 6's).
  expect_to_ascii("B\xC3\xBC" "cher.de", idna::url_strict, "xn--bcher-kva.de");
}

// Step 6: a non-ASCII domain goes through ToASCII with beStrict=false
// (CheckHyphens and UseSTD3ASCIIRules off), so a strict-only failure gives
// that result plus a validation error.
TEST(UrlDomainParser, NonAsciiStrictOnlyFailure) {
  expect_to_ascii("ab--\xC3\xBC.com", idna::url, "xn--ab---3ra.com");
  const idna::detailed h = idna::to_ascii_detailed("ab--\xC3\xBC.com", idna::url);
  ASSERT_EQ(h.validation_errors.size(), 1u) << codes(h.validation_errors);
  EXPECT_EQ(h.validation_errors[0].code, errc::hyphen_3_4);

  expect_to_ascii("\xC3\xBC_.com", idna::url, "xn--_-dha.com");
  const idna::detailed u = idna::to_ascii_detailed("\xC3\xBC_.com", idna::url);
  ASSERT_EQ(u.validation_errors.size(), 1u) << codes(u.validation_errors);
  EXPECT_EQ(u.validation_errors[0].code, errc::std3_disallowed);
  EXPECT_EQ(u.validation_errors[0].offset, 2u);  // byte offset of '_' after the 2-byte ü

  // Both fail beStrict=true.
  expect_to_ascii("ab--\xC3\xBC.com", idna::url_strict, nullptr, errc::hyphen_3_4);
  expect_to_ascii("\xC3\xBC_.com", idna::url_strict, nullptr, errc::std3_disallowed);
}

// Step 6.2: a failure of the non-strict ToASCII is the failure (here B1 of
// the Bidi rule, CheckBidi being true for both runs).
TEST(UrlDomainParser, NonStrictFailureFails) {
  expect_to_ascii("0\xC3\xA0.\xD7\x90", idna::url, nullptr, errc::bidi);
  const idna::detailed d = idna::to_ascii_detailed("0\xC3\xA0.\xD7\x90", idna::url);
  EXPECT_TRUE(has(d.validation_errors, errc::bidi, 0)) << codes(d.validation_errors);
}

// Step 7: an empty result is failure.
TEST(UrlDomainParser, EmptyResultFails) {
  expect_to_ascii("", idna::url, nullptr, errc::empty_label);
  // U+00AD SOFT HYPHEN is "ignored": ToASCII maps the domain to "".
  expect_to_ascii("\xC2\xAD", idna::url, nullptr, errc::empty_label);
  // Steps 1-2 ran too: the strict result is empty as well (A4).
  EXPECT_FALSE(idna::to_ascii_detailed("", idna::url).validation_errors.empty());
  // "." is not empty: the result, with the strict run's empty labels as
  // validation errors.
  expect_to_ascii(".", idna::url, ".");
  EXPECT_TRUE(has(idna::to_ascii_detailed(".", idna::url).validation_errors, errc::empty_label, 0));
}

// Step 8: a forbidden domain code point in the result is failure, for the
// ASCII route (step 5) and the ToASCII route (step 6) alike.
TEST(UrlDomainParser, ForbiddenDomainCodePointFails) {
  for (const char* in : {"a<b.com", "a b.com", "a%b.com", "a|b.com", "x.a^b", "a\x7F" "b"}) {
    expect_to_ascii(in, idna::url, nullptr, errc::forbidden_domain_code_point);
    const idna::detailed d = idna::to_ascii_detailed(in, idna::url);
    EXPECT_EQ(d.errors.first.code_point, static_cast<char32_t>(static_cast<unsigned char>(
                                             in[d.errors.first.offset])))
        << in;
    // Steps 1-2 ran first and reported it as well (UseSTD3ASCIIRules).
    EXPECT_FALSE(d.validation_errors.empty()) << in;
  }
  // Step 6 result "xn--bcher<-..." holds '<': offset 7 in the input.
  expect_to_ascii("b\xC3\xBC" "cher<.de", idna::url, nullptr, errc::forbidden_domain_code_point);
  EXPECT_EQ(idna::to_ascii_detailed("b\xC3\xBC" "cher<.de", idna::url).errors.first.offset, 7u);
  // '_' and '$' are not forbidden domain code points (only STD3-disallowed).
  expect_to_ascii("a$b.com", idna::url, "a$b.com");
}

// An ordinary name: no error and no validation error, whatever route.
TEST(UrlDomainParser, OrdinaryNamesHaveNoValidationErrors) {
  for (const char* in : {"example.com", "b\xC3\xBC" "cher.de", "xn--bcher-kva.de",
                         "r2.sn-x.googlevideo.com"}) {
    const idna::detailed d = idna::to_ascii_detailed(in, idna::url);
    EXPECT_TRUE(d.ok()) << in;
    EXPECT_TRUE(d.validation_errors.empty()) << in << ": " << codes(d.validation_errors);
  }
  // Other presets never list validation errors (their errors are fatal).
  for (const idna::options& o : {idna::uts46_default, idna::uts46_strict, idna::url_strict}) {
    EXPECT_TRUE(idna::to_ascii_detailed("a_b.com", o).validation_errors.empty());
    EXPECT_TRUE(idna::to_ascii_detailed("ab--c.com", o).validation_errors.empty());
  }
  // to_unicode_detailed has none either.
  EXPECT_TRUE(idna::to_unicode_detailed("a_b.com", idna::url).validation_errors.empty());
}

// ---------------------------------------------------------- domain to Unicode

// Every to_unicode form under `opt` gives `expected` with first error
// `code` (errc::ok on success); `recorded`: the first validation error
// to_unicode_detailed lists (errc::ok: none).
void expect_to_unicode(const std::string& in, const idna::options& opt, const std::string& expected,
                       errc code, errc recorded = errc::ok) {
  SCOPED_TRACE("input \"" + in + "\"");
  const auto r = idna::to_unicode(in, opt);
  EXPECT_EQ(r.status.code, code);
  EXPECT_EQ(r.value, expected);
  const idna::detailed d = idna::to_unicode_detailed(in, opt);
  EXPECT_EQ(d.errors.first.code, code);
  if (recorded == errc::ok) {
    if (code == errc::ok) {
      EXPECT_TRUE(d.validation_errors.empty());
    }
  } else {
    ASSERT_FALSE(d.validation_errors.empty());
    EXPECT_EQ(d.validation_errors.front().code, recorded);
  }
  EXPECT_EQ(d.best_effort, expected);
  EXPECT_EQ(d.output, code == errc::ok ? expected : std::string());
  // Caller buffer: room, exact, one short.
  std::string buf(expected.size() + 16, '\0');
  std::size_t written = 0;
  status b = idna::to_unicode(in, &buf[0], buf.size(), written, opt);
  EXPECT_EQ(b.code, code);
  EXPECT_EQ(buf.substr(0, written), expected);
  b = idna::to_unicode(in, &buf[0], expected.size(), written, opt);
  EXPECT_EQ(b.code, code);
  EXPECT_EQ(buf.substr(0, written), expected);
  if (!expected.empty()) {
    b = idna::to_unicode(in, &buf[0], expected.size() - 1, written, opt);
    EXPECT_EQ(b.code, errc::buffer_too_small);
    EXPECT_EQ(b.needed, expected.size());
  }
  // UTF-16 and UTF-32.
  std::u32string u32, e32;
  if (puny::unicode::utf8_to_utf32(in, u32).ok()) {
    ASSERT_TRUE(puny::unicode::utf8_to_utf32(expected, e32).ok());
    std::u16string u16, e16;
    ASSERT_TRUE(puny::unicode::utf32_to_utf16(u32, u16).ok());
    ASSERT_TRUE(puny::unicode::utf32_to_utf16(e32, e16).ok());
    const auto r16 = idna::to_unicode(std::u16string_view(u16), opt);
    const auto r32 = idna::to_unicode(std::u32string_view(u32), opt);
    EXPECT_EQ(r16.status.code, code);
    EXPECT_EQ(r32.status.code, code);
    EXPECT_TRUE(r16.value == e16);
    EXPECT_TRUE(r32.value == e32);
  }
}

// Step 2: "If an error was recorded, then return domain" -- so that the
// domain parser and domain to Unicode round-trip on xn--8i7caa.  Domain to
// Unicode never fails: the errors are validation errors and the status ok.
TEST(UrlDomainToUnicode, ErrorReturnsTheInput) {
  expect_to_unicode("xn--8i7caa", idna::url, "xn--8i7caa", errc::ok, errc::disallowed);
  expect_to_unicode("xn--8i7caa.com", idna::url, "xn--8i7caa.com", errc::ok, errc::disallowed);
  // UTS #46 itself gives the best-effort string with U+FFFD instead.
  EXPECT_NE(idna::to_unicode("xn--8i7caa.com", idna::uts46_default).value, "xn--8i7caa.com");
  // xn--a decodes to U+0080 (V7).
  expect_to_unicode("xn--a.com", idna::url, "xn--a.com", errc::ok, errc::disallowed);
  // A label that does not decode (P4).
  expect_to_unicode("xn--ab-.com", idna::url, "xn--ab-.com", errc::ok, errc::invalid_ace_label);
  EXPECT_TRUE(idna::to_unicode("xn--ab-.com", idna::url).ok());
  EXPECT_EQ(idna::uts46_code(idna::to_unicode_detailed("xn--ab-.com", idna::url).validation_errors.at(0)), "P4");
}

// The round trip the note of step 2 promises: domain parser, then domain to
// Unicode, gives the domain back.
TEST(UrlDomainToUnicode, RoundTripsWithTheDomainParser) {
  for (const char* in : {"xn--8i7caa", "XN--8I7CAA.example", "xn--a.com", "a_b.com", "ab--c.com"}) {
    const auto ascii = idna::to_ascii(in, idna::url);
    ASSERT_TRUE(ascii.ok()) << in;
    EXPECT_EQ(idna::to_unicode(ascii.value, idna::url).value, ascii.value) << in;
  }
}

// Step 2 returns the input itself: no lowercasing, no mapping.
TEST(UrlDomainToUnicode, InputIsNotLowercasedOnError) {
  expect_to_unicode("XN--A.COM", idna::url, "XN--A.COM", errc::ok, errc::disallowed);
  expect_to_unicode("XN--8I7CAA.Example", idna::url, "XN--8I7CAA.Example", errc::ok, errc::disallowed);
}

// Step 1 has CheckBidi true: a Bidi failure (B1, label "0à" in a Bidi
// domain name) returns the input, A-labels and all.
TEST(UrlDomainToUnicode, BidiFailureReturnsTheInput) {
  expect_to_unicode("xn--0-sfa.xn--4db", idna::url, "xn--0-sfa.xn--4db", errc::ok, errc::bidi);
  expect_to_unicode("0\xC3\xA0.\xD7\x90", idna::url, "0\xC3\xA0.\xD7\x90", errc::ok, errc::bidi);
  // UTS #46 alone gives the decoded best effort.
  EXPECT_EQ(idna::to_unicode("xn--0-sfa.xn--4db", idna::uts46_default).value,
            "0\xC3\xA0.\xD7\x90");
}

// Step 1 has CheckJoiners true: ZWJ without a virama (C2).
TEST(UrlDomainToUnicode, JoinerFailureReturnsTheInput) {
  expect_to_unicode("a\xE2\x80\x8D" "b.COM", idna::url, "a\xE2\x80\x8D" "b.COM", errc::ok, errc::contextj);
}

// Step 3: no error -> the ToUnicode result, mapped and decoded.
TEST(UrlDomainToUnicode, NoErrorReturnsTheResult) {
  expect_to_unicode("xn--bcher-kva.de", idna::url, "b\xC3\xBC" "cher.de", errc::ok);
  expect_to_unicode("XN--BCHER-KVA.DE", idna::url, "b\xC3\xBC" "cher.de", errc::ok);
  expect_to_unicode("EXAMPLE.com", idna::url, "example.com", errc::ok);
  expect_to_unicode("B\xC3\x9C" "CHER.de", idna::url, "b\xC3\xBC" "cher.de", errc::ok);
  // CheckHyphens and UseSTD3ASCIIRules are false in step 1.
  expect_to_unicode("a_b.com", idna::url, "a_b.com", errc::ok);
  expect_to_unicode("ab--c.com", idna::url, "ab--c.com", errc::ok);
  expect_to_unicode("-x-.com", idna::url, "-x-.com", errc::ok);
  expect_to_unicode("", idna::url, "", errc::ok);
}

// Ill-formed input cannot be a scalar value string (the spec's domain); we
// return the input with each ill-formed sequence as one U+FFFD, so that the
// output is always well-formed, and the error is reported.
TEST(UrlDomainToUnicode, IllFormedInputBecomesReplacementCharacters) {
  expect_to_unicode("A\xFF.com", idna::url, "A\xEF\xBF\xBD.com", errc::invalid_utf8);
  // A truncated 3-byte sequence is one ill-formed sequence.
  expect_to_unicode("XN--A\xE2\x82.com", idna::url, "XN--A\xEF\xBF\xBD.com", errc::invalid_utf8);
  // UTF-16: a lone surrogate; UTF-32: a value past U+10FFFF.
  const std::u16string lone = {u'A', static_cast<char16_t>(0xD800), u'.', u'c'};
  const auto r16 = idna::to_unicode(std::u16string_view(lone), idna::url);
  EXPECT_EQ(r16.status.code, errc::invalid_utf16);
  EXPECT_TRUE(r16.value == (std::u16string{u'A', static_cast<char16_t>(0xFFFD), u'.', u'c'}));
  const std::u32string big = {U'A', static_cast<char32_t>(0x110000), U'.', U'c'};
  const auto r32 = idna::to_unicode(std::u32string_view(big), idna::url);
  EXPECT_EQ(r32.status.code, errc::invalid_code_point);
  EXPECT_TRUE(r32.value == (std::u32string{U'A', U'\uFFFD', U'.', U'c'}));
}

// Every error is still reported by to_unicode_detailed, as a validation
// error; the result is the input.
TEST(UrlDomainToUnicode, DetailedKeepsEveryError) {
  const idna::detailed d = idna::to_unicode_detailed("xn--8i7caa.xn--a.com", idna::url);
  EXPECT_TRUE(d.ok());
  EXPECT_EQ(d.output, "xn--8i7caa.xn--a.com");
  EXPECT_EQ(d.best_effort, "xn--8i7caa.xn--a.com");
  EXPECT_TRUE(d.errors.all.empty()) << codes(d.errors.all);
  // U+FF57 (three times in the decoded label, one error: the same error at
  // the label's offset is reported once, issue 51) and U+0080.
  EXPECT_EQ(d.validation_errors.size(), 2u) << codes(d.validation_errors);
  EXPECT_TRUE(has(d.validation_errors, errc::disallowed, 11)) << codes(d.validation_errors);
  // Ill-formed input stays fatal; the other errors are still listed.
  const idna::detailed bad = idna::to_unicode_detailed("xn--a.\xFF.com", idna::url);
  EXPECT_EQ(bad.errors.first.code, errc::invalid_utf8);
  EXPECT_EQ(bad.errors.first.offset, 6u);
  EXPECT_TRUE(bad.output.empty());
  EXPECT_TRUE(has(bad.validation_errors, errc::disallowed, 0)) << codes(bad.validation_errors);
}

}  // namespace
