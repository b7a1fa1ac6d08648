// puny for JavaScript: lookalike hunting (puny/hunt.hpp) in the hunt
// module (`puny/display`'s huntIndex, the page's "Lookalike" tab, issue 39),
// which carries the display level's files as well: the index and the
// verdict need the UTS #39 and display data.  A module of its own, loaded
// at the first huntIndex call, so that display verdicts download none of
// the matcher and its common-word table.
//
// An index is built from the brand list's text (a browser has no files)
// and kept here under a small integer handle until the JavaScript side
// frees it (surfaces/js/lib/display.js: free(), or its FinalizationRegistry).
// The handles live in this instance only: a renewed instance
// (surfaces/js/lib/load.js) has none, and the JavaScript side builds its
// indexes again from the text it kept.
//
// This file is part of the hunt level's unity unit after
// display_exports.cpp (surfaces/js/CMakeLists.txt), whose parsed Public
// Suffix List (g_lists, sent by puny_js_display_list) the index uses.
#include <emscripten/emscripten.h>

#include <memory>
#include <string>
#include <vector>

#include "module.hpp"
#include "puny/display.hpp"
#include "puny/hunt.hpp"

namespace {

// Handle i is g_indexes[i - 1]; a freed slot is null and reused.
std::vector<std::unique_ptr<puny::hunt::brand_index>> g_indexes;
puny::hunt::report g_report;
puny::hunt::triage g_triage;  // reused: the entries keep their storage

const puny::hunt::brand_index* index_of(int handle) {
  if (handle <= 0 || static_cast<std::size_t>(handle) > g_indexes.size()) return nullptr;
  return g_indexes[static_cast<std::size_t>(handle) - 1].get();
}

void write_hunt_rules(json_writer& w) {
  w.key("huntRules").open_array();
  for (const puny::hunt::rule_info& r : puny::hunt::rules()) {
    w.open_object();
    w.key("name").string(r.name);
    w.key("description").string(r.description);
    w.key("bit").number(static_cast<unsigned>(r.id));
    w.key("minBrandLength").number(r.min_brand_length);
    w.key("score").number(static_cast<std::uint64_t>(r.score));
    w.close_object();
  }
  w.close_array();
  // The alert threshold, huntAlertScore: huntIndex's default minScore.
  w.key("huntAlertScore").number(static_cast<std::uint64_t>(puny::hunt::alert_score));
}

}  // namespace

extern "C" {

// A brand index from the input's text (the brand list, docs/hunt.md), with
// the Public Suffix List last sent as list 1 when `use_psl` (else the last
// label is the public suffix): its handle (> 0), or -1 with the error
// (list_syntax, the line as its label, "brands:3: ...") when malformed.
EMSCRIPTEN_KEEPALIVE int puny_js_hunt_index(int use_psl, int n) {
  clear_error();
  std::string text;
  if (!input_as_utf8(n, text)) return failed;
  auto made = std::make_unique<puny::hunt::brand_index>();
  puny::display::list_error e;
  const puny::display::public_suffix_list* psl = use_psl && g_lists.have_psl ? &g_lists.psl : nullptr;
  if (!puny::hunt::brand_index::parse(text, "brands", *made, e, psl)) {
    fail(e.status, e.status.offset);
    g_error.status.label = e.line;
    g_error.message.append(e.text);
    return failed;
  }
  for (std::size_t i = 0; i < g_indexes.size(); ++i) {
    if (!g_indexes[i]) {
      g_indexes[i] = std::move(made);
      return static_cast<int>(i + 1);
    }
  }
  g_indexes.push_back(std::move(made));
  return static_cast<int>(g_indexes.size());
}

// Frees the index of `handle` (an unknown one: nothing).
EMSCRIPTEN_KEEPALIVE void puny_js_hunt_free(int handle) {
  if (index_of(handle) != nullptr) g_indexes[static_cast<std::size_t>(handle) - 1].reset();
}

// The brand count of an index (-4 for an unknown handle).
EMSCRIPTEN_KEEPALIVE int puny_js_hunt_size(int handle) {
  const puny::hunt::brand_index* index = index_of(handle);
  return index == nullptr ? unknown_name : static_cast<int>(index->size());
}

// The matches of the input name against index `handle` as JSON:
// {name, verdict: {status, display, allShown, profile, findings} or null (no
// match; findings as display()'s, lib/display.d.ts), matches:
// [{brand, rule, offset, length, score, via, reason}], score, brands:
// [[best, also...]]}, offsets in UTF-16 code units of the input; via the
// combined match's second rule or null, reason the core's text
// (puny::hunt::reason); score and brands the core's triage view
// (puny::hunt::by_brand), each brand as the indexes into `matches` of its
// best match and its others (surfaces/js/lib/hunt.js makes them objects).
// `rules`: the rule mask (bit 1 << rule value, as puny::hunt::options);
// `min_score`: matches scoring below are dropped (surfaces/js/lib/hunt.js
// passes huntAlertScore when the caller gives none);
// `profile`: the verdict's display profile (its index in displayProfiles).
// -1 for input that is not UTF-16 (a lone surrogate), -4 for an unknown
// handle or profile.  A name that is not valid IDNA is still matched (its
// verdict's status says why), as puny::hunt::find does.
EMSCRIPTEN_KEEPALIVE int puny_js_hunt_match(int handle, unsigned rules, int min_score, int profile,
                                            int n) {
  clear_error();
  const puny::hunt::brand_index* index = index_of(handle);
  const auto profiles = puny::display::profiles();
  if (index == nullptr || profile < 0 || static_cast<std::size_t>(profile) >= profiles.size())
    return unknown_name;
  std::string utf8;
  if (!input_as_utf8(n, utf8)) return failed;
  puny::hunt::options o;
  o.rules = rules;
  o.min_score = min_score;
  o.profile = profiles[static_cast<std::size_t>(profile)].id;
  puny::hunt::find(utf8, *index, o, g_report);
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  w.key("name").string(g_report.name);
  // The core decides the display verdict only for a name that matches
  // (puny::hunt::find): null for the others, rather than an empty display.
  w.key("verdict");
  if (g_report.matches.empty()) {
    w.null();
  } else {
    w.open_object();
    w.key("status");
    g_report.verdict_status.ok() ? w.null() : w.string(puny::to_string(g_report.verdict_status.code));
    w.key("display");
    g_report.verdict_status.ok() ? w.string(g_report.display) : w.null();
    w.key("allShown").boolean(g_report.all_shown);
    // Why labels stay A-labels: the profile, and the core's findings as
    // display() gives them (display_exports.cpp's write_finding).
    w.key("profile").string(profiles[static_cast<std::size_t>(profile)].name);
    w.key("findings").open_array();
    utf16_cursor finding_at(utf8);
    for (const puny::display::finding& f : g_report.findings) write_finding(w, f, finding_at);
    w.close_array();
    w.close_object();
  }
  w.key("matches").open_array();
  utf16_cursor at(utf8);  // a smaller offset starts over: any order is right
  for (const puny::hunt::match& m : g_report.matches) {
    const std::size_t begin = at(m.offset);
    const std::size_t end = at(m.offset + m.length);
    w.open_object();
    w.key("brand").string(index->brand(m.brand));
    w.key("rule").string(puny::hunt::to_string(m.why));
    w.key("offset").number(begin);
    w.key("length").number(end - begin);
    w.key("score").number(static_cast<std::uint64_t>(m.score < 0 ? 0 : m.score));
    w.key("via");
    m.via == puny::hunt::rule{} ? w.null() : w.string(puny::hunt::to_string(m.via));
    w.key("reason").string(puny::hunt::reason(m));
    w.close_object();
  }
  w.close_array();
  puny::hunt::by_brand(g_report, g_triage);
  w.key("score").number(static_cast<std::uint64_t>(g_triage.score < 0 ? 0 : g_triage.score));
  w.key("brands").open_array();
  for (std::size_t b = 0; b < g_triage.count; ++b) {
    const puny::hunt::brand_matches& e = g_triage.entries[b];
    w.open_array();
    w.number(e.best);
    for (std::size_t i : e.also) w.number(i);
    w.close_array();
  }
  w.close_array();
  w.close_object();
  return put_json();
}

}  // extern "C"
