// puny: the C API's display safety (include/puny.h, puny_display_*,
// puny_skeleton) over puny/display.hpp and puny/uts39.hpp: the profiles and
// reasons come from the core's registries.  Shared helpers:
// c_api_internal.hpp (which declares display_options, defined here and used
// by the e-mail functions too).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "c_api_internal.hpp"
#include "puny.h"
#include "puny/display.hpp"
#include "puny/status.hpp"
#include "puny/uts39.hpp"

namespace {

using puny::errc;
using puny::status;
using puny::capi::copy_out;
using puny::capi::display_options;
using puny::capi::fail;
using puny::capi::guarded;
using puny::capi::input_ok;
using puny::capi::output_ok;
using puny::capi::report;

}  // namespace

extern "C" {

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

}  // namespace

namespace puny::capi {

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

}  // namespace puny::capi

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

}  // extern "C"

puny_errc puny::capi::put_display_finding(const puny::display::finding& f, puny_display_finding* out) {
  if (out->struct_size < offsetof(puny_display_finding, imitates) + sizeof(std::uint32_t))
    return PUNY_ERR_INVALID_ARGUMENT;
  PUNY_PUT_FINDING(out, reason, static_cast<std::int32_t>(f.why));
  PUNY_PUT_FINDING(out, offset, f.offset);
  PUNY_PUT_FINDING(out, label, f.label);
  PUNY_PUT_FINDING(out, has_code_point, f.has_code_point ? 1u : 0u);
  PUNY_PUT_FINDING(out, code_point, static_cast<std::uint32_t>(f.code_point));
  PUNY_PUT_FINDING(out, imitates, static_cast<std::uint32_t>(f.imitates));
  PUNY_PUT_FINDING(out, step, f.step.data());
  PUNY_PUT_FINDING(out, similar_to, f.similar_to.c_str());
  return PUNY_OK;
}

extern "C" {

puny_errc puny_display_result_finding(const puny_display_result* result, size_t label,
                                      size_t index, puny_display_finding* finding) {
  if (result == nullptr || finding == nullptr || label >= result->decision.labels.size() ||
      index >= result->decision.labels[label].findings.size())
    return PUNY_ERR_INVALID_ARGUMENT;
  return puny::capi::put_display_finding(result->decision.labels[label].findings[index], finding);
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

}  // extern "C"
