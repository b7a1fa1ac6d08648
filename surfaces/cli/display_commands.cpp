// puny CLI: `display` (may this name be shown in Unicode? puny/display.hpp)
// and `skeleton` (UTS #39 section 4, puny/uts39.hpp).  Profile and reason
// names come from the library; this file adds none.
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "output_sink.hpp"
#include "puny/display.hpp"
#include "puny/uts39.hpp"

namespace puny::cli {
namespace {

using json = nlohmann::ordered_json;
using namespace std::string_view_literals;

struct display_settings {
  io_settings io;
  std::string profile = "chromium";
  std::string top_domains;
  std::string psl;
  bool no_psl = false;
};

// display --json writes the decision as text, member by member, with no
// JSON tree in between (issue 44: a tree of a name of 2.5 million labels,
// then its text, then the tree parsed again by the line driver, took about
// 850 bytes per input byte).  Strings go through nlohmann's own escaping
// (ill-formed UTF-8 becomes U+FFFD, as everywhere in --json).
void append_string(std::string& out, std::string_view s) {
  out += json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
}

void append_number(std::string& out, std::size_t n) {
  out += std::to_string(n);
}

void append_code_point_or_null(std::string& out, bool has, char32_t c) {
  if (has)
    append_string(out, code_point_string(c));
  else
    out += "null";
}

// The decision's members before its labels, without the opening brace.
void decision_head_json(std::string_view profile, std::string_view registrable_domain, std::string& out) {
  out += "\"profile\":"sv;
  append_string(out, profile);
  // Where the profile's characters come from, with the data's version.
  out += ",\"character_data\":"sv;
  const display::profile_info* info = display::find_profile_ignoring_case(profile);
  append_string(out, info != nullptr ? info->character_data : std::string_view());
  out += ",\"registrable_domain\":"sv;
  if (registrable_domain.empty())
    out += "null"sv;
  else
    append_string(out, registrable_domain);
  out += ",\"labels\":["sv;
}

void label_json(const display::label_verdict& l, std::string& out) {
  out += "{\"a_label\":"sv;
  append_string(out, l.a_label);
  out += ",\"u_label\":"sv;
  append_string(out, l.u_label);
  out += l.show_unicode ? ",\"show_unicode\":true"sv : ",\"show_unicode\":false"sv;
  out += ",\"offset\":"sv;
  append_number(out, l.offset);
  out += ",\"findings\":["sv;
  for (std::size_t k = 0; k < l.findings.size(); ++k) {
    if (k > 0) out += ',';
    append_finding_json(out, l.findings[k]);
  }
  out += "]}"sv;
}

// The decision's members, without the braces, appended to `out`: the line
// driver writes them after the common keys of the input's object (cli.hpp:
// outcome::extra_json and write_extra).
void decision_json(const display::decision& d, std::string_view profile, std::string& out) {
  decision_head_json(profile, d.registrable_domain, out);
  for (std::size_t i = 0; i < d.labels.size(); ++i) {
    if (i > 0) out += ',';
    label_json(d.labels[i], out);
  }
  out += ']';
}

// The same members for a long name, written as the core decides each
// label: `out` is handed on to `spill` whenever it holds a block
// (flush_limit bytes) when a spill is given, so neither the decision nor its text is ever whole
// in memory (issue 44).
class streamed_decision_json : public display::decision_visitor {
 public:
  streamed_decision_json(std::string_view profile, std::string& out, const spill_fn* spill)
      : profile_(profile), out_(out), spill_(spill) {}
  void begin(std::string_view registrable_domain, std::size_t) override {
    decision_head_json(profile_, registrable_domain, out_);
  }
  void label(const display::label_verdict& verdict) override {
    if (!first_) out_ += ',';
    first_ = false;
    label_json(verdict, out_);
    if (spill_ != nullptr && out_.size() >= flush_limit) (*spill_)(out_);
  }

 private:
  std::string_view profile_;
  std::string& out_;
  const spill_fn* spill_;
  bool first_ = true;
};

// Loads the lists before any input is read: a bad list is a usage error
// (exit 2) that names the file and line, never a silently empty list.
bool load_lists(const display_settings& s, display::public_suffix_list& psl, bool& have_psl,
                display::protected_domains& top, bool& have_top) {
  display::list_error error;
  have_psl = !s.no_psl;
  if (have_psl) {
    const std::string path =
        s.psl.empty() ? std::string(display::public_suffix_list::default_path()) : s.psl;
    if (!display::public_suffix_list::load(path, psl, error)) {
      std::fprintf(stderr, "puny: %s (%s)%s\n", error.text.c_str(),
                   std::string(puny::to_string(error.status.code)).c_str(),
                   s.psl.empty() ? "; install Debian's publicsuffix package, give --psl FILE, "
                                   "or --no-psl for the last two labels"
                                 : "");
      return false;
    }
  }
  have_top = !s.top_domains.empty();
  if (have_top && !display::protected_domains::load(s.top_domains, top, error)) {
    std::fprintf(stderr, "puny: %s (%s)\n", error.text.c_str(),
                 std::string(puny::to_string(error.status.code)).c_str());
    return false;
  }
  return true;
}

void add_display(CLI::App& app, action& selected) {
  auto cfg = std::make_shared<display_settings>();
  CLI::App* sub = app.add_subcommand(
      "display", "May this domain name be shown in Unicode? The name as a browser policy shows it");
  add_io_options(*sub, cfg->io, "DOMAIN",
                 "Domain name in U-label or A-label form; each argument is one input. Without "
                 "any, each line of standard input is one input");
  std::string profile_help = "The display policy:";
  std::vector<std::string> names;
  for (const display::profile_info& p : display::profiles()) {
    profile_help += "\n  " + std::string(p.name) + ": " + std::string(p.description);
    names.emplace_back(p.name);
  }
  sub->add_option("--profile", cfg->profile, profile_help)
      ->transform(profile_name_validator(names))
      ->default_str("chromium");
  sub->add_option("--top-domains", cfg->top_domains,
                  "Protected domains, one a line, '#' comments (the format of Chromium's "
                  "top-domain lists): a name whose registrable part looks like one of them "
                  "keeps its A-labels (chromium profile)");
  CLI::Option* psl = sub->add_option(
      "--psl", cfg->psl,
      "Public Suffix List file (default: Debian's /usr/share/publicsuffix/public_suffix_list.dat)");
  sub->add_flag("--no-psl", cfg->no_psl,
                "No Public Suffix List: the last two labels are the registrable part")
      ->excludes(psl);
  sub->footer(
      "Output: one line per input, the name as the profile shows it: U-labels where safe,\n"
      "A-labels where not. A name that is not valid IDNA fails as to-unicode does.\n"
      "--json adds \"profile\", \"character_data\" (where the profile's characters come\n"
      "from, with the data's version), \"registrable_domain\" and \"labels\": each label's a_label,\n"
      "u_label, show_unicode, offset and findings (reason, message, offset, label,\n"
      "code_point, step, similar_to, imitates).\n"
      "Examples:\n"
      "  puny display b\u00fccher.de                 -> b\u00fccher.de\n"
      "  puny display \u0430\u0440\u0440\u04cf\u0435.com                  -> xn--80ak6aa92e.com (whole_script_confusable)\n"
      "  puny display --profile ascii-only b\u00fccher.de -> xn--bcher-kva.de\n"
      "docs/display.md describes each profile's steps and what they do not catch.");
  sub->callback([cfg, &selected] {
    selected = [cfg] {
      auto psl_data = std::make_shared<display::public_suffix_list>();
      auto top_data = std::make_shared<display::protected_domains>();
      bool have_psl = false, have_top = false;
      if (!load_lists(*cfg, *psl_data, have_psl, *top_data, have_top)) return exit_usage;
      display::options opt;
      opt.which = display::find_profile(cfg->profile)->id;
      opt.suffixes = have_psl ? psl_data.get() : nullptr;
      opt.protected_list = have_top ? top_data.get() : nullptr;
      const std::string profile = cfg->profile;
      return run_lines(cfg->io, json_shape::display,
                       [opt, psl_data, top_data, profile](std::string_view in, bool detailed,
                                                          outcome& out) {
                         if (!detailed) {
                           // Only the display form: no per-label decision
                           // kept (issue 44: ~75 bytes per input byte).
                           const status st = display::to_display(in, opt, out.output);
                           if (!st.ok()) {
                             out.ok = false;
                             out.problems.push_back(idna_problem(st));
                           }
                           return;
                         }
                         if (in.size() >= flush_limit) {
                           // A long name: the display form first (its
                           // member comes first), then the labels as the
                           // core decides them, written in blocks as the
                           // line is printed (issue 44).
                           const status st = display::to_display(in, opt, out.output);
                           if (!st.ok()) {
                             out.ok = false;
                             out.problems.push_back(idna_problem(st));
                             return;
                           }
                           auto name = std::make_shared<std::string>(in);
                           out.write_extra = [name, opt, psl_data, top_data, profile](
                                                 std::string& text, const spill_fn* spill) {
                             streamed_decision_json visitor(profile, text, spill);
                             // The same run to_display made: it cannot fail now.
                             (void)display::decide(*name, opt, visitor);
                             text += ']';
                           };
                           return;
                         }
                         auto r = display::decide(in, opt);
                         if (!r.ok()) {
                           out.ok = false;
                           out.problems.push_back(idna_problem(r.status));
                           return;
                         }
                         out.output = std::move(r.value.display);
                         decision_json(r.value, profile, out.extra_json);
                       });
    };
  });
}

void add_skeleton(CLI::App& app, action& selected) {
  auto cfg = std::make_shared<io_settings>();
  CLI::App* sub = app.add_subcommand(
      "skeleton", "UTS #39 skeleton: two strings with the same skeleton are confusable");
  add_io_options(*sub, *cfg, "TEXT", "Text; each argument is one input");
  sub->footer(
      "skeleton(X): NFD, default-ignorable code points removed, each character replaced by\n"
      "its confusables.txt prototype, NFD again (UTS #39 section 4).\n"
      "Examples:\n"
      "  puny skeleton paypal          -> paypal\n"
      "  puny skeleton \u0440\u0430\u0443\u0440\u0430l          -> paypal\n"
      "  puny skeleton rn m            -> rn, rn");
  sub->callback([cfg, &selected] {
    selected = [cfg] {
      return run_lines(*cfg, json_shape::punycode, [](std::string_view in, bool, outcome& out) {
        auto r = uts39::skeleton(in);
        if (!r.ok()) {
          out.ok = false;
          problem p;
          p.name = puny::to_string(r.status.code);
          p.offset = r.status.offset;
          out.problems.push_back(p);
          return;
        }
        out.output = std::move(r.value);
      });
    };
  });
}

}  // namespace

// One finding as display --json writes it (email --display too, issue 52:
// there "label" was the A-label, here the label's index).
void append_finding_json(std::string& out, const display::finding& f) {
  out += "{\"reason\":"sv;
  append_string(out, display::to_string(f.why));
  out += ",\"message\":"sv;
  append_string(out, display::message(f.why));
  out += ",\"offset\":"sv;
  append_number(out, f.offset);
  out += ",\"label\":"sv;
  append_number(out, f.label);
  out += ",\"code_point\":"sv;
  append_code_point_or_null(out, f.has_code_point, f.code_point);
  out += ",\"step\":"sv;
  append_string(out, f.step);
  out += ",\"similar_to\":"sv;
  if (f.similar_to.empty())
    out += "null"sv;
  else
    append_string(out, f.similar_to);
  out += ",\"imitates\":"sv;
  append_code_point_or_null(out, f.imitates != 0, f.imitates);
  out += '}';
}

CLI::Validator profile_name_validator(const std::vector<std::string>& names) {
  return registry_name_validator("display profile", names, [](std::string& value) {
    const display::profile_info* p = display::find_profile_ignoring_case(value);
    if (p != nullptr) value = std::string(p->name);
    return p != nullptr;
  });
}

void add_display_commands(CLI::App& app, action& selected) {
  add_display(app, selected);
  add_skeleton(app, selected);
}

}  // namespace puny::cli
