// Hostile input for UTS #46 processing (puny::idna) and regression tests
// for the bug classes of other IDNA implementations (docs/security.md).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"

namespace {

using puny::errc;
namespace idna = puny::idna;
namespace pc = puny::punycode;

idna::options with_std3() {
  idna::options o;
  o.use_std3_ascii_rules = true;
  return o;
}

idna::options with_dns_length() {
  idna::options o;
  o.verify_dns_length = true;
  return o;
}

bool has_error(const idna::detailed& d, errc code) {
  for (const puny::status& s : d.errors.all)
    if (s.code == code) return true;
  return false;
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// ---------------------------------------------------------------- sizes

TEST(HostileIdna, OneMegabyteLabel) {
  const std::string ascii(1u << 20, 'a');
  auto r = idna::to_ascii(ascii);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value, ascii);
  r = idna::to_ascii(ascii, with_dns_length());
  EXPECT_EQ(r.status.code, errc::label_too_long);
  EXPECT_TRUE(r.value.empty());
  // A megabyte of U+00FC needs Punycode (the O(n log n) path).
  const std::string u = repeat("\xC3\xBC", 1u << 19);
  r = idna::to_ascii(u);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.value.substr(0, 4), "xn--");
  const auto back = idna::to_unicode(r.value);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value, u);
  EXPECT_EQ(idna::to_ascii(u, with_dns_length()).status.code, errc::label_too_long);
  // A megabyte of Punycode digits behind xn--: decodes to 2^20 U+0080,
  // which is disallowed (a C1 control).
  const auto digits = idna::to_ascii("xn--" + std::string(1u << 20, 'a'));
  EXPECT_FALSE(digits.ok());
}

TEST(HostileIdna, HundredThousandLabels) {
  const std::string ascii = repeat("a.", 100000);
  auto r = idna::to_ascii(ascii);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value, ascii);
  EXPECT_EQ(idna::to_ascii(ascii, with_dns_length()).status.code, errc::domain_too_long);
  const std::string u = repeat("\xC3\xBC.", 100000);
  r = idna::to_ascii(u);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value, repeat("xn--tda.", 100000));
  const auto back = idna::to_unicode(r.value);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value, u);
  // 100,000 empty labels.
  const std::string dots(100000, '.');
  EXPECT_EQ(idna::to_ascii(dots).value, dots);
  EXPECT_EQ(idna::to_ascii(dots, with_dns_length()).status.code, errc::empty_label);
}

// ------------------------------------------------------------ encodings

TEST(HostileIdna, InvalidAndOverlongUtf8) {
  for (const std::string& bad :
       {std::string("a\xC0\xAF" "b.com"), std::string("\xE0\x80\xAE" "com"),
        std::string("x\xED\xA0\x80.com"), std::string("\xF4\x90\x80\x80.com"),
        std::string("abc\xE3\x81"), std::string("\xFF"), std::string("a.\x80")}) {
    const auto a = idna::to_ascii_detailed(bad);
    EXPECT_FALSE(a.ok());
    EXPECT_TRUE(has_error(a, errc::invalid_utf8));
    EXPECT_TRUE(a.output.empty());
    const auto u = idna::to_unicode_detailed(bad);
    EXPECT_FALSE(u.ok());
    EXPECT_TRUE(has_error(u, errc::invalid_utf8));
    // ToUnicode still gives a well-formed string (U+FFFD for the bytes).
    EXPECT_NE(u.best_effort.find("\xEF\xBF\xBD"), std::string::npos);
  }
  // An overlong '.' (C0 AE) must not split a label: it is one error, not a dot.
  const auto d = idna::to_ascii_detailed("a\xC0\xAE" "b");
  EXPECT_FALSE(d.ok());
  EXPECT_EQ(d.errors.first.code, errc::invalid_utf8);
  EXPECT_EQ(d.errors.first.offset, 1u);
}

TEST(HostileIdna, LoneSurrogatesInUtf16) {
  const std::vector<std::pair<std::u16string, std::size_t>> cases = {
      {u"a\xD800.com", 1}, {u"\xDC00" u"abc", 0}, {u"ab.\xDBFF", 3}, {u"\xDC00\xD800", 0}};
  for (const auto& [s, offset] : cases) {
    const auto a = idna::to_ascii(s);
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.status.code, errc::invalid_utf16);
    EXPECT_EQ(a.status.offset, offset);
    const auto u = idna::to_unicode(s);
    EXPECT_EQ(u.status.code, errc::invalid_utf16);
    // The output stays well-formed UTF-16: U+FFFD, never a lone surrogate.
    for (char16_t c : u.value) EXPECT_FALSE(c >= 0xD800 && c <= 0xDFFF && u.value.size() < 2);
    EXPECT_NE(u.value.find(u'\xFFFD'), std::u16string::npos);
  }
  // UTF-32 surrogates and values above U+10FFFF.
  for (char32_t bad : {char32_t{0xD800}, char32_t{0x110000}, char32_t{0xFFFFFFFF}}) {
    const std::u32string s = {U'a', bad, U'.', U'c'};
    const auto a = idna::to_ascii(s);
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.status.offset, 1u);
  }
}

TEST(HostileIdna, NulBytes) {
  const std::string in("a\0b.com", 7);
  // Strict rules and the URL Standard reject U+0000 at its offset.
  auto r = idna::to_ascii(in, with_std3());
  EXPECT_EQ(r.status.code, errc::std3_disallowed);
  EXPECT_EQ(r.status.offset, 1u);
  r = idna::to_ascii(in, idna::registration);
  EXPECT_EQ(r.status.code, errc::std3_disallowed);
  r = idna::to_ascii(in, idna::url);
  EXPECT_EQ(r.status.code, errc::forbidden_domain_code_point);
  EXPECT_EQ(r.status.offset, 1u);
  // So does the default (host-name safety).
  r = idna::to_ascii(in);
  EXPECT_EQ(r.status.code, errc::forbidden_domain_code_point);
  EXPECT_EQ(r.status.offset, 1u);
  EXPECT_EQ(r.status.code_point, U'\0');
  // Plain UTS #46 keeps U+0000 as a valid code point: the string is neither
  // truncated at the NUL nor stripped of it.
  r = idna::to_ascii(in, idna::uts46_raw);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value, in);
  EXPECT_EQ(idna::to_unicode(in, idna::uts46_raw).value, in);
  // A NUL inside an xn-- label is not a Punycode digit.
  const auto d = idna::to_ascii_detailed(std::string("xn--tda\0.com", 12));
  EXPECT_FALSE(d.ok());
}

// ---------------------------------------------------- ACE label shapes

TEST(HostileIdna, StringsOfOnlyDelimiters) {
  for (const char* s : {".", "..", "...", "...."}) {
    const auto r = idna::to_ascii(s);
    ASSERT_TRUE(r.ok()) << s;
    EXPECT_EQ(r.value, s);
    EXPECT_EQ(idna::to_ascii(s, with_dns_length()).status.code, errc::empty_label) << s;
    EXPECT_EQ(idna::to_unicode(s, idna::registration).status.code, errc::empty_label) << s;
  }
  // Full-width and ideographic full stops map to '.'.
  EXPECT_EQ(idna::to_ascii("\xE3\x80\x82\xEF\xBC\x8E\xEF\xBD\xA1").value, "...");
  // Hyphens only: V3 with CheckHyphens.
  EXPECT_EQ(idna::to_ascii("-").status.code, errc::leading_hyphen);
  const auto hyphens = idna::to_ascii_detailed("----");
  EXPECT_EQ(hyphens.errors.first.code, errc::hyphen_3_4);  // V2, V3, V3 at offset 0
  EXPECT_TRUE(has_error(hyphens, errc::leading_hyphen));
  EXPECT_TRUE(has_error(hyphens, errc::trailing_hyphen));
}

TEST(HostileIdna, AceAloneAndDoubleAcePrefix) {
  for (const char* s : {"xn--", "XN--", "xn--.com", "a.xn--", "xn--xn--", "XN--xn--.com",
                        "xn--xn--xn--"}) {
    const auto a = idna::to_ascii(s);
    EXPECT_EQ(a.status.code, errc::invalid_ace_label) << s;
    EXPECT_TRUE(a.value.empty());
    EXPECT_EQ(idna::to_unicode(s).status.code, errc::invalid_ace_label) << s;
  }
}

TEST(HostileIdna, AsciiOnlyAceLabelsAreRejected) {
  // CVE-2024-12224 class: an xn-- label that decodes to ASCII only would
  // alias a plain label (xn--example- would be "example").
  for (const char* s : {"xn--example-.com", "xn--abc-", "xn--ABC-.org", "www.xn--a-.com",
                        "xn--a--.com", "xn--0-.net", "xn----.com"}) {
    const auto a = idna::to_ascii_detailed(s);
    EXPECT_FALSE(a.ok()) << s;
    EXPECT_TRUE(has_error(a, errc::invalid_ace_label)) << s;
    EXPECT_FALSE(idna::to_unicode(s).ok()) << s;
    // Every preset agrees, except the URL pass-through for ASCII input
    // (whatwg/url#914), which by design does not look inside xn-- labels.
    EXPECT_FALSE(idna::to_ascii(s, idna::registration).ok()) << s;
    EXPECT_FALSE(idna::to_ascii(s, idna::url_strict).ok()) << s;
  }
}

TEST(HostileIdna, DoubleAceLabelIsRejected) {
  // xn--xn---3ra decodes to "xn--\u00FC": a label starting with the ACE
  // prefix after decoding (V4), and "--" at positions 3-4 (V2).
  const std::string inner = pc::encode_utf8("xn--\xC3\xBC").value;
  ASSERT_EQ(inner, "xn---3ra");
  const auto d = idna::to_ascii_detailed("xn--" + inner + ".com");
  EXPECT_FALSE(d.ok());
  EXPECT_TRUE(has_error(d, errc::ace_prefix));
  EXPECT_TRUE(has_error(d, errc::hyphen_3_4));
  idna::options no_hyphens;
  no_hyphens.check_hyphens = false;
  const auto d2 = idna::to_ascii_detailed("xn--" + inner, no_hyphens);
  EXPECT_EQ(d2.errors.first.code, errc::ace_prefix);
  EXPECT_FALSE(idna::to_unicode("xn--" + inner, no_hyphens).ok());
}

// ------------------------------------------------ values outside Unicode

TEST(HostileIdna, AceLabelsDecodingOutsideUnicode) {
  // Built with Punycode's parameters and the range checks lifted.
  puny::bootstring::parameters loose = pc::profile;
  loose.max_code_point = 0x7FFFFFFF;
  loose.reject_surrogates = false;
  for (char32_t bad : {char32_t{0xD800}, char32_t{0xDFFF}, char32_t{0x110000},
                       char32_t{0x7FFFFFFF}}) {
    std::string ace;
    ASSERT_TRUE(puny::bootstring::encode(std::u32string{U'a', bad}, loose, ace).ok());
    const auto a = idna::to_ascii("xn--" + ace + ".com");
    EXPECT_EQ(a.status.code, errc::decoded_out_of_range) << ace;
    EXPECT_EQ(idna::uts46_code(a.status), "P4");
    const auto u = idna::to_unicode("xn--" + ace);
    EXPECT_EQ(u.status.code, errc::decoded_out_of_range) << ace;
  }
}

// ------------------------------------------- repeated CONTEXTO / bidi

TEST(HostileIdna, ArabicIndicDigitZeroTimes4000) {
  // "\u0660" * 4000 took PyPI idna 1.1 s (quadratic CONTEXTO checking).
  // UTS #46 has no CONTEXTO rule; the label is all AN (Arabic number), so the
  // Bidi rule fails at B1 (first character must be L, R or AL).  Time is
  // measured by puny_scaling, not asserted here.
  const std::string in = repeat("\xD9\xA0", 4000);
  auto a = idna::to_ascii_detailed(in);
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.errors.first.code, errc::bidi);
  EXPECT_EQ(a.errors.first.detail, 1);
  a = idna::to_ascii_detailed(in, idna::registration);
  EXPECT_TRUE(has_error(a, errc::label_too_long));
  EXPECT_EQ(idna::to_unicode(in).status.code, errc::bidi);
  // Without CheckBidi the label converts (UTS #46 does not apply CONTEXTO).
  idna::options no_bidi;
  no_bidi.check_bidi = false;
  const auto r = idna::to_ascii(in, no_bidi);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(idna::to_unicode(r.value, no_bidi).value, in);
  // Middle dots and Katakana middle dots (other CONTEXTO code points) and
  // ZWJ/ZWNJ (CONTEXTJ) repeated 4000 times.
  EXPECT_EQ(idna::to_ascii("l" + repeat("\xC2\xB7", 4000) + "l").ok(),
            idna::to_ascii("l\xC2\xB7l").ok());
  const auto zwj = idna::to_ascii_detailed("a" + repeat("\xE2\x80\x8D", 4000));
  EXPECT_EQ(zwj.errors.first.code, errc::contextj);
}

// --------------------------------------------------------------- STD3

TEST(HostileIdna, Std3InputErrorsAndKeepsCharacters) {
  // libidn2 once dropped characters STD3 rules forbid instead of failing.
  struct std3_case {
    const char* in;
    std::size_t offset;
  };
  for (const std3_case& c : {std3_case{"a_b.com", 1}, std3_case{"a b.com", 1},
                             std3_case{"ab.c$m", 4}, std3_case{"a\xEF\xBC\xBF" "b.com", 1},
                             std3_case{"x.a=b", 3}, std3_case{"*.com", 0}}) {
    const auto a = idna::to_ascii(c.in, with_std3());
    EXPECT_EQ(a.status.code, errc::std3_disallowed) << c.in;
    EXPECT_EQ(a.status.offset, c.offset) << c.in;
    EXPECT_TRUE(a.value.empty());
    const auto u = idna::to_unicode(c.in, with_std3());
    EXPECT_EQ(u.status.code, errc::std3_disallowed) << c.in;
    // The best-effort string keeps every character: its length in code
    // points equals the mapped input's (nothing silently deleted).
    const auto plain = idna::to_unicode(c.in, idna::uts46_raw);
    ASSERT_TRUE(plain.ok()) << c.in;
    EXPECT_EQ(u.value, plain.value) << c.in;
  }
}

// ------------------------------------------- caller buffers / many dots

TEST(HostileIdna, CallerBufferExactAndOneLess) {
  const std::vector<std::string> inputs = {
      "example.com", "b\xC3\xBC" "cher.de", repeat("a.", 126) + "a",  // 253 bytes
      repeat("\xC3\xBC.", 50), std::string(63, 'a') + "." + std::string(63, 'b'),
      repeat(".", 300), "xn--bcher-kva.de.", "A.B.C.D"};
  for (const idna::options& opt :
       {idna::uts46_default, idna::registration, idna::url, idna::url_strict}) {
    for (const std::string& in : inputs) {
      const auto ref = idna::to_ascii(in, opt);
      if (!ref.ok()) continue;
      const std::size_t n = ref.value.size();
      std::unique_ptr<char[]> exact(new char[n]);
      std::size_t written = 0;
      auto s = idna::to_ascii(in, exact.get(), n, written, opt);
      ASSERT_TRUE(s.ok()) << in;
      EXPECT_EQ(std::string_view(exact.get(), written), ref.value);
      if (n == 0) continue;
      std::unique_ptr<char[]> less(new char[n - 1]);
      s = idna::to_ascii(in, less.get(), n - 1, written, opt);
      EXPECT_EQ(s.code, errc::buffer_too_small) << in;
      EXPECT_EQ(s.needed, n) << in;
      EXPECT_EQ(written, 0u);
    }
  }
}

TEST(HostileIdna, ManyDotNamesNearLengthLimits) {
  // OpenSSL CVE-2022-3786 overflowed a buffer with '.' characters.  Names of
  // 252..256 bytes, with and without the root dot, at the A4_1 limit.
  for (std::size_t labels = 125; labels <= 128; ++labels) {
    for (bool root : {false, true}) {
      std::string name = repeat("a.", labels - 1) + "a";
      if (root) name += ".";
      const std::size_t len = 2 * labels - 1;  // without the root dot
      const auto r = idna::to_ascii(name, with_dns_length());
      if (root) {
        // ToASCII with VerifyDnsLength rejects the empty root label too
        // (UTS #46 section 4.2 step 4; IdnaTestV2 marks it A4_2).
        EXPECT_FALSE(r.ok());
        EXPECT_EQ(r.status.code, len <= 253 ? errc::empty_label : errc::domain_too_long) << len;
        EXPECT_TRUE(idna::to_ascii(name).ok());
      } else if (len <= 253) {
        ASSERT_TRUE(r.ok()) << len;
        EXPECT_EQ(r.value, name);
      } else {
        EXPECT_EQ(r.status.code, errc::domain_too_long) << len;
      }
      // The same through Punycode labels: U+00FC labels become xn--tda.
      std::string u = repeat("\xC3\xBC.", labels - 1) + "\xC3\xBC";
      const auto ru = idna::to_ascii(u, with_dns_length());
      EXPECT_EQ(ru.status.code, errc::domain_too_long);  // 8 bytes a label
      EXPECT_TRUE(idna::to_ascii(u).ok());
    }
  }
  // Label lengths 63 and 64, ASCII and after Punycode.
  EXPECT_TRUE(idna::to_ascii(std::string(63, 'a') + ".com", with_dns_length()).ok());
  EXPECT_EQ(idna::to_ascii(std::string(64, 'a') + ".com", with_dns_length()).status.code,
            errc::label_too_long);
  // 59 basic letters plus U+00FC encode to 4 + 59 + 1 + 3 = 67 bytes.
  EXPECT_EQ(idna::to_ascii(std::string(59, 'a') + "\xC3\xBC", with_dns_length()).status.code,
            errc::label_too_long);
  // 55 + U+00FC: xn-- + 55 + '-' + 3 = 63 bytes exactly.
  const auto edge = idna::to_ascii(std::string(55, 'a') + "\xC3\xBC", with_dns_length());
  ASSERT_TRUE(edge.ok());
  EXPECT_EQ(edge.value.size(), 63u);
}

// ----------------------------------- output fed back in (ada-url/ada#1192)

TEST(HostileIdna, AceOfLabelEndingInXnHyphenReparses) {
  // ada-url/ada#1192: "\U0001F600xn-" became xn--xn--qh33b, which ada then
  // refused to parse (it bailed out on a decoded label starting "xn--"
  // before decoding) and Node.js aborted on re-parse.  The payload decodes
  // to "\U0001F600xn-", which is not an ACE label.
  const std::string emoji_xn = "\xF0\x9F\x98\x80xn-";
  idna::options no_hyphens;  // the URL Standard's CheckHyphens = false
  no_hyphens.check_hyphens = false;
  for (const idna::options& opt : {no_hyphens, idna::url}) {
    const auto a = idna::to_ascii(emoji_xn, opt);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a.value, "xn--xn--qh33b");
    const auto again = idna::to_ascii(a.value, opt);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.value, "xn--xn--qh33b");
    const auto u = idna::to_unicode(a.value, opt);
    ASSERT_TRUE(u.ok());
    EXPECT_EQ(u.value, emoji_xn);
  }
  // With CheckHyphens the trailing hyphen (V3) fails both forms alike.
  EXPECT_EQ(idna::to_ascii(emoji_xn).status.code, errc::trailing_hyphen);
  EXPECT_EQ(idna::to_ascii("xn--xn--qh33b").status.code, errc::trailing_hyphen);
}

TEST(HostileIdna, ToAsciiOutputFedBackIn) {
  const std::vector<std::string> inputs = {
      "b\xC3\xBC" "cher.de", "FA\xC3\x9F.de", "\xE2\x98\x83.net", "xn--bcher-kva.XN--TDA",
      "\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84.\xD8\xA5\xD8\xAE\xD8\xAA\xD8\xA8\xD8\xA7\xD8\xB1",
      "a\xE2\x80\x8C\xE0\xA5\x8D" "b", "\xF0\x9F\x98\x80.com.", "\xEF\xBC\xA1\xEF\xBC\xA2.c",
      "xn--ls8h.xn--ls8h", "\xE0\xA4\xB6\xE0\xA5\x81\xE0\xA4\xAD.example",
      repeat("\xC3\xBC", 200) + ".com", "a..b", "...", "\xF0\x9F\x98\x80xn-",
      "xn--xn--qh33b"};
  for (const idna::options& opt :
       {idna::uts46_default, idna::registration, idna::url, idna::url_strict,
        idna::options{true, true, true, false, true, false, false, false}}) {
    for (const std::string& in : inputs) {
      const auto a = idna::to_ascii(in, opt);
      if (!a.ok()) continue;
      // Idempotent.
      const auto again = idna::to_ascii(a.value, opt);
      ASSERT_TRUE(again.ok()) << in;
      EXPECT_EQ(again.value, a.value) << in;
      // Round trip through ToUnicode.
      const auto u = idna::to_unicode(a.value, opt);
      ASSERT_TRUE(u.ok()) << in;
      const auto forth = idna::to_ascii(u.value, opt);
      ASSERT_TRUE(forth.ok()) << in;
      // Under Transitional_Processing decoded xn-- labels are validated as
      // Nontransitional (UTS #46 section 4 step 4), so xn--zca stays while
      // its Unicode form U+00DF maps to "ss": the rest is nontransitional.
      if (opt.transitional_processing) continue;
      EXPECT_EQ(forth.value, a.value) << in;
      // And ToUnicode of its own output is stable.
      EXPECT_EQ(idna::to_unicode(u.value, opt).value, u.value) << in;
    }
  }
}

}  // namespace
