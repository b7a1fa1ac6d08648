// puny CLI: `hunt`'s text output of the triage view (hunt_triage.hpp).
#include "hunt_triage.hpp"

#include <charconv>
#include <cstddef>

namespace puny::cli {

namespace {

void append_rule(std::string& out, const hunt::match& m) {
  out += hunt::to_string(m.why);
  if (m.via != hunt::rule{}) {
    out += '+';
    out += hunt::to_string(m.via);
  }
}

template <typename Int>
void append_int(std::string& out, Int n) {
  char digits[24];
  const std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, n);
  out.append(digits, static_cast<std::size_t>(r.ptr - digits));
}

}  // namespace

void append_hunt_text_matches(std::string& out, const hunt::report& rep, const hunt::brand_index& index) {
  thread_local hunt::triage triage;  // reused: no allocation per name
  hunt::by_brand(rep, triage);
  for (std::size_t n = 0; n < triage.count; ++n) {
    const hunt::brand_matches& e = triage.entries[n];
    const hunt::match& m = rep.matches[e.best];
    out += '\t';
    out += index.brand(m.brand);
    out += ' ';
    append_rule(out, m);
    out += ' ';
    append_int(out, m.offset);
    out += '+';
    append_int(out, m.length);
    out += ' ';
    append_int(out, m.score);
    for (std::size_t k = 0; k < e.also.size(); ++k) {
      const hunt::match& a = rep.matches[e.also[k]];
      out += k == 0 ? " (also " : ", ";
      append_rule(out, a);
      out += ' ';
      append_int(out, a.score);
    }
    if (!e.also.empty()) out += ')';
  }
}

}  // namespace puny::cli
