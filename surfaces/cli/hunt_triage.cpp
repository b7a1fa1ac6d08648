// puny CLI: `hunt`'s triage view (hunt_triage.hpp).
#include "hunt_triage.hpp"

#include <algorithm>
#include <utility>

namespace puny::cli {

void hunt_by_brand(const hunt::report& rep, hunt_triage& out) {
  out.count = 0;
  out.brands.clear();
  for (std::size_t i = 0; i < rep.matches.size(); ++i) {
    const hunt::match& m = rep.matches[i];
    auto it = std::find(out.brands.begin(), out.brands.end(), m.brand);
    if (it == out.brands.end()) {
      out.brands.push_back(m.brand);
      if (out.count == out.entries.size()) out.entries.emplace_back();
      hunt_brand_entry& e = out.entries[out.count++];
      e.best = i;
      e.also.clear();
      continue;
    }
    hunt_brand_entry& e = out.entries[static_cast<std::size_t>(it - out.brands.begin())];
    if (m.score > rep.matches[e.best].score) {
      e.also.push_back(e.best);
      e.best = i;
    } else {
      e.also.push_back(i);
    }
  }
  // Stable insertion sorts by score, highest first (a name has a few
  // matches; std::stable_sort allocated a buffer each time): an element
  // moves only past lower scores, so equal ones keep their order.
  auto score = [&](std::size_t match) { return rep.matches[match].score; };
  for (std::size_t k = 0; k < out.count; ++k) {
    std::vector<std::size_t>& also = out.entries[k].also;
    for (std::size_t a = 1; a < also.size(); ++a)
      for (std::size_t j = a; j > 0 && score(also[j - 1]) < score(also[j]); --j)
        std::swap(also[j - 1], also[j]);
  }
  for (std::size_t a = 1; a < out.count; ++a)
    for (std::size_t j = a;
         j > 0 && score(out.entries[j - 1].best) < score(out.entries[j].best); --j)
      std::swap(out.entries[j - 1], out.entries[j]);
}

namespace {

std::string rule_text(const hunt::match& m) {
  std::string r(hunt::to_string(m.why));
  if (m.via != hunt::rule{}) r += "+" + std::string(hunt::to_string(m.via));
  return r;
}

std::string lower_first(std::string_view s) {
  std::string out(s);
  if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z') out[0] = static_cast<char>(out[0] - 'A' + 'a');
  return out;
}

}  // namespace

std::string hunt_reason(const hunt::match& m) {
  std::string r(hunt::info(m.why).description);
  if (m.via != hunt::rule{})
    r += "; the brand's label in it: " + lower_first(hunt::info(m.via).description);
  return r;
}

std::string hunt_text_matches(const hunt::report& rep, const hunt::brand_index& index) {
  std::string text;
  thread_local hunt_triage triage;
  hunt_by_brand(rep, triage);
  for (std::size_t n = 0; n < triage.count; ++n) {
    const hunt_brand_entry& e = triage.entries[n];
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
