// puny: the C API's e-mail addresses (include/puny.h, puny_email_*) over
// puny/email.hpp (issue 38): the domain goes through the preset registry and
// the IDNA options of c_api_internal.hpp, the display check through
// display_options (c_api_display.cpp).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "c_api_internal.hpp"
#include "puny.h"
#include "puny/display.hpp"
#include "puny/email.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"

namespace {

using puny::errc;
using puny::status;
using puny::capi::copy_out;
using puny::capi::display_options;
using puny::capi::fail;
using puny::capi::guarded;
using puny::capi::input_ok;
using puny::capi::only_known_fields;
using puny::capi::output_ok;
using puny::capi::report;
using puny::capi::to_options;

}  // namespace

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
