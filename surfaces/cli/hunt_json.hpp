// puny CLI: `hunt --json`'s object for one matching name, written as text
// member by member (no JSON tree, no second parse in the line driver).
#pragma once

#include <string>
#include <string_view>

#include "puny/hunt.hpp"

namespace puny::cli {

// Appends the members of one name's object after "line" ("input", "name",
// "verdict", "matches", "score", "brands"; docs/hunt.md, "Output"), then the
// closing brace and '\n': `out` holds one such piece per matching name of a
// line, and the line driver writes each as {"line":N,<piece>.
void append_hunt_json(std::string& out, std::string_view input, const hunt::report& rep,
                      const hunt::brand_index& index, std::string_view profile);

// A JSON string of `s`, as nlohmann's dump() writes it with ensure_ascii off
// and ill-formed UTF-8 replaced by U+FFFD (the rest of --json's strings).
void append_json_string(std::string& out, std::string_view s);

}  // namespace puny::cli
