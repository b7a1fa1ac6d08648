// Rules more than one display profile applies.
#include <algorithm>
#include <string>
#include <string_view>

#include "display/internal.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {

std::size_t repeated_mark_at(std::u32string_view text) {
  // UTS #39 section 5.4 and ICU's USPOOF_INVISIBLE: the same nonspacing mark
  // twice in the marks that follow one base character (after NFD) may be
  // drawn on top of itself and so be invisible.
  // A run of marks after NFD holds a repeat only if the text has a mark of
  // its own: no code point that is not a mark decomposes to a repeated mark
  // (checked over every code point by
  // DisplayRules.NoDecompositionRepeatsAMark), and such a decomposition
  // starts a new run with its starter.
  bool any_mark = false;
  for (const char32_t c : text) any_mark = any_mark || ucd::is_mark(c);
  if (!any_mark) return std::u32string_view::npos;
  std::u32string run;
  std::u32string decomposed;
  for (std::size_t i = 0; i < text.size(); ++i) {
    decomposed.clear();
    ucd::nfd_append(text.substr(i, 1), decomposed);
    for (const char32_t c : decomposed) {
      if (!ucd::is_mark(c)) {
        run.clear();
        continue;
      }
      if (run.find(c) != std::u32string::npos) return i;
      run.push_back(c);
    }
  }
  return std::u32string_view::npos;
}

std::size_t first_script_break(std::u32string_view text) noexcept {
  puny::uts39::script_set resolved = puny::uts39::script_set::all();
  for (std::size_t i = 0; i < text.size(); ++i) {
    resolved &= puny::uts39::augmented_script_set(text[i]);
    if (resolved.empty()) return i;
  }
  return 0;
}

bool has_scx(char32_t c, puny::uts39::script_id s) noexcept {
  const puny::uts39::script_set set = puny::uts39::script_extensions(c);
  return !set.is_all() && set.contains(s);
}

void add_finding(std::vector<raw_finding>& out, puny::display::reason why, std::u32string_view text,
                 std::size_t pos, std::string_view step) {
  raw_finding f;
  f.why = why;
  f.has_code_point = pos < text.size();
  f.position = f.has_code_point ? pos : 0;
  f.code_point = f.has_code_point ? text[pos] : 0;
  f.step = step;
  out.push_back(f);
}

std::size_t first_restricted(std::u32string_view t) noexcept {
  for (std::size_t i = 0; i < t.size(); ++i)
    if (puny::uts39::identifier_status_of(t[i]) != puny::uts39::identifier_status::allowed) return i;
  return std::u32string_view::npos;
}

}  // namespace puny::detail::display
