// to_string, message and idna::uts46_code: look-ups in the one table of
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

std::string_view idna::uts46_code(const status& s) noexcept {
  const detail::error_info* e = detail::find_error(s.code);
  if (e == nullptr) return {};
  switch (s.code) {
    case errc::bidi: {
      // RFC 5893 section 2 rule number in detail (1..6).
      static constexpr std::string_view rules[] = {"B1", "B2", "B3", "B4", "B5", "B6"};
      return s.detail >= 1 && s.detail <= 6 ? rules[s.detail - 1] : e->uts46;
    }
    case errc::contextj: return s.detail == 2 ? "C2" : e->uts46;         // detail 2: U+200D
    case errc::empty_label: return s.detail == 1 ? "X4_2" : e->uts46;    // detail 1: ToUnicode
    default: return e->uts46;
  }
}

}  // namespace puny
