// puny: the C API (include/puny.h) over the C++ library.
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
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include <algorithm>
#include "puny/bootstring.hpp"
#include "puny/display.hpp"
#include "puny/email.hpp"
#include "puny/uts39.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/presets.hpp"
#include "puny/punycode.hpp"
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

}  // namespace puny::capi

namespace {

using puny::errc;
using puny::status;
using puny::capi::fail;
using puny::capi::guarded;
using puny::capi::input_ok;
using puny::capi::terminated_length;
using puny::capi::report;

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
              "errc mirror: the last C++ code");
constexpr int last_cxx_code = PUNY_ERR_SPECIAL_USE_DOMAIN;

// The header's version macros must name the version CMake builds.
static_assert(PUNY_VERSION_MAJOR == PUNY_PROJECT_VERSION_MAJOR &&
                  PUNY_VERSION_MINOR == PUNY_PROJECT_VERSION_MINOR &&
                  PUNY_VERSION_PATCH == PUNY_PROJECT_VERSION_PATCH,
              "include/puny.h PUNY_VERSION_* differ from project(VERSION) in CMakeLists.txt");

// The first version of each struct: anything smaller is not a puny struct.
// (puny_idna_options v1 ends at url_domain_to_ascii; later fields are
// optional in the caller's struct.)
constexpr std::size_t error_v1_size = offsetof(puny_error, detail) + sizeof(std::uint32_t);
constexpr std::size_t options_v1_size =
    offsetof(puny_idna_options, url_domain_to_ascii) + sizeof(std::uint32_t);
constexpr std::size_t idna2008_options_v1_size =
    offsetof(puny_idna2008_options, check_bidi) + sizeof(std::uint32_t);


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

template <class Unit>
bool output_ok(const Unit* out, std::size_t capacity) {
  return out != nullptr || capacity == 0;
}

// C++ capacity for a C capacity that must keep room for the terminator.
constexpr std::size_t room(std::size_t capacity) { return capacity == 0 ? 0 : capacity - 1; }

void set_written(std::size_t* written, std::size_t n) {
  if (written != nullptr) *written = n;
}

// Finishes a caller-buffer call: the C++ layer wrote `size` units into a
// buffer of room(capacity); add the terminator or report the size needed.
template <class Unit>
puny_errc finish(Unit* out, std::size_t capacity, std::size_t size, const status& s,
                 std::size_t* written, puny_error* err) {
  if (s.code == errc::buffer_too_small) return report(err, s);
  if (size >= capacity) return report(err, too_small(size));  // capacity 0 only
  out[size] = 0;
  set_written(written, size);
  return report(err, s);
}

// Copies an allocated result into the caller's buffer.
template <class Unit, class String>
puny_errc copy_out(const String& value, Unit* out, std::size_t capacity, const status& s,
                   std::size_t* written, puny_error* err) {
  if (value.size() >= capacity) return report(err, too_small(value.size()));
  for (std::size_t i = 0; i < value.size(); ++i) out[i] = static_cast<Unit>(value[i]);
  out[value.size()] = 0;
  set_written(written, value.size());
  return report(err, s);
}

std::u32string code_points_of(const std::uint32_t* p, std::size_t n) {
  std::u32string s(n, U'\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char32_t>(p[i]);
  return s;
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

// ---- Punycode ----

// puny_encode and puny_decode: UTF-8 (or ASCII) in, a caller buffer out.
extern "C++" template <class Convert>
puny_errc punycode_utf8(const char* in, size_t length, char* out, size_t capacity,
                        size_t* written, puny_error* err, Convert convert) {
  return guarded(err, [&] {
    if (!input_ok(in, length) || !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    char none = 0;
    char* target = out != nullptr ? out : &none;
    const auto r = convert(std::string_view(in ? in : "", length), target, room(capacity));
    return from_source(err, finish(out, capacity, r.size, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_encode(const char* utf8, size_t length, char* out, size_t capacity,
                      size_t* written, puny_error* err) {
  return punycode_utf8(utf8, length, out, capacity, written, err,
                       [](std::string_view in, char* o, std::size_t cap) {
                         return puny::punycode::encode_utf8(in, o, cap);
                       });
}

puny_errc puny_decode(const char* ascii, size_t length, char* out, size_t capacity,
                      size_t* written, puny_error* err) {
  return punycode_utf8(ascii, length, out, capacity, written, err,
                       [](std::string_view in, char* o, std::size_t cap) {
                         return puny::punycode::decode_to_utf8(in, o, cap);
                       });
}

// The UTF-32 forms copy between uint32_t and char32_t (distinct types that
// may not alias each other).
puny_errc puny_encode_utf32(const uint32_t* code_points, size_t length, char* out,
                            size_t capacity, size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(code_points, length) || !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const std::u32string input = code_points_of(code_points, length);
    char none = 0;
    const auto r =
        puny::punycode::encode(input, out != nullptr ? out : &none, room(capacity));
    return from_source(err, finish(out, capacity, r.size, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_decode_utf32(const char* ascii, size_t length, uint32_t* out, size_t capacity,
                            size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(ascii, length) || !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const auto r = puny::punycode::decode(std::string_view(ascii ? ascii : "", length));
    if (!r.ok()) return from_source(err, report(err, r.status), PUNY_SOURCE_PUNYCODE);
    return from_source(err, copy_out(r.value, out, capacity, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_encode_utf32_annotated(const uint32_t* code_points, const unsigned char* uppercase,
                                      size_t length, char* out, size_t capacity,
                                      size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(code_points, length) || (uppercase == nullptr && length != 0) ||
        !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const std::u32string input = code_points_of(code_points, length);
    std::unique_ptr<bool[]> flags(new bool[length + 1]);
    for (std::size_t i = 0; i < length; ++i) flags[i] = uppercase[i] != 0;
    char none = 0;
    const auto r = puny::bootstring::encode(input, puny::punycode::profile,
                                            out != nullptr ? out : &none, room(capacity),
                                            flags.get());
    return from_source(err, finish(out, capacity, r.size, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_decode_utf32_annotated(const char* ascii, size_t length, uint32_t* out,
                                      unsigned char* uppercase, size_t capacity,
                                      size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(ascii, length) || !output_ok(out, capacity) ||
        (uppercase == nullptr && capacity != 0))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const auto r = puny::punycode::decode_annotated(std::string_view(ascii ? ascii : "", length));
    if (!r.ok()) return from_source(err, report(err, r.status), PUNY_SOURCE_PUNYCODE);
    const puny_errc code =
        from_source(err, copy_out(r.value.text, out, capacity, r.status, written, err), PUNY_SOURCE_PUNYCODE);
    if (code == PUNY_OK)
      for (std::size_t i = 0; i < r.value.uppercase.size(); ++i)
        uppercase[i] = r.value.uppercase[i] ? 1 : 0;
    return code;
  });
}

// ---- IDNA ----

puny_errc puny_idna_options_init_sized(puny_idna_options* opt, size_t size, int preset) {
  puny::idna::options o;
  if (opt == nullptr || size < options_v1_size || !preset_options(preset, o))
    return PUNY_ERR_INVALID_ARGUMENT;
  from_options(o, opt, size);
  return PUNY_OK;
}

// ---- The preset registry ----

size_t puny_preset_count(void) { return puny::presets().size(); }

const char* puny_preset_name(size_t index) {
  return index < puny::presets().size() ? puny::presets()[index].name.data() : nullptr;
}

const char* puny_preset_description(size_t index) {
  return index < puny::presets().size() ? puny::presets()[index].description.data() : nullptr;
}

int puny_preset_is_idna2008(size_t index) {
  if (index >= puny::presets().size()) return -1;
  return puny::presets()[index].family == puny::preset_family::idna2008 ? 1 : 0;
}

int puny_preset_find(const char* name, size_t length) {
  const puny::preset* p = puny::find_preset_ignoring_case(c_text(name, length));
  return p == nullptr ? -1 : static_cast<int>(p - puny::presets().begin());
}

size_t puny_preset_alias_count(void) { return puny::preset_aliases().size(); }

const char* puny_preset_alias(size_t index, const char** preset_name) {
  if (index >= puny::preset_aliases().size()) {
    if (preset_name != nullptr) *preset_name = nullptr;
    return nullptr;
  }
  const puny::preset_alias& a = puny::preset_aliases()[index];
  if (preset_name != nullptr) *preset_name = a.name.data();
  return a.alias.data();
}

size_t puny_option_flag_count(void) { return puny::option_flags().size(); }

const char* puny_option_flag_word(size_t index, int on) {
  if (index >= puny::option_flags().size()) return nullptr;
  const puny::option_flag& f = puny::option_flags()[index];
  return on != 0 ? f.on.data() : f.off.data();
}

puny_errc puny_idna_options_init_named_sized(puny_idna_options* opt, size_t size, const char* name,
                                             size_t length) {
  const puny::preset* p = puny::find_preset_ignoring_case(c_text(name, length));
  if (opt == nullptr || size < options_v1_size || p == nullptr) return PUNY_ERR_INVALID_ARGUMENT;
  from_options(p->options, opt, size);
  return PUNY_OK;
}

puny_errc puny_preset_spec_parse_sized(const char* text, size_t length, puny_idna_options* opt, size_t size,
                                       size_t* preset_index, size_t* bad_offset, size_t* bad_length,
                                       int* bad_is_preset) {
  if (opt == nullptr || size < options_v1_size || (text == nullptr && length != 0))
    return PUNY_ERR_INVALID_ARGUMENT;
  const std::string_view spec_text = c_text(text, length);
  const puny::preset_spec spec = puny::parse_preset_spec(spec_text);
  if (spec.chosen == nullptr) {
    if (bad_offset != nullptr)
      *bad_offset = spec.bad_word.empty() ? 0 : static_cast<std::size_t>(spec.bad_word.data() - spec_text.data());
    if (bad_length != nullptr) *bad_length = spec.bad_word.size();
    if (bad_is_preset != nullptr) *bad_is_preset = spec.bad_is_preset ? 1 : 0;
    return PUNY_ERR_INVALID_ARGUMENT;
  }
  from_options(spec.options, opt, size);
  if (preset_index != nullptr) *preset_index = static_cast<std::size_t>(spec.chosen - puny::presets().begin());
  return PUNY_OK;
}

puny_errc puny_idna_options_apply_flag(puny_idna_options* opt, const char* word, size_t length) {
  puny::idna::options o;
  if (opt == nullptr || !to_options(opt, o) || !puny::apply_flag(c_text(word, length), o))
    return PUNY_ERR_INVALID_ARGUMENT;
  from_options(o, opt, opt->struct_size);
  return PUNY_OK;
}

// The C++ caller-buffer form of a domain conversion (idna::to_ascii,
// idna2008::registration, idna2008::lookup).
extern "C++" template <class CxxOptions>
using buffer_form = status (*)(std::string_view, char*, std::size_t, std::size_t&,
                               const CxxOptions&);

// puny_to_ascii, puny_idna2008_register and puny_idna2008_lookup: a UTF-8
// domain in, the caller's buffer out (unspecified on failure).  `parse`
// reads the C options struct, `convert` is the C++ caller-buffer form.
extern "C++" template <class CxxOptions, class COptions>
puny_errc domain_to_buffer(const char* utf8, size_t length, char* out, size_t capacity,
                           size_t* written, const COptions* options, puny_error* err,
                           bool (*parse)(const COptions*, CxxOptions&),
                           buffer_form<CxxOptions> convert) {
  return guarded(err, [&] {
    CxxOptions o;
    if (!input_ok(utf8, length) || !output_ok(out, capacity) || !parse(options, o))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    char none = 0;
    std::size_t size = 0;
    const status s = convert(std::string_view(utf8 ? utf8 : "", length),
                             out != nullptr ? out : &none, room(capacity), size, o);
    if (!s.ok() && s.code != errc::buffer_too_small) return report(err, s);
    return finish(out, capacity, size, s, written, err);
  });
}

puny_errc puny_to_ascii(const char* utf8, size_t length, char* out, size_t capacity,
                        size_t* written, const puny_idna_options* options, puny_error* err) {
  return domain_to_buffer(utf8, length, out, capacity, written, options, err, &to_options,
                          &puny::idna::to_ascii);
}

puny_errc puny_to_unicode(const char* utf8, size_t length, char* out, size_t capacity,
                          size_t* written, const puny_idna_options* options, puny_error* err) {
  return guarded(err, [&] {
    puny::idna::options o;
    if (!input_ok(utf8, length) || !output_ok(out, capacity) || !to_options(options, o))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    char none = 0;
    std::size_t size = 0;
    const status s = puny::idna::to_unicode(std::string_view(utf8 ? utf8 : "", length),
                                            out != nullptr ? out : &none, room(capacity), size, o);
    return finish(out, capacity, size, s, written, err);
  });
}

puny_errc puny_to_ascii_utf16(const uint16_t* utf16, size_t length, char* out, size_t capacity,
                              size_t* written, const puny_idna_options* options,
                              puny_error* err) {
  return guarded(err, [&] {
    puny::idna::options o;
    if (!input_ok(utf16, length) || !output_ok(out, capacity) || !to_options(options, o))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    std::u16string input(length, u'\0');
    for (std::size_t i = 0; i < length; ++i) input[i] = static_cast<char16_t>(utf16[i]);
    const auto r = puny::idna::to_ascii(std::u16string_view(input), o);
    if (!r.ok()) return report(err, r.status);
    return copy_out(r.value, out, capacity, r.status, written, err);
  });
}

puny_errc puny_to_unicode_utf16(const uint16_t* utf16, size_t length, uint16_t* out,
                                size_t capacity, size_t* written,
                                const puny_idna_options* options, puny_error* err) {
  return guarded(err, [&] {
    puny::idna::options o;
    if (!input_ok(utf16, length) || !output_ok(out, capacity) || !to_options(options, o))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    std::u16string input(length, u'\0');
    for (std::size_t i = 0; i < length; ++i) input[i] = static_cast<char16_t>(utf16[i]);
    const auto r = puny::idna::to_unicode(std::u16string_view(input), o);
    // Best-effort output even on error, as the UTF-8 form.
    return copy_out(r.value, out, capacity, r.status, written, err);
  });
}

// puny_to_ascii_preset / puny_to_unicode_preset: the UTS #46 presets
// through the functions above (caller buffer, best effort), the IDNA2008
// ones through their profile.
static puny_errc convert_preset(const char* name, const char* utf8, size_t length, char* out,
                         size_t capacity, size_t* written, const puny_idna_options* options,
                         puny_error* err, bool unicode) {
  const puny::preset* p = puny::find_preset_ignoring_case(c_text(name, PUNY_NUL_TERMINATED));
  if (p == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
  puny_idna_options own;
  if (options == nullptr) {
    from_options(p->options, &own, sizeof own);
    options = &own;
  }
  if (p->family == puny::preset_family::uts46)
    return unicode ? puny_to_unicode(utf8, length, out, capacity, written, options, err)
                   : puny_to_ascii(utf8, length, out, capacity, written, options, err);
  puny_idna2008_options o;
  if (puny_idna2008_options_init_sized(&o, sizeof o) != PUNY_OK) return fail(err, PUNY_ERR_INTERNAL);
  o.output = unicode ? PUNY_IDNA2008_OUTPUT_UNICODE : PUNY_IDNA2008_OUTPUT_ASCII;
  puny::idna::options flags;
  if (!to_options(options, flags)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
  o.check_bidi = flags.check_bidi;
  o.forbid_domain_code_points = flags.forbid_domain_code_points;
  o.use_std3_ascii_rules = flags.use_std3_ascii_rules;
  return p->idna2008_lookup ? puny_idna2008_lookup(utf8, length, out, capacity, written, &o, err)
                            : puny_idna2008_register(utf8, length, out, capacity, written, &o, err);
}

puny_errc puny_to_ascii_preset(const char* preset, const char* utf8, size_t length, char* out,
                               size_t capacity, size_t* written, const puny_idna_options* options,
                               puny_error* err) {
  return convert_preset(preset, utf8, length, out, capacity, written, options, err, false);
}

puny_errc puny_to_unicode_preset(const char* preset, const char* utf8, size_t length, char* out,
                                 size_t capacity, size_t* written, const puny_idna_options* options,
                                 puny_error* err) {
  return convert_preset(preset, utf8, length, out, capacity, written, options, err, true);
}

// ---- IDNA2008 ----

puny_errc puny_idna2008_options_init_sized(puny_idna2008_options* opt, size_t size) {
  if (opt == nullptr || size < idna2008_options_v1_size) return PUNY_ERR_INVALID_ARGUMENT;
  const puny::idna2008::options defaults;
  std::memset(opt, 0, size);  // fields this library does not know: 0 = default
  opt->struct_size = static_cast<std::uint32_t>(size);
  opt->output = defaults.output == puny::idna2008::output_form::unicode
                    ? PUNY_IDNA2008_OUTPUT_UNICODE
                    : PUNY_IDNA2008_OUTPUT_ASCII;
  opt->check_bidi = defaults.check_bidi;
  if (size >= offsetof(puny_idna2008_options, forbid_domain_code_points) + sizeof(std::uint32_t))
    opt->forbid_domain_code_points = defaults.forbid_domain_code_points;
  if (size >= offsetof(puny_idna2008_options, use_std3_ascii_rules) + sizeof(std::uint32_t))
    opt->use_std3_ascii_rules = defaults.use_std3_ascii_rules;
  return PUNY_OK;
}

puny_errc puny_idna2008_register(const char* utf8, size_t length, char* out, size_t capacity,
                                 size_t* written, const puny_idna2008_options* options,
                                 puny_error* err) {
  return from_source(err, domain_to_buffer(utf8, length, out, capacity, written, options, err,
                                           &to_idna2008_options, &puny::idna2008::registration),
                     PUNY_SOURCE_IDNA2008);
}

puny_errc puny_idna2008_lookup(const char* utf8, size_t length, char* out, size_t capacity,
                               size_t* written, const puny_idna2008_options* options,
                               puny_error* err) {
  return from_source(err, domain_to_buffer(utf8, length, out, capacity, written, options, err,
                                           &to_idna2008_options, &puny::idna2008::lookup),
                     PUNY_SOURCE_IDNA2008);
}

// ---- Display safety ----

size_t puny_display_profile_count(void) { return puny::display::profiles().size(); }

const char* puny_display_profile_name(size_t index) {
  const auto list = puny::display::profiles();
  return index < list.size() ? list.first[index].name.data() : nullptr;
}

const char* puny_display_profile_description(size_t index) {
  const auto list = puny::display::profiles();
  return index < list.size() ? list.first[index].description.data() : nullptr;
}

int puny_display_profile_find(const char* name) {
  if (name == nullptr) return -1;
  const auto* p = puny::display::find_profile_ignoring_case(name);
  return p == nullptr ? -1 : static_cast<int>(p - puny::display::profiles().first);
}

const char* puny_display_reason_name(int reason) {
  if (reason <= 0 || reason > 255) return "unknown";
  const std::string_view n = puny::display::to_string(static_cast<puny::display::reason>(reason));
  return n.empty() ? "unknown" : n.data();
}

const char* puny_display_reason_message(int reason) {
  if (reason <= 0 || reason > 255) return "unknown reason";
  const std::string_view m = puny::display::message(static_cast<puny::display::reason>(reason));
  return m.empty() ? "unknown reason" : m.data();
}

}  // extern "C"

struct puny_display_lists {
  bool have_psl = false;
  puny::display::public_suffix_list psl;
  bool have_top = false;
  puny::display::protected_domains top;
};

struct puny_display_result {
  puny::display::decision decision;
};

namespace {

puny_errc list_failure(const puny::display::list_error& e, char* message, size_t capacity,
                       puny_error* err) {
  if (message != nullptr && capacity > 0) {
    const std::size_t n = std::min(e.text.size(), capacity - 1);
    std::memcpy(message, e.text.data(), n);
    message[n] = 0;
  }
  status s = e.status;
  s.label = e.line;
  return report(err, s);
}

const puny::display::profile_info* profile_named(const char* name) {
  return puny::display::find_profile_ignoring_case(name == nullptr ? "chromium" : name);
}

puny::display::options display_options(const puny::display::profile_info& p,
                                       const puny_display_lists* lists) {
  puny::display::options o;
  o.which = p.id;
  if (lists != nullptr) {
    o.suffixes = lists->have_psl ? &lists->psl : nullptr;
    o.protected_list = lists->have_top ? &lists->top : nullptr;
  }
  return o;
}

}  // namespace

extern "C" {

puny_errc puny_display_lists_load(const char* psl_path, const char* top_domains_path,
                                  puny_display_lists** lists, char* message,
                                  size_t message_capacity, puny_error* err) {
  return guarded(err, [&] {
    if (lists == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *lists = nullptr;
    auto made = std::make_unique<puny_display_lists>();
    puny::display::list_error e;
    const std::string psl =
        psl_path == nullptr ? std::string(puny::display::public_suffix_list::default_path()) : psl_path;
    if (!psl.empty()) {
      if (!puny::display::public_suffix_list::load(psl, made->psl, e))
        return list_failure(e, message, message_capacity, err);
      made->have_psl = true;
    }
    if (top_domains_path != nullptr && *top_domains_path != 0) {
      if (!puny::display::protected_domains::load(top_domains_path, made->top, e))
        return list_failure(e, message, message_capacity, err);
      made->have_top = true;
    }
    *lists = made.release();
    return report(err, status{});
  });
}

puny_errc puny_display_lists_parse(const char* psl_text, size_t psl_length,
                                   const char* top_domains_text, size_t top_domains_length,
                                   const char* source, puny_display_lists** lists, char* message,
                                   size_t message_capacity, puny_error* err) {
  return guarded(err, [&] {
    if (lists == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *lists = nullptr;
    const std::string name = source == nullptr ? "(memory)" : source;
    auto made = std::make_unique<puny_display_lists>();
    puny::display::list_error e;
    if (psl_text != nullptr) {
      if (!input_ok(psl_text, psl_length)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
      if (!puny::display::public_suffix_list::parse(std::string_view(psl_text, psl_length), name,
                                                     made->psl, e))
        return list_failure(e, message, message_capacity, err);
      made->have_psl = true;
    }
    if (top_domains_text != nullptr) {
      if (!input_ok(top_domains_text, top_domains_length)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
      if (!puny::display::protected_domains::parse(
              std::string_view(top_domains_text, top_domains_length), name, made->top, e))
        return list_failure(e, message, message_capacity, err);
      made->have_top = true;
    }
    *lists = made.release();
    return report(err, status{});
  });
}

void puny_display_lists_free(puny_display_lists* lists) { delete lists; }

puny_errc puny_display(const char* utf8, size_t length, char* out, size_t capacity,
                       size_t* written, const char* profile, const puny_display_lists* lists,
                       puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(utf8, length) || !output_ok(out, capacity)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const auto* p = profile_named(profile);
    if (p == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    auto r = puny::display::to_display(std::string_view(utf8, length), display_options(*p, lists));
    if (!r.ok()) return report(err, r.status);
    return copy_out(r.value, out, capacity, r.status, written, err);
  });
}

puny_errc puny_display_decide(const char* utf8, size_t length, const char* profile,
                              const puny_display_lists* lists, puny_display_result** result,
                              puny_error* err) {
  return guarded(err, [&] {
    if (result == nullptr || !input_ok(utf8, length)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *result = nullptr;
    const auto* p = profile_named(profile);
    if (p == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    auto r = puny::display::decide(std::string_view(utf8, length), display_options(*p, lists));
    if (!r.ok()) return report(err, r.status);
    auto made = std::make_unique<puny_display_result>();
    made->decision = std::move(r.value);
    *result = made.release();
    return report(err, status{});
  });
}

const char* puny_display_result_text(const puny_display_result* result) {
  return result == nullptr ? nullptr : result->decision.display.c_str();
}

const char* puny_display_result_registrable_domain(const puny_display_result* result) {
  return result == nullptr ? nullptr : result->decision.registrable_domain.c_str();
}

size_t puny_display_result_label_count(const puny_display_result* result) {
  return result == nullptr ? 0 : result->decision.labels.size();
}

puny_errc puny_display_result_label(const puny_display_result* result, size_t index,
                                    const char** a_label, const char** u_label,
                                    int* show_unicode, size_t* offset, size_t* finding_count) {
  if (result == nullptr || index >= result->decision.labels.size()) return PUNY_ERR_INVALID_ARGUMENT;
  const auto& l = result->decision.labels[index];
  if (a_label != nullptr) *a_label = l.a_label.c_str();
  if (u_label != nullptr) *u_label = l.u_label.c_str();
  if (show_unicode != nullptr) *show_unicode = l.show_unicode ? 1 : 0;
  if (offset != nullptr) *offset = l.offset;
  if (finding_count != nullptr) *finding_count = l.findings.size();
  return PUNY_OK;
}

#define PUNY_PUT_FINDING(f, field, value)                                                  \
  do {                                                                                     \
    if ((f)->struct_size >= offsetof(puny_display_finding, field) + sizeof((f)->field)) \
      (f)->field = (value);                                                                \
  } while (0)

puny_errc puny_display_result_finding(const puny_display_result* result, size_t label,
                                      size_t index, puny_display_finding* finding) {
  if (result == nullptr || finding == nullptr || label >= result->decision.labels.size() ||
      index >= result->decision.labels[label].findings.size() ||
      finding->struct_size < offsetof(puny_display_finding, imitates) + sizeof(std::uint32_t))
    return PUNY_ERR_INVALID_ARGUMENT;
  const puny::display::finding& f = result->decision.labels[label].findings[index];
  PUNY_PUT_FINDING(finding, reason, static_cast<std::int32_t>(f.why));
  PUNY_PUT_FINDING(finding, offset, f.offset);
  PUNY_PUT_FINDING(finding, label, f.label);
  PUNY_PUT_FINDING(finding, has_code_point, f.has_code_point ? 1u : 0u);
  PUNY_PUT_FINDING(finding, code_point, static_cast<std::uint32_t>(f.code_point));
  PUNY_PUT_FINDING(finding, imitates, static_cast<std::uint32_t>(f.imitates));
  PUNY_PUT_FINDING(finding, step, f.step.data());
  PUNY_PUT_FINDING(finding, similar_to, f.similar_to.c_str());
  return PUNY_OK;
}

void puny_display_result_free(puny_display_result* result) { delete result; }

puny_errc puny_skeleton(const char* utf8, size_t length, char* out, size_t capacity,
                        size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(utf8, length) || !output_ok(out, capacity)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    auto r = puny::uts39::skeleton(std::string_view(utf8, length));
    if (!r.ok()) return report(err, r.status);
    return copy_out(r.value, out, capacity, r.status, written, err);
  });
}

// ---- Versions ----

uint32_t puny_version(void) { return PUNY_VERSION_NUMBER; }
const char* puny_version_string(void) { return PUNY_PROJECT_VERSION_STRING; }
const char* puny_unicode_version(void) { return puny::unicode::unicode_version.data(); }

}  // extern "C"

// ---- E-mail addresses (puny/email.hpp), issue 38 ----

struct puny_email_result {
  puny::email::address address;
  std::string rule;  // NUL-terminated copy of address.local_part_rule
};

namespace {

constexpr std::size_t email_options_v1_size =
    offsetof(puny_email_options, display_lists) + sizeof(const puny_display_lists*);

// puny_email_options -> puny::email::options; the IDNA options and the
// display lists are stored in the caller's `idna` and `lists` (they
// outlive the call).  False for an unknown preset, profile or struct.
bool to_email_options(const puny_email_options* in, puny::email::options& out,
                      puny::idna::options& idna) {
  out = puny::email::options{};
  if (in == nullptr) return true;
  if (in->struct_size < email_options_v1_size || !only_known_fields(in, in->struct_size))
    return false;
  out.allow_quoted_local_part = in->allow_quoted_local_part != 0;
  out.allow_address_literal = in->allow_address_literal != 0;
  out.allow_empty_local_part = in->allow_empty_local_part != 0;
  out.allow_display_name = in->allow_display_name != 0;
  out.allow_smtputf8 = in->allow_smtputf8 != 0;
  out.require_global_domain = in->require_global_domain != 0;
  out.check_local_part_security = in->check_local_part_security != 0;
  if (in->domain_preset >= 0) {
    const auto all = puny::presets();
    if (static_cast<std::size_t>(in->domain_preset) >= all.size()) return false;
    out.domain_preset = &all[static_cast<std::size_t>(in->domain_preset)];
  } else if (in->domain_preset != -1) {
    return false;
  }
  if (in->domain_options != nullptr) {
    if (!to_options(in->domain_options, idna)) return false;
    out.domain_options = &idna;
  }
  if (in->display_profile != nullptr) {
    const auto* p = puny::display::find_profile(in->display_profile);
    if (p == nullptr) return false;
    out.check_display = true;
    out.display = display_options(*p, in->display_lists);
  }
  return true;
}

}  // namespace

extern "C" {

puny_errc puny_email_options_init_sized(puny_email_options* opt, size_t size) {
  if (opt == nullptr || size < email_options_v1_size) return PUNY_ERR_INVALID_ARGUMENT;
  std::memset(opt, 0, size);
  opt->struct_size = static_cast<std::uint32_t>(size);
  const puny::email::options d;
  opt->allow_smtputf8 = d.allow_smtputf8;
  opt->require_global_domain = d.require_global_domain;
  opt->domain_preset = -1;
  return PUNY_OK;
}

puny_errc puny_email_validate(const char* utf8, size_t length, const puny_email_options* options,
                              puny_email_result** result, puny_error* err) {
  return guarded(err, [&] {
    if (result == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *result = nullptr;
    puny::email::options o;
    puny::idna::options idna;
    if (!input_ok(utf8, length) || !to_email_options(options, o, idna))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    auto made = std::make_unique<puny_email_result>();
    const status s = puny::email::validate(std::string_view(utf8, length), o, made->address);
    if (!s.ok()) return report(err, s);
    made->rule.assign(made->address.local_part_rule);
    *result = made.release();
    return report(err, s);
  });
}

}  // extern "C"

namespace {

// puny_email_normalize and puny_email_ascii: one field of the validated
// address into the caller's buffer.
puny_errc email_field(const char* utf8, size_t length, char* out, size_t capacity, size_t* written,
                      const puny_email_options* options, puny_error* err,
                      std::string puny::email::address::*field) {
  return guarded(err, [&] {
    puny::email::options o;
    puny::idna::options idna;
    if (!input_ok(utf8, length) || !output_ok(out, capacity) ||
        !to_email_options(options, o, idna))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    auto r = puny::email::validate(std::string_view(utf8, length), o);
    if (!r.ok()) return report(err, r.status);
    return copy_out(r.value.*field, out, capacity, r.status, written, err);
  });
}

}  // namespace

extern "C" {

puny_errc puny_email_normalize(const char* utf8, size_t length, char* out, size_t capacity,
                               size_t* written, const puny_email_options* options,
                               puny_error* err) {
  return email_field(utf8, length, out, capacity, written, options, err,
                     &puny::email::address::normalized);
}

puny_errc puny_email_ascii(const char* utf8, size_t length, char* out, size_t capacity,
                           size_t* written, const puny_email_options* options, puny_error* err) {
  return email_field(utf8, length, out, capacity, written, options, err,
                     &puny::email::address::ascii_email);
}

const char* puny_email_result_display_name(const puny_email_result* r) {
  return r == nullptr ? nullptr : r->address.display_name.c_str();
}
const char* puny_email_result_local_part(const puny_email_result* r) {
  return r == nullptr ? nullptr : r->address.local_part.c_str();
}
const char* puny_email_result_domain(const puny_email_result* r) {
  return r == nullptr ? nullptr : r->address.domain.c_str();
}
const char* puny_email_result_ascii_domain(const puny_email_result* r) {
  return r == nullptr ? nullptr : r->address.ascii_domain.c_str();
}
const char* puny_email_result_normalized(const puny_email_result* r) {
  return r == nullptr ? nullptr : r->address.normalized.c_str();
}
const char* puny_email_result_ascii_email(const puny_email_result* r) {
  return r == nullptr || r->address.ascii_email.empty() ? nullptr : r->address.ascii_email.c_str();
}
int puny_email_result_smtputf8(const puny_email_result* r) {
  return r == nullptr ? -1 : r->address.smtputf8 ? 1 : 0;
}
int puny_email_result_address_literal(const puny_email_result* r) {
  return r == nullptr ? -1 : r->address.address_literal ? 1 : 0;
}
const char* puny_email_result_display(const puny_email_result* r, int* all_shown) {
  if (r == nullptr || !r->address.display_checked) return nullptr;
  if (all_shown != nullptr) *all_shown = r->address.display.all_shown() ? 1 : 0;
  return r->address.display.display.c_str();
}
int puny_email_result_local_part_safe(const puny_email_result* r, const char** rule) {
  if (r == nullptr || !r->address.local_part_checked) return -1;
  if (rule != nullptr) *rule = r->rule.c_str();
  return r->address.local_part_safe ? 1 : 0;
}
void puny_email_result_free(puny_email_result* r) { delete r; }

}  // extern "C"
