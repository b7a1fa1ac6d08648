// puny: the C API (include/puny.h) over the C++ library: what its files
// share (error reporting, the option structs' conversions through the core's
// registry), the error functions and the versions.  The entry points live
// in files by job: c_api_punycode.cpp, c_api_presets.cpp, c_api_idna.cpp,
// c_api_display.cpp, c_api_email.cpp and hunt_api.cpp.
//
// Every entry point is a thin adapter: it checks the C arguments, calls the
// C++ function, copies the status into the caller's puny_error (only the
// fields inside its struct_size) and NUL-terminates the output.  No C++
// exception crosses the boundary: std::bad_alloc becomes
// PUNY_ERR_OUT_OF_MEMORY, anything else PUNY_ERR_INTERNAL.
#include "puny.h"
#include "c_api_internal.hpp"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

// Writes one field of *err when the caller's struct has it.
#define PUNY_PUT(err, field, value)                                                 \
  do {                                                                              \
    if ((err)->struct_size >= offsetof(puny_error, field) + sizeof((err)->field)) \
      (err)->field = (value);                                                       \
  } while (0)

namespace puny::capi {

puny_errc fail(puny_error* err, puny_errc code) {
  if (err != nullptr) {
    PUNY_PUT(err, code, static_cast<std::int32_t>(code));
    PUNY_PUT(err, code_point, 0u);
    PUNY_PUT(err, offset, std::size_t{0});
    PUNY_PUT(err, label, std::size_t{0});
    PUNY_PUT(err, needed, std::size_t{0});
    PUNY_PUT(err, detail, 0u);
    PUNY_PUT(err, has_code_point, 0u);
    PUNY_PUT(err, source, std::uint32_t{PUNY_SOURCE_UTS46});
  }
  return code;
}

// `needed_units` is the C++ needed size; the C API adds the terminator.
puny_errc report(puny_error* err, const puny::status& s) {
  const auto code = static_cast<puny_errc>(static_cast<int>(s.code));
  if (err != nullptr) {
    PUNY_PUT(err, code, static_cast<std::int32_t>(code));
    PUNY_PUT(err, code_point, s.has_code_point() ? static_cast<std::uint32_t>(s.code_point) : 0u);
    PUNY_PUT(err, has_code_point, s.has_code_point() ? 1u : 0u);
    PUNY_PUT(err, offset, s.offset);
    PUNY_PUT(err, label, s.label);
    PUNY_PUT(err, needed, s.code == puny::errc::buffer_too_small ? s.needed + 1 : std::size_t{0});
    PUNY_PUT(err, detail, std::uint32_t{s.detail});
    PUNY_PUT(err, source, std::uint32_t{PUNY_SOURCE_UTS46});  // from_source says otherwise
  }
  return code;
}

// The error an entry point reports came from `source` (puny_error.source,
// which puny_uts46_code reads): the Punycode and IDNA2008 functions mark
// theirs; everything else is UTS #46 processing (report's default).
puny_errc from_source(puny_error* err, puny_errc code, puny_error_source source) {
  if (err != nullptr && code != PUNY_OK)
    PUNY_PUT(err, source, static_cast<std::uint32_t>(source));
  return code;
}

status too_small(std::size_t needed_without_terminator) {
  status s;
  s.code = errc::buffer_too_small;
  s.needed = needed_without_terminator;
  return s;
}

}  // namespace puny::capi

namespace {

using puny::errc;
using puny::status;

// The C values mirror puny::errc (puny/status.hpp); checked at both ends.
static_assert(PUNY_ERR_INVALID_UTF8 == static_cast<int>(errc::invalid_utf8), "errc mirror");
static_assert(PUNY_ERR_BUFFER_TOO_SMALL == static_cast<int>(errc::buffer_too_small), "errc mirror");
static_assert(PUNY_ERR_INVALID_DIGIT == static_cast<int>(errc::invalid_digit), "errc mirror");
static_assert(PUNY_ERR_DISALLOWED == static_cast<int>(errc::disallowed), "errc mirror");
static_assert(PUNY_ERR_BIDI == static_cast<int>(errc::bidi), "errc mirror");
static_assert(PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT ==
                  static_cast<int>(errc::forbidden_domain_code_point),
              "errc mirror");
static_assert(PUNY_ERR_A_LABEL_NOT_CANONICAL == static_cast<int>(errc::a_label_not_canonical),
              "errc mirror");
static_assert(PUNY_ERR_FILE_UNREADABLE == static_cast<int>(errc::file_unreadable),
              "errc mirror");
static_assert(PUNY_ERR_MISSING_AT == static_cast<int>(errc::missing_at), "errc mirror");
static_assert(PUNY_ERR_SPECIAL_USE_DOMAIN == static_cast<int>(errc::special_use_domain),
              "errc mirror");
static_assert(PUNY_ERR_EXTRA_AT_SIGN == static_cast<int>(errc::extra_at_sign), "errc mirror");
static_assert(PUNY_ERR_DOMAIN_CHARACTER == static_cast<int>(errc::domain_character),
              "errc mirror: the last C++ code");
constexpr int last_cxx_code = PUNY_ERR_DOMAIN_CHARACTER;

// The header's version macros must name the version CMake builds.
static_assert(PUNY_VERSION_MAJOR == PUNY_PROJECT_VERSION_MAJOR &&
                  PUNY_VERSION_MINOR == PUNY_PROJECT_VERSION_MINOR &&
                  PUNY_VERSION_PATCH == PUNY_PROJECT_VERSION_PATCH,
              "include/puny.h PUNY_VERSION_* differ from project(VERSION) in CMakeLists.txt");

// The first version of puny_error: anything smaller is not a puny struct.
constexpr std::size_t error_v1_size = offsetof(puny_error, detail) + sizeof(std::uint32_t);

// The member of puny_idna_options that carries each flag of the core's
// registry (puny::option_flags()), keyed by the flag's field_name: the
// registry says which flags exist and converts them, this table only where
// C keeps each one.  The C API test (surfaces/c/tests, group option_flags)
// holds the header's members, this table and the core's vocabulary to one
// another, so a flag added to the core without its C member fails there.
struct c_flag_member {
  std::string_view field_name;
  std::size_t offset;
};
constexpr c_flag_member c_flag_members[] = {
    {"check_hyphens", offsetof(puny_idna_options, check_hyphens)},
    {"check_bidi", offsetof(puny_idna_options, check_bidi)},
    {"check_joiners", offsetof(puny_idna_options, check_joiners)},
    {"use_std3_ascii_rules", offsetof(puny_idna_options, use_std3_ascii_rules)},
    {"transitional_processing", offsetof(puny_idna_options, transitional_processing)},
    {"verify_dns_length", offsetof(puny_idna_options, verify_dns_length)},
    {"ignore_invalid_punycode", offsetof(puny_idna_options, ignore_invalid_punycode)},
    {"allow_underscore", offsetof(puny_idna_options, allow_underscore)},
    {"forbid_domain_code_points", offsetof(puny_idna_options, forbid_domain_code_points)},
};
// Every member of the header's struct but struct_size and
// url_domain_to_ascii (all uint32_t) has its row.
static_assert(sizeof c_flag_members / sizeof c_flag_members[0] + 2 ==
                  sizeof(puny_idna_options) / sizeof(std::uint32_t),
              "a member of puny_idna_options has no row in c_flag_members");

// The offset of the member of each flag of option_flags(), in the
// registry's order: looked up by name once, not on every call.  0 (the
// place of struct_size, never a flag's) for a flag without a C member.
// A fixed array, so that no C entry point can meet an allocation failure
// here: every flag owns one bit of a 32-bit option word, so there are
// fewer than 32.
struct flag_offset_table {
  std::size_t offset[32] = {};
  flag_offset_table() {
    const auto flags = puny::option_flags();
    for (std::size_t i = 0; i < flags.size() && i < 32; ++i)
      for (const c_flag_member& m : c_flag_members)
        if (m.field_name == flags[i].field_name) offset[i] = m.offset;
  }
};
const std::size_t* flag_offsets() {
  static const flag_offset_table table;
  return table.offset;
}

// Whether a caller's struct of `size` bytes has the member at `offset`
// (fields appended after the first version are optional).
constexpr bool has_member(std::size_t offset, std::size_t size) {
  return offset != 0 && size >= offset + sizeof(std::uint32_t);
}

}  // namespace

namespace puny::capi {

// puny_idna_options -> puny::idna::options.  Fields beyond the caller's
// struct_size keep their defaults; nonzero bytes beyond ours (a newer
// header asking for something this library cannot do) are refused.
bool to_options(const puny_idna_options* in, puny::idna::options& out) {
  out = puny::idna::uts46_default;
  if (in == nullptr) return true;
  const std::size_t size = in->struct_size;
  if (size < options_v1_size || !only_known_fields(in, size)) return false;
  const auto flags = puny::option_flags();
  const std::size_t* offsets = flag_offsets();
  for (std::size_t i = 0; i < flags.size() && i < 32; ++i) {
    if (!has_member(offsets[i], size)) continue;
    std::uint32_t value;
    std::memcpy(&value, reinterpret_cast<const char*>(in) + offsets[i], sizeof value);
    out.*flags[i].field = value != 0;
  }
  // The URL family is no flag: the url presets choose it.
  out.url_domain_to_ascii = in->url_domain_to_ascii != 0;
  return true;
}

// puny_idna2008_options -> puny::idna2008::options, with the same rules as
// to_options (NULL: the defaults).
bool to_idna2008_options(const puny_idna2008_options* in, puny::idna2008::options& out) {
  out = puny::idna2008::options{};
  if (in == nullptr) return true;
  if (in->struct_size < idna2008_options_v1_size || !only_known_fields(in, in->struct_size))
    return false;
  switch (in->output) {
    case PUNY_IDNA2008_OUTPUT_ASCII: out.output = puny::idna2008::output_form::ascii; break;
    case PUNY_IDNA2008_OUTPUT_UNICODE: out.output = puny::idna2008::output_form::unicode; break;
    default: return false;
  }
  out.check_bidi = in->check_bidi != 0;
  if (in->struct_size >= offsetof(puny_idna2008_options, forbid_domain_code_points) + sizeof(std::uint32_t))
    out.forbid_domain_code_points = in->forbid_domain_code_points != 0;
  if (in->struct_size >= offsetof(puny_idna2008_options, use_std3_ascii_rules) + sizeof(std::uint32_t))
    out.use_std3_ascii_rules = in->use_std3_ascii_rules != 0;
  return true;
}

// `preset` is an int: a C caller may pass any value, which a C++ enum
// without a fixed underlying type could not hold.  The registry gives each
// UTS #46 preset its enum value.
bool preset_options(int preset, puny::idna::options& out) {
  for (const puny::preset& p : puny::presets()) {
    if (p.c_value != preset || p.family != puny::preset_family::uts46) continue;
    out = p.options;
    return true;
  }
  return false;
}

// The registry's values for the enum the header fixes.
static_assert(PUNY_PRESET_UTS46 == 0 && PUNY_PRESET_URL == 1 && PUNY_PRESET_URL_STRICT == 2 &&
                  PUNY_PRESET_UTS46_STRICT == 3 && PUNY_PRESET_REGISTRATION == PUNY_PRESET_UTS46_STRICT &&
                  PUNY_PRESET_UTS46_RAW == 6,
              "puny_preset values are fixed");

// puny::idna::options -> the caller's struct of `size` bytes (fields past
// it are not written; fields past ours are zeroed).
void from_options(const puny::idna::options& o, puny_idna_options* opt, std::size_t size) {
  std::memset(opt, 0, size);  // fields this library does not know: 0 = default
  opt->struct_size = static_cast<std::uint32_t>(size);
  const auto flags = puny::option_flags();
  const std::size_t* offsets = flag_offsets();
  for (std::size_t i = 0; i < flags.size() && i < 32; ++i) {
    if (!has_member(offsets[i], size)) continue;
    const std::uint32_t value = o.*flags[i].field ? 1 : 0;
    std::memcpy(reinterpret_cast<char*>(opt) + offsets[i], &value, sizeof value);
  }
  opt->url_domain_to_ascii = o.url_family();
}

std::string_view c_text(const char* p, std::size_t length) {
  if (p == nullptr) return {};
  if (length == PUNY_NUL_TERMINATED) length = terminated_length(p);
  return std::string_view(p, length);
}

}  // namespace puny::capi

namespace {

status status_of(const puny_error* err) {
  status s;
  if (err == nullptr || err->struct_size < error_v1_size) return s;
  if (err->code >= 0 && err->code <= last_cxx_code) s.code = static_cast<errc>(err->code);
  s.offset = err->offset;
  s.label = err->label;
  // A struct without has_code_point (an older caller) says "none" with 0.
  const bool has_flag = err->struct_size >= offsetof(puny_error, has_code_point) + sizeof(err->has_code_point);
  if (has_flag ? err->has_code_point != 0 : err->code_point != 0)
    s.code_point = static_cast<char32_t>(err->code_point);
  s.detail = static_cast<std::uint8_t>(err->detail);
  s.needed = err->needed;
  return s;
}

}  // namespace

extern "C" {

const char* puny_error_name(int code) {
  switch (code) {
    case PUNY_ERR_OUT_OF_MEMORY: return "out_of_memory";
    case PUNY_ERR_INVALID_ARGUMENT: return "invalid_argument";
    case PUNY_ERR_INTERNAL: return "internal";
    default: break;
  }
  if (code < 0 || code > last_cxx_code) return "unknown";
  // to_string returns string literals, so data() is NUL-terminated.
  return puny::to_string(static_cast<errc>(code)).data();
}

const char* puny_error_message(int code) {
  switch (code) {
    case PUNY_ERR_OUT_OF_MEMORY: return "the library could not allocate memory";
    case PUNY_ERR_INVALID_ARGUMENT:
      return "an argument is invalid (NULL pointer with a nonzero size, unknown preset or "
             "option set, struct_size too small)";
    case PUNY_ERR_INTERNAL: return "an unexpected internal error (please report it)";
    default: break;
  }
  if (code < 0 || code > last_cxx_code) return "unknown error";
  return puny::message(static_cast<errc>(code)).data();
}

const char* puny_uts46_code(const puny_error* err) {
  if (err == nullptr || err->struct_size < error_v1_size || err->code < 0 ||
      err->code > last_cxx_code)
    return "";
  // A struct without `source` (an older caller's) is read as UTS #46, as
  // before the field; so is a value this library does not know.
  puny::error_source source = puny::error_source::uts46;
  if (err->struct_size >= offsetof(puny_error, source) + sizeof(err->source)) {
    if (err->source == PUNY_SOURCE_PUNYCODE) source = puny::error_source::punycode;
    if (err->source == PUNY_SOURCE_IDNA2008) source = puny::error_source::idna2008;
  }
  const std::string_view code = puny::uts46_code(status_of(err), source);
  return code.empty() ? "" : code.data();  // literals, NUL-terminated
}

size_t puny_error_describe(const puny_error* err, char* buf, size_t capacity) {
  if (buf == nullptr) capacity = 0;
  char line[512];
  int n = 0;
  if (err == nullptr || err->struct_size < error_v1_size) {
    n = std::snprintf(line, sizeof line, "invalid_argument: no puny_error given");
  } else if (err->code < 0 || err->code > last_cxx_code) {
    n = std::snprintf(line, sizeof line, "%s: %s", puny_error_name(err->code),
                      puny_error_message(err->code));
  } else {
    try {
      const std::string text = puny::to_string(status_of(err));
      n = std::snprintf(line, sizeof line, "%s", text.c_str());
    } catch (...) {
      n = std::snprintf(line, sizeof line, "%s", puny_error_name(err->code));
    }
  }
  const std::size_t length = n < 0 ? 0 : static_cast<std::size_t>(n);
  if (capacity > 0) {
    const std::size_t copied = length < capacity ? length : capacity - 1;
    std::memcpy(buf, line, copied);
    buf[copied] = '\0';
  }
  return length;
}

// ---- Versions ----

uint32_t puny_version(void) { return PUNY_VERSION_NUMBER; }
const char* puny_version_string(void) { return PUNY_PROJECT_VERSION_STRING; }
const char* puny_unicode_version(void) { return puny::unicode::unicode_version.data(); }

}  // extern "C"
