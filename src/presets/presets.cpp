// The one registry of preset names and flag words (puny/presets.hpp).
#include "puny/presets.hpp"

#include "puny/idna2008.hpp"

namespace puny {
namespace {

// The C enum values are fixed by include/puny.h (surfaces/c/c_api.cpp checks them).
constexpr preset preset_table[] = {
    {"uts46",
     "UTS #46 defaults (nontransitional, CheckHyphens, CheckBidi, CheckJoiners) and host-name "
     "safety: the URL Standard's forbidden domain code points (space, controls, / : ? # @ ...) "
     "are errors",
     preset_family::uts46, idna::uts46_default, false, 0},
    {"url",
     "URL Standard (2026) domain parser (beStrict=false) and domain to Unicode, what browsers "
     "do; the choice for crawlers and lists of real host names (accepts e.g. "
     "r2---sn-x.googlevideo.com); lists its non-fatal validation errors",
     preset_family::uts46, idna::url, false, 1},
    {"url-strict", "URL Standard domain parser with beStrict=true", preset_family::uts46,
     idna::url_strict, false, 2},
    {"uts46-strict",
     "every UTS #46 check: STD3 rules and DNS lengths (a UTS #46 preset, not IDNA2008)",
     preset_family::uts46, idna::uts46_strict, false, 3},
    {"idna2008",
     "IDNA2008 registration (RFC 5891 section 4): U-labels or A-labels only, no mapping, RFC "
     "5892 derived property, CONTEXTJ and CONTEXTO rules, RFC 5893 Bidi; of the flags only "
     "check-bidi applies",
     preset_family::idna2008, idna::uts46_default, false, 4},
    {"idna2008-lookup",
     "IDNA2008 lookup (RFC 5891 section 5); ASCII labels are left to the DNS, but for "
     "forbidden domain code points (and, with std3, anything but letters, digits and hyphen)",
     preset_family::idna2008, idna::uts46_default, true, 5},
    {"uts46-raw",
     "plain UTS #46 with its own defaults (UseSTD3ASCIIRules off, no host-name safety): what "
     "IdnaTestV2.txt tests; accepts space, '/', NUL and the other forbidden domain code points",
     preset_family::uts46, idna::uts46_raw, false, 6},
};

constexpr preset_alias alias_table[] = {
    {"registration", "uts46-strict", "the former name of uts46-strict (CLI, C, Python, JS, SQL)"},
    {"url_strict", "url-strict", "the former Python spelling"},
};

constexpr option_flag flag_table[] = {
    {"transitional", "nontransitional", &idna::options::transitional_processing,
     "Transitional_Processing: map deviations (\u00df -> ss, \u03c2 -> \u03c3, ZWJ/ZWNJ removed)",
     "Nontransitional processing (the default of every preset)", false,
     "transitional_processing", 16},
    {"std3", "no-std3", &idna::options::use_std3_ascii_rules,
     "UseSTD3ASCIIRules: only letters, digits and hyphen in ASCII",
     "UseSTD3ASCIIRules off (e.g. uts46-strict without it)", true, "use_std3_ascii_rules", 8},
    {"check-hyphens", "no-check-hyphens", &idna::options::check_hyphens,
     "CheckHyphens on: no leading/trailing hyphen, no \"--\" at positions 3-4",
     "CheckHyphens off: allow leading/trailing hyphens and \"--\" at positions 3-4", false,
     "check_hyphens", 1},
    {"check-bidi", "no-check-bidi", &idna::options::check_bidi,
     "CheckBidi on: the RFC 5893 Bidi rule", "CheckBidi off: skip the RFC 5893 Bidi rule", true,
     "check_bidi", 2},
    {"check-joiners", "no-check-joiners", &idna::options::check_joiners,
     "CheckJoiners on: the RFC 5892 CONTEXTJ rules for ZWJ/ZWNJ",
     "CheckJoiners off: skip the RFC 5892 CONTEXTJ rules", false, "check_joiners", 4},
    {"verify-dns-length", "no-verify-dns-length", &idna::options::verify_dns_length,
     "VerifyDnsLength: labels 1-63 bytes, domain at most 253 bytes",
     "VerifyDnsLength off (e.g. uts46-strict without it)", false, "verify_dns_length", 32},
    {"ignore-invalid-punycode", "no-ignore-invalid-punycode", &idna::options::ignore_invalid_punycode,
     "IgnoreInvalidPunycode: keep xn-- labels that fail to decode", "IgnoreInvalidPunycode off",
     false, "ignore_invalid_punycode", 64},
    {"allow-underscore", "no-allow-underscore", &idna::options::allow_underscore,
     "With STD3 rules, allow '_' too (SRV/DMARC names: _dmarc.example.com)",
     "With STD3 rules, '_' is an error (the default)", false, "allow_underscore", 256},
    {"forbid-domain-code-points", "no-forbid-domain-code-points",
     &idna::options::forbid_domain_code_points,
     "The URL Standard's forbidden domain code points (space, controls, # % / : < > ? @ [ \\ ] ^ "
     "|) are errors, so URLs, e-mail addresses and stray whitespace fail instead of converting",
     "Plain UTS #46: forbidden domain code points are not checked (the uts46-raw preset)", true,
     "forbid_domain_code_points", 512},
};

template <class T, std::size_t N>
constexpr registry_view<T> view_of(const T (&table)[N]) noexcept {
  return registry_view<T>{table, N};
}

idna2008::options idna2008_options(const idna::options& opt, bool unicode) noexcept {
  idna2008::options o;
  o.output = unicode ? idna2008::output_form::unicode : idna2008::output_form::ascii;
  o.check_bidi = opt.check_bidi;
  o.use_std3_ascii_rules = opt.use_std3_ascii_rules;
  o.forbid_domain_code_points = opt.forbid_domain_code_points;
  return o;
}

result<std::string> convert(std::string_view domain, const preset& p, const idna::options& opt,
                            bool unicode) {
  if (p.family == preset_family::idna2008) {
    const idna2008::options o = idna2008_options(opt, unicode);
    return p.idna2008_lookup ? idna2008::lookup(domain, o) : idna2008::registration(domain, o);
  }
  return unicode ? idna::to_unicode(domain, opt) : idna::to_ascii(domain, opt);
}

}  // namespace

registry_view<preset> presets() noexcept { return view_of(preset_table); }
registry_view<preset_alias> preset_aliases() noexcept { return view_of(alias_table); }
registry_view<option_flag> option_flags() noexcept { return view_of(flag_table); }

const preset* find_preset(std::string_view name) noexcept {
  for (const preset& p : preset_table)
    if (p.name == name) return &p;
  for (const preset_alias& a : alias_table)
    if (a.alias == name) return find_preset(a.name);
  return nullptr;
}

const preset* find_preset_ignoring_case(std::string_view name) noexcept {
  // Every name and alias is short ASCII: a longer word names nothing.
  char lowered[64];
  if (name.size() >= sizeof lowered) return nullptr;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    lowered[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
  }
  return find_preset(std::string_view(lowered, name.size()));
}

std::uint32_t option_bits(const idna::options& opt) noexcept {
  std::uint32_t bits = opt.url_family() ? url_family_bit : 0;
  for (const option_flag& f : flag_table)
    if (opt.*f.field) bits |= f.bit;
  return bits;
}

idna::options options_from_bits(std::uint32_t bits) noexcept {
  idna::options opt;
  opt.url_domain_to_ascii = (bits & url_family_bit) != 0;
  for (const option_flag& f : flag_table) opt.*f.field = (bits & f.bit) != 0;
  return opt;
}

bool apply_flag(std::string_view word, idna::options& opt, const option_flag** flag) noexcept {
  for (const option_flag& f : flag_table) {
    if (word != f.on && word != f.off) continue;
    opt.*(f.field) = word == f.on;
    if (flag != nullptr) *flag = &f;
    return true;
  }
  return false;
}

preset_spec parse_preset_spec(std::string_view text) noexcept {
  preset_spec spec;
  const auto separator = [](char c) { return c == ',' || c == ' '; };
  char lowered[64];
  std::size_t pos = 0;
  bool have_preset = false;
  // The word that set each flag of flag_table so far (empty: not given).
  constexpr std::size_t flag_count = sizeof flag_table / sizeof flag_table[0];
  std::string_view given[flag_count];
  bool given_on[flag_count] = {};
  while (pos < text.size()) {
    while (pos < text.size() && separator(text[pos])) ++pos;
    if (pos == text.size()) break;
    const std::size_t start = pos;
    while (pos < text.size() && !separator(text[pos])) ++pos;
    const std::string_view word = text.substr(start, pos - start);
    // Every name and flag is short ASCII: a longer word names nothing.
    bool known = word.size() < sizeof lowered;
    if (known) {
      for (std::size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        lowered[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
      }
      const std::string_view name(lowered, word.size());
      if (!have_preset) {
        const preset* p = find_preset_ignoring_case(name);
        known = p != nullptr;
        if (known) {
          spec.chosen = p;
          spec.options = p->options;
          have_preset = true;
          continue;
        }
      } else {
        const option_flag* flag = nullptr;
        known = apply_flag(name, spec.options, &flag);
        if (known) {
          const std::size_t i = static_cast<std::size_t>(flag - flag_table);
          const bool on = name == flag->on;
          if (!given[i].empty() && given_on[i] != on) {
            spec.chosen = nullptr;
            spec.bad_word = word;
            spec.contradicts = given[i];
            return spec;
          }
          given[i] = word;
          given_on[i] = on;
        }
      }
    }
    if (!known) {
      spec.bad_is_preset = !have_preset;
      spec.chosen = nullptr;
      spec.bad_word = word;
      return spec;
    }
  }
  if (!have_preset) {
    spec.bad_is_preset = true;
    spec.bad_word = text;
  }
  return spec;
}

result<std::string> to_ascii(std::string_view domain, const preset& p, const idna::options& opt) {
  return convert(domain, p, opt, false);
}

result<std::string> to_unicode(std::string_view domain, const preset& p, const idna::options& opt) {
  return convert(domain, p, opt, true);
}

}  // namespace puny
