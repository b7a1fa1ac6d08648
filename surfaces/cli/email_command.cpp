// puny CLI: `email` (what is this e-mail address? puny/email.hpp).  One
// output line per input: the normalized address, or an empty line when the
// address is invalid; --json adds every field of puny::email::address.
// The options are the library's; the domain policy is the IDNA preset and
// flags of the other commands (default uts46-strict, as the library's).
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "puny/display.hpp"
#include "puny/email.hpp"

namespace puny::cli {
namespace {

using json = nlohmann::ordered_json;

struct email_settings : idna_flags {
  io_settings io;
  bool allow_quoted = false;
  bool allow_literal = false;
  bool allow_empty_local = false;
  bool allow_display_name = false;
  bool no_smtputf8 = false;
  bool allow_local_domain = false;
  std::string display_profile;  // empty: no display decision
  std::string psl;
  bool no_psl = false;
  bool local_security = false;
  std::size_t field = 0;
  std::string delimiter = ",";
};

json nullable(const std::string& s, bool ok) { return ok ? json(s) : json(nullptr); }

// The fields of the address (null on failure, so every object has the
// same keys).
std::string fields_json(const email::address& a, bool ok, const email::options& opt,
                        std::string_view profile) {
  json j;
  // null when the address has none, as on failure (issue 52: it was "").
  j["display_name"] = nullable(a.display_name, ok && !a.display_name.empty());
  j["local_part"] = nullable(a.local_part, ok);
  j["domain"] = nullable(a.domain, ok);
  j["ascii_domain"] = nullable(a.ascii_domain, ok);
  j["normalized"] = nullable(a.normalized, ok);
  j["ascii_email"] = ok && !a.ascii_email.empty() ? json(a.ascii_email) : json(nullptr);
  j["smtputf8"] = ok ? json(a.smtputf8) : json(nullptr);
  j["address_literal"] = ok ? json(a.address_literal) : json(nullptr);
  if (opt.check_display) {
    if (ok && a.display_checked) {
      json d;
      d["profile"] = std::string(profile);
      d["display"] = a.display.display;
      d["all_shown"] = a.display.all_shown();
      json reasons = json::array();
      for (const display::label_verdict& l : a.display.labels)
        for (const display::finding& f : l.findings) {
          // display --json's finding, and the label's A-label beside its
          // index (issue 52: "label" was the A-label here, an index there).
          std::string text;
          append_finding_json(text, f);
          json r = json::parse(text);
          r["a_label"] = l.a_label;
          reasons.push_back(std::move(r));
        }
      d["findings"] = std::move(reasons);
      j["display"] = std::move(d);
    } else {
      j["display"] = nullptr;
    }
  }
  if (opt.check_local_part_security) {
    j["local_part_safe"] = ok ? json(a.local_part_safe) : json(nullptr);
    j["local_part_rule"] =
        ok && !a.local_part_safe ? json(std::string(a.local_part_rule)) : json(nullptr);
    j["local_part_code_point"] = ok && !a.local_part_safe && a.local_part_code_point != no_code_point
                                     ? json(code_point_string(a.local_part_code_point))
                                     : json(nullptr);
  }
  // The members without the braces: the line driver splices them after the
  // common keys (cli.hpp, outcome::extra_json).
  std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return text.size() > 2 ? text.substr(1, text.size() - 2) : std::string();
}

problem email_problem(const puny::status& st) {
  problem p = idna_problem(st);
  // The label index means something only for the domain's IDNA errors.
  p.has_label = !p.uts46.empty() || st.code == errc::forbidden_domain_code_point;
  return p;
}

}  // namespace

void add_email_command(CLI::App& app, action& selected) {
  auto cfg = std::make_shared<email_settings>();
  // Empty: the library's default policy (uts46-strict, then IDNA2008 on
  // the A-labels, as email-validator); --preset or a flag word replaces it.
  cfg->preset.clear();
  CLI::App* sub = app.add_subcommand(
      "email", "What is this e-mail address? Valid or not, normalized (RFC 5321, 6531, 6532)");
  add_io_options(*sub, cfg->io, "ADDRESS",
                 "E-mail address; each argument is one input. Without any, each line of "
                 "standard input is one input");
  add_idna_flags(*sub, *cfg);
  sub->get_option("--preset")->default_str(
      "the default policy: uts46-strict, then IDNA2008 on the A-labels");
  sub->add_flag("--allow-quoted", cfg->allow_quoted,
                "Accept a quoted local part (\"john doe\"@example.com, RFC 5321 Quoted-string)");
  sub->add_flag("--allow-literal", cfg->allow_literal,
                "Accept an address literal ([192.0.2.1], [IPv6:2001:db8::1], RFC 5321 4.1.3)");
  sub->add_flag("--allow-empty-local", cfg->allow_empty_local,
                "Accept an empty local part (@example.com)");
  sub->add_flag("--allow-display-name", cfg->allow_display_name,
                "Accept a display name: John Doe <john@example.com> (RFC 5322 3.4)");
  sub->add_flag("--no-smtputf8", cfg->no_smtputf8,
                "Refuse a non-ASCII local part (smtputf8_required): the address must work "
                "without SMTPUTF8");
  sub->add_flag("--allow-local-domain", cfg->allow_local_domain,
                "Accept domains mail cannot reach over the Internet (localhost, a.local, a "
                "name without a dot)");
  std::vector<std::string> names;
  for (const display::profile_info& p : display::profiles()) names.emplace_back(p.name);
  CLI::Option* display_option = sub->add_option("--display", cfg->display_profile,
                  "Also decide whether the domain may be shown in Unicode under this display "
                  "profile (see puny display --help); --json field \"display\"")
      ->transform(profile_name_validator(names));
  CLI::Option* psl = sub->add_option(
      "--psl", cfg->psl,
      "Public Suffix List for --display (default: Debian's "
      "/usr/share/publicsuffix/public_suffix_list.dat)");
  // Without --display neither does anything: a usage error, not silence (issue 52).
  psl->needs(display_option);
  sub->add_flag("--no-psl", cfg->no_psl, "--display without a Public Suffix List")
      ->excludes(psl)
      ->needs(display_option);
  sub->add_flag("--local-security", cfg->local_security,
                "Also check the local part after UTS #39 section 3.3 (docs/email.md); --json "
                "fields \"local_part_safe\", \"local_part_rule\"");
  CLI::Option* field = sub->add_option("--field", cfg->field,
                  "Check only field N (1-based) of each line, split at --delimiter, and write "
                  "it back normalized; other fields are kept byte for byte")
      ->check(field_number_validator());
  sub->add_option("--delimiter", cfg->delimiter,
                  "Field delimiter for --field: one byte (default ',')")
      ->check([](const std::string& d) {
        return verbatim_argument(d).size() == 1 ? std::string()
                                                : std::string("the delimiter must be one byte");
      })
      ->needs(field);
  sub->footer(
      "Output: one line per input, the normalized address (local part NFC, domain in\n"
      "U-labels); an empty line when it is invalid (exit 1). --json adds the fields\n"
      "display_name, local_part, domain, ascii_domain, normalized, ascii_email (null when\n"
      "the local part is not ASCII: it is never Punycoded), smtputf8, address_literal.\n"
      "Examples:\n"
      "  puny email info@B\u00fccher.DE          -> info@b\u00fccher.de\n"
      "  puny email --json a@xn--bcher-kva.de  (ascii_email a@xn--bcher-kva.de)\n"
      "  puny email a..b@example.com        (fails: local_part_dot at byte 2)\n"
      "docs/email.md lists what is checked by which RFC section.");
  sub->callback([cfg, &selected] {
    selected = [cfg] {
      auto psl_data = std::make_shared<display::public_suffix_list>();
      email::options opt;
      opt.allow_quoted_local_part = cfg->allow_quoted;
      opt.allow_address_literal = cfg->allow_literal;
      opt.allow_empty_local_part = cfg->allow_empty_local;
      opt.allow_display_name = cfg->allow_display_name;
      opt.allow_smtputf8 = !cfg->no_smtputf8;
      opt.require_global_domain = !cfg->allow_local_domain;
      opt.check_local_part_security = cfg->local_security;
      if (!cfg->display_profile.empty()) {
        opt.check_display = true;
        opt.display.which = display::find_profile(cfg->display_profile)->id;
        if (!cfg->no_psl) {
          const std::string path = cfg->psl.empty()
                                       ? std::string(display::public_suffix_list::default_path())
                                       : cfg->psl;
          display::list_error error;
          if (!display::public_suffix_list::load(path, *psl_data, error)) {
            std::fprintf(stderr, "puny: %s (%s)\n", error.text.c_str(),
                         std::string(puny::to_string(error.status.code)).c_str());
            return exit_usage;
          }
          opt.display.suffixes = psl_data.get();
        }
      }
      bool any_flag = cfg->raw;
      for (int f : cfg->flags) any_flag = any_flag || f != -1;
      if (cfg->preset.empty() && any_flag) cfg->preset = "uts46-strict";
      std::shared_ptr<idna::options> domain_options;
      if (!cfg->preset.empty()) {
        domain_options = std::make_shared<idna::options>(cfg->options());
        opt.domain_preset = &cfg->selected();
        opt.domain_options = domain_options.get();
      }
      mode_settings mode;
      if (cfg->field > 0) {
        mode.mode = input_mode::field;
        mode.field = cfg->field;
        mode.delimiter = verbatim_argument(cfg->delimiter)[0];
      }
      const std::string profile = cfg->display_profile;
      return run_lines(
          cfg->io, json_shape::display,
          with_input_mode(mode, [opt, psl_data, domain_options, profile](
                                    std::string_view in, bool detailed, outcome& out) {
            email::address a;
            const puny::status st = email::validate(in, opt, a);
            if (!st.ok()) {
              out.ok = false;
              out.problems.push_back(email_problem(st));
              // In words after the name (the core's message: "the address
              // has a second @ outside quotes: remove it ..."), for a mail
              // administrator rather than a reader of UTS #46 (issue 52).
              out.problems.back().hint = puny::message(st.code);
              // "Name <a@b>" without --allow-display-name: say which option
              // takes it (issue 52).
              if (!opt.allow_display_name && st.code != errc::display_name_syntax &&
                  in.find('<') != std::string_view::npos && !in.empty() && in.back() == '>')
                out.problems.back().hint = "a display name (Name <a@b>) needs --allow-display-name";
            } else {
              out.output = a.normalized;
            }
            if (detailed) out.extra_json = fields_json(a, st.ok(), opt, profile);
          }));
    };
  });
}

}  // namespace puny::cli
