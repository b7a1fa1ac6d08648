// puny CLI: `hunt --json`'s object for one matching name, written as text
// member by member (no JSON tree, no second parse in the line driver).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puny/hunt.hpp"

namespace puny::cli {

// The brands' names as JSON strings, made once for a list: a lookalike
// against a list with a brand under many suffixes matches several, and
// each match and triage entry names its brand (checking and quoting it
// again each time cost about 5% of such a run; issue 53).
class brand_json_names {
 public:
  explicit brand_json_names(const hunt::brand_index& index);
  // `{"brand":"NAME"`: how each `matches` and `brands` member starts.
  const std::string& object_start(std::size_t brand) const { return starts_[brand]; }

 private:
  std::vector<std::string> starts_;
};

// Appends one matching name's object, {"line":N, then "input", "name",
// "verdict", "matches", "score", "brands" (docs/hunt.md, "Output"), and '\n'.
void append_hunt_json(std::string& out, std::size_t line, std::string_view input, const hunt::report& rep,
                      const brand_json_names& brands, std::string_view profile);

// A JSON string of `s`, as nlohmann's dump() writes it with ensure_ascii off
// and ill-formed UTF-8 replaced by U+FFFD (the rest of --json's strings).
void append_json_string(std::string& out, std::string_view s);

}  // namespace puny::cli
