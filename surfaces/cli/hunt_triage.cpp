// puny CLI: `hunt`'s triage view (hunt_triage.hpp).
#include "hunt_triage.hpp"

#include <algorithm>

namespace puny::cli {

std::vector<hunt_brand_entry> hunt_by_brand(const hunt::report& rep) {
  std::vector<hunt_brand_entry> out;
  std::vector<std::size_t> brands;  // out[i]'s brand
  for (std::size_t i = 0; i < rep.matches.size(); ++i) {
    const hunt::match& m = rep.matches[i];
    auto it = std::find(brands.begin(), brands.end(), m.brand);
    if (it == brands.end()) {
      brands.push_back(m.brand);
      out.push_back(hunt_brand_entry{i, {}});
      continue;
    }
    hunt_brand_entry& e = out[static_cast<std::size_t>(it - brands.begin())];
    if (m.score > rep.matches[e.best].score) {
      e.also.push_back(e.best);
      e.best = i;
    } else {
      e.also.push_back(i);
    }
  }
  for (hunt_brand_entry& e : out)
    std::stable_sort(e.also.begin(), e.also.end(), [&](std::size_t a, std::size_t b) {
      return rep.matches[a].score > rep.matches[b].score;
    });
  std::stable_sort(out.begin(), out.end(), [&](const hunt_brand_entry& a, const hunt_brand_entry& b) {
    return rep.matches[a.best].score > rep.matches[b.best].score;
  });
  return out;
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
  for (const hunt_brand_entry& e : hunt_by_brand(rep)) {
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
