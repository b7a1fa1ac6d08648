// UTS #46 revision 35 ToASCII and ToUnicode, and the URL Standard's forms
// of them (the URL family, url.cpp): the public entry points of
// puny/idna.hpp.  Each one asks the fast path
// (fast_path.hpp: decide) first and otherwise runs the pipeline
// (pipeline.cpp over the stages of stages.hpp); what remains here is only
// where the output goes (allocated string, caller buffer, report).
#include <cstring>
#include <type_traits>

#include "idna/fast_path.hpp"
#include "idna/stages.hpp"

#if defined(__GNUC__)
#define PUNY_NOINLINE __attribute__((noinline, noclone))
#else
#define PUNY_NOINLINE
#endif

namespace puny::idna {

namespace {

using detail::operation;
using detail::route;
using detail::verdict;
using detail::workspace;

// Inputs up to this long get their lowercased copy on the stack (the fast
// path's mask route needs somewhere to write it).
constexpr std::size_t stack_low = simd::ldh_masks_max;

inline char* stack_or_null(std::size_t n, char* buf) noexcept { return n <= stack_low ? buf : nullptr; }

// The fast path's result as a string: from `low` when it was written.
template <class Out, class CharT>
void assign_lowercase(Out& out, const CharT* in, std::size_t n, const char* low) {
  using O = typename Out::value_type;
  if constexpr (std::is_same_v<O, char>) {
    if (low != nullptr) {  // one copy, no zero-fill first
      out.assign(low, n);
      return;
    }
  }
  out.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<O>(low != nullptr ? static_cast<unsigned char>(low[i])
                                           : detail::lower_ascii(static_cast<std::uint32_t>(in[i])));
}

// The URL Standard's "domain to Unicode" step 2: with the URL family, a
// ToUnicode that recorded an error returns its input.
constexpr bool url_input_unchanged(const status& first, const options& opt) noexcept {
  return !first.ok() && detail::url_family(opt);
}

constexpr bool ill_formed_input(errc code) noexcept {
  return code == errc::invalid_utf8 || code == errc::invalid_utf16 || code == errc::invalid_code_point;
}

// "Domain to Unicode" cannot fail: what ToUnicode records is a validation
// error and the input is the result.  Only input that is not a string of
// scalar values (ill-formed UTF-8 or UTF-16, a UTF-32 value that is not a
// code point) stays an error: the status of a URL-family to_unicode.
status url_to_unicode_status(const std::vector<status>& errors) noexcept {
  for (const status& e : errors)
    if (ill_formed_input(e.code)) return e;
  return status{};
}

// The status a to_unicode call returns, given ToUnicode's first error.
status to_unicode_status(const status& first, const workspace& ws, const options& opt) noexcept {
  return url_input_unchanged(first, opt) ? url_to_unicode_status(ws.errors) : first;
}

constexpr bool skips_pipeline(route how) noexcept {
  return how == route::lowercase || how == route::url_ascii || how == route::url_failed;
}

// The first error of a route that skips the pipeline.
template <class CharT>
status fast_status(route how, const CharT* in, std::size_t n) noexcept {
  return how == route::url_failed ? detail::first_url_error(in, n) : status{};
}

status buffer_too_small(std::size_t needed) {
  status s;
  s.code = errc::buffer_too_small;
  s.needed = needed;
  return s;
}

// A result held in the workspace's scratch string, into the caller's buffer;
// `first` is the call's status when it fits.
template <class From>
status copy_to_buffer(const From& from, char* out, std::size_t capacity, std::size_t& written,
                      const status& first) {
  if (from.size() > capacity) return buffer_too_small(from.size());
  if (!from.empty()) std::memcpy(out, from.data(), from.size());
  written = from.size();
  return first;
}

template <class CharT>
result<std::string> to_ascii_string(std::basic_string_view<CharT> domain, const options& opt) {
  result<std::string> r;
  const std::size_t n = domain.size();
  char buf[stack_low];
  char* const low = stack_or_null(n, buf);
  const verdict v = detail::decide(domain.data(), n, opt, operation::to_ascii, low);
  if (skips_pipeline(v.how)) {
    r.status = fast_status(v.how, domain.data(), n);
    if (r.ok()) assign_lowercase(r.value, domain.data(), n, low);
    return r;
  }
  if constexpr (std::is_same_v<CharT, char>) {
    if (!v.ldh && n <= detail::idn_max_input) {
      char converted[detail::idn_output_room(detail::idn_max_input)];
      const std::size_t size = detail::idn_to_ascii(domain.data(), n, opt, converted);
      if (size != detail::idn_declined) {
        r.value.assign(converted, size);
        return r;
      }
    }
  }
  workspace& ws = detail::local_workspace();
  r.status = detail::run_to_ascii(ws, domain, opt, r.value, v.ldh ? low : nullptr, v.dots);
  if (!r.ok()) r.value.clear();
  detail::release_if_huge(ws);  // the next name may take the IDN route
  return r;
}

template <class CharT>
result<std::basic_string<CharT>> to_unicode_string(std::basic_string_view<CharT> domain,
                                                   const options& opt) {
  result<std::basic_string<CharT>> r;
  const std::size_t n = domain.size();
  char buf[stack_low];
  char* const low = stack_or_null(n, buf);
  const verdict v = detail::decide(domain.data(), n, opt, operation::to_unicode, low);
  if (v.how == route::lowercase) {
    assign_lowercase(r.value, domain.data(), n, low);
    return r;
  }
  if constexpr (std::is_same_v<CharT, char>) {
    if (v.ldh || (n > stack_low && n <= detail::ace_max_input)) {
      char utf8[4 * detail::ace_max_input];
      const std::size_t size = v.ldh ? detail::ace_to_unicode(low, n, v.dots, opt, utf8)
                                     : detail::ace_to_unicode_long(domain.data(), n, opt, utf8);
      if (size != detail::ace_declined) {
        r.value.assign(utf8, size);
        return r;
      }
    }
  }
  workspace& ws = detail::local_workspace();
  const status first = detail::run_to_unicode(ws, domain, opt, v.ldh ? low : nullptr, v.dots);
  if (url_input_unchanged(first, opt))
    detail::append_input_unchanged(domain, r.value);
  else
    detail::emit_unicode(ws, r.value);
  r.status = to_unicode_status(first, ws, opt);
  return r;
}

detailed detailed_string(std::string_view domain, const options& opt, operation op) {
  detailed d;
  const std::size_t n = domain.size();
  char buf[stack_low];
  char* const low = stack_or_null(n, buf);
  const verdict v = detail::decide(domain.data(), n, opt, op, low);
  if (skips_pipeline(v.how)) {
    assign_lowercase(d.best_effort, domain.data(), n, low);
    d.errors.first = fast_status(v.how, domain.data(), n);
    if (!d.errors.first.ok()) d.errors.all.push_back(d.errors.first);
  } else {
    workspace& ws = detail::local_workspace();
    const char* ldh = v.ldh ? low : nullptr;
    if (op == operation::to_ascii) {
      d.errors.first = detail::run_to_ascii(ws, domain, opt, d.best_effort, ldh, v.dots);
    } else {
      d.errors.first = detail::run_to_unicode(ws, domain, opt, ldh, v.dots);
      if (url_input_unchanged(d.errors.first, opt)) {
        // "Domain to Unicode": the input, with ToUnicode's errors as
        // validation errors, but for ill-formed input, which stays fatal.
        detail::append_input_unchanged(domain, d.best_effort);
        for (const status& e : ws.errors)
          (ill_formed_input(e.code) ? d.errors.all : d.validation_errors).push_back(e);
        d.errors.first = d.errors.all.empty() ? status{} : d.errors.all.front();
        if (d.errors.first.ok()) d.output = d.best_effort;
        return d;
      }
      detail::emit_unicode(ws, d.best_effort);
    }
    d.errors.all = ws.errors;
  }
  if (d.errors.first.ok()) d.output = d.best_effort;
  // The URL family's strict ToASCII, for its validation errors only (it
  // resets the workspace: everything above is taken from it already).
  if (op == operation::to_ascii) d.validation_errors = detail::url_validation_errors(domain, opt);
  return d;
}

inline std::uint64_t first_eight(const char* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}

// The IDN route for a caller buffer without the route's room: on the
// stack first, then copied.  idn_declined when declined; else the size,
// copied when it fits.  Out of line: the common call keeps a small frame.
PUNY_NOINLINE std::size_t idn_via_stack(std::string_view domain, char* out, std::size_t capacity,
                                        const options& opt) {
  char converted[detail::idn_output_room(detail::idn_max_input)];
  const std::size_t size = detail::idn_to_ascii(domain.data(), domain.size(), opt, converted);
  if (size != detail::idn_declined && size <= capacity) std::memcpy(out, converted, size);
  return size;
}

// The caller-buffer to_ascii through the pipeline.
status to_ascii_buffer_pipeline(std::string_view domain, char* out, std::size_t capacity,
                                std::size_t& written, const options& opt, const char* ldh_low,
                                std::uint64_t dots) {
  workspace& ws = detail::local_workspace();
  ws.out8.clear();
  const status first = detail::run_to_ascii(ws, domain, opt, ws.out8, ldh_low, dots);
  const status s = first.ok() ? copy_to_buffer(ws.out8, out, capacity, written, first) : first;
  detail::release_if_huge(ws);  // the next name may take the IDN route
  return s;
}

// The caller-buffer to_ascii of a name that is not only LDH-or-dot: the
// IDN route (into the caller's buffer when it has the route's room: the
// fast path's decision may have written it already), else the pipeline.
PUNY_NOINLINE status to_ascii_buffer_pipeline_only(std::string_view domain, char* out,
                                                   std::size_t capacity, std::size_t& written,
                                                   const options& opt) {
  const std::size_t n = domain.size();
  if (n <= detail::idn_max_input) {
    const std::size_t size = capacity >= detail::idn_output_room(n)
                                 ? detail::idn_to_ascii(domain.data(), n, opt, out)
                                 : idn_via_stack(domain, out, capacity, opt);
    if (size != detail::idn_declined) {
      if (size > capacity) return buffer_too_small(size);
      written = size;
      return {};
    }
  }
  return to_ascii_buffer_pipeline(domain, out, capacity, written, opt, nullptr, 0);
}

// The caller-buffer to_ascii when the first tier of the fast path did not
// settle it, or the input is longer than the buffer: the whole decision
// again (the first tier costs a few instructions next to the pipeline), then
// the pipeline.  Out of line, with to_ascii's own signature, so that the
// call from to_ascii is a tail call and its fast path needs no stack frame.
PUNY_NOINLINE status to_ascii_buffer_general(std::string_view domain, char* out,
                                             std::size_t capacity, std::size_t& written,
                                             const options& opt) {
  const std::size_t n = domain.size();
  char scratch[stack_low];
  char* const low = n <= capacity ? out : stack_or_null(n, scratch);
  const verdict v = detail::decide(domain.data(), n, opt, operation::to_ascii, low);
  if (skips_pipeline(v.how)) {
    const status s = fast_status(v.how, domain.data(), n);
    if (!s.ok()) return s;
    if (n > capacity) return buffer_too_small(n);
    written = n;
    return {};
  }
  if (!v.ldh) return to_ascii_buffer_pipeline_only(domain, out, capacity, written, opt);
  return to_ascii_buffer_pipeline(domain, out, capacity, written, opt, low, v.dots);
}

}  // namespace

result<std::string> to_ascii(std::string_view domain, const options& opt) {
  return to_ascii_string(domain, opt);
}
result<std::string> to_ascii(std::u16string_view domain, const options& opt) {
  return to_ascii_string(domain, opt);
}
result<std::string> to_ascii(std::u32string_view domain, const options& opt) {
  return to_ascii_string(domain, opt);
}

result<std::string> to_unicode(std::string_view domain, const options& opt) {
  return to_unicode_string(domain, opt);
}
result<std::u16string> to_unicode(std::u16string_view domain, const options& opt) {
  return to_unicode_string(domain, opt);
}
result<std::u32string> to_unicode(std::u32string_view domain, const options& opt) {
  return to_unicode_string(domain, opt);
}

detailed to_ascii_detailed(std::string_view domain, const options& opt) {
  return detailed_string(domain, opt, operation::to_ascii);
}
detailed to_unicode_detailed(std::string_view domain, const options& opt) {
  return detailed_string(domain, opt, operation::to_unicode);
}

namespace {

// An input the caller's buffer overlaps (detail::overlaps) is converted from
// a copy.  Out of line, so that the common call carries no string to
// destroy (1.4 instructions a name less on domains-mixed/to_ascii; the
// overlap test itself costs about 9, bench/HISTORY.md).
PUNY_NOINLINE status to_ascii_from_copy(std::string_view domain, char* out, std::size_t capacity,
                                        std::size_t& written, const options& opt) {
  const std::string copy(domain);
  return to_ascii(copy, out, capacity, written, opt);
}

PUNY_NOINLINE status to_unicode_from_copy(std::string_view domain, char* out, std::size_t capacity,
                                          std::size_t& written, const options& opt) {
  const std::string copy(domain);
  return to_unicode(copy, out, capacity, written, opt);
}

}  // namespace

status to_ascii(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                const options& opt) {
  written = 0;
  if (puny::detail::overlaps(domain, out, capacity))
    return to_ascii_from_copy(domain, out, capacity, written, opt);
  const std::size_t n = domain.size();
  // A non-ASCII byte among the first eight cannot take the fast path's
  // lowercase route: straight to the IDN route (then the pipeline), without
  // classifying the bytes first.
  if (n >= 8 && (first_eight(domain.data()) & 0x8080808080808080u) != 0)
    return to_ascii_buffer_pipeline_only(domain, out, capacity, written, opt);
  // The fast path's first tier writes straight into the caller's buffer.
  bool settled;
  if (n <= capacity) {
    const verdict v = detail::decide_quick(domain.data(), n, opt, operation::to_ascii, out, settled);
    if (settled && (v.how == route::lowercase || v.how == route::url_ascii)) {
      written = n;
      return {};
    }
    // Settled for the pipeline: a non-LDH byte (IDNs) or an LDH name that
    // fails a label rule (xn-- labels, which then map through
    // decode_and_map rather than map_ldh_ascii: equal results, and the
    // verdict need not cross the tail call).
    if (settled && v.how == route::pipeline)
      return to_ascii_buffer_pipeline_only(domain, out, capacity, written, opt);
  }
  return to_ascii_buffer_general(domain, out, capacity, written, opt);
}

status to_unicode(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                  const options& opt) {
  written = 0;
  if (puny::detail::overlaps(domain, out, capacity))
    return to_unicode_from_copy(domain, out, capacity, written, opt);
  const std::size_t n = domain.size();
  char low[stack_low];
  const verdict v =
      detail::decide(domain.data(), n, opt, operation::to_unicode, stack_or_null(n, low));
  if (v.how == route::lowercase) {
    if (n > capacity) return buffer_too_small(n);
    if (n <= stack_low) {
      if (n != 0) std::memcpy(out, low, n);
    } else {
      for (std::size_t i = 0; i < n; ++i) out[i] = detail::lower_ascii(static_cast<unsigned char>(domain[i]));
    }
    written = n;
    return {};
  }
  if (v.ldh || (n > stack_low && n <= detail::ace_max_input)) {
    // Straight into the caller's buffer when it has the route's 4n bytes:
    // then the pipeline's result fits too (LDH input: at most one code
    // point per input byte, 4 bytes each), so a route declined half-way
    // leaves nothing the pipeline does not overwrite.  Otherwise on the
    // stack first: the caller's buffer must not be written when the
    // result does not fit.
    char utf8[4 * detail::ace_max_input];
    char* const to = capacity >= 4 * n ? out : utf8;
    const std::size_t size = v.ldh ? detail::ace_to_unicode(low, n, v.dots, opt, to)
                                   : detail::ace_to_unicode_long(domain.data(), n, opt, to);
    if (size != detail::ace_declined) {
      if (to != out) {
        if (size > capacity) return buffer_too_small(size);
        std::memcpy(out, utf8, size);
      }
      written = size;
      return {};
    }
  }
  workspace& ws = detail::local_workspace();
  const status first = detail::run_to_unicode(ws, domain, opt, v.ldh ? low : nullptr, v.dots);
  if (url_input_unchanged(first, opt)) {
    std::string unchanged;
    detail::append_input_unchanged(domain, unchanged);
    return copy_to_buffer(unchanged, out, capacity, written, url_to_unicode_status(ws.errors));
  }
  // Straight into the caller's buffer: at once when it has room for the
  // worst case (4 bytes per code point), else once the exact size is known.
  if (capacity < detail::unicode_utf8_worst_size(ws)) {
    const std::size_t size = detail::unicode_utf8_size(ws);
    if (size > capacity) return buffer_too_small(size);
  }
  written = static_cast<std::size_t>(detail::write_unicode_utf8(ws, out) - out);
  return first;
}

}  // namespace puny::idna
