// The presets built with options' named builders hold exactly the flags
// the positional lists used to give them, and the former name of
// url_domain_to_ascii still selects the URL family.
#include <gtest/gtest.h>

#include "puny/idna.hpp"
#include "puny/presets.hpp"

#include <string>
#include <string_view>

namespace {

namespace idna = puny::idna;

constexpr bool same(const idna::options& a, const idna::options& b) {
  return a.check_hyphens == b.check_hyphens && a.check_bidi == b.check_bidi &&
         a.check_joiners == b.check_joiners && a.use_std3_ascii_rules == b.use_std3_ascii_rules &&
         a.transitional_processing == b.transitional_processing &&
         a.verify_dns_length == b.verify_dns_length &&
         a.ignore_invalid_punycode == b.ignore_invalid_punycode &&
         a.url_domain_to_ascii == b.url_domain_to_ascii && a.allow_underscore == b.allow_underscore &&
         a.forbid_domain_code_points == b.forbid_domain_code_points;
}

// The positional lists of the previous revision (field order unchanged),
// with host-name safety (the last field) on by default since 0.2.0.
static_assert(same(idna::uts46_default, idna::options{}));
static_assert(same(idna::uts46_default,
                   idna::options{true, true, true, false, false, false, false, false, false, true}));
static_assert(same(idna::uts46_raw,
                   idna::options{true, true, true, false, false, false, false, false, false, false}));
static_assert(same(idna::url, idna::options{false, true, true, false, false, false, false, true,
                                            false, false}));
static_assert(same(idna::url_strict,
                   idna::options{true, true, true, true, false, true, false, false, false, false}));
static_assert(same(idna::registration,
                   idna::options{true, true, true, true, false, true, false, false, false, true}));
static_assert(idna::url.url_family() && !idna::url_strict.url_family() &&
              !idna::registration.url_family() && !idna::uts46_default.url_family());

TEST(IdnaPresets, BuildersSetOneFieldEach) {
  constexpr idna::options o = idna::uts46_default.with_verify_dns_length().with_check_bidi(false);
  EXPECT_TRUE(o.verify_dns_length);
  EXPECT_FALSE(o.check_bidi);
  EXPECT_TRUE(same(o.with_verify_dns_length(false).with_check_bidi(), idna::uts46_default));
  EXPECT_FALSE(idna::url.with_url_domain_to_ascii(false).url_family());
}

TEST(IdnaPresets, TheUrlSwitchAloneSelectsTheUrlFamily) {
  const idna::options plain = idna::url.with_url_domain_to_ascii(false);
  EXPECT_FALSE(plain.url_family());
  // The URL family's all-ASCII rule: a bogus xn-- label passes through.
  const auto url = idna::to_ascii("XN--A.Example", idna::url);
  ASSERT_TRUE(url.ok());
  EXPECT_EQ(url.value, "xn--a.example");
  EXPECT_FALSE(idna::to_ascii("XN--A.Example", plain).ok());
  EXPECT_FALSE(idna::to_ascii("XN--A.Example", idna::uts46_default).ok());
  // And its failures: a forbidden domain code point.
  EXPECT_EQ(idna::to_ascii("a b", idna::url).status.code, puny::errc::forbidden_domain_code_point);
  EXPECT_EQ(idna::to_ascii("a b", idna::url).status.offset, 1u);
}

}  // namespace

// The SQL functions' spelling of a preset with flags (puny/presets.hpp).
TEST(PresetSpec, NameAliasFlagsCaseAndSeparators) {
  auto spec = puny::parse_preset_spec("url");
  ASSERT_NE(spec.chosen, nullptr);
  EXPECT_EQ(spec.chosen->name, "url");
  EXPECT_TRUE(spec.options.url_family());
  spec = puny::parse_preset_spec("  UTS46, std3 ,no-check-hyphens");
  ASSERT_NE(spec.chosen, nullptr);
  EXPECT_EQ(spec.chosen->name, "uts46");
  EXPECT_TRUE(spec.options.use_std3_ascii_rules);
  EXPECT_FALSE(spec.options.check_hyphens);
  spec = puny::parse_preset_spec("registration");  // an alias
  ASSERT_NE(spec.chosen, nullptr);
  EXPECT_EQ(spec.chosen, puny::find_preset("uts46-strict"));
  spec = puny::parse_preset_spec("idna2008-lookup check-bidi");
  ASSERT_NE(spec.chosen, nullptr);
  EXPECT_EQ(spec.chosen->family, puny::preset_family::idna2008);
}

TEST(PresetSpec, NamesTheWordThatIsNeitherPresetNorFlag) {
  auto spec = puny::parse_preset_spec("strict");
  EXPECT_EQ(spec.chosen, nullptr);
  EXPECT_TRUE(spec.bad_is_preset);
  EXPECT_EQ(spec.bad_word, "strict");
  spec = puny::parse_preset_spec("url,std3,bogus,std3");
  EXPECT_EQ(spec.chosen, nullptr);
  EXPECT_FALSE(spec.bad_is_preset);
  EXPECT_EQ(spec.bad_word, "bogus");
  spec = puny::parse_preset_spec(" , ");
  EXPECT_EQ(spec.chosen, nullptr);
  EXPECT_TRUE(spec.bad_is_preset);
  spec = puny::parse_preset_spec(std::string(100, 'u'));
  EXPECT_EQ(spec.chosen, nullptr);
  EXPECT_EQ(spec.bad_word.size(), 100u);
}

// Both words of one flag are refused, as the CLI refuses --transitional
// --nontransitional (issue 52); the same word twice is not a contradiction,
// nor is a word that restates what the preset already sets.
TEST(PresetSpec, RefusesBothWordsOfOneFlag) {
  auto spec = puny::parse_preset_spec("uts46 transitional nontransitional");
  EXPECT_EQ(spec.chosen, nullptr);
  EXPECT_FALSE(spec.bad_is_preset);
  EXPECT_EQ(spec.bad_word, "nontransitional");
  EXPECT_EQ(spec.contradicts, "transitional");
  spec = puny::parse_preset_spec("url, No-Std3, check-hyphens, STD3");
  EXPECT_EQ(spec.chosen, nullptr);
  EXPECT_EQ(spec.bad_word, "STD3");
  EXPECT_EQ(spec.contradicts, "No-Std3");
  spec = puny::parse_preset_spec("uts46 std3 std3 nontransitional");
  ASSERT_NE(spec.chosen, nullptr);
  EXPECT_TRUE(spec.options.use_std3_ascii_rules);
  EXPECT_TRUE(spec.contradicts.empty());
  spec = puny::parse_preset_spec("uts46 bogus");
  EXPECT_TRUE(spec.contradicts.empty());
}

// Issue 43: the default conversion is host-safe.  Plain UTS #46
// (UseSTD3ASCIIRules=false) accepts space, '/', NUL and the other forbidden
// domain code points of the URL Standard; the default of every entry point
// refuses them, with the offset and the code point, and the uts46-raw
// preset is the one word that gives the specification's own behaviour.
namespace {

struct forbidden_case {
  std::string_view input;
  std::size_t offset;
  char32_t code_point;
};

constexpr forbidden_case forbidden_cases[] = {
    {"a b.com", 1, U' '},          {"a/b.com", 1, U'/'},    {std::string_view("a\0b.com", 7), 1, 0},
    {"ex.com:80", 6, U':'},        {"user@ex.com", 4, U'@'}, {"b\xc3\xbc" "cher.d e", 9, U' '},
    {"\xef\xbc\x8f" "x.com", 0, U'/'},  // U+FF0F FULLWIDTH SOLIDUS maps to '/'
};

}  // namespace

TEST(HostSafeDefault, DefaultRefusesForbiddenDomainCodePoints) {
  const puny::preset& first = puny::presets()[0];
  EXPECT_EQ(first.name, "uts46");
  for (const forbidden_case& c : forbidden_cases) {
    for (const idna::options& opt : {idna::uts46_default, idna::options{}, first.options}) {
      const auto a = idna::to_ascii(c.input, opt);
      EXPECT_EQ(a.status.code, puny::errc::forbidden_domain_code_point) << c.input;
      EXPECT_EQ(a.status.offset, c.offset) << c.input;
      EXPECT_EQ(a.status.code_point, c.code_point) << c.input;
      EXPECT_TRUE(a.value.empty()) << c.input;
      const auto u = idna::to_unicode(c.input, opt);
      EXPECT_EQ(u.status.code, puny::errc::forbidden_domain_code_point) << c.input;
      EXPECT_EQ(u.status.offset, c.offset) << c.input;
    }
    // The registry's word for plain UTS #46.
    const puny::preset* raw = puny::find_preset("uts46-raw");
    ASSERT_NE(raw, nullptr);
    EXPECT_TRUE(puny::to_ascii(c.input, *raw).ok()) << c.input;
    EXPECT_TRUE(idna::to_ascii(c.input, idna::uts46_raw).ok()) << c.input;
    EXPECT_TRUE(idna::to_ascii(c.input, idna::uts46_default.with_forbid_domain_code_points(false)).ok());
  }
}

TEST(HostSafeDefault, EveryPresetRefusesThem) {
  // uts46-raw is the only preset that lets "a/b.com" through; the strict
  // ones refuse it under STD3 rules, the IDNA2008 ones as not LDH
  // (registration) or as a forbidden code point (lookup).
  for (const puny::preset& p : puny::presets()) {
    const auto a = puny::to_ascii("a/b.com", p);
    if (p.name == "uts46-raw") {
      EXPECT_TRUE(a.ok());
      continue;
    }
    EXPECT_FALSE(a.ok()) << p.name;
    EXPECT_EQ(a.status.offset, 1u) << p.name;
    EXPECT_EQ(a.status.code_point, U'/') << p.name;
  }
}

TEST(HostSafeDefault, Idna2008LookupHonoursForbidAndStd3) {
  auto spec = puny::parse_preset_spec("idna2008-lookup");
  ASSERT_NE(spec.chosen, nullptr);
  auto r = puny::to_ascii("a b.com", *spec.chosen, spec.options);
  EXPECT_EQ(r.status.code, puny::errc::forbidden_domain_code_point);
  EXPECT_EQ(r.status.offset, 1u);
  r = puny::to_ascii(std::string_view("a\0b.com", 7), *spec.chosen, spec.options);
  EXPECT_EQ(r.status.code, puny::errc::forbidden_domain_code_point);
  // Underscore is no forbidden code point: the DNS decides ...
  EXPECT_TRUE(puny::to_ascii("_dmarc.example", *spec.chosen, spec.options).ok());
  // ... unless STD3 rules are asked for.
  spec = puny::parse_preset_spec("idna2008-lookup std3");
  ASSERT_NE(spec.chosen, nullptr);
  r = puny::to_ascii("_dmarc.example", *spec.chosen, spec.options);
  EXPECT_EQ(r.status.code, puny::errc::std3_disallowed);
  EXPECT_EQ(r.status.offset, 0u);
  spec = puny::parse_preset_spec("idna2008-lookup no-forbid-domain-code-points");
  ASSERT_NE(spec.chosen, nullptr);
  EXPECT_TRUE(puny::to_ascii("a b.com", *spec.chosen, spec.options).ok());
}

// The Map step of UTF-8 input screens for forbidden domain code points
// (workspace::may_hold_forbidden) so that the check costs nothing on the
// common name; the UTF-32 entry point does not screen and always runs the
// check.  Both must find the same first forbidden code point for every
// scalar value, alone, after a short ASCII label and inside a run of ASCII
// long enough for the Map step's 16-byte blocks.
TEST(HostSafeDefault, ScreenedAndUnscreenedInputAgreeOnEveryCodePoint) {
  std::size_t refused = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    for (const std::u32string& wide : {std::u32string(1, c) + U".com", U"ab" + std::u32string(1, c) + U"c.de",
                                       U"abcdefghijklmnopqrstu" + std::u32string(1, c) + U".de"}) {
      std::string utf8;
      for (const char32_t d : wide) {
        if (d < 0x80) {
          utf8 += static_cast<char>(d);
        } else if (d < 0x800) {
          utf8 += static_cast<char>(0xC0 | (d >> 6));
          utf8 += static_cast<char>(0x80 | (d & 0x3F));
        } else if (d < 0x10000) {
          utf8 += static_cast<char>(0xE0 | (d >> 12));
          utf8 += static_cast<char>(0x80 | ((d >> 6) & 0x3F));
          utf8 += static_cast<char>(0x80 | (d & 0x3F));
        } else {
          utf8 += static_cast<char>(0xF0 | (d >> 18));
          utf8 += static_cast<char>(0x80 | ((d >> 12) & 0x3F));
          utf8 += static_cast<char>(0x80 | ((d >> 6) & 0x3F));
          utf8 += static_cast<char>(0x80 | (d & 0x3F));
        }
      }
      const auto narrow = idna::to_ascii(utf8);
      const auto full = idna::to_ascii(std::u32string_view(wide));
      const bool a = narrow.status.code == puny::errc::forbidden_domain_code_point;
      const bool b = full.status.code == puny::errc::forbidden_domain_code_point;
      ASSERT_EQ(a, b) << "U+" << std::hex << static_cast<unsigned>(c);
      if (a) {
        ASSERT_EQ(narrow.status.code_point, full.status.code_point) << std::hex << static_cast<unsigned>(c);
        ++refused;
      }
    }
  }
  // The 33 ASCII ones in three positions, and the compatibility characters
  // that map to them (U+FF0F, U+2100 ...).
  EXPECT_GT(refused, 3u * 33u);
}

// The option word (puny::option_bits): one distinct stable bit per flag,
// none on the URL family's bit, and every preset's options survive the
// round trip, so a surface that passes options as one integer loses nothing.
TEST(OptionBits, OneDistinctBitPerFlagAndPresetsRoundTrip) {
  std::uint32_t seen = puny::url_family_bit;
  for (const puny::option_flag& f : puny::option_flags()) {
    SCOPED_TRACE(std::string(f.on));
    EXPECT_EQ(f.bit & (f.bit - 1), 0u) << "one bit";
    EXPECT_EQ(seen & f.bit, 0u) << "bit used twice";
    seen |= f.bit;
    EXPECT_FALSE(f.field_name.empty());
    puny::idna::options only{};
    for (const puny::option_flag& g : puny::option_flags()) only.*g.field = false;
    only.*f.field = true;
    EXPECT_EQ(puny::option_bits(only), f.bit);
    EXPECT_TRUE(puny::options_from_bits(f.bit).*f.field);
  }
  for (const puny::preset& p : puny::presets()) {
    SCOPED_TRACE(std::string(p.name));
    const puny::idna::options back = puny::options_from_bits(puny::option_bits(p.options));
    EXPECT_EQ(puny::option_bits(back), puny::option_bits(p.options));
    EXPECT_EQ(back.url_family(), p.options.url_family());
    for (const puny::option_flag& f : puny::option_flags()) EXPECT_EQ(back.*f.field, p.options.*f.field);
  }
}
