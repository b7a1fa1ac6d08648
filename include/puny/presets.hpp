// puny: the named presets and option flags, one registry for every surface.
//
// The CLI (--preset, --std3/--no-std3 ...), the C API, Python, JavaScript
// and SQL all offer the same presets under the same names, and the same
// UTS #46 flags under the same words, because they all read this table
// instead of keeping a list of their own.  A name is spelled the same in
// every language ("url-strict", not "url_strict"); former names stay as
// aliases (preset_aliases), so old code keeps working.
//
// Two families: UTS #46 presets are idna::options values (puny/idna.hpp)
// that the flags adjust; the IDNA2008 presets select puny/idna2008.hpp's
// registration or lookup profile, where of the flags only CheckBidi applies.
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "puny/idna.hpp"
#include "puny/registry_view.hpp"
#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny {

enum class preset_family : std::uint8_t {
  uts46,     // UTS #46 / URL Standard processing with `preset::options`
  idna2008,  // IDNA2008 (RFC 5891): registration, or lookup when `idna2008_lookup`
};

struct preset {
  std::string_view name;         // canonical name, e.g. "url-strict"
  std::string_view description;  // one line, for --help and documentation
  preset_family family = preset_family::uts46;
  idna::options options{};       // uts46 family: the flags it starts from
  bool idna2008_lookup = false;  // idna2008 family: lookup (section 5) rather than registration
  // The C API's puny_preset value (stable; -1 for presets the enum lacks).
  int c_value = -1;
};

// A former or alternative spelling of a preset name.
struct preset_alias {
  std::string_view alias;  // e.g. "registration"
  std::string_view name;   // the preset it names, e.g. "uts46-strict"
  std::string_view note;   // why it exists
};

// One UTS #46 processing flag (or puny's own) as a pair of words: `on`
// sets the field, `off` clears it ("std3" / "no-std3").  The CLI spells them
// --std3 / --no-std3, SQL and the bindings as the bare words.
//
// `field_name` is the identifier every binding derives its option from:
// the C struct member and the Python keyword use it as is
// ("use_std3_ascii_rules"), JavaScript in camelCase ("useStd3AsciiRules").
// `bit` is the flag's stable bit in an option word (option_bits below):
// the JavaScript module and any surface that passes options as one
// integer use it; a bit is never reused once published.
struct option_flag {
  std::string_view on;
  std::string_view off;
  bool idna::options::*field;
  std::string_view on_description;
  std::string_view off_description;
  bool idna2008_applies;  // the IDNA2008 presets honour it (CheckBidi only)
  std::string_view field_name;
  std::uint32_t bit;
};

// The bit of an option word that marks the URL family
// (idna::options::url_domain_to_ascii).  It is no flag word: the url
// presets set it, users choose it by naming one of them.
constexpr std::uint32_t url_family_bit = 128;

// idna::options as one option word: each flag of option_flags() at its
// `bit`, plus url_family_bit; and back (bits no flag owns are ignored).
std::uint32_t option_bits(const idna::options& opt) noexcept;
idna::options options_from_bits(std::uint32_t bits) noexcept;

// Every preset, in a stable order (new ones are appended); the first is
// the default ("uts46").
registry_view<preset> presets() noexcept;
registry_view<preset_alias> preset_aliases() noexcept;
registry_view<option_flag> option_flags() noexcept;

// The preset a name or alias names (exact, case-sensitive); nullptr when
// none does.
const preset* find_preset(std::string_view name) noexcept;
// The same with ASCII case ignored ("UTS46-Strict"), the one rule every
// surface applies to the names its users type (CLI --preset, Python,
// C puny_preset_find, SQL); other bytes compare exactly.
const preset* find_preset_ignoring_case(std::string_view name) noexcept;

// Applies one flag word ("std3", "no-check-hyphens", ...) to `opt`; false
// (opt unchanged) for a word that is no flag's.  `flag`, when given,
// receives the flag the word belongs to.
bool apply_flag(std::string_view word, idna::options& opt, const option_flag** flag = nullptr) noexcept;

// Conversion under a preset of either family: the UTS #46 presets run
// idna::to_ascii / to_unicode with `opt` (start from p.options and adjust
// it with the flags); the IDNA2008 presets run idna2008::registration or
// lookup, with opt.check_bidi as their only flag.
// A preset and flags in one string, as the SQL functions take them:
// a name or alias of presets(), then flag words of option_flags(),
// separated by commas or spaces, ASCII case ignored ("url",
// "uts46, std3", "URL-strict no-check-hyphens").  On success `chosen` is
// the preset and `options` its options with the flags applied; on failure
// `chosen` is null and `bad_word` is the word that is no preset (the first
// word, or the whole text when it holds no word) or no flag, or a flag word
// that contradicts one given before it (`contradicts`: "transitional" after
// "nontransitional"), which the CLI refuses too (--transitional excludes
// --nontransitional); the same word twice is no contradiction.
struct preset_spec {
  const preset* chosen = nullptr;
  idna::options options{};
  std::string_view bad_word;   // a view of the parsed text
  bool bad_is_preset = false;  // the word should have named a preset
  std::string_view contradicts;  // the earlier word bad_word contradicts (a view of the text)
};
preset_spec parse_preset_spec(std::string_view text) noexcept;

result<std::string> to_ascii(std::string_view domain, const preset& p, const idna::options& opt);
result<std::string> to_unicode(std::string_view domain, const preset& p, const idna::options& opt);
inline result<std::string> to_ascii(std::string_view domain, const preset& p) {
  return to_ascii(domain, p, p.options);
}
inline result<std::string> to_unicode(std::string_view domain, const preset& p) {
  return to_unicode(domain, p, p.options);
}

}  // namespace puny
PUNY_PUBLIC_END
