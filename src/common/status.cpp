// to_string, message and uts46_code: look-ups in the one table of
// error codes (error_table.hpp).
#include "puny/status.hpp"

#include <cstdio>

#include "common/error_table.hpp"
#include "puny/idna.hpp"

namespace puny {

std::string_view to_string(errc code) noexcept {
  const detail::error_info* e = detail::find_error(code);
  return e != nullptr ? e->name : "unknown";
}

std::string_view message(errc code) noexcept {
  const detail::error_info* e = detail::find_error(code);
  return e != nullptr ? e->message : "unknown error";
}

std::string to_string(const status& s) {
  std::string text(to_string(s.code));
  if (s.ok()) return text;
  text += " at offset ";
  text += std::to_string(s.offset);
  if (s.has_code_point()) {
    char buf[16];
    std::snprintf(buf, sizeof buf, " (U+%04X)", static_cast<unsigned>(s.code_point));
    text += buf;
  }
  if (s.code == errc::buffer_too_small) {
    text += " (needs ";
    text += std::to_string(s.needed);
    text += ")";
  }
  text += ": ";
  text += message(s.code);
  return text;
}

std::string_view uts46_code(const status& s, error_source source) noexcept {
  return detail::uts46_code(detail::find_error(s.code), s, source);
}

std::string_view idna::uts46_code(const status& s) noexcept {
  return puny::uts46_code(s, error_source::uts46);
}

}  // namespace puny
