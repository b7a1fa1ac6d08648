// Every error offset of every IDNA entry point points into the caller's
// input: bytes for UTF-8, code units for UTF-16, code points for UTF-32
// (puny/status.hpp).  One table row per errc an entry point can return,
// each checked through every entry point that can return it.
//
// Not in the table, because no input can produce them:
//  * label_has_dot (V5): a decoded xn-- label cannot hold U+002E, since
//    RFC 3492 decoding only inserts code points from U+0080 up and the
//    basic code points before the delimiter were split at their dots by
//    the Break step already;
//  * non_basic_before_delimiter: an xn-- label with a non-ASCII code point
//    is rejected (P4, invalid_ace_label) before it is decoded;
//  * punycode_encode_failed (A3): the encoder's counters cannot overflow
//    for a label that fits in memory.
// buffer_too_small carries `needed`, not an offset; the caller-buffer
// tests in idna_test.cpp cover it.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace {

using namespace puny;
using idna::options;

options with_forbid(options o) {
  o.forbid_domain_code_points = true;
  return o;
}

options std3_no_dns() {
  options o;
  o.use_std3_ascii_rules = true;
  return o;
}

struct offset_case {
  const char* name;
  std::string input;   // UTF-8
  options opt;
  errc code;
  std::size_t offset;  // expected, in bytes of `input`
  bool unicode_too;    // to_unicode reports it as well
};

// "ü.ü." before most inputs: two-byte code points and two labels ahead of
// the error, so that byte, UTF-16 and code point offsets all differ and a
// label-relative or output-relative offset would be caught.
const std::string pre = "\xC3\xBC.\xC3\xBC.";  // 6 bytes, 4 code points
const std::size_t p = pre.size();

std::vector<offset_case> cases() {
  const std::string long_label(64, 'a');
  std::string long_domain;
  for (int i = 0; i < 5; ++i) long_domain += std::string(60, 'b') + ".";
  return {
      {"invalid_utf8", pre + "a\xFF" "b", idna::uts46_default, errc::invalid_utf8, p + 1, true},
      {"disallowed", pre + "ab\xC2\x80", idna::uts46_default, errc::disallowed, p + 2, true},
      {"std3_disallowed", pre + "a_b", idna::registration, errc::std3_disallowed, p + 1, true},
      {"std3_space", pre + "ab c", std3_no_dns(), errc::std3_disallowed, p + 2, true},
      {"invalid_ace_label_ascii", pre + "xn--a-", idna::uts46_default, errc::invalid_ace_label,
       p, true},
      {"invalid_ace_label_non_ascii", pre + "xn--a\xC3\xBC", idna::uts46_default,
       errc::invalid_ace_label, p + 5, true},
      {"not_nfc", pre + "xn--a-xbb", idna::uts46_default, errc::not_nfc, p, true},
      {"hyphen_3_4", pre + "ab--c", idna::uts46_default, errc::hyphen_3_4, p, true},
      {"leading_hyphen", pre + "-ab", idna::uts46_default, errc::leading_hyphen, p, true},
      {"trailing_hyphen", pre + "ab-", idna::uts46_default, errc::trailing_hyphen, p, true},
      {"ace_prefix", pre + "xn--xn---3ra", idna::url, errc::ace_prefix, p, true},
      {"leading_combining_mark", pre + "\xCC\x81" "a", idna::uts46_default,
       errc::leading_combining_mark, p, true},
      {"contextj", pre + "a\xE2\x80\x8C" "b", idna::uts46_default, errc::contextj, p + 1, true},
      {"bidi", pre + "a\xD7\x90", idna::uts46_default, errc::bidi, p, true},
      {"invalid_digit", pre + "xn--a-!b", idna::uts46_default, errc::invalid_digit, p + 6, true},
      {"truncated_number", pre + "xn--a-z", idna::uts46_default, errc::truncated_number, p + 6,
       true},
      // RFC 3492 section 6.4: i + digit * w passes 2^64 at the 18th digit.
      {"overflow", pre + "xn--" + std::string(30, '9'), idna::uts46_default, errc::overflow,
       p + 4 + 17, true},
      {"decoded_out_of_range", pre + "xn--99999999a", idna::uts46_default,
       errc::decoded_out_of_range, p + 4, true},
      {"empty_label", pre + "a..b", idna::registration, errc::empty_label, p + 2, true},
      {"label_too_long", pre + long_label, idna::registration, errc::label_too_long, p, false},
      {"domain_too_long", pre + long_domain, idna::registration, errc::domain_too_long, 0, false},
      // The URL family, through UTS #46 processing (non-ASCII input): the
      // issue-10 bug reported the offset in the output ("at byte 9").
      {"url_forbidden_space", "\xC3\xBC.a b", idna::url, errc::forbidden_domain_code_point, 4,
       false},
      {"url_forbidden_after_mapping", pre + "a\xEF\xBC\x8F" "b", idna::url,
       errc::forbidden_domain_code_point, p + 1, false},  // U+FF0F maps to '/'
      {"url_forbidden_in_label_with_ace", pre + "\xC3\xBC" "a b", idna::url,
       errc::forbidden_domain_code_point, p + 3, false},
      {"url_forbidden_in_decoded_ace", pre + "xn--a b-joa", idna::url,
       errc::forbidden_domain_code_point, p + 5, false},
      // The URL family's all-ASCII pass-through.
      {"url_forbidden_ascii_pass", "ab.c%d", idna::url, errc::forbidden_domain_code_point, 4,
       false},
      {"url_empty_result", "\xC2\xAD", idna::url, errc::empty_label, 0, false},
      // options::forbid_domain_code_points with a UTS #46 preset.
      {"forbid_url_like", "https://b\xC3\xBC" "cher.de/x", with_forbid(idna::uts46_default),
       errc::forbidden_domain_code_point, 5, true},
      {"forbid_email", pre + "user@b", with_forbid(idna::uts46_default),
       errc::forbidden_domain_code_point, p + 4, true},
      {"forbid_tab_ascii", "a\tb.com", with_forbid(idna::uts46_default),
       errc::forbidden_domain_code_point, 1, true},
      {"forbid_nul", pre + std::string("a\0b", 3), with_forbid(idna::uts46_default),
       errc::forbidden_domain_code_point, p + 1, true},
      {"forbid_in_decoded_ace", pre + "xn--a b-joa", with_forbid(idna::uts46_default),
       errc::forbidden_domain_code_point, p + 5, true},
  };
}

std::u32string utf32_of(const std::string& s) {
  std::u32string out;
  const status st = unicode::utf8_to_utf32(s, out);
  EXPECT_TRUE(st.ok());
  return out;
}

std::u16string utf16_of(const std::u32string& s) {
  std::u16string out;
  const status st = unicode::utf32_to_utf16(s, out);
  EXPECT_TRUE(st.ok());
  return out;
}

// The first error of the given code in a detailed report.
const status* find_code(const idna::report& r, errc code) {
  for (const status& s : r.all)
    if (s.code == code) return &s;
  return nullptr;
}

TEST(IdnaOffsets, EveryErrcThroughEveryEntryPoint) {
  for (const offset_case& c : cases()) {
    SCOPED_TRACE(c.name);
    const bool valid_utf8 = c.code != errc::invalid_utf8;
    // The URL Standard's domain to Unicode never fails on what ToUnicode
    // records: the status is ok and the error is a validation error, at the
    // same offset.  Ill-formed input stays an error.
    const bool unicode_validation = c.opt.url_family() && valid_utf8;
    const errc unicode_code = unicode_validation ? errc::ok : c.code;
    // The expected offset in each encoding: the units of the input before it.
    std::u32string prefix32;
    std::u16string prefix16;
    if (valid_utf8) {
      prefix32 = utf32_of(c.input.substr(0, c.offset));
      prefix16 = utf16_of(prefix32);
    }

    // UTF-8, allocating.
    const result<std::string> a = idna::to_ascii(c.input, c.opt);
    EXPECT_EQ(a.status.code, c.code) << to_string(a.status);
    EXPECT_EQ(a.status.offset, c.offset) << to_string(a.status);
    // UTF-8, caller buffer.
    std::vector<char> buf(4 * c.input.size() + 64);
    std::size_t written = 0;
    const status b = idna::to_ascii(c.input, buf.data(), buf.size(), written, c.opt);
    EXPECT_EQ(b.code, c.code) << to_string(b);
    EXPECT_EQ(b.offset, c.offset) << to_string(b);
    // Detailed and explain: the same first error, and this code listed at
    // this offset.
    const idna::detailed d = idna::to_ascii_detailed(c.input, c.opt);
    EXPECT_EQ(d.errors.first.offset, c.offset);
    const status* found = find_code(d.errors, c.code);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->offset, c.offset);
    const idna::trace t = idna::explain_to_ascii(c.input, c.opt);
    EXPECT_EQ(t.result.errors.first.code, c.code);
    EXPECT_EQ(t.result.errors.first.offset, c.offset);

    if (valid_utf8) {
      const std::u32string in32 = utf32_of(c.input);
      const std::u16string in16 = utf16_of(in32);
      const result<std::string> a16 = idna::to_ascii(std::u16string_view(in16), c.opt);
      EXPECT_EQ(a16.status.code, c.code);
      EXPECT_EQ(a16.status.offset, prefix16.size()) << "UTF-16 " << to_string(a16.status);
      const result<std::string> a32 = idna::to_ascii(std::u32string_view(in32), c.opt);
      EXPECT_EQ(a32.status.code, c.code);
      EXPECT_EQ(a32.status.offset, prefix32.size()) << "UTF-32 " << to_string(a32.status);
      if (c.unicode_too) {
        const auto u16 = idna::to_unicode(std::u16string_view(in16), c.opt);
        EXPECT_EQ(u16.status.code, unicode_code);
        if (!unicode_validation) {
          EXPECT_EQ(u16.status.offset, prefix16.size());
        }
        const auto u32 = idna::to_unicode(std::u32string_view(in32), c.opt);
        EXPECT_EQ(u32.status.code, unicode_code);
        if (!unicode_validation) {
          EXPECT_EQ(u32.status.offset, prefix32.size());
        }
      }
    }
    if (c.unicode_too) {
      const result<std::string> u = idna::to_unicode(c.input, c.opt);
      EXPECT_EQ(u.status.code, unicode_code) << to_string(u.status);
      const status ub = idna::to_unicode(c.input, buf.data(), buf.size(), written, c.opt);
      EXPECT_EQ(ub.code, unicode_code);
      if (!unicode_validation) {
        EXPECT_EQ(u.status.offset, c.offset) << to_string(u.status);
        EXPECT_EQ(ub.offset, c.offset);
      }
      const idna::detailed du = idna::to_unicode_detailed(c.input, c.opt);
      idna::report validation;
      validation.all = du.validation_errors;
      const status* fu = find_code(unicode_validation ? validation : du.errors, c.code);
      ASSERT_NE(fu, nullptr);
      EXPECT_EQ(fu->offset, c.offset);
    }
  }
}

TEST(IdnaOffsets, InvalidUtf16AndCodePoints) {
  // u"ü.a" then a lone high surrogate at unit 3.
  const std::u16string s16 = std::u16string(u"\u00FC.a") + char16_t(0xD800) + u"b";
  EXPECT_EQ(idna::to_ascii(std::u16string_view(s16)).status.code, errc::invalid_utf16);
  EXPECT_EQ(idna::to_ascii(std::u16string_view(s16)).status.offset, 3u);
  EXPECT_EQ(idna::to_unicode(std::u16string_view(s16)).status.offset, 3u);
  EXPECT_EQ(idna::to_ascii(std::u16string_view(s16), idna::url).status.offset, 3u);
  const std::u32string s32 = std::u32string(U"\u00FC.a") + char32_t(0x110000) + U"b";
  EXPECT_EQ(idna::to_ascii(std::u32string_view(s32)).status.code, errc::invalid_code_point);
  EXPECT_EQ(idna::to_ascii(std::u32string_view(s32)).status.offset, 3u);
  EXPECT_EQ(idna::to_unicode(std::u32string_view(s32)).status.offset, 3u);
  EXPECT_EQ(idna::to_ascii(std::u32string_view(s32), idna::url).status.offset, 3u);
}

// The issue-10 reproduction, verbatim.
TEST(IdnaOffsets, UrlPresetSpaceAfterNonAsciiLabel) {
  const auto r = idna::to_ascii("\xC3\xBC.a b", idna::url);
  EXPECT_EQ(r.status.code, errc::forbidden_domain_code_point);
  EXPECT_EQ(r.status.offset, 4u);
  EXPECT_EQ(r.status.label, 1u);
  EXPECT_EQ(r.status.code_point, U' ');
}

TEST(IdnaOptions, AllowUnderscoreWithStd3) {
  options o = idna::registration;
  EXPECT_FALSE(idna::to_ascii("_dmarc.example.com", o).ok());
  o.allow_underscore = true;
  EXPECT_EQ(idna::to_ascii("_dmarc.example.com", o).value, "_dmarc.example.com");
  EXPECT_EQ(idna::to_ascii("_sip._tcp.B\xC3\xBC" "cher.de", o).value, "_sip._tcp.xn--bcher-kva.de");
  EXPECT_EQ(idna::to_unicode("_sip._tcp.xn--bcher-kva.de", o).value, "_sip._tcp.b\xC3\xBC" "cher.de");
  // Only the underscore: other ASCII STD3 forbids is still U1.
  const auto r = idna::to_ascii("_a b.com", o);
  EXPECT_EQ(r.status.code, errc::std3_disallowed);
  EXPECT_EQ(r.status.offset, 2u);
}

TEST(IdnaOptions, ForbidDomainCodePointsKeepsHostNames) {
  const options o = with_forbid(idna::uts46_default);
  EXPECT_EQ(idna::to_ascii("B\xC3\xBC" "cher.de", o).value, "xn--bcher-kva.de");
  EXPECT_EQ(idna::to_ascii("_dmarc.example.com", o).value, "_dmarc.example.com");
  EXPECT_EQ(idna::to_unicode("xn--bcher-kva.de", o).value, "b\xC3\xBC" "cher.de");
  // Without the option the same inputs "convert" (raw UTS #46).
  EXPECT_TRUE(idna::to_ascii("https://b\xC3\xBC" "cher.de/path?q=\xC3\xBC", idna::uts46_raw).ok());
  EXPECT_TRUE(idna::to_ascii("user@b\xC3\xBC" "cher.de", idna::uts46_raw).ok());
  for (const char* bad : {"a b.de", "a\tb.de", "a\rb.de", "user@b\xC3\xBC" "cher.de",
                          "https://b\xC3\xBC" "cher.de/path?q=\xC3\xBC", "a%41.de", "a\x7F.de"}) {
    const auto r = idna::to_ascii(bad, o);
    EXPECT_EQ(r.status.code, errc::forbidden_domain_code_point) << bad;
    EXPECT_TRUE(r.value.empty()) << bad;
  }
}

// No preset allows '_'; host-name safety is on in the UTS #46 presets but
// uts46_raw, off in the URL presets (the URL Standard checks the same code
// points itself in its domain parser).
TEST(IdnaOptions, PresetsAndTheNewFields) {
  for (const options& o : {idna::uts46_default, idna::url, idna::url_strict, idna::registration,
                           idna::uts46_raw})
    EXPECT_FALSE(o.allow_underscore);
  EXPECT_TRUE(idna::uts46_default.forbid_domain_code_points);
  EXPECT_TRUE(idna::registration.forbid_domain_code_points);
  EXPECT_FALSE(idna::uts46_raw.forbid_domain_code_points);
  EXPECT_FALSE(idna::url.forbid_domain_code_points);
  EXPECT_FALSE(idna::url_strict.forbid_domain_code_points);
}

}  // namespace

namespace {
// U+0000 is a code point like any other: status::has_code_point() says
// whether one applies, and to_string names it; errors without a code point
// (ill-formed UTF-8, label rules, Bidi) have none.
TEST(StatusCodePoint, NulIsReportedAsACodePoint) {
  const std::string nul_inside("a\0b.example", 11);
  auto std3 = idna::to_ascii(nul_inside, idna::uts46_strict);
  ASSERT_EQ(std3.status.code, errc::std3_disallowed);
  EXPECT_TRUE(std3.status.has_code_point());
  EXPECT_EQ(std3.status.code_point, U'\0');
  EXPECT_NE(to_string(std3.status).find("(U+0000)"), std::string::npos) << to_string(std3.status);
  auto forbidden = idna::to_ascii(nul_inside, idna::uts46_default.with_forbid_domain_code_points());
  ASSERT_EQ(forbidden.status.code, errc::forbidden_domain_code_point);
  EXPECT_TRUE(forbidden.status.has_code_point());
  EXPECT_EQ(forbidden.status.code_point, U'\0');
  EXPECT_EQ(forbidden.status.offset, 1u);

  for (const char* none : {"ab--c.com", "ok.\xC3", "a..b"}) {
    const auto r = idna::to_ascii(none, idna::uts46_strict);
    ASSERT_FALSE(r.ok()) << none;
    EXPECT_FALSE(r.status.has_code_point()) << none;
    EXPECT_EQ(to_string(r.status).find("(U+"), std::string::npos) << to_string(r.status);
  }
  EXPECT_FALSE(status{}.has_code_point());
}

// An error found after NFC changed the label (CheckJoiners here) is placed
// at the first source occurrence of its code point (workspace.cpp,
// offset_of), not at the start of the label: "x" "e" U+0301 composes to
// "x" U+00E9, and the ZWNJ after it (no virama before it: C1) is byte 4 of
// the input.  A second label makes the label start differ from 0 as well.
TEST(IdnaOffsets, ErrorAfterNfcPointsAtItsSourceCodePoint) {
  const std::string input = "xe\xCC\x81\xE2\x80\x8Cy.ab\xE2\x80\x8C" "c";
  const auto d = idna::to_unicode_detailed(input);
  ASSERT_EQ(d.errors.all.size(), 2u);
  EXPECT_EQ(idna::uts46_code(d.errors.all[0]), "C1");
  EXPECT_EQ(d.errors.all[0].offset, 4u);
  EXPECT_EQ(idna::uts46_code(d.errors.all[1]), "C1");
  EXPECT_EQ(d.errors.all[1].offset, 11u);
}
}  // namespace
