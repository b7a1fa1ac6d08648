// puny: the C API's domain conversions (include/puny.h): UTS #46
// (puny_to_ascii, puny_to_unicode and their UTF-16 forms), by preset name
// (puny_to_*_preset) and IDNA2008 (puny_idna2008_*), over puny/idna.hpp and
// puny/idna2008.hpp.  Shared helpers: c_api_internal.hpp.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "c_api_internal.hpp"
#include "puny.h"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"

namespace {

using puny::errc;
using puny::status;
using puny::capi::c_text;
using puny::capi::copy_out;
using puny::capi::fail;
using puny::capi::finish;
using puny::capi::from_options;
using puny::capi::from_source;
using puny::capi::guarded;
using puny::capi::idna2008_options_v1_size;
using puny::capi::input_ok;
using puny::capi::output_ok;
using puny::capi::report;
using puny::capi::room;
using puny::capi::to_idna2008_options;
using puny::capi::to_options;

// The caller's UTF-16 code units as char16_t (uint16_t in the C header, so
// that C callers need no char16_t).
std::u16string utf16_input(const uint16_t* utf16, std::size_t length) {
  return std::u16string(utf16, utf16 + length);
}

}  // namespace

extern "C" {

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
    const std::u16string input = utf16_input(utf16, length);
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
    const std::u16string input = utf16_input(utf16, length);
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

}  // extern "C"
