// puny: UTS #39 (Unicode Security Mechanisms) building blocks, from the
// Unicode data of this build's version (puny::unicode::unicode_version):
// security/IdentifierStatus.txt, IdentifierType.txt, confusables.txt,
// intentional.txt and ucd/Scripts.txt, ScriptExtensions.txt,
// PropertyValueAliases.txt, made into tables by tools/gen_tables.
//
// These are the pieces; puny/display.hpp puts them together into the
// browsers' "show Unicode or keep the A-label" decisions.  Nothing here
// allocates except the functions that return strings, and nothing throws
// except std::bad_alloc.  Input strings are Unicode scalar values (UTF-32)
// unless a function says it takes UTF-8; values that are not scalar values
// have no properties (Restricted, no type, script Unknown).
//
// Linking: only programs that call these functions carry their tables
// (their own translation units), so Punycode-only and UTS #46-only users do
// not pay for them.
#pragma once

#include "puny/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::uts39 {

// ---- Section 3.1: Identifier_Status and Identifier_Type ----

// Identifier_Status (IdentifierStatus.txt); code points the file does not
// list are Restricted.
enum class identifier_status : std::uint8_t { restricted, allowed };
identifier_status identifier_status_of(char32_t c) noexcept;

// Identifier_Type values (IdentifierType.txt), one bit each: a code point
// has a set of them.  Unlisted code points are Not_Character.
enum class identifier_type : std::uint16_t {
  not_character = 1u << 0,
  deprecated = 1u << 1,
  default_ignorable = 1u << 2,
  not_nfkc = 1u << 3,
  not_xid = 1u << 4,
  exclusion = 1u << 5,
  obsolete = 1u << 6,
  technical = 1u << 7,
  uncommon_use = 1u << 8,
  limited_use = 1u << 9,
  inclusion = 1u << 10,
  recommended = 1u << 11,
};
struct identifier_types {
  std::uint16_t bits = 0;
  constexpr bool has(identifier_type t) const noexcept {
    return (bits & static_cast<std::uint16_t>(t)) != 0;
  }
};
identifier_types identifier_types_of(char32_t c) noexcept;
// The value as the data file spells it: "Not_Character", "Uncommon_Use", ...
std::string_view to_string(identifier_type t) noexcept;

// ---- Scripts (UAX #24) and UTS #39 section 5.1 script sets ----

// A script of this build's Unicode version, or one of UTS #39's augmented
// pseudo-scripts.  The first ids are fixed (below); the others follow in
// alphabetical order of their ISO 15924 code and depend on the version.
using script_id = std::uint16_t;
namespace scripts {
inline constexpr script_id common = 0;     // Zyyy
inline constexpr script_id inherited = 1;  // Zinh
inline constexpr script_id unknown = 2;    // Zzzz
inline constexpr script_id latin = 3;      // Latn
inline constexpr script_id greek = 4;      // Grek
inline constexpr script_id cyrillic = 5;   // Cyrl
inline constexpr script_id han = 6;        // Hani
inline constexpr script_id hiragana = 7;   // Hira
inline constexpr script_id katakana = 8;   // Kana
inline constexpr script_id hangul = 9;     // Hang
inline constexpr script_id bopomofo = 10;  // Bopo
inline constexpr script_id japanese = 11;  // Jpan (augmented: Han + Hiragana + Katakana)
inline constexpr script_id korean = 12;    // Kore (augmented: Han + Hangul)
inline constexpr script_id han_with_bopomofo = 13;  // Hanb (augmented: Han + Bopomofo)
}  // namespace scripts

// Number of script ids (every id is below it).
std::size_t script_count() noexcept;
// ISO 15924 code ("Latn") and Unicode name ("Latin"); empty for an id out
// of range.
std::string_view script_code(script_id s) noexcept;
std::string_view script_name(script_id s) noexcept;
// Look up by code or long name, case-insensitively ("latn", "Latin").
// Returns false when there is no such script.
bool find_script(std::string_view code_or_name, script_id& out) noexcept;

// The Script property of a code point (Scripts.txt; Unknown if unlisted).
script_id script_of(char32_t c) noexcept;

// A set of scripts.  The "ALL" set of UTS #39 section 5.1 (what Common and
// Inherited characters contribute) is its own state: it contains every
// script, and intersecting with it changes nothing.
class script_set {
 public:
  static constexpr std::size_t capacity = 256;

  constexpr script_set() noexcept = default;
  // From the four 64-bit words of the bit set (bit i = script id i).
  static constexpr script_set from_words(const std::array<std::uint64_t, capacity / 64>& w) noexcept {
    script_set s;
    s.words_ = w;
    return s;
  }
  static constexpr script_set all() noexcept {
    script_set s;
    s.all_ = true;
    return s;
  }

  constexpr bool is_all() const noexcept { return all_; }
  constexpr bool empty() const noexcept {
    if (all_) return false;
    for (auto w : words_)
      if (w != 0) return false;
    return true;
  }
  constexpr bool contains(script_id s) const noexcept {
    return all_ || (s < capacity && ((words_[s / 64] >> (s % 64)) & 1u) != 0);
  }
  constexpr void insert(script_id s) noexcept {
    if (s < capacity) words_[s / 64] |= std::uint64_t{1} << (s % 64);
  }
  constexpr void erase(script_id s) noexcept {
    if (s < capacity) words_[s / 64] &= ~(std::uint64_t{1} << (s % 64));
  }
  // Number of scripts; script_count() for ALL.
  std::size_t size() const noexcept;
  // Intersection and union; ALL is the identity of intersection.
  script_set& operator&=(const script_set& o) noexcept;
  script_set& operator|=(const script_set& o) noexcept;
  friend script_set operator&(script_set a, const script_set& b) noexcept { return a &= b; }
  friend script_set operator|(script_set a, const script_set& b) noexcept { return a |= b; }
  friend bool operator==(const script_set& a, const script_set& b) noexcept {
    return a.all_ == b.all_ && a.words_ == b.words_;
  }
  friend bool operator!=(const script_set& a, const script_set& b) noexcept { return !(a == b); }
  // Iteration over the explicit members (not over ALL): the first id at or
  // after `from`, or capacity when there is none.
  script_id next(script_id from = 0) const noexcept;

 private:
  std::array<std::uint64_t, capacity / 64> words_{};
  bool all_ = false;
};

// Script_Extensions (ScriptExtensions.txt; the Script value where it has
// none).  Common and Inherited give ALL, as UTS #39 section 5.1 requires.
script_set script_extensions(char32_t c) noexcept;
// Section 5.1 augmented script set: the script extensions plus Hanb, Jpan
// and Kore where Han, Hiragana, Katakana, Hangul or Bopomofo is present.
script_set augmented_script_set(char32_t c) noexcept;
// Section 5.1 resolved script set of a string: the intersection of the
// augmented script sets of its characters.  Empty means mixed-script.
script_set resolved_script_set(std::u32string_view s) noexcept;
inline bool is_single_script(std::u32string_view s) noexcept { return !resolved_script_set(s).empty(); }

// ---- Section 5.2: restriction levels ----
// "In the identifier profile" is the General Security Profile: every
// character has Identifier_Status Allowed.
enum class restriction_level : std::uint8_t {
  ascii_only = 1,
  single_script,
  highly_restrictive,
  moderately_restrictive,
  minimally_restrictive,
  unrestricted,
};
std::string_view to_string(restriction_level r) noexcept;  // "highly_restrictive"
restriction_level restriction_level_of(std::u32string_view s) noexcept;
// The same levels judged on scripts alone, as if every character were in
// the identifier profile: for policies with a character set of their own
// (Chromium's allowed set), which check characters separately.
restriction_level script_restriction_level(std::u32string_view s) noexcept;

// ---- Section 5.3: mixed-number detection ----
// Index (code point position in s) of the first decimal digit (gc=Nd) whose
// numbering system (its zero) differs from the first digit's, or npos when
// all digits are of one system.
std::size_t mixed_numbers_at(std::u32string_view s) noexcept;
inline bool has_mixed_numbers(std::u32string_view s) noexcept {
  return mixed_numbers_at(s) != std::u32string_view::npos;
}

// ---- Section 4: confusable detection ----
// skeleton(X): NFD, drop Default_Ignorable_Code_Point characters, replace
// each character by its prototype (confusables.txt), NFD again, as the
// spec's revision for this Unicode version gives it.  Idempotent.
std::u32string skeleton(std::u32string_view s);
// UTF-8 in and out; fails with errc::invalid_utf8 (offset of the ill-formed
// sequence) and nothing else.
result<std::string> skeleton(std::string_view utf8);
// The same into `out` (replaced, its capacity reused: no allocation once it
// is large enough), for loops over many strings.
status skeleton(std::string_view utf8, std::string& out);

// The confusables.txt prototype of one code point: what its skeleton maps
// it to before the final NFD (the code point itself when unlisted).  Used to
// say what a character imitates (U+0430 -> "a").
std::u32string prototype_of(char32_t c);

// X and Y are confusable when their skeletons are equal; the kinds are the
// spec's: single-script (resolved script sets intersect), mixed-script
// (they do not), whole-script (mixed-script and both single-script).
enum class confusable_kind : std::uint8_t { none, single_script, mixed_script, whole_script };
std::string_view to_string(confusable_kind k) noexcept;
confusable_kind confusable(std::u32string_view x, std::u32string_view y);

// Whole-script confusable detection for one string: the scripts, other
// than those of X's resolved set, in which a string with X's skeleton can
// be written from characters of that script (plus Common and Inherited)
// alone.  Empty when there is none.
script_set whole_script_confusable_scripts(std::u32string_view x);

// intentional.txt: the pairs whose glyphs are identical by design (e.g.
// Latin and Cyrillic small a).  Symmetric.
bool intentionally_confusable(char32_t a, char32_t b) noexcept;

}  // namespace puny::uts39
PUNY_PUBLIC_END
