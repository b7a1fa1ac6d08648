// puny CLI: `to-ascii` and `to-unicode` (UTS #46 processing of domain names).
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/status.hpp"

namespace puny::cli {

CLI::Validator registry_name_validator(const std::string& what, const std::vector<std::string>& names,
                                       std::function<bool(std::string&)> find) {
  std::string choices;
  for (const std::string& n : names) choices += (choices.empty() ? "{" : ",") + n;
  choices += "}";
  return CLI::Validator(
      [what, names, find](std::string& value) -> std::string {
        if (find(value)) return {};
        std::string list;
        for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
        return "unknown " + what + " '" + value + "' (one of: " + list + "; ASCII case ignored)";
      },
      choices);
}

const puny::preset& idna_flags::selected() const {
  const puny::preset* p = puny::find_preset_ignoring_case(preset);
  return p != nullptr ? *p : puny::presets()[0];
}

idna::options idna_flags::options() const {
  idna::options o = selected().options;
  // The presets carry host-name safety (the core's default); --raw is the
  // CLI's word for plain UTS #46 on top of any preset.
  if (raw) o.forbid_domain_code_points = false;
  const auto all = puny::option_flags();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (flags[i] >= 0) o.*(all[i].field) = flags[i] != 0;
  return o;
}

namespace {

struct idna_settings : idna_flags {
  io_settings io;
  bool email = false;
  bool url = false;
  std::size_t field = 0;
  std::string delimiter = ",";
};

}  // namespace

problem idna_problem(const puny::status& st) {
  problem p;
  p.name = puny::to_string(st.code);
  p.uts46 = idna::uts46_code(st);
  p.offset = st.offset;
  p.has_label = true;
  p.label = st.label;
  // For ill-formed UTF-8 there is no code point (the core says so); the
  // offset names the byte.
  p.code_point = st.code_point;
  return p;
}

namespace {

problem to_problem(const puny::status& st) { return idna_problem(st); }

void add_problems(outcome& out, const idna::report& rep) {
  out.ok = false;
  if (rep.all.empty()) {
    out.problems.push_back(to_problem(rep.first));
    return;
  }
  // `first` leads (it is the one printed on stderr), then the rest in order.
  out.problems.push_back(to_problem(rep.first));
  bool skipped_first = false;
  for (const puny::status& st : rep.all) {
    if (!skipped_first && st.code == rep.first.code && st.offset == rep.first.offset &&
        st.label == rep.first.label && st.detail == rep.first.detail) {
      skipped_first = true;
      continue;
    }
    out.problems.push_back(to_problem(st));
  }
}

void from_detailed(idna::detailed&& d, outcome& out) {
  for (const puny::status& st : d.validation_errors) out.validation.push_back(to_problem(st));
  out.has_best_effort = true;
  out.best_effort = std::move(d.best_effort);
  if (d.ok()) {
    out.output = std::move(d.output);
  } else {
    add_problems(out, d.errors);
  }
}

// The library's caller-buffer form of ToASCII or ToUnicode on a buffer each
// thread keeps (--jobs): an ordinary domain costs no allocation, which
// matters most with several threads, where every malloc takes a lock.
template <class Convert>
void convert_line(std::string_view input, const idna::options& opt, outcome& out, Convert convert) {
  thread_local std::vector<char> buf(256);
  for (;;) {
    std::size_t written = 0;
    const puny::status st = convert(input, buf.data(), buf.size(), written, opt);
    if (st.code == puny::errc::buffer_too_small) {
      buf.resize(std::max(st.needed, buf.size() * 2));
      continue;
    }
    if (!st.ok()) {
      out.ok = false;
      out.problems.push_back(to_problem(st));
      return;
    }
    out.output.assign(buf.data(), written);
    return;
  }
}

void to_ascii_line(std::string_view input, bool detailed, const idna::options& opt,
                   outcome& out) {
  if (detailed) {
    // The URL family's validation errors are listed (possibly empty).
    out.has_validation = opt.url_family();
    return from_detailed(idna::to_ascii_detailed(input, opt), out);
  }
  convert_line(input, opt, out, [](std::string_view in, char* p, std::size_t cap, std::size_t& written,
                                   const idna::options& o) { return idna::to_ascii(in, p, cap, written, o); });
}

void to_unicode_line(std::string_view input, bool detailed, const idna::options& opt,
                     outcome& out) {
  if (detailed) {
    // The URL family (domain to Unicode) reports ToUnicode's errors as
    // validation errors (possibly none).
    out.has_validation = opt.url_family();
    return from_detailed(idna::to_unicode_detailed(input, opt), out);
  }
  convert_line(input, opt, out, [](std::string_view in, char* p, std::size_t cap, std::size_t& written,
                                   const idna::options& o) { return idna::to_unicode(in, p, cap, written, o); });
}

// --preset idna2008 / idna2008-lookup: the IDNA2008 profile (puny/idna2008.hpp),
// registration or lookup; to-unicode prints U-labels.  Of the flags only
// --no-check-bidi applies (IDNA2008 has no mapping, no transitional mode, and
// always checks hyphens, joiners and DNS lengths).
void idna2008_line(std::string_view input, const puny::preset& p, const idna::options& opt,
                   bool to_unicode, outcome& out) {
  auto r = to_unicode ? puny::to_unicode(input, p, opt) : puny::to_ascii(input, p, opt);
  if (!r.ok()) {
    out.ok = false;
    out.problems.push_back(to_problem(r.status));
    out.problems.back().uts46 = {};  // not a UTS #46 error code
    return;
  }
  out.output = std::move(r.value);
}

using line_fn = void (*)(std::string_view, bool, const idna::options&, outcome&);

void add_one(CLI::App& app, action& selected, const char* name, const char* description,
             const char* footer, line_fn fn) {
  auto cfg = std::make_shared<idna_settings>();
  CLI::App* sub = app.add_subcommand(name, description);
  add_io_options(*sub, cfg->io, "DOMAIN",
                 "Domain name; each argument is one input. Without any, each line of "
                 "standard input is one input");
  add_idna_flags(*sub, *cfg);
  CLI::Option* email = sub->add_flag(
      "--email", cfg->email,
      "Each input is an e-mail address: convert the domain after the last '@', keep the "
      "local part byte for byte (no '@': error not_an_email)");
  CLI::Option* url = sub->add_flag(
      "--url", cfg->url,
      "Each input is an absolute URL (scheme://[user@]host[:port]...): convert the host, "
      "keep every other byte (IP literals are kept; not a URL: error not_a_url)");
  CLI::Option* field =
      sub->add_option("--field", cfg->field,
                      "Convert only field N (1-based) of each line, split at --delimiter; "
                      "other fields are kept byte for byte. CSV quoting: a quoted field is "
                      "converted unquoted and written back quoted; broken quoting is an "
                      "error (unterminated_quote, text_after_quote, quote_in_unquoted_field)")
          ->check(field_number_validator());
  sub->add_option("--delimiter", cfg->delimiter,
                  "Field delimiter for --field: one byte (default ','; use $'\\t' for TSV)")
      ->check([](const std::string& d) {
        return verbatim_argument(d).size() == 1 ? std::string()
                                                : std::string("the delimiter must be one byte");
      })
      ->needs(field);  // alone it would do nothing (issue 52)
  email->excludes(url)->excludes(field);
  url->excludes(field);
  sub->footer(footer);
  const bool to_unicode = std::string_view(name) == "to-unicode";
  sub->callback([cfg, fn, to_unicode, &selected] {
    selected = [cfg, fn, to_unicode] {
      mode_settings mode;
      if (cfg->email) mode.mode = input_mode::email;
      if (cfg->url) mode.mode = input_mode::url;
      if (cfg->field > 0) {
        mode.mode = input_mode::field;
        mode.field = cfg->field;
        mode.delimiter = verbatim_argument(cfg->delimiter)[0];
      }
      const idna::options opt = cfg->options();
      const puny::preset& preset = cfg->selected();
      if (preset.family == puny::preset_family::idna2008)
        return run_lines(cfg->io, json_shape::idna,
                         with_input_mode(mode, [&preset, opt, to_unicode](std::string_view in, bool,
                                                                          outcome& out) {
                           idna2008_line(in, preset, opt, to_unicode, out);
                         }));
      return run_lines(cfg->io, json_shape::idna,
                       with_input_mode(mode, [fn, opt](std::string_view in, bool detailed,
                                                       outcome& out) {
                         fn(in, detailed, opt, out);
                       }));
    };
  });
}

}  // namespace

void add_idna_flags(CLI::App& sub, idna_flags& s) {
  std::string preset_help = "Starting set of options (the flags below adjust it either way):";
  std::vector<std::string> names;
  for (const puny::preset& p : puny::presets()) {
    preset_help += "\n  " + std::string(p.name) + ": " + std::string(p.description);
    names.emplace_back(p.name);
  }
  for (const puny::preset_alias& a : puny::preset_aliases()) {
    preset_help += "\n  " + std::string(a.alias) + ": " + std::string(a.note) + " (= " +
                   std::string(a.name) + ")";
    names.emplace_back(a.alias);
  }
  sub.add_option("--preset", s.preset, preset_help)
      ->check(registry_name_validator("preset", names, [](std::string& value) {
        return puny::find_preset_ignoring_case(value) != nullptr;
      }))
      ->default_str("uts46");
  // A flag pair per entry of the registry: "--X" turns it on, "--no-X" off,
  // whatever the preset says; giving both is a usage error.
  const auto all = puny::option_flags();
  for (std::size_t i = 0; i < all.size(); ++i) {
    int& value = s.flags[i];
    CLI::Option* on = sub.add_flag_callback("--" + std::string(all[i].on), [&value] { value = 1; },
                                            std::string(all[i].on_description));
    CLI::Option* off = sub.add_flag_callback("--" + std::string(all[i].off), [&value] { value = 0; },
                                             std::string(all[i].off_description));
    on->excludes(off);
  }
  sub.add_flag("--raw", s.raw,
               "The same as --no-forbid-domain-code-points: plain UTS #46. By default the URL "
               "Standard's forbidden domain code points (space, controls, # % / : < > ? @ [ \\ ] "
               "^ |) are errors (forbidden_domain_code_point), so URLs, e-mail addresses and "
               "stray whitespace fail instead of converting to garbage");
}

void add_idna_commands(CLI::App& app, action& selected) {
  add_one(app, selected, "to-ascii",
          "UTS #46 ToASCII: map, normalize and validate a domain name, Punycode its labels",
          "Examples:\n"
          "  puny to-ascii b\u00fccher.de                  -> xn--bcher-kva.de\n"
          "  puny to-ascii 3\u5e74B\u7d44\u91d1\u516b\u5148\u751f.jp          -> xn--3b-ww4c5e180e575a65lsy2b.jp\n"
          "  puny to-ascii fa\u00df.de                     -> xn--fa-hia.de\n"
          "  puny to-ascii --transitional fa\u00df.de      -> fass.de\n"
          "  puny to-ascii --preset uts46-strict -- -x.com   (fails: V3, exit 1)\n"
          "  puny to-ascii --preset idna2008 \u216b.com      (fails: disallowed; uts46: xii.com)\n"
          "A failed input prints an empty line (with --json: \"output\": null).\n"
          "With --preset url and --json, \"validation_errors\" lists what the URL Standard's\n"
          "strict ToASCII found (non-fatal: the output does not change); e.g. a_b.com\n"
          "converts to a_b.com with validation error U1 (std3_disallowed at byte 1).",
          &to_ascii_line);
  add_one(app, selected, "to-unicode",
          "UTS #46 ToUnicode: map, normalize and validate a domain name, decode xn-- labels",
          "Examples:\n"
          "  puny to-unicode xn--bcher-kva.de         -> b\u00fccher.de\n"
          "  puny to-unicode XN--BCHER-KVA.DE         -> b\u00fccher.de\n"
          "  puny to-unicode xn--fa-hia.de            -> fa\u00df.de\n"
          "A failed input prints an empty line; the best-effort string (U+FFFD where\n"
          "UTS #46 marks an error) is in --json output as \"best_effort\". With --preset url\n"
          "(the URL Standard's domain to Unicode) ToUnicode's errors do not fail: the\n"
          "output is the input and --json lists them as \"validation_errors\":\n"
          "xn--8i7caa prints xn--8i7caa (exit 0) with validation error V7.",
          &to_unicode_line);
}

}  // namespace puny::cli
