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
idna::options idna_flags::options() const {
  idna::options o = idna::uts46_default;
  if (preset == "url") o = idna::url;
  else if (preset == "url-strict") o = idna::url_strict;
  else if (preset == "uts46-strict" || preset == "registration") o = idna::registration;
  if (transitional) o.transitional_processing = true;
  if (std3) o.use_std3_ascii_rules = true;
  if (no_check_hyphens) o.check_hyphens = false;
  if (no_check_bidi) o.check_bidi = false;
  if (no_check_joiners) o.check_joiners = false;
  if (verify_dns_length) o.verify_dns_length = true;
  if (ignore_invalid_punycode) o.ignore_invalid_punycode = true;
  return o;
}

namespace {

struct idna_settings : idna_flags {
  io_settings io;
};

problem to_problem(const puny::status& st) {
  problem p;
  p.name = puny::to_string(st.code);
  p.uts46 = idna::uts46_code(st);
  p.offset = st.offset;
  p.has_label = true;
  p.label = st.label;
  // For ill-formed UTF-8 there is no code point; the offset names the byte.
  p.code_point = st.code == puny::errc::invalid_utf8 ? 0 : st.code_point;
  return p;
}

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
  out.has_best_effort = true;
  out.best_effort = std::move(d.best_effort);
  if (d.ok()) {
    out.output = std::move(d.output);
  } else {
    add_problems(out, d.errors);
  }
}

void to_ascii_line(std::string_view input, bool detailed, const idna::options& opt,
                   outcome& out) {
  if (detailed) return from_detailed(idna::to_ascii_detailed(input, opt), out);
  // The caller-buffer form does not allocate for ordinary domains.
  static std::vector<char> buf(256);
  for (;;) {
    std::size_t written = 0;
    const puny::status st = idna::to_ascii(input, buf.data(), buf.size(), written, opt);
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

void to_unicode_line(std::string_view input, bool detailed, const idna::options& opt,
                     outcome& out) {
  if (detailed) return from_detailed(idna::to_unicode_detailed(input, opt), out);
  auto r = idna::to_unicode(input, opt);
  if (!r.ok()) {
    out.ok = false;
    out.problems.push_back(to_problem(r.status));
    return;
  }
  out.output = std::move(r.value);
}

// --preset idna2008 / idna2008-lookup: the IDNA2008 profile (puny/idna2008.hpp),
// registration or lookup; to-unicode prints U-labels.  Of the flags only
// --no-check-bidi applies (IDNA2008 has no mapping, no transitional mode, and
// always checks hyphens, joiners and DNS lengths).
bool is_idna2008_preset(const std::string& preset) { return preset.rfind("idna2008", 0) == 0; }

void idna2008_line(std::string_view input, const idna_flags& flags, bool to_unicode,
                   outcome& out) {
  puny::idna2008::options o;
  o.output = to_unicode ? puny::idna2008::output_form::unicode : puny::idna2008::output_form::ascii;
  o.check_bidi = !flags.no_check_bidi;
  auto r = flags.preset == "idna2008-lookup" ? puny::idna2008::lookup(input, o)
                                             : puny::idna2008::registration(input, o);
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
  sub->footer(footer);
  const bool to_unicode = std::string_view(name) == "to-unicode";
  sub->callback([cfg, fn, to_unicode, &selected] {
    selected = [cfg, fn, to_unicode] {
      if (is_idna2008_preset(cfg->preset))
        return run_lines(cfg->io, json_shape::idna,
                         [cfg, to_unicode](std::string_view in, bool, outcome& out) {
                           idna2008_line(in, *cfg, to_unicode, out);
                         });
      const idna::options opt = cfg->options();
      return run_lines(cfg->io, json_shape::idna,
                       [fn, opt](std::string_view in, bool detailed, outcome& out) {
                         fn(in, detailed, opt, out);
                       });
    };
  });
}

}  // namespace

void add_idna_flags(CLI::App& sub, idna_flags& s) {
  sub.add_option("--preset", s.preset,
                 "Starting set of options: uts46 (UTS #46 defaults: nontransitional, "
                 "CheckHyphens, CheckBidi, CheckJoiners), url (URL Standard domain to "
                 "ASCII, beStrict=false), url-strict (beStrict=true), uts46-strict (every "
                 "UTS #46 check; old name: registration), idna2008 (IDNA2008 registration, "
                 "RFC 5891 section 4: no mapping, RFC 5892 derived property, CONTEXTJ and "
                 "CONTEXTO rules), idna2008-lookup (RFC 5891 section 5). The flags below "
                 "adjust the UTS #46 presets; idna2008 takes only --no-check-bidi")
      ->check(CLI::IsMember({"uts46", "url", "url-strict", "uts46-strict", "registration",
                             "idna2008", "idna2008-lookup"}))
      ->default_str("uts46");
  sub.add_flag("--transitional", s.transitional,
               "Transitional_Processing: map deviations (\u00df -> ss, \u03c2 -> \u03c3, ZWJ/ZWNJ removed)");
  sub.add_flag("--std3", s.std3, "UseSTD3ASCIIRules: only letters, digits and hyphen in ASCII");
  sub.add_flag("--no-check-hyphens", s.no_check_hyphens,
               "CheckHyphens off: allow leading/trailing hyphens and \"--\" at positions 3-4");
  sub.add_flag("--no-check-bidi", s.no_check_bidi, "CheckBidi off: skip the RFC 5893 Bidi rule");
  sub.add_flag("--no-check-joiners", s.no_check_joiners,
               "CheckJoiners off: skip the RFC 5892 CONTEXTJ rules for ZWJ/ZWNJ");
  sub.add_flag("--verify-dns-length", s.verify_dns_length,
               "VerifyDnsLength: labels 1-63 bytes, domain at most 253 bytes");
  sub.add_flag("--ignore-invalid-punycode", s.ignore_invalid_punycode,
               "IgnoreInvalidPunycode: keep xn-- labels that fail to decode");
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
          "A failed input prints an empty line (with --json: \"output\": null).",
          &to_ascii_line);
  add_one(app, selected, "to-unicode",
          "UTS #46 ToUnicode: map, normalize and validate a domain name, decode xn-- labels",
          "Examples:\n"
          "  puny to-unicode xn--bcher-kva.de         -> b\u00fccher.de\n"
          "  puny to-unicode XN--BCHER-KVA.DE         -> b\u00fccher.de\n"
          "  puny to-unicode xn--fa-hia.de            -> fa\u00df.de\n"
          "A failed input prints an empty line; the best-effort string (U+FFFD where\n"
          "UTS #46 marks an error) is in --json output as \"best_effort\".",
          &to_unicode_line);
}

}  // namespace puny::cli
