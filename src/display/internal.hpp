// Internal to src/display/: what the profile checks share.  A profile's
// label check looks at one U-label and reports every rule it breaks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puny/display.hpp"
#include "puny/uts39.hpp"

namespace puny::detail::display {

// One label as the checks see it.
struct label_input {
  std::u32string_view text;      // the U-label (ToUnicode output), lowercase
  std::string_view tld;          // the name's last label when ASCII ("com"), else empty
  std::string_view tld_unicode;  // the same label as ToUnicode gives it (UTF-8)
  std::size_t label = 0;      // index of the label in the name
};

// A rule that failed, before offsets are mapped back to the input.
struct raw_finding {
  puny::display::reason why;
  std::size_t position = 0;  // code point index in label_input::text
  bool has_code_point = false;
  char32_t code_point = 0;
  std::string_view step;
};

void check_chromium(const label_input& in, std::vector<raw_finding>& out);
// What check_chromium would decide for a U-label (UTF-8), when one table
// read per code point can tell: `passes` (it would find nothing: one
// script, nothing any step names), `fails` (a character outside the allowed
// set, which step 1 always reports), else `unknown`: run check_chromium.
enum class quick_verdict : std::uint8_t { unknown, passes, fails };
quick_verdict chromium_quick_verdict(std::string_view utf8_label) noexcept;
void check_firefox(const label_input& in, bool high, std::vector<raw_finding>& out);
// The `firefox` profile: today's nsIDNService::IsLabelSafe (firefox_current.cpp).
void check_firefox_current(const label_input& in, std::vector<raw_finding>& out);
// network.IDN.blocklist_chars' default value: never shown (both Firefox checks).
bool firefox_blocklisted(char32_t c) noexcept;
void check_uts39(const label_input& in, puny::uts39::restriction_level most, std::vector<raw_finding>& out);

// Chromium's skeletons of a name for the lookalike step
// (SkeletonGenerator::GetSkeletons in skeleton_generator.cc): diacritics
// removed when the whole name is Latin, Greek, Cyrillic, digits and
// separators; each spelling of a character that looks like two things; the
// generator's extra confusables; then the UTS #39 skeleton, and one more
// with U+04CF as a lowercase L; for such a Latin/Greek/Cyrillic name, each
// skeleton with a mark also without its marks (puny's step, issue 53).  At least one skeleton for well-formed
// UTF-8, none for ill-formed.
// The skeletons, in order, are the first size() strings of a skeleton_list,
// which keeps its strings' storage from one name to the next.
class skeleton_list {
 public:
  std::size_t size() const noexcept { return count_; }
  const std::string& operator[](std::size_t i) const noexcept { return items_[i]; }
  const std::string* begin() const noexcept { return items_.data(); }
  const std::string* end() const noexcept { return items_.data() + count_; }
  void clear() noexcept { count_ = 0; }
  std::string& next();  // a new empty last entry
  void drop_last() noexcept { --count_; }

 private:
  std::vector<std::string> items_;
  std::size_t count_ = 0;
};
void lookalike_skeletons(std::string_view utf8_name, skeleton_list& out);
void lookalike_skeletons(std::string_view utf8_name, std::vector<std::string>& out);
// Whether `text` holds a code point those skeletons treat otherwise than
// the UTS #39 skeleton does: one the extra confusables map, one of several
// spellings, U+04CF, or a Latin/Greek/Cyrillic letter whose skeleton has a
// mark (U+0268 -> i U+0335), which is also taken without it.  One table read per code point (puny hunt asks it
// before computing them).
bool has_lookalike_extra(std::u32string_view text) noexcept;
// For puny hunt, one pass over a label answering has_lookalike_extra
// (extra) and, when that is false and every code point is Latin, Greek,
// Cyrillic or one of is_lgc_label's others, whether the text
// lookalike_skeletons builds before the skeleton (the pieces) is ASCII
// (ascii_pieces, the text then in `out`: the label's one skeleton is its
// ASCII prototypes); otherwise other.
enum class label_pieces { extra, ascii_pieces, other };
label_pieces lookalike_pieces(std::u32string_view label, std::string& out);

// The identifier set of the ICU the browsers ship (ICU 78.2: Unicode
// 17.0.0's Identifier_Type Recommended or Inclusion, which is its
// Identifier_Status Allowed), whatever this build's Unicode version.
bool in_browser_icu_set(char32_t c) noexcept;

// Shared rules.
// Appends the finding `why` at code point `pos` of `text` (none when pos is
// past the end: a finding on the whole label).
void add_finding(std::vector<raw_finding>& out, puny::display::reason why, std::u32string_view text,
                 std::size_t pos, std::string_view step);
// Position of the first code point whose Identifier_Status is not Allowed
// (UTS #39 section 3.1, the build's Unicode data), or npos.
std::size_t first_restricted(std::u32string_view text) noexcept;
// Latin, Greek, Cyrillic, ASCII digits, '.', '_', '-' and U+0300-U+0339
// only: skeleton_generator.cc's ShouldRemoveDiacriticsFromLabel, which the
// chromium profile's step 6 also asks of a label.
bool is_lgc_label(std::u32string_view t) noexcept;
// Position of the first nonspacing mark that repeats in one run of marks
// after NFD (ICU's INVISIBLE check, UTS #39 section 5.4), or npos.  The
// position is that of the code point in `text` whose decomposition holds it.
std::size_t repeated_mark_at(std::u32string_view text);
// Position of the first code point at which the resolved script set of the
// prefix becomes empty (where the scripts start to mix), 0 if none.
std::size_t first_script_break(std::u32string_view text) noexcept;
// Script_Extensions holds `s` explicitly (Common and Inherited characters,
// whose set is ALL, hold no script): ICU's \p{scx=...}.
bool has_scx(char32_t c, puny::uts39::script_id s) noexcept;

// What a caller already knows about a name it hands to display::decide
// (puny hunt, which has converted the name and looked its registrable part
// up among the brands).  Each member that is set must be exactly what the
// decision would compute itself, and is taken instead of computing it.
struct known_facts {
  // ToUnicode of the name under idna::uts46_default, which succeeded.
  std::optional<std::string_view> unicode;
  // With `unicode`: opt.suffixes->registrable_domain(*unicode) (opt.suffixes
  // set).
  std::optional<std::string_view> registrable;
  // What opt.protected_list->lookalike_of gives for the name's registrable
  // part (empty: none).
  std::optional<std::string_view> similar;
};

// public_suffix_list::registrable_domain's answer from the list's public
// suffix of `name` (whose one trailing dot, if any, is already removed):
// the suffix and one label more; empty when the name is a suffix itself.
// puny hunt, which has asked the list for the suffix, uses it too.
std::string_view registrable_given_suffix(std::string_view name, std::string_view suffix) noexcept;

// display::decide with what the caller knows (known_facts).
status decide_knowing(std::string_view domain, const puny::display::options& opt, const known_facts& known,
                      puny::display::decision& out);

}  // namespace puny::detail::display
