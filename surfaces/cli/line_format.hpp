// puny CLI: how one converted input is printed: its output line or JSON
// object, and its error message (line_format.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "cli.hpp"

namespace puny::cli {

// One converted input as the command prints it: its output line (or JSON
// object) on `out`, its error message on `err`.  `what` is "line" or
// "argument", `number` its 1-based number.  With `spill`, a long --json
// object is handed to it in blocks as it is written (outcome::write_extra).
void format_line(const io_settings& s, json_shape shape, std::string_view input, const char* what,
                 std::size_t number, const outcome& r, std::string& out, std::string& err,
                 const spill_fn* spill = nullptr);

}  // namespace puny::cli
