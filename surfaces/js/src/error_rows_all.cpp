// puny for JavaScript: every error row of the core's table (the UTS #46
// and display levels).
#include "module.hpp"

namespace {

const puny::detail::error_info* error_row(puny::errc code) { return puny::detail::find_error(code); }

std::string_view uts46_code_of(const puny::detail::error_info* row, const puny::status& s,
                               puny::error_source source) {
  return puny::detail::uts46_code(row, s, source);
}

}  // namespace
