// Unit tests for puny/idna.hpp (UTS #46 ToASCII / ToUnicode).
#include "puny/idna.hpp"

#include <gtest/gtest.h>

#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace {

using namespace puny;
using idna::options;

options strict_flags(bool transitional = false) {
  options o;  // CheckHyphens, CheckBidi, CheckJoiners on
  o.use_std3_ascii_rules = true;
  o.verify_dns_length = true;
  o.transitional_processing = transitional;
  return o;
}

std::vector<std::string> codes(const idna::detailed& d) {
  std::vector<std::string> out;
  for (const status& s : d.errors.all) out.emplace_back(idna::uts46_code(s));
  return out;
}

bool has_code(const idna::detailed& d, const char* code) {
  for (const status& s : d.errors.all)
    if (idna::uts46_code(s) == code) return true;
  return false;
}

TEST(IdnaToAscii, Basics) {
  EXPECT_EQ(idna::to_ascii("example.com").value, "example.com");
  EXPECT_EQ(idna::to_ascii("WWW.Example.COM").value, "www.example.com");
  EXPECT_EQ(idna::to_ascii("b\xC3\xBC" "cher.de").value, "xn--bcher-kva.de");
  EXPECT_EQ(idna::to_ascii("B\xC3\x9C" "CHER.DE").value, "xn--bcher-kva.de");
  // 3年B組金八先生.jp
  EXPECT_EQ(idna::to_ascii("3\xE5\xB9\xB4" "B\xE7\xB5\x84\xE9\x87\x91\xE5\x85\xAB\xE5\x85\x88"
                           "\xE7\x94\x9F.jp")
                .value,
            "xn--3b-ww4c5e180e575a65lsy2b.jp");
  // Ideographic full stop maps to U+002E.
  EXPECT_EQ(idna::to_ascii("a\xE3\x80\x82" "b").value, "a.b");
}

TEST(IdnaToAscii, TransitionalVersusNontransitional) {
  const std::string fass = "fa\xC3\x9F.de";  // faß.de
  EXPECT_EQ(idna::to_ascii(fass).value, "xn--fa-hia.de");
  options t;
  t.transitional_processing = true;
  EXPECT_EQ(idna::to_ascii(fass, t).value, "fass.de");
  // U+1E9E capital sharp s maps to "ss" under transitional processing.
  EXPECT_EQ(idna::to_ascii("FA\xE1\xBA\x9E.de", t).value, "fass.de");
  EXPECT_EQ(idna::to_ascii("FA\xE1\xBA\x9E.de").value, "xn--fa-hia.de");
}

TEST(IdnaToUnicode, MapsAndCaseFolds) {
  EXPECT_EQ(idna::to_unicode("EXAMPLE.com").value, "example.com");
  EXPECT_EQ(idna::to_unicode("xn--bcher-kva.DE").value, "b\xC3\xBC" "cher.de");
  EXPECT_EQ(idna::to_unicode("XN--FA-HIA.de").value, "fa\xC3\x9F.de");
  EXPECT_TRUE(idna::to_unicode("xn--bcher-kva.de").ok());
}

TEST(IdnaSecurity, AceLabelDecodingToAsciiIsAnError) {
  for (const char* s : {"xn--example-.com", "xn--ascii-", "xn--.com", "xn--"}) {
    const auto r = idna::to_ascii(s);
    EXPECT_FALSE(r.ok()) << s;
    EXPECT_EQ(r.status.code, errc::invalid_ace_label) << s;
    EXPECT_TRUE(r.value.empty()) << s;
    EXPECT_FALSE(idna::to_unicode(s).ok()) << s;
  }
}

TEST(IdnaSecurity, NestedAceAndNonAsciiInsideAce) {
  // xn--xn--a--gua decodes to "xn--a-ä": V4 (and V2 with CheckHyphens).
  const auto d = idna::to_ascii_detailed("xn--xn--a--gua.pt");
  EXPECT_FALSE(d.ok());
  EXPECT_TRUE(has_code(d, "V4"));
  options no_hyphens;
  no_hyphens.check_hyphens = false;
  const auto d2 = idna::to_ascii_detailed("xn--xn--a--gua.pt", no_hyphens);
  EXPECT_FALSE(d2.ok());
  EXPECT_TRUE(has_code(d2, "V4"));
  // Non-ASCII inside an ACE label: P4, with the offset of that code point.
  const auto r = idna::to_ascii("xn--a-\xC3\xA4.pt");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, errc::invalid_ace_label);
  EXPECT_EQ(r.status.offset, 6u);
  EXPECT_EQ(r.status.code_point, U'\u00E4');
}

TEST(IdnaSecurity, Std3NeverDeletes) {
  const options o = strict_flags();
  const auto d = idna::to_unicode_detailed("a/b.com", o);
  EXPECT_FALSE(d.ok());
  EXPECT_EQ(d.best_effort, "a/b.com");
  ASSERT_FALSE(d.errors.all.empty());
  EXPECT_EQ(d.errors.first.code, errc::std3_disallowed);
  EXPECT_EQ(d.errors.first.offset, 1u);
  EXPECT_EQ(d.errors.first.code_point, U'/');
  EXPECT_EQ(idna::uts46_code(d.errors.first), "U1");
  const auto a = idna::to_ascii_detailed("a/b.com", o);
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.best_effort, "a/b.com");
  EXPECT_TRUE(a.output.empty());
  // Without STD3 rules the slash is valid in plain UTS #46; the default
  // refuses it as a forbidden domain code point (host-name safety).
  EXPECT_EQ(idna::to_ascii("a/b.com", idna::uts46_raw).value, "a/b.com");
  EXPECT_EQ(idna::to_ascii("a/b.com").status.code, errc::forbidden_domain_code_point);
}

TEST(IdnaSecurity, ToAsciiIsIdempotent) {
  const char* inputs[] = {
      "example.com", u8"B\u00FCcher.de", "fa\xC3\x9F.de",
      "\xD9\x86\xD8\xA7\xD9\x85\xD9\x87\xE2\x80\x8C\xD8\xA7\xDB\x8C.com",  // Persian with ZWNJ
      "www.\xE0\xB7\x81\xE0\xB7\x8A\xE2\x80\x8D\xE0\xB6\xBB\xE0\xB7\x93.com",
      "\xCE\xB2\xCF\x8C\xCE\xBB\xCE\xBF\xCF\x82.com", "xn--nxasmm1c.com", "a.b.c.",
      "\xE2\x98\x83.net", "xn--n3h.net", "Xn--Bcher-Kva.de"};
  for (const options& o : {idna::uts46_default, idna::url, idna::url_strict, idna::registration,
                           strict_flags(true)}) {
    for (const char* in : inputs) {
      const auto first = idna::to_ascii(in, o);
      if (!first.ok()) continue;
      const auto second = idna::to_ascii(first.value, o);
      EXPECT_TRUE(second.ok()) << in << " -> " << first.value;
      EXPECT_EQ(second.value, first.value) << in;
      // ToUnicode of the result converts back to ASCII unchanged too
      // (not under Transitional_Processing, which maps deviations that an
      // xn-- label may hold).
      const auto uni = idna::to_unicode(first.value, o);
      EXPECT_TRUE(uni.ok()) << first.value;
      if (!o.transitional_processing) {
        EXPECT_EQ(idna::to_ascii(uni.value, o).value, first.value) << in;
      }
    }
  }
}

TEST(IdnaErrors, InvalidUtf8HasOffset) {
  const auto r = idna::to_ascii(std::string("ab\xC3(.com"));
  EXPECT_EQ(r.status.code, errc::invalid_utf8);
  EXPECT_EQ(r.status.offset, 2u);
  const auto u = idna::to_unicode(std::string("ab\xFF.com"));
  EXPECT_EQ(u.status.code, errc::invalid_utf8);
  EXPECT_EQ(u.value, "ab\xEF\xBF\xBD.com");  // U+FFFD in the best-effort output
  // Truncated sequence at the end.
  EXPECT_EQ(idna::to_ascii(std::string("a\xE2\x82")).status.code, errc::invalid_utf8);
}

TEST(IdnaErrors, DisallowedOffsetAndLabel) {
  // U+2488 DIGIT ONE FULL STOP is disallowed in Unicode 17.
  const std::string in = "ok.a\xE2\x92\x88" "b";
  const auto d = idna::to_unicode_detailed(in);
  EXPECT_FALSE(d.ok());
  EXPECT_EQ(d.errors.first.code, errc::disallowed);
  EXPECT_EQ(d.errors.first.offset, 4u);
  EXPECT_EQ(d.errors.first.label, 1u);
  EXPECT_EQ(d.errors.first.code_point, U'\u2488');
  EXPECT_EQ(d.best_effort, "ok.a\xEF\xBF\xBD" "b");
}

// Issue 45: one rule for every surface, by where the error was found.
TEST(IdnaErrors, Uts46CodeDependsOnTheErrorSource) {
  status s;
  s.code = errc::disallowed;
  EXPECT_EQ(uts46_code(s, error_source::uts46), "V7");
  EXPECT_EQ(uts46_code(s, error_source::idna2008), "");  // not a UTS #46 error
  s.code = errc::invalid_digit;
  EXPECT_EQ(uts46_code(s, error_source::punycode), "P4");
  EXPECT_EQ(uts46_code(s, error_source::idna2008), "");
  s.code = errc::invalid_utf8;  // ill-formed input: none from any source
  EXPECT_EQ(uts46_code(s, error_source::punycode), "");
  s.code = errc::bidi;
  s.detail = 3;
  EXPECT_EQ(uts46_code(s, error_source::uts46), "B3");
  EXPECT_EQ(idna::uts46_code(s), "B3");  // the uts46 source
  s.code = errc::contextj;
  s.detail = 2;
  EXPECT_EQ(idna::uts46_code(s), "C2");
}

TEST(IdnaErrors, PunycodeErrorsAreP4) {
  const auto r = idna::to_ascii("xn--0.com");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(idna::uts46_code(r.status), "P4");
  const auto u = idna::to_unicode_detailed("xn--0.pt");
  EXPECT_EQ(u.best_effort, "xn--0.pt");
  EXPECT_EQ(codes(u), std::vector<std::string>{"P4"});
  options ignore;
  ignore.ignore_invalid_punycode = true;
  EXPECT_TRUE(idna::to_ascii("xn--0.pt", ignore).ok());
}

TEST(IdnaErrors, BidiAndJoiners) {
  // àא : LTR label with an R character: B5, B6.
  const auto d = idna::to_unicode_detailed("\xC3\xA0\xD7\x90");
  EXPECT_TRUE(has_code(d, "B5"));
  EXPECT_TRUE(has_code(d, "B6"));
  options no_bidi;
  no_bidi.check_bidi = false;
  EXPECT_TRUE(idna::to_unicode("\xC3\xA0\xD7\x90", no_bidi).ok());
  // a ZWNJ b: C1; after a virama it is fine.
  const auto c = idna::to_ascii_detailed("a\xE2\x80\x8C" "b");
  EXPECT_EQ(codes(c), std::vector<std::string>{"C1"});
  EXPECT_EQ(c.errors.first.offset, 1u);
  EXPECT_TRUE(idna::to_ascii("a\xE0\xA5\x8D\xE2\x80\x8C" "b").ok());
  options no_joiners;
  no_joiners.check_joiners = false;
  EXPECT_EQ(idna::to_ascii("a\xE2\x80\x8C" "b", no_joiners).value, "xn--ab-j1t");
}

TEST(IdnaErrors, HyphensAndLengths) {
  EXPECT_FALSE(idna::to_ascii("-abc.com").ok());
  EXPECT_FALSE(idna::to_ascii("ab--c.com").ok());
  options relaxed;
  relaxed.check_hyphens = false;
  EXPECT_EQ(idna::to_ascii("-abc.com", relaxed).value, "-abc.com");
  EXPECT_EQ(idna::to_ascii("ab--c.com", relaxed).value, "ab--c.com");

  const options o = strict_flags();
  EXPECT_TRUE(idna::to_ascii("a.b.c", o).ok());
  const auto root = idna::to_ascii_detailed("a.b.c.", o);
  EXPECT_EQ(codes(root), std::vector<std::string>{"A4_2"});
  EXPECT_TRUE(idna::to_unicode("a.b.c.", o).ok());
  EXPECT_EQ(codes(idna::to_unicode_detailed("a..c", o)), std::vector<std::string>{"X4_2"});
  EXPECT_EQ(codes(idna::to_ascii_detailed("a..c", o)), std::vector<std::string>{"A4_2"});
  EXPECT_TRUE(idna::to_ascii("a..c").ok());  // VerifyDnsLength off
  const std::string long_label(64, 'a');
  EXPECT_EQ(idna::to_ascii(long_label, o).status.code, errc::label_too_long);
  EXPECT_TRUE(idna::to_ascii(long_label).ok());
  const auto empty = idna::to_ascii_detailed("", o);
  EXPECT_TRUE(has_code(empty, "A4_1"));
  EXPECT_TRUE(has_code(empty, "A4_2"));
}

// Labels longer than 512 bytes to decode, or 64 code points to encode (no
// DNS length check), take another Punycode engine inside the pipeline than
// the raw functions use for them (src/bootstring/label_codec.hpp): both must
// give the same encodings, decodings and errors, on each side of the
// switches.
TEST(IdnaLongLabels, AgreeWithTheRawPunycodeFunctions) {
  options o;
  o.verify_dns_length = false;
  for (const std::size_t length : {63u, 64u, 65u, 100u, 200u, 511u, 512u, 513u, 600u, 1500u, 5000u}) {
    // Lowercase letters and CJK ideographs (valid, NFC, no Bidi or
    // joiner rules) in a pattern that spreads the insertions.
    std::u32string label;
    for (std::size_t j = 0; j < length; ++j)
      label.push_back(j % 3 == 0 ? static_cast<char32_t>(U'a' + j % 26)
                                 : static_cast<char32_t>(0x4E00 + (j * 7919) % 0x5000));
    std::string utf8;
    for (const char32_t c : label) {
      char bytes[4];
      utf8.append(bytes, unicode::put_utf8(c, bytes));
    }
    const auto raw = punycode::encode(label);
    ASSERT_TRUE(raw.ok()) << length;
    const std::string ace = "xn--" + raw.value;
    const auto a = idna::to_ascii(utf8 + ".example", o);
    ASSERT_TRUE(a.ok()) << length << " " << idna::uts46_code(a.status);
    EXPECT_EQ(a.value, ace + ".example") << length;
    const auto u = idna::to_unicode(ace + ".example", o);
    ASSERT_TRUE(u.ok()) << length;
    EXPECT_EQ(u.value, utf8 + ".example") << length;
    // Invalid Punycode of the same length: a digit run that overflows at
    // the end.  The pipeline reports the raw decoder's error.
    const std::string bad = raw.value.substr(0, raw.value.size() - 1) + "99999999999";
    const auto want = punycode::decode(bad);
    ASSERT_FALSE(want.ok()) << length;
    const auto d = idna::to_unicode_detailed("xn--" + bad, o);
    ASSERT_FALSE(d.errors.all.empty()) << length;
    EXPECT_EQ(d.errors.all.front().code, want.status.code) << length;
    // convert.cpp places an error at the end of the input on the label's
    // last byte.
    EXPECT_EQ(d.errors.all.front().offset, std::min(want.status.offset + 4, bad.size() + 3)) << length;
  }
}

TEST(IdnaPresets, UrlAsciiPassThrough) {
  // whatwg/url#914: all-ASCII input is lowercased, xn-- labels unchecked.
  EXPECT_EQ(idna::to_ascii("XN--8I7CAA.famitei.net", idna::url).value, "xn--8i7caa.famitei.net");
  EXPECT_EQ(idna::to_ascii("xn--a.com", idna::url).value, "xn--a.com");
  EXPECT_FALSE(idna::to_ascii("xn--a.com", idna::uts46_default).ok());
  EXPECT_FALSE(idna::to_ascii("xn--a.com", idna::url_strict).ok());
  // Forbidden domain code points and the empty result still fail.
  const auto f = idna::to_ascii("a<b.com", idna::url);
  EXPECT_EQ(f.status.code, errc::forbidden_domain_code_point);
  EXPECT_EQ(f.status.offset, 1u);
  EXPECT_FALSE(idna::to_ascii("", idna::url).ok());
  // Non-ASCII input takes the UTS #46 path with the URL flags.
  EXPECT_EQ(idna::to_ascii("-\xC3\x9F.com", idna::url).value, "xn----qfa.com");
  EXPECT_FALSE(idna::to_ascii("xn--a.\xC3\x9F", idna::url).ok());
  // Registration is the strictest.
  EXPECT_FALSE(idna::to_ascii("a_b.com", idna::registration).ok());
  EXPECT_TRUE(idna::to_ascii("a_b.com", idna::url).ok());
}

TEST(IdnaInputs, Utf16AndUtf32) {
  const std::u16string s16 = u"B\u00FCcher.de";
  EXPECT_EQ(idna::to_ascii(std::u16string_view(s16)).value, "xn--bcher-kva.de");
  EXPECT_EQ(idna::to_unicode(std::u16string_view(u"xn--bcher-kva.de")).value, u"b\u00FCcher.de");
  EXPECT_EQ(idna::to_ascii(std::u32string_view(U"B\u00FCcher.de")).value, "xn--bcher-kva.de");
  EXPECT_EQ(idna::to_unicode(std::u32string_view(U"xn--bcher-kva.de")).value, U"b\u00FCcher.de");
  // Supplementary plane in UTF-16 (U+1D400 maps to "a").
  EXPECT_EQ(idna::to_ascii(std::u16string_view(u"\U0001D400.com")).value, "a.com");
  const char16_t lone[] = {u'a', 0xD800, u'b', 0};
  const auto r16 = idna::to_ascii(std::u16string_view(lone));
  EXPECT_EQ(r16.status.code, errc::invalid_utf16);
  EXPECT_EQ(r16.status.offset, 1u);
  const char32_t bad[] = {U'a', 0x110000, 0};
  EXPECT_EQ(idna::to_ascii(std::u32string_view(bad)).status.code, errc::invalid_code_point);
}

// `call(out, capacity, written)` offered 4 bytes of an 8-byte buffer:
// buffer_too_small with `needed`, nothing reported written, and nothing past
// the capacity touched.
template <class Call>
void expect_too_small_for_4(Call&& call, std::size_t needed) {
  char small[8];
  std::fill(std::begin(small), std::end(small), '#');
  std::size_t written = 99;
  const status s = call(small, std::size_t{4}, written);
  EXPECT_EQ(s.code, errc::buffer_too_small);
  EXPECT_EQ(s.needed, needed);
  EXPECT_EQ(written, 0u);
  for (std::size_t i = 4; i < sizeof small; ++i) EXPECT_EQ(small[i], '#');
}

TEST(IdnaInputs, CallerBuffer) {
  char buf[32];
  std::size_t written = 99;
  EXPECT_TRUE(idna::to_ascii("Example.COM", buf, sizeof buf, written).ok());
  EXPECT_EQ(std::string(buf, written), "example.com");
  EXPECT_TRUE(idna::to_ascii("b\xC3\xBC" "cher.de", buf, sizeof buf, written).ok());
  EXPECT_EQ(std::string(buf, written), "xn--bcher-kva.de");

  // Never writes past capacity.
  expect_too_small_for_4(
      [](char* out, std::size_t cap, std::size_t& w) {
        return idna::to_ascii("b\xC3\xBC" "cher.de", out, cap, w);
      },
      16);
  expect_too_small_for_4(
      [](char* out, std::size_t cap, std::size_t& w) {
        return idna::to_ascii("example.com", out, cap, w);
      },
      11);
  // Errors pass through.
  EXPECT_FALSE(idna::to_ascii("xn--a", buf, sizeof buf, written).ok());
}

TEST(IdnaInputs, CallerBufferToUnicode) {
  char buf[64];
  std::size_t written = 99;
  EXPECT_TRUE(idna::to_unicode("Example.COM", buf, sizeof buf, written).ok());
  EXPECT_EQ(std::string(buf, written), "example.com");
  EXPECT_TRUE(idna::to_unicode("xn--bcher-kva.DE", buf, sizeof buf, written).ok());
  EXPECT_EQ(std::string(buf, written), "b\xC3\xBC" "cher.de");
  EXPECT_TRUE(idna::to_unicode("B\xC3\x9C" "cher.de", buf, sizeof buf, written).ok());
  EXPECT_EQ(std::string(buf, written), "b\xC3\xBC" "cher.de");

  // Errors come with the best-effort result, as in the allocating form.
  const status e = idna::to_unicode("xn--a.com", buf, sizeof buf, written);
  const auto alloc = idna::to_unicode("xn--a.com");
  EXPECT_FALSE(e.ok());
  EXPECT_EQ(e.code, alloc.status.code);
  EXPECT_EQ(std::string(buf, written), alloc.value);

  // Never writes past capacity; says what it needs.
  expect_too_small_for_4(
      [](char* out, std::size_t cap, std::size_t& w) {
        return idna::to_unicode("xn--bcher-kva.de", out, cap, w);
      },
      10);
  expect_too_small_for_4(
      [](char* out, std::size_t cap, std::size_t& w) {
        return idna::to_unicode("example.com", out, cap, w);
      },
      11);
  EXPECT_TRUE(idna::to_unicode("", buf, 0, written).ok());
  EXPECT_EQ(written, 0u);
}

TEST(IdnaDetailed, ListsEveryError) {
  // ⒈ (V7) and a leading hyphen (V3) in two labels.
  const auto d = idna::to_ascii_detailed("-a.\xE2\x92\x88", strict_flags());
  ASSERT_GE(d.errors.all.size(), 2u);
  EXPECT_EQ(d.errors.first.code, errc::leading_hyphen);
  EXPECT_EQ(d.errors.first.label, 0u);
  EXPECT_TRUE(has_code(d, "V7"));
  EXPECT_TRUE(d.output.empty());
  EXPECT_FALSE(d.best_effort.empty());
}

}  // namespace

// ---- Internal pieces and robustness ----

#include <random>

#include "idna/internal.hpp"
#include "unicode/ucd.hpp"

namespace {

TEST(IdnaInternal, RtlPrefilterMatchesTheTable) {
  namespace ucd = puny::detail::ucd;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const auto k = ucd::bidi(c);
    const bool want =
        k == ucd::bidi_class::R || k == ucd::bidi_class::AL || k == ucd::bidi_class::AN;
    ASSERT_EQ(puny::idna::detail::is_rtl(c), want) << std::hex << static_cast<unsigned>(c);
  }
}

TEST(IdnaInternal, BidiRules) {
  using puny::idna::detail::bidi_rule_failures;
  EXPECT_EQ(bidi_rule_failures(U"abc"), 0u);
  EXPECT_EQ(bidi_rule_failures(U"\u05D0\u05D1"), 0u);
  EXPECT_EQ(bidi_rule_failures(U"0a"), 1u);                       // B1 only
  EXPECT_EQ(bidi_rule_failures(U"\u05D00\u0660\u05D0"), 1u << 3);  // B4
  EXPECT_EQ(bidi_rule_failures(U"a\u05D0"), (1u << 4) | (1u << 5));  // B5, B6
  EXPECT_EQ(bidi_rule_failures(U"\u05D0a"), (1u << 1) | (1u << 2));  // B2, B3
  EXPECT_EQ(bidi_rule_failures(U"\u05D0\u0308"), 0u);  // trailing NSM allowed (B3)
}

TEST(IdnaInternal, ContextJ) {
  using puny::idna::detail::next_contextj_failure;
  constexpr auto npos = std::u32string_view::npos;
  EXPECT_EQ(next_contextj_failure(U"a\u200Cb", 0), 1u);
  EXPECT_EQ(next_contextj_failure(U"\u094D\u200C", 0), npos);  // after virama
  EXPECT_EQ(next_contextj_failure(U"\u200D", 0), 0u);
  // Persian: HEH (D) ZWNJ ALEF (R).
  EXPECT_EQ(next_contextj_failure(U"\u0647\u200C\u0627", 0), npos);
  // Transparent marks between the joining characters are skipped.
  EXPECT_EQ(next_contextj_failure(U"\u0628\u0308\u200C\u0308\u0628", 0), npos);
  EXPECT_EQ(next_contextj_failure(U"\u0627\u200C\u0628", 0), 1u);  // ALEF is R, not L/D
}

// Random input never crashes, to_ascii output is always accepted again
// unchanged, and the caller-buffer form agrees with the allocating one.
TEST(IdnaRobustness, RandomInput) {
  std::mt19937 rng(46);
  const char32_t pool[] = {U'a', U'b', U'-', U'.', U'X', U'N', U'x', U'n', U'0', U'\u00DF',
                           U'\u200C', U'\u200D', U'\u05D0', U'\u0627', U'\u0308', U'\u094D',
                           U'\u3002', U'\uFF0E', U'\u1E9E', U'\u2488', U'_', U'\U0001F600',
                           U'\u0660', U'\u06F0', U'\u00AD', U'\uFFFD', U'\u0644', U'\u200B'};
  const options flag_sets[] = {idna::uts46_default, idna::url, idna::url_strict,
                               idna::registration, strict_flags(true)};
  for (int iter = 0; iter < 20000; ++iter) {
    std::u32string s;
    const int len = static_cast<int>(rng() % 12);
    for (int i = 0; i < len; ++i) s.push_back(pool[rng() % (sizeof pool / sizeof pool[0])]);
    if (rng() % 4 == 0) {
      s.insert(0, U"xn--");
    }
    const options& o = flag_sets[rng() % 5];
    const auto a = idna::to_ascii(std::u32string_view(s), o);
    (void)idna::to_unicode(std::u32string_view(s), o);
    if (!a.ok()) continue;
    const auto again = idna::to_ascii(a.value, o);
    ASSERT_TRUE(again.ok()) << a.value;
    ASSERT_EQ(again.value, a.value);
    char buf[128];
    std::size_t written = 0;
    const status bs = idna::to_ascii(a.value, buf, sizeof buf, written, o);
    ASSERT_TRUE(bs.ok());
    ASSERT_EQ(std::string(buf, written), a.value);
  }
  // Random bytes as UTF-8.
  for (int iter = 0; iter < 20000; ++iter) {
    std::string s;
    const int len = static_cast<int>(rng() % 16);
    for (int i = 0; i < len; ++i) s.push_back(static_cast<char>(rng() % 256));
    const auto a = idna::to_ascii_detailed(s);
    const auto u = idna::to_unicode_detailed(s);
    if (a.ok()) {
      ASSERT_EQ(idna::to_ascii(a.output).value, a.output);
    }
    (void)u;
  }
}

}  // namespace
