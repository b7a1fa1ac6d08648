// Scripts (UAX #24) and the script sets of UTS #39 section 5.1, and the
// restriction levels of section 5.2 built on them.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puny/uts39.hpp"
#include "unicode/trie.hpp"

namespace puny::detail::ucd {
#include "uts39_scripts.inc"
}  // namespace puny::detail::ucd

namespace puny::uts39 {
namespace {

using detail::ucd::script_count_value;

static_assert(script_count_value <= script_set::capacity, "script ids must fit a script_set");

constexpr char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

script_set set_from_words(std::size_t index) noexcept {
  const std::uint64_t* w = &detail::ucd::scx_sets[index * 4];
  return script_set::from_words({w[0], w[1], w[2], w[3]});
}

bool is_ascii(std::u32string_view s) noexcept {
  for (const char32_t c : s)
    if (c >= 0x80) return false;
  return true;
}

// Section 5.1: the augmentation of one set (Han, Hiragana, Katakana, Hangul
// and Bopomofo stand for the writing systems they belong to).
void augment(script_set& s) noexcept {
  if (s.is_all()) return;
  if (s.contains(scripts::han)) {
    s.insert(scripts::han_with_bopomofo);
    s.insert(scripts::japanese);
    s.insert(scripts::korean);
  }
  if (s.contains(scripts::hiragana) || s.contains(scripts::katakana)) s.insert(scripts::japanese);
  if (s.contains(scripts::hangul)) s.insert(scripts::korean);
  if (s.contains(scripts::bopomofo)) s.insert(scripts::han_with_bopomofo);
}

// Resolved set of the characters whose augmented set lacks `skip` (ICU's
// "resolved script set without Latin", used for levels 3 and 4).
script_set resolved_without(std::u32string_view s, script_id skip) noexcept {
  script_set result = script_set::all();
  for (const char32_t c : s) {
    const script_set a = augmented_script_set(c);
    if (a.contains(skip)) continue;
    result &= a;
  }
  return result;
}

}  // namespace

std::size_t script_set::size() const noexcept {
  if (all_) return script_count();
  std::size_t n = 0;
  for (const std::uint64_t w : words_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

script_set& script_set::operator&=(const script_set& o) noexcept {
  if (o.all_) return *this;
  if (all_) return *this = o;
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= o.words_[i];
  return *this;
}

script_set& script_set::operator|=(const script_set& o) noexcept {
  if (all_ || o.all_) return *this = all();
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= o.words_[i];
  return *this;
}

script_id script_set::next(script_id from) const noexcept {
  for (std::size_t i = from; i < capacity; ++i)
    if (((words_[i / 64] >> (i % 64)) & 1u) != 0) return static_cast<script_id>(i);
  return static_cast<script_id>(capacity);
}

std::size_t script_count() noexcept { return script_count_value; }

std::string_view script_code(script_id s) noexcept {
  return s < script_count_value ? std::string_view(detail::ucd::script_codes[s]) : std::string_view();
}

std::string_view script_name(script_id s) noexcept {
  return s < script_count_value ? std::string_view(detail::ucd::script_long_names[s])
                                : std::string_view();
}

bool find_script(std::string_view code_or_name, script_id& out) noexcept {
  for (std::size_t i = 0; i < script_count_value; ++i) {
    if (equal_ignoring_ascii_case(code_or_name, detail::ucd::script_codes[i]) ||
        equal_ignoring_ascii_case(code_or_name, detail::ucd::script_long_names[i])) {
      out = static_cast<script_id>(i);
      return true;
    }
  }
  return false;
}

script_id script_of(char32_t c) noexcept { return detail::ucd::script_id_trie(c); }

script_set script_extensions(char32_t c) noexcept {
  const std::size_t index = detail::ucd::scx_set_trie(c);
  // Sets 0..script_count-1 are the singletons {id} (the generator puts them
  // first); {Common} and {Inherited} are ALL (section 5.1).
  if (index == scripts::common || index == scripts::inherited) return script_set::all();
  if (index < script_count_value) {
    script_set s;
    s.insert(static_cast<script_id>(index));
    return s;
  }
  return set_from_words(index);
}

script_set augmented_script_set(char32_t c) noexcept {
  script_set s = script_extensions(c);
  augment(s);
  return s;
}

script_set resolved_script_set(std::u32string_view s) noexcept {
  script_set result = script_set::all();
  for (const char32_t c : s) {
    result &= augmented_script_set(c);
    if (result.empty()) break;
  }
  return result;
}

std::string_view to_string(restriction_level r) noexcept {
  switch (r) {
    case restriction_level::ascii_only: return "ascii_only";
    case restriction_level::single_script: return "single_script";
    case restriction_level::highly_restrictive: return "highly_restrictive";
    case restriction_level::moderately_restrictive: return "moderately_restrictive";
    case restriction_level::minimally_restrictive: return "minimally_restrictive";
    case restriction_level::unrestricted: return "unrestricted";
  }
  return "";
}

// Section 5.2, in the order ICU's uspoof evaluates it: a character outside
// the General Security Profile makes the string Unrestricted whatever its
// scripts; then ASCII, a non-empty resolved set (single script), and the
// Latin-plus-one-writing-system cases, judged on the characters that are
// not Latin.
restriction_level restriction_level_of(std::u32string_view s) noexcept {
  for (const char32_t c : s)
    if (identifier_status_of(c) != identifier_status::allowed) return restriction_level::unrestricted;
  return script_restriction_level(s);
}

restriction_level script_restriction_level(std::u32string_view s) noexcept {
  if (is_ascii(s)) return restriction_level::ascii_only;
  if (!resolved_script_set(s).empty()) return restriction_level::single_script;
  const script_set without_latin = resolved_without(s, scripts::latin);
  if (without_latin.contains(scripts::japanese) || without_latin.contains(scripts::korean) ||
      without_latin.contains(scripts::han_with_bopomofo))
    return restriction_level::highly_restrictive;
  if (!without_latin.empty() && !without_latin.contains(scripts::cyrillic) &&
      !without_latin.contains(scripts::greek))
    return restriction_level::moderately_restrictive;
  return restriction_level::minimally_restrictive;
}

}  // namespace puny::uts39
