// puny for JavaScript: the core's preset and flag registry as JSON, for the
// IDNA levels' vocabulary.
#include "idna_options.hpp"
#include "module.hpp"

namespace {

// The core's registry (puny/presets.hpp), so the JavaScript side never
// restates it: {bits: {name or alias: option bits}, list: [{name,
// description, family}], aliases: {alias: name}, flags: [{field, bit}]}
// (the flags in bit order; surfaces/js/lib/api.js names each by its field
// in camelCase).
void write_presets(json_writer& w) {
  const auto all = puny::presets();
  w.open_object();
  w.key("bits").open_object();
  for (std::size_t i = 0; i < all.size(); ++i)
    w.key(all[i].name).number(option_bits(all[i].options) | static_cast<unsigned>(i + 1) << preset_shift);
  for (const puny::preset_alias& a : puny::preset_aliases())
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].name == a.name)
        w.key(a.alias).number(option_bits(all[i].options) | static_cast<unsigned>(i + 1) << preset_shift);
  w.close_object();
  w.key("list").open_array();
  for (const puny::preset& p : all) {
    w.open_object();
    w.key("name").string(p.name);
    w.key("description").string(p.description);
    w.key("family").string(p.family == puny::preset_family::idna2008 ? "idna2008" : "uts46");
    w.close_object();
  }
  w.close_array();
  w.key("aliases").open_object();
  for (const puny::preset_alias& a : puny::preset_aliases()) w.key(a.alias).string(a.name);
  w.close_object();
  w.key("flags").open_array();
  for (std::uint32_t bit = 1; bit != 0; bit <<= 1) {  // bit order
    for (const puny::option_flag& f : puny::option_flags()) {
      if (f.bit != bit) continue;
      w.open_object();
      w.key("field").string(f.field_name);
      w.key("bit").number(f.bit);
      w.close_object();
    }
  }
  w.close_array();
  w.close_object();
}

}  // namespace
