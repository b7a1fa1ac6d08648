// RFC 5893 section 2: the Bidi rule, applied by UTS #46 section 4.1 (V8,
// CheckBidi) to every label of a Bidi domain name.
#include "idna/internal.hpp"

#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace {

namespace ucd = puny::detail::ucd;
using bc = ucd::bidi_class;

// One bit per Bidi_Class value so that the "only these classes" rules are a
// single mask test.
constexpr unsigned bit(bc c) noexcept { return 1u << static_cast<unsigned>(c); }

constexpr unsigned common_allowed =
    bit(bc::EN) | bit(bc::ES) | bit(bc::CS) | bit(bc::ET) | bit(bc::ON) | bit(bc::BN) |
    bit(bc::NSM);
// RFC 5893 rule 2: classes allowed in an RTL label.
constexpr unsigned rtl_allowed = common_allowed | bit(bc::R) | bit(bc::AL) | bit(bc::AN);
// RFC 5893 rule 5: classes allowed in an LTR label.
constexpr unsigned ltr_allowed = common_allowed | bit(bc::L);
// RFC 5893 rule 3: classes that may end an RTL label (before trailing NSMs).
constexpr unsigned rtl_end = bit(bc::R) | bit(bc::AL) | bit(bc::EN) | bit(bc::AN);
// RFC 5893 rule 6: classes that may end an LTR label (before trailing NSMs).
constexpr unsigned ltr_end = bit(bc::L) | bit(bc::EN);
}  // namespace

bool is_rtl(char32_t c) noexcept {
  // In Unicode 17 and 18 every R, AL and AN code point (unassigned ones included,
  // by DerivedBidiClass.txt's defaults) lies in U+0590..U+08FF, U+200F,
  // U+FB1D..U+FEFE or U+10800..U+1EFFF; skip the table elsewhere.  The
  // table decides inside those ranges; tests/unit/idna_test.cpp checks the
  // ranges against the table for every code point.
  if (c < 0x0590 || (c > 0x08FF && c < 0xFB1D && c != 0x200F) || (c > 0xFEFE && c < 0x10800) ||
      c > 0x1EFFF)
    return false;
  const bc k = ucd::bidi(c);
  return k == bc::R || k == bc::AL || k == bc::AN;
}

unsigned bidi_rule_failures(std::u32string_view label) noexcept {
  if (label.empty()) return 0;
  unsigned failed = 0;
  // One pass: the classes present, the first one and the last that is not
  // NSM (rules 3 and 6; when rule 1 holds, one exists).
  const ucd::bidi_summary sum = ucd::summarize_bidi(label);
  // Rule 1: the first character must be L, R or AL; it fixes the direction.
  const bc first = sum.first;
  const bool rtl = first == bc::R || first == bc::AL;
  const bool ltr = first == bc::L;
  if (!rtl && !ltr) return 1u << 0;
  const unsigned seen = sum.seen;
  const unsigned last = bit(sum.last);

  if (rtl) {
    if ((seen & ~rtl_allowed) != 0) failed |= 1u << 1;               // rule 2
    if ((last & rtl_end) == 0) failed |= 1u << 2;                    // rule 3
    if ((seen & bit(bc::EN)) && (seen & bit(bc::AN))) failed |= 1u << 3;  // rule 4
  } else {
    if ((seen & ~ltr_allowed) != 0) failed |= 1u << 4;  // rule 5
    if ((last & ltr_end) == 0) failed |= 1u << 5;       // rule 6
  }
  return failed;
}

}  // namespace puny::idna::detail
