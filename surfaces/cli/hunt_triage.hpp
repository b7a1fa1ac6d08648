// puny CLI: `hunt`'s triage view of a report (docs/hunt.md, "Output"): one
// entry per brand, its best match first and the others as `also`, entries
// by score; a reason text per match (the --json object: hunt_json.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "puny/hunt.hpp"

namespace puny::cli {

struct hunt_brand_entry {
  std::size_t best = 0;           // index into report::matches
  std::vector<std::size_t> also;  // the brand's other matches, by score (highest first)
};

// One entry per brand matched, by best score (highest first; ties in the
// order the brands were first matched): the first `count` of `entries`.
// Reused from name to name, so that the entries and their lists keep
// their storage (no allocation per name once grown).
struct hunt_triage {
  std::vector<hunt_brand_entry> entries;
  std::size_t count = 0;
  std::vector<std::size_t> brands;  // entries[i]'s brand while they are grouped
};
void hunt_by_brand(const hunt::report& rep, hunt_triage& out);

// A short English reason for a match: its rule's, and its via rule's.
std::string hunt_reason(const hunt::match& m);

// The text form's matches: per brand "BRAND RULE[+VIA] OFFSET+LENGTH SCORE",
// then " (also RULE[+VIA] SCORE, ...)" when it has others; tab-separated.
std::string hunt_text_matches(const hunt::report& rep, const hunt::brand_index& index);

}  // namespace puny::cli
