// puny: the C API's lookalike hunting (include/puny.h, puny_hunt_*) over
// puny/hunt.hpp.  Thin adapters as in c_api.cpp: the rule and profile names
// come from the core's registries, errors are reported through
// puny::capi::report, and no exception crosses the boundary.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "c_api_internal.hpp"
#include "puny.h"
#include "puny/display.hpp"
#include "puny/hunt.hpp"
#include "puny/status.hpp"

struct puny_hunt_index {
  puny::hunt::brand_index index;
};

struct puny_hunt_result {
  puny::hunt::report report;
  // Each match's brand name: a pointer into the index's own strings
  // (std::string, so NUL-terminated), valid as long as the index.
  std::vector<const char*> brand_names;
  puny::hunt::triage triage;  // the matches per brand (puny_hunt_result_brand)
  const char* profile = "";   // the verdict's profile, its registry name (static)
};

namespace {

using puny::capi::fail;
using puny::capi::guarded;
using puny::capi::input_ok;
using puny::capi::report;

puny_errc list_failure(const puny::display::list_error& e, char* message, std::size_t capacity,
                       puny_error* err) {
  if (message != nullptr && capacity > 0) {
    const std::size_t n = e.text.size() < capacity - 1 ? e.text.size() : capacity - 1;
    std::memcpy(message, e.text.data(), n);
    message[n] = 0;
  }
  puny::status s = e.status;
  s.label = e.line;
  return report(err, s);
}

// The Public Suffix List a psl_path names (NULL: Debian's file; "": none).
bool load_psl(const char* psl_path, puny::display::public_suffix_list& psl, bool& have,
              puny::display::list_error& e) {
  const std::string path =
      psl_path == nullptr ? std::string(puny::display::public_suffix_list::default_path()) : psl_path;
  have = !path.empty();
  return !have || puny::display::public_suffix_list::load(path, psl, e);
}

// Rule names separated by commas or spaces into a rule mask; false at the
// first name the registry does not know.
bool parse_rules(const char* text, std::uint32_t& mask) {
  mask = ~std::uint32_t{0};
  if (text == nullptr || *text == 0) return true;
  mask = 0;
  const std::string_view all(text);
  std::size_t start = 0;
  bool any = false;
  while (start <= all.size()) {
    std::size_t end = all.find_first_of(", ", start);
    if (end == std::string_view::npos) end = all.size();
    const std::string_view word = all.substr(start, end - start);
    if (!word.empty()) {
      const puny::hunt::rule_info* r = puny::hunt::find_rule(word);
      if (r == nullptr) return false;
      mask |= std::uint32_t{1} << static_cast<unsigned>(r->id);
      any = true;
    }
    start = end + 1;
  }
  if (!any) mask = ~std::uint32_t{0};  // only separators: every rule, as ""
  return true;
}

}  // namespace

extern "C" {

size_t puny_hunt_rule_count(void) { return puny::hunt::rules().size(); }

const char* puny_hunt_rule_name(size_t index) {
  const auto list = puny::hunt::rules();
  return index < list.size() ? list.first[index].name.data() : nullptr;
}

const char* puny_hunt_rule_description(size_t index) {
  const auto list = puny::hunt::rules();
  return index < list.size() ? list.first[index].description.data() : nullptr;
}

int puny_hunt_rule_find(const char* name) {
  if (name == nullptr) return -1;
  const puny::hunt::rule_info* r = puny::hunt::find_rule(name);
  return r == nullptr ? -1 : static_cast<int>(r->id);
}

puny_errc puny_hunt_index_load(const char* brands_path, const char* psl_path,
                               puny_hunt_index** index, char* message, size_t message_capacity,
                               puny_error* err) {
  return guarded(err, [&] {
    if (index == nullptr || brands_path == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *index = nullptr;
    puny::display::list_error e;
    puny::display::public_suffix_list psl;
    bool have_psl = false;
    if (!load_psl(psl_path, psl, have_psl, e)) return list_failure(e, message, message_capacity, err);
    auto made = std::make_unique<puny_hunt_index>();
    if (!puny::hunt::brand_index::load(brands_path, made->index, e, have_psl ? &psl : nullptr))
      return list_failure(e, message, message_capacity, err);
    *index = made.release();
    return report(err, puny::status{});
  });
}

puny_errc puny_hunt_index_parse(const char* text, size_t length, const char* source,
                                const char* psl_path, puny_hunt_index** index, char* message,
                                size_t message_capacity, puny_error* err) {
  return guarded(err, [&] {
    if (index == nullptr || !input_ok(text, length)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *index = nullptr;
    puny::display::list_error e;
    puny::display::public_suffix_list psl;
    bool have_psl = false;
    if (!load_psl(psl_path, psl, have_psl, e)) return list_failure(e, message, message_capacity, err);
    auto made = std::make_unique<puny_hunt_index>();
    if (!puny::hunt::brand_index::parse(std::string_view(text, length),
                                        source == nullptr ? "(memory)" : source, made->index, e,
                                        have_psl ? &psl : nullptr))
      return list_failure(e, message, message_capacity, err);
    *index = made.release();
    return report(err, puny::status{});
  });
}

puny_errc puny_hunt_index_parse_lists(const char* text, size_t length, const char* source,
                                      const puny_display_lists* lists, puny_hunt_index** index,
                                      char* message, size_t message_capacity, puny_error* err) {
  return guarded(err, [&] {
    if (index == nullptr || !input_ok(text, length)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *index = nullptr;
    puny::display::list_error e;
    auto made = std::make_unique<puny_hunt_index>();
    const bool have_psl = lists != nullptr && lists->have_psl;
    if (!puny::hunt::brand_index::parse(std::string_view(text, length),
                                        source == nullptr ? "(memory)" : source, made->index, e,
                                        have_psl ? &lists->psl : nullptr))
      return list_failure(e, message, message_capacity, err);
    *index = made.release();
    return report(err, puny::status{});
  });
}

size_t puny_hunt_index_size(const puny_hunt_index* index) {
  return index == nullptr ? 0 : index->index.size();
}

const char* puny_hunt_index_brand(const puny_hunt_index* index, size_t i) {
  if (index == nullptr || i >= index->index.size()) return nullptr;
  return index->index.brand(i).data();  // the index keeps each name NUL-terminated (std::string)
}

void puny_hunt_index_free(puny_hunt_index* index) { delete index; }

puny_errc puny_hunt_find(const char* utf8, size_t length, const puny_hunt_index* index,
                         const char* rules, int min_score, const char* profile,
                         puny_hunt_result** result, puny_error* err) {
  return guarded(err, [&] {
    if (result == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    *result = nullptr;
    if (index == nullptr || !input_ok(utf8, length)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    puny::hunt::options opt;
    if (!parse_rules(rules, opt.rules)) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const auto* p = puny::display::find_profile_ignoring_case(profile == nullptr ? "chromium" : profile);
    if (p == nullptr) return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    opt.profile = p->id;
    // Negative (PUNY_HUNT_MIN_SCORE_DEFAULT): the core's default, the alert
    // threshold; before it was the default a negative score kept everything,
    // as 0 still does.
    if (min_score >= 0) opt.min_score = min_score;
    auto made = std::make_unique<puny_hunt_result>();
    puny::hunt::find(std::string_view(utf8, length), index->index, opt, made->report);
    made->brand_names.reserve(made->report.matches.size());
    for (const puny::hunt::match& m : made->report.matches)
      made->brand_names.push_back(index->index.brand(m.brand).data());
    puny::hunt::by_brand(made->report, made->triage);
    made->profile = p->name.data();
    *result = made.release();
    return report(err, puny::status{});
  });
}

int puny_hunt_alert_score(void) { return puny::hunt::alert_score; }

size_t puny_hunt_result_match_count(const puny_hunt_result* result) {
  return result == nullptr ? 0 : result->report.matches.size();
}

#define PUNY_PUT_MATCH(m, field, value)                                               \
  do {                                                                                \
    if ((m)->struct_size >= offsetof(puny_hunt_match, field) + sizeof((m)->field)) \
      (m)->field = (value);                                                           \
  } while (0)

puny_errc puny_hunt_result_match(const puny_hunt_result* result, size_t index,
                                 puny_hunt_match* match) {
  if (result == nullptr || match == nullptr || index >= result->report.matches.size() ||
      match->struct_size < offsetof(puny_hunt_match, score) + sizeof(std::int32_t))
    return PUNY_ERR_INVALID_ARGUMENT;
  const puny::hunt::match& m = result->report.matches[index];
  PUNY_PUT_MATCH(match, rule, static_cast<std::int32_t>(m.why));
  PUNY_PUT_MATCH(match, brand, m.brand);
  PUNY_PUT_MATCH(match, offset, m.offset);
  PUNY_PUT_MATCH(match, length, m.length);
  PUNY_PUT_MATCH(match, score, static_cast<std::int32_t>(m.score));
  PUNY_PUT_MATCH(match, rule_name, puny::hunt::to_string(m.why).data());
  PUNY_PUT_MATCH(match, brand_name, result->brand_names[index]);
  PUNY_PUT_MATCH(match, via, static_cast<std::int32_t>(m.via));
  PUNY_PUT_MATCH(match, via_name,
                 m.via == puny::hunt::rule{} ? nullptr : puny::hunt::to_string(m.via).data());
  // The core's reasons are NUL-terminated (puny/hunt.hpp).
  PUNY_PUT_MATCH(match, reason, puny::hunt::reason(m).data());
  return PUNY_OK;
}

int puny_hunt_result_score(const puny_hunt_result* result) {
  return result == nullptr ? 0 : result->triage.score;
}

size_t puny_hunt_result_brand_count(const puny_hunt_result* result) {
  return result == nullptr ? 0 : result->triage.count;
}

puny_errc puny_hunt_result_brand(const puny_hunt_result* result, size_t index, size_t* best,
                                 const size_t** also, size_t* also_count) {
  if (result == nullptr || index >= result->triage.count) return PUNY_ERR_INVALID_ARGUMENT;
  const puny::hunt::brand_matches& e = result->triage.entries[index];
  if (best != nullptr) *best = e.best;
  if (also != nullptr) *also = e.also.data();
  if (also_count != nullptr) *also_count = e.also.size();
  return PUNY_OK;
}

const char* puny_hunt_result_name(const puny_hunt_result* result) {
  return result == nullptr ? nullptr : result->report.name.c_str();
}

puny_errc puny_hunt_result_verdict(const puny_hunt_result* result, const char** display,
                                   int* all_shown) {
  if (result == nullptr) return PUNY_ERR_INVALID_ARGUMENT;
  if (display != nullptr) *display = result->report.display.c_str();
  if (all_shown != nullptr) *all_shown = result->report.all_shown ? 1 : 0;
  return static_cast<puny_errc>(static_cast<int>(result->report.verdict_status.code));
}

const char* puny_hunt_result_profile(const puny_hunt_result* result) {
  return result == nullptr ? nullptr : result->profile;
}

size_t puny_hunt_result_finding_count(const puny_hunt_result* result) {
  return result == nullptr ? 0 : result->report.findings.size();
}

puny_errc puny_hunt_result_finding(const puny_hunt_result* result, size_t index,
                                   puny_display_finding* finding) {
  if (result == nullptr || finding == nullptr || index >= result->report.findings.size())
    return PUNY_ERR_INVALID_ARGUMENT;
  return puny::capi::put_display_finding(result->report.findings[index], finding);
}

void puny_hunt_result_free(puny_hunt_result* result) { delete result; }

}  // extern "C"
