// puny CLI: `hunt` (which names imitate my brands? puny/hunt.hpp).  Rule
// names, scores and the brand list format come from the library; this file
// only finds the names in each line and prints the matches.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "hunt_input.hpp"
#include "hunt_json.hpp"
#include "hunt_triage.hpp"
#include "puny/display.hpp"
#include "puny/hunt.hpp"

namespace puny::cli {
namespace {

struct hunt_settings {
  io_settings io;
  std::string brands;
  std::string psl;
  bool no_psl = false;
  bool strict = false;  // a malformed brand line fails the run (else: a warning)
  std::string profile = "chromium";
  std::vector<std::string> rules;  // empty: every rule
  int min_score = hunt::alert_score;  // the core's alert threshold
};

void append_verdict_text(std::string& out, const hunt::report& r) {
  if (!r.verdict_status.ok()) {
    out += "invalid:";
    out += puny::to_string(r.verdict_status.code);
    return;
  }
  out += r.display;
  out += r.all_shown ? " (shown)" : " (kept as A-labels)";
}

void add_hunt(CLI::App& app, action& selected) {
  auto cfg = std::make_shared<hunt_settings>();
  CLI::App* sub = app.add_subcommand(
      "hunt",
      "Which names imitate my brands? Each matching name with brand, rule, offsets, verdict");
  add_io_options(*sub, cfg->io, "NAME",
                 "Domain name (U-labels or A-labels), zone-file line or certstream JSON line; "
                 "each argument is one input. Without any, each line of standard input is one "
                 "input");
  sub->add_option("--brands", cfg->brands,
                  "Brand list: one registrable name a line (paypal.com), optional "
                  "keywords=W,W and allow=NAME,NAME fields, '#' comments")
      ->required();
  std::string rule_help = "Only these rules (comma-separated); default every rule:";
  std::vector<std::string> rule_names;
  for (const hunt::rule_info& r : hunt::rules()) {
    rule_help += "\n  " + std::string(r.name) + ": " + std::string(r.description);
    rule_names.emplace_back(r.name);
  }
  // One argument per --rules (split at commas; the option may be repeated):
  // the names after it are inputs, never more rules (issue 52).
  sub->add_option("--rules", cfg->rules, rule_help)
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(CLI::IsMember(rule_names));
  sub->add_option("--min-score", cfg->min_score,
                  "Drop matches scoring below N (0..100); the default is the alert threshold, "
                  "0 also reports weak evidence (docs/hunt.md)")
      ->default_str(std::to_string(hunt::alert_score))
      ->check([](const std::string& v) {
        // A score is 0..100 (hunt::match::score): anything else is a typo.
        std::size_t end = 0;
        int n = -1;
        try {
          n = std::stoi(v, &end);
        } catch (const std::exception&) {
          end = 0;
        }
        return end == v.size() && n >= 0 && n <= 100
                   ? std::string()
                   : "--min-score takes a score from 0 to 100, not " + v;
      });
  std::vector<std::string> profiles;
  for (const display::profile_info& p : display::profiles()) profiles.emplace_back(p.name);
  sub->add_option("--profile", cfg->profile, "The display profile of the verdict")
      ->transform(profile_name_validator(profiles))
      ->default_str("chromium");
  CLI::Option* psl = sub->add_option(
      "--psl", cfg->psl,
      "Public Suffix List file (default: Debian's /usr/share/publicsuffix/public_suffix_list.dat)");
  sub->add_flag("--no-psl", cfg->no_psl,
                "No Public Suffix List: the brands' suffixes, else the last label, are public")
      ->excludes(psl);
  sub->add_flag("--strict", cfg->strict,
                "A line of the brand list that would be warned about (malformed, or a brand "
                "listed again) fails the run (exit 2); without it a malformed line is skipped "
                "and a repeated brand merged into its first line, each with a warning naming "
                "its line");
  sub->footer(
      "Output: a line per matching name: line number, name, display verdict, then one\n"
      "field per brand matched, highest score first: its best match as BRAND RULE\n"
      "OFFSET+LENGTH SCORE (offsets: bytes of the name) and its other matches as\n"
      "(also RULE SCORE, ...). Names that match nothing print nothing. The verdict takes\n"
      "the brands as protected domains, as puny display --top-domains with the same list.\n"
      "Only alerts are printed by default: matches scoring the alert threshold, " +
      std::to_string(hunt::alert_score) +
      ",\n"
      "or more; --min-score 0 adds the weak evidence (a tld_swap of the brand's exact\n"
      "label, say). --json: one object per matching name with \"line\", \"input\", \"name\",\n"
      "\"verdict\" (status, display, all_shown, profile, findings), \"matches\" (brand,\n"
      "rule, offset, length, score, via), the best \"score\" and \"brands\" (per brand,\n"
      "best first: brand, rule, via, score, offset, length, reason, also; via only for\n"
      "a combined match, paypa1-login.com's combo_squatting via homoglyph).\n"
      "A line that cannot be read (a certstream message that is not one, a name that is\n"
      "not UTF-8) fails (exit 1) with its line, error and byte (--json: {\"line\",\n"
      "\"error\", \"offset\"}); heartbeats are skipped (--progress counts them).\n"
      "Example:\n"
      "  puny hunt --brands brands.txt paypa1.com\n"
      "  1\tpaypa1.com\tpaypa1.com (shown)\tpaypal.com homoglyph 0+6 90 (also replacement 65)\n"
      "docs/hunt.md lists the rules, their scores and what they do not catch.");
  sub->callback([cfg, &selected] {
    selected = [cfg] {
      auto psl_data = std::make_shared<display::public_suffix_list>();
      display::list_error error;
      if (!cfg->no_psl) {
        const std::string path =
            cfg->psl.empty() ? std::string(display::public_suffix_list::default_path()) : cfg->psl;
        if (!display::public_suffix_list::load(path, *psl_data, error)) {
          std::fprintf(stderr, "puny: %s (%s)%s\n", error.text.c_str(),
                       std::string(puny::to_string(error.status.code)).c_str(),
                       cfg->psl.empty() ? "; install Debian's publicsuffix package, give --psl "
                                          "FILE, or --no-psl"
                                        : "");
          return exit_usage;
        }
      }
      auto index = std::make_shared<hunt::brand_index>();
      std::vector<display::list_error> warnings;
      const bool loaded = hunt::brand_index::load(cfg->brands, *index, error,
                                                  cfg->no_psl ? nullptr : psl_data.get(), &warnings);
      // --strict: the first line warned about (malformed, or a brand
      // listed again) fails the run.
      if (cfg->strict && !warnings.empty()) {
        std::fprintf(stderr, "puny: %s (%s; --strict)\n", warnings.front().text.c_str(),
                     std::string(puny::to_string(warnings.front().status.code)).c_str());
        return exit_usage;
      }
      // Each skipped line first, also when none was usable: the final
      // error alone ("no usable brand") would not say what was wrong.  A
      // brand listed again is merged into its first line, not skipped.
      for (const display::list_error& w : warnings)
        std::fprintf(stderr, "puny: warning: %s (%s)%s (--strict: fail)\n", w.text.c_str(),
                     std::string(puny::to_string(w.status.code)).c_str(),
                     w.text.find("merged into line ") == std::string::npos ? "; line skipped" : "");
      if (!loaded) {
        std::fprintf(stderr, "puny: %s (%s)\n", error.text.c_str(),
                     std::string(puny::to_string(error.status.code)).c_str());
        return exit_usage;
      }
      // Only comments and blank lines: no list to hunt with, like a list
      // of malformed lines (the library takes an empty list, which
      // matches nothing).
      if (index->size() == 0) {
        std::fprintf(stderr,
                     "puny: %s: no usable brand: the file has no brand line (only comments and "
                     "blank lines) (list_syntax)\n",
                     cfg->brands.c_str());
        return exit_usage;
      }
      hunt::options opt;
      if (!cfg->rules.empty()) {
        opt.rules = 0;
        for (const std::string& r : cfg->rules)
          opt.rules |= std::uint32_t{1} << static_cast<unsigned>(hunt::find_rule(r)->id);
      }
      opt.min_score = cfg->min_score;
      opt.profile = display::find_profile(cfg->profile)->id;
      const std::string profile_name(display::find_profile(cfg->profile)->name);
      auto brand_names = std::make_shared<const brand_json_names>(*index);
      return run_lines(
          cfg->io, json_shape::hunt,
          [index, brand_names, opt, profile_name](std::string_view in, bool detailed, outcome& out) {
            thread_local std::vector<std::string> names;
            thread_local hunt::report rep;
            hunt_line_error bad;
            switch (names_of(in, names, bad)) {
              case hunt_line::names: break;
              case hunt_line::skipped:  // a certstream heartbeat: no names, no failure
                out.silent = true;
                out.skipped = true;
                return;
              case hunt_line::failed: {  // reported, never dropped (issue 50)
                out.ok = false;
                out.silent = true;
                problem p;
                p.name = bad.name;
                p.offset = bad.offset;
                out.problems.push_back(p);
                return;
              }
            }
            // --json: each object straight into the driver's output
            // (outcome::json_out); text: the line's output lines.
            std::string& json = out.json_out != nullptr ? *out.json_out : out.extra_json;
            bool matched = false;
            for (const std::string& name : names) {
              hunt::find(name, *index, opt, rep);
              if (rep.matches.empty()) continue;
              if (detailed) {
                append_hunt_json(json, out.line, name, rep, *brand_names, profile_name);
              } else {
                std::string& text = out.output;
                if (matched) text += '\n';
                // The whole name, however long: the match's offsets count
                // its bytes (a valid U-label name passes 256 bytes).
                append_escaped(text, name, std::string::npos);
                text += '\t';
                append_verdict_text(text, rep);
                append_hunt_text_matches(text, rep, *index);
              }
              matched = true;
            }
            out.matched = matched;
            if (!matched) out.silent = !detailed;
          });
    };
  });
}

}  // namespace

void add_hunt_command(CLI::App& app, action& selected) { add_hunt(app, selected); }

}  // namespace puny::cli
