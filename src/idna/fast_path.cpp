// The second tier of the fast path's decision (fast_path.hpp) and the test
// hook.  Contract of lowercase_suffices(in, n, opt, op): true only when
// UTS #46 ToASCII (op to_ascii) or ToUnicode (op to_unicode) of `in` under
// `opt` succeeds and returns `in` ASCII-lowercased.
#include "idna/fast_path.hpp"

namespace puny::idna::detail {

std::atomic<bool> fast_paths_disabled{false};

namespace {

template <class CharT>
bool lowercase_suffices(const CharT* in, std::size_t n, const options& opt, operation op) noexcept {
  std::size_t label_start = 0;
  std::size_t labels = 0;
  std::size_t last_len = 0;
  for (std::size_t i = 0; i <= n; ++i) {
    if (i < n) {
      const auto c = static_cast<std::uint32_t>(in[i]);
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') continue;
      if (c >= 'A' && c <= 'Z') continue;
      if (c != '.') return false;
    }
    // Label in[label_start, i).
    const std::size_t len = i - label_start;
    const CharT* p = in + label_start;
    if (len >= 4 && (p[0] == 'x' || p[0] == 'X') && (p[1] == 'n' || p[1] == 'N') &&
        p[2] == '-' && p[3] == '-')
      return false;  // ACE label: needs decoding and validation
    if (opt.check_hyphens && fails_hyphen_rules(p, len)) return false;
    if (opt.verify_dns_length && len > 63) return false;
    if (opt.verify_dns_length && len == 0) {
      // ToASCII rejects every empty label; ToUnicode every one but the root.
      if (op == operation::to_ascii || i < n || labels == 0) return false;
    }
    ++labels;
    last_len = len;
    label_start = i + 1;
  }
  if (opt.verify_dns_length && op == operation::to_ascii) {
    const std::size_t len = (labels > 1 && last_len == 0) ? n - 1 : n;
    if (len < 1 || len > 253) return false;
  }
  return true;
}

// URL family: route::pipeline when the input is not all ASCII, else
// url_ascii or url_failed, with low[0, n) (when non-null) the lowercased
// input.
template <class CharT>
route url_ascii_scan(const CharT* in, std::size_t n, char* low) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    if (static_cast<std::make_unsigned_t<CharT>>(in[i]) >= 0x80) return route::pipeline;
  if (low != nullptr)
    for (std::size_t i = 0; i < n; ++i) low[i] = lower_ascii(static_cast<std::make_unsigned_t<CharT>>(in[i]));
  return first_url_error(in, n).ok() ? route::url_ascii : route::url_failed;
}

}  // namespace

template <class CharT>
verdict decide_scalar(const CharT* in, std::size_t n, const options& opt, operation op,
                      char* low) noexcept {
  verdict v{route::pipeline, false, 0};
  if (op == operation::to_ascii && url_family(opt)) {
    v.how = url_ascii_scan(in, n, low);
  } else if (lowercase_suffices(in, n, opt, op)) {
    v.how = route::lowercase;
    if (low != nullptr)
      for (std::size_t i = 0; i < n; ++i) low[i] = lower_ascii(static_cast<std::make_unsigned_t<CharT>>(in[i]));
  }
  return v;
}

template verdict decide_scalar(const char*, std::size_t, const options&, operation, char*) noexcept;
template verdict decide_scalar(const char16_t*, std::size_t, const options&, operation, char*) noexcept;
template verdict decide_scalar(const char32_t*, std::size_t, const options&, operation, char*) noexcept;

}  // namespace puny::idna::detail
