// Internal to surfaces/c/: what the files of the C API share, so that each
// C entry point reports errors the same way (only the fields inside the
// caller's puny_error struct_size are written, and no C++ exception crosses
// the boundary) and reads the option structs the same way.  c_api.cpp
// defines the functions declared here; c_api_punycode.cpp,
// c_api_presets.cpp, c_api_idna.cpp, c_api_display.cpp, c_api_email.cpp and
// hunt_api.cpp use them (display_options is defined in c_api_display.cpp,
// puny_display_lists is read by c_api_display.cpp and hunt_api.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string_view>

#include "puny.h"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/status.hpp"

// The lists of puny_display_lists_load/_parse, defined here so that
// hunt_api.cpp can hand their Public Suffix List to a brand index.
struct puny_display_lists {
  bool have_psl = false;
  puny::display::public_suffix_list psl;
  bool have_top = false;
  puny::display::protected_domains top;
};

namespace puny::capi {

// Sets *err (when not NULL) to `code` with no position; returns `code`.
puny_errc fail(puny_error* err, puny_errc code);
// Copies a C++ status into *err (the C API adds the terminator to `needed`).
puny_errc report(puny_error* err, const puny::status& s);

// Runs `body` (which returns a puny_errc), turning exceptions into codes.
template <class F>
puny_errc guarded(puny_error* err, F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(err, PUNY_ERR_OUT_OF_MEMORY);
  } catch (...) {
    return fail(err, PUNY_ERR_INTERNAL);
  }
}

template <class Unit>
inline std::size_t terminated_length(const Unit* p) {
  std::size_t n = 0;
  while (p[n] != 0) ++n;
  return n;
}

// Resolves PUNY_NUL_TERMINATED; false when the pointer is NULL but the
// length says there is data.
template <class Unit>
inline bool input_ok(const Unit* p, std::size_t& length) {
  if (p == nullptr) return length == 0;
  if (length == PUNY_NUL_TERMINATED) length = terminated_length(p);
  return true;
}

// The first version of each options struct: anything smaller is not a puny
// struct.  (puny_idna_options v1 ends at url_domain_to_ascii; later fields
// are optional in the caller's struct.)
constexpr std::size_t options_v1_size =
    offsetof(puny_idna_options, url_domain_to_ascii) + sizeof(std::uint32_t);
constexpr std::size_t idna2008_options_v1_size =
    offsetof(puny_idna2008_options, check_bidi) + sizeof(std::uint32_t);

// The error an entry point reports came from `source` (c_api.cpp).
puny_errc from_source(puny_error* err, puny_errc code, puny_error_source source);
// A buffer_too_small status for `needed_without_terminator` units.
puny::status too_small(std::size_t needed_without_terminator);

template <class Unit>
bool output_ok(const Unit* out, std::size_t capacity) {
  return out != nullptr || capacity == 0;
}

// C++ capacity for a C capacity that must keep room for the terminator.
constexpr std::size_t room(std::size_t capacity) { return capacity == 0 ? 0 : capacity - 1; }

inline void set_written(std::size_t* written, std::size_t n) {
  if (written != nullptr) *written = n;
}

// Finishes a caller-buffer call: the C++ layer wrote `size` units into a
// buffer of room(capacity); add the terminator or report the size needed.
template <class Unit>
puny_errc finish(Unit* out, std::size_t capacity, std::size_t size, const puny::status& s,
                 std::size_t* written, puny_error* err) {
  if (s.code == puny::errc::buffer_too_small) return report(err, s);
  if (size >= capacity) return report(err, too_small(size));  // capacity 0 only
  out[size] = 0;
  set_written(written, size);
  return report(err, s);
}

// Copies an allocated result into the caller's buffer.
template <class Unit, class String>
puny_errc copy_out(const String& value, Unit* out, std::size_t capacity, const puny::status& s,
                   std::size_t* written, puny_error* err) {
  if (value.size() >= capacity) return report(err, too_small(value.size()));
  for (std::size_t i = 0; i < value.size(); ++i) out[i] = static_cast<Unit>(value[i]);
  out[value.size()] = 0;
  set_written(written, value.size());
  return report(err, s);
}

// A caller's struct of `size` bytes that sets a byte past the struct this
// library knows asks for something it cannot do.
// A struct_size above PUNY_STRUCT_SIZE_MAX is refused before any byte past
// our struct is read: it is garbage (an uninitialized struct), not a newer
// header, and reading up to it would run past the caller's object.
template <class Struct>
bool only_known_fields(const Struct* in, std::size_t size) {
  if (size > PUNY_STRUCT_SIZE_MAX) return false;
  const auto* bytes = reinterpret_cast<const unsigned char*>(in);
  for (std::size_t i = sizeof(Struct); i < size; ++i)
    if (bytes[i] != 0) return false;
  return true;
}

// Conversions between the C option structs and the core's (c_api.cpp).
bool to_options(const puny_idna_options* in, puny::idna::options& out);
bool to_idna2008_options(const puny_idna2008_options* in, puny::idna2008::options& out);
bool preset_options(int preset, puny::idna::options& out);
void from_options(const puny::idna::options& o, puny_idna_options* opt, std::size_t size);
// A C string of `length` bytes (or PUNY_NUL_TERMINATED) as a view; NULL: empty.
std::string_view c_text(const char* p, std::size_t length);

// The display options of profile `p` with the caller's lists (may be NULL),
// defined in c_api_display.cpp, used by the e-mail functions too.
puny::display::options display_options(const puny::display::profile_info& p,
                                       const puny_display_lists* lists);

// One display finding into a caller's puny_display_finding (struct_size
// as set: members past it are left unwritten), puny_display_result_finding's
// and puny_hunt_result_finding's one filler (c_api_display.cpp);
// PUNY_ERR_INVALID_ARGUMENT for a struct too small for the first release's
// members.
puny_errc put_display_finding(const puny::display::finding& f, puny_display_finding* out);

}  // namespace puny::capi
