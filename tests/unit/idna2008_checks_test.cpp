// The label checks one at a time (puny/idna2008.hpp) and one row of the
// UTS #46 mapping table (puny::idna::mapping_of), as callers that compose
// their own order of checks use them (the Python package's puny.idna).
// Expectations come from the RFCs' rules and the tables' documented rows.
#include <gtest/gtest.h>

#include <cstdint>
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

// first_context_failure (one pass over the label) must name the same code
// point as asking contextj_holds / contexto_holds position by position, in
// registration's reading and in lookup's (a CONTEXTO code point needs a rule
// only).  Labels are drawn from the code points each rule reads.
TEST(Idna2008Checks, FirstContextFailureAgreesWithThePerPositionRules) {
  const std::u32string alphabet = {
      U'l', U'a', 0x00B7, 0x0375, 0x03B1, 0x05D0, 0x05F3, 0x05F4, 0x30FB, 0x30A2, 0x4E00,
      0x3042, 0x0660, 0x0661, 0x06F0, 0x06F5, 0x200C, 0x200D, 0x0628, 0x0627, 0x064B, 0x094D};
  std::uint32_t state = 12345;
  const auto next = [&state] {
    state = state * 1103515245u + 12345u;
    return state >> 8;
  };
  std::size_t failures_seen = 0;
  for (int round = 0; round < 20000; ++round) {
    std::u32string label(1 + next() % 10, U'a');
    for (char32_t& c : label) c = alphabet[next() % alphabet.size()];
    for (const bool evaluate : {true, false}) {
      std::size_t expected = std::u32string_view::npos;
      for (std::size_t i = 0; i < label.size() && expected == std::u32string_view::npos; ++i) {
        const i8::property p = i8::derived_property(label[i]);
        const bool fails =
            (p == i8::property::contextj && !i8::contextj_holds(label, i)) ||
            (p == i8::property::contexto &&
             (evaluate ? !i8::contexto_holds(label, i) : i8::contexto_rule(label[i]) == 0));
        if (fails) expected = i;
      }
      ASSERT_EQ(i8::first_context_failure(label, evaluate), expected)
          << "round " << round << (evaluate ? " (registration)" : " (lookup)");
      if (expected != std::u32string_view::npos) ++failures_seen;
    }
  }
  // The draw exercises both outcomes.
  EXPECT_GT(failures_seen, 1000u);
  EXPECT_LT(failures_seen, 39000u);
}

// The whole-label rules A.7-A.9 in first_context_failure, spelled out.
TEST(Idna2008Checks, FirstContextFailureOfTheWholeLabelRules) {
  constexpr auto none = std::u32string_view::npos;
  EXPECT_EQ(i8::first_context_failure(U"\u0660\u0661\u0662"), none);
  EXPECT_EQ(i8::first_context_failure(U"\u0660\u0661\u06F2"), 0u);  // A.8 fails at the first
  EXPECT_EQ(i8::first_context_failure(U"\u06F0\u0660"), 0u);          // A.9
  EXPECT_EQ(i8::first_context_failure(U"\u30FB\u30FB\u4E00"), none);  // A.7: Han after
  EXPECT_EQ(i8::first_context_failure(U"\u30FB\u30FB"), 0u);
  EXPECT_EQ(i8::first_context_failure(U"a\u30FB", false), none);  // lookup: a rule suffices
  EXPECT_EQ(i8::first_context_failure(U"\u094D\u200Da\u200D"), 3u);  // only the second joiner
  EXPECT_EQ(i8::first_context_failure(U"\u094D\u200Da\u200D", false), 3u);  // CONTEXTJ in lookup too
  EXPECT_EQ(i8::first_context_failure(U""), none);
  // A long label of digits is one pass: the failure at the end is found.
  std::u32string digits(200000, 0x0660);
  EXPECT_EQ(i8::first_context_failure(digits), none);
  digits.back() = 0x06F0;
  EXPECT_EQ(i8::first_context_failure(digits), 0u);
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
