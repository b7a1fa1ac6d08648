// puny for JavaScript: the error rows of the Punycode-only module.
#include "module.hpp"

namespace {

// Each error's stable name and message, from the core's table.  The
// Punycode-only module carries only the rows of the errors it can report
// (its input's UTF-16 and the Bootstring engine's), picked at compile time,
// rather than every IDNA and display error's (2 KB of its data).
constexpr puny::errc reported_errors[] = {
    puny::errc::invalid_utf16,    puny::errc::invalid_code_point,
    puny::errc::buffer_too_small, puny::errc::input_too_long,
    puny::errc::bad_parameters,   puny::errc::non_basic_before_delimiter,
    puny::errc::invalid_digit,    puny::errc::truncated_number,
    puny::errc::overflow,         puny::errc::decoded_out_of_range,
    puny::errc::case_flags_mismatch};
constexpr std::size_t reported_count = sizeof reported_errors / sizeof reported_errors[0];

struct error_rows {
  puny::detail::error_info row[reported_count] = {};
  constexpr error_rows() {
    for (std::size_t i = 0; i < reported_count; ++i) row[i] = *puny::detail::find_error(reported_errors[i]);
  }
};
constexpr error_rows reported_rows{};

// A code outside the list cannot come from this module's calls; were one to,
// its record would still name it by number.
const puny::detail::error_info* error_row(puny::errc code) {
  for (const auto& r : reported_rows.row)
    if (r.code == code) return &r;
  return nullptr;
}

// Its errors are all plain Punycode's (and ill-formed input's): the core's
// rule with that source, which leaves the rest of the rule out of the module.
std::string_view uts46_code_of(const puny::detail::error_info* row, const puny::status& s,
                               puny::error_source) {
  return puny::detail::uts46_code(row, s, puny::error_source::punycode);
}

}  // namespace
