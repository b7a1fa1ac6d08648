// The presets built with options' named builders hold exactly the flags
// the positional lists used to give them, and the former name of
// url_domain_to_ascii still selects the URL family.
#include <gtest/gtest.h>

#include "puny/idna.hpp"
#include "puny/presets.hpp"

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

// The positional lists of the previous revision (field order unchanged).
static_assert(same(idna::uts46_default, idna::options{}));
static_assert(same(idna::url, idna::options{false, true, true, false, false, false, false, true,
                                            false, false}));
static_assert(same(idna::url_strict,
                   idna::options{true, true, true, true, false, true, false, false, false, false}));
static_assert(same(idna::registration,
                   idna::options{true, true, true, true, false, true, false, false, false, false}));
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
