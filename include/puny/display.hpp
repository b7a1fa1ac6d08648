// puny: display safety.  May this domain name be shown to a person in
// Unicode, label by label, or must a label stay in its A-label (xn--) form?
//
// A decision is made under a named profile: the policy of a browser or a
// UTS #39 restriction level (docs/display.md has each profile as a table of
// its steps and the source it follows).  Every label gets a verdict and, when
// it is kept as an A-label, the reasons: a reason code per failed rule, the
// offending code point and its offset, and the profile step.  The building
// blocks are in puny/uts39.hpp.
//
// The input is a domain name in U-label or A-label form (or a mix).  It must
// be valid IDNA: a name that fails idna::to_unicode under the uts46 preset
// fails here with the same status, so Unicode is never shown for a label
// that ToUnicode rejects.
//
// Steps that need more than the name take their data from the caller: the
// Public Suffix List (the registrable part of the name, for the lookalike
// step) and a list of protected ("top") domains.  Neither is built in; the
// CLI and the other surfaces read Debian's publicsuffix file by default.
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "puny/registry_view.hpp"
#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::display {

// ---- Profiles ----
enum class profile : std::uint8_t {
  chromium,                      // Chromium's IDN spoof checker (revision in docs/display.md)
  firefox_moderate,              // Firefox while network.IDN.restriction_profile existed: moderate
  firefox_high,                  // the same with restriction_profile = high
  uts39_highly_restrictive,      // UTS #39 section 5.2 level 3 + General Security Profile
  uts39_moderately_restrictive,  // UTS #39 section 5.2 level 4 + General Security Profile
  ascii_only,                    // never show Unicode
  firefox,                       // today's Firefox (nsIDNService::IsLabelSafe, one script rule)
};

struct profile_info {
  profile id;
  std::string_view name;         // "chromium", "firefox-moderate", ... (every surface uses it)
  std::string_view description;  // one line
  std::string_view source;       // what it follows, e.g. the Chromium revision
  // Where its allowed characters come from, with the data's version, e.g.
  // "ICU 78.2 recommended + inclusion sets (Unicode 17.0.0)"; a browser
  // profile's is the browser's, not this build's Unicode version.
  std::string_view character_data;
};

// Every profile, in a stable order; surfaces list these and add none.
using profile_list = registry_view<profile_info>;
profile_list profiles() noexcept;
// By name ("firefox-high"), exact; nullptr when unknown.
const profile_info* find_profile(std::string_view name) noexcept;
// By name with ASCII case ignored ("Firefox-High"), the rule preset names
// follow (parse_preset_spec): the lookup for a name a person typed, which
// the surfaces use; nullptr when unknown.
const profile_info* find_profile_ignoring_case(std::string_view name) noexcept;
const profile_info& info(profile p) noexcept;

// ---- Reasons ----
// Why a label is kept as an A-label.  Values are stable (append only) and so
// are their names (to_string), which every surface prints.
enum class reason : std::uint8_t {
  not_ascii = 1,             // ascii-only: any non-ASCII label
  restricted_character,      // a code point outside the profile's allowed set
                             // (Identifier_Status Restricted, or Chromium's set)
  restricted_type,           // Identifier_Type outside what the profile allows
  restriction_level,         // scripts mixed beyond the profile's UTS #39 5.2 level
  mixed_numbers,             // digits of more than one numbering system (5.3)
  invisible_character,       // repeated or hidden nonspacing marks (5.4)
  blocklisted_character,     // on the profile's character blocklist
  deviation_character,       // U+00DF, U+03C2, U+200C, U+200D
  tld_specific_character,    // allowed only under one TLD (U+00FE under .is, ...)
  unsafe_middle_dot,         // U+00B7 outside l·l under .cat
  dangerous_pattern,         // a sequence the profile forbids (kana, combining marks...)
  whole_script_confusable,   // every letter a lookalike of another script's, TLD of another script
  digit_lookalike,           // only digits and characters that look like digits
  combining_mark,            // a combining mark the profile does not allow here
  top_domain_lookalike,      // its skeleton equals a protected domain's
  latin_mixed_with_other,    // a non-ASCII Latin letter beside a script other than Greek or Cyrillic
};
std::string_view to_string(reason r) noexcept;  // "deviation_character"
std::string_view message(reason r) noexcept;    // one English sentence

// One failed rule.
struct finding {
  reason why{};
  std::size_t offset = 0;        // byte offset in the caller's input (code point, or label start)
  std::size_t label = 0;         // 0-based label index
  bool has_code_point = false;   // whether code_point applies (U+0000 is a code point)
  char32_t code_point = 0;
  std::string_view step;         // the profile step, e.g. "chromium/deviation-characters"
  std::string similar_to;        // top_domain_lookalike: the protected domain imitated
  char32_t imitates = 0;         // the character it imitates, when one is known (0 = none)
};

// The verdict on one label.
struct label_verdict {
  std::string a_label;        // ASCII form (xn--... or the ASCII label)
  std::string u_label;        // Unicode form (ToUnicode)
  bool show_unicode = false;  // whether the display form uses u_label
  std::size_t offset = 0;     // byte offset of the label in the caller's input
  std::vector<finding> findings;  // every failed rule; empty when shown
};

struct decision {
  std::string display;                // U-labels where shown, A-labels elsewhere, joined by '.'
  std::vector<label_verdict> labels;  // one per label of the name
  std::string registrable_domain;     // the part the lookalike step compared (Unicode)
  bool all_shown() const noexcept;
};

// ---- Data the decision consults ----

// Where a list was read from and what went wrong on which line.
struct list_error {
  puny::status status;    // errc::list_syntax or errc::file_unreadable
  std::string source;     // the file name (or the name given to parse)
  std::size_t line = 0;   // 1-based line number; 0 for the whole file
  std::string text;       // the message, e.g. "public_suffix_list.dat:12: ..."
};

// The largest list file read_list_file takes: 256 MiB (the Public Suffix
// List is about 0.3 MB, Chromium's top-domain lists a few MB).
inline constexpr std::size_t max_list_file_bytes = std::size_t{256} << 20;

// Reads the list file at `path` whole into `text`, as every load() of a
// list does (the Public Suffix List, protected domains, hunt's brand
// list).  Only a regular file (or a link to one) is read: a directory, a
// FIFO, a socket or a device is refused without blocking on it (the type
// is checked before the file is opened, and again on the open file, which
// is opened without waiting for a writer), and so is an empty file or one
// over max_list_file_bytes.  On failure `error` holds errc::file_unreadable
// and a message that starts with the path ("brands.txt: is a directory,
// not a regular file").  Text is returned as read (no BOM or line handling).
// `max_bytes` lowers the limit for a caller that keeps a copy per process
// or per connection (the DuckDB extension: 16 MiB).
bool read_list_file(const std::string& path, std::string& text, list_error& error,
                    std::size_t max_bytes = max_list_file_bytes);

// The Public Suffix List (publicsuffix.org/list format: rules, wildcard and
// exception rules, comments, ICANN and private sections).  Immutable once
// built; copies share the data; safe to use from many threads.
class public_suffix_list {
 public:
  public_suffix_list();
  // Debian's publicsuffix package: /usr/share/publicsuffix/public_suffix_list.dat
  static std::string_view default_path() noexcept;
  // A malformed line fails the whole list (never skipped).
  static bool parse(std::string_view text, std::string_view source, public_suffix_list& out,
                    list_error& error);
  static bool load(const std::string& path, public_suffix_list& out, list_error& error);

  // The registrable domain (public suffix plus one label) of a name, as a
  // suffix of `name`; empty when the name is a public suffix itself.  The
  // name is in A-label form or in U-label form (what ToUnicode gives):
  // every rule is indexed under both.  ASCII case is ignored (RFC 4343):
  // "WWW.EXAMPLE.CO.UK" gives "EXAMPLE.CO.UK"; other letters must be in the
  // lowercase that ToUnicode gives.  Without a list
  // (default-constructed), the implicit "*" rule: the last two labels.
  std::string_view registrable_domain(std::string_view name) const;
  std::string_view public_suffix(std::string_view name) const;
  std::size_t rule_count() const noexcept;

 private:
  struct impl;
  std::shared_ptr<const impl> impl_;
};

// Protected domains ("top domains"): one domain a line, '#' comments and
// blank lines ignored, the format of Chromium's top-domain list files.  An
// index of their skeletons makes each lookup O(length), whatever the size.
class protected_domains {
 public:
  protected_domains();
  static bool parse(std::string_view text, std::string_view source, protected_domains& out,
                    list_error& error);
  static bool load(const std::string& path, protected_domains& out, list_error& error);
  std::size_t size() const noexcept;
  // The protected domain that `registrable` (Unicode or A-label form) looks
  // like: equal skeleton under the profile's skeleton rules, but not the
  // same domain.  Empty when none.
  std::string_view lookalike_of(std::string_view registrable, profile p = profile::chromium) const;

 private:
  struct impl;
  std::shared_ptr<const impl> impl_;
};

struct options {
  profile which = profile::chromium;
  const public_suffix_list* suffixes = nullptr;  // none: the last two labels are registrable
  const protected_domains* protected_list = nullptr;  // none: no lookalike step
};

// The decision for a whole name.  Fails (status as idna::to_unicode under
// idna::uts46_default would give) when the name is not valid IDNA.
[[nodiscard]]
result<decision> decide(std::string_view domain, const options& opt = {});

// Just the display form (decision::display).  It Punycode-encodes only the
// labels kept in A-label form, so it costs less than decide.
[[nodiscard]]
result<std::string> to_display(std::string_view domain, const options& opt = {});

// The same into a caller's object, reusing its storage: once `out` (and the
// calling thread's workspace) have grown to the names seen, a decision
// allocates nothing (findings with a similar_to string aside).  On failure
// `out` is emptied and the status is what the forms above return.
[[nodiscard]]
status decide(std::string_view domain, const options& opt, decision& out);
[[nodiscard]]
status to_display(std::string_view domain, const options& opt, std::string& out);

// The same decision handed over label by label, with nothing kept: for a
// name too long to hold a label_verdict per label (a junk line of millions
// of labels; memory then stays within a few bytes per input byte).  begin
// comes once, before the labels; label once per label, in order, with a
// verdict valid only during the call.  On failure begin and label are not
// called, except for a label whose A-label cannot be made (above 2^32 - 2
// code points), where the labels before it were already handed over.  The
// display form is not built: to_display gives it.
class decision_visitor {
 public:
  virtual ~decision_visitor() = default;
  virtual void begin(std::string_view registrable_domain, std::size_t label_count) = 0;
  virtual void label(const label_verdict& verdict) = 0;
};
[[nodiscard]]
status decide(std::string_view domain, const options& opt, decision_visitor& visitor);

}  // namespace puny::display
PUNY_PUBLIC_END
