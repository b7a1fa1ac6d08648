// Spot checks of the generated Unicode tables behind src/unicode/ucd.hpp.
// Every expected value below was read from the Unicode 17.0.0 data files
// (file named in each comment), not from the implementation.

#include "unicode/ucd.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

namespace ucd = puny::detail::ucd;
using ucd::bidi_class;
using ucd::idna2008;
using ucd::idna_status;
using ucd::joining_type;

namespace {

void expect_idna(char32_t c, idna_status st, std::u32string_view mapping) {
  const ucd::idna_entry e = ucd::idna_lookup(c);
  EXPECT_EQ(e.status, st) << "U+" << std::hex << static_cast<unsigned>(c);
  EXPECT_EQ(std::u32string(e.mapping()), std::u32string(mapping))
      << "U+" << std::hex << static_cast<unsigned>(c);
}

}  // namespace

// IdnaMappingTable.txt
TEST(UcdIdna, Ascii) {
  expect_idna(U'A', idna_status::mapped, U"a");
  expect_idna(U'Z', idna_status::mapped, U"z");
  expect_idna(U'a', idna_status::valid, U"");
  expect_idna(U'-', idna_status::valid, U"");
  expect_idna(U'.', idna_status::valid, U"");
  expect_idna(U'/', idna_status::valid, U"");  // NV8, valid since STD3 became U1
  expect_idna(0x00, idna_status::valid, U"");
}

TEST(UcdIdna, NonAscii) {
  expect_idna(0x00DF, idna_status::deviation, U"ss");
  expect_idna(0x03C2, idna_status::deviation, U"\u03C3");
  expect_idna(0x200C, idna_status::deviation, U"");
  expect_idna(0x200D, idna_status::deviation, U"");
  expect_idna(0x00AD, idna_status::ignored, U"");
  expect_idna(0xFE0F, idna_status::ignored, U"");
  expect_idna(0x1D173, idna_status::ignored, U"");
  expect_idna(0x00A0, idna_status::mapped, U" ");
  expect_idna(0x0130, idna_status::mapped, U"i\u0307");
  expect_idna(0x03A3, idna_status::mapped, U"\u03C3");
  expect_idna(0x1E9E, idna_status::mapped, U"\u00DF");
  expect_idna(0xFF21, idna_status::mapped, U"a");
  expect_idna(0xFDFA, idna_status::mapped,
              U"\u0635\u0644\u0649\u0020\u0627\u0644\u0644\u0647\u0020\u0639\u0644\u064A"
              U"\u0647\u0020\u0648\u0633\u0644\u0645");
  expect_idna(0x4E00, idna_status::valid, U"");
  expect_idna(0xFFFF, idna_status::disallowed, U"");
  expect_idna(0xE0001, idna_status::disallowed, U"");
  expect_idna(0x10FFFF, idna_status::disallowed, U"");
  expect_idna(0xD800, idna_status::disallowed, U"");
  expect_idna(0x110000, idna_status::disallowed, U"");  // not a code point
}

// DerivedBidiClass.txt, including its @missing defaults.
TEST(UcdBidi, Classes) {
  EXPECT_EQ(ucd::bidi(U'A'), bidi_class::L);
  EXPECT_EQ(ucd::bidi(0x05D0), bidi_class::R);
  EXPECT_EQ(ucd::bidi(0x0627), bidi_class::AL);
  EXPECT_EQ(ucd::bidi(U'0'), bidi_class::EN);
  EXPECT_EQ(ucd::bidi(U'+'), bidi_class::ES);
  EXPECT_EQ(ucd::bidi(U'$'), bidi_class::ET);
  EXPECT_EQ(ucd::bidi(0x0660), bidi_class::AN);
  EXPECT_EQ(ucd::bidi(0x0600), bidi_class::AN);
  EXPECT_EQ(ucd::bidi(U','), bidi_class::CS);
  EXPECT_EQ(ucd::bidi(0x0301), bidi_class::NSM);
  EXPECT_EQ(ucd::bidi(0x20DD), bidi_class::NSM);
  EXPECT_EQ(ucd::bidi(0x00AD), bidi_class::BN);
  EXPECT_EQ(ucd::bidi(U'\n'), bidi_class::B);
  EXPECT_EQ(ucd::bidi(U'\t'), bidi_class::S);
  EXPECT_EQ(ucd::bidi(U' '), bidi_class::WS);
  EXPECT_EQ(ucd::bidi(0x2028), bidi_class::WS);
  EXPECT_EQ(ucd::bidi(0xFFF9), bidi_class::ON);
  EXPECT_EQ(ucd::bidi(0x202E), bidi_class::RLO);
  EXPECT_EQ(ucd::bidi(0x2067), bidi_class::RLI);
}

TEST(UcdBidi, MissingDefaults) {
  EXPECT_EQ(ucd::bidi(0x05FF), bidi_class::R);    // @missing 0590..05FF Right_To_Left
  EXPECT_EQ(ucd::bidi(0x07BF), bidi_class::AL);   // @missing 0600..07BF Arabic_Letter
  EXPECT_EQ(ucd::bidi(0x20CF), bidi_class::ET);   // @missing 20A0..20CF European_Terminator
  EXPECT_EQ(ucd::bidi(0x1EFFF), bidi_class::R);   // @missing 1EF00..1EFFF Right_To_Left
  EXPECT_EQ(ucd::bidi(0xFFFF), bidi_class::BN);   // listed: noncharacter
  EXPECT_EQ(ucd::bidi(0xE0080), bidi_class::BN);  // listed: reserved default ignorable
  EXPECT_EQ(ucd::bidi(0x10FFFF), bidi_class::BN);
  EXPECT_EQ(ucd::bidi(0x3FFFD), bidi_class::L);   // @missing 0000..10FFFF Left_To_Right
}

// ArabicShaping.txt; unlisted Mn/Me/Cf are T (DerivedJoiningType.txt agrees).
TEST(UcdJoining, Types) {
  EXPECT_EQ(ucd::joining(0x0627), joining_type::R);
  EXPECT_EQ(ucd::joining(0x0628), joining_type::D);
  EXPECT_EQ(ucd::joining(0x0644), joining_type::D);
  EXPECT_EQ(ucd::joining(0x0640), joining_type::C);
  EXPECT_EQ(ucd::joining(0x200D), joining_type::C);
  EXPECT_EQ(ucd::joining(0x200C), joining_type::U);
  EXPECT_EQ(ucd::joining(0xA872), joining_type::L);
  EXPECT_EQ(ucd::joining(0x10AC5), joining_type::R);
  EXPECT_EQ(ucd::joining(0x0301), joining_type::T);  // Mn
  EXPECT_EQ(ucd::joining(0x20DD), joining_type::T);  // Me
  EXPECT_EQ(ucd::joining(0x00AD), joining_type::T);  // Cf
  EXPECT_EQ(ucd::joining(0x0903), joining_type::U);  // Mc is not T
  EXPECT_EQ(ucd::joining(U'a'), joining_type::U);
}

// UnicodeData.txt field 2.
TEST(UcdMark, GeneralCategoryM) {
  EXPECT_TRUE(ucd::is_mark(0x0301));   // Mn
  EXPECT_TRUE(ucd::is_mark(0x0903));   // Mc
  EXPECT_TRUE(ucd::is_mark(0x20DD));   // Me
  EXPECT_TRUE(ucd::is_mark(0x094D));   // Mn
  EXPECT_TRUE(ucd::is_mark(0xE0100));  // Mn, VARIATION SELECTOR-17
  EXPECT_FALSE(ucd::is_mark(U'a'));
  EXPECT_FALSE(ucd::is_mark(0x00AD));  // Cf
  EXPECT_FALSE(ucd::is_mark(0x0627));
}

// UnicodeData.txt field 3 / DerivedCombiningClass.txt.
TEST(UcdCombiningClass, Values) {
  EXPECT_EQ(ucd::combining_class(U'A'), 0);
  EXPECT_EQ(ucd::combining_class(0x094D), 9);  // Virama
  EXPECT_EQ(ucd::combining_class(0x0301), 230);
  EXPECT_EQ(ucd::combining_class(0x0316), 220);
  EXPECT_EQ(ucd::combining_class(0x05B0), 10);
  EXPECT_EQ(ucd::combining_class(0x0903), 0);
  EXPECT_EQ(ucd::combining_class(0x1D165), 216);
  EXPECT_EQ(ucd::combining_class(0x10FFFF), 0);
}

// Idna2008.txt
TEST(UcdIdna2008, Property) {
  EXPECT_EQ(ucd::idna2008_property(0x4E00), idna2008::pvalid);
  EXPECT_EQ(ucd::idna2008_property(U'a'), idna2008::pvalid);
  EXPECT_EQ(ucd::idna2008_property(U'-'), idna2008::pvalid);
  EXPECT_EQ(ucd::idna2008_property(U'A'), idna2008::disallowed);
  EXPECT_EQ(ucd::idna2008_property(0x200C), idna2008::contextj);
  EXPECT_EQ(ucd::idna2008_property(0x200D), idna2008::contextj);
  EXPECT_EQ(ucd::idna2008_property(0x00B7), idna2008::contexto);
  EXPECT_EQ(ucd::idna2008_property(0x0660), idna2008::contexto);
  EXPECT_EQ(ucd::idna2008_property(0x0378), idna2008::unassigned);
  EXPECT_EQ(ucd::idna2008_property(0xFFFF), idna2008::disallowed);
  EXPECT_EQ(ucd::idna2008_property(0x3FFFD), idna2008::unassigned);
}

// UAX #15 examples.
TEST(UcdNfc, Basics) {
  EXPECT_EQ(ucd::nfc(U""), U"");
  EXPECT_EQ(ucd::nfc(U"abc"), U"abc");
  EXPECT_EQ(ucd::nfc(U"e\u0301"), U"\u00E9");
  EXPECT_EQ(ucd::nfc(U"\u00E9"), U"\u00E9");
  EXPECT_EQ(ucd::nfc(U"\u212B"), U"\u00C5");            // singleton ANGSTROM SIGN
  EXPECT_EQ(ucd::nfc(U"\u0344"), U"\u0308\u0301");      // non-starter decomposition
  EXPECT_EQ(ucd::nfc(U"a\u0323\u0302"), U"\u1EAD");      // reordering not needed
  EXPECT_EQ(ucd::nfc(U"a\u0302\u0323"), U"\u1EAD");      // canonical reordering
  EXPECT_EQ(ucd::nfc(U"\u1100\u1161\u11A8"), U"\uAC01");  // Hangul L V T
  EXPECT_EQ(ucd::nfc(U"\uAC00\u11A8"), U"\uAC01");        // Hangul LV T
  EXPECT_EQ(ucd::nfc(U"\uAC01"), U"\uAC01");
  EXPECT_EQ(ucd::nfc(U"\u0958"), U"\u0915\u093C");       // composition exclusion
  EXPECT_EQ(ucd::nfc(U"x\u0301\u0301"), U"x\u0301\u0301");
  EXPECT_EQ(ucd::nfc(U"a\u0301\u0301"), U"\u00E1\u0301");  // second acute is blocked
}

TEST(UcdNfc, IsNfcAndQuickCheck) {
  EXPECT_TRUE(ucd::is_nfc(U""));
  EXPECT_TRUE(ucd::is_nfc(U"example"));
  EXPECT_TRUE(ucd::is_nfc(U"\u00E9"));
  EXPECT_FALSE(ucd::is_nfc(U"e\u0301"));
  EXPECT_FALSE(ucd::is_nfc(U"\u212B"));
  EXPECT_FALSE(ucd::is_nfc(U"a\u0301\u0323"));  // out of canonical order
  EXPECT_TRUE(ucd::is_nfc(U"x\u0301"));         // MAYBE, but NFC
  EXPECT_EQ(ucd::nfc_quick_check(U"abc"), ucd::quick_check::yes);
  EXPECT_EQ(ucd::nfc_quick_check(U"x\u0301"), ucd::quick_check::maybe);
  EXPECT_EQ(ucd::nfc_quick_check(U"\u212B"), ucd::quick_check::no);

  std::u32string out = U"prefix:";
  ucd::nfc_append(U"e\u0301", out);
  EXPECT_EQ(out, U"prefix:\u00E9");
}

TEST(UcdNfc, LongRunOfMarks) {
  // Hostile input: many non-starters in reverse ccc order take the long-run
  // (counting sort) path and must still come out canonically ordered, and
  // stably: U+0301 and U+0300 share ccc 230 and keep their order (D109).
  std::u32string s = U"x";  // no precomposed x with these marks
  for (int i = 0; i < 500; ++i) s += U"\u0301\u0316\u0300";
  const std::u32string n = ucd::nfc(s);
  ASSERT_EQ(n.size(), s.size());
  EXPECT_EQ(n[0], U'x');
  for (std::size_t i = 1; i <= 500; ++i) EXPECT_EQ(n[i], U'\u0316');
  for (std::size_t i = 501; i < n.size(); ++i)
    EXPECT_EQ(n[i], (i - 501) % 2 == 0 ? U'\u0301' : U'\u0300') << i;
  EXPECT_TRUE(ucd::is_nfc(n));
}

TEST(UcdNfc, RandomStringsAreConsistent) {
  // Starters, Hangul jamo and syllables, marks of several classes,
  // singletons, exclusions and code points that compose backwards.
  const char32_t pool[] = {U'a',   U'e',   U'o',   U'x',   0x00E9, 0x0301, 0x0302, 0x0308,
                           0x0316, 0x0323, 0x0345, 0x0344, 0x0958, 0x093C, 0x094D, 0x1100,
                           0x1161, 0x11A8, 0xAC00, 0xAC01, 0x212B, 0x0B47, 0x0B3E, 0x0B57,
                           0x0CC6, 0x0CC2, 0x0CD5, 0x1FBE, 0x03B1, 0x0313, 0x05B0, 0x1D165,
                           0x1D16E, 0x0F71, 0x0F72, 0x0F74, 0x3099, 0x304B, 0x1E0A, 0x0307};
  std::uint32_t state = 12345;
  const auto next = [&state]() {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  };
  for (int iter = 0; iter < 20000; ++iter) {
    std::u32string s;
    const std::uint32_t len = next() % 12;
    for (std::uint32_t i = 0; i < len; ++i) s.push_back(pool[next() % std::size(pool)]);
    const std::u32string n = ucd::nfc(s);
    ASSERT_EQ(ucd::nfc(n), n) << "not idempotent, iteration " << iter;
    ASSERT_TRUE(ucd::is_nfc(n)) << "iteration " << iter;
    ASSERT_EQ(ucd::is_nfc(s), n == s) << "iteration " << iter;
  }
}

// idna_plain_kind reads a generated bitmap (src/tables/idna_plain.inc).
// Recompute every BMP entry from the individual look-ups so the bitmap and
// the definition in ucd.hpp cannot drift apart.
TEST(UcdPlain, BitmapMatchesLookups) {
  int mismatches = 0;
  int counts[4] = {0, 0, 0, 0};
  for (char32_t c = 0; c < 0x10000; ++c) {
    // NFC-stable: ccc 0 and NFC_Quick_Check=Yes (UAX #15 section 9); for a
    // single code point the string quick check is exactly its NFC_QC.
    const bool stable =
        ucd::combining_class(c) == 0 &&
        ucd::nfc_quick_check(std::u32string_view(&c, 1)) == ucd::quick_check::yes;
    const bool plain =
        ucd::idna_lookup(c).status == idna_status::valid && !ucd::is_mark(c) && stable;
    const bidi_class b = ucd::bidi(c);
    const bool rtl = b == bidi_class::R || b == bidi_class::AL || b == bidi_class::AN;
    // Kind 3, a valid mark: valid and NFC_QC=Yes, but a mark or ccc > 0,
    // and not R, AL or AN.
    const bool valid_mark = !plain && ucd::idna_lookup(c).status == idna_status::valid &&
                            ucd::nfc_quick_check(std::u32string_view(&c, 1)) ==
                                ucd::quick_check::yes &&
                            !rtl;
    const unsigned expected = plain ? (rtl ? 2u : 1u) : valid_mark ? 3u : 0u;
    const unsigned got = ucd::idna_plain_kind(c);
    ++counts[got];
    if (got != expected && ++mismatches <= 20) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<unsigned>(c) << ": bitmap " << got
                    << ", look-ups " << expected;
    }
  }
  EXPECT_EQ(mismatches, 0);
  // Sanity: most of the BMP is plain, a few hundred code points are RTL.
  EXPECT_GT(counts[1], 40000);
  EXPECT_GT(counts[2], 400);
  EXPECT_GT(counts[3], 1000);
}

// Spot checks against the data files (IdnaMappingTable.txt, UnicodeData.txt,
// DerivedBidiClass.txt, DerivedNormalizationProps.txt).
TEST(UcdPlain, Kinds) {
  EXPECT_EQ(ucd::idna_plain_kind(U'a'), 1u);
  EXPECT_EQ(ucd::idna_plain_kind(U'-'), 1u);
  EXPECT_EQ(ucd::idna_plain_kind(U'A'), 0u);     // mapped
  EXPECT_EQ(ucd::idna_plain_kind(0x00E9), 1u);   // valid, L
  EXPECT_EQ(ucd::idna_plain_kind(0x4E00), 1u);
  EXPECT_EQ(ucd::idna_plain_kind(0xAC00), 1u);   // Hangul syllable, NFC_QC=Yes
  EXPECT_EQ(ucd::idna_plain_kind(0x06F0), 1u);   // EN
  EXPECT_EQ(ucd::idna_plain_kind(0x05D0), 2u);   // R
  EXPECT_EQ(ucd::idna_plain_kind(0x0627), 2u);   // AL
  EXPECT_EQ(ucd::idna_plain_kind(0x0660), 2u);   // AN
  EXPECT_EQ(ucd::idna_plain_kind(0x00DF), 0u);   // deviation
  EXPECT_EQ(ucd::idna_plain_kind(0x200C), 0u);   // deviation
  EXPECT_EQ(ucd::idna_plain_kind(0x0301), 0u);   // Mn, ccc 230, NFC_QC=Maybe
  EXPECT_EQ(ucd::idna_plain_kind(0x0316), 3u);   // Mn, ccc 220: a valid mark
  EXPECT_EQ(ucd::idna_plain_kind(0x093C), 0u);   // Devanagari nukta, ccc 7, NFC_QC=Maybe
  EXPECT_EQ(ucd::idna_plain_kind(0x094D), 3u);   // Devanagari virama, ccc 9
  EXPECT_EQ(ucd::idna_plain_kind(0x0E38), 3u);   // Thai sara u, ccc 103
  EXPECT_EQ(ucd::idna_plain_kind(0x093E), 3u);   // Mc, ccc 0
  EXPECT_EQ(ucd::idna_plain_kind(0x05B0), 3u);   // Hebrew point sheva: Mn, NSM (not R)
  EXPECT_EQ(ucd::idna_plain_kind(0x1161), 0u);   // valid, but NFC_QC=Maybe
  EXPECT_EQ(ucd::idna_plain_kind(0x0B3E), 0u);   // Mc, NFC_QC=Maybe
  EXPECT_EQ(ucd::idna_plain_kind(0xD800), 0u);   // surrogate
  EXPECT_EQ(ucd::idna_plain_kind(0xFFFF), 0u);   // disallowed
  EXPECT_EQ(ucd::idna_plain_kind(0x10000), 0u);  // valid, but beyond the BMP
  EXPECT_EQ(ucd::idna_plain_kind(0x20000), 0u);
  EXPECT_EQ(ucd::idna_plain_kind(0x10FFFF), 0u);
  EXPECT_EQ(ucd::idna_plain_kind(0xFFFFFFFF), 0u);
}
