// puny CLI: `hunt`'s text output of a report's triage view (docs/hunt.md,
// "Output").  The grouping per brand and the reason texts are the core's
// (puny/hunt.hpp: hunt::by_brand, hunt::reason), which every surface
// shares; the --json object is hunt_json.hpp's.
#pragma once

#include <string>

#include "puny/hunt.hpp"

namespace puny::cli {

// Appends the text form's matches: per brand "BRAND RULE[+VIA] OFFSET+LENGTH
// SCORE", then " (also RULE[+VIA] SCORE, ...)" when it has others; each
// after a tab.  In place, no string per match: against a list with a brand
// under many suffixes a lookalike has dozens (issue 53).
void append_hunt_text_matches(std::string& out, const hunt::report& rep, const hunt::brand_index& index);

}  // namespace puny::cli
