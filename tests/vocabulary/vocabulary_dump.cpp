// Prints the core's vocabulary as JSON: the presets, their aliases, the
// flag words, the error names, the display profiles, the lookalike rules,
// the alert threshold (every surface's default minimum score) and the
// Unicode version of the tables (puny/presets.hpp, puny/status.hpp,
// puny/display.hpp, puny/hunt.hpp, puny/unicode.hpp).  The
// tests of every surface (CLI, C, Python, JavaScript, SQL) compare the lists
// they offer with this one, so that no surface keeps a list of its own.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "puny/display.hpp"
#include "puny/hunt.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

int main() {
  using json = nlohmann::ordered_json;
  json presets = json::array(), aliases = json::array(), flags = json::array(), errors = json::array();
  for (const puny::preset& p : puny::presets())
    presets.push_back({{"name", std::string(p.name)},
                       {"description", std::string(p.description)},
                       {"family", p.family == puny::preset_family::idna2008 ? "idna2008" : "uts46"}});
  for (const puny::preset_alias& a : puny::preset_aliases())
    aliases.push_back({{"alias", std::string(a.alias)}, {"name", std::string(a.name)}});
  for (const puny::option_flag& f : puny::option_flags())
    flags.push_back({{"on", std::string(f.on)},
                     {"off", std::string(f.off)},
                     {"field", std::string(f.field_name)},
                     {"bit", f.bit}});
  // Every errc value, by code, until the names run out.
  for (int code = 0; code < 256; ++code) {
    const std::string_view name = puny::to_string(static_cast<puny::errc>(code));
    if (name.empty() || name == "unknown") break;
    errors.push_back({{"code", code}, {"name", std::string(name)}});
  }
  json profiles = json::array();
  for (const puny::display::profile_info& p : puny::display::profiles()) profiles.push_back(std::string(p.name));
  // Lookalike rules: `value` is the rule's stable number, also its bit in a
  // rule mask (puny::hunt::options::rules, the JavaScript huntRules[].bit).
  json hunt_rules = json::array();
  for (const puny::hunt::rule_info& r : puny::hunt::rules())
    hunt_rules.push_back({{"name", std::string(r.name)},
                          {"description", std::string(r.description)},
                          {"value", static_cast<unsigned>(r.id)},
                          {"min_brand_length", r.min_brand_length},
                          {"score", r.score}});
  const json all = {{"presets", presets},
                    {"aliases", aliases},
                    {"flags", flags},
                    {"url_family_bit", puny::url_family_bit},
                    {"errors", errors},
                    {"display_profiles", profiles},
                    {"hunt_rules", hunt_rules},
                    // The default minimum score of every surface (options::min_score).
                    {"hunt_alert_score", puny::hunt::alert_score},
                    {"unicode_version", std::string(puny::unicode::unicode_version)}};
  std::puts(all.dump(2).c_str());
  return 0;
}
