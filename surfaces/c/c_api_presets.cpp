// puny: the C API's option structs and preset registry (include/puny.h,
// puny_idna_options_init*, puny_preset_*, puny_option_flag_*): the names,
// descriptions and options all come from the core's registry
// (puny/presets.hpp).  Shared helpers: c_api_internal.hpp.
#include <cstddef>
#include <string_view>

#include "c_api_internal.hpp"
#include "puny.h"
#include "puny/idna.hpp"
#include "puny/presets.hpp"

namespace {

using puny::capi::c_text;
using puny::capi::from_options;
using puny::capi::options_v1_size;
using puny::capi::preset_options;
using puny::capi::to_options;

}  // namespace

extern "C" {

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
    if (bad_is_preset != nullptr) *bad_is_preset = spec.bad_is_preset ? 1 : !spec.contradicts.empty() ? 2 : 0;
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

}  // extern "C"
