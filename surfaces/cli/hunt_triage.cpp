// puny CLI: `hunt`'s text output of the triage view (hunt_triage.hpp).
#include "hunt_triage.hpp"

#include <cstddef>

namespace puny::cli {

namespace {

std::string rule_text(const hunt::match& m) {
  std::string r(hunt::to_string(m.why));
  if (m.via != hunt::rule{}) r += "+" + std::string(hunt::to_string(m.via));
  return r;
}

}  // namespace

std::string hunt_text_matches(const hunt::report& rep, const hunt::brand_index& index) {
  std::string text;
  thread_local hunt::triage triage;  // reused: no allocation per name
  hunt::by_brand(rep, triage);
  for (std::size_t n = 0; n < triage.count; ++n) {
    const hunt::brand_matches& e = triage.entries[n];
    const hunt::match& m = rep.matches[e.best];
    text += '\t';
    text += std::string(index.brand(m.brand)) + ' ' + rule_text(m) + ' ' +
            std::to_string(m.offset) + '+' + std::to_string(m.length) + ' ' +
            std::to_string(m.score);
    for (std::size_t k = 0; k < e.also.size(); ++k) {
      const hunt::match& a = rep.matches[e.also[k]];
      text += k == 0 ? " (also " : ", ";
      text += rule_text(a) + ' ' + std::to_string(a.score);
    }
    if (!e.also.empty()) text += ')';
  }
  return text;
}

}  // namespace puny::cli
