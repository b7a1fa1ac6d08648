// The `uts39-*` profiles' label check: UTS #39 section 3.1's General
// Security Profile and the restriction levels of section 5.2, with the
// mixed-numbers and invisible-mark checks of sections 5.3 and 5.4.
#include <cstddef>
#include <string_view>

#include "display/internal.hpp"

namespace puny::detail::display {

namespace uts39 = puny::uts39;
using puny::display::reason;

void check_uts39(const label_input& in, uts39::restriction_level most, std::vector<raw_finding>& out) {
  const std::u32string_view t = in.text;
  const bool high = most == uts39::restriction_level::highly_restrictive;
  const std::size_t restricted = first_restricted(t);
  if (restricted != std::u32string_view::npos)
    add_finding(out, reason::restricted_character, t, restricted, "uts39/3.1-general-security-profile");
  if (uts39::script_restriction_level(t) > most)
    add_finding(out, reason::restriction_level, t, first_script_break(t),
                high ? std::string_view("uts39/5.2-highly-restrictive") : std::string_view("uts39/5.2-moderately-restrictive"));
  const std::size_t mixed = uts39::mixed_numbers_at(t);
  if (mixed != std::u32string_view::npos)
    add_finding(out, reason::mixed_numbers, t, mixed, "uts39/5.3-mixed-numbers");
  const std::size_t repeated = repeated_mark_at(t);
  if (repeated != std::u32string_view::npos)
    add_finding(out, reason::invisible_character, t, repeated, "uts39/5.4-invisible");
}

}  // namespace puny::detail::display
