// RFC 5892 appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH
// JOINER): the CONTEXTJ rules UTS #46 section 4.1 applies under
// CheckJoiners (status codes C1 and C2).
#include "idna/internal.hpp"

#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace {

namespace ucd = puny::detail::ucd;
using jt = ucd::joining_type;

constexpr char32_t zwnj = 0x200C;
constexpr char32_t zwj = 0x200D;
constexpr std::uint8_t virama = 9;  // Canonical_Combining_Class=Virama

// RFC 5892 A.1 second rule: the regular expression
//   (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
// matched around position i.
bool joining_context_ok(std::u32string_view s, std::size_t i) noexcept {
  std::size_t b = i;
  jt before = jt::U;
  bool found_before = false;
  while (b > 0) {
    const jt t = ucd::joining(s[b - 1]);
    if (t == jt::T) {
      --b;
      continue;
    }
    before = t;
    found_before = true;
    break;
  }
  if (!found_before || (before != jt::L && before != jt::D)) return false;
  for (std::size_t a = i + 1; a < s.size(); ++a) {
    const jt t = ucd::joining(s[a]);
    if (t == jt::T) continue;
    return t == jt::R || t == jt::D;
  }
  return false;
}

}  // namespace

bool contextj_rule_holds(std::u32string_view label, std::size_t i) noexcept {
  const char32_t c = label[i];
  if (c != zwnj && c != zwj) return false;
  // A.1 and A.2 first rule: If Canonical_Combining_Class(Before(cp)) .eq.
  // Virama Then True.
  if (i > 0 && ucd::combining_class(label[i - 1]) == virama) return true;
  // A.1 only: the joining-type context.  Its scans stop at the first code
  // point that is not Joining_Type T; the joiners themselves are not T, so
  // each run of T is scanned at most twice over the whole label.
  return c == zwnj && joining_context_ok(label, i);
}

std::size_t next_contextj_failure(std::u32string_view label, std::size_t from) noexcept {
  for (std::size_t i = from; i < label.size(); ++i) {
    const char32_t c = label[i];
    if ((c == zwnj || c == zwj) && !contextj_rule_holds(label, i)) return i;
  }
  return std::u32string_view::npos;
}

}  // namespace puny::idna::detail
