// The lists a display decision consults: the Public Suffix List
// (publicsuffix.org/list, "Formal algorithm") and protected domains (one a
// line, as Chromium's top-domain list files are written).  A malformed line
// fails the whole list with the file and line; nothing is skipped.
#include <algorithm>
#include <deque>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/slot_table.hpp"
#include "display/internal.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny::display {
namespace {

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

void fail(list_error& error, errc code, std::string_view source, std::size_t line, std::size_t offset,
          const std::string& what) {
  error.status = status{};
  error.status.code = code;
  error.status.offset = offset;
  error.source = std::string(source);
  error.line = line;
  error.text = std::string(source) + (line ? ":" + std::to_string(line) : std::string()) + ": " + what;
}

// Calls f(line_number, byte_offset, line) for every line.
template <class F>
bool for_each_line(std::string_view text, F&& f) {
  std::size_t number = 0, start = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") start = 3;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    if (!f(number, start, text.substr(start, end - start))) return false;
    start = end + 1;
  }
  return true;
}

// Lists hold real host names, some with "--" in positions 3-4
// (r2---sn-x.googlevideo.com): UTS #46 defaults without CheckHyphens, as
// the URL Standard reads host names.
constexpr idna::options list_names = idna::uts46_default.with_check_hyphens(false);

// One label or a whole name in lowercase A-label form, or empty when it is
// not valid IDNA.
std::string ascii_form(std::string_view name) {
  auto r = idna::to_ascii(name, list_names);
  return r.ok() ? r.value : std::string();
}

// The U-label form of a name already in A-label form.
std::string unicode_form(const std::string& ascii) {
  auto r = idna::to_unicode(ascii, list_names);
  return r.ok() ? r.value : ascii;
}

}  // namespace

// ---- Public Suffix List ----

namespace {
// A set of views, indexed by a slot_table (common/slot_table.hpp), as
// protected_domains::impl below.
class view_set {
 public:
  // Builds the set of `keys` (duplicates kept once).
  void assign(std::vector<std::string_view> keys) {
    keys_.clear();
    keys_.reserve(keys.size());
    index_.reset(keys.size());
    for (std::string_view k : keys) {
      const std::uint64_t h = hash_of(k);
      if (find(k, h) != detail::slot_table::npos) continue;
      index_.add(h, keys_.size());
      keys_.push_back(k);
    }
  }
  bool contains(std::string_view k) const noexcept { return find(k, hash_of(k)) != detail::slot_table::npos; }

 private:
  static std::uint64_t hash_of(std::string_view k) noexcept { return std::hash<std::string_view>{}(k); }
  std::size_t find(std::string_view k, std::uint64_t h) const noexcept {
    return index_.find(h, [&](std::size_t n) { return keys_[n] == k; });
  }
  detail::slot_table index_;
  std::vector<std::string_view> keys_;
};
}  // namespace

struct public_suffix_list::impl {
  // Each rule under its A-label form and, when that differs, its U-label
  // form (ToUnicode of it), so that a name in either form is looked up
  // without converting it: "xn--fiqs8s" and "\u4E2D\u56FD" both find the
  // rule.  The keys view strings in `text`, which never moves them.
  view_set rules;       // "co.uk"
  view_set wildcards;   // "ck" for "*.ck"
  view_set exceptions;  // "www.ck" for "!www.ck"
  std::deque<std::string> text;
  std::size_t rule_count = 0;
  std::size_t max_labels = 1;  // the most labels a rule can match

  // The forms of each kind in list order, until fill() puts them in the
  // sets: each set is then built once, at its final size.
  std::vector<std::string_view> pending[3];

  void insert(std::vector<std::string_view>& forms, std::string form) {
    text.push_back(std::move(form));
    forms.push_back(text.back());
  }
  void fill() {
    view_set* sets[3] = {&rules, &wildcards, &exceptions};
    for (int k = 0; k < 3; ++k) sets[k]->assign(std::move(pending[k]));
  }
};

namespace {
std::size_t label_count(std::string_view name) noexcept {
  std::size_t n = 1;
  for (const char c : name) n += c == '.';
  return n;
}
}  // namespace

public_suffix_list::public_suffix_list() : impl_(std::make_shared<impl>()) {}

std::string_view public_suffix_list::default_path() noexcept {
  return "/usr/share/publicsuffix/public_suffix_list.dat";
}

bool public_suffix_list::parse(std::string_view text, std::string_view source, public_suffix_list& out,
                               list_error& error) {
  auto data = std::make_shared<impl>();
  const bool ok = for_each_line(text, [&](std::size_t number, std::size_t offset, std::string_view line) {
    line = trim(line);
    if (line.empty() || line.substr(0, 2) == "//") return true;
    // The rule is the line up to the first whitespace.
    const std::size_t space = line.find_first_of(" \t");
    if (space != std::string_view::npos) line = line.substr(0, space);
    const bool exception = line.front() == '!';
    if (exception) line.remove_prefix(1);
    const bool wildcard = line.substr(0, 2) == "*.";
    if (wildcard) line.remove_prefix(2);
    std::string ascii;
    if (!line.empty() && line.find('*') == std::string_view::npos && line.front() != '.' &&
        line.back() != '.' && line.find("..") == std::string_view::npos)
      ascii = ascii_form(line);
    if (ascii.empty()) {
      fail(error, errc::list_syntax, source, number, offset,
           "not a Public Suffix List rule: \"" + std::string(trim(line)) + "\"");
      return false;
    }
    if (data->text.size() + 2 > detail::slot_table::max_keys) {  // the sets number keys in 32 bits
      fail(error, errc::list_syntax, source, number, offset, "too many rules (over 2^32 forms)");
      return false;
    }
    auto& set = data->pending[exception ? 2 : wildcard ? 1 : 0];
    std::string unicode = unicode_form(ascii);
    if (unicode != ascii) data->insert(set, std::move(unicode));
    data->insert(set, ascii);
    ++data->rule_count;
    data->max_labels = std::max(data->max_labels, label_count(ascii) + (wildcard ? 1 : 0));
    return true;
  });
  if (!ok) return false;
  data->fill();
  out.impl_ = std::move(data);
  return true;
}

bool public_suffix_list::load(const std::string& path, public_suffix_list& out, list_error& error) {
  std::string text;
  return read_list_file(path, text, error) && parse(text, path, out, error);
}

std::size_t public_suffix_list::rule_count() const noexcept {
  return impl_->rule_count;
}

std::string_view public_suffix_list::public_suffix(std::string_view original) const {
  if (!original.empty() && original.back() == '.') original.remove_suffix(1);
  if (original.empty()) return original;
  // The rules are stored lowercase (their A-label and U-label forms); DNS
  // names compare without ASCII case (RFC 4343), so the name is looked up
  // in ASCII lowercase and the answer is the same span of the name as
  // given.  Lowercasing ASCII keeps every byte offset.
  thread_local std::string lowered;
  lowered.assign(original);
  for (char& ch : lowered)
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
  const std::string_view name = lowered;
  const auto as_given = [&](std::string_view part) { return original.substr(part.data() - name.data(), part.size()); };
  // Longest suffix first: an exception rule is always longer than the
  // wildcard it excepts, so the first match decides.  No rule matches more
  // labels than the longest rule has, so the search starts there (a name
  // of many labels costs no more than a short one).
  std::size_t start = name.size();
  for (std::size_t labels = 0; labels < impl_->max_labels && start > 0; ++labels) {
    // The label before `start` ends at the dot just before it (or at the
    // end of the name for the first one).
    const std::size_t end = start == name.size() ? name.size() : start - 1;
    const std::size_t dot = end == 0 ? std::string_view::npos : name.rfind('.', end - 1);
    start = dot == std::string_view::npos ? 0 : dot + 1;
  }
  while (true) {
    const std::string_view suffix = name.substr(start);
    if (impl_->exceptions.contains(suffix)) {
      const std::size_t dot = name.find('.', start);
      return dot == std::string_view::npos ? std::string_view() : as_given(name.substr(dot + 1));
    }
    if (impl_->rules.contains(suffix)) return as_given(name.substr(start));
    const std::size_t dot = name.find('.', start);
    if (dot == std::string_view::npos) break;
    if (impl_->wildcards.contains(name.substr(dot + 1))) return as_given(name.substr(start));
    start = dot + 1;
  }
  // The implicit "*" rule: the last label.
  const std::size_t last = name.rfind('.');
  return last == std::string_view::npos ? original : original.substr(last + 1);
}

std::string_view public_suffix_list::registrable_domain(std::string_view name) const {
  if (!name.empty() && name.back() == '.') name.remove_suffix(1);
  const std::string_view suffix = public_suffix(name);
  if (suffix.size() >= name.size()) return std::string_view();
  const std::string_view rest = name.substr(0, name.size() - suffix.size() - 1);
  const std::size_t dot = rest.rfind('.');
  return name.substr(dot == std::string_view::npos ? 0 : dot + 1);
}

// ---- Protected domains ----

struct protected_domains::impl {
  struct entry {
    std::string skeleton;
    std::string ascii;  // A-label form, to tell the domain itself from a lookalike
    std::string name;   // as the list writes it
  };
  std::vector<entry> entries;
  // The skeletons' index (common/slot_table.hpp): a lookup, hit or miss,
  // reads one slot or a few adjacent ones and rarely touches an entry.
  detail::slot_table index;
  std::size_t count = 0;

  static std::uint64_t hash_of(std::string_view key) noexcept {
    return std::hash<std::string_view>{}(key);
  }
  const entry* find(std::string_view key) const noexcept {
    const std::size_t n = index.find(hash_of(key), [&](std::size_t e) { return entries[e].skeleton == key; });
    return n == detail::slot_table::npos ? nullptr : &entries[n];
  }
  // The first domain with a skeleton keeps it (as the list's order says).
  void build_index() {
    index.reset(entries.size());
    for (std::size_t e = 0; e < entries.size(); ++e)
      if (find(entries[e].skeleton) == nullptr) index.add(hash_of(entries[e].skeleton), e);
  }
};

protected_domains::protected_domains() : impl_(std::make_shared<impl>()) {}

bool protected_domains::parse(std::string_view text, std::string_view source, protected_domains& out,
                              list_error& error) {
  auto data = std::make_shared<impl>();
  detail::display::skeleton_list skeletons;
  const bool ok = for_each_line(text, [&](std::size_t number, std::size_t offset, std::string_view line) {
    line = trim(line);
    if (line.empty() || line.front() == '#') return true;
    auto ascii = idna::to_ascii(line, list_names);
    auto unicode = idna::to_unicode(line, list_names);
    if (!ascii.ok() || !unicode.ok() || ascii.value.find('.') == std::string::npos ||
        line.find_first_of(" \t") != std::string_view::npos) {
      fail(error, errc::list_syntax, source, number, offset,
           "not a domain name: \"" + std::string(line) + "\"" +
               (ascii.ok() ? std::string() : " (" + to_string(ascii.status) + ")"));
      return false;
    }
    // One entry per skeleton (a name can have several, see
    // lookalike_skeletons); they share the domain.
    detail::display::lookalike_skeletons(unicode.value, skeletons);
    if (data->entries.size() + skeletons.size() > detail::slot_table::max_keys) {  // 32-bit entry numbers
      fail(error, errc::list_syntax, source, number, offset, "too many domains (over 2^32 skeletons)");
      return false;
    }
    for (const std::string& skeleton : skeletons)
      data->entries.push_back(impl::entry{skeleton, ascii.value, std::string(line)});
    ++data->count;
    return true;
  });
  if (!ok) return false;
  data->build_index();
  out.impl_ = std::move(data);
  return true;
}

bool protected_domains::load(const std::string& path, protected_domains& out, list_error& error) {
  std::string text;
  return read_list_file(path, text, error) && parse(text, path, out, error);
}

std::size_t protected_domains::size() const noexcept { return impl_->count; }

std::string_view protected_domains::lookalike_of(std::string_view registrable, profile) const {
  if (impl_->entries.empty()) return {};
  // ToUnicode gives the form the skeletons were made from; an ASCII name
  // without an xn-- label needs only lowercasing.  Both into buffers kept
  // per thread: a lookup allocates nothing once they have grown.
  bool plain_ascii = true;
  for (const char ch : registrable) plain_ascii = plain_ascii && static_cast<unsigned char>(ch) < 0x80;
  for (std::size_t i = 0; plain_ascii && i + 4 <= registrable.size(); ++i)
    if ((i == 0 || registrable[i - 1] == '.') && (registrable[i] | 0x20) == 'x' &&
        (registrable[i + 1] | 0x20) == 'n' && registrable[i + 2] == '-' && registrable[i + 3] == '-')
      plain_ascii = false;
  thread_local std::string unicode_name;
  if (plain_ascii) {
    unicode_name.assign(registrable);
    for (char& ch : unicode_name)
      if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
  } else {
    if (unicode_name.size() < registrable.size() * 3 + 16) unicode_name.resize(registrable.size() * 3 + 16);
    std::size_t written = 0;
    status st = idna::to_unicode(registrable, unicode_name.data(), unicode_name.size(), written, list_names);
    if (st.code == errc::buffer_too_small) {
      unicode_name.resize(st.needed);
      st = idna::to_unicode(registrable, unicode_name.data(), unicode_name.size(), written, list_names);
    }
    if (!st.ok()) return {};
    unicode_name.resize(written);
  }
  thread_local detail::display::skeleton_list skeletons;
  detail::display::lookalike_skeletons(unicode_name, skeletons);
  std::string own_ascii;  // computed on the first hit only
  for (const std::string& skeleton : skeletons) {
    const impl::entry* hit = impl_->find(skeleton);
    if (hit == nullptr) continue;
    if (own_ascii.empty()) own_ascii = ascii_form(registrable);
    if (own_ascii != hit->ascii) return hit->name;  // else the domain itself
  }
  return {};
}

}  // namespace puny::display
