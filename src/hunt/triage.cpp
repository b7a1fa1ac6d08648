// puny hunt: the triage view of a report and the reason texts
// (puny/hunt.hpp, "Triage"; docs/hunt.md, "Output").  Every surface groups
// and words its matches through these two, so that the CLI, C, Python and
// JavaScript say the same.
#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "puny/hunt.hpp"

namespace puny::hunt {

void by_brand(const report& rep, triage& out) {
  out.count = 0;
  out.score = 0;
  // Each brand's entry is found through a small open-addressing table
  // over the brand ids (out.brands: pairs of brand id and entry index): a
  // lookalike of a brand listed under many suffixes (google.com,
  // google.de, ...) matches dozens, and searching the entries made a name
  // quadratic in its brands.
  constexpr std::size_t empty = static_cast<std::size_t>(-1);
  std::size_t slots = 16;
  while (slots < 2 * rep.matches.size()) slots *= 2;
  out.brands.assign(2 * slots, empty);
  for (std::size_t i = 0; i < rep.matches.size(); ++i) {
    const match& m = rep.matches[i];
    std::size_t slot = static_cast<std::size_t>((m.brand * 0x9E3779B97F4A7C15ull) >> 40) & (slots - 1);
    while (out.brands[2 * slot] != empty && out.brands[2 * slot] != m.brand) slot = (slot + 1) & (slots - 1);
    if (out.brands[2 * slot] == empty) {
      out.brands[2 * slot] = m.brand;
      out.brands[2 * slot + 1] = out.count;
      if (out.count == out.entries.size()) out.entries.emplace_back();
      brand_matches& e = out.entries[out.count++];
      e.best = i;
      e.also.clear();
      continue;
    }
    brand_matches& e = out.entries[out.brands[2 * slot + 1]];
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
  auto score = [&](std::size_t i) { return rep.matches[i].score; };
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
  if (out.count > 0) out.score = score(out.entries.front().best);
}

namespace {

// Every (rule, via) pair's reason, made once from the registry's
// descriptions: [why][via], rule values below `slots` (the bits of
// options::rules), via 0 for a plain match.  A pair naming a value that is
// no rule stays empty.
struct reason_table {
  static constexpr std::size_t slots = 32;
  std::vector<std::string> text = std::vector<std::string>(slots * slots);

  reason_table() {
    for (const rule_info& why : rules()) {
      std::string& plain = text[static_cast<std::size_t>(why.id) * slots];
      plain = std::string(why.description);
      for (const rule_info& via : rules()) {
        // The via rule's description, its first letter in lower case, after
        // a fixed phrase: "...; the brand's label in it: same skeleton ...".
        std::string r = plain + "; the brand's label in it: ";
        const std::size_t start = r.size();
        r += via.description;
        if (r[start] >= 'A' && r[start] <= 'Z') r[start] = static_cast<char>(r[start] - 'A' + 'a');
        text[static_cast<std::size_t>(why.id) * slots + static_cast<std::size_t>(via.id)] = std::move(r);
      }
    }
  }
};

}  // namespace

std::string_view reason(rule why, rule via) {
  static const reason_table table;
  const auto w = static_cast<std::size_t>(why), v = static_cast<std::size_t>(via);
  if (w >= reason_table::slots || v >= reason_table::slots) return {};
  return table.text[w * reason_table::slots + v];
}

}  // namespace puny::hunt
