// puny/email.hpp: each check with the RFC section it comes from; expected
// values follow the RFC text (and, for the defaults, what Python's
// email-validator 1.3 answers on the same input).
#include <string>

#include <gtest/gtest.h>

#include "puny/email.hpp"

namespace email = puny::email;
using puny::errc;

namespace {

email::address ok(const std::string& in, const email::options& opt = {}) {
  auto r = email::validate(in, opt);
  EXPECT_TRUE(r.ok()) << in << ": " << puny::to_string(r.status);
  return r.value;
}

puny::status bad(const std::string& in, const email::options& opt = {}) {
  auto r = email::validate(in, opt);
  EXPECT_FALSE(r.ok()) << in << " was accepted as " << r.value.normalized;
  EXPECT_TRUE(r.value.normalized.empty());
  return r.status;
}

}  // namespace

TEST(Email, AsciiAddressKeepsItsCaseAndLowersTheDomain) {
  // RFC 5321 section 2.4: the local part is case-sensitive, the domain is not.
  const auto a = ok("John.Doe+tag@Example.COM");
  EXPECT_EQ(a.local_part, "John.Doe+tag");
  EXPECT_EQ(a.domain, "example.com");
  EXPECT_EQ(a.ascii_domain, "example.com");
  EXPECT_EQ(a.normalized, "John.Doe+tag@example.com");
  EXPECT_EQ(a.ascii_email, "John.Doe+tag@example.com");
  EXPECT_FALSE(a.smtputf8);
}

TEST(Email, InternationalDomainHasBothForms) {
  // RFC 3492 section 7.1-style value: "bücher" is xn--bcher-kva (a known A-label).
  const auto a = ok("info@Bücher.de");
  EXPECT_EQ(a.domain, "bücher.de");
  EXPECT_EQ(a.ascii_domain, "xn--bcher-kva.de");
  EXPECT_EQ(a.normalized, "info@bücher.de");
  EXPECT_EQ(a.ascii_email, "info@xn--bcher-kva.de");
  EXPECT_FALSE(a.smtputf8);  // the domain can travel as A-labels
  // The A-label form in the input gives the U-label form back.
  EXPECT_EQ(ok("info@xn--bcher-kva.de").normalized, "info@bücher.de");
}

TEST(Email, Utf8LocalPartNeedsSmtputf8AndIsNeverPunycoded) {
  const auto a = ok("用户@例子.广告");
  EXPECT_TRUE(a.smtputf8);  // RFC 6531 section 3.4
  EXPECT_EQ(a.local_part, "用户");
  EXPECT_TRUE(a.ascii_email.empty());
  EXPECT_FALSE(a.ascii_domain.empty());
  EXPECT_EQ(a.ascii_domain.compare(0, 4, "xn--"), 0);
  // RFC 6532 section 3.1: NFC; e + U+0301 becomes U+00E9.
  EXPECT_EQ(ok("e\xCC\x81@example.com").local_part, "\xC3\xA9");
  // Refused when SMTPUTF8 is not allowed, at the first non-ASCII code point.
  email::options no_utf8;
  no_utf8.allow_smtputf8 = false;
  const auto s = bad("ab\xC3\xBC@example.com", no_utf8);
  EXPECT_EQ(s.code, errc::smtputf8_required);
  EXPECT_EQ(s.offset, 2u);
  EXPECT_EQ(s.code_point, U'\u00FC');
  // What NFC makes of a code point must be allowed too: U+037E GREEK
  // QUESTION MARK is ';' in NFC, which a dot-atom may not hold (found by
  // fuzz_email: the normalized address did not validate); quoted, it stays
  // as ';' inside the quotes.  U+212A KELVIN SIGN is 'K', atext.
  const auto q = bad("b\xCD\xBE@1263m\xC8\x93");
  EXPECT_EQ(q.code, errc::local_part_character);
  EXPECT_EQ(q.offset, 1u);
  EXPECT_EQ(q.code_point, U'\u037E');
  email::options quoted;
  quoted.allow_quoted_local_part = true;
  EXPECT_EQ(ok("\"b\xCD\xBE\"@example.com", quoted).local_part, "\"b;\"");
  EXPECT_EQ(ok("\xE2\x84\xAA\xC3\xA9@example.com").local_part, "K\xC3\xA9");
  const auto kelvin = ok("\xE2\x84\xAA@example.com");  // NFC leaves ASCII only
  EXPECT_EQ(kelvin.local_part, "K");
  EXPECT_FALSE(kelvin.smtputf8);
  EXPECT_EQ(kelvin.ascii_email, "K@example.com");
  // Python's own "idna" codec (RFC 3490) gives the same A-label.
  EXPECT_EQ(ok("ab@b\xC3\xBC.com", no_utf8).ascii_email, "ab@xn--b-eha.com");
}

TEST(Email, DotAtomRules) {
  // RFC 5322 section 3.2.3: dot-atom-text = 1*atext *("." 1*atext).
  EXPECT_EQ(bad(".a@example.com").code, errc::local_part_dot);
  EXPECT_EQ(bad("a.@example.com").code, errc::local_part_dot);
  const auto s = bad("a..b@example.com");
  EXPECT_EQ(s.code, errc::local_part_dot);
  EXPECT_EQ(s.offset, 2u);
  const auto sp = bad("a b@example.com");
  EXPECT_EQ(sp.code, errc::local_part_character);
  EXPECT_EQ(sp.offset, 1u);
  EXPECT_EQ(sp.code_point, U' ');
  EXPECT_EQ(ok("!#$%&'*+-/=?^_`{|}~@example.com").local_part, "!#$%&'*+-/=?^_`{|}~");
  // Unsafe non-ASCII: no-break space, zero width joiner, a leading mark.
  EXPECT_EQ(bad("a\xC2\xA0" "b@example.com").code, errc::local_part_character);
  EXPECT_EQ(bad("a\xE2\x80\x8D" "b@example.com").code, errc::local_part_character);
  EXPECT_EQ(bad("\xCC\x81" "a@example.com").code_point, U'\u0301');
}

TEST(Email, MissingPartsAndIllFormedInput) {
  EXPECT_EQ(bad("example.com").code, errc::missing_at);
  EXPECT_EQ(bad("example.com").offset, 11u);
  EXPECT_EQ(bad("@example.com").code, errc::empty_local_part);
  email::options empty;
  empty.allow_empty_local_part = true;
  EXPECT_EQ(ok("@example.com", empty).normalized, "@example.com");
  EXPECT_EQ(bad("a@").code, errc::empty_label);
  const auto u = bad("ab\xFF@example.com");
  EXPECT_EQ(u.code, errc::invalid_utf8);
  EXPECT_EQ(u.offset, 2u);
  EXPECT_EQ(bad("").code, errc::missing_at);
}

TEST(Email, DomainErrorsKeepTheirIdnaNamesAndInputOffsets) {
  // A second '@' and other ASCII a mail domain cannot hold (RFC 5321
  // 4.1.2) are named in mail words, under every preset (issue 52).
  const auto s = bad("a@b@c.com");
  EXPECT_EQ(s.code, errc::extra_at_sign);
  EXPECT_EQ(s.offset, 3u);
  EXPECT_EQ(s.code_point, U'@');
  email::options raw;
  raw.domain_preset = puny::find_preset("uts46-raw");
  email::address out;
  for (const char* in : {"a@b c.com", "a@exa/mple.com", "a@b:25.com"}) {
    const puny::status r = email::validate(in, raw, out);
    EXPECT_EQ(r.code, errc::domain_character) << in;
  }
  EXPECT_EQ(email::validate("a@exa/mple.com", raw, out).offset, 5u);
  // U+FF0F maps to '/' under UTS #46 without STD3 rules.
  EXPECT_EQ(email::validate("a@exa\xEF\xBC\x8Fmple.com", raw, out).code, errc::domain_character);
  EXPECT_EQ(bad("john@@example.com").code, errc::extra_at_sign);
  EXPECT_EQ(bad("a@b c.com").code, errc::domain_character);
  EXPECT_EQ(bad("a@example.com.").code, errc::empty_label);
  // The empty label after the final dot, where it starts (issue 52: label 0).
  EXPECT_EQ(bad("a@example.com.").offset, 14u);
  EXPECT_EQ(bad("a@example.com.").label, 2u);
  EXPECT_EQ(bad("a@-x.com").code, errc::leading_hyphen);
  EXPECT_EQ(bad("a@" + std::string(64, 'x') + ".com").code, errc::label_too_long);
}

TEST(Email, GlobalDomainChecksAsEmailValidator) {
  EXPECT_EQ(bad("a@localhost").code, errc::domain_not_global);  // no dot
  EXPECT_EQ(bad("a@example.123").code, errc::domain_not_global);  // TLD ends in a digit
  EXPECT_EQ(bad("a@host.local").code, errc::special_use_domain);  // RFC 6762
  EXPECT_EQ(bad("a@x.onion").code, errc::special_use_domain);     // RFC 7686
  EXPECT_EQ(bad("a@b.test").code, errc::special_use_domain);      // RFC 6761 6.2
  EXPECT_EQ(ok("a@example.org").domain, "example.org");          // RFC 6761 6.5: not special here
  email::options local;
  local.require_global_domain = false;
  EXPECT_EQ(ok("a@localhost", local).normalized, "a@localhost");
}

TEST(Email, LengthsCountedOnWhatTravels) {
  // RFC 5321 4.5.3.1.1: 64 octets of local part.
  ok(std::string(64, 'a') + "@example.com");
  EXPECT_EQ(bad(std::string(65, 'a') + "@example.com").code, errc::local_part_too_long);
  // 32 two-octet letters are 64 octets; 33 are 66.
  std::string u32, u33;
  for (int i = 0; i < 32; ++i) u32 += "\xC3\xA9";
  u33 = u32 + "\xC3\xA9";
  ok(u32 + "@example.com");
  EXPECT_EQ(bad(u33 + "@example.com").code, errc::local_part_too_long);
  // 4.5.3.1.3: the whole address 254 octets (local 64 + '@' + domain 189 = 254).
  const std::string d189 = std::string(63, 'b') + "." + std::string(63, 'c') + "." +
                           std::string(57, 'd') + ".com";
  ASSERT_EQ(d189.size(), 189u);
  ok(std::string(64, 'a') + "@" + d189);
  const std::string d190 = std::string(63, 'b') + "." + std::string(63, 'c') + "." +
                           std::string(58, 'd') + ".com";
  EXPECT_EQ(bad(std::string(64, 'a') + "@" + d190).code, errc::address_too_long);
  // The same domain fits beside a shorter local part: the limit is the sum's.
  ok(std::string(63, 'a') + "@" + d190);
}

TEST(Email, QuotedLocalPartsOnlyWhenAsked) {
  EXPECT_EQ(bad("\"john doe\"@example.com").code, errc::quoted_local_part);
  email::options q;
  q.allow_quoted_local_part = true;
  const auto a = ok("\"john doe\"@example.com", q);
  EXPECT_EQ(a.local_part, "\"john doe\"");
  // RFC 5321 4.1.2: a quoted string that is a valid Dot-string loses its quotes.
  EXPECT_EQ(ok("\"john.doe\"@example.com", q).local_part, "john.doe");
  // Only '"' and '\' stay escaped.
  EXPECT_EQ(ok("\"a\\\"b\\c\"@example.com", q).local_part, "\"a\\\"bc\"");
  EXPECT_EQ(bad("\"abc@example.com", q).code, errc::unterminated_quote);
  EXPECT_EQ(bad("\"a\"b@example.com", q).code, errc::local_part_character);
  EXPECT_EQ(bad("\"a\x01\"@example.com", q).code, errc::local_part_character);
}

TEST(Email, AddressLiteralsOnlyWhenAsked) {
  EXPECT_EQ(bad("a@[192.0.2.1]").code, errc::address_literal);
  email::options lit;
  lit.allow_address_literal = true;
  const auto a = ok("a@[192.0.2.1]", lit);
  EXPECT_TRUE(a.address_literal);
  EXPECT_EQ(a.ascii_email, "a@[192.0.2.1]");
  ok("a@[IPv6:2001:db8::1]", lit);
  ok("a@[IPv6:1:2:3:4:5:6:7:8]", lit);
  ok("a@[IPv6:::ffff:192.0.2.1]", lit);
  ok("a@[IPv6:1:2:3:4:5:6:192.0.2.1]", lit);
  for (const char* no : {"a@[256.0.0.1]", "a@[1.2.3]", "a@[IPv6:1:2:3:4:5:6:7]",
                         "a@[IPv6:1::2::3]", "a@[IPv6:1:2:3:4:5:6:7::8]", "a@[2001:db8::1]",
                         "a@[x:y]", "a@[192.0.2.1", "a@[IPv6:12345::]"})
    EXPECT_EQ(bad(no, lit).code, errc::invalid_address_literal) << no;
}

TEST(Email, DisplayNameOnlyWhenAsked) {
  EXPECT_EQ(bad("John Doe <john@example.com>").code, errc::local_part_character);
  email::options dn;
  dn.allow_display_name = true;
  const auto a = ok("John Q. Doe <john@Example.com>", dn);
  EXPECT_EQ(a.display_name, "John Q. Doe");
  EXPECT_EQ(a.normalized, "john@example.com");
  EXPECT_EQ(ok("\"Doe, John\" <j@example.com>", dn).display_name, "Doe, John");
  EXPECT_EQ(ok("<j@example.com>", dn).display_name, "");
  EXPECT_EQ(bad("John <j@example.com", dn).code, errc::display_name_syntax);
  EXPECT_EQ(bad("Doe, John <j@example.com>", dn).code, errc::display_name_syntax);
  // Without angle brackets it is a plain addr-spec.
  EXPECT_EQ(ok("j@example.com", dn).normalized, "j@example.com");
}

TEST(Email, DefaultPolicyIsUts46ThenIdna2008AsEmailValidator) {
  // U+2665 is valid in UTS #46 but DISALLOWED in IDNA2008 (RFC 5892
  // category: a symbol): the default refuses it, as email-validator does;
  // the uts46-strict preset alone accepts it.
  EXPECT_EQ(bad("a@\xE2\x99\xA5.com").code, errc::disallowed);
  EXPECT_EQ(bad("a@xn--g6h.com").code, errc::disallowed);
  email::options p;
  p.domain_preset = puny::find_preset("uts46-strict");
  EXPECT_EQ(ok("a@\xE2\x99\xA5.com", p).ascii_domain, "xn--g6h.com");
}

TEST(Email, DomainPolicyIsAnyPreset) {
  // uts46-strict maps U+216B to "xii"; IDNA2008 registration refuses it.
  EXPECT_EQ(ok("a@\xE2\x85\xAB.com").domain, "xii.com");
  email::options p;
  p.domain_preset = puny::find_preset("idna2008");
  ASSERT_NE(p.domain_preset, nullptr);
  EXPECT_EQ(bad("a@\xE2\x85\xAB.com", p).code, errc::disallowed);
  // uts46-raw lets '_' through where uts46-strict refuses it.
  EXPECT_EQ(bad("a@a_b.com").code, errc::std3_disallowed);
  p.domain_preset = puny::find_preset("uts46-raw");
  EXPECT_EQ(ok("a@a_b.com", p).domain, "a_b.com");
}

TEST(Email, DisplayVerdictAndLocalPartSafetyOnRequest) {
  email::options o;
  o.check_display = true;
  o.check_local_part_security = true;
  // Cyrillic "а" (U+0430) beside Latin: not shown by Chromium's profile.
  const auto mixed = ok("a@p\xD0\xB0ypal.com", o);
  EXPECT_TRUE(mixed.display_checked);
  EXPECT_FALSE(mixed.display.all_shown());
  EXPECT_EQ(mixed.display.display.compare(0, 4, "xn--"), 0);
  const auto plain = ok("admin@b\xC3\xBC" "cher.de", o);
  EXPECT_TRUE(plain.display_checked && plain.display.all_shown());
  EXPECT_EQ(plain.display.display, "b\xC3\xBC" "cher.de");
  EXPECT_TRUE(plain.local_part_checked && plain.local_part_safe);
  // Latin + Cyrillic in the local part: above Moderately Restrictive.
  const auto cyr = ok("\xD0\xB0" "dmin@example.com", o);
  EXPECT_FALSE(cyr.local_part_safe);
  EXPECT_EQ(cyr.local_part_rule, "restriction_level");
  // Arabic-Indic and ASCII digits: mixed numbers (UTS #39 5.3).
  const auto num = ok("1\xD9\xA2@example.com", o);
  EXPECT_FALSE(num.local_part_safe);
  EXPECT_EQ(num.local_part_rule, "mixed_numbers");
  // Not asked: not checked.
  EXPECT_FALSE(ok("a@example.com").display_checked);
  EXPECT_FALSE(ok("a@example.com").local_part_checked);
}

TEST(Email, ReusedAddressIsClearedOnFailure) {
  email::address out;
  ASSERT_TRUE(email::validate("a@example.com", {}, out).ok());
  EXPECT_FALSE(email::validate("a@@example.com", {}, out).ok());
  EXPECT_TRUE(out.normalized.empty() && out.local_part.empty() && out.domain.empty());
}

TEST(Email, HugeAndHostileInputsFailWithTheRightErrorAndOffset) {
  // A megabyte local part: too long (checked on the whole input, linearly).
  const std::string big(1 << 20, 'a');
  EXPECT_EQ(bad(big + "@example.com").code, errc::local_part_too_long);
  // A megabyte domain: the IDNA layer's length errors.
  const auto d = bad("a@" + big + ".com");
  EXPECT_TRUE(d.code == errc::label_too_long || d.code == errc::domain_too_long ||
              d.code == errc::input_too_long)
      << puny::to_string(d);
  // A megabyte of dots and of '@' signs: the first offending byte.
  EXPECT_EQ(bad(std::string(1 << 20, '.')).offset, 0u);
  EXPECT_EQ(bad(std::string(1 << 20, '@')).code, errc::empty_local_part);
  // Unterminated quotes, lone backslashes, a '<' without '>'.
  email::options all;
  all.allow_quoted_local_part = all.allow_display_name = all.allow_address_literal = true;
  EXPECT_EQ(bad(std::string(1 << 20, '"'), all).code, errc::local_part_character);
  EXPECT_EQ(bad("\"" + std::string(1 << 20, '\\'), all).code, errc::unterminated_quote);
  EXPECT_EQ(bad("<" + big, all).code, errc::display_name_syntax);
  EXPECT_EQ(bad("a@[" + big + "]", all).code, errc::invalid_address_literal);
  // NUL and other controls are data, refused where they stand.
  const auto nul = bad(std::string("a\0b@example.com", 15));
  EXPECT_EQ(nul.code, errc::local_part_character);
  EXPECT_EQ(nul.offset, 1u);
  EXPECT_EQ(nul.code_point, U'\0');
}
