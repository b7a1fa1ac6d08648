// The label checks one at a time (puny/idna2008.hpp) and one row of the
// UTS #46 mapping table (puny::idna::mapping_of), as callers that compose
// their own order of checks use them (the Python package's puny.idna).
// Expectations come from the RFCs' rules and the tables' documented rows.
#include <gtest/gtest.h>

#include <string>

#include "puny/idna.hpp"
#include "puny/idna2008.hpp"

namespace {

namespace i8 = puny::idna2008;
using puny::idna::mapping_status;

TEST(Idna2008Checks, ContextJRulesOfAppendixA1AndA2) {
  EXPECT_TRUE(i8::contextj_holds(U"\u094D\u200C", 1));   // A.1: after a virama
  EXPECT_TRUE(i8::contextj_holds(U"\u0628\u200C\u0628", 1));  // A.1: between dual-joining letters
  EXPECT_FALSE(i8::contextj_holds(U"a\u200Cb", 1));
  EXPECT_FALSE(i8::contextj_holds(U"\u200C", 0));
  EXPECT_TRUE(i8::contextj_holds(U"\u094D\u200D", 1));   // A.2: after a virama
  EXPECT_FALSE(i8::contextj_holds(U"\u0628\u200D\u0628", 1));  // A.2 has no joining-type rule
  EXPECT_FALSE(i8::contextj_holds(U"ab", 0));             // not a joiner
  EXPECT_FALSE(i8::contextj_holds(U"\u094D\u200D", 2));   // past the end
  // A later failing joiner does not make an earlier one fail.
  EXPECT_TRUE(i8::contextj_holds(U"\u094D\u200Da\u200D", 1));
  EXPECT_FALSE(i8::contextj_holds(U"\u094D\u200Da\u200D", 3));
}

TEST(Idna2008Checks, ContextORulesOfAppendixA3ToA9) {
  EXPECT_EQ(i8::contexto_rule(0x00B7), 3);
  EXPECT_EQ(i8::contexto_rule(0x0375), 4);
  EXPECT_EQ(i8::contexto_rule(0x30FB), 7);
  EXPECT_EQ(i8::contexto_rule(0x0660), 8);
  EXPECT_EQ(i8::contexto_rule(0x06F0), 9);
  EXPECT_EQ(i8::contexto_rule(U'a'), 0);
  EXPECT_TRUE(i8::contexto_holds(U"l\u00B7l", 1));
  EXPECT_FALSE(i8::contexto_holds(U"a\u00B7l", 1));
  EXPECT_TRUE(i8::contexto_holds(U"\u0375\u03B1", 0));
  EXPECT_FALSE(i8::contexto_holds(U"\u0375a", 0));
  EXPECT_TRUE(i8::contexto_holds(U"\u05D0\u05F3", 1));
  EXPECT_FALSE(i8::contexto_holds(U"a\u05F3", 1));
  EXPECT_TRUE(i8::contexto_holds(U"\u30A1\u30FB", 1));
  EXPECT_FALSE(i8::contexto_holds(U"\u30FB", 0));
  EXPECT_TRUE(i8::contexto_holds(U"\u0660\u0661", 0));
  EXPECT_FALSE(i8::contexto_holds(U"\u0660\u06F1", 0));
  EXPECT_FALSE(i8::contexto_holds(U"ab", 0));  // no rule
}

TEST(Idna2008Checks, BidiRuleOfRfc5893) {
  EXPECT_FALSE(i8::is_rtl_label(U"abc"));
  EXPECT_TRUE(i8::is_rtl_label(U"a\u0660"));  // AN makes an RTL label
  EXPECT_EQ(i8::bidi_rule_failures(U"abc"), 0u);
  EXPECT_EQ(i8::bidi_rule_failures(U"\u05D0\u05D1"), 0u);
  EXPECT_EQ(i8::bidi_rule_failures(U"\u0660"), 1u << 0);  // rule 1: starts with AN
  EXPECT_NE(i8::bidi_rule_failures(U"\u05D0a") & (1u << 1), 0u);  // rule 2: L in an RTL label
  EXPECT_NE(i8::bidi_rule_failures(U"\u05D0!") & (1u << 2), 0u);  // rule 3: ends with ON
  EXPECT_NE(i8::bidi_rule_failures(U"\u05D01\u0661") & (1u << 3), 0u);  // rule 4: EN and AN
  EXPECT_NE(i8::bidi_rule_failures(U"a\u05D0") & (1u << 4), 0u);  // rule 5: R in an LTR label
  EXPECT_NE(i8::bidi_rule_failures(U"a!") & (1u << 5), 0u);  // rule 6: ends with ON
}

TEST(Idna2008Checks, NormalizationAndMarks) {
  EXPECT_TRUE(i8::is_nfc(U"\u00E9"));
  EXPECT_FALSE(i8::is_nfc(U"e\u0301"));
  EXPECT_EQ(i8::nfc(U"e\u0301"), U"\u00E9");
  EXPECT_TRUE(i8::is_combining_mark(0x0301));
  EXPECT_TRUE(i8::is_combining_mark(0x093E));  // Mc
  EXPECT_FALSE(i8::is_combining_mark(U'a'));
  EXPECT_FALSE(i8::is_combining_mark(0x110000));
}

TEST(Uts46Mapping, RowsOfIdnaMappingTable) {
  auto m = puny::idna::mapping_of(U'A');
  EXPECT_EQ(m.status, mapping_status::mapped);
  EXPECT_EQ(std::u32string(m.replacement), U"a");
  EXPECT_EQ(puny::idna::mapping_of(U'a').status, mapping_status::valid);
  m = puny::idna::mapping_of(0x00DF);  // ß: deviation, "ss" when transitional
  EXPECT_EQ(m.status, mapping_status::deviation);
  EXPECT_EQ(std::u32string(m.replacement), U"ss");
  m = puny::idna::mapping_of(0x200C);  // deviation to nothing
  EXPECT_EQ(m.status, mapping_status::deviation);
  EXPECT_TRUE(m.replacement.empty());
  EXPECT_EQ(puny::idna::mapping_of(0x00AD).status, mapping_status::ignored);  // soft hyphen
  m = puny::idna::mapping_of(0x3002);  // ideographic full stop
  EXPECT_EQ(m.status, mapping_status::mapped);
  EXPECT_EQ(std::u32string(m.replacement), U".");
  EXPECT_EQ(puny::idna::mapping_of(0x0080).status, mapping_status::disallowed);
  EXPECT_EQ(puny::idna::mapping_of(0xD800).status, mapping_status::disallowed);
  EXPECT_EQ(puny::idna::mapping_of(0x110000).status, mapping_status::disallowed);
}

}  // namespace
