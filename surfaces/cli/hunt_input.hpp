// puny CLI: the names of one `puny hunt` input line (hunt_input.cpp): a
// plain name, a zone-file record, or a certstream JSON message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace puny::cli {

// What one line gave.
enum class hunt_line { names, skipped, failed };

// Why a line gave no names, when it failed: the error's name and the byte
// offset in the line (0: the line as a whole).
struct hunt_line_error {
  std::string_view name;
  std::size_t offset = 0;
};

// The names of `line` into `out` (cleared first):
// - a line that starts with '{' is a certstream message (JSON, one per
//   line): the names of all_domains, at the top or under data.leaf_cert,
//   each once, "*." dropped.  A heartbeat (message_type "heartbeat") is
//   skipped.  Anything else fails: JSON that is truncated (truncated_json),
//   ill-formed (invalid_json), followed by more text (text_after_json),
//   holding bytes that are not UTF-8 (invalid_utf8) or an escaped lone
//   surrogate (lone_surrogate); a message of another type or without
//   all_domains (not_a_certificate); all_domains not an array of strings
//   (invalid_all_domains);
// - a comment (';', '#'), a $ directive or an empty line has no names;
// - any other line gives its first field (a name, or a zone-file record's
//   owner name); a field that is not UTF-8 fails (invalid_utf8, at its
//   first bad byte).
hunt_line names_of(std::string_view line, std::vector<std::string>& out, hunt_line_error& error);

}  // namespace puny::cli
